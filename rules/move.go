package rules

import (
	"fmt"
	"math"
	"strconv"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/table"
)

// MoveQuery is a standard move of a unit leader with the movement tool of the given speed: the
// tool's first half along Heading (degrees), its second half turned by Bend, and the move stopped
// at Fraction (0–1) of its length.
type MoveQuery struct {
	Mini     string
	Speed    int
	Heading  float64
	Bend     float64
	Fraction float64
}

// MoveAnswer is where the move ends and whether it is legal.
type MoveAnswer struct {
	X, Y      float64    // the leader's base centre at the end
	Blocked   bool       // stopped early by an obstacle or the table edge
	BlockedBy string     // the obstacle's id, "edge", or "" (none)
	MaxSpeed  int        // the unit's maximum speed after difficult terrain
	Legal     bool       // speed ≤ MaxSpeed, not stopped by the edge, and the end overlaps nothing
	Path      []r2.Point // the base centre's path as travelled (start, joint, end)
	Planned   []r2.Point // the whole tool path (start, joint, far end)
	Difficult []string   // difficult terrain that lowered the max speed
	EndClash  []string   // what the end position overlaps
	Reasons   []Reason
}

// obstacle is something a moving base may not enter: its id and its footprint (the World's,
// shared, not to be changed).
type obstacle struct {
	id   string
	foot *geometry.Shape
}

// toolPath is the path of the base centre for the movement tool of length L placed against a base
// of radius r at c: r + L/2 along heading, then L/2 + r along heading + bend.
func toolPath(c r2.Point, r, L, heading, bend float64) []r2.Point {
	d1 := dirDeg(heading)
	j := c.Add(d1.Mul(r + L/2))
	e := j.Add(dirDeg(heading + bend).Mul(L/2 + r))
	return []r2.Point{c, j, e}
}

// dirDeg is the unit vector at deg degrees (geometry.Direction: any finite angle, exact at
// multiples of 90°).
func dirDeg(deg float64) r2.Point { return geometry.Direction(deg) }

// truncate returns the first t of path (by length); path itself (not a copy) when t reaches its
// end. Paths are never changed in place.
func truncate(path []r2.Point, t float64) []r2.Point {
	if t >= geometry.PolylineLength(path) {
		return path
	}
	out := make([]r2.Point, 1, len(path))
	out[0] = path[0]
	left := t
	for i := 1; i < len(path); i++ {
		seg := path[i].Sub(path[i-1]).Norm()
		if seg >= left {
			if seg > 0 {
				out = append(out, path[i-1].Add(path[i].Sub(path[i-1]).Mul(left/seg)))
			}
			return out
		}
		out = append(out, path[i])
		left -= seg
	}
	return out
}

// noPassOver is the passOver height of a move that passes over no terrain (heights are ≥ 0).
const noPassOver = -1

// passing is what a move passes over: terrain whose height is at most terrain (Speeder X, Hover:
// Air X, Jump X), which is then neither an obstacle nor impassable for it, and minis whose top
// (z + height) is at most minis (Jump X), which do not stop it; noPassOver for none.
type passing struct{ terrain, minis float64 }

// noPassing is a move that passes over nothing.
var noPassing = passing{noPassOver, noPassOver}

// moveObstacles lists what mover (a unit leader) may not move through: terrain impassable for its
// class, and the bases it may not pass (every mover passes troopers and repulsors; only
// repulsors pass creatures, emplacements and ground vehicles). The unit's own other minis count
// like any other base (spec scenario-v1 "Movement": "any other base") unless ownAside is set, as
// for the cohesion test ("the unit's own minis are ignored on the way and at the end").
func (w *World) moveObstacles(mover *Mini, ownAside bool) []obstacle {
	return w.toolObstacles(mover, ownAside, noPassing)
}

