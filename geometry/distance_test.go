package geometry

import (
	"math"
	"math/rand"
	"testing"
)

func TestDistanceOverlapTouch(t *testing.T) {
	sq := mustPoly(t, sqXY...)
	l := mustPoly(t, lXY...)
	u := mustPoly(t, uXY...)
	coll := mustPoly(t, collXY...)
	cases := []struct {
		name    string
		a, b    Shape
		dist    float64
		overlap bool
	}{
		{"circles apart", Circle(pt(0, 0), 1), Circle(pt(5, 0), 2), 2, false},
		{"circles tangent", Circle(pt(0, 0), 1), Circle(pt(3, 0), 2), 0, false},
		{"circles overlap", Circle(pt(0, 0), 1), Circle(pt(2.99, 0), 2), 0, true},
		{"circles overlap by Eps/2", Circle(pt(0, 0), 1), Circle(pt(3-Eps/2, 0), 2), 0, false},
		{"circles overlap by 2·Eps", Circle(pt(0, 0), 1), Circle(pt(3-2*Eps, 0), 2), 0, true},
		{"concentric", Circle(pt(1, 1), 1), Circle(pt(1, 1), 3), 0, true},
		{"circle beside square", sq, Circle(pt(4, 1), 1), 1, false},
		{"circle off corner", sq, Circle(pt(5, 5), 1), math.Sqrt(18) - 1, false},
		{"circle tangent to edge", sq, Circle(pt(1, 3), 1), 0, false},
		{"circle tangent at vertex", sq, Circle(pt(3, 3), math.Sqrt2), 0, false},
		{"circle wholly inside square", sq, Circle(pt(1, 1), 0.5), 0, true},
		{"square inside circle", sq, Circle(pt(1, 1), 5), 0, true},
		{"small square inside big", sq, mustPoly(t, 0.5, 0.5, 1.5, 0.5, 1.5, 1.5, 0.5, 1.5), 0, true},
		{"squares share an edge", sq, mustPoly(t, 2, 0, 4, 0, 4, 2, 2, 2), 0, false},
		{"squares share part of an edge", sq, mustPoly(t, 2, 1, 4, 1, 4, 3, 2, 3), 0, false},
		{"squares touch at a vertex", sq, mustPoly(t, 2, 2, 3, 2, 3, 3, 2, 3), 0, false},
		{"identical squares", sq, mustPoly(t, 2, 2, 0, 2, 0, 0, 2, 0), 0, true},
		{"squares overlap 1e-10", sq, mustPoly(t, 2-1e-10, 0, 4, 0, 4, 2, 2-1e-10, 2), 0, false},
		{"squares overlap 1e-6", sq, mustPoly(t, 2-1e-6, 0, 4, 0, 4, 2, 2-1e-6, 2), 0, true},
		{"squares crossing", sq, mustPoly(t, 1, 1, 3, 1, 3, 3, 1, 3), 0, true},
		{"squares apart", sq, mustPoly(t, 3, 0, 4, 0, 4, 2, 3, 2), 1, false},
		{"cross of rectangles, no vertex inside", mustPoly(t, 0, 1, 3, 1, 3, 2, 0, 2), mustPoly(t, 1, 0, 2, 0, 2, 3, 1, 3), 0, true},
		{"circle in L notch, clear", l, Circle(pt(1.6, 1.6), 0.5), 0.1, false},
		{"circle in L notch, overlapping", l, Circle(pt(1.6, 1.6), 0.7), 0, true},
		{"circle in L notch, touching both", l, Circle(pt(1.5, 1.5), 0.5), 0, false},
		{"circle in U notch, clear", u, Circle(pt(1.5, 2.5), 0.4), 0.1, false},
		{"circle in U notch, tangent to three sides", u, Circle(pt(1.5, 1.5), 0.5), 0, false},
		{"square in U notch", u, mustPoly(t, 1.25, 2, 1.75, 2, 1.75, 4, 1.25, 4), 0.25, false},
		{"square in U notch, flush", u, mustPoly(t, 1, 1, 2, 1, 2, 4, 1, 4), 0, false},
		{"L in L", l, mustPoly(t, 1.5, 1.5, 3, 1.5, 3, 3, 1.5, 3), 0.5, false},
		{"L vs L apart", l, mustPoly(t, 2, 2, 2, 3, 0, 3, 0, 2.5, 1.5, 2.5, 1.5, 2), 0.5, false},
		{"L vs L flush", l, mustPoly(t, 1.5, 1.5, 3, 1.5, 3, 3, 0, 3, 0, 2, 1.5, 2), 0, false},
		{"L vs L into the notch", l, mustPoly(t, 1.5, 0.5, 3, 0.5, 3, 3, 0, 3, 0, 2, 1.5, 2), 0, true},
		{"stadiums cross", Stadium(pt(0, 0), pt(4, 4), 0.1), Stadium(pt(0, 4), pt(4, 0), 0.1), 0, true},
		{"stadiums parallel", Stadium(pt(0, 0), pt(4, 0), 0.5), Stadium(pt(0, 2), pt(4, 2), 0.5), 1, false},
		{"stadiums end to end", Stadium(pt(0, 0), pt(4, 0), 0.5), Stadium(pt(6, 0), pt(9, 0), 0.5), 1, false},
		{"rounded rects", RoundedRect(pt(0, 0), 6, 4, 1, 0), RoundedRect(pt(10, 0), 6, 4, 1, 0), 4, false},
		{"rounded rects turned", RoundedRect(pt(0, 0), 6, 4, 1, 0), RoundedRect(pt(10, 0), 6, 4, 1, 90), 5, false},
		{"rounded rect corner to circle", RoundedRect(pt(0, 0), 6, 4, 1, 0), Circle(pt(5, 4), 1), math.Sqrt(18) - 2, false},
		{"point in square (no interior)", sq, Circle(pt(1, 1), 0), 0, false},
		{"point off square", sq, Circle(pt(1, 5), 0), 3, false},
		{"segment along an edge", sq, Stadium(pt(-1, 0), pt(3, 0), 0), 0, false},
		{"segment through", sq, Stadium(pt(-1, 1), pt(3, 1), 0), 0, false},
		{"collinear edges vs circle", coll, Circle(pt(1, -1), 0.5), 0.5, false},
		{"collinear edges vs point on edge", coll, Circle(pt(1, 0), 0.5), 0, true},
		{"grown square vs circle", newShape(sq.Core(), 1), Circle(pt(5, 1), 1), 1, false},
	}
	for _, c := range cases {
		for _, sw := range []bool{false, true} {
			a, b := c.a, c.b
			if sw {
				a, b = b, a
			}
			if got := Distance(a, b); !near(got, c.dist, 1e-12) {
				t.Errorf("%s (swap %v): Distance = %v, want %v", c.name, sw, got, c.dist)
			}
			if got := Overlap(a, b); got != c.overlap {
				t.Errorf("%s (swap %v): Overlap = %v, want %v", c.name, sw, got, c.overlap)
			}
			if got := Touch(a, b, 0); got != (c.dist == 0) {
				t.Errorf("%s: Touch(0) = %v", c.name, got)
			}
			if got := Touch(a, b, c.dist+1e-9); !got {
				t.Errorf("%s: Touch(dist) = false", c.name)
			}
		}
	}
}

