package scenes

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

// defaultScene is a fitted table scene on maps/default.json with the measure tool.
// mapScene is a table scene on a built-in map, after its first tick.
func mapScene(t *testing.T, name string, data []byte) *TableScene {
	t.Helper()
	f, err := table.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	d, err := NewDoc(f)
	if err != nil {
		t.Fatal(err)
	}
	s := NewTableScene(name, d)
	tick(s, Input{ScreenChanged: true})
	return s
}

func measureScene(t *testing.T) *TableScene {
	t.Helper()
	s := mapScene(t, "default", maps.Default())
	if s.Tool() == nil || s.Tool().Name() != "measure" {
		t.Fatalf("the scene starts with tool %v, want measure", s.Tool())
	}
	return s
}

// at is the screen point of the centre of mini id.
func measureAt(t *testing.T, s *TableScene, id string) (float64, float64) {
	t.Helper()
	_, m := measureFind(s, id)
	if m == nil {
		t.Fatalf("no mini %s", id)
	}
	return s.Camera().WorldToScreen(m.X, m.Y)
}

func measureClick(s *TableScene, x, y float64) {
	tick(s, Input{X: x, Y: y, LeftPressed: true, Left: true})
	tick(s, Input{X: x, Y: y, LeftReleased: true})
}

func measureState(t *testing.T, s *TableScene) MeasureState {
	t.Helper()
	st, ok := s.Snapshot().ToolState.(MeasureState)
	if !ok {
		t.Fatalf("toolState is %T", s.Snapshot().ToolState)
	}
	return st
}

// wantArcs is a tag's arcs as the judge's arc queries answer them: none when u is a trooper unit;
// else the arcs of u's leader holding v, and those of v's leader holding u's leader when v is
// notched (the default table's units have no cards: no fixed-arc weapons).
func wantArcs(w *rules.World, u, v *rules.Unit) *ArcTagState {
	if !u.Notched() {
		return nil
	}
	var a ArcTagState
	for _, arc := range rules.Arcs {
		if u.Notched() {
			if a.In == nil {
				a.In = []string{}
			}
			if ans, _ := w.InArc(u.Leader.ID, v.ID, arc); ans.InArc {
				a.In = append(a.In, arc.String())
			}
		}
		if v.Notched() {
			if ans, _ := w.InArc(v.Leader.ID, u.Leader.ID, arc); ans.InArc {
				a.Of = append(a.Of, arc.String())
			}
		}
	}
	return &a
}

// wantLabels is what the labels must be: rules.Engagement of the attacker against every unit of
// another side, in file order, from the given world.
func measureWantLabels(t *testing.T, w *rules.World, attacker string) []MeasureLabelState {
	t.Helper()
	u, err := w.Unit(attacker)
	if err != nil {
		t.Fatal(err)
	}
	out := []MeasureLabelState{}
	for _, v := range w.Units {
		if v.Side == u.Side {
			continue
		}
		e, err := w.Engagement(attacker, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, MeasureLabelState{Unit: v.ID, Band: e.Band, Distance: math.Round(e.Distance*1e4) / 1e4,
			LOS: e.LOSCount, Minis: e.Minis, Cover: e.Cover, Obscured: e.Obscured, Hidden: e.Hidden, Arcs: wantArcs(w, u, v)})
	}
	return out
}

