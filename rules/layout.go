package rules

import (
	"fmt"
	"math"
	"sort"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/table"
)

// Layout answers: what the terrain and unit editors ask while a table is being laid out.

// Rulebook references of the layout answers (seed 000 lines).
const (
	CitePlacement = "RRG 2.0 Kompetitive Geländeplatzierung L1711–1717 (each piece beyond range 1 of all other pieces; " +
		"where that is impossible, anywhere it touches no other piece)"
	CiteCoverage = "RRG 2.0 Kompetitive Geländeplatzierung L1705–1710 (the pieces together cover roughly a quarter of the battlefield)"
	CiteDeploy   = "RRG 2.0 Aufstellung L2781–2835 (every mini placed in cohesion with its leader), Bewegung L3949–4008 (no base may overlap another)"
)

// PlacementCheck is one terrain piece measured against the competitive placement rule: its
// nearest other piece and the top-down gap to it. OK when the gap is beyond range 1 (more than
// rangeSegment + epsilon); Touching when the pieces touch or overlap (gap ≤ contactTolerance +
// epsilon), which not even the rule's fallback allows. A piece alone on the table is OK, with
// Nearest "" and Distance +Inf.
type PlacementCheck struct {
	ID       string
	OK       bool
	Touching bool
	Nearest  string
	Distance float64
	Reasons  []Reason
}

// TerrainPlacement checks every terrain piece, in file order, against competitive terrain
// placement (RRG 2.0 L1711–1717): each piece beyond range 1 of all other pieces; if that is
// impossible, not touching another piece. Whether "impossible" applies is for the players to say;
// the answer gives the gap so that the editor can show both.
func (w *World) TerrainPlacement() []PlacementCheck {
	out := make([]PlacementCheck, len(w.Terrain))
	for i, a := range w.Terrain {
		out[i] = w.placement(a.ID, a.Foot, i)
	}
	return out
}

// PlacementOf checks a piece that is not on the table yet — the one a click would place — as
// TerrainPlacement checks the pieces on it. t must be a piece table.Load accepts.
func (w *World) PlacementOf(t *table.Terrain) (PlacementCheck, error) {
	foot, err := terrainFoot(t)
	if err != nil {
		return PlacementCheck{}, err
	}
	return w.placement(t.ID, foot, -1), nil
}

// placement checks the piece id with footprint foot against every piece but the skip-th.
func (w *World) placement(id string, foot geometry.Shape, skip int) PlacementCheck {
	p := w.File.Profile
	c := PlacementCheck{ID: id, Distance: math.Inf(1)}
	for j, b := range w.Terrain {
		if j == skip {
			continue
		}
		// A gap is at least the gap between the bounding boxes: skip what cannot be nearer.
		if boxGap(foot.Bounds(), b.Foot.Bounds()) >= c.Distance {
			continue
		}
		if d := geometry.Distance(foot, b.Foot); d < c.Distance {
			c.Distance, c.Nearest = d, b.ID
		}
	}
	seg := p.RangeSegment
	switch {
	case c.Nearest == "":
		c.OK = true
		c.Reasons = []Reason{{Rule: "placement.alone", Cite: CitePlacement,
			Text: fmt.Sprintf("%s is the only terrain piece", id), IDs: []string{id}}}
	case c.Distance > seg+p.Epsilon:
		c.OK = true
		c.Reasons = []Reason{{Rule: "placement.beyond", Cite: CitePlacement,
			Text: fmt.Sprintf("%s is %.4g from the nearest piece %s, beyond range 1 (%g)", id, c.Distance, c.Nearest, seg),
			IDs:  []string{id, c.Nearest}}}
	case c.Distance <= p.ContactTolerance+p.Epsilon:
		c.Touching = true
		c.Reasons = []Reason{{Rule: "placement.touching", Cite: CitePlacement,
			Text: fmt.Sprintf("%s touches %s: not allowed even where range 1 cannot be kept", id, c.Nearest),
			IDs:  []string{id, c.Nearest}}}
	default:
		c.Reasons = []Reason{{Rule: "placement.within", Cite: CitePlacement,
			Text: fmt.Sprintf("%s is %.4g from %s, within range 1 (needs more than %g); allowed only where no place beyond range 1 is left",
				id, c.Distance, c.Nearest, seg),
			IDs: []string{id, c.Nearest}}}
	}
	return c
}

// boxGap is the least distance between two boxes (0 when they meet).
func boxGap(a, b r2.Rect) float64 {
	dx := math.Max(0, math.Max(a.X.Lo-b.X.Hi, b.X.Lo-a.X.Hi))
	dy := math.Max(0, math.Max(a.Y.Lo-b.Y.Hi, b.Y.Lo-a.Y.Hi))
	return math.Hypot(dx, dy)
}

