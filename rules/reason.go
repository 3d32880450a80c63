package rules

import "strings"

// Reason is one step of an answer's justification: a machine-readable rule code, the rulebook
// reference it rests on, a plain-English sentence, and the ids of the things involved. Args, when
// set, are the values the sentence was formatted with, in order, so that a user interface can word
// it in another language under the rule code (they are not part of the JSON form; the game's
// reasons have their English and German templates in GameWords).
type Reason struct {
	Rule Code     `json:"rule"`
	Cite string   `json:"cite"`
	Text string   `json:"text"`
	IDs  []string `json:"ids,omitempty"`
	Args []any    `json:"-"`
}

// Code is a reason's rule code, a dotted word naming the rule it applies ("cover.unit",
// "move.speed", "setup.phase"). The codes are a closed set: TestGermanReasonCodes finds every one
// in the package's sources and requires its German (reason_de.go); the game's are GameWords' keys.
// In JSON a code is its string.
type Code string

// String is the code's word.
func (c Code) String() string { return string(c) }

// Rulebook references (German rules reference 2.0, seed 000, by line), one per rule this package
// applies. Each names the glossary entry or chapter and its lines.
const (
	CiteRange         = "RRG 2.0 Reichweite L9084–9113 (ruler segments; nearest point of the base)"
	CiteRangeBoundary = "RRG 2.0 Reichweite L9101–9105 (a base touching a line is in the lower range)"
	CiteRangeAttack   = "RRG 2.0 Angriff L2436–2441, Reichweite L9145–9147 (attack range from the unit leader to the nearest defending mini)"
	CiteRangeEffect   = "RRG 2.0 Reichweite L9140–9143 (other effects: nearest mini to nearest mini)"
	CiteWithin        = "RRG 2.0 Innerhalb L7210–7227 (the entire base lies within the range)"
	CiteBeyond        = "RRG 2.0 Jenseits L7282–7292 (no part of the base within the range)"
	CiteHeight        = "RRG 2.0 Höhe L6955–6980 (height 1 = one ruler segment)"
	CiteLOS           = "RRG 2.0 Sichtlinie L10162–10196 (from the highest point above the base centre; any part of the mini or its base)"
	CiteLOSTroopers   = "RRG 2.0 Sichtlinie L10162–10196, Truppler L10992–10993 (troopers never block line of sight)"
	CiteLOSVehicles   = "RRG 2.0 Fahrzeuge L5829–5836 (vehicles block line of sight)"
	CiteLOSArea       = "RRG 2.0 Fläche L1555–1573; spec scenario-v1 (area terrain and depressions never block line of sight)"
	CiteObscured      = "RRG 2.0 Deckung L4509–4527, L4620–4652 (obscured: part blocked by a piece, and the centre line crosses that piece)"
	CiteTouching      = "RRG 2.0 Deckung L4522–4524, L4633–4652 (a piece the attacking leader's base touches cannot obscure unless LOS is completely blocked)"
	CiteUnitsTerrain  = "RRG 2.0 Weitere Geländeregeln L1600–1608, Deckung L4613–4619 (ground vehicles, creature and emplacement troopers count as terrain; repulsors do not)"
	CiteDepression    = "RRG 2.0 Gruben und Gräben L1610–1631 (a trooper wholly inside a crater or trench has cover; a depression on the line is ignored)"
	CiteUnitCover     = "RRG 2.0 Deckung L4653–4692 (at least half obscured: the unit has cover; heavy unless more are behind light)"
	CiteCoverClass    = "RRG 2.0 Gelände festlegen L1461–1474, Barrikaden L3201–3234 (cover declared per defender class)"
	CiteWorkedExample = "RRG 2.0 Deckung L4592–4612 (worked example: 3 of 5 obscured, 2 light and 1 heavy → light)"
	CiteHidden        = "RRG 2.0 Sichtlinie L10162–10196, Deckung L4592–4612 (a mini no attacking mini can see cannot be wounded)"
	CiteSuppressed    = "RRG 2.0 Niederhalten L8413–8415 (a suppressed trooper unit improves its cover by 1)"
	CiteCoverX        = "RRG 2.0 Deckung X L4528–4536; Scharfschütze X L9701–9718 (improvements add up first, capped at heavy)"
	CiteSharpshooter  = "RRG 2.0 Scharfschütze X L9701–9718 (reduce cover by X after improvements)"
	CiteBlast         = "RRG 2.0 Explosion L5704–5717 (the attack ignores cover)"
	CiteSmoke         = "RRG 2.0 Rauchmarker L9032–9059 (a trooper unit whose leader is at range 1 of a smoke token improves its cover by 1, as does the defender of a trooper unit attacking with its leader at range 1 of one; cumulative; not vehicles)"
	CiteLowProfile    = "RRG 2.0 Unauffällig L11063–11082 (light cover improves by 1; improvements add up before reductions: a suppressed Low Profile unit attacked with Sharpshooter 1 has light cover)"
	CiteMove          = "RRG 2.0 Bewegung L3886–3948, Standardbewegung L10440–10458 (the tool against the leader's base; the base follows the tool)"
	CiteMoveObstacle  = "RRG 2.0 Bewegung L3949–4008 (an obstructed leader stops early; the end may not overlap bases or tokens)"
	CiteMovePass      = "RRG 2.0 Bewegung L4010–4205 (who may move through whom: troopers and repulsors may be passed; only repulsors pass creatures, emplacements and ground vehicles)"
	CiteImpassable    = "RRG 2.0 Unpassierbares Gelände L1525–1545, L11199–11220"
	CiteDifficult     = "RRG 2.0 Schwieriges Gelände L1486–1500, L10049–10107 (max speed −1, min 1; touching only does not count)"
	CiteEdge          = "RRG 2.0 Bewegung L3975–3979, Verlassen des Schlachtfeldes L11421–11453 (a base may not leave the battlefield)"
	CiteSpecOpsOpen   = "Spezialeinsätze (seed 003): terrain is open or impassable; no difficult terrain"
	CiteCohesion      = "RRG 2.0 Formation L6194–6344 (within the speed-1 tool of the leader, where the leader could reach with a speed-1 move)"
	CiteCohesionVert  = "RRG 2.0 Vertikale Bewegung L1740–1742, Vertikale Formation L1747–1760 (within height 1 of the leader)"
	CiteContact       = "RRG 2.0 Basiskontakt L3268–3306 (bases touch; a height step less than a base's thickness still counts)"
)

// joinIDs lists ids for a sentence.
func joinIDs(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}
