package rules

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/golang/geo/r2"

	"holotable/table"
)

// layoutDoc is a 72×36 table holding the given terrain pieces and units (JSON array bodies).
func layoutDoc(terrain, units string) string {
	return `{"format":"holotable/1","battlefield":{"width":72,"depth":36},"terrain":[` + terrain +
		`],"units_on_table":[` + units + `]}`
}

// square is a solid piece [x0, x1] × [y0, y1].
func square(id string, x0, y0, x1, y1 float64) string {
	return fmt.Sprintf(`{"id":%q,"polygon":[[%g,%g],[%g,%g],[%g,%g],[%g,%g]],"height":2}`, id, x0, y0, x1, y0, x1, y1, x0, y1)
}

// TestTerrainPlacement: competitive placement, hand-computed gaps (seed 000 L1711–1717: beyond
// range 1 of every other piece, fallback not touching; "beyond" needs more than 6 + epsilon).
func TestTerrainPlacement(t *testing.T) {
	type want struct {
		ok, touching bool
		nearest      string
		dist         float64
	}
	cases := []struct {
		name    string
		terrain string
		want    map[string]want
	}{
		{"alone", square("a", 10, 10, 12, 12), map[string]want{"a": {true, false, "", math.Inf(1)}}},
		// Gap 18 − 12 = 6: exactly range 1 is not beyond it.
		{"gap of exactly 6", square("a", 10, 10, 12, 12) + "," + square("b", 18, 10, 20, 12),
			map[string]want{"a": {false, false, "b", 6}, "b": {false, false, "a", 6}}},
		{"gap of 6 plus half an epsilon", square("a", 10, 10, 12, 12) + "," + square("b", 18.0000005, 10, 20, 12),
			map[string]want{"a": {false, false, "b", 6.0000005}}},
		{"gap of 6 plus two epsilons", square("a", 10, 10, 12, 12) + "," + square("b", 18.000002, 10, 20, 12),
			map[string]want{"a": {true, false, "b", 6.000002}}},
		{"gap of 6.5", square("a", 10, 10, 12, 12) + "," + square("b", 18.5, 10, 20, 12),
			map[string]want{"a": {true, false, "b", 6.5}}},
		// Corner to corner: hypot(4, 4) = 5.657 < 6.
		{"diagonal gap", square("a", 0, 0, 2, 2) + "," + square("b", 6, 6, 8, 8),
			map[string]want{"a": {false, false, "b", math.Sqrt(32)}}},
		{"shared edge touches", square("a", 10, 10, 12, 12) + "," + square("b", 12, 10, 14, 12),
			map[string]want{"a": {false, true, "b", 0}}},
		{"overlap touches", square("a", 10, 10, 12, 12) + "," + square("b", 11, 11, 14, 14),
			map[string]want{"b": {false, true, "a", 0}}},
		// contactTolerance 0.01: a gap of 0.005 touches, 0.02 does not.
		{"gap within the contact tolerance", square("a", 10, 10, 12, 12) + "," + square("b", 12.005, 10, 14, 12),
			map[string]want{"a": {false, true, "b", 0.005}}},
		{"gap beyond the contact tolerance", square("a", 10, 10, 12, 12) + "," + square("b", 12.02, 10, 14, 12),
			map[string]want{"a": {false, false, "b", 0.02}}},
		// A circle r 1 at (20, 5) and the square [10, 12] × [4, 6]: 20 − 1 − 12 = 7.
		// The third piece at [10, 12] × [14, 16] is 14 − 6 = 8 from the square: the square's nearest
		// is the circle, the third piece's is the square.
		{"nearest of several", square("sq", 10, 4, 12, 6) + `,{"id":"c","circle":{"x":20,"y":5,"r":1},"height":0,"kind":"depression"},` +
			square("far", 10, 14, 12, 16),
			map[string]want{"sq": {true, false, "c", 7}, "c": {true, false, "sq", 7}, "far": {true, false, "sq", 8}}},
	}
	for _, c := range cases {
		w := world(t, layoutDoc(c.terrain, ""))
		got := map[string]PlacementCheck{}
		for i, pc := range w.TerrainPlacement() {
			if pc.ID != w.Terrain[i].ID {
				t.Fatalf("%s: check %d is %s, piece %d is %s", c.name, i, pc.ID, i, w.Terrain[i].ID)
			}
			got[pc.ID] = pc
			if len(pc.Reasons) != 1 || pc.Reasons[0].Cite != CitePlacement {
				t.Errorf("%s: %s reasons %+v", c.name, pc.ID, pc.Reasons)
			}
		}
		for id, wt := range c.want {
			g := got[id]
			if g.OK != wt.ok || g.Touching != wt.touching || g.Nearest != wt.nearest ||
				!(g.Distance == wt.dist || math.Abs(g.Distance-wt.dist) < 1e-12) {
				t.Errorf("%s: %s = {ok %v touching %v nearest %q distance %v}, want %+v", c.name, id, g.OK, g.Touching, g.Nearest, g.Distance, wt)
			}
		}
	}
}

