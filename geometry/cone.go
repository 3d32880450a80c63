package geometry

import (
	"math"

	"github.com/golang/geo/r2"
)

// Cone is a closed angular sector of the plane, unbounded: the points on the rays from Apex whose
// directions run counter-clockwise from the direction From through Width degrees, 0 < Width ≤ 360
// (360: the whole plane).
// Its boundary is the two rays (From and From + Width); the apex belongs to it. A cone wider than
// 180° is not convex. Build it with NewCone.
type Cone struct {
	Apex  r2.Point
	From  float64 // degrees, counter-clockwise from +x
	Width float64 // degrees, in (0, 360]
	a, b  r2.Point
}

// NewCone is the cone from Apex between the directions from and to (degrees), counter-clockwise
// from from to to: its width is to − from reduced to (0, 360]; equal directions give the whole
// plane.
func NewCone(apex r2.Point, from, to float64) Cone {
	w := math.Mod(to-from, 360)
	if w <= 0 {
		w += 360
	}
	return Cone{Apex: apex, From: from, Width: w, a: Direction(from), b: Direction(from + w)}
}

// Direction is the unit vector at deg degrees counter-clockwise from +x, for any finite angle
// (reduced to [0, 360) exactly first; exact at multiples of 90°).
func Direction(deg float64) r2.Point {
	s, c := sincosDeg(deg)
	return r2.Point{X: c, Y: s}
}

// Rays are the unit directions of the cone's two boundary rays: From and From + Width.
func (c Cone) Rays() (from, to r2.Point) { return c.a, c.b }

// ContainsPoint reports whether p lies in the closed cone by the sign of cross products (a point
// on a boundary ray, or the apex, is inside; rounding may put a point within about 1e-15 of a
// ray on either side — callers that need a tolerance use Distance).
func (c Cone) ContainsPoint(p r2.Point) bool {
	v := p.Sub(c.Apex)
	if c.Width <= 180 {
		return c.a.Cross(v) >= 0 && v.Cross(c.b) >= 0
	}
	// Wider than a half plane: inside unless strictly inside the (convex) complement.
	return !(c.b.Cross(v) > 0 && v.Cross(c.a) > 0)
}

// Distance is the least distance from the region s to the closed cone: 0 when they meet. It is
// exact in closed form. When some core vertex of s lies in the cone it is 0; otherwise the region
// meets the cone only across a boundary ray (a polygon with every vertex outside a convex cone
// reaches into it only across a ray; outside a wider cone, every vertex lies in the convex
// complement and so does the core), so the distance is the least distance from s's core to the two
// rays minus s's radius, clamped at 0.
func (c Cone) Distance(s Shape) float64 {
	if len(s.core) == 0 {
		return math.Inf(1)
	}
	for _, v := range s.core {
		if c.ContainsPoint(v) {
			return 0
		}
	}
	d := math.Min(coreRayDist(s.core, c.Apex, c.a), coreRayDist(s.core, c.Apex, c.b))
	return max(0, d-s.r)
}

// coreRayDist is the least distance from a core (point, segment or polygon outline) to the ray
// from o in the unit direction u. The core's inside is not counted: callers test its vertices
// first, and a ray that starts inside a polygon core leaves it across an edge, at distance 0.
func coreRayDist(core []r2.Point, o, u r2.Point) float64 {
	if len(core) == 1 {
		return pointRayDist(core[0], o, u)
	}
	best := math.Inf(1)
	n := edgeCount(core)
	for i := 0; i < n; i++ {
		if d := segRayDist(core[i], core[(i+1)%len(core)], o, u); d < best {
			best = d
		}
	}
	return best
}

// pointRayDist is the distance from p to the closed ray from o in the unit direction u.
func pointRayDist(p, o, u r2.Point) float64 {
	v := p.Sub(o)
	t := v.Dot(u)
	if t <= 0 {
		return norm(v)
	}
	return math.Abs(u.Cross(v))
}

// segRayDist is the least distance between the closed segment pq and the ray from o along the
// unit direction u: 0 when they meet, else the least of the ends' distances to the ray and the
// apex's distance to the segment (two disjoint convex pieces of lines are nearest at an end of one).
func segRayDist(p, q, o, u r2.Point) float64 {
	e := q.Sub(p)
	den := u.Cross(e)
	w := p.Sub(o)
	if den != 0 {
		t := w.Cross(e) / den // along the ray
		s := w.Cross(u) / den // along the segment
		if t >= 0 && s >= 0 && s <= 1 {
			return 0
		}
	}
	return math.Min(math.Min(pointRayDist(p, o, u), pointRayDist(q, o, u)), distToSeg(o, p, q))
}