func TestMeasureSelectLabelsExplain(t *testing.T) {
	s := measureScene(t)
	if st := measureState(t, s); st.Selected != "" || len(st.Labels) != 0 || st.Explain != nil {
		t.Fatalf("initial state %+v", st)
	}
	// A click on a red mini selects it and its unit; every blue unit gets a label.
	x, y := measureAt(t, s, "red-storm-1-2")
	measureClick(s, x, y)
	st := measureState(t, s)
	if s.Selected() != "red-storm-1-2" || st.Selected != "red-storm-1" {
		t.Fatalf("selected %q (unit %q)", s.Selected(), st.Selected)
	}
	want := measureWantLabels(t, s.Doc().World(), "red-storm-1")
	if len(want) != 6 || !reflect.DeepEqual(st.Labels, want) {
		t.Fatalf("labels\n%+v\nwant\n%+v", st.Labels, want)
	}
	// The labels are what the judge answers pair by pair.
	w := s.Doc().World()
	for _, lb := range st.Labels {
		r, _ := w.Range("red-storm-1", lb.Unit, true)
		c, _ := w.Cover(rules.CoverQuery{Attacker: "red-storm-1", Defender: lb.Unit})
		if lb.Band != r.Band || lb.Cover != c.Cover || !reflect.DeepEqual(lb.Hidden, c.Hidden) {
			t.Errorf("label %+v: judge range %d cover %s hidden %v", lb, r.Band, c.Cover, c.Hidden)
		}
	}

	// A click on an enemy mini opens the explanation for that pair; the selection stays.
	x, y = measureAt(t, s, "blue-fleet-1-2")
	measureClick(s, x, y)
	st = measureState(t, s)
	if s.Selected() != "red-storm-1-2" || st.Explain == nil {
		t.Fatalf("after a click on an enemy: selected %q, explain %+v", s.Selected(), st.Explain)
	}
	x1, err := w.Explain("red-storm-1", "blue-fleet-1")
	if err != nil {
		t.Fatal(err)
	}
	e := st.Explain
	if e.Attacker != "red-storm-1" || e.Defender != "blue-fleet-1" || e.Leader != "red-storm-1-1" || e.Cover != x1.Cover ||
		e.LOS != x1.LOSCount || !reflect.DeepEqual(e.Reasons, reasonStates(x1.Reasons)) || len(e.Rays) != 4 || len(e.CentreLines) != 4 {
		t.Errorf("explain %+v\nwant %+v", e, x1)
	}
	for _, r := range e.Rays {
		l, _ := w.LOS("red-storm-1-1", r.Mini)
		if r.Seen != l.LOS || r.From != measureVec3(l.Eye) {
			t.Errorf("ray %+v, LOS %v from %v", r, l.LOS, l.Eye)
		}
		if r.Seen && r.To != measureVec3(l.Witness) {
			t.Errorf("seen ray to %v, witness %v", r.To, l.Witness)
		}
	}
	for _, r := range e.Reasons {
		if r.Text == "" || r.Cite == "" {
			t.Errorf("reason without text or citation: %+v", r)
		}
	}

	// Escape closes it; a second click on the same enemy selects that enemy.
	tick(s, Input{Escape: true})
	if measureState(t, s).Explain != nil {
		t.Error("Escape left the explanation open")
	}
	measureClick(s, x, y)
	if measureState(t, s).Explain == nil {
		t.Fatal("the click did not open the explanation again")
	}
	measureClick(s, x, y)
	st = measureState(t, s)
	if s.Selected() != "blue-fleet-1-2" || st.Selected != "blue-fleet-1" || st.Explain != nil {
		t.Fatalf("second click: selected %q unit %q explain %v", s.Selected(), st.Selected, st.Explain)
	}
	if want := measureWantLabels(t, w, "blue-fleet-1"); !reflect.DeepEqual(st.Labels, want) {
		t.Errorf("labels after selecting blue: %+v", st.Labels)
	}

	// An explanation closes with a click on empty space, which also deselects without panning.
	measureClick(s, x, y)
	rx, ry := measureAt(t, s, "red-storm-2-1")
	measureClick(s, rx, ry)
	if measureState(t, s).Explain == nil {
		t.Fatal("no explanation for blue-fleet-1 → red-storm-2")
	}
	cam := s.Camera()
	measureClick(s, 5, 5)
	st = measureState(t, s)
	if s.Selected() != "" || st.Selected != "" || st.Explain != nil || len(st.Labels) != 0 || s.Camera() != cam {
		t.Errorf("after a click on empty space: selected %q, %+v, camera moved %v", s.Selected(), st, s.Camera() != cam)
	}
	// A drag on empty space still pans.
	tick(s, Input{X: 5, Y: 5, Left: true, LeftPressed: true})
	tick(s, Input{X: 45, Y: 25, Left: true})
	tick(s, Input{X: 45, Y: 25, LeftReleased: true})
	if got := s.Camera(); got.PanX != cam.PanX+40 || got.PanY != cam.PanY+20 {
		t.Errorf("drag on empty space: camera %+v, want panned by (40,20) from %+v", got, cam)
	}
}

