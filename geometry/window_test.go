package geometry

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/golang/geo/r2"
)

// TestAngularWindow: windows worked by hand — a disc ahead, a square behind the eye (across ±π),
// the same square from a turned base, an eye on a shape, a shape spanning π.
func TestAngularWindow(t *testing.T) {
	x := r2.Point{X: 1}
	o := r2.Point{}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-12 }
	// A disc of radius 1 at (2, 0): seen under ±asin(1/2) = ±π/6.
	w := AngularWindow(o, x, Circle(r2.Point{X: 2}, 1), 1e-6, 0)
	if !near(w.Lo, -math.Pi/6) || !near(w.Hi, math.Pi/6) || w.IsInverted() {
		t.Errorf("disc: %v, want [−π/6, π/6]", w)
	}
	// The square [−3, −1] × [−1, 1] behind the eye: from 3π/4 to −3π/4 across π.
	sq, _ := NewPolygon([]r2.Point{{X: -3, Y: -1}, {X: -1, Y: -1}, {X: -1, Y: 1}, {X: -3, Y: 1}})
	w = AngularWindow(o, x, sq, 1e-6, 0)
	if !w.IsInverted() || !near(w.Lo, 3*math.Pi/4) || !near(w.Hi, -3*math.Pi/4) || !w.Contains(math.Pi) || w.Contains(0) {
		t.Errorf("square behind: %v, want [3π/4, −3π/4] across π", w)
	}
	if lo, hi := Unwrapped(w); !near(lo, 3*math.Pi/4) || !near(hi, 5*math.Pi/4) {
		t.Errorf("unwrapped: %v, %v", lo, hi)
	}
	// Seen from the base (−1, 0), the same square is straight ahead: ±π/4.
	w = AngularWindow(o, r2.Point{X: -1}, sq, 1e-6, 0.01)
	if !near(w.Lo, -math.Pi/4-0.01) || !near(w.Hi, math.Pi/4+0.01) {
		t.Errorf("turned base: %v, want ±(π/4 + 0.01)", w)
	}
	// The eye on the shape, within tol of it, or a shape spanning π: every direction.
	for _, c := range []struct {
		name string
		o    r2.Point
	}{{"inside", r2.Point{X: -2}}, {"on the edge", r2.Point{X: -1}}, {"within tol", r2.Point{X: -1 + 5e-7}}} {
		if w := AngularWindow(c.o, x, sq, 1e-6, 0); !w.IsFull() {
			t.Errorf("%s: %v, want full", c.name, w)
		}
	}
	wide, _ := NewPolygon([]r2.Point{{X: -5, Y: 1}, {X: 5, Y: 1}, {X: 5, Y: 2}, {X: -5, Y: 2}})
	if w := AngularWindow(o, x, wide, 1e-6, 0); w.IsFull() {
		t.Errorf("a wide bar short of π: %v", w)
	}
	// From 1e-9 below it the bar spans π − 4e-10: more than π − tol for tol 5e-10 (the eye is not
	// within tol of it), less for tol 1e-10.
	if w := AngularWindow(r2.Point{Y: 1 - 1e-9}, x, wide, 5e-10, 0); !w.IsFull() {
		t.Errorf("the bar seen from just below it spans almost π: %v", w)
	}
	if w := AngularWindow(r2.Point{Y: 1 - 1e-9}, x, wide, 1e-10, 0); w.IsFull() {
		t.Errorf("with tol 1e-10 the bar's window is not full: %v", w)
	}
}

// TestAngularWindowAgrees: on random shapes and eyes the window holds the direction to every
// outline vertex and misses directions just outside it (a vertex or tangent on each edge), i.e.
// it is the exact window: lo and hi are attained.
func TestAngularWindowAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	x := r2.Point{X: 1}
	for n := 0; n < 2000; n++ {
		c := r2.Point{X: rng.Float64()*20 - 10, Y: rng.Float64()*20 - 10}
		var s Shape
		if n%2 == 0 {
			s = Circle(c, 0.2+rng.Float64())
		} else {
			s, _ = NewPolygon([]r2.Point{c, c.Add(r2.Point{X: 1 + rng.Float64()}), c.Add(r2.Point{X: 0.5, Y: 1 + rng.Float64()})})
		}
		o := r2.Point{X: rng.Float64()*2 - 1, Y: rng.Float64()*2 - 1}
		w := AngularWindow(o, x, s, 1e-6, 0)
		if w.IsFull() {
			continue
		}
		lo, hi := Unwrapped(w)
		hitLo, hitHi := false, false
		for _, p := range s.core {
			v := p.Sub(o)
			a := math.Atan2(v.Y, v.X)
			h := 0.0
			if s.r > 0 {
				h = math.Asin(s.r / norm(v))
			}
			if !w.Contains(math.Remainder(a, 2*math.Pi)) {
				t.Fatalf("%d: window %v misses the vertex direction %v", n, w, a)
			}
			for _, e := range []float64{a - h, a + h} {
				ee := e
				for ee < lo-math.Pi {
					ee += 2 * math.Pi
				}
				for ee > lo+math.Pi {
					ee -= 2 * math.Pi
				}
				hitLo = hitLo || math.Abs(ee-lo) <= 1e-12
				hitHi = hitHi || math.Abs(ee-hi) <= 1e-12 || math.Abs(ee+2*math.Pi-hi) <= 1e-12
			}
		}
		if !hitLo || !hitHi {
			t.Fatalf("%d: window %v is not attained by the outline (%v %v)", n, w, hitLo, hitHi)
		}
		if w.Contains(math.Remainder(lo-1e-6, 2*math.Pi)) || w.Contains(math.Remainder(hi+1e-6, 2*math.Pi)) {
			t.Fatalf("%d: window %v holds directions outside it", n, w)
		}
	}
}
