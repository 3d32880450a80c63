package table

import (
	"reflect"
	"strings"
	"testing"
)

// gameRaw is a full game object for baseDoc (unit a is red's, b blue's) that the fault cases
// break one field at a time: round 2 in the activation phase, red with priority and blue to act,
// an order pool, tokens and wounds, one defeated mini, a unit in the reserve and a claimed token.
const gameRaw = `{
 "round": 2, "rounds": 6, "phase": "activation", "priority": "red", "turn": "blue", "active": "b",
 "sides": {
  "blue": {"side": "blue", "faction": "rebels", "points": 796, "hand": ["Ambush", "Assault", "Standing Orders"],
           "discard": ["Push"], "card": {"name": "Push", "pips": 2, "orders": 2}, "commander": "b", "issued": true,
           "pool": ["corps", "heavy"], "victoryPoints": 1,
           "deck": {"objective": ["breakthrough", "key-positions"], "deployment": ["battle-lines"], "conditions": []}},
  "red": {"side": "red", "card": {"name": "Son of Skywalker", "pips": 1, "orders": 1, "units": ["Luke Skywalker"]},
          "pool": ["corps"], "victoryPoints": 0}
 },
 "units": [
  {"unit": "a", "colour": "red", "name": "Stormtroopers", "rank": "corps", "points": 60, "order": "faceDown",
   "tokens": {"suppression": 2, "aim": 1}, "wounds": {"a-2": 1},
   "defeated": [{"id": "a-3", "x": 9, "y": 5, "base": "small", "height": 1.65, "from": "DLT-19 Stormtrooper"}],
   "defeatedIn": {"a-3": 2}, "cardWounds": {"FX-9 Medical Droid": 1}},
  {"unit": "b", "colour": "blue", "name": "AT-RT", "rank": "support", "points": 55, "order": "faceUp"},
  {"unit": "r", "colour": "blue", "name": "Rebel Troopers", "rank": "corps", "points": 40, "orderTokens": 1}
 ],
 "reserve": [
  {"id": "r", "side": "blue", "type": "trooper", "speed": 2, "minis": [
   {"id": "r-1", "leader": true, "base": "small", "height": 1.65},
   {"id": "r-2", "base": "small", "height": 1.65, "from": "Z-6 Trooper"}
  ]}
 ],
 "claimed": {"obj": "a"},
 "contacts": [["b-1", "a-1"]]
}`

// withGame is baseDoc with gameRaw added, then the further edits.
func withGame(edits ...any) []any { return append([]any{"game", raw(gameRaw)}, edits...) }

func TestGameLoads(t *testing.T) {
	f := mustLoad(t, edit(t, withGame()...))
	g := f.Game
	if g == nil || g.Round != 2 || g.Rounds != 6 || g.Phase != PhaseActivation || g.Priority != Red || g.Turn != Blue || g.Active != "b" {
		t.Fatalf("game %+v", g)
	}
	if g.Blue.Card == nil || !reflect.DeepEqual(*g.Blue.Card, CommandCard{Name: "Push", Pips: 2, Orders: 2}) || g.Blue.VictoryPoints != 1 ||
		!reflect.DeepEqual(g.Blue.Pool, []Rank{RankCorps, RankHeavy}) || g.Blue.Commander != "b" {
		t.Fatalf("blue %+v", g.Blue)
	}
	a := g.Unit("a")
	if a == nil || a.Colour != Red || a.Rank != RankCorps || !a.FaceDown() || a.Tokens[TokenSuppression] != 2 || a.Tokens[TokenAim] != 1 ||
		a.Wounds["a-2"] != 1 || len(a.Defeated) != 1 || a.Defeated[0].From != "DLT-19 Stormtrooper" || a.OrderTokens != 1 {
		t.Fatalf("unit a %+v", a)
	}
	if len(g.Reserve) != 1 || len(g.Reserve[0].Minis) != 2 || g.Reserve[0].Minis[1].From != "Z-6 Trooper" || g.Reserve[0].Minis[0].Base != 1.063 {
		t.Fatalf("reserve %+v", g.Reserve)
	}
	if g.Claimed["obj"] != "a" || len(g.Contacts) != 1 || g.Contacts[0] != [2]string{"a-1", "b-1"} {
		t.Fatalf("claimed %v contacts %v", g.Claimed, g.Contacts)
	}
}