// toolObstacles is moveObstacles for a move that passes over what pass says (Speeder X, Hover:
// Air X, Jump X; spec v1.1). The mover is known by its id, so that a copy of it standing elsewhere
// (a move from a pivoted or placed leader) is not its own obstacle.
func (w *World) toolObstacles(mover *Mini, ownAside bool, pass passing) []obstacle {
	out := make([]obstacle, 0, len(w.Terrain)+8)
	w.eachToolObstacle(mover, ownAside, pass, func(id string, s *geometry.Shape) { out = append(out, obstacle{id, s}) })
	return out
}

// eachToolObstacle calls fn with each of toolObstacles' obstacles in its order (terrain, then
// bases), without building the list.
func (w *World) eachToolObstacle(mover *Mini, ownAside bool, pass passing, fn func(id string, s *geometry.Shape)) {
	u := mover.Unit
	cls := moverIndex(u)
	for _, p := range w.Terrain {
		if w.impassableFor(p, cls, pass.terrain) {
			fn(p.ID, &p.Foot)
		}
	}
	if u.Type == table.Repulsor {
		return
	}
	for _, m := range w.Minis {
		if isMover(m, mover) || (ownAside && m.Unit == u) || m.Z+m.Height <= pass.minis+w.File.Profile.Epsilon {
			continue
		}
		switch m.Unit.Type {
		case table.Creature, table.Emplacement, table.Ground:
			fn(m.ID, &m.Foot)
		}
	}
}

// isMover reports whether m is the moving mini, or the mini a moved copy of it stands for (a copy
// shares its unit and id).
func isMover(m, mover *Mini) bool { return m == mover || m.Unit == mover.Unit && m.ID == mover.ID }

// underRuleset is a piece's movement class under the ruleset: in Spezialeinsätze difficult
// terrain counts as open. NewWorld keeps it per piece and mover class (Piece.moves: the moves ask
// it of every piece for every question).
func underRuleset(c table.Passage, ruleset string) table.Passage {
	if c == table.Difficult && ruleset == "specops" {
		return table.Open
	}
	return c
}

// moverIndex is u's mover class as an index of Piece.moves.
func moverIndex(u *Unit) int { return int(u.MoverClass()) }

// impassableFor reports whether p is impassable for movers of class cls (moverIndex) on a move
// that passes over terrain up to passOver high (the piece's height within epsilon of passOver is
// passed over: "at most").
func (w *World) impassableFor(p *Piece, cls int, passOver float64) bool {
	return p.moves[cls] == table.Impassable && !(p.Height <= passOver+w.File.Profile.Epsilon)
}

// sweep runs a base of radius r along path against the obstacles and the table edge, and returns
// how far it gets and what stops it ("edge", an id, or "").
func (w *World) sweep(path []r2.Point, r float64, obs []obstacle) (float64, string) {
	stop, by := geometry.PolylineLength(path), ""
	reach := r2.RectFromPoints(path...).ExpandedByMargin(r)
	for _, o := range obs {
		if !o.foot.Bounds().Intersects(reach) {
			continue // the swept base cannot reach it
		}
		if t, hit := geometry.SweepCircle(path, r, *o.foot); hit && t < stop {
			stop, by = t, o.id
		}
	}
	return w.sweepEdge(path, r, stop, by)
}

// sweepEdge ends a sweep that got as far as stop (stopped by by) where the base would leave the
// table, if that comes first or at the same place.
func (w *World) sweepEdge(path []r2.Point, r, stop float64, by string) (float64, string) {
	bf := w.File.Battlefield
	rect := r2.RectFromPoints(r2.Point{}, r2.Point{X: bf.Width, Y: bf.Depth})
	if t, left := geometry.SweepInRect(path, r, rect); left && t <= stop {
		stop, by = t, "edge"
	}
	return stop, by
}

