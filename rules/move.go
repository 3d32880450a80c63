package rules

import (
	"fmt"
	"math"

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

// obstacle is something a moving base may not enter.
type obstacle struct {
	id   string
	foot geometry.Shape
}

// toolPath is the path of the base centre for the movement tool of length L placed against a base
// of radius r at c: r + L/2 along heading, then L/2 + r along heading + bend.
func toolPath(c r2.Point, r, L, heading, bend float64) []r2.Point {
	d1 := dirDeg(heading)
	j := c.Add(d1.Mul(r + L/2))
	e := j.Add(dirDeg(heading + bend).Mul(L/2 + r))
	return []r2.Point{c, j, e}
}

func dirDeg(deg float64) r2.Point {
	s, c := math.Sincos(deg * math.Pi / 180)
	return r2.Point{X: c, Y: s}
}

// truncate returns the first t of path (by length).
func truncate(path []r2.Point, t float64) []r2.Point {
	out := []r2.Point{path[0]}
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

// moveObstacles lists what mover (a unit leader) may not move through: terrain impassable for its
// class, and the bases it may not pass (every mover passes troopers and repulsors; only
// repulsors pass creatures, emplacements and ground vehicles). The unit's own other minis count
// like any other base (spec scenario-v1 "Movement": "any other base") unless ownAside is set, as
// for the cohesion test ("the unit's own minis are ignored on the way and at the end").
func (w *World) moveObstacles(mover *Mini, ownAside bool) []obstacle {
	u := mover.Unit
	var out []obstacle
	for _, p := range w.Terrain {
		if w.MoveClassFor(p, u) == "impassable" {
			out = append(out, obstacle{p.ID, p.Foot})
		}
	}
	if u.Type == "repulsor" {
		return out
	}
	for _, m := range w.Minis {
		if m == mover || (ownAside && m.Unit == u) {
			continue
		}
		switch m.Unit.Type {
		case "creature", "emplacement", "ground":
			out = append(out, obstacle{m.ID, m.Foot})
		}
	}
	return out
}

// sweep runs a base of radius r along path against the obstacles and the table edge, and returns
// how far it gets and what stops it ("edge", an id, or "").
func (w *World) sweep(path []r2.Point, r float64, obs []obstacle) (float64, string) {
	stop, by := geometry.PolylineLength(path), ""
	for _, o := range obs {
		if t, hit := geometry.SweepCircle(path, r, o.foot); hit && t < stop {
			stop, by = t, o.id
		}
	}
	bf := w.File.Battlefield
	rect := r2.RectFromPoints(r2.Point{}, r2.Point{X: bf.Width, Y: bf.Depth})
	if t, left := geometry.SweepInRect(path, r, rect); left && t <= stop {
		stop, by = t, "edge"
	}
	return stop, by
}

// endClashes lists what mover's base would overlap with its centre at c: other bases (the unit's
// own only when ownAside is false), tokens, and terrain impassable for its class.
func (w *World) endClashes(mover *Mini, c r2.Point, ownAside bool) []string {
	u := mover.Unit
	foot := geometry.Circle(c, mover.Radius())
	var out []string
	for _, m := range w.Minis {
		if m == mover || (ownAside && m.Unit == u) {
			continue
		}
		if geometry.Overlap(foot, m.Foot) {
			out = append(out, m.ID)
		}
	}
	for _, k := range w.Tokens {
		if geometry.Overlap(foot, k.Foot) {
			out = append(out, k.ID)
		}
	}
	for _, p := range w.Terrain {
		if w.MoveClassFor(p, u) == "impassable" && geometry.Overlap(foot, p.Foot) {
			out = append(out, p.ID)
		}
	}
	return out
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
	case !(math.Abs(q.Heading) <= table.MaxAngle):
		return MoveAnswer{}, fmt.Errorf("a heading of %g° is beyond ±%g°", q.Heading, table.MaxAngle)
	case math.Abs(q.Bend) > p.MaxBend+1e-9:
		return MoveAnswer{}, fmt.Errorf("a bend of %g° is more than the tool's %g°", q.Bend, p.MaxBend)
	case !(q.Fraction >= 0 && q.Fraction <= 1):
		return MoveAnswer{}, fmt.Errorf("fraction %g is outside 0–1", q.Fraction)
	}
	u := m.Unit
	r := m.Radius()
	L := p.MoveTools[q.Speed-1]
	planned := toolPath(m.Centre(), r, L, q.Heading, q.Bend)
	path := truncate(planned, q.Fraction*(L+2*r))
	stop, by := w.sweep(path, r, w.moveObstacles(m, false))
	travelled := truncate(path, stop)
	end := travelled[len(travelled)-1]
	ans := MoveAnswer{Path: travelled, Planned: planned, BlockedBy: by, Blocked: by != ""}
	ans.X, ans.Y = end.X, end.Y
	ans.Reasons = append(ans.Reasons, Reason{Rule: "move.tool", Cite: CiteMove,
		Text: fmt.Sprintf("speed-%d tool (%g long) against %s's base: the centre runs %.4g along %g°, then %.4g along %g°", q.Speed, L, m.ID, r+L/2, q.Heading, L/2+r, q.Heading+q.Bend),
		IDs:  []string{m.ID}})
	switch by {
	case "":
	case "edge":
		ans.Reasons = append(ans.Reasons, Reason{Rule: "move.edge", Cite: CiteEdge,
			Text: "the base would leave the battlefield: it stops where it touches the table edge, and the move is not legal"})
	default:
		ans.Reasons = append(ans.Reasons, Reason{Rule: "move.blocked", Cite: CiteMoveObstacle,
			Text: fmt.Sprintf("stopped where the base touches %s, which it may not move through", by), IDs: []string{by}})
	}
	// Difficult terrain: any mini of the unit on it at the start, or the leader's path or end.
	ans.MaxSpeed = u.Speed
	for _, t := range w.Terrain {
		if w.MoveClassFor(t, u) != "difficult" {
			continue
		}
		hit := false
		for _, mm := range u.Minis {
			if geometry.Overlap(mm.Foot, t.Foot) {
				hit = true
			}
		}
		if _, h := geometry.SweepCircle(travelled, r, t.Foot); h {
			hit = true
		}
		if hit {
			ans.Difficult = append(ans.Difficult, t.ID)
		}
	}
	if len(ans.Difficult) > 0 {
		ans.MaxSpeed = max(1, u.Speed-1)
		ans.Reasons = append(ans.Reasons, Reason{Rule: "move.difficult", Cite: CiteDifficult,
			Text: fmt.Sprintf("%s is difficult terrain for this unit and is entered or stood in: max speed %d → %d", joinIDs(ans.Difficult), u.Speed, ans.MaxSpeed),
			IDs:  ans.Difficult})
	} else if w.File.Ruleset == "specops" {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "move.specops", Cite: CiteSpecOpsOpen, Text: "difficult terrain counts as open"})
	}
	ans.EndClash = w.endClashes(m, end, false)
	ans.Legal = q.Speed <= ans.MaxSpeed && by != "edge" && len(ans.EndClash) == 0
	if q.Speed > ans.MaxSpeed {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "move.speed", Cite: CiteMove,
			Text: fmt.Sprintf("a speed-%d move is more than the unit's max speed %d", q.Speed, ans.MaxSpeed)})
	}
	if len(ans.EndClash) > 0 {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "move.end", Cite: CiteMoveObstacle,
			Text: fmt.Sprintf("the end position overlaps %s", joinIDs(ans.EndClash)), IDs: ans.EndClash})
	}
	return ans, nil
}