// Coverage is how much of the table the terrain footprints cover: the area of their union
// inside the table (overlaps counted once, overhangs not at all), and its fraction of the table.
type Coverage struct {
	Covered  float64
	Table    float64
	Fraction float64
	Reasons  []Reason
}

// TerrainCoverage measures the table area the terrain covers, exactly (geometry.UnionArea),
// against the competitive layout's "roughly a quarter" (RRG 2.0 L1705–1710).
func (w *World) TerrainCoverage() Coverage {
	bf := w.File.Battlefield
	shapes := make([]geometry.Shape, len(w.Terrain))
	for i, p := range w.Terrain {
		shapes[i] = p.Foot
	}
	c := Coverage{Table: bf.Width * bf.Depth}
	c.Covered = geometry.UnionArea(shapes, r2.RectFromPoints(r2.Point{}, r2.Point{X: bf.Width, Y: bf.Depth}))
	if c.Table > 0 {
		c.Fraction = c.Covered / c.Table
	}
	c.Reasons = []Reason{{Rule: "coverage", Cite: CiteCoverage,
		Text: fmt.Sprintf("%d terrain pieces cover %.4g of the table's %.4g (%.1f%%; a competitive layout aims at about 25%%)",
			len(w.Terrain), c.Covered, c.Table, 100*c.Fraction)}}
	return c
}

// PieceAt is the id of the terrain piece at table point p: the last piece in the file (the one
// drawn on top) whose footprint contains p, else the nearest piece within tol of p, else "".
func (w *World) PieceAt(p r2.Point, tol float64) string {
	best, bestD := "", math.Inf(1)
	for i := len(w.Terrain) - 1; i >= 0; i-- {
		t := w.Terrain[i]
		d := t.Foot.DistanceToPoint(p)
		if d == 0 {
			return t.ID
		}
		if d <= tol && d < bestD {
			best, bestD = t.ID, d
		}
	}
	return best
}

// ArrangeQuery asks where to put the minis of a new unit: its type (for the terrain it may not
// stand in), base diameter, mini height, the number of minis and the point to cluster them about.
type ArrangeQuery struct {
	ID     string // the new unit's id (must not exist yet)
	Type   table.UnitType
	Base   float64
	Height float64
	N      int
	X, Y   float64
}

// Arrangement is where the minis go, leader first, and why.
type Arrangement struct {
	Points  []r2.Point
	Reasons []Reason
}

// arrangeGap is the clearance between the bases of a placed cluster, as a fraction of the base.
const arrangeGap = 0.1

