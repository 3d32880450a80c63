package scenes

import (
	"math"
	"testing"

	"github.com/golang/geo/r2"

	"holotable/rules"
	"holotable/table"
)

// TestPickHandle: the far end, joint and pivot knob win over the ghost within the grab radius
// (11), the nearest of them first; the ghost takes what is left within its reach; a far end taken
// inside the ghost's reach says either.
func TestPickHandle(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		name                     string
		end, joint, pivot, ghost float64
		grab, reach              float64
		want                     moveHandle
		either                   bool
	}{
		{"issue 17: 4 from the end, 3 from the ghost's centre", 4, inf, inf, 3, 11, 11, handleEnd, true},
		{"on the end, ghost far", 0, inf, inf, 30, 11, 11, handleEnd, false},
		{"end at the grab's edge", 11, inf, inf, 5, 11, 11, handleEnd, true},
		{"just past the end's grab: the ghost", 11.0001, inf, inf, 5, 11, 11, handleGhost, false},
		{"ghost's reach edge", inf, inf, inf, 20, 11, 20, handleGhost, false},
		{"nothing", 12, 12, 12, 21, 11, 20, handleNone, false},
		{"joint nearer than the end", 6, 5, inf, 2, 11, 11, handleJoint, false},
		{"end nearer than the joint", 5, 6, inf, 2, 11, 11, handleEnd, true},
		{"pivot knob over the ghost", inf, inf, 3, 1, 11, 11, handlePivot, false},
		{"a tie goes to the pivot, then the end", 4, 4, 4, 1, 11, 11, handlePivot, false},
	} {
		h, either := pickHandle(c.end, c.joint, c.pivot, c.ghost, c.grab, c.reach)
		if h != c.want || either != c.either {
			t.Errorf("%s: %v %v, want %v %v", c.name, h, either, c.want, c.either)
		}
	}
}

// TestDragBack: within 45° of straight back along the path is back; 45° exactly is back (cos
// compared with ≥ up to rounding is not relied on: 44.9° and 45.1° are used); sideways and
// onwards are not; no motion is not.
func TestDragBack(t *testing.T) {
	out := r2.Point{X: 0, Y: 2}
	dir := func(deg float64) r2.Point {
		return r2.Point{X: math.Cos(deg * math.Pi / 180), Y: math.Sin(deg * math.Pi / 180)}
	}
	for _, c := range []struct {
		v    r2.Point
		want bool
	}{
		{r2.Point{X: 0, Y: -1}, true},
		{dir(270 + 44.9), true},
		{dir(270 - 44.9), true},
		{dir(270 + 45.1), false},
		{r2.Point{X: 1, Y: 0}, false},
		{r2.Point{X: 0, Y: 1}, false},
		{r2.Point{}, false},
	} {
		if got := dragBack(c.v, out); got != c.want {
			t.Errorf("dragBack(%v, %v) = %v, want %v", c.v, out, got, c.want)
		}
	}
}

// TestMoveBendNearGhost (issue 17 item 8): a squad leader at (20,10), speed 2, heading 90, a full
// move on open ground — the ghost's centre lies one base radius r behind the far end (7.3 px on
// the test screen). A press on the path 0.6 r behind the far end, inside the ghost and nearer its
// centre than the far end, within the far end's grab (11 px): today's nearest-wins gave the ghost, and a drag sideways made
// a partial move. Now the far end takes it: a drag 3" east from there keeps the full move and
// the heading, and bends the tool to AimBend of the far end moved by the drag. The same press
// dragged 2" straight back shortens the move instead (FractionAt of the ghost moved by the drag).
func TestMoveBendNearGhost(t *testing.T) {
	f, err := table.Load([]byte(`{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[{"id":"sq","side":"red","type":"trooper","minis":[
	  {"id":"sq-1","leader":true,"x":20,"y":10,"base":"small","height":1.65},
	  {"id":"sq-2","x":18.5,"y":8.5,"base":"small","height":1.65}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, way := range []string{"sideways", "back"} {
		t.Run(way, func(t *testing.T) {
			d, _ := NewDoc(f)
			s := moveScene(t, d)
			mustCommand(t, s, "moveSelect", "sq")
			mustCommand(t, s, "moveSpeed", 2)
			mustCommand(t, s, "moveSet", map[string]float64{"heading": 90, "bend": 0, "fraction": 1})
			w, cam := d.World(), s.Camera()
			q := rules.MoveQuery{Mini: "sq-1", Speed: 2, Heading: 90, Fraction: 1}
			tl, _ := w.Tool(q)
			a, _ := w.Move(q)
			ex, ey := cam.WorldToScreen(tl.End.X, tl.End.Y)
			gx, gy := cam.WorldToScreen(a.X, a.Y)
			rs := math.Hypot(ex-gx, ey-gy) // the ghost's radius on the screen: end to ghost centre
			if 0.6*rs > grabPx {
				t.Fatalf("ghost radius %.2f px: the press 0.6 r from the far end must be within its grab (%d px)", rs, grabPx)
			}
			px, py := ex+(gx-ex)*0.6, ey+(gy-ey)*0.6 // 0.6 r from the end, 0.4 r from the centre
			press := mustWorld(cam, px, py)
			var to r2.Point
			if way == "sideways" {
				to = press.Add(r2.Point{X: 3})
			} else {
				to = press.Add(r2.Point{Y: -2})
			}
			tx, ty := cam.WorldToScreen(to.X, to.Y)
			dragPx(s, px, py, tx, ty)
			st := moveState(t, s)
			if way == "sideways" {
				p := tl.End.Add(mustWorld(cam, tx, ty).Sub(press))
				want, _ := w.AimBend(q, p)
				if st.Fraction != 1 || st.Heading != 90 || math.Abs(st.Bend-want) > 1e-9 || want > -20 {
					t.Errorf("sideways: fraction %v heading %v bend %v, want 1, 90, %v", st.Fraction, st.Heading, st.Bend, want)
				}
				return
			}
			want, _ := w.FractionAt(q, r2.Point{X: a.X, Y: a.Y}.Add(mustWorld(cam, tx, ty).Sub(press)))
			if st.Bend != 0 || math.Abs(st.Fraction-want) > 1e-9 || want > 0.8 {
				t.Errorf("back: bend %v fraction %v, want 0 and %v", st.Bend, st.Fraction, want)
			}
		})
	}
}
