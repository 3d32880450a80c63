package geometry

import (
	"cmp"
	"slices"

	"github.com/golang/geo/r2"
)

// convexParts splits the simple counter-clockwise polygon ring into convex polygons whose union
// is the polygon (their interiors lie in its interior): ear clipping into triangles, then
// Hertel–Mehlhorn merging across every diagonal whose removal leaves a convex polygon (at most
// four times the fewest parts possible). A convex ring is returned whole.
func convexParts(ring []r2.Point) [][]r2.Point {
	if isConvex(ring) {
		return [][]r2.Point{ring}
	}
	// Ear clipping over vertex indices.
	idx := make([]int, len(ring))
	for i := range idx {
		idx[i] = i
	}
	var tris [][]int
	for guard := 0; len(idx) > 3 && guard < 4*len(ring)*len(ring); guard++ {
		n := len(idx)
		clipped := false
		for k := range n {
			a, b, c := idx[(k+n-1)%n], idx[k], idx[(k+1)%n]
			if orient(ring[a], ring[b], ring[c]) <= 0 {
				continue // reflex or flat: not an ear tip
			}
			ear := true
			for _, m := range idx {
				if m == a || m == b || m == c {
					continue
				}
				if inTriangle(ring[m], ring[a], ring[b], ring[c]) {
					ear = false
					break
				}
			}
			if ear {
				tris = append(tris, []int{a, b, c})
				idx = append(idx[:k:k], idx[k+1:]...)
				clipped = true
				break
			}
		}
		if !clipped {
			break
		}
	}
	if len(idx) == 3 {
		tris = append(tris, idx)
	}
	// Hertel–Mehlhorn: merge two parts across a shared edge while the union stays convex.
	parts := tris
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(parts) && !merged; i++ {
			for j := i + 1; j < len(parts) && !merged; j++ {
				if u, ok := mergeAcross(parts[i], parts[j]); ok && isConvex(pointsOf(ring, u)) {
					parts[i] = u
					parts = append(parts[:j], parts[j+1:]...)
					merged = true
				}
			}
		}
	}
	out := make([][]r2.Point, len(parts))
	for i, p := range parts {
		out[i] = pointsOf(ring, p)
	}
	return out
}

// inTriangle reports whether p lies in the closed counter-clockwise triangle abc.
func inTriangle(p, a, b, c r2.Point) bool {
	return orient(a, b, p) >= 0 && orient(b, c, p) >= 0 && orient(c, a, p) >= 0
}

// mergeAcross joins two counter-clockwise index polygons that share an edge (u→v in p, v→u in q)
// into one, and reports false when they share none.
func mergeAcross(p, q []int) ([]int, bool) {
	for i := range p {
		u, v := p[i], p[(i+1)%len(p)]
		for j := range q {
			if q[j] == v && q[(j+1)%len(q)] == u {
				// p from v round to u, then q from u round to v (exclusive of both ends).
				out := make([]int, 0, len(p)+len(q)-2)
				for k := range len(p) {
					out = append(out, p[(i+1+k)%len(p)])
				}
				for k := 2; k < len(q); k++ {
					out = append(out, q[(j+k)%len(q)])
				}
				return out, true
			}
		}
	}
	return nil, false
}

func pointsOf(ring []r2.Point, idx []int) []r2.Point {
	out := make([]r2.Point, len(idx))
	for i, k := range idx {
		out[i] = ring[k]
	}
	return out
}

// convexHull returns the counter-clockwise convex hull of pts (Andrew's monotone chain), without
// collinear points.
func convexHull(pts []r2.Point) []r2.Point {
	ps := append([]r2.Point(nil), pts...)
	slices.SortFunc(ps, func(a, b r2.Point) int {
		if c := cmp.Compare(a.X, b.X); c != 0 {
			return c
		}
		return cmp.Compare(a.Y, b.Y)
	})
	if len(ps) < 3 {
		return ps
	}
	hull := make([]r2.Point, 0, 2*len(ps))
	for pass := 0; pass < 2; pass++ {
		start := len(hull)
		for _, p := range ps {
			for len(hull) >= start+2 && orient(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
				hull = hull[:len(hull)-1]
			}
			hull = append(hull, p)
		}
		hull = hull[:len(hull)-1]
		slices.Reverse(ps)
	}
	return hull
}
