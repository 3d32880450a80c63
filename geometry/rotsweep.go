package geometry

import (
	"math"

	"github.com/golang/geo/r2"
)

// RotationSweepCoreDistance is the least distance between the core of other and the core of s
// turned about c through every angle between 0 and turn degrees (counter-clockwise for turn > 0,
// |turn| ≤ 360): min over φ in [0, turn] of the core distance of s.Rotate(c, φ) and other. The
// region s sweeps overlaps other exactly when this is less than s.R() + other.R() (by Overlap's
// rule, less by more than Eps); a pivoting base is tested with it (the swept-area test).
//
// Exact in closed form. At any one angle the distance between two cores that do not meet is the
// distance from a vertex of one to an edge (or point) of the other, so the least distance over the
// turn is the least over such pairs of the distance from a circular arc to an edge: each vertex v
// of s runs along the arc about c from v through turn degrees, to be measured against other's
// edges; each vertex w of other, seen from s, runs along the arc about c through −turn, to be
// measured against s's edges where s stands. Cores that come to meet first touch at such a pair
// (distance 0 there); cores that meet at the start are at distance 0 by the start's core distance,
// which is taken too. The distance from an arc to a segment is 0 when they cross, else the least
// of: the arc's ends to the segment, the segment's ends to the arc, and the arc's points on the
// circle's normal through the segment's line where they lie in the arc and over the segment (the
// only interior pairs that can be nearest).
func RotationSweepCoreDistance(s Shape, c r2.Point, turn float64, other Shape) float64 {
	if len(s.core) == 0 || len(other.core) == 0 {
		return math.Inf(1)
	}
	best := coreCoreDist(s.core, other.core)
	if turn == 0 || best == 0 {
		return best
	}
	end := s.Rotate(c, turn)
	best = math.Min(best, coreCoreDist(end.core, other.core))
	for _, v := range s.core {
		best = math.Min(best, arcCoreDist(newArc(c, v, turn), other.core))
	}
	for _, w := range other.core {
		best = math.Min(best, arcCoreDist(newArc(c, w, -turn), s.core))
	}
	return best
}

// arc is the circular arc about c of radius rho from angle a0 through sweep radians (signed).
type arc struct {
	c          r2.Point
	rho        float64
	a0, sweep  float64
	start, end r2.Point
}

// newArc is the arc traced by p turned about c through turn degrees.
func newArc(c, p r2.Point, turn float64) arc {
	d := p.Sub(c)
	return arc{c: c, rho: norm(d), a0: math.Atan2(d.Y, d.X), sweep: turn * math.Pi / 180, start: p,
		end: RotatePoint(p, c, turn)}
}

// holds reports whether the direction of the point q from the arc's centre lies within the arc.
func (a arc) holds(q r2.Point) bool {
	if math.Abs(a.sweep) >= 2*math.Pi {
		return true
	}
	d := q.Sub(a.c)
	t := math.Atan2(d.Y, d.X) - a.a0
	if a.sweep < 0 {
		t = -t
	}
	t = math.Mod(t, 2*math.Pi)
	if t < 0 {
		t += 2 * math.Pi
	}
	return t <= math.Abs(a.sweep)+1e-12
}

// pointDist is the distance from q to the arc.
func (a arc) pointDist(q r2.Point) float64 {
	if a.rho == 0 {
		return dist(q, a.c)
	}
	best := math.Min(dist(q, a.start), dist(q, a.end))
	if dq := dist(q, a.c); dq > 0 && a.holds(q) {
		best = math.Min(best, math.Abs(dq-a.rho))
	} else if dq == 0 {
		best = a.rho
	}
	return best
}

// segDist is the least distance from the arc to the closed segment pq.
func (a arc) segDist(p, q r2.Point) float64 {
	if a.rho == 0 {
		return distToSeg(a.c, p, q)
	}
	best := math.Min(math.Min(distToSeg(a.start, p, q), distToSeg(a.end, p, q)),
		math.Min(a.pointDist(p), a.pointDist(q)))
	e := q.Sub(p)
	l := norm(e)
	if l == 0 {
		return best
	}
	u := e.Mul(1 / l)
	// Crossings of the circle with the segment.
	if lo, hi, ok := LineCircle(p, u, a.c, a.rho); ok {
		for _, t := range []float64{lo, hi} {
			if t >= 0 && t <= l && a.holds(p.Add(u.Mul(t))) {
				return 0
			}
		}
	}
	// The circle's points on the normal to the line through c.
	n := r2.Point{X: -u.Y, Y: u.X}
	for _, sgn := range []float64{1, -1} {
		x := a.c.Add(n.Mul(sgn * a.rho))
		if t := x.Sub(p).Dot(u); t >= 0 && t <= l && a.holds(x) {
			best = math.Min(best, math.Abs(x.Sub(p).Cross(u)))
		}
	}
	return best
}

// arcCoreDist is the least distance from the arc to a core (its point, its segment, or its
// polygon region: 0 when an end of the arc lies inside; an arc that enters a polygon crosses an
// edge).
func arcCoreDist(a arc, core []r2.Point) float64 {
	switch len(core) {
	case 1:
		return a.pointDist(core[0])
	case 2:
		return a.segDist(core[0], core[1])
	}
	if ringContains(core, a.start) || ringContains(core, a.end) {
		return 0
	}
	best := math.Inf(1)
	for i := range core {
		best = math.Min(best, a.segDist(core[i], core[(i+1)%len(core)]))
		if best == 0 {
			return 0
		}
	}
	return best
}