// The default layout follows the rule everywhere except where pieces were set deliberately close:
// every piece's nearest neighbour and gap agree with a brute-force scan.
func TestTerrainPlacementAgreesWithDistance(t *testing.T) {
	w := benchWorld(t)
	for _, pc := range w.TerrainPlacement() {
		best, bestID := math.Inf(1), ""
		for _, id := range pieceIDs(w) {
			if id == pc.ID {
				continue
			}
			d, err := w.Distance(pc.ID, id)
			if err != nil {
				t.Fatal(err)
			}
			if d.Distance < best {
				best, bestID = d.Distance, id
			}
		}
		if pc.Nearest != bestID || math.Abs(pc.Distance-best) > 1e-12 || pc.OK != (best > 6+1e-6) {
			t.Errorf("%s: nearest %s at %v (ok %v), scan says %s at %v", pc.ID, pc.Nearest, pc.Distance, pc.OK, bestID, best)
		}
	}
}

func pieceIDs(w *World) []string {
	var ids []string
	for _, p := range w.Terrain {
		ids = append(ids, p.ID)
	}
	return ids
}

// TestTerrainCoverage: a 12 × 12 square (144) and a circle of radius 3 centred on the table's
// corner (a quarter on the table: 9π/4) cover 144 + 9π/4 of 72 × 36 = 2592; a second square
// overlapping the first by 2 × 12 adds 10 × 12 − 0 more, counted once.
func TestTerrainCoverage(t *testing.T) {
	sq := square("a", 30, 10, 42, 22)
	corner := `{"id":"c","circle":{"x":0,"y":0,"r":3},"height":0,"kind":"depression"}`
	cases := []struct {
		terrain string
		covered float64
	}{
		{"", 0},
		{sq, 144},
		{sq + "," + corner, 144 + 9*math.Pi/4},
		{sq + "," + corner + "," + square("b", 40, 10, 52, 22), 144 + 9*math.Pi/4 + 120},
	}
	for _, c := range cases {
		cv := world(t, layoutDoc(c.terrain, "")).TerrainCoverage()
		if math.Abs(cv.Covered-c.covered) > 1e-9 || cv.Table != 2592 || math.Abs(cv.Fraction-c.covered/2592) > 1e-12 {
			t.Errorf("%s: covered %v of %v (%v), want %v", c.terrain, cv.Covered, cv.Table, cv.Fraction, c.covered)
		}
		if len(cv.Reasons) != 1 || cv.Reasons[0].Cite != CiteCoverage {
			t.Errorf("reasons %+v", cv.Reasons)
		}
	}
}

func TestPieceAt(t *testing.T) {
	w := world(t, layoutDoc(square("low", 10, 10, 20, 20)+","+square("top", 15, 15, 25, 25)+","+
		square("thin", 40, 10, 40.2, 20), ""))
	cases := []struct {
		x, y, tol float64
		want      string
	}{
		{12, 12, 0, "low"},
		{17, 17, 0, "top"}, // both contain it: the later piece is drawn on top
		{24, 24, 0, "top"},
		{30, 30, 1, ""},
		{40.3, 15, 0, ""},       // 0.1 off the thin piece
		{40.3, 15, 0.2, "thin"}, // within the tolerance
		{20.5, 12, 0.6, "low"},
		{25.3, 25.3, 0.5, "top"},
	}
	for _, c := range cases {
		if got := w.PieceAt(r2.Point{X: c.x, Y: c.y}, c.tol); got != c.want {
			t.Errorf("PieceAt(%g, %g, %g) = %q, want %q", c.x, c.y, c.tol, got, c.want)
		}
	}
}