// sweepMover is sweep against toolObstacles(mover, false, pass), taken in place rather than as a
// list (the move tool asks it on every pointer move): the same obstacles in the same order, so the
// same answer.
func (w *World) sweepMover(path []r2.Point, r float64, mover *Mini, pass passing) (float64, string) {
	stop, by := geometry.PolylineLength(path), ""
	reach := r2.RectFromPoints(path...).ExpandedByMargin(r)
	hit := func(id string, s *geometry.Shape) {
		if s.Bounds().Intersects(reach) {
			if t, h := geometry.SweepCircle(path, r, *s); h && t < stop {
				stop, by = t, id
			}
		}
	}
	w.eachToolObstacle(mover, false, pass, hit)
	return w.sweepEdge(path, r, stop, by)
}

// endClashes lists what mover's base would overlap with its centre at c: other bases (the unit's
// own only when ownAside is false), tokens, and terrain impassable for its class.
func (w *World) endClashes(mover *Mini, c r2.Point, ownAside bool) []string {
	return w.endClashesOver(mover, c, ownAside, noPassOver)
}

// endShapes lists what mover's base may not end overlapping (endClashes' candidates), each with
// its id: other bases, tokens, and terrain impassable for it on a move passing over terrain up to
// passOver high.
func (w *World) endShapes(mover *Mini, ownAside bool, passOver float64) []obstacle {
	out := make([]obstacle, 0, len(w.Minis)+len(w.Tokens)+len(w.Terrain))
	w.eachEndShape(mover, ownAside, passOver, func(id string, s *geometry.Shape) { out = append(out, obstacle{id, s}) })
	return out
}

// eachEndShape calls fn with each of endShapes' shapes in its order, without building the list.
func (w *World) eachEndShape(mover *Mini, ownAside bool, passOver float64, fn func(id string, s *geometry.Shape)) {
	u := mover.Unit
	for _, m := range w.Minis {
		if isMover(m, mover) || (ownAside && m.Unit == u) {
			continue
		}
		fn(m.ID, &m.Foot)
	}
	for _, k := range w.Tokens {
		fn(k.ID, &k.Foot)
	}
	cls := moverIndex(u)
	for _, p := range w.Terrain {
		if w.impassableFor(p, cls, passOver) {
			fn(p.ID, &p.Foot)
		}
	}
}

// endClashesOver is endClashes for a move passing over terrain up to passOver high: the shapes of
// eachEndShape that the base overlaps, tested in place (only those whose box meets the base's).
func (w *World) endClashesOver(mover *Mini, c r2.Point, ownAside bool, passOver float64) []string {
	foot := geometry.Circle(c, mover.Radius())
	box := foot.Bounds()
	var out []string
	for _, m := range w.Minis {
		if m.Foot.Bounds().Intersects(box) && !isMover(m, mover) && !(ownAside && m.Unit == mover.Unit) && geometry.Overlap(foot, m.Foot) {
			out = append(out, m.ID)
		}
	}
	for _, k := range w.Tokens {
		if k.Foot.Bounds().Intersects(box) && geometry.Overlap(foot, k.Foot) {
			out = append(out, k.ID)
		}
	}
	cls := moverIndex(mover.Unit)
	for _, p := range w.Terrain {
		if p.Foot.Bounds().Intersects(box) && w.impassableFor(p, cls, passOver) && geometry.Overlap(foot, p.Foot) {
			out = append(out, p.ID)
		}
	}
	return out
}

// overlapping lists the ids of the shapes foot overlaps, in their order.
func overlapping(foot geometry.Shape, shapes []obstacle) []string {
	var out []string
	for _, o := range shapes {
		if geometry.Overlap(foot, *o.foot) {
			out = append(out, o.id)
		}
	}
	return out
}

// toolRun is one run of the movement tool against a unit leader, the part every kind of move
// shares (spec scenario-v1 "Movement", and v1.1 "The maneuver query"): the tool of a speed, its
// first half leaving the base along d0 (degrees), the second turned by bend, the move stopped at
// fraction of its length, passing over what pass says, with the changes opts makes to what
// stops it and where it may end.
type toolRun struct {
	m        *Mini
	speed    int
	d0, bend float64
	fraction float64
	pass     passing
	opts     moveOpts
}

