package geometry

import (
	"math"
	"math/rand"
	"testing"

	"github.com/golang/geo/r2"
)

// Shared helpers of the 2-D tests (point, distance, clip, sweep, …).

func pt(x, y float64) r2.Point { return r2.Point{X: x, Y: y} }

func mustPoly(t testing.TB, xy ...float64) Shape {
	t.Helper()
	var pts []r2.Point
	for i := 0; i+1 < len(xy); i += 2 {
		pts = append(pts, pt(xy[i], xy[i+1]))
	}
	s, err := NewPolygon(pts)
	if err != nil {
		t.Fatalf("NewPolygon(%v): %v", pts, err)
	}
	return s
}

func near(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol || (math.IsInf(a, 1) && math.IsInf(b, 1))
}

// Hand-made shapes used by several tests.
var (
	// square [0,2]².
	sqXY = []float64{0, 0, 2, 0, 2, 2, 0, 2}
	// L: the unit square at (1,1) cut out of [0,2]²; reflex vertex (1,1).
	lXY = []float64{0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2}
	// U: [0,3]² with the notch [1,2]×[1,3] cut out of the top.
	uXY = []float64{0, 0, 3, 0, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3}
	// square with collinear vertices on its bottom and left edges.
	collXY = []float64{0, 0, 1, 0, 2, 0, 2, 2, 0, 2, 0, 1}
)

// octagon is a regular octagon of circumradius r about c, turned by rot radians.
func octagon(c r2.Point, r, rot float64) []r2.Point {
	pts := make([]r2.Point, 8)
	for i := range pts {
		a := rot + float64(i)*math.Pi/4
		pts[i] = pt(c.X+r*math.Cos(a), c.Y+r*math.Sin(a))
	}
	return pts
}

// randStar is a random star-shaped (usually concave) simple polygon about c.
func randStar(rng *rand.Rand, c r2.Point, rmax float64) []r2.Point {
	n := 3 + rng.Intn(10)
	angles := make([]float64, n)
	for i := range angles {
		angles[i] = (float64(i) + 0.1 + 0.8*rng.Float64()) * 2 * math.Pi / float64(n)
	}
	pts := make([]r2.Point, n)
	for i, a := range angles {
		r := rmax * (0.2 + 0.8*rng.Float64())
		pts[i] = pt(c.X+r*math.Cos(a), c.Y+r*math.Sin(a))
	}
	return pts
}

// randConvex is a random convex polygon: the hull-ordered points of a random star with equal radii
// jittered along the circle.
func randConvex(rng *rand.Rand, c r2.Point, r float64) []r2.Point {
	n := 3 + rng.Intn(8)
	pts := make([]r2.Point, n)
	for i := range pts {
		a := (float64(i) + 0.1 + 0.8*rng.Float64()) * 2 * math.Pi / float64(n)
		pts[i] = pt(c.X+r*math.Cos(a), c.Y+r*math.Sin(a))
	}
	return pts
}

func randPoint(rng *rand.Rand, lo, hi float64) r2.Point {
	return pt(lo+(hi-lo)*rng.Float64(), lo+(hi-lo)*rng.Float64())
}

// randShape draws one of every kind of shape in the box [0,10]²: circle, stadium, rounded
// rectangle, convex polygon, grown convex polygon, concave polygon.
func randShape(t testing.TB, rng *rand.Rand) Shape {
	c := randPoint(rng, 2, 8)
	switch rng.Intn(7) {
	case 0:
		return Circle(c, 0.1+2*rng.Float64())
	case 1:
		return Stadium(c, randPoint(rng, 2, 8), 0.1+rng.Float64())
	case 2:
		w := 0.5 + 3*rng.Float64()
		return RoundedRect(c, w+3*rng.Float64(), w, w/2*rng.Float64(), 360*rng.Float64())
	case 3, 4:
		s, err := NewPolygon(randConvex(rng, c, 0.5+3*rng.Float64()))
		if err != nil {
			t.Fatal(err)
		}
		if rng.Intn(2) == 0 {
			s = newShape(s.core, rng.Float64())
		}
		return s
	default:
		s, err := NewPolygon(randStar(rng, c, 0.5+3*rng.Float64()))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
}

// samplesIn returns points of s: points along every core edge pushed out by R (on the outline),
// circles of radius R about the core vertices, and random points of the bounds that s contains.
func samplesIn(rng *rand.Rand, s Shape, n int) []r2.Point {
	var out []r2.Point
	core, R := s.Core(), s.R()
	for _, v := range core {
		for k := 0; k < n/8+1; k++ {
			a := 2 * math.Pi * float64(k) / float64(n/8+1)
			out = append(out, pt(v.X+R*math.Cos(a), v.Y+R*math.Sin(a)))
		}
	}
	for i := 0; i < edgeCount(core); i++ {
		p, q := core[i], core[(i+1)%len(core)]
		e := q.Sub(p)
		nrm := pt(e.Y, -e.X).Mul(1 / math.Hypot(e.X, e.Y))
		for k := 0; k <= n/4; k++ {
			f := float64(k) / float64(n/4)
			x := p.Add(e.Mul(f))
			out = append(out, x.Add(nrm.Mul(R)))
			if len(core) == 2 {
				out = append(out, x.Sub(nrm.Mul(R)))
			}
		}
	}
	b := s.Bounds()
	for k := 0; k < n; k++ {
		p := pt(b.X.Lo+b.X.Length()*rng.Float64(), b.Y.Lo+b.Y.Length()*rng.Float64())
		if s.DistanceToPoint(p) == 0 {
			out = append(out, p)
		}
	}
	return out
}

// depth is how far p lies inside s (negative outside).
func depth(s Shape, p r2.Point) float64 {
	return s.R() - coreSignedDist(s.Core(), p)
}
