package scenes

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

func unitOf(t *testing.T, s *TableScene, id string) table.Unit {
	t.Helper()
	f := s.Doc().File()
	i := unitIndex(f, id)
	if i < 0 {
		t.Fatalf("no unit %q", id)
	}
	return f.UnitsOnTable[i]
}

func unitsStateOf(t *testing.T, s *TableScene) unitsState {
	t.Helper()
	st, ok := s.Snapshot().ToolState.(unitsState)
	if !ok {
		t.Fatalf("toolState is %T", s.Snapshot().ToolState)
	}
	return st
}

// TestUnitAdd: unitAdd places a preset's minis about a point in a cluster the rules call legal
// (on the table, nothing overlapping, in cohesion), with ids <side>-<preset>-<k>; one undoable edit.
func TestUnitAdd(t *testing.T) {
	s := editorScene(t, emptyDoc(t, "in"), "units")
	out := edMust(t, s, "unitAdd", map[string]any{"preset": "trooper", "side": "red", "x": 20, "y": 10, "n": 6})
	var res struct {
		ID    string
		Minis []string
	}
	json.Unmarshal(out, &res)
	if res.ID != "red-trooper-1" || len(res.Minis) != 6 || res.Minis[0] != "red-trooper-1-1" {
		t.Fatalf("unitAdd result %s", out)
	}
	u := unitOf(t, s, "red-trooper-1")
	ld := u.Leader()
	if u.Type != table.Trooper || u.Side != "red" || u.Speed != 2 || ld == nil || ld.ID != "red-trooper-1-1" || ld.X != 20 || ld.Y != 10 ||
		ld.BaseName != "small" || ld.Base != 1.063 || ld.Height != 1.65 || ld.Facing != 90 {
		t.Errorf("unit %+v leader %+v", u, ld)
	}
	w := s.Doc().World()
	if coh, _ := w.Cohesion(u.ID); !coh.OK {
		t.Errorf("new unit out of cohesion: %v", coh.Out)
	}
	for i, m := range u.Minis {
		for _, o := range u.Minis[i+1:] {
			if d, _ := w.Distance(m.ID, o.ID); d.Distance <= 0 {
				t.Errorf("%s and %s touch", m.ID, o.ID)
			}
		}
	}
	if s.Doc().UndoLabel() != "add red-trooper-1" || s.Selected() != "red-trooper-1-1" {
		t.Errorf("undo label %q, selected %q", s.Doc().UndoLabel(), s.Selected())
	}
	// A second trooper unit at the same point goes beside the first, a blue vehicle faces 270.
	edMust(t, s, "unitAdd", map[string]any{"preset": "trooper", "side": "red", "x": 20, "y": 10})
	edMust(t, s, "unitAdd", map[string]any{"preset": "walker-huge", "side": "blue", "x": 50, "y": 30})
	w = s.Doc().World()
	u2 := unitOf(t, s, "red-trooper-2")
	if len(u2.Minis) != 4 {
		t.Errorf("default trooper unit has %d minis", len(u2.Minis))
	}
	for _, m := range u2.Minis {
		for _, o := range u.Minis {
			if d, _ := w.Distance(m.ID, o.ID); d.Distance <= 0 {
				t.Errorf("%s touches %s", m.ID, o.ID)
			}
		}
	}
	at := unitOf(t, s, "blue-walker-huge-1")
	if at.Type != table.Ground || at.CoverGiven != table.CoverLight || at.Minis[0].BaseName != "huge" || at.Minis[0].Facing != 270 || at.Minis[0].Height != 6 {
		t.Errorf("walker %+v", at)
	}
	for _, bad := range []map[string]any{
		{"preset": "trooper", "n": 3},
		{"preset": "trooper", "n": 9},
		{"preset": "dragon"},
		{"preset": "trooper", "side": "green"},
	} {
		if _, err := edCmd(t, s, "unitAdd", bad); err == nil {
			t.Errorf("unitAdd %v accepted", bad)
		}
	}
	for _, id := range []string{"blue-walker-huge-1", "red-trooper-2", "red-trooper-1"} {
		if label, _, _ := s.Doc().Undo(); label != "add "+id {
			t.Errorf("undo %q, want add %s", label, id)
		}
	}
	if n := len(s.Doc().File().UnitsOnTable); n != 0 {
		t.Errorf("%d units after undoing the adds", n)
	}

	// Millimetres: heights scale, the base is the profile's.
	m := editorScene(t, emptyDoc(t, "mm"), "units")
	edMust(t, m, "unitAdd", map[string]any{"preset": "repulsor", "x": 500, "y": 400})
	r := unitOf(t, m, "red-repulsor-1").Minis[0]
	if math.Abs(r.Height-2.5*25.4) > 1e-9 || math.Abs(r.Hover-0.2*25.4) > 1e-9 || math.Abs(r.Base-2.756*25.4) > 1e-9 {
		t.Errorf("mm repulsor %+v", r)
	}
}

