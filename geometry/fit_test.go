package geometry

import (
	"math"
	"math/rand"
	"testing"

	"github.com/golang/geo/r2"
)

// TestNearestFit: the nearest centre at which a disc lies wholly in a region, by hand.
func TestNearestFit(t *testing.T) {
	bldg := mustPoly(t, 20, 10, 28, 10, 28, 16, 20, 16)
	// L: [0,4]² without [2,4]×[2,4]; reflex vertex (2, 2).
	ell := mustPoly(t, 0, 0, 4, 0, 4, 2, 2, 2, 2, 4, 0, 4)
	u := mustPoly(t, uXY...) // [0,3]² without the notch [1,2]×[1,3]
	r := 0.5315
	arc := pt(2, 2).Add(pt(-1, -1).Mul(0.5 / math.Sqrt2))
	cases := []struct {
		name string
		s    Shape
		r    float64
		q    r2.Point
		want r2.Point
		ok   bool
	}{
		{"a leader touching a wall: straight in", bldg, r, pt(19.4635, 13), pt(20+r, 13), true},
		{"touching a corner diagonally: the corner of the shrunk top", mustPoly(t, 40, 10, 46, 10, 46, 16, 40, 16), r, pt(39.6206, 9.6206), pt(40+r, 10+r), true},
		{"a round silo: R − r towards q", Circle(pt(36, 28), 3), r, pt(33.4993, 25.4993), pt(36, 28).Add(pt(-1, -1).Mul((3 - r) / math.Sqrt2)), true},
		{"already fits: stays", bldg, r, pt(24, 13), pt(24, 13), true},
		{"a wall too thin", mustPoly(t, 0, 0, 10, 0, 10, 0.8, 0, 0.8), r, pt(5, -1), r2.Point{}, false},
		{"a circle too small", Circle(pt(5, 5), 0.5), r, pt(5, 3), r2.Point{}, false},
		{"L: near the reflex corner, on the arc about it", ell, 0.5, pt(1.8, 1.8), arc, true},
		{"L: in the cut-out, two arms equally near: smaller x", ell, 0.5, pt(2.2, 2.2), pt(1.5, 2.2), true},
		{"U: above the notch, two post tops equally near: smaller x", u, 0.4, pt(1.5, 3.5), pt(0.6, 2.6), true},
		{"U: in the notch, nearer the right post", u, 0.4, pt(1.8, 2), pt(2.4, 2), true},
		{"a stadium wider than the disc", Stadium(pt(0, 0), pt(10, 0), 1), 0.5, pt(5, 3), pt(5, 0.5), true},
		{"a rounded rectangle: the core grown by R − r", RoundedRect(pt(0, 0), 4, 2, 0.5, 0), 0.3, pt(5, 0), pt(2-0.3, 0), true},
		{"a rounded rectangle, disc wider than its corners", RoundedRect(pt(0, 0), 4, 2, 0.25, 0), 0.5, pt(5, 5), pt(1.5, 0.5), true},
	}
	for _, c := range cases {
		got, ok := NearestFit(c.s, c.r, c.q, 1e-9)
		if ok != c.ok || ok && (!near(got.X, c.want.X, 1e-9) || !near(got.Y, c.want.Y, 1e-9)) {
			t.Errorf("%s: NearestFit = %v %v, want %v %v", c.name, got, ok, c.want, c.ok)
		}
	}
}

// TestNearestFitAgainstGrid: for random star polygons, discs and points, the answer fits, and no
// point of a fine grid where the disc fits is nearer to q by more than the grid's reach allows
// (a check of the closed form from outside it, not how it works).
func TestNearestFitAgainstGrid(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for n := 0; n < 60; n++ {
		pts := randStar(rng, pt(5, 5), 4)
		s, err := NewPolygon(pts)
		if err != nil {
			continue
		}
		r := 0.2 + rng.Float64()*0.8
		q := pt(rng.Float64()*12-1, rng.Float64()*12-1)
		got, ok := NearestFit(s, r, q, 1e-9)
		const step = 0.05
		best := math.Inf(1)
		for x := -1.0; x <= 11; x += step {
			for y := -1.0; y <= 11; y += step {
				if c := pt(x, y); Inside(Circle(c, r), s) {
					best = math.Min(best, dist(c, q))
				}
			}
		}
		if !ok {
			if !math.IsInf(best, 1) {
				t.Fatalf("case %d: no fit found, but the grid has one %v from q", n, best)
			}
			continue
		}
		if !Inside(Circle(got, r), s) {
			t.Fatalf("case %d: %v does not fit", n, got)
		}
		if d := dist(got, q); d > best+1e-9 {
			t.Fatalf("case %d: answer %v is %v from q, a grid point fits at %v", n, got, d, best)
		}
	}
}
