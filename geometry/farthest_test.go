package geometry

import (
	"math"
	"math/rand"
	"testing"
)

func TestFarthestDistance(t *testing.T) {
	sq := mustPoly(t, sqXY...)
	rr := RoundedRect(pt(0, 0), 6, 4, 1, 0)
	cases := []struct {
		name    string
		from, s Shape
		want    float64
	}{
		{"circle to circle", Circle(pt(0, 0), 1), Circle(pt(5, 0), 2), 6},
		{"circle to square", Circle(pt(0, 0), 1), sq, math.Sqrt(8) - 1},
		{"circle to concave L", Circle(pt(0, 0), 1), mustPoly(t, lXY...), math.Sqrt(5) - 1},
		{"circle to stadium", Circle(pt(0, 0), 1), Stadium(pt(3, 4), pt(6, 8), 0.5), 10 + 0.5 - 1},
		{"circle holds s", Circle(pt(0, 0), 10), Circle(pt(1, 0), 1), 0},
		{"circle just holds s", Circle(pt(0, 0), 2), Circle(pt(1, 0), 1), 0},
		{"same circle", Circle(pt(3, 3), 1), Circle(pt(3, 3), 1), 0},
		{"square to circle beside", sq, Circle(pt(5, 1), 1), 4},
		{"square to circle off corner", sq, Circle(pt(4, 4), 1), math.Sqrt(8) + 1},
		{"square to circle inside", sq, Circle(pt(1, 1), 0.5), 0},
		{"square to circle poking out", sq, Circle(pt(1, 1), 1.5), 0.5},
		{"square to circle poking out off centre", sq, Circle(pt(1.5, 1), 1), 0.5},
		{"rounded rect to circle", rr, Circle(pt(10, 0), 1), 8},
		{"rounded rect to circle off corner", rr, Circle(pt(5, 4), 1), math.Sqrt(18) + 1 - 1},
		{"stadium to circle", Stadium(pt(0, 0), pt(4, 0), 1), Circle(pt(2, 5), 1), 5},
		{"stadium to square", Stadium(pt(0, 0), pt(4, 0), 1), mustPoly(t, 5, 0, 6, 0, 6, 1, 5, 1), math.Sqrt(5) - 1},
	}
	for _, c := range cases {
		if got := FarthestDistance(c.from, c.s); !near(got, c.want, 1e-12) {
			t.Errorf("%s: FarthestDistance = %v, want %v", c.name, got, c.want)
		}
	}
}

// For convex from, FarthestDistance is the largest sampled distance, up to the sampling step.
func TestFarthestDistanceProperties(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for i := 0; i < 1500; i++ {
		from := randShape(t, rng)
		if !from.Convex() {
			continue
		}
		s := randShape(t, rng)
		f := FarthestDistance(from, s)
		if f < Distance(from, s) {
			t.Fatalf("case %d: farthest %v below distance %v", i, f, Distance(from, s))
		}
		best := 0.0
		for _, p := range samplesIn(rng, s, 400) {
			d := from.DistanceToPoint(p)
			if d > f+1e-9 {
				t.Fatalf("case %d: a point of s is %v from from, beyond FarthestDistance %v", i, d, f)
			}
			best = math.Max(best, d)
		}
		if best < f-0.1 {
			t.Fatalf("case %d: sampled farthest %v, FarthestDistance %v", i, best, f)
		}
	}
}
