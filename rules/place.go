package rules

import (
	"fmt"
	"math"
	"sort"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/table"
)

// This file holds what the move tool needs besides Move itself: the tool's shape for drawing, the
// inverse questions a pointer asks of it (which heading and bend put the tool's far end here, which
// fraction of the path is nearest there), the facing a notched base ends with, pivots, and the
// placement of a unit's other minis in cohesion after its leader moved.

// Cite lines for this file's answers.
const (
	CiteNotches    = "RRG 2.0 Basis L3235–3267, Einkerbungen L5285–5332 (notched bases: the tool in the front notch; a partial move leaves the notches parallel to the tool section reached)"
	CitePivot      = "RRG 2.0 Drehung L5017–5051 (rotate a notched base up to 90° about its centre), Truppler L10974–10975 (troopers do not pivot)"
	CiteRestore    = "RRG 2.0 Standardbewegung L10440–10458, Formation L6194–6344 (after the leader moves, the other minis are placed in cohesion)"
	CiteParallel   = "RRG 2.0 Formation L6194–6344, Einkerbungen L5285–5332 (notched minis in cohesion face the same way as their leader)"
	MaxPivot       = 90.0 // degrees a pivot may turn each way (CitePivot)
	toolWidthRatio = 12.0 // the drawn tool is rangeSegment/12 wide (0.5" for 6" segments)
)

// Notched reports whether the unit's minis stand on notched bases (creature, emplacement, ground
// and repulsor units) and so have a facing that matters; troopers' round bases do not (CiteNotches).
func (u *Unit) Notched() bool {
	switch u.Type {
	case table.Creature, table.Emplacement, table.Ground, table.Repulsor:
		return true
	}
	return false
}

// ToolShape is the movement tool for a move query as it lies on the table, for drawing and for
// the pointer: its centre line from where it touches the leader's base through its joint to its
// far end, and the path the base centre would take on a full move.
type ToolShape struct {
	Start, Joint, End r2.Point   // the tool: against the base, at the joint, at the far end
	Planned           []r2.Point // the base centre's full path: start, joint, end (as Move's Planned)
	Length            float64    // the tool's straight length (both halves)
	Width             float64    // how wide the tool is drawn: rangeSegment/12
	Radius            float64    // the leader's base radius
}

// checkLeader returns the leader mini of a move query and the tool length, or the same error Move
// gives.
func (w *World) checkLeader(mini string, speed int) (*Mini, float64, error) {
	m, err := w.Mini(mini)
	if err != nil {
		return nil, 0, err
	}
	if !m.Leader {
		return nil, 0, fmt.Errorf("'%s' is not a unit leader; only leaders move with the tool", m.ID)
	}
	if speed < 1 || speed > 3 {
		return nil, 0, fmt.Errorf("speed %d is outside 1–3", speed)
	}
	return m, w.File.Profile.MoveTools[speed-1], nil
}

// Tool is the tool of a move query (Fraction is not used) as placed against the leader's base.
func (w *World) Tool(q MoveQuery) (ToolShape, error) {
	m, L, err := w.checkLeader(q.Mini, q.Speed)
	if err != nil {
		return ToolShape{}, err
	}
	r := m.Radius()
	planned := toolPath(m.Centre(), r, L, q.Heading, q.Bend)
	return ToolShape{
		Start:   m.Centre().Add(dirDeg(q.Heading).Mul(r)),
		Joint:   planned[1],
		End:     planned[1].Add(dirDeg(q.Heading + q.Bend).Mul(L / 2)),
		Planned: planned,
		Length:  L,
		Width:   w.File.Profile.RangeSegment / toolWidthRatio,
		Radius:  r,
	}, nil
}

// Bearing is the direction from the mini's base centre to p, in degrees in [0, 360) (0 along +x,
// counter-clockwise); 0 when p is the centre. The move tool's joint handle sets the heading with
// it, the pivot knob the facing.
func (w *World) Bearing(mini string, p r2.Point) (float64, error) {
	m, err := w.Mini(mini)
	if err != nil {
		return 0, err
	}
	d := p.Sub(m.Centre())
	if d.Norm() == 0 {
		return 0, nil
	}
	return normDeg(math.Atan2(d.Y, d.X) * 180 / math.Pi), nil
}

