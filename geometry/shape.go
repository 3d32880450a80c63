package geometry

import "github.com/golang/geo/r2"

// Shape is a closed planar region: a core that is a point, a segment or a simple polygon, grown by
// a radius R ≥ 0 (the Minkowski sum of the core and a disc of radius R). One representation serves
// every footprint on the table:
//
//   - a circle is a point grown by its radius,
//   - a stadium (oblong vehicle base) is a segment grown by its half width,
//   - a rounded rectangle is a rectangle grown by its corner radius,
//   - a terrain polygon (convex or concave) is a polygon grown by 0.
//
// Polygon cores with R > 0 must be convex. The zero Shape is not valid; use the constructors.
type Shape struct {
	core   []r2.Point // 1 point, 2 points, or ≥ 3 counter-clockwise vertices of a simple polygon
	r      float64
	convex bool
	bounds r2.Rect
}
