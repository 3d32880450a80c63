package geometry

import "github.com/golang/geo/r2"

// Inside reports whether the region inner lies wholly in the closed region outer, up to Eps (a
// base touching a crater's rim from inside is inside it). It decides "the whole base lies inside
// the footprint" — for example a trooper in a crater.
//
// Method: for a convex outer it is FarthestDistance(outer, inner) ≤ Eps (exact, see there). For
// a concave polygon outer (which has no holes): every vertex of inner's core lies in outer, no
// edge of inner's core properly crosses an edge of outer, no vertex of outer lies strictly inside
// inner's core, and no part of inner's core comes closer than inner's radius to outer's outline.
func Inside(inner, outer Shape) bool {
	if len(inner.core) == 0 || len(outer.core) == 0 {
		return false
	}
	if outer.convex {
		return FarthestDistance(outer, inner) <= Eps
	}
	for _, p := range inner.core {
		if !outer.ContainsPoint(p) {
			return false
		}
	}
	n, m := len(outer.core), len(inner.core)
	for i := 0; i < n; i++ {
		a, b := outer.core[i], outer.core[(i+1)%n]
		if inner.r > 0 && coreCoreDist(inner.core, []r2.Point{a, b}) < inner.r-Eps {
			return false
		}
		if m >= 3 && inner.strictlyInside(a) {
			return false
		}
		for j := 0; j < edgeCount(inner.core); j++ {
			c, d := inner.core[j], inner.core[(j+1)%m]
			if orient(a, b, c)*orient(a, b, d) < 0 && orient(c, d, a)*orient(c, d, b) < 0 {
				return false
			}
		}
	}
	return true
}