// normDeg maps an angle in degrees to [0, 360).
func normDeg(a float64) float64 {
	a = math.Mod(a, 360)
	if a < 0 {
		a += 360
	}
	if a >= 360-1e-9 { // a tiny negative angle: 0, not 359.99999…
		a = 0
	}
	return a
}

// turnDeg maps an angle in degrees to (−180, 180].
func turnDeg(a float64) float64 {
	a = math.Mod(a, 360)
	switch {
	case a > 180:
		a -= 360
	case a <= -180:
		a += 360
	}
	return a
}

// AimEnd is the heading and bend that put the tool's far end (ToolShape.End) at p, for the far-end
// handle. The joint lies on the circle of radius r + L/2 round the leader's centre and the far end
// L/2 beyond it, so p fixes the joint up to a mirror image; of the two, the one whose bend is
// nearer the current bend is taken (the tool moves continuously under the pointer), and the bend
// is then limited to ±maxBend. When p is beyond the tool's reach the tool points straight at it;
// when p is inside the leader's base the query is returned unchanged.
func (w *World) AimEnd(q MoveQuery, p r2.Point) (heading, bend float64, err error) {
	m, L, err := w.checkLeader(q.Mini, q.Speed)
	if err != nil {
		return 0, 0, err
	}
	c, r := m.Centre(), m.Radius()
	a, h := r+L/2, L/2
	maxBend := w.File.Profile.MaxBend
	D := p.Sub(c).Norm()
	switch {
	case D >= a+h:
		hd, _ := w.Bearing(q.Mini, p)
		return hd, 0, nil
	case D <= a-h:
		return q.Heading, q.Bend, nil
	}
	j1, j2, ok := geometry.CircleCrossings(c, a, p, h)
	if !ok {
		return q.Heading, q.Bend, nil
	}
	best := false
	for _, j := range []r2.Point{j1, j2} {
		d1, d2 := j.Sub(c), p.Sub(j)
		hd := math.Atan2(d1.Y, d1.X) * 180 / math.Pi
		bd := turnDeg(math.Atan2(d2.Y, d2.X)*180/math.Pi - hd)
		if !best || math.Abs(bd-q.Bend) < math.Abs(bend-q.Bend) {
			heading, bend, best = hd, bd, true
		}
	}
	bend = math.Max(-maxBend, math.Min(maxBend, bend))
	return normDeg(heading), bend, nil
}

// FractionAt is the fraction (0–1) of the query's full path whose base-centre position lies
// nearest to p: the fraction handle drags the end of a partial move along the path with it.
func (w *World) FractionAt(q MoveQuery, p r2.Point) (float64, error) {
	t, err := w.Tool(q)
	if err != nil {
		return 0, err
	}
	path := t.Planned
	total := geometry.PolylineLength(path)
	if total == 0 {
		return 0, nil
	}
	bestD, bestS, run := math.Inf(1), 0.0, 0.0
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		seg := b.Sub(a)
		l := seg.Norm()
		s := 0.0
		if l > 0 {
			s = math.Max(0, math.Min(l, p.Sub(a).Dot(seg)/l))
		}
		if d := a.Add(seg.Mul(s / math.Max(l, 1e-300))).Sub(p).Norm(); d < bestD {
			bestD, bestS = d, run+s
		}
		run += l
	}
	return math.Max(0, math.Min(1, bestS/total)), nil
}

// EndFacing is the facing (degrees, [0, 360)) a notched leader ends a move with: parallel to the
// section of the tool it reached — the second half's direction once it passed the joint, else the
// heading (CiteNotches). Round bases keep their facing; EndFacing returns it unchanged for them.
func (w *World) EndFacing(q MoveQuery, a MoveAnswer) (float64, error) {
	m, err := w.Mini(q.Mini)
	if err != nil {
		return 0, err
	}
	if !m.Unit.Notched() {
		return m.Facing, nil
	}
	if w.sectionReached(a) == 2 {
		return normDeg(q.Heading + q.Bend), nil
	}
	return normDeg(q.Heading), nil
}

