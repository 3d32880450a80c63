package geometry

import (
	"fmt"
	"math"
	"math/big"

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
//
// The first fault found is reported, checked in this order: vertex count, finite and in-range
// vertices (the first bad vertex), zero-length edges (the first), folds (the first pair of
// consecutive edges in edge order), crossings (the pair a left-to-right sweep meets first, see
// ringCrossing: the only pair when there is one), zero area. It takes O(n log n) time and O(n)
// memory for n vertices.
func ValidatePolygon(pts []r2.Point) error {
	if err := checkVertices(pts); err != nil {
		return err
	}
	n := len(pts)
	// Consecutive edges share one vertex; they fault only if they overlap beyond it (the
	// polygon folds back on itself). In edge order: (0, 1), (0, n−1), (1, 2), …, (n−2, n−1).
	for i := 0; i+1 < n; i++ {
		if folds(pts[i], pts[i+1], pts[(i+2)%n]) {
			return &PolygonError{i, i + 1, "overlap"}
		}
		if i == 0 && folds(pts[1], pts[0], pts[n-1]) {
			return &PolygonError{0, n - 1, "overlap"}
		}
	}
	if i, j, found := ringCrossing(pts); found {
		return &PolygonError{i, j, "cross"}
	}
	return checkArea(pts)
}

// checkVertices is ValidatePolygon's first checks: at least three vertices, each finite and
// within ±MaxCoord, no zero-length edge.
func checkVertices(pts []r2.Point) error {
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
	return nil
}

// checkArea is ValidatePolygon's last check: the area is not zero, nor below the rounding noise
// of its sum (then not even the winding is sure).
func checkArea(pts []r2.Point) error {
	if a := math.Abs(area2(pts)); a < 0x1p-1022 || a <= area2Noise(pts) {
		return &PolygonError{-1, -1, "has zero area"}
	}
	return nil
}

// folds reports whether the two edges that meet at vertex shared, towards p and towards q,
// overlap beyond it: they run in the same direction from it.
func folds(p, shared, q r2.Point) bool {
	u, v := p.Sub(shared), q.Sub(shared)
	return exactOrient(shared, p, q) == 0 && u.Dot(v) > 0
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

// orient is the sign of the turn a→b→c: +1 counter-clockwise, -1 clockwise, 0 collinear, from
// the float64 cross product (which rounding may turn to 0 or the wrong sign when the points are
// within rounding of a line). The hot paths take it; exactOrient is the exact one.
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

// exactOrient is orient without rounding, for the points as given: the float64 determinant decides
// when it exceeds its rounding bound (Shewchuk's orient2d filter, which covers the rounding of the
// differences too), which is almost always; exactly collinear points whose differences and
// products are exact in float64 (axis-parallel and small-integer cases) are settled without more
// work; anything else is summed error-free (orientSum) or, past float64's range, evaluated in
// rational arithmetic. It never calls points collinear that are not, or the other way round, so
// that the crossing sweep (crossings.go) can rely on its answers agreeing with each other.
func exactOrient(a, b, c r2.Point) int {
	l, r := (b.X-a.X)*(c.Y-a.Y), (b.Y-a.Y)*(c.X-a.X)
	if e := orientBound * (math.Abs(l) + math.Abs(r)); e >= 0x1p-900 { // and nothing underflowed
		if l-r > e {
			return 1
		}
		if r-l > e {
			return -1
		}
	}
	return orientSlow(a, b, c, l, r)
}

// orientSlow is exactOrient where the float determinant l − r is too close to zero to decide: exactly
// collinear points with exact differences and products compare l and r; otherwise the
// determinant is written exactly as a sum of 16 floats (each difference as its rounded value and
// its error, each product of those as its rounded value and its error) and its sign taken
// exactly (orientSum); only where that cannot be done in float64 (an overflow, or products near
// underflow) do rationals decide.
func orientSlow(a, b, c r2.Point, l, r float64) int {
	dx1, dy1, dx2, dy2 := b.X-a.X, b.Y-a.Y, c.X-a.X, c.Y-a.Y
	if exactDiff(b.X, a.X) && exactDiff(b.Y, a.Y) && exactDiff(c.X, a.X) && exactDiff(c.Y, a.Y) &&
		exactProduct(dx1, dy2, l) && exactProduct(dy1, dx2, r) {
		return cmpFloat(l, r)
	}
	if sign, ok := orientSum(a, b, c); ok {
		return sign
	}
	return orientRat(a, b, c)
}

// orientSum is the exact sign of the orientation determinant by error-free transformations: the
// differences split into value and error (two-difference), their products into value and error
// (two-product, by FMA), and the 16 terms summed error-free (Ogita–Rump–Oishi's VecSum) until the
// rounded sum outweighs every error left. ok is false where float64 cannot hold the terms exactly.
func orientSum(a, b, c r2.Point) (sign int, ok bool) {
	x1, ex1 := twoDiff(b.X, a.X)
	y1, ey1 := twoDiff(b.Y, a.Y)
	x2, ex2 := twoDiff(c.X, a.X)
	y2, ey2 := twoDiff(c.Y, a.Y)
	var t [16]float64
	k := 0
	for _, p := range [8][3]float64{{x1, y2, 1}, {x1, ey2, 1}, {ex1, y2, 1}, {ex1, ey2, 1},
		{y1, x2, -1}, {y1, ex2, -1}, {ey1, x2, -1}, {ey1, ex2, -1}} {
		v := p[0] * p[1]
		if math.IsInf(v, 0) || math.IsNaN(v) || v != 0 && math.Abs(v) < 0x1p-900 {
			return 0, false
		}
		t[k], t[k+1] = p[2]*v, p[2]*math.FMA(p[0], p[1], -v)
		k += 2
	}
	for range 32 {
		// One VecSum pass: t[15] becomes the rounded sum, t[0..14] the errors; the exact sum stays.
		s := t[0]
		for i := 1; i < len(t); i++ {
			s, t[i-1] = twoSum(s, t[i])
		}
		t[15] = s
		errs := 0.0
		for _, e := range t[:15] {
			errs += math.Abs(e)
		}
		if errs == 0 || math.Abs(s) > 2*errs { // the errors' sum, even rounded, cannot reach s
			return cmpFloat(s, 0), true
		}
	}
	return 0, false
}

// twoDiff returns x − y rounded and its exact error (Knuth).
func twoDiff(x, y float64) (d, e float64) {
	d = x - y
	bv := x - d
	av := d + bv
	return d, (x - av) + (bv - y)
}

// twoSum returns x + y rounded and its exact error (Knuth).
func twoSum(x, y float64) (s, e float64) {
	s = x + y
	bv := s - x
	av := s - bv
	return s, (x - av) + (y - bv)
}

// orientBound is Shewchuk's ccwerrboundA, (3 + 16ε)ε with ε = 2⁻⁵³: the float determinant's sign
// is right when its magnitude exceeds orientBound times the sum of its products' magnitudes.
const orientBound = (3 + 16*0x1p-53) * 0x1p-53

// exactDiff reports whether the float64 difference x − y is exact (its two-difference error is
// zero).
func exactDiff(x, y float64) bool {
	_, e := twoDiff(x, y)
	return e == 0
}

// exactProduct reports whether p, the float64 product x·y, is exact.
func exactProduct(x, y, p float64) bool {
	return x == 0 || y == 0 || math.Abs(p) >= 0x1p-900 && math.FMA(x, y, -p) == 0
}

func cmpFloat(x, y float64) int {
	switch {
	case x > y:
		return 1
	case x < y:
		return -1
	}
	return 0
}

// orientRat is the orientation in rational arithmetic (every finite float64 is a rational).
// Points that are not finite get the float determinant's sign.
func orientRat(a, b, c r2.Point) int {
	if !finite(a) || !finite(b) || !finite(c) {
		return cmpFloat((b.X-a.X)*(c.Y-a.Y)-(b.Y-a.Y)*(c.X-a.X), 0)
	}
	rat := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	dx1 := new(big.Rat).Sub(rat(b.X), rat(a.X))
	dy1 := new(big.Rat).Sub(rat(b.Y), rat(a.Y))
	dx2 := new(big.Rat).Sub(rat(c.X), rat(a.X))
	dy2 := new(big.Rat).Sub(rat(c.Y), rat(a.Y))
	return dx1.Mul(dx1, dy2).Cmp(dy1.Mul(dy1, dx2))
}

// onSegment reports whether p, known to be collinear with a and b, lies on the closed segment ab.
func onSegment(a, b, p r2.Point) bool {
	return math.Min(a.X, b.X) <= p.X && p.X <= math.Max(a.X, b.X) &&
		math.Min(a.Y, b.Y) <= p.Y && p.Y <= math.Max(a.Y, b.Y)
}

// segmentsMeet reports whether the closed segments ab and cd share at least one point (by orient).
func segmentsMeet(a, b, c, d r2.Point) bool {
	return meetBySigns(a, b, c, d, orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b))
}

// segmentsMeetExact is segmentsMeet by exactOrient.
func segmentsMeetExact(a, b, c, d r2.Point) bool {
	return meetBySigns(a, b, c, d, exactOrient(a, b, c), exactOrient(a, b, d), exactOrient(c, d, a), exactOrient(c, d, b))
}

// meetBySigns decides whether the closed segments ab and cd meet from the turns o1 = a→b→c,
// o2 = a→b→d, o3 = c→d→a and o4 = c→d→b: they cross, or an end lies on the other segment.
func meetBySigns(a, b, c, d r2.Point, o1, o2, o3, o4 int) bool {
	if o1*o2 < 0 && o3*o4 < 0 {
		return true
	}
	return o1 == 0 && onSegment(a, b, c) || o2 == 0 && onSegment(a, b, d) ||
		o3 == 0 && onSegment(c, d, a) || o4 == 0 && onSegment(c, d, b)
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
