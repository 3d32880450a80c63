package geometry

import (
	"math"

	"github.com/golang/geo/r2"
)

// CoveredByDiscs reports whether the whole disc s (a circle: a point core grown by s.R) lies in
// the union of the closed discs (centres[i], radii[i]). It decides "every point of V's base lies
// within N of the nearest of U's bases" when each of U's round bases grown by N is a disc. A shape
// s whose core is not a point is tested as the disc about its first core point with radius R, so
// pass circles only. Extra radii or centres beyond the shorter slice are ignored.
//
// # Method
//
// Exact candidate points, certified with a tolerance. Every radius is first grown by 2·Eps. If
// one disc contains s, the answer is true. Otherwise s is covered exactly when some circle crosses
// the outline of s and every candidate point lies at least Eps deep inside some disc; the
// candidates are the crossings of two circles that lie in s and the crossings of a circle with
// the outline of s. (An uncovered part of s is bounded by arcs of those circles; if it has a corner,
// the corner is a candidate that no disc covers; if it has none, its outer boundary is the whole
// outline of s, which then no circle crosses.)
//
// # Tolerance
//
// The answer is true whenever s is covered by the discs as given (every candidate is then 2·Eps
// deep in some grown disc, more than rounding can take away), and false whenever some point of s
// lies more than 2·Eps from every disc (the uncovered part of the grown discs then has a corner
// that is in no grown disc). Between the two, a gap of at most 2·Eps, either answer may come
// back. The one caveat is rounding in the crossing points of two nearly tangent circles, which
// can move a crossing along the circles by about 1e-8 of the radius; it can turn a false into a
// true only when a third circle passes within that distance of the same near-tangency.
//
// The cost is O(n³) for n discs that meet s (n² candidates, each checked against n discs).
func CoveredByDiscs(s Shape, centres []r2.Point, radii []float64) bool {
	if len(s.core) == 0 {
		return false
	}
	c0, r0 := s.core[0], s.r
	n := min(len(centres), len(radii))
	const grow = 2 * Eps
	// The discs that reach s, with grown radii.
	var cs []r2.Point
	var rs []float64
	for i := 0; i < n; i++ {
		c, r := centres[i], radii[i]+grow
		if !(r >= 0) || math.IsNaN(c.X) || math.IsNaN(c.Y) {
			continue
		}
		d := dist(c, c0)
		if d+r0 <= r {
			return true // this disc contains s
		}
		if d < r+r0 {
			cs = append(cs, c)
			rs = append(rs, r)
		}
	}
	if len(cs) == 0 {
		return false
	}
	coveredAt := func(p r2.Point) bool {
		for k, c := range cs {
			if dist(p, c) <= rs[k]-Eps {
				return true
			}
		}
		return false
	}
	// Crossings with the outline of s.
	crossed := false
	for i, c := range cs {
		p1, p2, ok := CircleCrossings(c0, r0, c, rs[i])
		if !ok {
			continue
		}
		crossed = true
		if !coveredAt(p1) || !coveredAt(p2) {
			return false
		}
	}
	if !crossed {
		return false // no single disc holds s and nothing crosses its outline: its outline is bare
	}
	// Crossings of two circles inside s.
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			p1, p2, ok := CircleCrossings(cs[i], rs[i], cs[j], rs[j])
			if !ok {
				continue
			}
			for _, p := range [2]r2.Point{p1, p2} {
				if dist(p, c0) <= r0 && !coveredAt(p) {
					return false
				}
			}
		}
	}
	return true
}

// CircleCrossings returns the points where the circles (c1, r1) and (c2, r2) cross (the same point
// twice when they touch; near tangency, within 1e-12 relative, counts as touching). ok is false
// when they do not meet or are concentric.
func CircleCrossings(c1 r2.Point, r1 float64, c2 r2.Point, r2_ float64) (p, q r2.Point, ok bool) {
	dx, dy := c2.X-c1.X, c2.Y-c1.Y
	d2 := dx*dx + dy*dy
	if d2 == 0 {
		return p, q, false
	}
	d := math.Sqrt(d2)
	// a: distance from c1 to the chord along c1→c2; h: half the chord.
	a := (d2 + (r1-r2_)*(r1+r2_)) / (2 * d)
	h2 := (r1 - a) * (r1 + a)
	if h2 < 0 {
		if h2 < -1e-12*r1*r1 {
			return p, q, false
		}
		h2 = 0
	}
	h := math.Sqrt(h2)
	ux, uy := dx/d, dy/d
	mx, my := c1.X+a*ux, c1.Y+a*uy
	return r2.Point{X: mx - h*uy, Y: my + h*ux}, r2.Point{X: mx + h*uy, Y: my - h*ux}, true
}
