package scenes

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"holotable/army"
	"holotable/maps"
	"holotable/ops"
)

// Everything German in German (issue 17, item 3): the app in German, driven through every tool —
// measure with an attack explained, the move tool's modes on a notched unit, the dice tool with a
// roll, the game tool through an attack rolled and its steps, the setup — and every string it
// shows dumped: the heads-up lines, the message, and the texts of each tool's state (what the
// page's panels print: web/ui.js, web/game.js). A string holding an English function word is an
// English sentence left in the German interface.

// englishWords are words of English sentences that German does not use (the e2e tests' list,
// e2e/ui_e2e_test.go, with a few more that German never spells alone). Not "was": German's
// "what" ("nichts, was … Deckung gibt", the cover reason of an unobscured mini).
var englishWords = regexp.MustCompile(`(?i)\b(the|is|are|of|and|not|with|from|to|no|on|by|at|its?|this|that|cover|range|sees?|hidden|obscured|select(ed)?|drag|click|undo|redo|tool|units?|ruler|why|against|attacks?|leader|minis?|were|has|have|rolled|surge|hits?|crits?|blanks?|wounds?|suppression|ground|trooper|vehicle|creature|repulsor|emplacement|light|heavy|defence)\b`)

// notShown are state fields that are not words for the player: ids, rule codes, the English
// citations' notes (shown in German by name, rules.CiteName; "cites" are those names, in German
// and English on purpose, D77), the judge's English text of a reason (its "words" are shown),
// enum words the page words itself (a rolled die's symbol: dice.sym.*, web/game.js; a rank or a
// cover level where the state gives the enum: units[].rank, labels[].cover — where it gives the
// words, card.rank and attack.cover, the page shows them as given, and the browser tests'
// checkNoRawKeys finds them worded twice).
var notShown = map[string]bool{"id": true, "ids": true, "rule": true, "cite": true, "unit": true, "mini": true,
	"attacker": true, "defender": true, "kind": true, "op": true, "side": true, "colour": true, "type": true,
	"weapon": true, "weapons": true, "selected": true, "tool": true, "phase": true, "turn": true, "mode": true,
	"face": true, "faces": true, "die": true, "system": true, "surge": true, "token": true, "tokens": true,
	"preset": true, "armed": true, "shape": true, "blue": true, "red": true, "blueEdge": true, "first": true,
	"sides": true, "cards": true, "missions": true, "leader": true, "commander": true, "name": true, "keywords": true,
	"citeName": true, "cites": true, "symbol": true, "rank": true, "cover": true,
	"attackDice": true, "defenceDice": true, // die symbols, worded by the page (dice.sym.*)
	"dispute": true} // the dice tool words the dispute on the canvas (dice.holder, dice.other)

// germanDump collects what the scene shows, by where.
type germanDump map[string]bool

func (d germanDump) add(where, s string) {
	if s = strings.TrimSpace(s); s != "" {
		d[where+": "+s] = true
	}
}

// walk adds every string of a state value that is shown, skipping notShown keys and a reason's
// English "text" beside its "words".
func (d germanDump) walk(where string, v any) {
	switch x := v.(type) {
	case string:
		d.add(where, x)
	case []any:
		for _, e := range x {
			d.walk(where, e)
		}
	case map[string]any:
		_, worded := x["words"]
		for k, e := range x {
			if notShown[k] || (k == "text" && worded) || strings.HasSuffix(k, "ID") || strings.HasSuffix(k, "Id") {
				continue
			}
			d.walk(where+"."+k, e)
		}
	}
}

