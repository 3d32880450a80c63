package scenes

import (
	"encoding/json"
	"math"
	"testing"

	"holotable/rules"
	"holotable/table"
)

// TestMeasureRuler: Shift+drag from a base to a base or a point is live while dragging and equals
// rules' distance; it stays until the next click or Escape; the "ruler" command sets it between
// ids and points, or arms a plain drag.
func TestMeasureRuler(t *testing.T) {
	s := measureScene(t)
	w := s.Doc().World()
	p := w.File.Profile
	// Shift+drag from a base to another: live, and equal to the judge's distance.
	x0, y0 := measureAt(t, s, "red-storm-1-1")
	x1, y1 := measureAt(t, s, "blue-fleet-1-1")
	tick(s, Input{X: x0, Y: y0, Left: true, LeftPressed: true, Shift: true})
	tick(s, Input{X: (x0 + x1) / 2, Y: (y0 + y1) / 2, Left: true, Shift: true})
	st := measureState(t, s)
	if st.Ruler == nil || !st.Ruler.Live || st.Ruler.From != "red-storm-1-1" || s.Selected() != "" {
		t.Fatalf("mid-drag ruler %+v, selected %q", st.Ruler, s.Selected())
	}
	tick(s, Input{X: x1, Y: y1, Left: true})
	tick(s, Input{X: x1, Y: y1, LeftReleased: true})
	d, _ := w.Distance("red-storm-1-1", "blue-fleet-1-1")
	st = measureState(t, s)
	if r := st.Ruler; r == nil || r.Live || r.To != "blue-fleet-1-1" || r.Distance != math.Round(d.Distance*1e4)/1e4 ||
		r.Band != rules.Band(d.Distance, p.RangeSegment, p.Epsilon) {
		t.Fatalf("ruler %+v, judge distance %v", st.Ruler, d.Distance)
	}
	// It stays until the next click.
	tick(s, Input{})
	if measureState(t, s).Ruler == nil {
		t.Fatal("the ruler went away by itself")
	}
	measureClick(s, 5, 5)
	if measureState(t, s).Ruler != nil {
		t.Fatal("a click left the ruler")
	}

	// From a point to a point: the straight distance between the table points, in table units.
	zoom := s.Camera().Zoom
	cx, cy := s.Camera().WorldToScreen(40, 18)
	tick(s, Input{X: cx, Y: cy, Left: true, LeftPressed: true, Shift: true})
	tick(s, Input{X: cx + 3*zoom, Y: cy - 4*zoom, Left: true, Shift: true})
	tick(s, Input{X: cx + 3*zoom, Y: cy - 4*zoom, LeftReleased: true})
	if r := measureState(t, s).Ruler; r == nil || math.Abs(r.Distance-5) > 1e-4 || r.Band != 1 {
		t.Errorf("point ruler %+v, want 5 (3-4-5)", r)
	}
	tick(s, Input{Escape: true})
	if measureState(t, s).Ruler != nil {
		t.Error("Escape left the ruler")
	}

	// The command: between ids and points; with no argument it arms a plain drag.
	out, err := s.Command("ruler", json.RawMessage(`{"from":"red-storm-1-1","to":[30,18]}`))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := w.Ruler(rules.RulerEnd{ID: "red-storm-1-1"}, rules.RulerEnd{X: 30, Y: 18})
	if r := out.(*MeasureRulerState); r.Distance != math.Round(want.Distance*1e4)/1e4 || r.Band != want.Band {
		t.Errorf("ruler command %+v, want %v band %d", r, want.Distance, want.Band)
	}
	if _, err := s.Command("ruler", json.RawMessage(`{"from":"nobody","to":[30,18]}`)); err == nil {
		t.Error("a ruler from an unknown mini gave no error")
	}
	if _, err := s.Command("ruler", json.RawMessage(`{"from":true,"to":[30,18]}`)); err == nil {
		t.Error("a ruler from true gave no error")
	}
	if _, err := s.Command("ruler", nil); err != nil || !measureState(t, s).Armed {
		t.Fatalf("arming: %v", err)
	}
	x, y := measureAt(t, s, "red-storm-2-1")
	tick(s, Input{X: x, Y: y, Left: true, LeftPressed: true})
	tick(s, Input{X: x + 3*zoom, Y: y, Left: true})
	tick(s, Input{X: x + 3*zoom, Y: y, LeftReleased: true})
	st = measureState(t, s)
	_, m := measureFind(s, "red-storm-2-1")
	if r := st.Ruler; st.Armed || r == nil || r.From != "red-storm-2-1" || math.Abs(r.Distance-(3-m.Base/2)) > 1e-4 || s.Selected() != "" {
		t.Errorf("armed drag: %+v (armed %v), selected %q; want 3 − r = %v", st.Ruler, st.Armed, s.Selected(), 3-m.Base/2)
	}
	if _, m2 := measureFind(s, "red-storm-2-1"); m2.X != m.X || s.Doc().Rev() != 0 {
		t.Error("the armed drag moved the mini")
	}
}

// TestRangeTextSpecOps: Legion reads a range band and the distance; Spezialeinsätze measures with a
// tape in inches and has no range bands (SO L70–75), in inches or centimetres as the page shows.
func TestRangeTextSpecOps(t *testing.T) {
	legion := &table.File{Ruleset: "legion", Units: "in"}
	specops := &table.File{Ruleset: "specops", Units: "in"}
	if got := rangeText(legion, 2, 7); got != `range 2 · 7.00"` {
		t.Errorf("legion: %q", got)
	}
	if got := rangeText(specops, 2, 7); got != `7.00" (tape measure)` {
		t.Errorf("specops: %q", got)
	}
	if got := rangeText(&table.File{Ruleset: "specops", Units: "mm"}, 1, 76.2); got != `3.00" (tape measure)` {
		t.Errorf("specops in mm: %q", got)
	}
}