// PivotAnswer is a notched mini turned to a new facing about its base centre.
type PivotAnswer struct {
	Facing    float64  // the new facing, [0, 360)
	Turn      float64  // the signed turn from the mini's facing ((−180, 180] for Pivot)
	Limit     float64  // how far the unit may turn each way (Unit.PivotLimit)
	Legal     bool     // a notched base turned within Limit, sweeping no base it cannot displace
	Notched   bool     // only notched bases pivot
	Knob      r2.Point // the point of the base edge in the new facing (where the pivot handle sits)
	Swept     []string // other minis' bases the turning base overlaps on the way (PivotBy), sorted
	Displaced []string // of those, the troopers it displaces (a non-round ground vehicle's base)
	Blocked   []string // of those, the ones that stop the pivot
	Reasons   []Reason
}

// Pivot answers turning the mini to facing (degrees) the shorter way round, within the unit's
// PivotLimit (90°, Full Pivot 360°). Its base is a disc, so a pivot overlaps nothing it did not
// already overlap; PivotBy turns by a signed angle and tests a non-round base's sweep.
func (w *World) Pivot(mini string, facing float64) (PivotAnswer, error) {
	m, err := w.Mini(mini)
	if err != nil {
		return PivotAnswer{}, err
	}
	if math.IsNaN(facing) || math.IsInf(facing, 0) {
		return PivotAnswer{}, fmt.Errorf("facing %g is not a number of degrees", facing)
	}
	a := PivotAnswer{Facing: normDeg(facing), Turn: turnDeg(facing - m.Facing), Notched: m.Unit.Notched(), Limit: m.Unit.PivotLimit()}
	a.Knob = m.Centre().Add(dirDeg(a.Facing).Mul(m.Radius()))
	switch {
	case !a.Notched:
		a.Reasons = append(a.Reasons, Reason{Rule: "pivot.round", Cite: CitePivot,
			Text: fmt.Sprintf("%s stands on a round base: troopers do not pivot, their facing does not matter", m.ID), IDs: []string{m.ID}})
	case math.Abs(a.Turn) <= a.Limit+1e-9:
		a.Legal = true
		a.Reasons = append(a.Reasons, Reason{Rule: "pivot.ok", Cite: CitePivot,
			Text: fmt.Sprintf("%s turns %+.4g°, within %g°", m.ID, a.Turn, a.Limit), IDs: []string{m.ID}})
	default:
		a.Reasons = append(a.Reasons, Reason{Rule: "pivot.far", Cite: CitePivot,
			Text: fmt.Sprintf("%s turns %+.4g°, more than one pivot's %g°", m.ID, a.Turn, a.Limit), IDs: []string{m.ID}})
	}
	return a, nil
}

// Placement is where PlaceFollowers puts one non-leader mini.
type Placement struct {
	ID   string
	X, Y float64
	// Kept: the mini keeps its offset from the leader. OK: the spot is legal and in cohesion;
	// false when no such spot was found, and then X, Y are where the mini stands now.
	Kept, OK bool
	// Terrain lists the solid pieces the mini's base stands in or half on (footing): empty on
	// open ground, set only when no spot on open ground in cohesion was found.
	Terrain []string
	Reasons []Reason
}

