package rules

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/table"
)

// A small base: r = 0.5315. Speed-1 tool: L = 2.95, so the joint is r + L/2 = 2.0065 from the
// centre and a full move runs 2·2.0065 = 4.013.
const smallR = 1.063 / 2

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// squad is a table with a trooper unit u (leader l at (10,10), followers given as "id":[x,y]) and
// extra terrain and units (JSON array bodies).
func squad(followers [][3]any, terrain, units string) string {
	var ms []string
	ms = append(ms, `{"id":"l","leader":true,"x":10,"y":10,"base":"small","height":1.65}`)
	for _, f := range followers {
		ms = append(ms, fmt.Sprintf(`{"id":%q,"x":%v,"y":%v,"base":"small","height":1.65}`, f[0], f[1], f[2]))
	}
	if units != "" {
		units = "," + units
	}
	return `{"format":"holotable/1","battlefield":{"width":72,"depth":36},"terrain":[` + terrain + `],
	 "units_on_table":[{"id":"u","side":"red","type":"trooper","minis":[` + strings.Join(ms, ",") + `]}` + units + `]}`
}

// applied returns the world with the leader of unit at leaderAt and the placements applied.
func applied(t *testing.T, w *World, unit string, leaderAt r2.Point, pl []Placement) *World {
	t.Helper()
	data, err := table.Save(w.File)
	if err != nil {
		t.Fatal(err)
	}
	f, err := table.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	for ui := range f.UnitsOnTable {
		u := &f.UnitsOnTable[ui]
		if u.ID != unit {
			continue
		}
		for mi := range u.Minis {
			m := &u.Minis[mi]
			if m.Leader {
				m.X, m.Y = leaderAt.X, leaderAt.Y
			}
			for _, p := range pl {
				if p.ID == m.ID {
					m.X, m.Y = p.X, p.Y
				}
			}
		}
	}
	data, err = table.Save(f)
	if err != nil {
		t.Fatalf("placements do not save: %v", err)
	}
	f, err = table.Load(data)
	if err != nil {
		t.Fatalf("placements do not load: %v", err)
	}
	return NewWorld(f)
}

// TestPlaceFollowersOpenGround: on open ground every follower keeps its offset exactly: the leader
// goes from (10,10) to (20,12), so each follower moves by (10,2).
func TestPlaceFollowersOpenGround(t *testing.T) {
	w := world(t, squad([][3]any{{"a", 11.5, 10}, {"b", 10, 11.5}, {"c", 8.9, 8.9}}, "", ""))
	to := r2.Point{X: 20, Y: 12}
	got, err := w.PlaceFollowers("u", to)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]float64{"a": {21.5, 12}, "b": {20, 13.5}, "c": {18.9, 10.9}}
	if len(got) != 3 {
		t.Fatalf("%d placements, want 3", len(got))
	}
	for _, p := range got {
		wp := want[p.ID]
		if !p.OK || !p.Kept || !near(p.X, wp[0], 1e-12) || !near(p.Y, wp[1], 1e-12) {
			t.Errorf("%s: %+v, want kept at %v", p.ID, p, wp)
		}
	}
	if c, _ := applied(t, w, "u", to, got).Cohesion("u"); !c.OK {
		t.Errorf("after placing: %+v", c)
	}
}

// TestPlaceFollowersWall: follower f stands 1.5 below the leader. The leader moves to (20,10),
// just above a wall whose top edge is y = 8.6 (x 15–25): f's offset spot (20,8.5) is inside the
// wall. A legal spot needs y ≥ 8.6 + r = 9.1315 (off the wall) and a centre at least 1.063 from
// the leader's (20,10) (no overlap); the nearest such points to (20,8.5) are where the line
// y = 9.1315 meets that circle: x = 20 ± √(1.063² − 0.8685²) = 20 ± 0.61292, at
// √(0.61292² + 0.6315²) = 0.88004 from the offset spot. The sampled search may land a little
// farther, by at most about one candidate step (r/2).
func TestPlaceFollowersWall(t *testing.T) {
	wall := `{"id":"wall","polygon":[[15,0],[25,0],[25,8.6],[15,8.6]],"height":3,"kind":"solid","move":{"trooper":"impassable"}}`
	w := world(t, squad([][3]any{{"f", 10, 8.5}}, wall, ""))
	to := r2.Point{X: 20, Y: 10}
	got, err := w.PlaceFollowers("u", to)
	if err != nil {
		t.Fatal(err)
	}
	p := got[0]
	if !p.OK || p.Kept {
		t.Fatalf("%+v: want moved and OK", p)
	}
	d := math.Hypot(p.X-20, p.Y-8.5)
	if d < 0.88004-1e-4 || d > 0.88004+smallR/2 {
		t.Errorf("placed at (%.4f, %.4f), %.4f from the offset spot; want within [0.88004, 0.88004 + r/2]", p.X, p.Y, d)
	}
	if p.Y < 9.1315-1e-6 || math.Hypot(p.X-20, p.Y-10) < 1.063-1e-6 {
		t.Errorf("placed at (%.4f, %.4f): on the wall or on the leader", p.X, p.Y)
	}
	if c, _ := applied(t, w, "u", to, got).Cohesion("u"); !c.OK {
		t.Errorf("after placing: %+v", c)
	}
}