func TestMeasureDragMini(t *testing.T) {
	s := measureScene(t)
	x, y := measureAt(t, s, "red-storm-1-1")
	measureClick(s, x, y)
	rev := s.Doc().Rev()
	_, m := measureFind(s, "red-storm-1-2")
	ox, oy := m.X, m.Y
	x, y = measureAt(t, s, "red-storm-1-2")
	zoom := s.Camera().Zoom

	// Press on the base and move: within the click slop nothing happens.
	tick(s, Input{X: x, Y: y, Left: true, LeftPressed: true})
	tick(s, Input{X: x + 2, Y: y, Left: true})
	if s.preview != nil {
		t.Fatal("a preview within the click slop")
	}
	// Beyond it the mini follows the pointer in a preview, with the labels recomputed on it.
	cam := s.Camera()
	for _, dx := range []float64{20, 60, 120} {
		tick(s, Input{X: x + dx, Y: y - dx/2, Left: true})
		if s.preview == nil {
			t.Fatal("no preview while dragging")
		}
		_, pm := measureFind(s, "red-storm-1-2")
		if math.Abs(pm.X-(ox+dx/zoom)) > 1e-9 || math.Abs(pm.Y-(oy+dx/2/zoom)) > 1e-9 {
			t.Fatalf("dragged to (%v,%v), want (%v,%v)", pm.X, pm.Y, ox+dx/zoom, oy+dx/2/zoom)
		}
		st := measureState(t, s)
		if st.Dragging != "red-storm-1-2" {
			t.Errorf("dragging %q", st.Dragging)
		}
		if want := measureWantLabels(t, rules.NewWorld(s.preview), "red-storm-1"); !reflect.DeepEqual(st.Labels, want) {
			t.Errorf("live labels after %v px\n%+v\nwant\n%+v", dx, st.Labels, want)
		}
		if s.Doc().Rev() != rev {
			t.Fatal("the drag edited the document before the release")
		}
	}
	if s.Camera() != cam {
		t.Error("dragging a mini panned the table")
	}
	// The release leaves red-storm-1-2 out of its unit's cohesion: nothing is committed, the
	// message gives the rule, and "Place anyway" commits one undoable edit and marks the mini.
	tick(s, Input{X: x + 120, Y: y - 60, LeftReleased: true})
	if st := s.Snapshot(); s.Doc().Rev() != rev || st.Standing == nil || len(st.Standing.Pending) == 0 ||
		!strings.Contains(st.Message, "Golden Rule") {
		t.Fatalf("a drag out of cohesion: rev %d (from %d), standing %+v, message %q", s.Doc().Rev(), rev, st.Standing, st.Message)
	}
	if _, err := s.Command("placeAnyway", nil); err != nil {
		t.Fatal(err)
	}
	if st := s.Snapshot(); st.Standing == nil || !slices.Contains(st.Standing.Marked, "red-storm-1-2") {
		t.Errorf("placed anyway, not marked: %+v", st.Standing)
	}
	if s.preview != nil || s.Doc().Rev() != rev+1 || s.Doc().UndoLabel() != "move red-storm-1-2" {
		t.Fatalf("after the release: preview %v rev %d (from %d) undo %q", s.preview != nil, s.Doc().Rev(), rev, s.Doc().UndoLabel())
	}
	_, m = measureFind(s, "red-storm-1-2")
	if math.Abs(m.X-(ox+120/zoom)) > 1e-9 || math.Abs(m.Y-(oy+60/zoom)) > 1e-9 {
		t.Errorf("committed at (%v,%v)", m.X, m.Y)
	}
	if want := measureWantLabels(t, s.Doc().World(), "red-storm-1"); !reflect.DeepEqual(measureState(t, s).Labels, want) {
		t.Errorf("labels after the commit")
	}
	tick(s, Input{Undo: true})
	if _, m = measureFind(s, "red-storm-1-2"); m.X != ox || m.Y != oy {
		t.Errorf("undo left the mini at (%v,%v), want (%v,%v)", m.X, m.Y, ox, oy)
	}

	// Off the table: the loader refuses the edit; the message says so and the mini stays put.
	rev = s.Doc().Rev()
	x, y = measureAt(t, s, "red-storm-1-2")
	tick(s, Input{X: x, Y: y, Left: true, LeftPressed: true})
	tick(s, Input{X: x, Y: y + 300, Left: true})
	tick(s, Input{X: x, Y: y + 300, LeftReleased: true})
	if _, m = measureFind(s, "red-storm-1-2"); m.X != ox || m.Y != oy || s.Doc().Rev() != rev || s.preview != nil {
		t.Errorf("off the table: mini at (%v,%v), rev %d → %d, preview %v", m.X, m.Y, rev, s.Doc().Rev(), s.preview != nil)
	}
	if s.Snapshot().Message == "" {
		t.Error("no message for a refused move")
	}

	// Escape during a drag drops the preview.
	tick(s, Input{X: x, Y: y, Left: true, LeftPressed: true})
	tick(s, Input{X: x + 50, Y: y, Left: true})
	tick(s, Input{X: x + 50, Y: y, Left: true, Escape: true})
	tick(s, Input{X: x + 50, Y: y, LeftReleased: true})
	if _, m = measureFind(s, "red-storm-1-2"); m.X != ox || s.preview != nil || s.Doc().Rev() != rev {
		t.Errorf("Escape: mini at x %v, preview %v, rev %d", m.X, s.preview != nil, s.Doc().Rev())
	}
}

