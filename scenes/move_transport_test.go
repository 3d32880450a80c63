package scenes

import (
	"math"
	"strings"
	"testing"

	"github.com/golang/geo/r2"
	"github.com/hajimehoshi/ebiten/v2"

	"holotable/internal/tabletest"
	"holotable/table"
)

// TestMoveEmbarkDisembark (RRG 2.0 Ein- und Aussteigen L5132–5181): tabletest.Transport with sq's
// leader at (15.5, 10): its speed-1 tool pointed west
// reaches t: the state offers it at the fraction the rules' ContactAt gives, (15.5 − 11.9095) /
// 4.013; at speed 2 nothing is offered. E embarks: one op, sq off the table, in t's carried list,
// the message names it. With t in the move tool the state lists sq as carried; moveDisembark
// towards (4, 10) places sq-1 touching t's west side at x 10 − 1.9095 = 8.0905 and moves it
// west as far as the point or the speed-1 move's 4.013: to x 4.0775 (the op DisembarkToward
// makes, checked by the rules); B disembarks towards the pointer; both one op each, undoable.
func TestMoveEmbarkDisembark(t *testing.T) {
	d := docOf(t, []byte(strings.Replace(tabletest.Transport, `"x":15.9225,"y":10`, `"x":15.5,"y":10`, 1)))
	s := moveScene(t, d)
	mustCommand(t, s, "moveSelect", "sq")
	mustCommand(t, s, "moveSpeed", 2)
	mustCommand(t, s, "moveSet", map[string]float64{"heading": 180, "bend": 0, "fraction": 1})
	if st := moveState(t, s); len(st.Embark) != 0 {
		t.Fatalf("speed 2 offers %+v", st.Embark)
	}
	mustCommand(t, s, "moveSpeed", 1)
	mustCommand(t, s, "moveSet", map[string]float64{"heading": 180, "bend": 0, "fraction": 1})
	st := moveState(t, s)
	if len(st.Embark) != 1 || st.Embark[0].Vehicle != "t" || !near4(st.Embark[0].At, 3.5905/4.013) {
		t.Fatalf("offers %+v, want t at %v", st.Embark, 3.5905/4.013)
	}
	rev := d.Rev()
	tick(s, Input{Keys: []ebiten.Key{ebiten.KeyE}})
	f := d.File()
	if d.Rev() != rev+1 || len(f.UnitsOnTable) != 2 || len(f.UnitsOnTable[0].Carried) != 1 {
		t.Fatalf("E: rev %d → %d, units %+v", rev, d.Rev(), f.UnitsOnTable)
	}
	if m := s.Snapshot().Message; m != "sq embarked on t" {
		t.Errorf("message %q", m)
	}
	mustCommand(t, s, "moveSelect", "t")
	if st := moveState(t, s); strings.Join(st.Carried, ",") != "sq" {
		t.Fatalf("carried %v", st.Carried)
	}
	op := DisembarkToward("sq", d.World().Units[0].Leader.Centre(), 1.378, 0.5315, 2.95, r2.Point{X: 4, Y: 10})
	if !near4(op.X, 8.0905) || op.Y != 10 || !near4(op.Fraction, 1) || *op.Heading != 180 {
		t.Errorf("DisembarkToward: %+v heading %v", op, *op.Heading)
	}
	mustCommand(t, s, "moveDisembark", map[string]any{"unit": "sq", "x": 4, "y": 10})
	f = d.File()
	if len(f.UnitsOnTable[0].Carried) != 0 || len(f.UnitsOnTable) != 3 {
		t.Fatalf("after disembark: %+v", f.UnitsOnTable)
	}
	if m := tableMini(t, f, "sq-1"); !near4(m.X, 4.0775) || !near4(m.Y, 10) {
		t.Errorf("sq-1 at (%v, %v), want (4.0775, 10)", m.X, m.Y)
	}
	if d.UndoLabel() != "sq disembarks" {
		t.Errorf("undo label %q", d.UndoLabel())
	}
	// Undone, sq is carried again; B towards the pointer at (4, 10) makes the same move.
	mustCommand(t, s, "undo", nil)
	if len(d.File().UnitsOnTable[0].Carried) != 1 {
		t.Fatal("undo left sq on the table")
	}
	x, y := s.Camera().WorldToScreen(4, 10)
	tick(s, Input{Keys: []ebiten.Key{ebiten.KeyB}, X: x, Y: y})
	if m := tableMini(t, d.File(), "sq-1"); !near4(m.X, 4.0775) || !near4(m.Y, 10) {
		t.Errorf("B: sq-1 at (%v, %v), want (4.0775, 10)", m.X, m.Y)
	}
	SetLanguage("de")
	de := T("move.embarkHint", "t")
	SetLanguage("en")
	if !strings.Contains(de, "steigt ein") {
		t.Errorf("German hint %q", de)
	}
}

func near4(a, b float64) bool { return math.Abs(a-b) <= 1e-4 }

// tableMini is mini id of f.
func tableMini(t *testing.T, f *table.File, id string) table.Mini {
	t.Helper()
	if ref, ok := f.Lookup(id); ok && ref.Mini != nil {
		return *ref.Mini
	}
	t.Fatalf("no mini %s", id)
	return table.Mini{}
}