// ArrangeUnit places a new unit's minis in a tight cluster about (X, Y): the leader on the free
// spot nearest to (X, Y), the others on the free spots nearest to the leader, on a hexagonal
// grid one base (plus a tenth) apart. A spot is free when the base lies on the table and overlaps
// no other base, no token, no solid terrain (the mini would stand inside it) and no terrain
// impassable for the unit's type. The result is then checked with Cohesion (every mini within
// the speed-1 tool of the leader where it could reach), and a mini found out of cohesion is moved
// to the next free spot. An error says when there is no room (RRG 2.0 Aufstellung L2781–2835).
func (w *World) ArrangeUnit(q ArrangeQuery) (Arrangement, error) {
	p := w.File.Profile
	bf := w.File.Battlefield
	if q.N < 1 {
		return Arrangement{}, fmt.Errorf("a unit needs at least one mini, asked for %d", q.N)
	}
	if !(q.Base > 0) {
		return Arrangement{}, fmt.Errorf("base diameter must be positive, got %g", q.Base)
	}
	if _, taken := w.byID[q.ID]; taken {
		return Arrangement{}, fmt.Errorf("id %q is taken", q.ID)
	}
	r := q.Base / 2
	probe := &Unit{Unit: &table.Unit{ID: q.ID, Type: q.Type}}
	free := func(c r2.Point, placed []r2.Point) bool {
		if c.X-r < 0 || c.Y-r < 0 || c.X+r > bf.Width || c.Y+r > bf.Depth {
			return false
		}
		foot := geometry.Circle(c, r)
		for _, o := range placed {
			if c.Sub(o).Norm() < q.Base+w.tol() {
				return false
			}
		}
		for _, m := range w.Minis {
			if geometry.Overlap(foot, m.Foot) {
				return false
			}
		}
		for _, k := range w.Tokens {
			if geometry.Overlap(foot, k.Foot) {
				return false
			}
		}
		for _, t := range w.Terrain {
			if (t.Kind == table.Solid || w.MoveClassFor(t, probe) == table.Impassable) && geometry.Overlap(foot, t.Foot) {
				return false
			}
		}
		return true
	}
	step := q.Base * (1 + arrangeGap)
	target := r2.Point{X: q.X, Y: q.Y}
	// The leader: the free grid spot nearest to the target, searched out to range 2.
	var leader r2.Point
	found := false
	for _, c := range hexSpots(target, step, 2*p.RangeSegment) {
		if free(c, nil) {
			leader, found = c, true
			break
		}
	}
	if !found {
		return Arrangement{}, fmt.Errorf("no free spot for a %g base within range 2 of (%.4g, %.4g)", q.Base, q.X, q.Y)
	}
	ans := Arrangement{Points: []r2.Point{leader}}
	ans.Reasons = append(ans.Reasons, Reason{Rule: "arrange.leader", Cite: CiteDeploy,
		Text: fmt.Sprintf("the leader stands on the free spot nearest to (%.4g, %.4g), %.4g from it", q.X, q.Y, leader.Sub(target).Norm())})
	if q.N == 1 {
		return ans, nil
	}
	// The others: free spots nearest to the leader, in cohesion distance; a spot the cohesion
	// check rejects is dropped and the next one taken.
	reach := p.MoveTools[0] + 2*r // centre to centre
	spots := hexSpots(leader, step, reach)[1:]
	rejected := map[r2.Point]bool{}
	for attempt := 0; attempt < 8; attempt++ {
		pts := []r2.Point{leader}
		for _, c := range spots {
			if len(pts) == q.N {
				break
			}
			if !rejected[c] && free(c, pts) {
				pts = append(pts, c)
			}
		}
		if len(pts) < q.N {
			return Arrangement{}, fmt.Errorf("room for only %d of %d minis in cohesion near (%.4g, %.4g)", len(pts), q.N, q.X, q.Y)
		}
		out, err := w.outOfCohesion(q, pts)
		if err != nil {
			return Arrangement{}, err
		}
		if len(out) == 0 {
			ans.Points = pts
			ans.Reasons = append(ans.Reasons, Reason{Rule: "arrange.cohesion", Cite: CiteCohesion,
				Text: fmt.Sprintf("the other %d minis stand on the free spots nearest to the leader, every one in cohesion", q.N-1)})
			return ans, nil
		}
		for _, i := range out {
			rejected[pts[i]] = true
		}
	}
	return Arrangement{}, fmt.Errorf("could not place %d minis in cohesion near (%.4g, %.4g)", q.N, q.X, q.Y)
}

// outOfCohesion puts the unit of q with its minis at pts (leader first) on a copy of the table and
// returns the indexes of the minis Cohesion finds out of cohesion.
func (w *World) outOfCohesion(q ArrangeQuery, pts []r2.Point) ([]int, error) {
	u := table.Unit{ID: q.ID, Type: q.Type, Speed: 2}
	index := map[string]int{}
	for i, c := range pts {
		id := fmt.Sprintf("%s\x00%d", q.ID, i)
		index[id] = i
		u.Minis = append(u.Minis, table.Mini{ID: id, Leader: i == 0, X: c.X, Y: c.Y, Base: q.Base, Height: q.Height})
	}
	f := *w.File
	f.UnitsOnTable = append(append([]table.Unit(nil), w.File.UnitsOnTable...), u)
	ans, err := NewWorld(&f).Cohesion(q.ID)
	if err != nil {
		return nil, err
	}
	var out []int
	for _, id := range ans.Out {
		out = append(out, index[id])
	}
	return out, nil
}

// hexSpots lists the points of a hexagonal grid of spacing step through c, within radius of c,
// nearest first (ties in a fixed order).
func hexSpots(c r2.Point, step, radius float64) []r2.Point {
	n := int(math.Ceil(radius/step)) + 1
	h := step * math.Sqrt(3) / 2
	type spot struct {
		p r2.Point
		d float64
	}
	var s []spot
	for j := -n; j <= n; j++ {
		for i := -n - 1; i <= n+1; i++ {
			x := float64(i) * step
			if j%2 != 0 {
				x += step / 2
			}
			d := r2.Point{X: x, Y: float64(j) * h}
			if l := d.Norm(); l <= radius+1e-9*step {
				s = append(s, spot{c.Add(d), l})
			}
		}
	}
	sort.SliceStable(s, func(a, b int) bool { return s[a].d < s[b].d })
	out := make([]r2.Point, len(s))
	for i, v := range s {
		out[i] = v.p
	}
	return out
}