func (d germanDump) scene(where string, s *TableScene) {
	for _, l := range s.hudLines() {
		d.add(where+" hud", l)
	}
	snap := s.Snapshot()
	d.add(where+" message", snap.Message)
	raw, err := json.Marshal(snap.ToolState)
	if err != nil {
		panic(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		panic(err)
	}
	d.walk(where, v)
}

// english lists the dumped strings with an English word.
func (d germanDump) english() []string {
	var out []string
	for s := range d {
		body := s[strings.Index(s, ": ")+2:]
		if m := englishWords.FindString(citations.ReplaceAllString(stripIDs(body), "")); m != "" {
			out = append(out, "«"+m+"» "+s)
		}
	}
	sort.Strings(out)
	return out
}

// ids are the table's ids (red-storm-2, blue-rebel-1-3, DLT-19, rebel-troopers-1): names, not words.
var ids = regexp.MustCompile(`[A-Za-z0-9]+(-[A-Za-z0-9]+)+`)

// citations name each rule in German and English on purpose (D77): "[Deckung / Cover (RRG L…)]".
var citations = regexp.MustCompile(`\[[^\]]*\]`)

func stripIDs(s string) string { return ids.ReplaceAllString(s, "·") }

func TestGermanUI(t *testing.T) {
	if err := SetLanguage("de"); err != nil {
		t.Fatal(err)
	}
	defer SetLanguage("en")
	d := germanDump{}

	s := measureScene(t)
	edMust(t, s, "select", "red-storm-2")
	d.scene("measure", s)
	edMust(t, s, "explain", map[string]string{"attacker": "red-storm-2", "defender": "blue-fleet-1"})
	d.scene("measure explain", s)

	edMust(t, s, "tool", "move")
	edMust(t, s, "moveSelect", "red-speeder-1")
	d.scene("move", s)
	for _, m := range []string{"reverse", "strafeLeft", "strafeRight", "standard"} {
		if _, err := edCmd(t, s, "moveMode", m); err == nil {
			d.scene("move "+m, s)
		}
	}

	edMust(t, s, "tool", "dice")
	edMust(t, s, "dice", map[string]any{"action": "seed", "seed": 7})
	edMust(t, s, "dice", map[string]any{"action": "pool", "pool": map[string]int{"red-attack": 3, "white-defence": 2}})
	edMust(t, s, "dice", map[string]any{"action": "roll"})
	d.scene("dice", s)
	edMust(t, s, "dice", map[string]any{"action": "dispute"})
	d.scene("dice dispute", s)

	edMust(t, s, "tool", "setup")
	d.scene("setup", s)
	edMust(t, s, "setup", map[string]any{"action": "start"})
	d.scene("setup terrain", s)

	g := gameScene(t)
	for _, l := range []struct{ colour, list string }{{"blue", "rebel-800"}, {"red", "imperial-800"}} {
		data, _ := army.Example(l.list)
		edMust(t, g, "game", map[string]any{"action": "import", "colour": l.colour, "list": string(data)})
	}
	cards, _ := os.ReadFile("../ops/testdata/game-cards.json")
	st := gameCmd(t, g, map[string]any{"action": "cards", "cards": string(cards)})
	d.scene("game reserve", g)
	deployReserve(t, g, st)
	edMust(t, g, "setup", map[string]any{"action": "next"})
	gameCmd(t, g, map[string]any{"action": "start"})
	d.scene("game command", g)
	gameCmd(t, g, map[string]any{"action": "card", "colour": "blue", "name": "Ambush"})
	gameCmd(t, g, map[string]any{"action": "card", "colour": "red", "name": "Push"})
	gameCmd(t, g, map[string]any{"action": "orders", "colour": "blue", "commander": "leia-organa-1", "units": []string{"rebel-troopers-1"}})
	gameCmd(t, g, map[string]any{"action": "orders", "colour": "red", "commander": "darth-vader-1", "units": []string{"stormtroopers-1", "imperial-officer-1"}})
	d.scene("game activation", g)
	gameCmd(t, g, map[string]any{"action": "activate", "unit": "rebel-troopers-1"})
	d.scene("game activated", g)
	if err := g.Doc().Submit(&ops.UnitMove{Unit: "rebel-troopers-1", Speed: 2, Heading: 90, Fraction: 1}); err != nil {
		t.Fatal(err)
	}
	gameCmd(t, g, map[string]any{"action": "endActivation"})
	gameCmd(t, g, map[string]any{"action": "activate", "unit": "stormtroopers-1"})
	if err := g.Doc().Submit(&ops.UnitMove{Unit: "stormtroopers-1", Speed: 2, Heading: 270, Fraction: 1}); err != nil {
		t.Fatal(err)
	}
	st = gameCmd(t, g, map[string]any{"action": "attack", "attacker": "stormtroopers-1", "defender": "rebel-troopers-1"})
	weapons := st.Attack.Weapons
	for _, o := range st.Attack.Options {
		if o.Weapon == "DLT-19" && o.Joins {
			weapons[o.Mini] = o.Weapon
		}
	}
	gameCmd(t, g, map[string]any{"action": "attack", "attacker": "stormtroopers-1", "defender": "rebel-troopers-1", "weapons": weapons})
	d.scene("game attack", g)
	gameCmd(t, g, map[string]any{"action": "roll", "attack": map[string]int{"hit": 4, "critical": 1, "surge": 1, "blank": 1},
		"defence": map[string]int{"block": 1, "surge": 1, "blank": 3}})
	d.scene("game rolled", g)
	gameCmd(t, g, map[string]any{"action": "apply"})
	g.Select("rebel-troopers-1-1")
	d.scene("game card", g)

	if bad := d.english(); len(bad) > 0 {
		t.Errorf("%d English strings in the German interface:\n  %s", len(bad), strings.Join(bad, "\n  "))
	}
}

// TestDieName: a built-in die reads in the current language; a table's own die — also one that
// replaces a built-in die under its id with a name of its own — as its name is written.
func TestDieName(t *testing.T) {
	if err := SetLanguage("de"); err != nil {
		t.Fatal(err)
	}
	defer SetLanguage("en")
	for _, c := range []struct {
		d    maps.Die
		want string
	}{
		{maps.Die{ID: "red-attack", Name: "red attack die"}, "roter Angriffswürfel"},
		{maps.Die{ID: "red-attack", Name: "our red die"}, "our red die"},
		{maps.Die{ID: "mine", Name: "mein Würfel"}, "mein Würfel"},
	} {
		if got := dieName(c.d); got != c.want {
			t.Errorf("dieName(%+v) = %q, want %q", c.d, got, c.want)
		}
	}
}