// TestPlaceFollowersCrowd: the leader's new spot (20,10) lies in a crowd of enemy troopers packed
// edge to edge on a hexagonal grid (spacing 1.063 = one small base), with two cells left free:
// the leader's and the one east of it, (21.063,10). Follower a's offset (+1.063, 0) is that free
// cell: kept. Follower b's offset (+2.126, 0) is taken, and every other spot within cohesion
// overlaps a crowd base (the gaps of a packing are far smaller than a base): b is flagged and
// stays where it was.
func TestPlaceFollowersCrowd(t *testing.T) {
	const d = 1.063
	var crowd []string
	for row := -6; row <= 6; row++ {
		for col := -7; col <= 7; col++ {
			x := 20 + float64(col)*d + float64(row&1)*d/2
			y := 10 + float64(row)*d*math.Sqrt(3)/2
			if math.Hypot(x-20, y-10) > 6.5 || (row == 0 && (col == 0 || col == 1)) {
				continue
			}
			crowd = append(crowd, fmt.Sprintf(`{"id":"e-%d-%d","x":%.12g,"y":%.12g,"base":"small","height":1.65}`, row, col, x, y))
		}
	}
	crowd[0] = strings.Replace(crowd[0], `"base"`, `"leader":true,"base"`, 1)
	enemy := `{"id":"e","side":"blue","type":"trooper","minis":[` + strings.Join(crowd, ",") + `]}`
	w := world(t, squad([][3]any{{"a", 10 + d, 10}, {"b", 10 + 2*d, 10}}, "", enemy))
	got, err := w.PlaceFollowers("u", r2.Point{X: 20, Y: 10})
	if err != nil {
		t.Fatal(err)
	}
	if a := got[0]; a.ID != "a" || !a.OK || !a.Kept || !near(a.X, 20+d, 1e-12) || !near(a.Y, 10, 1e-12) {
		t.Errorf("a: %+v, want kept at (21.063, 10)", a)
	}
	if b := got[1]; b.ID != "b" || b.OK || b.X != 10+2*d || b.Y != 10 {
		t.Errorf("b: %+v, want flagged at its old spot (12.126, 10)", b)
	} else if last := b.Reasons[len(b.Reasons)-1]; last.Rule != "place.none" {
		t.Errorf("b's last reason %+v, want place.none", last)
	}
}

// TestPlaceFollowersOrderAndHeight: a follower whose offset spot is legal keeps it even when an
// earlier follower in file order had to move (offsets are placed first); a follower more than
// height 1 (6) below its leader cannot be in cohesion anywhere on its level and is flagged.
func TestPlaceFollowersOrderAndHeight(t *testing.T) {
	// The wall covers a's offset spot (20,8.5) after the move to (20,10); b's offset spot
	// (21.1,10) is free and must be kept although a, placed later, would like to be near it.
	wall := `{"id":"wall","polygon":[[15,0],[25,0],[25,8.6],[15,8.6]],"height":3,"kind":"solid","move":{"trooper":"impassable"}}`
	w := world(t, squad([][3]any{{"a", 10, 8.5}, {"b", 11.1, 10}}, wall, ""))
	got, err := w.PlaceFollowers("u", r2.Point{X: 20, Y: 10})
	if err != nil {
		t.Fatal(err)
	}
	if got[1].ID != "b" || !got[1].Kept || !near(got[1].X, 21.1, 1e-12) {
		t.Errorf("b: %+v, want kept at (21.1, 10)", got[1])
	}
	if !got[0].OK || got[0].Kept || geometry.Overlap(geometry.Circle(r2.Point{X: got[0].X, Y: got[0].Y}, smallR), geometry.Circle(r2.Point{X: 21.1, Y: 10}, smallR)) {
		t.Errorf("a: %+v, want moved, clear of b", got[0])
	}

	doc := strings.Replace(squad([][3]any{{"low", 11.5, 10}}, "", ""), `"leader":true,`, `"leader":true,"z":7,`, 1)
	got, err = world(t, doc).PlaceFollowers("u", r2.Point{X: 30, Y: 10})
	if err != nil {
		t.Fatal(err)
	}
	if got[0].OK || got[0].X != 11.5 {
		t.Errorf("a follower 7 below its leader: %+v, want flagged where it stands", got[0])
	}
	if _, err := w.PlaceFollowers("nobody", r2.Point{}); err == nil {
		t.Error("unknown unit: want an error")
	}
	if _, err := w.PlaceFollowers("u", r2.Point{X: math.NaN()}); err == nil {
		t.Error("NaN position: want an error")
	}
}

