package geometry

import (
	"math"
	"math/rand"
	"testing"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"
)

// TestShadowAgreesWithSegments: for random convex prisms and eyes (above, below, beside and level
// with them), every point the shadow's planes vouch for has its segment from the eye through the
// prism (SegmentThroughVolume), and the planes vouch for nearly every point whose segment passes
// through by more than a little — they are a fast, sound and nearly complete test.
func TestShadowAgreesWithSegments(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	var held, through, built int
	for range 3000 {
		c := randPoint(rng, 5, 15)
		s, err := NewPolygon(randConvex(rng, c, 0.5+rng.Float64()*3))
		if err != nil {
			continue
		}
		zb := 0.0
		if rng.Intn(3) == 0 {
			zb = rng.Float64() * 3
		}
		v := Prism(s, zb, zb+0.2+rng.Float64()*4)
		eye := r3.Vector{X: rng.Float64() * 20, Y: rng.Float64() * 20, Z: rng.Float64() * 7}
		if s.ContainsPoint(r2.Point{X: eye.X, Y: eye.Y}) && rng.Intn(2) == 0 {
			eye.Z = v.Z.Hi + 0.5 + rng.Float64()*3
		}
		sh, ok := NewShadow(eye, v)
		if !ok {
			continue
		}
		built++
		for range 60 {
			p := r3.Vector{X: rng.Float64()*30 - 5, Y: rng.Float64()*30 - 5, Z: rng.Float64() * 8}
			h := sh.Holds(p)
			st := SegmentThroughVolume(eye, p, v)
			if h && !st {
				t.Fatalf("eye %v, prism %v %v: the shadow holds %v but the segment does not pass through", eye, s.Core(), v.Z, p)
			}
			if h {
				held++
			}
			if st {
				through++
			}
		}
	}
	if built < 2000 || through == 0 || float64(held) < 0.99*float64(through) {
		t.Fatalf("shadows built %d; points held %d of %d whose segments pass through", built, held, through)
	}
	t.Logf("%d shadows; the planes held %d of the %d points whose segment passes through", built, held, through)
}

// TestShadowHandComputed: an eye at (0, 0, 2) and a box x 10–11, y −5–5, 3 high. The point
// (20, 0, 1) is hidden; (20, 0, 5) is seen over the box (the line passes x = 10 at 3.5);
// (20, 12, 1) is beside it; (5, 0, 1) is in front of it.
func TestShadowHandComputed(t *testing.T) {
	box := Prism(mustPoly(t, 10, -5, 11, -5, 11, 5, 10, 5), 0, 3)
	sh, ok := NewShadow(r3.Vector{Z: 2}, box)
	if !ok {
		t.Fatal("no shadow for a plain box")
	}
	for _, c := range []struct {
		p    r3.Vector
		want bool
	}{
		{r3.Vector{X: 20, Z: 1}, true},
		{r3.Vector{X: 20, Z: 5}, false},
		{r3.Vector{X: 20, Y: 12, Z: 1}, false},
		{r3.Vector{X: 5, Z: 1}, false},
		{r3.Vector{X: 10.5, Z: 1}, true}, // inside the box
	} {
		if got := sh.Holds(c.p); got != c.want {
			t.Errorf("%v: holds %v, want %v", c.p, got, c.want)
		}
	}
}

// TestShadowCylinderAndExcludes: HoldsCylinder agrees with Holds on the cylinder's rim points
// (it may only be stricter than a sample, never looser), and a point Excludes says is outside
// never has its segment through the prism.
func TestShadowCylinderAndExcludes(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	var holds, excl int
	for range 3000 {
		s, err := NewPolygon(randConvex(rng, randPoint(rng, 5, 15), 0.5+rng.Float64()*3))
		if err != nil {
			continue
		}
		v := Prism(s, 0, 0.5+rng.Float64()*4)
		eye := r3.Vector{X: rng.Float64() * 20, Y: rng.Float64() * 20, Z: rng.Float64() * 5}
		sh, ok := NewShadow(eye, v)
		if !ok {
			continue
		}
		for range 30 {
			c := randPoint(rng, -5, 25)
			r, h := 0.2+rng.Float64(), 0.5+rng.Float64()*2
			if sh.HoldsCylinder(c, r, 0, h) {
				holds++
				for k := range 32 {
					a := float64(k) * 2 * math.Pi / 32
					for _, z := range []float64{0, h} {
						p := r3.Vector{X: c.X + r*math.Cos(a), Y: c.Y + r*math.Sin(a), Z: z}
						if !SegmentThroughVolume(eye, p, v) {
							t.Fatalf("eye %v prism %v: HoldsCylinder(%v, %g, 0, %g) but the rim point %v is not hidden", eye, s.Core(), c, r, h, p)
						}
					}
				}
			}
			p := r3.Vector{X: c.X, Y: c.Y, Z: rng.Float64() * 5}
			if sh.Excludes(p) {
				excl++
				if SegmentThroughVolume(eye, p, v) {
					t.Fatalf("eye %v prism %v: Excludes(%v) but its segment passes through", eye, s.Core(), p)
				}
			}
		}
	}
	if holds < 100 || excl < 1000 {
		t.Fatalf("too few decided cases: %d cylinders held, %d points excluded", holds, excl)
	}
	t.Logf("%d cylinders held (rims checked), %d points excluded", holds, excl)
}

