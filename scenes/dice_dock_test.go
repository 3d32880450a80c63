package scenes

import (
	"encoding/json"
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
