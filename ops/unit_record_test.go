package ops

import (
	"encoding/json"
	"slices"
	"testing"

	"holotable/internal/tabletest"
	"holotable/rules"
	"holotable/table"
)

// transportGame is tabletest.Transport in a game's activation phase with active the active unit
// and the move record moves (a JSON array), sq carried by t when carried.
func transportGame(t *testing.T, active, moves string, carried bool) []byte {
	t.Helper()
	data := withGame(t, []byte(tabletest.Transport), map[string]map[string]any{"t": {}, "sq": {}, "sq2": {}}, nil)
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if carried {
		units := doc["units_on_table"].([]any)
		sq := units[1].(map[string]any)
		for _, m := range sq["minis"].([]any) {
			for _, k := range []string{"x", "y", "z", "facing"} {
				delete(m.(map[string]any), k)
			}
		}
		units[0].(map[string]any)["carried"] = []any{sq}
		doc["units_on_table"] = []any{units[0], units[2]}
	}
	g := doc["game"].(map[string]any)
	g["active"] = active
	var ms any
	if err := json.Unmarshal([]byte(moves), &ms); err != nil {
		t.Fatal(err)
	}
	g["moves"] = ms
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func movesOf(f *table.File) []table.GameMove { return f.Game.Moves }

// TestActivationRecord (D111; RRG 2.0 Ein- und Aussteigen L5164–5169, L5192–5193):
//   - t made one standard move this round: sq (active) disembarks, the record gains
//     {sq, disembark, during sq}; sq may then move, but not embark again in this activation
//     ("cannot embark and disembark in the same activation");
//   - t made a standard and a reverse move: the disembark is {sq, disembarkWhole} and uses sq's
//     whole activation — its next move, pivot or embark is refused with the rule's citation;
//   - an embark in the active unit's activation is recorded, and its disembark then refused;
//   - a transport's standard move is recorded with the active unit; undone, it is gone.
func TestActivationRecord(t *testing.T) {
	west, east := 180.0, 0.0
	one := `[{"unit":"t","move":"standard","during":"t"}]`
	l := newTestLog(t, transportGame(t, "sq", one, true))
	l.ok(&UnitDisembark{Unit: "sq", X: 8.0905, Y: 10, Heading: &west, Fraction: 0.5})
	want := []table.GameMove{{Unit: "t", Move: table.MoveStandard, During: "t"}, {Unit: "sq", Move: table.MoveDisembark, During: "sq"}}
	if got := movesOf(l.File()); !slices.Equal(got, want) {
		t.Fatalf("record %+v, want %+v", got, want)
	}
	l.ok(&UnitMove{Unit: "sq", Speed: 1, Heading: west, Fraction: 0.25})
	l.no(&UnitEmbark{Unit: "sq", Vehicle: "t", Heading: &east, Fraction: 1}, "unit", "cannot embark in the same activation")

	two := `[{"unit":"t","move":"standard","during":"t"},{"unit":"t","move":"reverse","during":"t"}]`
	l = newTestLog(t, transportGame(t, "sq", two, true))
	l.ok(&UnitDisembark{Unit: "sq", X: 8.0905, Y: 10, Heading: &west, Fraction: 0.5})
	if got := movesOf(l.File()); len(got) != 3 || got[2] != (table.GameMove{Unit: "sq", Move: table.MoveDisembarkWhole, During: "sq"}) {
		t.Fatalf("record %+v", got)
	}
	_, err := l.Submit(Entry{ID: l.nextID(), Author: "me", Op: &UnitMove{Unit: "sq", Speed: 1, Heading: west, Fraction: 0.25}})
	if r, ok := err.(*Refusal); !ok || len(r.Reasons) == 0 || r.Reasons[0].Cite != rules.CiteDisembarkWhole {
		t.Errorf("a move after the whole-activation disembark: %v", err)
	}
	l.no(&UnitEmbark{Unit: "sq", Vehicle: "t", Heading: &east, Fraction: 1}, "unit", "used its whole activation")

	// Embark in sq's activation, then disembark: refused.
	l = newTestLog(t, transportGame(t, "sq", "[]", false))
	l.ok(&UnitEmbark{Unit: "sq", Vehicle: "t", Heading: &west, Fraction: 1})
	if got := movesOf(l.File()); !slices.Equal(got, []table.GameMove{{Unit: "sq", Move: table.MoveEmbark, During: "sq"}}) {
		t.Fatalf("record after embarking %+v", got)
	}
	l.no(&UnitDisembark{Unit: "sq", X: 8.0905, Y: 10, Heading: &west, Fraction: 1}, "unit", "cannot disembark in the same activation")

	// A transport's standard move is recorded; a trooper's is not; undone, it is gone.
	l = newTestLog(t, transportGame(t, "t", "[]", false))
	l.ok(&UnitManeuver{Unit: "t", Mode: rules.ModeStandard, Speed: 1, Fraction: ptr(0.5)})
	l.ok(&UnitMove{Unit: "sq2", Speed: 1, Heading: east, Fraction: 0.25})
	if got := movesOf(l.File()); !slices.Equal(got, []table.GameMove{{Unit: "t", Move: table.MoveStandard, During: "t"}}) {
		t.Fatalf("record after t's move %+v", got)
	}
	if _, err := l.Undo("me", l.nextID()); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Undo("me", l.nextID()); err != nil {
		t.Fatal(err)
	}
	if got := movesOf(l.File()); len(got) != 0 {
		t.Errorf("after undo %+v", got)
	}
}
