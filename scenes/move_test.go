package scenes

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/golang/geo/r2"
	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
	"holotable/rules"
	"holotable/table"
)

// moveScene is a table scene on d, one tick old (fitted to screen1), with the move tool out.
func moveScene(t *testing.T, d *Doc) *TableScene {
	t.Helper()
	s := NewTableScene("test", d)
	tick(s, Input{ScreenChanged: true})
	if err := s.SetTool("move"); err != nil {
		t.Fatal(err)
	}
	return s
}

// command runs a scene command with arg marshalled to JSON and returns its result as JSON.
func command(t *testing.T, s *TableScene, name string, arg any) ([]byte, error) {
	t.Helper()
	var raw json.RawMessage
	if arg != nil {
		b, err := json.Marshal(arg)
		if err != nil {
			t.Fatal(err)
		}
		raw = b
	}
	out, err := s.Command(name, raw)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return b, nil
}

func mustCommand(t *testing.T, s *TableScene, name string, arg any) []byte {
	t.Helper()
	b, err := command(t, s, name, arg)
	if err != nil {
		t.Fatalf("%s %v: %v", name, arg, err)
	}
	return b
}

// moveState is the move tool's state as the page sees it (through JSON).
func moveState(t *testing.T, s *TableScene) MoveToolState {
	t.Helper()
	b, err := json.Marshal(s.Snapshot().ToolState)
	if err != nil {
		t.Fatal(err)
	}
	var st MoveToolState
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return st
}

// judge is what cmd/tablecheck prints for the move query, as a JSON object.
func judge(t *testing.T, w *rules.World, q rules.MoveQuery) map[string]any {
	t.Helper()
	return askJSON(t, w, table.Query{ID: "q", Kind: "move", Mini: q.Mini, MoveSpeed: q.Speed, Heading: q.Heading,
		Bend: q.Bend, Fraction: q.Fraction, Has: map[string]bool{"fraction": true}})
}

// askJSON is the judge's answer to q as a JSON object.
func askJSON(t *testing.T, w *rules.World, q table.Query) map[string]any {
	t.Helper()
	b, err := w.Ask(q).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// judgeManeuver is what cmd/tablecheck prints for a maneuver query (a compulsory move: no speed,
// no fraction), as a JSON object.
func judgeManeuver(t *testing.T, w *rules.World, mode rules.ManeuverMode, mini string, speed int, bend, fraction float64) map[string]any {
	t.Helper()
	q := table.Query{ID: "q", Kind: "maneuver", Mini: mini, Mode: mode.String(), Bend: bend, Has: map[string]bool{}}
	if mode != rules.ModeCompulsory {
		q.MoveSpeed, q.Fraction, q.Has["speed"], q.Has["fraction"] = speed, fraction, true, true
	}
	return askJSON(t, w, q)
}

// answerJSON is toolState's answer as a JSON object.
func answerJSON(t *testing.T, s *TableScene) map[string]any {
	t.Helper()
	b, err := json.Marshal(s.Snapshot().ToolState)
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Answer map[string]any `json:"answer"`
	}
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	return st.Answer
}