// Properties of Distance and Overlap on random pairs of every kind of shape.
func TestDistanceProperties(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	n := 3000
	if testing.Short() {
		n = 500
	}
	for i := 0; i < n; i++ {
		a, b := randShape(t, rng), randShape(t, rng)
		d := Distance(a, b)
		if d2 := Distance(b, a); d2 != d {
			t.Fatalf("case %d: not symmetric: %v vs %v", i, d, d2)
		}
		if Overlap(a, b) != Overlap(b, a) {
			t.Fatalf("case %d: Overlap not symmetric", i)
		}
		// Invariance under a rigid motion (within 1e-9 relative).
		about, ang, mv := randPoint(rng, -20, 20), 360*rng.Float64(), randPoint(rng, -100, 100)
		a2, b2 := a.Rotate(about, ang).Translate(mv), b.Rotate(about, ang).Translate(mv)
		if d2 := Distance(a2, b2); !near(d2, d, 1e-9*(1+d)) {
			t.Fatalf("case %d: moved distance %v, was %v", i, d2, d)
		}
		if d > 1e-6 && Overlap(a2, b2) {
			t.Fatalf("case %d: moved pair overlaps at distance %v", i, d)
		}
		// Overlap ⇒ distance 0; distance > 0 ⇒ no overlap.
		if Overlap(a, b) && d != 0 {
			t.Fatalf("case %d: overlap at distance %v", i, d)
		}
		// Distance is a lower bound of point distances from a's samples to b, and attained up to
		// the sampling step.
		best := math.Inf(1)
		both := 0.0
		for _, p := range samplesIn(rng, a, 400) {
			dp := b.DistanceToPoint(p)
			if dp < d-1e-9 {
				t.Fatalf("case %d: a point of a is %v from b, below Distance %v", i, dp, d)
			}
			best = math.Min(best, dp)
			both = math.Max(both, math.Min(depth(a, p), depth(b, p)))
		}
		if best > d+0.2 {
			t.Fatalf("case %d: samples %v, Distance %v", i, best, d)
		}
		// Sanity: a sampled point well inside both ⇒ touching and overlapping.
		if both > 1e-6 && (d != 0 || !Overlap(a, b)) {
			t.Fatalf("case %d: a point %v deep in both, Distance %v, Overlap %v", i, both, d, Overlap(a, b))
		}
		if Touch(a, b, 0) != (d == 0) {
			t.Fatalf("case %d: Touch", i)
		}
	}
}