// TestToolShape: a speed-1 tool at heading 0 with a 90° bend against the small base at (10,10)
// touches the base at (10.5315, 10), bends at (12.0065, 10) and ends L/2 = 1.475 north of the
// joint; a full move puts the centre r beyond that, at (12.0065, 12.0065). It is drawn 6/12 wide.
func TestToolShape(t *testing.T) {
	w := world(t, squad(nil, "", ""))
	tl, err := w.Tool(MoveQuery{Mini: "l", Speed: 1, Heading: 0, Bend: 90})
	if err != nil {
		t.Fatal(err)
	}
	pts := []r2.Point{tl.Start, tl.Joint, tl.End, tl.Planned[2]}
	want := []r2.Point{{X: 10.5315, Y: 10}, {X: 12.0065, Y: 10}, {X: 12.0065, Y: 11.475}, {X: 12.0065, Y: 12.0065}}
	for i := range pts {
		if !near(pts[i].X, want[i].X, 1e-9) || !near(pts[i].Y, want[i].Y, 1e-9) {
			t.Errorf("point %d: %v, want %v", i, pts[i], want[i])
		}
	}
	if tl.Width != 0.5 || tl.Length != 2.95 || tl.Radius != smallR {
		t.Errorf("width %v length %v radius %v", tl.Width, tl.Length, tl.Radius)
	}
	// The tool's planned path is Move's.
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 50; i++ {
		q := MoveQuery{Mini: "l", Speed: 1 + rng.Intn(3), Heading: rng.Float64() * 360, Bend: rng.Float64()*180 - 90, Fraction: 1}
		tl, _ := w.Tool(q)
		mv, _ := w.Move(q)
		for k := range mv.Planned {
			if tl.Planned[k] != mv.Planned[k] {
				t.Fatalf("%+v: tool path %v, move path %v", q, tl.Planned, mv.Planned)
			}
		}
	}
	if _, err := w.Tool(MoveQuery{Mini: "l", Speed: 0}); err == nil {
		t.Error("speed 0: want an error")
	}
}

// TestAimEnd: the far end at (12.0065, 11.475) is reached by the tool of TestToolShape (heading
// 0, bend 90) or by its mirror image in the line from the centre to that point, which lies at
// atan(1.475/2.0065) = 36.320° — heading 72.640°, bend −90; the current bend picks the nearer.
// A point beyond the reach 2.0065 + 1.475 = 3.4815 gets a straight tool pointing at it; a bend
// of 120° is limited to 90°.
func TestAimEnd(t *testing.T) {
	w := world(t, squad(nil, "", ""))
	q := MoveQuery{Mini: "l", Speed: 1}
	cases := []struct {
		bend, px, py, heading, wantBend float64
	}{
		{80, 12.0065, 11.475, 0, 90},
		{-80, 12.0065, 11.475, 72.640023, -90},
		{0, 30, 10, 0, 0},
		{0, 10, 30, 90, 0},
		{0, 10, 10 - 3.4815, 270, 0},
		// joint (12.0065, 10), far end 1.475 along 120°: bend 120 → 90, heading kept 0.
		{50, 12.0065 - 0.7375, 10 + 1.475*math.Sqrt(3)/2, 0, 90},
		// inside the base: unchanged.
		{33, 10.1, 10, 17, 33},
	}
	for _, c := range cases {
		q.Bend = c.bend
		q.Heading = 17
		h, b, err := w.AimEnd(q, r2.Point{X: c.px, Y: c.py})
		if err != nil {
			t.Fatal(err)
		}
		if !near(h, c.heading, 1e-5) || !near(b, c.wantBend, 1e-5) {
			t.Errorf("bend %v, point (%v,%v): heading %.6f bend %.6f, want %v %v", c.bend, c.px, c.py, h, b, c.heading, c.wantBend)
		}
	}
	// Round trip: wherever the bend is within limits, the tool's end lands on the point.
	rng := rand.New(rand.NewSource(9))
	for i := 0; i < 200; i++ {
		q := MoveQuery{Mini: "l", Speed: 1 + rng.Intn(3), Heading: rng.Float64() * 360, Bend: rng.Float64()*180 - 90}
		tl, _ := w.Tool(q)
		h, b, _ := w.AimEnd(MoveQuery{Mini: "l", Speed: q.Speed, Heading: 0, Bend: q.Bend}, tl.End)
		back, _ := w.Tool(MoveQuery{Mini: "l", Speed: q.Speed, Heading: h, Bend: b})
		if back.End.Sub(tl.End).Norm() > 1e-9 {
			t.Fatalf("%+v: aimed (%v, %v) ends at %v, want %v", q, h, b, back.End, tl.End)
		}
	}
}