// PlaceFollowers places the unit's other minis in cohesion with its leader moved to leaderAt
// (CiteRestore). Each keeps its offset from the leader when that spot is legal and on open
// ground; otherwise it goes to the nearest legal spot on open ground found, and only when there is
// none to its legal offset spot or the nearest legal spot found on terrain (Terrain names the
// pieces and a place.terrain reason says so, CiteFooting); a mini for which no legal spot is
// found is reported with OK false.
//
// A spot is legal for a mini of radius r when its base lies on the table; it overlaps no other
// unit's base, no token and no terrain impassable for the unit (the end rules of a move); it
// overlaps none of the unit's minis placed before it (the leader first); and it passes
// Cohesion's tests against the moved leader: edge to edge within moveTools[0], base bottom within
// height 1 (minis keep their z), and reachable by the leader with a legal speed-1 move.
//
// A spot is on open ground when the base, at the mini's z, stands in or half on no solid piece
// (footing): a barricade, wall or building a player would not stand a mini against or on. The
// top of a standable solid piece is open ground for a mini standing on it (z at its top) with its
// whole base on it — a building's roof, for followers of a leader up there (they keep their z).
// Area terrain and depressions are ground minis stand in.
//
// The search is a placement choice, not a rules answer: minis whose offset spot is legal and on
// open ground are placed first, in file order; then each other mini, in file order, tries
// candidate spots round the leader, on rings from touching its base out to the cohesion limit in
// steps of a quarter of the mini's base diameter, at about the same spacing along each ring,
// nearest to its offset spot first. Every candidate is checked with the exact tests above.
func (w *World) PlaceFollowers(unit string, leaderAt r2.Point) ([]Placement, error) {
	u, err := w.Unit(unit)
	if err != nil {
		return nil, err
	}
	if math.IsNaN(leaderAt.X) || math.IsNaN(leaderAt.Y) || math.IsInf(leaderAt.X, 0) || math.IsInf(leaderAt.Y, 0) {
		return nil, fmt.Errorf("leader position (%g, %g) is not a point", leaderAt.X, leaderAt.Y)
	}
	ld := u.Leader
	moved := *ld.Mini
	moved.X, moved.Y = leaderAt.X, leaderAt.Y
	newLd := &Mini{Mini: &moved, Unit: u, Foot: geometry.Circle(leaderAt, ld.Radius())}
	obs := w.moveObstacles(newLd, true)
	taken := []geometry.Shape{newLd.Foot}

	var out []Placement
	var later []int // indexes into out of minis not at their offset
	for _, m := range u.Minis {
		if m == ld {
			continue
		}
		target := leaderAt.Add(m.Centre().Sub(ld.Centre()))
		pl := Placement{ID: m.ID, X: m.X, Y: m.Y}
		why := w.spotFault(u, newLd, m, target, taken, obs)
		if why == "" {
			if on := w.footing(m, target); len(on) > 0 {
				why = "it would stand on " + joinIDs(on)
			}
		}
		if why == "" {
			pl.X, pl.Y, pl.Kept, pl.OK = target.X, target.Y, true, true
			pl.Reasons = append(pl.Reasons, Reason{Rule: "place.kept", Cite: CiteRestore,
				Text: fmt.Sprintf("%s keeps its place relative to %s", m.ID, ld.ID), IDs: []string{m.ID, ld.ID}})
			taken = append(taken, geometry.Circle(target, m.Radius()))
		} else {
			pl.Reasons = append(pl.Reasons, Reason{Rule: "place.offset", Cite: CiteRestore,
				Text: fmt.Sprintf("%s cannot keep its place relative to %s: %s", m.ID, ld.ID, why), IDs: []string{m.ID, ld.ID}})
			later = append(later, len(out))
		}
		out = append(out, pl)
	}
	for _, i := range later {
		pl := &out[i]
		m, _ := w.Mini(pl.ID)
		target := leaderAt.Add(m.Centre().Sub(ld.Centre()))
		if math.Abs(m.Z-ld.Z) > w.File.Profile.RangeSegment+w.File.Profile.Epsilon {
			pl.Reasons = append(pl.Reasons, Reason{Rule: "place.none", Cite: CiteCohesionVert,
				Text: fmt.Sprintf("%s stands more than height 1 above or below its leader: no spot on this level is in cohesion", m.ID), IDs: []string{m.ID}})
			continue
		}
		// The first legal spot on open ground; failing that the offset spot, or else the first
		// legal spot, on terrain.
		var fallback *r2.Point
		if w.spotFault(u, newLd, m, target, taken, obs) == "" {
			fallback = &target
		}
		for _, q := range w.candidates(leaderAt, ld.Radius(), m.Radius(), target) {
			if w.spotFault(u, newLd, m, q, taken, obs) != "" {
				continue
			}
			if len(w.footing(m, q)) > 0 {
				if fallback == nil {
					fallback = &q
				}
				continue
			}
			pl.X, pl.Y, pl.OK = q.X, q.Y, true
			pl.Reasons = append(pl.Reasons, Reason{Rule: "place.moved", Cite: CiteCohesion,
				Text: fmt.Sprintf("%s placed %.4g from its old place relative to %s, the nearest legal spot in cohesion found", m.ID, q.Sub(target).Norm(), ld.ID),
				IDs:  []string{m.ID, ld.ID}})
			break
		}
		if !pl.OK && fallback != nil {
			q := *fallback
			pl.X, pl.Y, pl.OK, pl.Kept = q.X, q.Y, true, q == target
			pl.Terrain = w.footing(m, q)
			pl.Reasons = append(pl.Reasons, Reason{Rule: "place.terrain", Cite: CiteFooting,
				Text: fmt.Sprintf("no spot on open ground in cohesion with %s found for %s: it stands on %s", ld.ID, m.ID, joinIDs(pl.Terrain)),
				IDs:  append([]string{m.ID, ld.ID}, pl.Terrain...)})
		}
		if pl.OK {
			taken = append(taken, geometry.Circle(r2.Point{X: pl.X, Y: pl.Y}, m.Radius()))
		} else {
			pl.Reasons = append(pl.Reasons, Reason{Rule: "place.none", Cite: CiteCohesion,
				Text: fmt.Sprintf("no legal spot in cohesion with %s found for %s: it stays where it is", ld.ID, m.ID), IDs: []string{m.ID}})
		}
	}
	return out, nil
}

