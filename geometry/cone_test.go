package geometry

import (
	"math"
	"math/rand"
	"testing"
)

// TestCone: containment and distance by hand, for a convex cone (45°–135°, the default front arc
// of a mini facing 90°) and a reflex one (110° → 430°, 320° wide).
func TestCone(t *testing.T) {
	front := NewCone(pt(0, 0), 45, 135)
	wide := NewCone(pt(20, 10), 110, 70) // counter-clockwise from 110° round to 70°: 320° wide
	if !near(front.Width, 90, 1e-12) || !near(wide.Width, 320, 1e-12) {
		t.Fatalf("widths %v %v", front.Width, wide.Width)
	}
	in := []struct {
		c    Cone
		x, y float64
		want bool
	}{
		{front, 0, 1, true}, {front, 1, 0, false}, {front, 0, -1, false}, {front, 0, 0, true},
		{front, 1, 1, true}, {front, 1, 1.0001, true}, {front, 1, 0.9999, false}, {front, -1, 1.0001, true}, {front, -1, 0.9999, false},
		{wide, 27, 10, true}, {wide, 20, 25, false}, {wide, 20, -5, true}, {wide, 10, 10, true},
		{wide, 22.0706, 17.7274, false}, // 8" at 75°: between 70° and 110°, outside
		{wide, 20, 10, true},
	}
	for _, c := range in {
		if got := c.c.ContainsPoint(pt(c.x, c.y)); got != c.want {
			t.Errorf("cone %v°+%v°: ContainsPoint(%v, %v) = %v", c.c.From, c.c.Width, c.x, c.y, got)
		}
	}
	// A point on a ray (here the 135° one, which sin and cos round) may fall either side by
	// ContainsPoint; its distance is 0 within rounding.
	if d := front.Distance(Circle(pt(-1, 1), 0)); d > 1e-15 {
		t.Errorf("a point on the 135° ray is %v from the cone", d)
	}
	square := mustPoly(t, 5, -1, 6, -1, 6, 1, 5, 1)
	dist := []struct {
		name string
		c    Cone
		s    Shape
		want float64
	}{
		{"disc to the right: 10 sin 45° − 1", front, Circle(pt(10, 0), 1), 10*math.Sin(math.Pi/4) - 1},
		{"disc behind the apex: to the apex", front, Circle(pt(0, -5), 1), 4},
		{"disc inside", front, Circle(pt(0, 7), 1), 0},
		{"disc across the line", front, Circle(pt(5.9452, 5.353), 0.5315), 0},
		{"square: its corner (5, 1) to the 45° line", front, square, 4 / math.Sqrt2},
		{"square across the apex", front, mustPoly(t, -1, -1, 1, -1, 1, -0.5, -1, -0.5), 0.5},
		{"segment crossing a ray", front, Stadium(pt(3, 0), pt(3, 5), 0.1), 0},
		{"disc in the 40° gap of a wide cone: 8 sin 5° − r", wide, Circle(pt(22.0706, 17.7274), 0.5315), 8*math.Sin(5*math.Pi/180) - 0.5315},
		{"disc on the far side of a wide cone", wide, Circle(pt(10, 10), 0.5), 0},
	}
	for _, c := range dist {
		if got := c.c.Distance(c.s); !near(got, c.want, 1e-4) {
			t.Errorf("%s: Distance = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestConeRotates: turning the cone and the shape together about any point leaves the distance
// unchanged, and a shape some point of which (its core vertices, its edge midpoints) the cone
// contains is at distance 0.
func TestConeRotates(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for n := 0; n < 3000; n++ {
		apex := pt(rng.Float64()*20, rng.Float64()*20)
		from, w := rng.Float64()*360, 1+rng.Float64()*358
		c := NewCone(apex, from, from+w)
		var s Shape
		switch n % 3 {
		case 0:
			s = Circle(pt(rng.Float64()*20, rng.Float64()*20), rng.Float64()*2)
		case 1:
			s = Stadium(pt(rng.Float64()*20, rng.Float64()*20), pt(rng.Float64()*20, rng.Float64()*20), rng.Float64())
		default:
			pts := randStar(rng, pt(rng.Float64()*20, rng.Float64()*20), 3)
			var err error
			if s, err = NewPolygon(pts); err != nil {
				continue
			}
		}
		d := c.Distance(s)
		about, turn := pt(rng.Float64()*20, rng.Float64()*20), rng.Float64()*360
		c2 := NewCone(RotatePoint(apex, about, turn), from+turn, from+w+turn)
		if d2 := c2.Distance(s.Rotate(about, turn)); !near(d, d2, 1e-9) {
			t.Fatalf("case %d: distance %v, turned %v", n, d, d2)
		}
		for i, v := range s.core {
			m := v
			if len(s.core) > 1 {
				m = v.Add(s.core[(i+1)%len(s.core)]).Mul(0.5)
			}
			if (c.ContainsPoint(v) || c.ContainsPoint(m)) && d != 0 {
				t.Fatalf("case %d: the cone holds a point of the shape, distance %v", n, d)
			}
		}
	}
}