func TestMeasureCommands(t *testing.T) {
	s := measureScene(t)
	if _, err := s.Command("select", json.RawMessage(`"blue-rebel-2-3"`)); err != nil || s.Selected() != "blue-rebel-2-3" {
		t.Fatalf("select a mini: %v, selected %q", err, s.Selected())
	}
	out, err := s.Command("select", json.RawMessage(`"red-shore-1"`))
	if err != nil || s.Selected() != "red-shore-1-1" || out.(map[string]string)["unit"] != "red-shore-1" {
		t.Fatalf("select a unit: %v %v, selected %q", out, err, s.Selected())
	}
	if _, err := s.Command("select", json.RawMessage(`"nobody"`)); err == nil || s.Selected() != "red-shore-1-1" {
		t.Errorf("select nobody: %v, selected %q", err, s.Selected())
	}
	if _, err := s.Command("select", json.RawMessage(`""`)); err != nil || s.Selected() != "" {
		t.Errorf("clear: %v, selected %q", err, s.Selected())
	}

	out, err = s.Command("explain", json.RawMessage(`{"attacker":"blue-atrt-1","defender":"red-storm-2"}`))
	if err != nil {
		t.Fatal(err)
	}
	e := out.(*MeasureExplain)
	x, _ := s.Doc().World().Explain("blue-atrt-1", "red-storm-2")
	if s.Selected() != "blue-atrt-1-1" || e.Defender != "red-storm-2" || e.Cover != x.Cover || len(e.Rays) != 6 ||
		!reflect.DeepEqual(e.Obscurers, x.Obscurers) || !reflect.DeepEqual(measureState(t, s).Explain, e) {
		t.Errorf("explain command: %+v, selected %q", e, s.Selected())
	}
	for _, bad := range []string{`{"attacker":"nobody","defender":"red-storm-2"}`, `{"attacker":"blue-atrt-1","defender":"x"}`,
		`{"attacker":"blue-atrt-1","defender":"blue-atrt-1"}`, `[1]`} {
		if _, err := s.Command("explain", json.RawMessage(bad)); err == nil {
			t.Errorf("explain %s gave no error", bad)
		}
	}
	// Selecting another unit closes the explanation.
	if _, err := s.Command("select", json.RawMessage(`"red-storm-1-1"`)); err != nil || measureState(t, s).Explain != nil {
		t.Errorf("select after explain: %v, explain %+v", err, measureState(t, s).Explain)
	}
	// The state is JSON with the documented names.
	b, err := json.Marshal(s.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		ToolState map[string]json.RawMessage `json:"toolState"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"selected", "labels", "armed", "dragging"} {
		if _, ok := raw.ToolState[k]; !ok {
			t.Errorf("toolState lacks %q: %s", k, b)
		}
	}
	var labels []map[string]any
	_ = json.Unmarshal(raw.ToolState["labels"], &labels)
	for _, k := range []string{"unit", "band", "distance", "los", "minis", "cover", "obscured", "hidden"} {
		if len(labels) == 0 || labels[0][k] == nil {
			t.Errorf("labels lack %q: %s", k, raw.ToolState["labels"])
		}
	}
}
