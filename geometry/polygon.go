package geometry

import (
	"fmt"
	"math"

	"github.com/golang/geo/r2"
)

// PolygonError says why a vertex list is not a simple polygon. Edge i runs from vertex i to
// vertex i+1 (mod n). For a crossing, Edge1 < Edge2 name the two edges that meet; otherwise both
// are -1 and Reason says what is degenerate.
type PolygonError struct {
	Edge1, Edge2 int
	Reason       string
}

func (e *PolygonError) Error() string {
	if e.Edge1 >= 0 {
		return fmt.Sprintf("edges %d and %d %s", e.Edge1, e.Edge2, e.Reason)
	}
	return e.Reason
}

// MaxCoord bounds the vertex coordinates ValidatePolygon accepts, so that no cross product or
// area of the polygon can overflow float64.
const MaxCoord = 1e150

// ValidatePolygon reports whether pts (either winding, convex or not, not closed by a repeated
// first vertex) is a simple polygon of non-zero area: at least three finite vertices with
// coordinates within ±MaxCoord, no zero-length edge, an area above the rounding noise of its
// area sum (so that its winding is sure), and no two edges that meet other than consecutive
// edges at their shared vertex. Two non-adjacent edges that touch (even at a single point) or
// overlap are a fault; so are two consecutive edges that fold back onto each other. Collinear
// consecutive edges are fine.
func ValidatePolygon(pts []r2.Point) error {
	n := len(pts)
	if n < 3 {
		return &PolygonError{-1, -1, fmt.Sprintf("needs at least 3 vertices, has %d", n)}
	}
	for i, p := range pts {
		if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
			return &PolygonError{-1, -1, fmt.Sprintf("vertex %d is not finite", i)}
		}
		if math.Abs(p.X) > MaxCoord || math.Abs(p.Y) > MaxCoord {
			return &PolygonError{-1, -1, fmt.Sprintf("vertex %d is too far out (beyond %g)", i, MaxCoord)}
		}
	}
	for i := 0; i < n; i++ {
		if pts[i] == pts[(i+1)%n] {
			return &PolygonError{-1, -1, fmt.Sprintf("edge %d has zero length (vertices %d and %d coincide)", i, i, (i+1)%n)}
		}
	}
	for i := 0; i < n; i++ {
		a, b := pts[i], pts[(i+1)%n]
		for j := i + 1; j < n; j++ {
			c, d := pts[j], pts[(j+1)%n]
			adjacent := j == i+1 || (i == 0 && j == n-1)
			if !adjacent {
				if segmentsMeet(a, b, c, d) {
					return &PolygonError{i, j, "cross"}
				}
				continue
			}
			// Consecutive edges share one vertex; they fault only if they overlap beyond it
			// (the polygon folds back on itself).
			var shared, p, q r2.Point
			if j == i+1 {
				shared, p, q = b, a, d
			} else { // i == 0, j == n-1: edge n-1 ends at vertex 0
				shared, p, q = a, b, c
			}
			u, v := p.Sub(shared), q.Sub(shared)
			if u.Cross(v) == 0 && u.Dot(v) > 0 {
				return &PolygonError{i, j, "overlap"}
			}
		}
	}
	if a := math.Abs(area2(pts)); a < 0x1p-1022 || a <= area2Noise(pts) {
		// Zero, or below the rounding noise of the area sum (then not even the winding is sure).
		return &PolygonError{-1, -1, "has zero area"}
	}
	return nil
}

// area2 is twice the signed area of the vertex ring (positive when counter-clockwise), summed
// relative to the first vertex so that the result does not depend on where the origin is.
func area2(pts []r2.Point) float64 {
	s := 0.0
	n := len(pts)
	o := pts[0]
	for i := 1; i+1 < n; i++ {
		s += pts[i].Sub(o).Cross(pts[i+1].Sub(o))
	}
	return s
}

// area2Noise bounds the rounding error of area2(pts): a few units in the last place of the
// largest term, per term.
func area2Noise(pts []r2.Point) float64 {
	m := 0.0
	for _, p := range pts[1:] {
		d := p.Sub(pts[0])
		m = math.Max(m, d.X*d.X+d.Y*d.Y)
	}
	return 8 * float64(len(pts)) * 0x1p-52 * m
}

// orient is the sign of the turn a→b→c: +1 counter-clockwise, -1 clockwise, 0 collinear.
func orient(a, b, c r2.Point) int {
	v := b.Sub(a).Cross(c.Sub(a))
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// onSegment reports whether p, known to be collinear with a and b, lies on the closed segment ab.
func onSegment(a, b, p r2.Point) bool {
	return math.Min(a.X, b.X) <= p.X && p.X <= math.Max(a.X, b.X) &&
		math.Min(a.Y, b.Y) <= p.Y && p.Y <= math.Max(a.Y, b.Y)
}

// segmentsMeet reports whether the closed segments ab and cd share at least one point.
func segmentsMeet(a, b, c, d r2.Point) bool {
	o1, o2 := orient(a, b, c), orient(a, b, d)
	o3, o4 := orient(c, d, a), orient(c, d, b)
	if o1*o2 < 0 && o3*o4 < 0 {
		return true
	}
	if o1 == 0 && onSegment(a, b, c) {
		return true
	}
	if o2 == 0 && onSegment(a, b, d) {
		return true
	}
	if o3 == 0 && onSegment(c, d, a) {
		return true
	}
	if o4 == 0 && onSegment(c, d, b) {
		return true
	}
	return false
}

// NewPolygon returns the polygon with vertices pts as a Shape, after ValidatePolygon. The Shape
// keeps its own counter-clockwise copy of the vertices.
func NewPolygon(pts []r2.Point) (Shape, error) {
	if err := ValidatePolygon(pts); err != nil {
		return Shape{}, err
	}
	core := append([]r2.Point(nil), pts...)
	if area2(core) < 0 {
		for i, j := 0, len(core)-1; i < j; i, j = i+1, j-1 {
			core[i], core[j] = core[j], core[i]
		}
	}
	return newShape(core, 0), nil
}

// Circle returns the disc with centre c and radius r (r ≥ 0).
func Circle(c r2.Point, r float64) Shape { return newShape([]r2.Point{c}, r) }

// Stadium returns the segment ab grown by r: an oblong base with round ends.
func Stadium(a, b r2.Point, r float64) Shape { return newShape([]r2.Point{a, b}, r) }

func newShape(core []r2.Point, r float64) Shape {
	s := Shape{core: core, r: r, convex: isConvex(core)}
	b := r2.RectFromPoints(core...)
	s.bounds = b.ExpandedByMargin(r)
	return s
}

// isConvex reports whether a counter-clockwise core makes no clockwise turn. Points and segments
// are convex.
func isConvex(core []r2.Point) bool {
	n := len(core)
	if n < 3 {
		return true
	}
	for i := 0; i < n; i++ {
		if orient(core[i], core[(i+1)%n], core[(i+2)%n]) < 0 {
			return false
		}
	}
	return true
}

// Core returns the shape's core: one point (a circle's centre), two points (a stadium's axis) or
// the counter-clockwise vertices of a polygon. The slice must not be modified.
func (s Shape) Core() []r2.Point { return s.core }

// R is the radius the core is grown by.
func (s Shape) R() float64 { return s.r }

// Convex reports whether the shape is convex.
func (s Shape) Convex() bool { return s.convex }

// Bounds is the shape's axis-aligned bounding box.
func (s Shape) Bounds() r2.Rect { return s.bounds }