// moveOpts change what a move may pass and end on, for the moves beyond the spec's: ignore are
// minis that are not on the table for it (a transported unit's other minis while its leader
// disembarks), block are more obstacles (engaged troopers a displacing mover may not pass), endOK
// are bases it may end on (the troopers it displaces). The zero value changes nothing.
type moveOpts struct {
	ignore map[string]bool
	block  []obstacle
	endOK  map[string]bool
}

// zero reports whether opts change nothing.
func (o moveOpts) zero() bool { return len(o.ignore) == 0 && len(o.block) == 0 && len(o.endOK) == 0 }

// apply drops from obs what opts ignore (and, for end shapes, the bases it may end on) and adds
// the extra obstacles when forEnd is false.
func (o moveOpts) apply(obs []obstacle, forEnd bool) []obstacle {
	if o.zero() {
		return obs
	}
	out := obs[:0:0]
	for _, x := range obs {
		if !o.ignore[x.id] && !(forEnd && o.endOK[x.id]) {
			out = append(out, x)
		}
	}
	if !forEnd {
		out = append(out, o.block...)
	}
	return out
}

// run moves the leader: the planned and travelled paths, what stops it, the difficult terrain the
// unit stands in or the leader enters, and what the end overlaps; with the tool's reasons. MaxSpeed
// and Legal are left for the caller.
func (w *World) run(t toolRun) MoveAnswer {
	m, p := t.m, w.File.Profile
	r := m.Radius()
	L := p.MoveTools[t.speed-1]
	planned := toolPath(m.Centre(), r, L, t.d0, t.bend)
	path := truncate(planned, t.fraction*(L+2*r))
	var stop float64
	var by string
	if t.opts.zero() {
		stop, by = w.sweepMover(path, r, m, t.pass)
	} else {
		stop, by = w.sweep(path, r, t.opts.apply(w.toolObstacles(m, false, t.pass), false))
	}
	travelled := truncate(path, stop)
	end := travelled[len(travelled)-1]
	ans := MoveAnswer{Path: travelled, Planned: planned, BlockedBy: by, Blocked: by != "", Reasons: make([]Reason, 0, 6)}
	ans.X, ans.Y = end.X, end.Y
	// "speed-1 tool (2.95 long) against a-1's base: the centre runs 2.006 along 0°, then 2.006
	// along 30°" (numbers to 4 decimals), built without fmt or float formatting (the move tool asks
	// this on every pointer move).
	var buf [128]byte
	b := append(append(buf[:0], "speed-"...), byte('0'+t.speed))
	b = append(append4(append(b, " tool ("...), L), " long) against "...)
	b = append(append(b, m.ID...), "'s base: the centre runs "...)
	b = append(append4(b, r+L/2), " along "...)
	b = append(append4(b, t.d0), "°, then "...)
	b = append(append4(b, L/2+r), " along "...)
	b = append(append4(b, t.d0+t.bend), "°"...)
	ans.Reasons = append(ans.Reasons, Reason{Rule: "move.tool", Cite: CiteMove, Text: string(b), IDs: m.ids()})
	switch by {
	case "":
	case "edge":
		ans.Reasons = append(ans.Reasons, Reason{Rule: "move.edge", Cite: CiteEdge,
			Text: "the base would leave the battlefield: it stops where it touches the table edge, and the move is not legal"})
	default:
		ans.Reasons = append(ans.Reasons, Reason{Rule: "move.blocked", Cite: CiteMoveObstacle,
			Text: "stopped where the base touches " + by + ", which it may not move through", IDs: []string{by}})
	}
	ans.Difficult = w.difficultFor(m.Unit, travelled, r)
	if t.opts.zero() {
		ans.EndClash = w.endClashesOver(m, end, false, t.pass.terrain)
	} else {
		ans.EndClash = overlapping(geometry.Circle(end, r), t.opts.apply(w.endShapes(m, false, t.pass.terrain), true))
	}
	return ans
}