// TestMoveSetEqualsJudge: moveSet drives the tool exactly; its answer is, field for field, what
// the judge prints for the same move query — on a small table and on the default map, including
// moves that are blocked, leave the table or are slowed by difficult terrain.
func TestMoveSetEqualsJudge(t *testing.T) {
	type set struct {
		Heading, Bend, Fraction float64
	}
	cases := []struct {
		doc   *Doc
		pick  string
		speed int
		set   set
	}{
		{testDoc(), "red-1-2", 2, set{90, 30, 0.8}},
		{testDoc(), "red-1", 3, set{180, 0, 1}}, // west, 7.953 of the 10 to the edge
		{newTestDoc(t), "red-storm-2-3", 2, set{0, 0, 1}},
		{newTestDoc(t), "red-storm-2", 2, set{90, 0, 1}},       // into barricade-2: max speed 1
		{newTestDoc(t), "red-storm-2", 3, set{60, 30, 0.75}},   // speed 3 above the unit's 2
		{newTestDoc(t), "red-atst-1", 2, set{135, -40, 1}},     // a ground vehicle
		{newTestDoc(t), "blue-rebel-1-4", 2, set{180, 90, 1}},  // a bent move
		{newTestDoc(t), "red-storm-1", 2, set{270, 0, 0.5}},    // south, off the edge
		{newTestDoc(t), "red-speeder-1", 3, set{100, -90, 1}},  // a repulsor
		{newTestDoc(t), "blue-tauntaun-1", 3, set{200, 45, 1}}, // a creature
	}
	for _, c := range cases {
		s := moveScene(t, c.doc)
		mustCommand(t, s, "moveSelect", c.pick)
		mustCommand(t, s, "moveSpeed", c.speed)
		if moveState(t, s).Notched {
			// A notched base's tool lies in its front notch: no heading; the judge's maneuver
			// query, facing included (issue 14).
			mustCommand(t, s, "moveSet", map[string]float64{"bend": c.set.Bend, "fraction": c.set.Fraction})
			st := moveState(t, s)
			want := judgeManeuver(t, c.doc.World(), rules.ModeStandard, st.Leader, c.speed, c.set.Bend, c.set.Fraction)
			got := answerJSON(t, s)
			for _, k := range []string{"x", "y", "facing", "blocked", "blockedBy", "maxSpeed", "legal", "wounds"} {
				if !jsonEqual(got[k], want[k]) {
					t.Errorf("%s %+v: %s = %v, the judge says %v", c.pick, c.set, k, got[k], want[k])
				}
			}
			if _, err := s.Command("moveSet", []byte(`{"heading":10}`)); err == nil || !strings.Contains(err.Error(), "no heading") {
				t.Errorf("%s: a heading for a notched base: %v", c.pick, err)
			}
			continue
		}
		mustCommand(t, s, "moveSet", map[string]float64{"heading": c.set.Heading, "bend": c.set.Bend, "fraction": c.set.Fraction})
		st := moveState(t, s)
		q := rules.MoveQuery{Mini: st.Leader, Speed: c.speed, Heading: c.set.Heading, Bend: c.set.Bend, Fraction: c.set.Fraction}
		want := judge(t, c.doc.World(), q)
		got := answerJSON(t, s)
		for _, k := range []string{"x", "y", "blocked", "blockedBy", "maxSpeed", "legal"} {
			if !jsonEqual(got[k], want[k]) {
				t.Errorf("%s %+v: %s = %v, the judge says %v", c.pick, c.set, k, got[k], want[k])
			}
		}
		// And the unrounded end is rules.Move's.
		mv, _ := c.doc.World().Move(q)
		if st.Heading != c.set.Heading || st.Bend != c.set.Bend || st.Fraction != c.set.Fraction || st.Speed != c.speed {
			t.Errorf("%s: tool state %+v", c.pick, st)
		}
		if s.Tool().(*moveTool).ans.X != mv.X || s.Tool().(*moveTool).ans.Y != mv.Y {
			t.Errorf("%s: tool end (%v,%v), rules (%v,%v)", c.pick, s.Tool().(*moveTool).ans.X, s.Tool().(*moveTool).ans.Y, mv.X, mv.Y)
		}
	}
	// Hand-computed: red-storm-2's leader (18.5, 2.2) north at speed 2 runs 4.92 + 1.063 = 5.983
	// to (18.5, 8.183), entering barricade-2: max speed 2 → 1, so speed 2 is not legal.
	s := moveScene(t, newTestDoc(t))
	mustCommand(t, s, "moveSelect", "red-storm-2")
	mustCommand(t, s, "moveSet", map[string]float64{"heading": 90, "bend": 0, "fraction": 1})
	st := moveState(t, s)
	if a := st.Answer; a == nil || a.X != 18.5 || a.Y != 8.183 || a.MaxSpeed != 1 || a.Legal || strings.Join(a.Difficult, ",") != "barricade-2" {
		t.Errorf("north into the barricade: %+v", st.Answer)
	}
	// The south edge stops the same leader 2.2 from it at y = r = 0.5315 (rounded as printed).
	mustCommand(t, s, "moveSet", map[string]float64{"heading": 270})
	if a := moveState(t, s).Answer; a.X != 18.5 || a.Y != 0.5315 || !a.Blocked || a.BlockedBy != "edge" || a.Legal {
		t.Errorf("south off the table: %+v", a)
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// TestMovePickDefaults: a pick takes the unit's leader, its facing as the heading, a full move,
// and the unit's speed lowered to the max speed rules gives when the unit stands in difficult
// terrain; an unknown id, a speed of 4 and a bend beyond 90° are refused and change nothing.
func TestMovePickDefaults(t *testing.T) {
	s := moveScene(t, newTestDoc(t))
	mustCommand(t, s, "moveSelect", "red-storm-1-4")
	st := moveState(t, s)
	if st.Unit != "red-storm-1" || st.Leader != "red-storm-1-1" || st.Heading != 90 || st.Bend != 0 || st.Fraction != 1 ||
		st.Speed != 2 || st.UnitSpeed != 2 || !st.Placed || st.Notched || s.Selected() != "red-storm-1-1" {
		t.Errorf("pick: %+v", st)
	}
	for _, c := range []struct {
		name string
		arg  any
	}{{"moveSelect", "nobody"}, {"moveSpeed", 4}, {"moveSet", map[string]float64{"bend": 95}}, {"moveSet", map[string]float64{"fraction": 1.2}}} {
		if _, err := command(t, s, c.name, c.arg); err == nil {
			t.Errorf("%s %v: want an error", c.name, c.arg)
		}
	}
	if got := moveState(t, s); got.Unit != st.Unit || got.Speed != 2 || got.Bend != 0 || got.Fraction != 1 {
		t.Errorf("after refused commands: %+v", got)
	}

	// A unit standing in difficult terrain starts at max speed 1 (its speed in the file is 2).
	d := newTestDoc(t)
	// inside ruin-1 (25–34 × 8.5–11.5), difficult for troopers
	if err := d.Submit(&ops.MinisMove{Minis: []ops.MiniPlace{{Mini: "red-shore-1-1", X: 30, Y: 10}}}); err != nil {
		t.Fatal(err)
	}
	s = moveScene(t, d)
	mustCommand(t, s, "moveSelect", "red-shore-1")
	if st := moveState(t, s); st.Speed != 1 || st.UnitSpeed != 2 || st.Answer.MaxSpeed != 1 {
		t.Errorf("standing in ruin-1: speed %d, unit %d, max %d; want 1, 2, 1", st.Speed, st.UnitSpeed, st.Answer.MaxSpeed)
	}
	mustCommand(t, s, "moveCancel", nil)
	if st := moveState(t, s); st.Unit != "" || st.Placed || st.Answer != nil {
		t.Errorf("after moveCancel: %+v", st)
	}
}

// TestMoveCommitAndUndo: a legal move commits as one edit that moves the leader to rules' end and
// every follower to where PlaceFollowers puts it (open ground: their offsets, +5.983 in x); the
// unit stays in cohesion; one Undo restores every mini.
func TestMoveCommitAndUndo(t *testing.T) {
	d := newTestDoc(t)
	before := append([]byte(nil), d.JSON()...)
	s := moveScene(t, d)
	mustCommand(t, s, "moveSelect", "red-storm-2")
	mustCommand(t, s, "moveSet", map[string]float64{"heading": 0, "bend": 0, "fraction": 1})
	st := moveState(t, s)
	if !st.Answer.Legal || len(st.Followers) != 5 {
		t.Fatalf("east at speed 2 should be legal with 5 followers placed: %+v", st)
	}
	old := map[string][2]float64{}
	for _, m := range d.File().UnitsOnTable[1].Minis {
		old[m.ID] = [2]float64{m.X, m.Y}
	}
	rev := d.Rev()
	mustCommand(t, s, "moveCommit", nil)
	if d.Rev() != rev+1 || d.UndoLabel() != "move red-storm-2" {
		t.Fatalf("commit: rev %d → %d, undo label %q", rev, d.Rev(), d.UndoLabel())
	}
	u := d.File().UnitsOnTable[1]
	for _, m := range u.Minis {
		o := old[m.ID]
		// 4.92 + 1.063 = 5.983 east; the followers keep their offsets on open ground.
		if math.Abs(m.X-(o[0]+5.983)) > 1e-9 || math.Abs(m.Y-o[1]) > 1e-12 {
			t.Errorf("%s at (%v,%v), want (%v,%v)", m.ID, m.X, m.Y, o[0]+5.983, o[1])
		}
	}
	if c, _ := d.World().Cohesion("red-storm-2"); !c.OK {
		t.Errorf("after the move: %+v", c)
	}
	st = moveState(t, s)
	if st.Placed || len(st.Out) != 0 || len(st.Followers) != 5 || !st.Followers[0].OK {
		t.Errorf("after commit: %+v", st)
	}
	if _, ok, _ := d.Undo(); !ok || !bytes.Equal(d.JSON(), before) {
		t.Errorf("one undo does not restore the table")
	}
}

// TestMoveIllegalNotCommitted: an illegal move (off the table; into difficult terrain above the
// max speed) is refused by moveCommit, by Enter and by a double-click on the ghost: a message
// says why, the document does not change.
func TestMoveIllegalNotCommitted(t *testing.T) {
	d := newTestDoc(t)
	before := append([]byte(nil), d.JSON()...)
	s := moveScene(t, d)
	mustCommand(t, s, "moveSelect", "red-storm-2")
	mustCommand(t, s, "moveSet", map[string]float64{"heading": 270, "bend": 0, "fraction": 1})
	_, err := command(t, s, "moveCommit", nil)
	if err == nil || !strings.Contains(err.Error(), "leave the battlefield") || !strings.Contains(s.Snapshot().Message, "not legal") {
		t.Errorf("commit off the table: err %v, message %q", err, s.Snapshot().Message)
	}
	mustCommand(t, s, "moveSet", map[string]float64{"heading": 90})
	s.SetMessage("")
	tick(s, Input{Keys: []ebiten.Key{ebiten.KeyEnter}})
	if m := s.Snapshot().Message; !strings.Contains(m, "max speed 1") {
		t.Errorf("Enter on a speed-2 move into barricade-2: message %q", m)
	}
	// A double-click on the ghost.
	a := moveState(t, s).Answer
	gx, gy := s.Camera().WorldToScreen(a.X, a.Y)
	s.SetMessage("")
	click(s, gx, gy)
	click(s, gx, gy)
	if m := s.Snapshot().Message; !strings.Contains(m, "not legal") {
		t.Errorf("double-click on an illegal ghost: message %q", m)
	}
	if d.Rev() != 0 || !bytes.Equal(d.JSON(), before) {
		t.Errorf("an illegal move changed the table")
	}
	// German.
	if err := SetLanguage("de"); err != nil {
		t.Fatal(err)
	}
	defer SetLanguage("en")
	if _, err := command(t, s, "moveCommit", nil); err == nil || !strings.Contains(err.Error(), "nicht zulässig") {
		t.Errorf("German refusal: %v", err)
	}
}

func click(s *TableScene, x, y float64) {
	tick(s, Input{X: x, Y: y, Left: true, LeftPressed: true})
	tick(s, Input{X: x, Y: y, LeftReleased: true})
}

// drag presses at (x0,y0), moves to (x1,y1) in steps and releases there.
func dragPx(s *TableScene, x0, y0, x1, y1 float64) {
	tick(s, Input{X: x0, Y: y0, Left: true, LeftPressed: true})
	for i := 1; i <= 4; i++ {
		f := float64(i) / 4
		tick(s, Input{X: x0 + (x1-x0)*f, Y: y0 + (y1-y0)*f, Left: true})
	}
	tick(s, Input{X: x1, Y: y1, LeftReleased: true})
}

// TestMoveWithThePointer: a click on a base picks its unit; the far end, the joint and the ghost
// are dragged; keys pick the speed; a double-click on a legal ghost commits; Escape puts the tool
// away. Every value the pointer sets is rules' inverse of where it was let go.
func TestMoveWithThePointer(t *testing.T) {
	// A squad facing north with its followers behind the leader, on open ground.
	f, err := table.Load([]byte(`{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[{"id":"sq","side":"red","type":"trooper","minis":[
	  {"id":"sq-1","leader":true,"x":20,"y":10,"base":"small","height":1.65,"facing":90},
	  {"id":"sq-2","x":18.5,"y":8.5,"base":"small","height":1.65,"facing":90},
	  {"id":"sq-3","x":21.5,"y":8.5,"base":"small","height":1.65,"facing":90},
	  {"id":"sq-4","x":20,"y":7.5,"base":"small","height":1.65,"facing":90}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := NewDoc(f)
	s := moveScene(t, d)
	cam := s.Camera()
	w := d.World()
	c := r2.Point{X: 20, Y: 10}

	// Pick the squad by clicking a follower's base.
	fx, fy := cam.WorldToScreen(18.5, 8.5)
	click(s, fx, fy)
	st := moveState(t, s)
	if st.Unit != "sq" || st.Leader != "sq-1" || !st.Placed || st.Heading != 90 {
		t.Fatalf("click on sq-2: %+v", st)
	}

	// Key 1: speed 1.
	tick(s, Input{Keys: []ebiten.Key{ebiten.Key1}})
	if st := moveState(t, s); st.Speed != 1 {
		t.Errorf("key 1: speed %d", st.Speed)
	}

	// Drag the joint from its place to a point north-east of the leader: the heading becomes the
	// bearing of where it was let go.
	tl, _ := w.Tool(rules.MoveQuery{Mini: "sq-1", Speed: 1, Heading: 90})
	jx, jy := cam.WorldToScreen(tl.Joint.X, tl.Joint.Y)
	tx, ty := cam.WorldToScreen(20+1.5, 10+1.5)
	dragPx(s, jx, jy, tx, ty)
	want, _ := w.Bearing("sq-1", tl.Joint.Add(mustWorld(cam, tx, ty)).Sub(mustWorld(cam, jx, jy)))
	if st := moveState(t, s); math.Abs(st.Heading-want) > 1e-9 || math.Abs(st.Heading-45) > 1 {
		t.Errorf("joint drag: heading %v, want %v (about 45)", st.Heading, want)
	}

	// Drag the far end to (23, 10.5): the second half swings about the joint (the heading stays
	// where the joint drag put it) and points at where it was let go — AimBend of that point.
	st = moveState(t, s)
	q := rules.MoveQuery{Mini: "sq-1", Speed: 1, Heading: st.Heading, Bend: st.Bend, Fraction: 1}
	tl, _ = w.Tool(q)
	ex, ey := cam.WorldToScreen(tl.End.X, tl.End.Y)
	tx, ty = cam.WorldToScreen(23, 10.5)
	dragPx(s, ex, ey, tx, ty)
	p := tl.End.Add(mustWorld(cam, tx, ty)).Sub(mustWorld(cam, ex, ey))
	wantBend := math.Atan2(p.Y-tl.Joint.Y, p.X-tl.Joint.X)*180/math.Pi - q.Heading
	if st := moveState(t, s); st.Heading != q.Heading || math.Abs(st.Bend-wantBend) > 1e-9 || math.Abs(st.Bend) < 10 {
		t.Errorf("end drag: heading %v bend %v, want %v %v (bent)", st.Heading, st.Bend, q.Heading, wantBend)
	}
	_ = c

	// Drag the ghost back along the path to about half way.
	st = moveState(t, s)
	q = rules.MoveQuery{Mini: "sq-1", Speed: 1, Heading: st.Heading, Bend: st.Bend, Fraction: 1}
	tl, _ = w.Tool(q)
	gx, gy := cam.WorldToScreen(st.Answer.X, st.Answer.Y)
	hx, hy := cam.WorldToScreen(tl.Joint.X, tl.Joint.Y)
	dragPx(s, gx, gy, hx, hy)
	if st := moveState(t, s); math.Abs(st.Fraction-0.5) > 0.02 {
		t.Errorf("ghost dragged to the joint: fraction %v, want about 0.5", st.Fraction)
	}

	// A double-click on the (legal) ghost commits.
	st = moveState(t, s)
	if !st.Answer.Legal {
		t.Fatalf("the move should be legal: %+v", st.Answer)
	}
	rev := d.Rev()
	gx, gy = cam.WorldToScreen(st.Answer.X, st.Answer.Y)
	click(s, gx, gy)
	click(s, gx, gy)
	if d.Rev() != rev+1 || d.UndoLabel() != "move sq" {
		t.Fatalf("double-click on the ghost did not commit (rev %d → %d): %q %+v", rev, d.Rev(), s.Snapshot().Message, moveState(t, s))
	}
	ld := d.File().UnitsOnTable[0].Minis[0]
	if math.Abs(ld.X-st.Answer.X) > 1e-4 || math.Abs(ld.Y-st.Answer.Y) > 1e-4 {
		t.Errorf("leader at (%v,%v), the answer was (%v,%v)", ld.X, ld.Y, st.Answer.X, st.Answer.Y)
	}

	// After the commit a follower can be dragged (one op); dragged far, it is out of cohesion.
	m := d.File().UnitsOnTable[0].Minis[3]
	mx, my := cam.WorldToScreen(m.X, m.Y)
	rev = d.Rev()
	dragPx(s, mx, my, mx+cam.Length(6), my)
	if d.Rev() != rev+1 || d.UndoLabel() != "move "+m.ID {
		t.Errorf("follower drag: rev %d → %d, label %q", rev, d.Rev(), d.UndoLabel())
	}
	if st := moveState(t, s); strings.Join(st.Out, ",") != m.ID {
		t.Errorf("after dragging %s 6 away: out %v", m.ID, st.Out)
	}
	// A click on the leader places the tool again; Escape puts it away and forgets the unit.
	lx, ly := cam.WorldToScreen(ld.X, ld.Y)
	click(s, lx, ly)
	if st := moveState(t, s); !st.Placed {
		t.Errorf("click on the leader: tool not placed")
	}
	tick(s, Input{Escape: true})
	if st := moveState(t, s); st.Unit != "" {
		t.Errorf("Escape: %+v", st)
	}
	// A click on empty table with no unit picked does not use the button: the scene pans.
	c0 := s.Camera()
	dragPx(s, 5, 5, 45, 25)
	if s.Camera().PanX != c0.PanX+40 {
		t.Errorf("drag on empty space with the move tool did not pan")
	}
}

func mustWorld(c Camera, x, y float64) r2.Point {
	wx, wy := c.ScreenToWorld(x, y)
	return r2.Point{X: wx, Y: wy}
}

// TestMovePivot: the AT-ST (ground, notched, facing 90) has a pivot knob on its base edge to the
// north; dragging it to the east and letting go turns the unit to the bearing of the release point
// (one op, "pivot red-atst-1"), and the tool's heading follows the front notch. A trooper has
// no knob.
func TestMovePivot(t *testing.T) {
	d := newTestDoc(t)
	s := moveScene(t, d)
	cam := s.Camera()
	mustCommand(t, s, "moveSelect", "red-atst-1")
	st := moveState(t, s)
	if !st.Notched || st.Facing != 90 {
		t.Fatalf("AT-ST: %+v", st)
	}
	r := 3.937 / 2
	kx, ky := cam.WorldToScreen(36, 3.5+r)
	if h := s.Tool().(*moveTool).handleAt(s, kx, ky); h != handlePivot {
		t.Fatalf("no pivot knob at the AT-ST's north edge (got handle %d)", h)
	}
	tx, ty := cam.WorldToScreen(36+r, 3.5)
	rev := d.Rev()
	dragPx(s, kx, ky, tx, ty)
	want, _ := d.World().Bearing("red-atst-1-1", r2.Point{X: 36, Y: 3.5 + r}.Add(mustWorld(cam, tx, ty)).Sub(mustWorld(cam, kx, ky)))
	st = moveState(t, s)
	if d.Rev() != rev+1 || d.UndoLabel() != "pivot red-atst-1" || math.Abs(st.Facing-want) > 1e-9 || math.Abs(want) > 1 && math.Abs(want-360) > 1 {
		t.Errorf("pivot: rev %d → %d, label %q, facing %v (want %v, about 0)", rev, d.Rev(), d.UndoLabel(), st.Facing, want)
	}
	if st.Heading != st.Facing {
		t.Errorf("heading %v does not follow the facing %v", st.Heading, st.Facing)
	}
	// A notched unit's move leaves along its facing (now east) and ends facing along the tool
	// section reached: bent +30° → 30° (rules' answer, rounded to 4 decimals).
	mustCommand(t, s, "moveSpeed", 1)
	mustCommand(t, s, "moveSet", map[string]float64{"bend": 30, "fraction": 1})
	mustCommand(t, s, "moveCommit", nil)
	if f := d.File().UnitsOnTable[4].Minis[0].Facing; f != 30 {
		t.Errorf("AT-ST facing after a bent move: %v, want 30", f)
	}
	if d.UndoLabel() != "red-atst-1: standard move" {
		t.Errorf("undo label %q", d.UndoLabel())
	}

	mustCommand(t, s, "moveSelect", "red-storm-1")
	tr := d.File().UnitsOnTable[0].Minis[0]
	kx, ky = cam.WorldToScreen(tr.X, tr.Y+tr.Base/2)
	if h := s.Tool().(*moveTool).handleAt(s, kx, ky); h == handlePivot {
		t.Errorf("a trooper has a pivot knob")
	}
}

// TestMoveFlaggedFollower: a follower with no legal spot in cohesion stays where it was, is
// reported with ok false before the commit, and named in the message after it.
func TestMoveFlaggedFollower(t *testing.T) {
	// b stands 7 below the leader (z): no spot on the leader's level is in cohesion.
	f, err := table.Load([]byte(`{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[{"id":"u","side":"red","type":"trooper","minis":[
	  {"id":"u-1","leader":true,"x":10,"y":10,"z":7,"base":"small","height":1.65},
	  {"id":"u-2","x":11.5,"y":10,"z":7,"base":"small","height":1.65},
	  {"id":"u-3","x":8.5,"y":10,"base":"small","height":1.65}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := NewDoc(f)
	s := moveScene(t, d)
	mustCommand(t, s, "moveSelect", "u")
	mustCommand(t, s, "moveSet", map[string]float64{"heading": 90, "bend": 0, "fraction": 1})
	st := moveState(t, s)
	if len(st.Followers) != 2 || !st.Followers[0].OK || st.Followers[1].OK || st.Followers[1].X != 8.5 {
		t.Fatalf("followers %+v: want u-2 placed, u-3 flagged at its old spot", st.Followers)
	}
	mustCommand(t, s, "moveCommit", nil)
	if m := s.Snapshot().Message; !strings.Contains(m, "u-3") {
		t.Errorf("message %q does not name u-3", m)
	}
	if st := moveState(t, s); strings.Join(st.Out, ",") != "u-3" {
		t.Errorf("out %v, want [u-3]", st.Out)
	}
}