// spotFault says why the mini m of u may not be placed with its base centre at q in cohesion with
// the moved leader ld ("" when it may). taken are the bases of the unit already placed.
func (w *World) spotFault(u *Unit, ld, m *Mini, q r2.Point, taken []geometry.Shape, obs []obstacle) string {
	p := w.File.Profile
	r := m.Radius()
	bf := w.File.Battlefield
	slack := table.EdgeSlack(w.File.Units) // as table.Load: touching the edge is on the table
	if q.X-r < -slack || q.Y-r < -slack || q.X+r > bf.Width+slack || q.Y+r > bf.Depth+slack {
		return "its base would leave the table"
	}
	foot := geometry.Circle(q, r)
	if d := geometry.Distance(ld.Foot, foot); d > p.MoveTools[0]+p.Epsilon {
		return fmt.Sprintf("it would be %.4g from its leader, farther than the speed-1 tool", d)
	}
	if math.Abs(m.Z-ld.Z) > p.RangeSegment+p.Epsilon {
		return "it stands more than height 1 above or below its leader"
	}
	for _, t := range taken {
		if geometry.Overlap(foot, t) {
			return "it would overlap a mini of its own unit"
		}
	}
	if c := w.endClashes(m, q, true); len(c) > 0 {
		return "it would overlap " + joinIDs(c)
	}
	if !w.reachable(u, ld, q, obs) {
		return "its leader could not reach that spot with a speed-1 move"
	}
	return ""
}

// candidates lists spots for a mini of radius r round a leader of radius rl at c, within the
// cohesion distance, nearest to target first (ties in ring order, then counter-clockwise from +x).
func (w *World) candidates(c r2.Point, rl, r float64, target r2.Point) []r2.Point {
	L1 := w.File.Profile.MoveTools[0]
	step := r / 2
	if step <= 0 {
		return nil
	}
	var pts []r2.Point
	rings := int(math.Floor(L1/step + 1e-9))
	for k := 0; k <= rings+1; k++ {
		rho := rl + r + math.Min(float64(k)*step, L1)
		n := max(6, int(math.Ceil(2*math.Pi*rho/step)))
		for i := 0; i < n; i++ {
			pts = append(pts, c.Add(dirDeg(360*float64(i)/float64(n)).Mul(rho)))
		}
		if float64(k)*step >= L1 {
			break
		}
	}
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].Sub(target).Norm() < pts[j].Sub(target).Norm() })
	return pts
}