// TestFractionAt: the path of TestToolShape runs 2.0065 east then 2.0065 north (4.013 in all).
// (11, 9) is nearest to the point 1 along it: 1/4.013 = 0.24919. (13, 11.0065) is nearest to the
// second half, 1.0065 up it: 3.013/4.013 = 0.75081. Far beyond the end: 1; behind the start: 0.
func TestFractionAt(t *testing.T) {
	w := world(t, squad(nil, "", ""))
	q := MoveQuery{Mini: "l", Speed: 1, Heading: 0, Bend: 90}
	for _, c := range []struct{ x, y, want float64 }{
		{11, 9, 0.24919013}, {13, 11.0065, 0.75080987}, {12, 40, 1}, {0, 10, 0},
	} {
		got, err := w.FractionAt(q, r2.Point{X: c.x, Y: c.y})
		if err != nil {
			t.Fatal(err)
		}
		if !near(got, c.want, 1e-8) {
			t.Errorf("(%v,%v): %.8f, want %.8f", c.x, c.y, got, c.want)
		}
	}
}

// TestPivotAndFacing: a creature (notched) facing 90° turned to 150° pivots +60° (legal), to 200°
// +110° (more than 90°), to −100° (= 260°) +170°; its knob sits on the base edge in the new
// facing. A trooper does not pivot. A notched leader ends a move parallel to the tool section it
// reached: heading 10° bend 30° → 40° on a full move, 10° when it stops before the joint.
func TestPivotAndFacing(t *testing.T) {
	doc := `{"format":"holotable/1","battlefield":{"width":72,"depth":36},"units_on_table":[
	 {"id":"c","side":"red","type":"creature","speed":3,"minis":[{"id":"c-1","leader":true,"x":20,"y":20,"base":"medium","height":2,"facing":90}]},
	 {"id":"u","side":"red","type":"trooper","minis":[{"id":"l","leader":true,"x":10,"y":10,"base":"small","height":1.65,"facing":45}]}]}`
	w := world(t, doc)
	for _, c := range []struct {
		to, facing, turn float64
		legal            bool
	}{{150, 150, 60, true}, {200, 200, 110, false}, {-100, 260, 170, false}, {0, 0, -90, true}, {450, 90, 0, true}} {
		a, err := w.Pivot("c-1", c.to)
		if err != nil {
			t.Fatal(err)
		}
		if !near(a.Facing, c.facing, 1e-9) || !near(a.Turn, c.turn, 1e-9) || a.Legal != c.legal || !a.Notched {
			t.Errorf("to %v: %+v, want facing %v turn %v legal %v", c.to, a, c.facing, c.turn, c.legal)
		}
		r := 1.969 / 2
		if k := a.Knob; !near(k.X, 20+r*math.Cos(c.facing*math.Pi/180), 1e-9) || !near(k.Y, 20+r*math.Sin(c.facing*math.Pi/180), 1e-9) {
			t.Errorf("to %v: knob %v", c.to, k)
		}
	}
	if a, _ := w.Pivot("l", 90); a.Notched || a.Legal {
		t.Errorf("trooper pivot: %+v", a)
	}
	if b, _ := w.Bearing("c-1", r2.Point{X: 20, Y: 15}); b != 270 {
		t.Errorf("bearing straight down: %v, want 270", b)
	}
	full := MoveQuery{Mini: "c-1", Speed: 1, Heading: 10, Bend: 30, Fraction: 1}
	part := full
	part.Fraction = 0.25
	for _, c := range []struct {
		q    MoveQuery
		want float64
	}{{full, 40}, {part, 10}} {
		mv, err := w.Move(c.q)
		if err != nil {
			t.Fatal(err)
		}
		if f, _ := w.EndFacing(c.q, mv); !near(f, c.want, 1e-9) {
			t.Errorf("fraction %v: end facing %v, want %v", c.q.Fraction, f, c.want)
		}
	}
	tq := MoveQuery{Mini: "l", Speed: 1, Heading: 0, Bend: 30, Fraction: 1}
	mv, _ := w.Move(tq)
	if f, _ := w.EndFacing(tq, mv); f != 45 {
		t.Errorf("trooper end facing %v, want its own 45", f)
	}
}