// TestUnitClickToPlaceAndDrag: arm a preset and click to place; drag the leader to move the whole
// unit (one edit, preview first), drag another mini to move only it, drag off the table to be
// refused with the loader's message.
func TestUnitClickToPlaceAndDrag(t *testing.T) {
	s := editorScene(t, emptyDoc(t, "in"), "units")
	edMust(t, s, "unitArm", map[string]any{"preset": "trooper", "side": "blue", "n": 5})
	x, y := screenOf(s, 30, 20)
	edClick(s, x, y)
	u := unitOf(t, s, "blue-trooper-1")
	if len(u.Minis) != 5 || math.Abs(u.Minis[0].X-30) > 0.01 || math.Abs(u.Minis[0].Y-20) > 0.01 {
		t.Fatalf("placed %+v", u.Minis[0])
	}
	if st := unitsStateOf(t, s); st.Unit == nil || st.Unit.ID != "blue-trooper-1" || st.Side != "blue" || st.N != 5 ||
		st.Cohesion == nil || !st.Cohesion.OK {
		t.Errorf("state %+v", st)
	}
	tick(s, Input{Escape: true}) // disarm
	before := u

	// The leader drags the unit.
	ld := u.Minis[0]
	x0, y0 := screenOf(s, ld.X, ld.Y)
	x1, y1 := screenOf(s, ld.X+5, ld.Y-3)
	rev := s.Doc().Rev()
	edDrag(s, x0, y0, x1, y1, false, func() {
		if s.Doc().Rev() != rev || s.File() == s.Doc().File() {
			t.Errorf("no preview, or the document changed during the drag")
		}
		if st := unitsStateOf(t, s); st.Dragging != "unit" {
			t.Errorf("dragging %q", st.Dragging)
		}
	})
	u = unitOf(t, s, "blue-trooper-1")
	dx, dy := u.Minis[0].X-before.Minis[0].X, u.Minis[0].Y-before.Minis[0].Y
	if math.Abs(dx-5) > 0.1 || math.Abs(dy+3) > 0.1 || s.Doc().Rev() != rev+1 || s.Doc().UndoLabel() != "move blue-trooper-1" {
		t.Errorf("unit moved by (%v, %v), undo %q", dx, dy, s.Doc().UndoLabel())
	}
	for i := range u.Minis {
		if math.Abs(u.Minis[i].X-before.Minis[i].X-dx) > 1e-9 || math.Abs(u.Minis[i].Y-before.Minis[i].Y-dy) > 1e-9 {
			t.Errorf("mini %d moved differently", i)
		}
	}
	// Another mini drags alone.
	m := u.Minis[2]
	x0, y0 = screenOf(s, m.X, m.Y)
	x1, y1 = screenOf(s, m.X+1, m.Y+1)
	edDrag(s, x0, y0, x1, y1, false, nil)
	u2 := unitOf(t, s, "blue-trooper-1")
	if math.Abs(u2.Minis[2].X-m.X-1) > 0.1 || u2.Minis[0] != u.Minis[0] || u2.Minis[1] != u.Minis[1] || s.Doc().UndoLabel() != "move "+m.ID {
		t.Errorf("single mini drag: %+v (undo %q)", u2.Minis, s.Doc().UndoLabel())
	}
	// Off the table: refused, nothing changes.
	rev, data := s.Doc().Rev(), string(s.Doc().JSON())
	ld = u2.Minis[0]
	x0, y0 = screenOf(s, ld.X, ld.Y)
	x1, y1 = screenOf(s, -3, ld.Y)
	edDrag(s, x0, y0, x1, y1, false, nil)
	if s.Doc().Rev() != rev || string(s.Doc().JSON()) != data {
		t.Errorf("a unit dragged off the table was accepted")
	}
	if msg := s.Snapshot().Message; !strings.Contains(msg, "base leaves the table") || !strings.Contains(msg, "minis[0]: base leaves the table") {
		t.Errorf("message %q", msg)
	}
	// Undo both moves.
	s.Doc().Undo()
	s.Doc().Undo()
	if u3 := unitOf(t, s, "blue-trooper-1"); u3.Minis[0] != before.Minis[0] || u3.Minis[2] != before.Minis[2] {
		t.Errorf("after undo %+v", u3.Minis)
	}
}

