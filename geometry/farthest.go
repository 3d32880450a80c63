package geometry

import (
	"math"
)

// FarthestDistance is the largest distance from the region from to a point of s:
// sup over p in s of from.DistanceToPoint(p). It is 0 when s lies wholly inside from. This is the
// "within range" measure for one origin base: every point of s lies within FarthestDistance of
// from.
//
// For a convex from (any circle, stadium, rounded rectangle or convex polygon) it is exact in
// closed form. The distance to a convex set is a convex function, so its maximum over s is taken
// at an extreme point of s's convex hull, and those lie on the discs of radius s.R about the core
// vertices of s. Over one such disc D(v, r) the maximum of the distance to a convex core K grown
// by R is max(0, sd_K(v) + r − R), where sd_K is the signed distance to K (negative inside a
// polygon core): the distance to K is max over unit n of n·x − h_K(n) (h_K the support function)
// outside K, so the maximum over the disc is reached at v + r·n for the maximising n. For a
// circle from (centre c, radius R) this is |v − c| + r − R for the farthest core vertex v of s.
//
// For a concave polygon from the same formula is returned; it is then only a lower bound (the
// farthest point of s may lie inside an edge of s, away from its vertices).
func FarthestDistance(from, s Shape) float64 {
	if len(from.core) == 0 || len(s.core) == 0 {
		return math.Inf(1)
	}
	best := 0.0
	for _, v := range s.core {
		d := coreSignedDist(from.core, v) + s.r - from.r
		if d > best {
			best = d
		}
	}
	return best
}