// TestGameRoundTrip: Save→Load gives the same File and Save of that the same text.
func TestGameRoundTrip(t *testing.T) {
	for _, c := range []struct {
		name  string
		edits []any
	}{
		{"full", withGame()},
		{"minimal", []any{"game", raw(`{"round": 1, "rounds": 6, "phase": "command", "sides": {"blue": {"side": "blue"}, "red": {"side": "red"}}}`)}},
		{"setting up", []any{"game", raw(`{"round": 1, "rounds": 6, "phase": "setup", "sides": {"blue": {"side": "blue"}, "red": {}}}`)}},
		{"with setup", withGame("setup", raw(`{"blue": "blue", "red": "red", "phase": "done"}`))},
		{"unknown fields kept", withGame("game.note", "keep", "game.reserve.0.minis.1.paint", "blue")},
		{"cards and keywords", withGame("units_on_table.0.keywords", raw(`{"cover": 1, "lowProfile": true, "sideNotches": false}`),
			"units_on_table.0.card", raw(`{"name": "Stormtroopers", "wounds": 1, "courage": 1, "defence": "red", "surge": {"attack": "hit", "defence": "none"},
			 "weapons": [{"name": "E-11", "min": 1, "max": 3, "dice": {"red": 1}}, {"name": "DLT-19", "from": "DLT-19 Stormtrooper", "min": 1, "max": 4, "dice": {"black": 1, "white": 1}, "keywords": {"critical": 1}},
			 {"name": "Saber", "melee": true, "dice": {"red": 6}, "keywords": {"pierce": 3}}]}`),
			"units_on_table.1.card", raw(`{"courage": "-", "resilience": 8, "woundsFrom": {"Pilot": 2}, "extra": [1]}`))},
	} {
		t.Run(c.name, func(t *testing.T) {
			roundTrip(t, mustLoad(t, edit(t, c.edits...)))
		})
	}
}

