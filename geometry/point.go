package geometry

import (
	"math"

	"github.com/golang/geo/r2"
)

// ContainsPoint reports whether p lies in the closed region s. A point within Eps of the outline
// counts as inside: ContainsPoint(p) ⇔ DistanceToPoint(p) ≤ Eps.
func (s Shape) ContainsPoint(p r2.Point) bool {
	if len(s.core) == 0 {
		return false
	}
	return coreDist(s.core, p) <= s.r+Eps
}

// DistanceToPoint is the least distance from p to the region s: 0 when p is inside s or on its
// outline, otherwise the distance from p to the core minus R.
func (s Shape) DistanceToPoint(p r2.Point) float64 {
	if len(s.core) == 0 {
		return math.Inf(1)
	}
	return max(0, coreDist(s.core, p)-s.r)
}

// Area is the exact area of the region, by Steiner's formula for a core grown by R:
// core area + core perimeter·R + πR². A point core has area and perimeter 0; a segment core of
// length L has area 0 and perimeter 2L (so a stadium has area 2LR + πR²); a polygon core has its
// shoelace area and its perimeter (its R > 0 only when it is convex, where the formula holds).
func (s Shape) Area() float64 {
	r := s.r
	disc := math.Pi * r * r
	switch len(s.core) {
	case 0:
		return 0
	case 1:
		return disc
	case 2:
		return 2*dist(s.core[0], s.core[1])*r + disc
	}
	return area2(s.core)/2 + ringPerimeter(s.core)*r + disc
}

// Perimeter is the exact length of the outline: core perimeter + 2πR (a segment core of length L
// counts 2L).
func (s Shape) Perimeter() float64 {
	p := 2 * math.Pi * s.r
	switch len(s.core) {
	case 0, 1:
		return p
	case 2:
		return 2*dist(s.core[0], s.core[1]) + p
	}
	return ringPerimeter(s.core) + p
}

func ringPerimeter(ring []r2.Point) float64 {
	s := 0.0
	for i, p := range ring {
		s += dist(p, ring[(i+1)%len(ring)])
	}
	return s
}

// dist is |p−q|. (r2.Point.Norm uses math.Hypot, which is slower and not needed at table scale.)
func dist(p, q r2.Point) float64 {
	dx, dy := p.X-q.X, p.Y-q.Y
	return math.Sqrt(dx*dx + dy*dy)
}

// distToSeg is the distance from p to the closed segment ab (ab may have zero length).
func distToSeg(p, a, b r2.Point) float64 {
	abx, aby := b.X-a.X, b.Y-a.Y
	apx, apy := p.X-a.X, p.Y-a.Y
	l2 := abx*abx + aby*aby
	dot := apx*abx + apy*aby
	if dot <= 0 || l2 == 0 {
		return math.Sqrt(apx*apx + apy*apy)
	}
	if dot >= l2 {
		return dist(p, b)
	}
	// Perpendicular distance from the cross product: accurate also far from a.
	return math.Abs(apx*aby-apy*abx) / math.Sqrt(l2)
}

// ringContains reports whether p is inside the simple polygon ring by the crossing-number rule
// (half-open in y, with exact orientation signs). Points on the outline may go either way; callers
// that need the outline use a distance as well.
func ringContains(ring []r2.Point, p r2.Point) bool {
	in := false
	n := len(ring)
	a := ring[n-1]
	for _, b := range ring {
		if (a.Y > p.Y) != (b.Y > p.Y) {
			// The edge straddles the horizontal line through p; does it cross to the right of p?
			o := (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X)
			if (b.Y > a.Y) == (o > 0) {
				in = !in
			}
		}
		a = b
	}
	return in
}

// ringDist is the distance from p to the outline of the polygon ring.
func ringDist(ring []r2.Point, p r2.Point) float64 {
	best := math.Inf(1)
	a := ring[len(ring)-1]
	for _, b := range ring {
		if d := distToSeg(p, a, b); d < best {
			best = d
		}
		a = b
	}
	return best
}

// coreDist is the distance from p to a core (point, segment or polygon region): 0 inside a
// polygon core.
func coreDist(core []r2.Point, p r2.Point) float64 {
	switch len(core) {
	case 1:
		return dist(p, core[0])
	case 2:
		return distToSeg(p, core[0], core[1])
	}
	if ringContains(core, p) {
		return 0
	}
	return ringDist(core, p)
}

// coreSignedDist is coreDist outside the core and minus the distance to the outline inside a
// polygon core (the signed distance, negative inside).
func coreSignedDist(core []r2.Point, p r2.Point) float64 {
	if len(core) < 3 {
		return coreDist(core, p)
	}
	d := ringDist(core, p)
	if ringContains(core, p) {
		return -d
	}
	return d
}