// difficultFor lists the terrain that is difficult for u and that one of its minis stands in at
// the start, or that the leader's travelled path (a base of radius r) overlaps; touching only does
// not count (RRG 2.0 Schwieriges Gelände L1486–1500, L10049–10107).
func (w *World) difficultFor(u *Unit, travelled []r2.Point, r float64) []string {
	var out []string
	reach := r2.RectFromPoints(travelled...).ExpandedByMargin(r)
	cls := moverIndex(u)
	for _, t := range w.Terrain {
		if t.moves[cls] != table.Difficult {
			continue
		}
		hit := false
		for _, mm := range u.Minis {
			if geometry.Overlap(mm.Foot, t.Foot) {
				hit = true
				break
			}
		}
		if !hit && t.Foot.Bounds().Intersects(reach) {
			_, hit = geometry.SweepCircle(travelled, r, t.Foot)
		}
		if hit {
			out = append(out, t.ID)
		}
	}
	return out
}

// speedAndEnd adds the reasons of the max speed (from speed to maxSpeed through the difficult
// terrain of ans), of a tool faster than it, and of a clashing end; and sets ans.MaxSpeed and
// ans.Legal (the tool's speed within the max speed, not stopped by the edge, an end overlapping
// nothing).
func (w *World) speedAndEnd(ans *MoveAnswer, tool, speed, maxSpeed int) {
	ans.MaxSpeed = maxSpeed
	if len(ans.Difficult) > 0 {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "move.difficult", Cite: CiteDifficult,
			Text: joinIDs(ans.Difficult) + " is difficult terrain for this unit and is entered or stood in: max speed " + strconv.Itoa(speed) + " → " + strconv.Itoa(maxSpeed),
			IDs:  ans.Difficult})
	} else if w.File.Ruleset == "specops" {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "move.specops", Cite: CiteSpecOpsOpen, Text: "difficult terrain counts as open"})
	}
	ans.Legal = tool <= ans.MaxSpeed && ans.BlockedBy != "edge" && len(ans.EndClash) == 0
	if tool > ans.MaxSpeed {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "move.speed", Cite: CiteMove,
			Text: "a speed-" + strconv.Itoa(tool) + " move is more than the unit's max speed " + strconv.Itoa(ans.MaxSpeed)})
	}
	if len(ans.EndClash) > 0 {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "move.end", Cite: CiteMoveObstacle,
			Text: "the end position overlaps " + joinIDs(ans.EndClash), IDs: ans.EndClash})
	}
}

// Move answers a standard move of a unit leader (spec scenario-v1 "Movement").
func (w *World) Move(q MoveQuery) (MoveAnswer, error) {
	m, err := w.Mini(q.Mini)
	if err != nil {
		return MoveAnswer{}, err
	}
	p := w.File.Profile
	switch {
	case !m.Leader:
		return MoveAnswer{}, fmt.Errorf("'%s' is not a unit leader; only leaders move with the tool", m.ID)
	case q.Speed < 1 || q.Speed > 3:
		return MoveAnswer{}, fmt.Errorf("speed %d is outside 1–3", q.Speed)
	case math.IsNaN(q.Heading) || math.IsInf(q.Heading, 0):
		return MoveAnswer{}, fmt.Errorf("a heading of %g° is not a finite angle", q.Heading)
	case math.Abs(q.Bend) > p.MaxBend+1e-9:
		return MoveAnswer{}, fmt.Errorf("a bend of %g° is more than the tool's %g°", q.Bend, p.MaxBend)
	case !(q.Fraction >= 0 && q.Fraction <= 1):
		return MoveAnswer{}, fmt.Errorf("fraction %g is outside 0–1", q.Fraction)
	}
	u := m.Unit
	ans := w.run(toolRun{m: m, speed: q.Speed, d0: q.Heading, bend: q.Bend, fraction: q.Fraction, pass: noPassing})
	maxSpeed := u.Speed
	if len(ans.Difficult) > 0 {
		maxSpeed = max(1, u.Speed-1)
	}
	w.speedAndEnd(&ans, q.Speed, u.Speed, maxSpeed)
	return ans, nil
}
