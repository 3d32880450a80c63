package geometry

import (
	"math"
	"math/rand"
	"testing"

	"github.com/golang/geo/r2"
)

func TestDistanceToPointAndContains(t *testing.T) {
	sq := mustPoly(t, sqXY...)
	l := mustPoly(t, lXY...)
	u := mustPoly(t, uXY...)
	coll := mustPoly(t, collXY...)
	circ := Circle(pt(1, 1), 2)
	stad := Stadium(pt(0, 0), pt(4, 0), 1)
	rr := RoundedRect(pt(0, 0), 6, 4, 1, 0)
	dot := Circle(pt(5, 5), 0)
	cases := []struct {
		name string
		s    Shape
		p    r2.Point
		want float64
		in   bool
	}{
		{"square inside", sq, pt(1, 1), 0, true},
		{"square on edge", sq, pt(2, 1), 0, true},
		{"square on vertex", sq, pt(0, 0), 0, true},
		{"square right", sq, pt(3, 1), 1, false},
		{"square corner", sq, pt(3, 3), math.Sqrt2, false},
		{"square within Eps", sq, pt(2+0.5e-9, 1), 0.5e-9, true},
		{"square beyond Eps", sq, pt(2+2e-9, 1), 2e-9, false},
		{"L arm", l, pt(0.5, 1.5), 0, true},
		{"L notch", l, pt(1.5, 1.5), 0.5, false},
		{"L notch diagonal", l, pt(1.2, 1.1), 0.1, false},
		{"L reflex vertex", l, pt(1, 1), 0, true},
		{"U notch", u, pt(1.5, 2.5), 0.5, false},
		{"U notch bottom", u, pt(1.5, 1), 0, true},
		{"U above notch", u, pt(1.5, 4), math.Hypot(0.5, 1), false},
		{"collinear vertex", coll, pt(1, -1), 1, false},
		{"collinear edge point", coll, pt(1, 0), 0, true},
		{"circle centre", circ, pt(1, 1), 0, true},
		{"circle out", circ, pt(4, 1), 1, false},
		{"circle on", circ, pt(1, 3), 0, true},
		{"stadium side", stad, pt(2, 3), 2, false},
		{"stadium end", stad, pt(6, 0), 1, false},
		{"stadium end on", stad, pt(-1, 0), 0, true},
		{"rounded corner", rr, pt(4, 3), math.Sqrt(8) - 1, false},
		{"rounded side", rr, pt(0, 2), 0, true},
		{"rounded beyond side", rr, pt(0, 2.5), 0.5, false},
		{"point shape on", dot, pt(5, 5), 0, true},
		{"point shape off", dot, pt(8, 9), 5, false},
	}
	for _, c := range cases {
		if got := c.s.DistanceToPoint(c.p); !near(got, c.want, 1e-12) {
			t.Errorf("%s: DistanceToPoint(%v) = %v, want %v", c.name, c.p, got, c.want)
		}
		if got := c.s.ContainsPoint(c.p); got != c.in {
			t.Errorf("%s: ContainsPoint(%v) = %v, want %v", c.name, c.p, got, c.in)
		}
	}
}

func TestArea(t *testing.T) {
	cw := mustPoly(t, 0, 0, 0, 3, 4, 0) // clockwise input, stored CCW
	cases := []struct {
		name string
		s    Shape
		want float64
	}{
		{"square", mustPoly(t, sqXY...), 4},
		{"L", mustPoly(t, lXY...), 3},
		{"U", mustPoly(t, uXY...), 7},
		{"collinear", mustPoly(t, collXY...), 4},
		{"clockwise triangle", cw, 6},
		{"circle", Circle(pt(3, 3), 2), 4 * math.Pi},
		{"point", Circle(pt(3, 3), 0), 0},
		{"stadium", Stadium(pt(0, 0), pt(4, 0), 1), 8 + math.Pi},
		{"segment", Stadium(pt(0, 0), pt(4, 0), 0), 0},
		{"rounded rect", RoundedRect(pt(1, 2), 6, 4, 1, 30), 24 - (4 - math.Pi)},
		{"rounded square = circle", RoundedRect(pt(1, 2), 2, 2, 1, 30), math.Pi},
		{"rounded stadium", RoundedRect(pt(1, 2), 6, 2, 1, 0), 8 + math.Pi},
		{"grown square", newShape(mustPoly(t, sqXY...).Core(), 0.5), 4 + 8*0.5 + math.Pi/4},
	}
	for _, c := range cases {
		if got := c.s.Area(); !near(got, c.want, 1e-12) {
			t.Errorf("%s: Area = %v, want %v", c.name, got, c.want)
		}
	}
	if got, want := Stadium(pt(0, 0), pt(4, 0), 1).Perimeter(), 8+2*math.Pi; !near(got, want, 1e-12) {
		t.Errorf("stadium perimeter %v, want %v", got, want)
	}
}

// Area against a Monte Carlo estimate on random shapes: a sanity check of the formula per kind.
func TestAreaMonteCarlo(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 40; i++ {
		s := randShape(t, rng)
		b := s.Bounds()
		const n = 40000
		in := 0
		for k := 0; k < n; k++ {
			if s.DistanceToPoint(pt(b.X.Lo+b.X.Length()*rng.Float64(), b.Y.Lo+b.Y.Length()*rng.Float64())) == 0 {
				in++
			}
		}
		est := float64(in) / n * b.X.Length() * b.Y.Length()
		if tol := 5 * math.Sqrt(float64(n)) / n * b.X.Length() * b.Y.Length(); !near(est, s.Area(), tol) {
			t.Errorf("shape %d (core %d pts, R %v): Area %v, Monte Carlo %v ± %v", i, len(s.Core()), s.R(), s.Area(), est, tol)
		}
	}
}
