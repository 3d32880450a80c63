package rules

// Rulebook references of the setup answers (rules/setup.go, rules/specops.go). RRG 2.0 = seed 000,
// SO = seed 003 (Spezialeinsätze), by line.
const (
	CiteSetupSteps     = "RRG 2.0 Spielaufbau L811–876 (terrain steps 2–3, colours and blue's edge step 4, battle cards steps 5–6, objective and condition setup step 7, deployment step 8)"
	CiteTerrainTurns   = "RRG 2.0 Kompetitive Geländeplatzierung L1711–1713 (starting with the player with the lower army cost, the players alternately place 1 piece)"
	CiteDeployTurns    = "RRG 2.0 Spielaufbau step 8 L864–870, Aufstellung L2794–2803 (blue first, alternately 1 unit each; a player with more units deploys the rest one after another)"
	CiteDeployCohesion = "RRG 2.0 Aufstellung L2826–2827 (every mini is placed in cohesion with its unit leader)"
	CiteDeployContact  = "RRG 2.0 Aufstellung L2829–2831 (during setup no unit is placed or moved into base contact with enemy minis)"
	CiteElongated      = "RRG 2.0 Aufstellung L2819–2824 (an elongated base may overhang its zone while it touches the battlefield edge inside that zone and at least half of the base is inside the zone)"
	CiteInfiltrate     = "RRG 2.0 Infiltrieren L7133–7147 (deploy anywhere beyond range 3 of all enemy units, anywhere if there is none, or normally in a friendly zone)"
	CiteScout          = "RRG 2.0 Auskundschaften X L2965–2996 (after it is deployed, a standard move at speed up to X, full or partial, regardless of max speed; X never more than 3; difficult terrain ignored)"
	CiteConditionToken = "RRG 2.0 Bedingungsmarker L3349–3350, L3360–3361 (condition tokens overlap no objective or Bane token and are not placed under terrain)"
	CiteSides          = "RRG 2.0 Spielaufbau step 4 L834–841 (the player with the lower army cost chooses red or blue; blue picks a long edge)"
	CiteSpecOpsNoCards = "SO L58–62 (no battle cards: after the colours the players agree on a mission or pick one at random)"
	CiteSpecOpsMarkers = "SO L224–226, L276–277, L334–335, L385–386 (the markers go „wie links angegeben“, as the mission map shows; the maps are pictures, not in the seeds)"
	CiteSpecOpsColours = "SO L49–56 (each player rolls 3 red attack dice: most crits is red; ties by surges, then hits, then reroll)"
)
