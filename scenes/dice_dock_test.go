package scenes

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestDiceResultDocked (issue 17 item 4): with the page's dock the dice tool's result panel — the
// rolled faces and the lines — goes to the page (toolState.result) and is not drawn on the canvas,
// whose bottom left is the table's bottom edge (the faces sat on red-storm-1); without the page
// the state has no result and the canvas keeps its panel. Red attack dice are red with white ink,
// white defence dice round.
func TestDiceResultDocked(t *testing.T) {
	s := diceScene(t)
	scr := Screen{W: 1440, H: 900, Scale: 1}
	tick(s, Input{Screen: scr, ScreenChanged: true})
	edMust(t, s, "dice", map[string]any{"action": "pool", "pool": map[string]int{"red-attack": 3, "white-defence": 2}})
	edMust(t, s, "dice", map[string]any{"action": "roll"})
	tool := diceToolOf(s)
	if st := tool.State(s).(diceState); st.Result != nil || docked(s) {
		t.Fatalf("without the page: result %+v, docked %v", st.Result, docked(s))
	}
	if _, err := s.Command("reserve", json.RawMessage(`{"top": 30, "bottom": 34, "dock": 72, "left": 600}`)); err != nil {
		t.Fatal(err)
	}
	tick(s, Input{Screen: scr})
	st := tool.State(s).(diceState)
	if !docked(s) || st.Result == nil {
		t.Fatalf("docked %v, result %+v", docked(s), st.Result)
	}
	r := st.Result
	if len(r.Faces) != 5 || len(r.Lines) == 0 || r.Lines[0] != tool.panelLines()[0] {
		t.Fatalf("result %+v", r)
	}
	for i, f := range r.Faces {
		die := st.Roll.Dice[i].Die
		switch {
		case die == "red-attack" && (f.Fill != "#c8322c" || f.Ink != "#ffffff" || f.Round):
			t.Errorf("face %d (%s): %+v", i, die, f)
		case die == "white-defence" && (f.Fill != "#f0f0f0" || !f.Round):
			t.Errorf("face %d (%s): %+v", i, die, f)
		case f.Label != symbolLabel(st.Roll.Dice[i]):
			t.Errorf("face %d label %q, want %q", i, f.Label, symbolLabel(st.Roll.Dice[i]))
		}
	}
	edMust(t, s, "dice", map[string]any{"action": "dispute"})
	if r := tool.State(s).(diceState).Result; len(r.Faces) != 6 || !r.Faces[5].Dispute || r.Faces[4].Dispute {
		t.Errorf("after a dispute: %+v", r.Faces)
	}
}

// TestDiceMixedPoolResult (D130): a pool of attack and defence dice has no numbers, so its
// result line counts the symbols the roll shows (hand-counted from the faces) and never reads
// "total 0"; a pool with a numbered die keeps its total.
func TestDiceMixedPoolResult(t *testing.T) {
	s := diceScene(t)
	edMust(t, s, "dice", map[string]any{"action": "pool", "pool": map[string]int{"red-attack": 3, "white-defence": 2}})
	st := diceStateOf(t, edMust(t, s, "dice", map[string]any{"action": "roll"}))
	if st.Roll == nil || st.Roll.Converted != nil || len(st.Roll.Dice) != 5 {
		t.Fatalf("roll %+v", st.Roll)
	}
	count := map[string]int{}
	var order []string
	for _, d := range st.Roll.Dice {
		if count[d.Symbol] == 0 {
			order = append(order, d.Symbol)
		}
		count[d.Symbol]++
	}
	var parts []string
	for _, sym := range order {
		parts = append(parts, fmt.Sprintf("%d × %s", count[sym], T("dice.sym."+sym)))
	}
	want := T("dice.rolled", strings.Join(parts, ", "))
	lines := diceToolOf(s).panelLines()
	if !slices.Contains(lines, want) {
		t.Errorf("lines %q, want %q", lines, want)
	}
	for _, l := range lines {
		if strings.HasPrefix(l, T("dice.total", 0)) {
			t.Errorf("a mixed pool reads %q", l)
		}
	}
	edMust(t, s, "dice", map[string]any{"action": "pool", "pool": map[string]int{"red-attack": 1, "swm-d20": 1}})
	st = diceStateOf(t, edMust(t, s, "dice", map[string]any{"action": "roll"}))
	if want := T("dice.total", st.Roll.Total); st.Roll.Total < 1 || !slices.Contains(diceToolOf(s).panelLines(), want) {
		t.Errorf("with a d20 (total %d): lines %q, want %q", st.Roll.Total, diceToolOf(s).panelLines(), want)
	}
}

// TestDiceLinesOrderAndWords: the result's lines put what a player reads first first — the roll's
// result, then the dispute, then the pool, then the odds (the later lines scroll where the dock
// is low) — and in German the symbols' odds name the symbols in German ("leer: ≥1 …", not
// "blank: ≥1 …", seen on the phone's sheet).
func TestDiceLinesOrderAndWords(t *testing.T) {
	defer SetLanguage(Language())
	SetLanguage("de")
	s := diceScene(t)
	edMust(t, s, "dice", map[string]any{"action": "pool", "pool": map[string]int{"red-attack": 3, "white-defence": 2}})
	edMust(t, s, "dice", map[string]any{"action": "roll"})
	edMust(t, s, "dice", map[string]any{"action": "dispute"})
	lines := diceToolOf(s).panelLines()
	at := func(prefix string) int {
		for i, l := range lines {
			if strings.HasPrefix(l, prefix) {
				return i
			}
		}
		return -1
	}
	rolled, dispute, pool := at("geworfen:"), at("Streitfrage:"), at("Pool:")
	if rolled != 0 || dispute != 1 || pool != 2 {
		t.Errorf("rolled at %d, dispute at %d, pool at %d in %q; want 0, 1, 2", rolled, dispute, pool, lines)
	}
	for _, sym := range []string{"blank", "block", "critical", "hit", "surge"} {
		if i := at(sym + ":"); i >= 0 {
			t.Errorf("line %d in German names %q: %q", i, sym, lines[i])
		}
	}
	if at(T("dice.sym.blank")+":") < 0 || at(T("dice.sym.block")+":") < 0 {
		t.Errorf("no odds of %q and %q in %q", T("dice.sym.blank"), T("dice.sym.block"), lines)
	}
}