// TestShadowMissesAndOuter: a cylinder MissesCylinder rules out has no rim or axis point whose
// segment passes through the prism; and the outer polygon of circles, stadiums and rounded
// rectangles holds the shape.
func TestShadowMissesAndOuter(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	missed := 0
	for range 2000 {
		s, err := NewPolygon(randConvex(rng, randPoint(rng, 5, 15), 0.5+rng.Float64()*3))
		if err != nil {
			continue
		}
		v := Prism(s, 0, 0.5+rng.Float64()*4)
		eye := r3.Vector{X: rng.Float64() * 20, Y: rng.Float64() * 20, Z: rng.Float64() * 5}
		sh, ok := NewShadow(eye, v)
		if !ok {
			continue
		}
		for range 30 {
			c, r, h := randPoint(rng, -5, 25), 0.2+rng.Float64(), 0.5+rng.Float64()*2
			if !sh.MissesCylinder(c, r, 0, h) {
				continue
			}
			missed++
			for k := range 16 {
				a := float64(k) * math.Pi / 8
				for _, z := range []float64{0, h / 2, h} {
					for _, q := range []r2.Point{c, {X: c.X + r*math.Cos(a), Y: c.Y + r*math.Sin(a)}} {
						if p := (r3.Vector{X: q.X, Y: q.Y, Z: z}); SegmentThroughVolume(eye, p, v) {
							t.Fatalf("MissesCylinder(%v, %g) but the segment to %v passes through", c, r, p)
						}
					}
				}
			}
		}
	}
	if missed < 1000 {
		t.Fatalf("only %d cylinders missed", missed)
	}
	for _, s := range []Shape{Circle(pt(3, 4), 1.2), Stadium(pt(0, 0), pt(3, 1), 0.7), mustPoly(t, 0, 0, 2, 0, 2, 1, 0, 1)} {
		o := newShape(outerPolygon(s), 0)
		for _, p := range samplesIn(rng, s, 400) {
			if !o.ContainsPoint(p) {
				t.Fatalf("outer polygon of %v misses %v", s.Core(), p)
			}
		}
		for k := range 64 { // boundary points of the grown shape
			a := float64(k) * math.Pi / 32
			for _, c := range s.Core() {
				p := pt(c.X+s.R()*math.Cos(a), c.Y+s.R()*math.Sin(a))
				if o.DistanceToPoint(p) > 0 {
					t.Fatalf("outer polygon of %v misses the boundary point %v", s.Core(), p)
				}
			}
		}
	}
}