// placed adds the arrangement as a unit to the table and returns the new world.
func placed(t *testing.T, terrain, units string, q ArrangeQuery, a Arrangement) *World {
	t.Helper()
	var minis []string
	for i, p := range a.Points {
		minis = append(minis, fmt.Sprintf(`{"id":"%s-%d","leader":%v,"x":%v,"y":%v,"base":%v,"height":%v}`,
			q.ID, i+1, i == 0, p.X, p.Y, q.Base, q.Height))
	}
	u := fmt.Sprintf(`{"id":%q,"type":%q,"minis":[%s]}`, q.ID, q.Type, strings.Join(minis, ","))
	if units != "" {
		u = units + "," + u
	}
	return world(t, layoutDoc(terrain, u))
}

func TestArrangeUnit(t *testing.T) {
	const small = 1.063
	step := small * 1.1
	// A long thin impassable wall just right of (36, 18), in the gap between the leader's base
	// and its right-hand neighbours' (36.53 … 36.64): those spots are free but out of cohesion
	// (the leader cannot reach round a wall 16 long with a speed-1 move). With 6 minis the nearest
	// free spots include (37.17, 18) behind the wall; Cohesion rejects it and the next ring is used.
	wall := `{"id":"wall","polygon":[[36.56,10],[36.61,10],[36.61,26],[36.56,26]],"height":3,"kind":"area","move":"impassable"}`
	bldg := strings.Replace(square("bldg", 30, 10, 40, 20), `"height":2}`, `"height":5,"move":"impassable"}`, 1)
	other := `{"id":"x","type":"trooper","minis":[{"id":"x-1","leader":true,"x":10,"y":10,"base":"small","height":1.65}]}`
	cases := []struct {
		name           string
		terrain, units string
		q              ArrangeQuery
		check          func(t *testing.T, pts []r2.Point)
	}{
		{"open ground", "", "", ArrangeQuery{ID: "u", Type: table.Trooper, Base: small, Height: 1.65, N: 4, X: 36, Y: 18},
			func(t *testing.T, pts []r2.Point) {
				if pts[0] != (r2.Point{X: 36, Y: 18}) {
					t.Errorf("leader at %v, want the target (36, 18)", pts[0])
				}
				for _, p := range pts[1:] {
					if d := p.Sub(pts[0]).Norm(); math.Abs(d-step) > 1e-9 {
						t.Errorf("mini at %v is %v from the leader, want one grid step %v", p, d, step)
					}
				}
			}},
		{"eight troopers", "", "", ArrangeQuery{ID: "u", Type: table.Trooper, Base: small, Height: 1.65, N: 8, X: 36, Y: 18},
			func(t *testing.T, pts []r2.Point) {
				// 6 neighbours at one step, then the next ring at √3 steps.
				for i, p := range pts[1:] {
					want := step
					if i >= 6 {
						want = step * math.Sqrt(3)
					}
					if d := p.Sub(pts[0]).Norm(); math.Abs(d-want) > 1e-9 {
						t.Errorf("mini %d at %v is %v from the leader, want %v", i+2, p, d, want)
					}
				}
			}},
		{"table corner", "", "", ArrangeQuery{ID: "u", Type: table.Trooper, Base: small, Height: 1.65, N: 4, X: 0, Y: 0},
			func(t *testing.T, pts []r2.Point) {
				if d := pts[0].Norm(); d > 2*step {
					t.Errorf("leader at %v, %v from the corner", pts[0], d)
				}
			}},
		{"target inside a building", bldg, "", ArrangeQuery{ID: "u", Type: table.Trooper, Base: small, Height: 1.65, N: 5, X: 35, Y: 15},
			func(t *testing.T, pts []r2.Point) {
				// The nearest free spot to (35, 15) is below or above the building, 5 + r away at best.
				if d := pts[0].Sub(r2.Point{X: 35, Y: 15}).Norm(); d < 5+small/2-1e-9 || d > 5+small/2+step {
					t.Errorf("leader at %v, %v from the target", pts[0], d)
				}
			}},
		{"next to another unit", "", other, ArrangeQuery{ID: "u", Type: table.Trooper, Base: small, Height: 1.65, N: 4, X: 10, Y: 10},
			func(t *testing.T, pts []r2.Point) {
				if d := pts[0].Sub(r2.Point{X: 10, Y: 10}).Norm(); math.Abs(d-step) > 1e-9 {
					t.Errorf("leader at %v, want one step from the other unit's mini", pts[0])
				}
			}},
		{"wall splits the cluster", wall, "", ArrangeQuery{ID: "u", Type: table.Trooper, Base: small, Height: 1.65, N: 6, X: 36, Y: 18},
			func(t *testing.T, pts []r2.Point) {
				if pts[0] != (r2.Point{X: 36, Y: 18}) {
					t.Errorf("leader at %v", pts[0])
				}
				for _, p := range pts[1:] {
					if p.X > 36.56 {
						t.Errorf("mini at %v is behind the wall", p)
					}
				}
			}},
		{"huge vehicle", "", "", ArrangeQuery{ID: "u", Type: table.Ground, Base: 3.937, Height: 6, N: 1, X: 1, Y: 35},
			func(t *testing.T, pts []r2.Point) {
				if len(pts) != 1 || pts[0].X < 3.937/2 || pts[0].Y > 36-3.937/2 {
					t.Errorf("vehicle at %v", pts)
				}
			}},
	}
	for _, c := range cases {
		w := world(t, layoutDoc(c.terrain, c.units))
		a, err := w.ArrangeUnit(c.q)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(a.Points) != c.q.N {
			t.Errorf("%s: %d points, want %d", c.name, len(a.Points), c.q.N)
			continue
		}
		t.Run(c.name, func(t *testing.T) { c.check(t, a.Points) })
		// Whatever the case: the table loads (bases on the table), nothing overlaps, cohesion holds.
		w2 := placed(t, c.terrain, c.units, c.q, a)
		u, _ := w2.Unit(c.q.ID)
		for _, m := range u.Minis {
			for _, o := range w2.Minis {
				if o != m && o.Foot.Bounds().Intersects(m.Foot.Bounds()) && o.Centre().Sub(m.Centre()).Norm() < (o.Base+m.Base)/2 {
					t.Errorf("%s: %s overlaps %s", c.name, m.ID, o.ID)
				}
			}
			for _, p := range w2.Terrain {
				if d, _ := w2.Distance(m.ID, p.ID); d.Distance == 0 {
					t.Errorf("%s: %s stands on %s", c.name, m.ID, p.ID)
				}
			}
		}
		if co, _ := w2.Cohesion(c.q.ID); !co.OK {
			t.Errorf("%s: out of cohesion: %v", c.name, co.Out)
		}
	}
}

func TestArrangeUnitRefusals(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":5,"depth":3},
	 "units_on_table":[{"id":"x","type":"trooper","minis":[{"id":"x-1","leader":true,"x":1,"y":1,"base":"small","height":1.65}]}]}`)
	cases := []struct {
		q    ArrangeQuery
		want string
	}{
		{ArrangeQuery{ID: "u", Type: table.Trooper, Base: 1.063, Height: 1.65, N: 8, X: 3.5, Y: 1.5}, "room for only"},
		{ArrangeQuery{ID: "u", Type: table.Ground, Base: 3.937, Height: 6, N: 1, X: 1.5, Y: 1.5}, "no free spot"},
		{ArrangeQuery{ID: "x", Type: table.Trooper, Base: 1.063, Height: 1.65, N: 1, X: 2, Y: 2}, "taken"},
		{ArrangeQuery{ID: "u", Type: table.Trooper, Base: 1.063, Height: 1.65, N: 0, X: 2, Y: 2}, "at least one"},
	}
	for _, c := range cases {
		if _, err := w.ArrangeUnit(c.q); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.q, err, c.want)
		}
	}
}