// An old file (no game, no cards, no keywords) loads and saves exactly as before.
func TestGameAbsentChangesNothing(t *testing.T) {
	f := mustLoad(t, []byte(baseDoc))
	if f.Game != nil || f.UnitsOnTable[0].Card != nil || !f.UnitsOnTable[0].Keywords.IsZero() {
		t.Fatal("a file without game state got some")
	}
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"game"`, `"card"`, `"keywords"`} {
		if strings.Contains(string(out), k) {
			t.Errorf("Save wrote %s the file did not have", k)
		}
	}
}

func TestGameCardValues(t *testing.T) {
	f := mustLoad(t, edit(t, "units_on_table.0.card", raw(`{"courage": 2, "defence": "white", "surge": {"attack": "critical"},
		"weapons": [{"name": "Mortar", "min": 2, "dice": {"white": 2}, "keywords": {"blast": true, "fixed": "front"}}]}`)))
	c := f.UnitsOnTable[0].Card
	w := c.Weapons[0]
	if !c.HasCourage || c.Courage != 2 || c.Defence != WhiteDefence || c.SurgeAttack != "critical" || c.SurgeDefence != "" ||
		!w.Ranged() || w.Max != 0 || !w.InRange(5) || w.InRange(1) || !w.Keywords.Blast || w.Keywords.Fixed != "front" {
		t.Fatalf("card %+v weapon %+v", c, w)
	}
}

var gameFaults = []faultCase{
	{name: "game type", edits: []any{"game", raw(`[]`)}, want: `game: must be an object, got array`},
	{name: "round missing", edits: withGame("game.round", del), want: `game.round: missing`},
	{name: "round zero", edits: withGame("game.round", 0), want: `game.round: must be at least 1, got 0`},
	{name: "round past", edits: withGame("game.round", 7), want: `game.round: round 7 is past the game's 6 rounds`},
	{name: "phase", edits: withGame("game.phase", "play"), want: `game.phase: unknown phase "play" (setup, command, activation, end or over)`},
	{name: "setup round", edits: withGame("game.phase", "setup"), want: `game.round: the game is being set up: round is 1, got 2`},
	{name: "side unnamed", edits: withGame("game.sides.red.side", del), want: `game.sides.red.side: missing (only a game being set up may leave a side unnamed)`},
	{name: "deck row", edits: withGame("game.sides.blue.deck.condition", raw(`[]`)), want: `game.sides.blue.deck.condition: unknown row (objective, deployment or conditions)`},
	{name: "priority", edits: withGame("game.priority", "green"), want: `game.priority: unknown colour "green" (blue or red)`},
	{name: "active", edits: withGame("game.active", "r"), want: `game.active: no unit "r" on the table`},
	{name: "primary", edits: withGame("game.primary", "centre"), want: `game.primary: unknown objective "centre" (left, middle or right)`},
	{name: "sides missing", edits: withGame("game.sides", del), want: `game.sides: missing`},
	{name: "side colour", edits: withGame("game.sides.green", raw(`{}`)), want: `game.sides.green: unknown colour (blue or red)`},
	{name: "same sides", edits: withGame("game.sides.red.side", "blue"), want: `game.sides.red.side: is the same side as blue ("blue")`},
	{name: "setup disagrees", edits: withGame("setup", raw(`{"blue": "red", "red": "blue", "phase": "done"}`)), want: `game.sides.blue.side: "blue" differs from setup.blue "red"`},
	{name: "pips", edits: withGame("game.sides.blue.card.pips", 5), want: `game.sides.blue.card.pips: a command card has 0 to 4 pips, got 5`},
	{name: "pips missing", edits: withGame("game.sides.blue.card.pips", del), want: `game.sides.blue.card.pips: missing`},
	{name: "card type", edits: withGame("game.sides.blue.card.unitType", "droid"), want: `game.sides.blue.card.unitType: unknown unit type "droid" (trooper, creature, emplacement, ground, repulsor)`},
	{name: "commander", edits: withGame("game.sides.blue.commander", "luke"), want: `game.sides.blue.commander: no unit "luke" on the table`},
	{name: "pool", edits: withGame("game.sides.red.pool.0", "grunt"), want: `game.sides.red.pool[0]: unknown rank "grunt" (commander, operative, corps, special, support or heavy)`},
	{name: "side field", edits: withGame("game.sides.red.score", 3), want: `game.sides.red.score: unknown field (known: side, faction, points, hand, discard, card, commander, issued, pool, victoryPoints, deck)`},
	{name: "vp", edits: withGame("game.sides.red.victoryPoints", -1), want: `game.sides.red.victoryPoints: must be at least 0, got -1`},
	{name: "unit twice", edits: withGame("game.units.1.unit", "a"), want: `game.units[1].unit: unit "a" has two game records (first at game.units[0])`},
	{name: "unit nowhere", edits: withGame("game.units.2.unit", "x"), want: `game.units[2].unit: no unit "x" on the table or in the reserve, and no defeated minis`},
	{name: "colour", edits: withGame("game.units.0.colour", "black"), want: `game.units[0].colour: unknown colour "black" (blue or red)`},
	{name: "rank", edits: withGame("game.units.0.rank", del), want: `game.units[0].rank: missing`},
	{name: "order", edits: withGame("game.units.0.order", "up"), want: `game.units[0].order: unknown order "up" (faceUp, faceDown, or "" for none)`},
	{name: "token", edits: withGame("game.units.0.tokens.fear", 1), want: `game.units[0].tokens.fear: unknown token (known: aim, dodge, standby, surge, suppression, panic, ion, immobilize, observation, shield, poison, damaged, disabled, weaponDamaged, commander, wheelMode)`},
	{name: "token count", edits: withGame("game.units.0.tokens.aim", -2), want: `game.units[0].tokens.aim: must be at least 0, got -2`},
	{name: "wound mini", edits: withGame("game.units.0.wounds.b-1", 1), want: `game.units[0].wounds.b-1: no mini "b-1" of unit "a" on the table`},
	{name: "defeated id", edits: withGame("game.units.0.defeated.0.id", "a-1"), want: `game.units[0].defeated[0].id: duplicate id "a-1" (first used by units_on_table[0].minis[0])`},
	{name: "defeated place", edits: withGame("game.units.0.defeated.0.x", del), want: `game.units[0].defeated[0].x: missing`},
	{name: "unit field", edits: withGame("game.units.0.hp", 3), want: `game.units[0].hp: unknown field (known: unit, colour, name, cardType, rank, points, orderTokens, order, tokens, wounds, defeated, defeatedIn, cardWounds)`},
	{name: "defeatedIn mini", edits: withGame("game.units.0.defeatedIn.a-1", 1), want: `game.units[0].defeatedIn.a-1: no defeated mini "a-1" of unit "a"`},
	{name: "defeatedIn round", edits: withGame("game.units.0.defeatedIn.a-3", 0), want: `game.units[0].defeatedIn.a-3: must be at least 1, got 0`},
	{name: "cardWounds", edits: withGame("game.units.0.cardWounds.FX-9", -1), want: `game.units[0].cardWounds.FX-9: must be at least 0, got -1`},
	{name: "reserve place", edits: withGame("game.reserve.0.minis.0.x", 3), want: `game.reserve[0].minis[0].x: a mini in the reserve has no place yet`},
	{name: "reserve id", edits: withGame("game.reserve.0.id", "wall"), want: `game.reserve[0].id: duplicate id "wall" (first used by terrain[0])`},
	{name: "reserve leaders", edits: withGame("game.reserve.0.minis.1.leader", true), want: `game.reserve[0]: 2 leaders (exactly one mini must have "leader": true)`},
	{name: "claimed token", edits: withGame("game.claimed.nope", "a"), want: `game.claimed.nope: no token "nope" on the table`},
	{name: "claimed unit", edits: withGame("game.claimed.obj", "r"), want: `game.claimed.obj: no unit "r" on the table`},
	{name: "contact pair", edits: withGame("game.contacts.0", raw(`["a-1"]`)), want: `game.contacts[0]: must be a pair of mini ids`},
	{name: "contact mini", edits: withGame("game.contacts.0.1", "r-1"), want: `game.contacts[0][1]: must be the id of a mini on the table, got "r-1"`},
	{name: "contact one unit", edits: withGame("game.contacts.0", raw(`["a-1", "a-2"]`)), want: `game.contacts[0]: "a-1" and "a-2" are minis of one unit`},
	{name: "contact twice", edits: withGame("game.contacts", raw(`[["a-1", "b-1"], ["b-1", "a-1"]]`)), want: `game.contacts[1]: the pair "a-1", "b-1" is given twice`},
	{name: "keywords type", edits: []any{"units_on_table.0.keywords", raw(`{"cover": "lots"}`)}, want: `units_on_table[0].keywords.cover: must be a number, got string`},
	{name: "keywords null", edits: []any{"units_on_table.0.keywords", raw(`{"blast": null}`)}, want: `units_on_table[0].keywords.blast: must be a boolean, got null`},
	{name: "keywords hover", edits: []any{"units_on_table.0.keywords", raw(`{"hover": "air"}`)}, want: `units_on_table[0].keywords.hover: must be "ground" or a number (Hover: Air X), got "air"`},
	{name: "courage", edits: []any{"units_on_table.0.card", raw(`{"courage": "none"}`)}, want: `units_on_table[0].card.courage: must be a number or "-" (no courage), got "none"`},
	{name: "wounds", edits: []any{"units_on_table.0.card", raw(`{"wounds": 0}`)}, want: `units_on_table[0].card.wounds: must be at least 1, got 0`},
	{name: "defence", edits: []any{"units_on_table.0.card", raw(`{"defence": "black"}`)}, want: `units_on_table[0].card.defence: must be "red" or "white", got "black"`},
	{name: "surge", edits: []any{"units_on_table.0.card", raw(`{"surge": {"defence": "hit"}}`)}, want: `units_on_table[0].card.surge.defence: must be "block" or "none", got "hit"`},
	{name: "weapon no range", edits: []any{"units_on_table.0.card", raw(`{"weapons": [{"name": "E-11", "dice": {"red": 1}}]}`)}, want: `units_on_table[0].card.weapons[0]: weapon "E-11" has neither "melee": true nor a range (min)`},
	{name: "weapon max", edits: []any{"units_on_table.0.card", raw(`{"weapons": [{"name": "E-11", "min": 2, "max": 1, "dice": {"red": 1}}]}`)}, want: `units_on_table[0].card.weapons[0].max: must be at least 2, got 1`},
	{name: "weapon dice", edits: []any{"units_on_table.0.card", raw(`{"weapons": [{"name": "E-11", "min": 1, "dice": {"green": 1}}]}`)}, want: `units_on_table[0].card.weapons[0].dice.green: unknown die colour (red, black or white)`},
	{name: "weapon no dice", edits: []any{"units_on_table.0.card", raw(`{"weapons": [{"name": "E-11", "min": 1, "dice": {}}]}`)}, want: `units_on_table[0].card.weapons[0].dice: weapon "E-11" has no dice`},
	{name: "weapon twice", edits: []any{"units_on_table.0.card", raw(`{"weapons": [{"name": "E-11", "min": 1, "dice": {"red": 1}}, {"name": "E-11", "melee": true, "dice": {"red": 1}}]}`)}, want: `units_on_table[0].card.weapons[1]: weapon "E-11" of "" is given twice (first at units_on_table[0].card.weapons[0])`},
	{name: "weapon fixed", edits: []any{"units_on_table.0.card", raw(`{"weapons": [{"name": "E-11", "min": 1, "dice": {"red": 1}, "keywords": {"fixed": "left"}}]}`)}, want: `units_on_table[0].card.weapons[0].keywords.fixed: must be "front" or "rear", got "left"`},
}

func TestGameFaults(t *testing.T) { runFaults(t, gameFaults) }

// A game fault comes after every other fault of the file, setup's included.
func TestGameFaultComesLast(t *testing.T) {
	_, err := Load(edit(t, withGame("game.phase", "x", "setup", raw(`{"phase": "y"}`))...))
	if err == nil || !strings.HasPrefix(err.Error(), "setup.phase:") {
		t.Errorf("got %v", err)
	}
}