// TestInnerShadow: for discs, stadia, rounded and plain convex prisms, with eyes anywhere and
// eyes exactly level with a top or bottom face or in line with a side, every point InnerShadow
// holds has its segment from the eye through the volume's interior (SegmentThroughVolume), and
// the shadow is built — and holds most of those points — whenever the eye is outside.
func TestInnerShadow(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	var built, inexact, held, through int
	for i := range 3000 {
		c := randPoint(rng, 5, 15)
		var s Shape
		switch i % 4 {
		case 0:
			s = Circle(c, 0.3+rng.Float64()*2)
		case 1:
			s = Stadium(c, c.Add(r2.Point{X: rng.Float64()*3 - 1.5, Y: rng.Float64()*3 - 1.5}), 0.2+rng.Float64())
		case 2:
			p, err := NewPolygon(randConvex(rng, c, 0.5+rng.Float64()*2))
			if err != nil {
				continue
			}
			s = newShape(p.Core(), 0.1+rng.Float64()*0.5)
		default:
			p, err := NewPolygon(randConvex(rng, c, 0.5+rng.Float64()*3))
			if err != nil {
				continue
			}
			s = p
		}
		zb := 0.0
		if rng.Intn(3) == 0 {
			zb = rng.Float64() * 3
		}
		v := Prism(s, zb, zb+0.2+rng.Float64()*4)
		eye := r3.Vector{X: rng.Float64() * 20, Y: rng.Float64() * 20, Z: rng.Float64() * 7}
		switch rng.Intn(4) {
		case 0:
			eye.Z = v.Z.Hi // level with the top: NewShadow refuses, the inner prism is lowered
		case 1:
			eye.Z = v.Z.Lo
		case 2:
			if core := s.Core(); len(core) >= 3 && s.R() == 0 { // in line with a side
				a, b := core[0], core[1]
				q := a.Add(b.Sub(a).Mul(-1 - rng.Float64()*3))
				eye.X, eye.Y = q.X, q.Y
			}
		}
		outside := s.DistanceToPoint(r2.Point{X: eye.X, Y: eye.Y}) > 1e-3
		sh, exact, ok := InnerShadow(eye, v)
		if !ok {
			if outside && v.Z.Hi-v.Z.Lo > 0.01 && len(innerPolygon(s)) <= 16 {
				t.Fatalf("eye %v, %v (core %v r %g): no inner shadow", eye, v.Z, s.Core(), s.R())
			}
			continue
		}
		built++
		if !exact {
			inexact++
		}
		for range 60 {
			p := r3.Vector{X: rng.Float64()*30 - 5, Y: rng.Float64()*30 - 5, Z: rng.Float64() * 8}
			h := sh.Holds(p)
			st := SegmentThroughVolume(eye, p, v)
			if h && !st {
				t.Fatalf("eye %v, volume core %v r %g z %v: the inner shadow holds %v but the segment does not pass through", eye, s.Core(), s.R(), v.Z, p)
			}
			if h {
				held++
			}
			if st {
				through++
			}
		}
	}
	if built < 2000 || inexact < 1000 || float64(held) < 0.9*float64(through) {
		t.Fatalf("inner shadows built %d (%d not the volume's own); points held %d of %d whose segments pass through", built, inexact, held, through)
	}
	t.Logf("%d inner shadows (%d of a prism inside the volume); they held %d of the %d points whose segment passes through", built, inexact, held, through)
}

// FuzzInnerShadow: for any eye, a disc, stadium or box prism (any size and heights) and any
// point, InnerShadow never panics, and when its shadow holds the point the segment from the eye
// to it passes through the volume's interior.
func FuzzInnerShadow(f *testing.F) {
	f.Add(0.0, 0.0, 3.0, 10.0, 0.0, 1.0, 0.5, 0.0, 3.0, 20.0, 0.0, 1.0, uint8(0))
	f.Add(0.0, 0.0, 3.0, 10.0, 0.0, 1.0, 0.5, 0.0, 3.0, 20.0, 0.0, 1.0, uint8(1))
	f.Add(0.0, 5.0, 2.0, 10.0, 0.0, 2.0, 1.0, 1.0, 2.0, 20.0, 1.0, 0.5, uint8(2))
	f.Fuzz(func(t *testing.T, ex, ey, ez, cx, cy, a, b, zlo, zhi, px, py, pz float64, kind uint8) {
		for _, v := range []float64{ex, ey, ez, cx, cy, a, b, zlo, zhi, px, py, pz} {
			if math.IsNaN(v) || math.Abs(v) > 1e4 {
				return
			}
		}
		a, b = math.Abs(a)+1e-3, math.Abs(b)+1e-3
		if zhi < zlo {
			zlo, zhi = zhi, zlo
		}
		var s Shape
		switch kind % 3 {
		case 0:
			s = Circle(r2.Point{X: cx, Y: cy}, a)
		case 1:
			s = Stadium(r2.Point{X: cx, Y: cy}, r2.Point{X: cx + a, Y: cy + b}, b)
		default:
			p, err := NewPolygon([]r2.Point{{X: cx, Y: cy}, {X: cx + a, Y: cy}, {X: cx + a, Y: cy + b}, {X: cx, Y: cy + b}})
			if err != nil {
				return
			}
			s = p
		}
		v := Prism(s, zlo, zhi)
		eye := r3.Vector{X: ex, Y: ey, Z: ez}
		sh, _, ok := InnerShadow(eye, v)
		p := r3.Vector{X: px, Y: py, Z: pz}
		if ok && sh.Holds(p) && !SegmentThroughVolume(eye, p, v) {
			t.Fatalf("eye %v, core %v r %g z %v: the inner shadow holds %v, the segment does not pass through", eye, s.Core(), s.R(), v.Z, p)
		}
	})
}