// TestUnitSetDelete: unitSet changes the side, speed, cover given and every mini's height in one
// edit, refuses what the loader refuses; unitDelete and the Delete key remove the unit.
func TestUnitSetDelete(t *testing.T) {
	s := editorScene(t, emptyDoc(t, "in"), "units")
	edMust(t, s, "unitAdd", map[string]any{"preset": "tank-large", "x": 20, "y": 20})
	edMust(t, s, "unitAdd", map[string]any{"preset": "trooper", "x": 50, "y": 20, "n": 4})
	edMust(t, s, "unitSet", map[string]any{"id": "red-trooper-1", "side": "blue", "speed": 3, "height": 2})
	u := unitOf(t, s, "red-trooper-1")
	if u.Side != "blue" || u.Speed != 3 {
		t.Errorf("unitSet: %+v", u)
	}
	for _, m := range u.Minis {
		if m.Height != 2 {
			t.Errorf("%s height %v", m.ID, m.Height)
		}
	}
	if s.Doc().UndoLabel() != "change red-trooper-1" {
		t.Errorf("undo label %q", s.Doc().UndoLabel())
	}
	// A mini id names its unit.
	edMust(t, s, "unitSet", map[string]any{"id": "red-tank-large-1-1", "coverGiven": "light"})
	if c := unitOf(t, s, "red-tank-large-1").CoverGiven; c != table.CoverLight {
		t.Errorf("coverGiven %q", c)
	}
	rev := s.Doc().Rev()
	for _, bad := range []map[string]any{
		{"id": "red-trooper-1", "speed": 4},
		{"id": "red-trooper-1", "height": -1},
		{"id": "red-tank-large-1", "coverGiven": "thick"},
		{"id": "nope", "speed": 1},
	} {
		if _, err := edCmd(t, s, "unitSet", bad); err == nil {
			t.Errorf("unitSet %v accepted", bad)
		}
	}
	if _, err := edCmd(t, s, "unitSet", map[string]any{"id": "red-trooper-1", "speed": 4}); err == nil ||
		!strings.Contains(err.Error(), "unit.speed: must be 1, 2 or 3") {
		t.Errorf("speed 4: %v", err)
	}
	if s.Doc().Rev() != rev {
		t.Errorf("refused edits changed the document")
	}
	edMust(t, s, "unitDelete", map[string]any{"id": "red-tank-large-1"})
	if unitIndex(s.Doc().File(), "red-tank-large-1") >= 0 || s.Doc().UndoLabel() != "delete red-tank-large-1" {
		t.Errorf("unitDelete")
	}
	s.Select("red-trooper-1-2")
	tick(s, Input{Delete: true})
	if n := len(s.Doc().File().UnitsOnTable); n != 0 {
		t.Errorf("Delete key: %d units left", n)
	}
	s.Doc().Undo()
	s.Doc().Undo()
	if n := len(s.Doc().File().UnitsOnTable); n != 2 {
		t.Errorf("undo of both deletes: %d units", n)
	}
}

// TestUnitCohesionState: a mini dragged out of cohesion is reported (and ringed) from the rules'
// answer.
func TestUnitCohesionState(t *testing.T) {
	f, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	d, _ := NewDoc(f)
	s := editorScene(t, d, "units")
	m := f.UnitsOnTable[0].Minis[1]
	s.Select(m.ID)
	x0, y0 := screenOf(s, m.X, m.Y)
	x1, y1 := screenOf(s, m.X+8, m.Y+8)
	edDrag(s, x0, y0, x1, y1, false, nil)
	if s.Doc().Rev() != 0 || s.stand.pending == nil {
		t.Fatalf("a drag out of cohesion was made without asking: rev %d", s.Doc().Rev())
	}
	if _, err := s.Command("placeAnyway", nil); err != nil {
		t.Fatal(err)
	}
	st := unitsStateOf(t, s)
	want, _ := rules.NewWorld(s.Doc().File()).Cohesion(f.UnitsOnTable[0].ID)
	if st.Cohesion == nil || st.Cohesion.OK || len(st.Cohesion.Out) != 1 || st.Cohesion.Out[0] != m.ID || want.OK {
		t.Errorf("cohesion state %+v, rules %+v", st.Cohesion, want)
	}
}
