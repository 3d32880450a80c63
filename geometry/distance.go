package geometry

import (
	"math"
	"sort"

	"github.com/golang/geo/r2"
)

// Distance is the least distance between the regions a and b (edge to edge), 0 when they touch
// or overlap. It is exact in closed form: the distance between the two cores minus both radii,
// clamped at 0, where the core distance is 0 when the cores meet (an edge of one crosses or
// touches an edge of the other, or one polygon core contains the other core, convex or not) and
// otherwise the least distance between an edge (or point) of one core and an edge of the other.
// Distance is symmetric and does not depend on where the plane's origin or axes are.
func Distance(a, b Shape) float64 {
	return max(0, coreCoreDist(a.core, b.core)-(a.r+b.r))
}

// Touch reports whether a and b are within tol of each other: Distance(a, b) ≤ tol. With tol = 0
// it asks whether they touch or overlap.
func Touch(a, b Shape, tol float64) bool {
	return Distance(a, b) <= tol
}

// Overlap reports whether the interiors of a and b intersect by more than Eps: touching outlines,
// and a penetration of at most Eps, are not overlap. Precisely, with core distance d and radii
// ra, rb:
//   - a shape with no interior (a bare point or segment, R = 0) overlaps nothing;
//   - disjoint cores (d > 0) overlap when d < ra + rb − Eps (the penetration ra + rb − d is more
//     than Eps);
//   - meeting cores overlap when ra + rb > Eps;
//   - two polygon cores with ra + rb ≤ Eps overlap when a point of one outline lies more than Eps
//     inside the other polygon (outline vertices and the midpoints of the outline pieces between
//     crossings are tested), or when the outlines share a stretch along which both interiors lie
//     on the same side (so identical polygons overlap and polygons sharing an edge from opposite
//     sides only touch).
//
// A circle wholly inside a polygon, or a small polygon inside a big one, overlaps it.
func Overlap(a, b Shape) bool {
	if noInterior(a) || noInterior(b) || len(a.core) == 0 || len(b.core) == 0 {
		return false
	}
	if !a.bounds.Intersects(b.bounds) {
		return false
	}
	rr := a.r + b.r
	d := coreCoreDist(a.core, b.core)
	if d > 0 {
		return d < rr-Eps
	}
	if rr > Eps {
		return true
	}
	if len(a.core) >= 3 && len(b.core) >= 3 {
		return ringsOverlap(a.core, b.core) || ringsOverlap(b.core, a.core)
	}
	return false
}

func noInterior(s Shape) bool { return s.r == 0 && len(s.core) < 3 }

// coreCoreDist is the least distance between two cores (as closed regions: a polygon core
// includes its inside).
func coreCoreDist(a, b []r2.Point) float64 {
	if len(a) == 0 || len(b) == 0 {
		return math.Inf(1)
	}
	if len(a) >= 3 && ringContains(a, b[0]) {
		return 0
	}
	if len(b) >= 3 && ringContains(b, a[0]) {
		return 0
	}
	if len(a) == 1 {
		return coreDist(b, a[0])
	}
	if len(b) == 1 {
		return coreDist(a, b[0])
	}
	best := math.Inf(1)
	na, nb := edgeCount(a), edgeCount(b)
	for i := 0; i < na; i++ {
		p, q := a[i], a[(i+1)%len(a)]
		for j := 0; j < nb; j++ {
			d := segSegDist(p, q, b[j], b[(j+1)%len(b)])
			if d < best {
				best = d
				if d == 0 {
					return 0
				}
			}
		}
	}
	return best
}

// edgeCount is the number of edges of a core: 0 for a point, 1 for a segment, n for a polygon.
func edgeCount(core []r2.Point) int {
	switch len(core) {
	case 1:
		return 0
	case 2:
		return 1
	}
	return len(core)
}

// segSegDist is the least distance between the closed segments pq and uv.
func segSegDist(p, q, u, v r2.Point) float64 {
	if segmentsMeet(p, q, u, v) {
		return 0
	}
	return min(min(distToSeg(p, u, v), distToSeg(q, u, v)),
		min(distToSeg(u, p, q), distToSeg(v, p, q)))
}

// ringsOverlap reports whether some point of ring a's outline lies more than Eps inside ring b,
// or a stretch of a's outline runs along b's outline with both interiors on the same side. Each
// edge of a is cut at its meetings with b's edges; between cuts a piece is wholly inside, outside
// or on b, and its midpoint m is tested, as is every vertex of a. When m is on b's outline, the
// point 2·Eps from m into a is tested too: if it is more than Eps inside both, the outlines run
// together with the interiors on the same side (identical polygons overlap; polygons that share an
// edge from opposite sides, or overlap only by a sliver at most Eps wide, do not).
func ringsOverlap(a, b []r2.Point) bool {
	for _, v := range a {
		if -coreSignedDist(b, v) > Eps {
			return true
		}
	}
	var buf [32]float64
	for i := range a {
		p, q := a[i], a[(i+1)%len(a)]
		e := q.Sub(p)
		ee := e.Dot(e)
		in := pt2(-e.Y, e.X).Mul(2 * Eps / math.Sqrt(ee)) // into a (a is counter-clockwise)
		cuts := append(buf[:0], 0, 1)
		for j := range b {
			u, v := b[j], b[(j+1)%len(b)]
			if !segmentsMeet(p, q, u, v) {
				continue
			}
			ou, ov := orient(p, q, u), orient(p, q, v)
			if ou == 0 {
				cuts = append(cuts, u.Sub(p).Dot(e)/ee)
			}
			if ov == 0 {
				cuts = append(cuts, v.Sub(p).Dot(e)/ee)
			}
			if ou*ov < 0 {
				w := v.Sub(u)
				cuts = append(cuts, u.Sub(p).Cross(w)/e.Cross(w))
			}
		}
		sort.Float64s(cuts)
		for k := 0; k+1 < len(cuts); k++ {
			t0, t1 := max(cuts[k], 0), min(cuts[k+1], 1)
			if !(t1 > t0) {
				continue
			}
			m := p.Add(e.Mul((t0 + t1) / 2))
			sd := coreSignedDist(b, m)
			if -sd > Eps {
				return true
			}
			if math.Abs(sd) <= Eps {
				m2 := m.Add(in)
				if -coreSignedDist(a, m2) > Eps && -coreSignedDist(b, m2) > Eps {
					return true
				}
			}
		}
	}
	return false
}

func pt2(x, y float64) r2.Point { return r2.Point{X: x, Y: y} }
