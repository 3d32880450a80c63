package geometry

import (
	"math"
	"math/rand"
	"testing"

	"github.com/golang/geo/r1"
	"github.com/golang/geo/r2"
)

func path(xy ...float64) []r2.Point {
	var p []r2.Point
	for i := 0; i+1 < len(xy); i += 2 {
		p = append(p, pt(xy[i], xy[i+1]))
	}
	return p
}

func TestSweepCircle(t *testing.T) {
	obst := Circle(pt(10, 0), 1)
	box := mustPoly(t, 10, -1, 12, -1, 12, 1, 10, 1)
	u := mustPoly(t, uXY...)
	l := mustPoly(t, lXY...)
	cases := []struct {
		name string
		path []r2.Point
		r    float64
		s    Shape
		t    float64
		hit  bool
	}{
		{"head on", path(0, 0, 20, 0), 1, obst, 8, true},
		{"graze", path(0, 2, 20, 2), 1, obst, 20, false},
		{"graze within Eps", path(0, 2-Eps/2, 20, 2-Eps/2), 1, obst, 20, false},
		{"shallow pass", path(0, 1.999, 20, 1.999), 1, obst, 10 - math.Sqrt(4-1.999*1.999), true},
		{"start overlapping", path(9.5, 0, 20, 0), 1, obst, 0, true},
		{"start touching, moving in", path(8, 0, 20, 0), 1, obst, 0, true},
		{"start touching, moving away", path(8, 0, 0, 0), 1, obst, 8, false},
		{"stop short", path(0, 0, 7.9, 0), 1, obst, 7.9, false},
		{"stop touching", path(0, 0, 8, 0), 1, obst, 8, false},
		{"box head on", path(0, 0, 20, 0), 0.5, box, 9.5, true},
		{"slide along the box top", path(0, 1.5, 20, 1.5), 0.5, box, 20, false},
		{"box corner arc", path(0, 1.4, 20, 1.4), 0.5, box, 9.7, true},
		{"slide along the top, then turn in", path(0, 1.5, 11, 1.5, 11, 0), 0.5, box, 11, true},
		{"slide along the top, then turn away", path(0, 1.5, 11, 1.5, 11, 5), 0.5, box, 14.5, false},
		{"bent path", path(0, 0, 5, 0, 5, 10), 1, Circle(pt(5, 8), 1), 11, true},
		{"hit on the second leg of a bent path", path(0, 0, 5, 0, 5, 10), 1, box.Translate(pt(-6, 6)), 5 + 4, true},
		{"U notch, fits", path(1.5, 5, 1.5, 1.5), 0.4, u, 3.5, false},
		{"U notch, floor", path(1.5, 5, 1.5, 0), 0.4, u, 5 - 1.4, true},
		{"U notch, flush with both walls", path(1.5, 5, 1.5, 1.5), 0.5, u, 3.5, false},
		{"U notch, flush, to the floor", path(1.5, 5, 1.5, 0), 0.5, u, 3.5, true},
		{"U notch, too wide", path(1.5, 5, 1.5, 0), 0.6, u, 5 - 3 - math.Sqrt(0.6*0.6-0.5*0.5), true},
		{"L along the notch wall into the arm", path(1.5, 3, 1.5, 1.5, 0, 1.5), 0.5, l, 1.5 + 0, true},
		{"L slide along y=1.5 over the arm", path(3, 1.5, 1.5, 1.5), 0.5, l, 1.5, false},
		{"L slide along x=1.5 then into the corner", path(1.5, 3, 1.5, 1.2), 0.5, l, 1.5, true},
		{"point obstacle", path(0, 0, 10, 0), 1, Circle(pt(5, 0), 0), 4, true},
		{"single point inside", path(10, 0.5), 1, obst, 0, true},
		{"single point outside", path(13, 0), 1, obst, 0, false},
		{"empty path", nil, 1, obst, 0, false},
		{"grown polygon obstacle", path(0, 0, 20, 0), 1, RoundedRect(pt(10, 0), 4, 2, 0.5, 0), 7, true},
	}
	for _, c := range cases {
		got, hit := SweepCircle(c.path, c.r, c.s)
		if hit != c.hit || !near(got, c.t, 1e-9) {
			t.Errorf("%s: SweepCircle = (%v, %v), want (%v, %v)", c.name, got, hit, c.t, c.hit)
		}
	}
}

func TestSweepInRect(t *testing.T) {
	rect := r2.RectFromPoints(pt(0, 0), pt(72, 36))
	cases := []struct {
		name string
		path []r2.Point
		r    float64
		t    float64
		left bool
	}{
		{"stays", path(10, 10, 20, 20), 1, math.Hypot(10, 10), false},
		{"runs out the right", path(60, 10, 80, 10), 1, 11, true},
		{"runs along the bottom edge", path(10, 1, 60, 1), 1, 50, false},
		{"along the edge within Eps outside", path(10, 1-Eps/2, 60, 1-Eps/2), 1, 50, false},
		{"ends touching the edge", path(10, 10, 71, 10), 1, 61, false},
		{"second leg leaves", path(10, 10, 10, 30, 0, 30), 1, 20 + 9, true},
		{"starts outside", path(-5, 10, 10, 10), 1, 0, true},
		{"diagonal into a corner", path(60, 24, 80, 44), 1, math.Hypot(11, 11), true},
		{"too big", path(10, 10), 40, 0, true},
	}
	for _, c := range cases {
		got, left := SweepInRect(c.path, c.r, rect)
		if left != c.left || !near(got, c.t, 1e-9) {
			t.Errorf("%s: SweepInRect = (%v, %v), want (%v, %v)", c.name, got, left, c.t, c.left)
		}
	}
}

// On random paths and obstacles: at the reported t the disc touches s and a moment before it does
// not overlap; without a hit no sampled position overlaps; with a hit a later sampled position
// overlaps or the disc is already deep just after t.
func TestSweepCircleProperties(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	hits := 0
	for i := 0; i < 3000; i++ {
		s := randShape(t, rng)
		r := 0.05 + rng.Float64()
		p := []r2.Point{randPoint(rng, -2, 12)}
		for k := rng.Intn(3); k >= 0; k-- {
			p = append(p, randPoint(rng, -2, 12))
		}
		if rng.Intn(4) == 0 { // slide along a core edge at exactly the touching distance
			core := s.Core()
			if len(core) >= 2 {
				v, w := core[0], core[1]
				e := w.Sub(v).Mul(1 / dist(v, w))
				off := pt(e.Y, -e.X).Mul(s.R() + r)
				p = []r2.Point{v.Add(off).Sub(e.Mul(3)), w.Add(off).Add(e.Mul(rng.Float64() - 0.5)), randPoint(rng, -2, 12)}
			}
		}
		tt, hit := SweepCircle(p, r, s)
		total := PolylineLength(p)
		disc := func(t float64) Shape { return Circle(PolylinePoint(p, t), r) }
		_ = disc
		if !hit {
			if tt != total {
				t.Fatalf("case %d: no hit but t %v != length %v", i, tt, total)
			}
			for k := 0; k <= 500; k++ {
				tk := total * float64(k) / 500
				if pen := r + s.R() - coreSignedDist(s.Core(), PolylinePoint(p, tk)); pen > 1e-6 {
					t.Fatalf("case %d: no hit, but at t=%v the disc overlaps by %v", i, tk, pen)
				}
			}
			continue
		}
		hits++
		if tt < 0 || tt > total {
			t.Fatalf("case %d: t %v outside [0, %v]", i, tt, total)
		}
		if d := Distance(disc(tt), s); d > 1e-9 {
			t.Fatalf("case %d: at t=%v the disc is %v from s", i, tt, d)
		}
		if tt > 1e-6 && Overlap(disc(tt-1e-6), s) {
			t.Fatalf("case %d: the disc overlaps already before t=%v", i, tt)
		}
		for k := 0; k <= 500; k++ {
			tk := tt * float64(k) / 500
			if pen := r + s.R() - coreSignedDist(s.Core(), PolylinePoint(p, tk)); pen > 1e-7 && tk < tt-1e-7 {
				t.Fatalf("case %d: at t=%v < %v the disc overlaps by %v", i, tk, tt, pen)
			}
		}
	}
	if hits < 300 {
		t.Fatalf("only %d hits", hits)
	}
}

func BenchmarkSweepCircle(b *testing.B) {
	rng := rand.New(rand.NewSource(12))
	obst := make([]Shape, 0, 32)
	for i := 0; i < 10; i++ {
		obst = append(obst, Circle(pt(72*rng.Float64(), 36*rng.Float64()), 0.5+rng.Float64()))
		p, _ := NewPolygon(octagon(pt(72*rng.Float64(), 36*rng.Float64()), 1.5+2.5*rng.Float64(), rng.Float64()))
		obst = append(obst, p)
		q, _ := NewPolygon(randStar(rng, pt(72*rng.Float64(), 36*rng.Float64()), 4))
		obst = append(obst, q)
	}
	paths := make([][]r2.Point, 256)
	for i := range paths {
		a := randPoint(rng, 0, 36)
		h := 2 * math.Pi * rng.Float64()
		m := a.Add(pt(3.4*math.Cos(h), 3.4*math.Sin(h)))
		h += math.Pi / 2 * (2*rng.Float64() - 1)
		paths[i] = []r2.Point{a, m, m.Add(pt(3.4*math.Cos(h), 3.4*math.Sin(h)))}
	}
	run := func(b *testing.B, paths [][]r2.Point) {
		hits := 0
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, hit := SweepCircle(paths[i&255], 0.5, obst[i%len(obst)]); hit {
				hits++
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Msweeps/s")
		b.ReportMetric(float64(hits)/float64(b.N), "hit-ratio")
	}
	b.Run("table", func(b *testing.B) { run(b, paths) })
	// Every path starts 6 from the obstacle it is tested against and heads roughly at it.
	near := make([][]r2.Point, 256)
	for i := range near {
		c := obst[i%len(obst)].Bounds().Center()
		h := 2 * math.Pi * rng.Float64()
		a := c.Add(pt(6*math.Cos(h), 6*math.Sin(h)))
		h += math.Pi + 0.6*(2*rng.Float64()-1)
		m := a.Add(pt(3.4*math.Cos(h), 3.4*math.Sin(h)))
		h += math.Pi / 2 * (2*rng.Float64() - 1)
		near[i] = []r2.Point{a, m, m.Add(pt(3.4*math.Cos(h), 3.4*math.Sin(h)))}
	}
	// near[k] was built against obstacle k % len(obst): test it against that one.
	nearObst := obst
	b.Run("near", func(b *testing.B) {
		hits := 0
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			k := i & 255
			if _, hit := SweepCircle(near[k], 0.5, nearObst[k%len(nearObst)]); hit {
				hits++
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Msweeps/s")
		b.ReportMetric(float64(hits)/float64(b.N), "hit-ratio")
	})
}

// TestOverlapAlong: where along a path a disc overlaps a shape, by hand: a unit disc on the x axis
// against a circle of radius 1 at (10, 0) overlaps it while its centre is within 2 − Eps/2 of
// (10, 0); the interval's ends are not overlap by Overlap's test, a point just inside is.
func TestOverlapAlong(t *testing.T) {
	obst := Circle(pt(10, 0), 1)
	box := mustPoly(t, 10, -1, 12, -1, 12, 1, 10, 1)
	u := mustPoly(t, uXY...)
	R := 2 - Eps/2
	// "in and out twice": both legs pass 0.25 from the centre (10, 0.25), radius 0.3 − Eps/2.
	half := math.Sqrt((0.3-Eps/2)*(0.3-Eps/2) - 0.25*0.25)
	cases := []struct {
		name string
		path []r2.Point
		r    float64
		s    Shape
		want [][2]float64
	}{
		{"through a circle", path(0, 0, 20, 0), 1, obst, [][2]float64{{10 - R, 10 + R}}},
		{"graze", path(0, 2, 20, 2), 1, obst, nil},
		{"through a box", path(0, 0, 20, 0), 0.5, box, [][2]float64{{9.5 + Eps/2, 12.5 - Eps/2}}},
		{"bent path, one interval across the joint", path(0, 0, 10, 0, 10, 10), 1, obst, [][2]float64{{10 - R, 10 + R}}},
		{"in and out twice", path(0, 0, 20, 0, 20, 0.5, 0, 0.5), 0.2, Circle(pt(10, 0.25), 0.1),
			[][2]float64{{10 - half, 10 + half}, {30.5 - half, 30.5 + half}}},
		{"U notch: the disc in the notch overlaps nothing", path(1.5, 5, 1.5, 1.5), 0.4, u, [][2]float64{}},
		{"U notch: to the floor", path(1.5, 5, 1.5, 0), 0.4, u, [][2]float64{{5 - 1.4 + Eps/2, 5}}},
	}
	for _, c := range cases {
		got := OverlapAlong(nil, c.path, c.r, c.s)
		if len(got) != len(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
			continue
		}
		for i, w := range c.want {
			if !near(got[i].Lo, w[0], 1e-9) || !near(got[i].Hi, w[1], 1e-9) {
				t.Errorf("%s: interval %d = %v, want %v", c.name, i, got[i], w)
			}
		}
	}
	// Against Overlap itself: just inside an interval overlaps, its ends do not, and away from
	// every interval nothing overlaps, for random paths and shapes.
	rng := rand.New(rand.NewSource(7))
	shapes := []Shape{obst, box, u, mustPoly(t, lXY...), Stadium(pt(3, 3), pt(6, 5), 0.7)}
	for n := 0; n < 2000; n++ {
		p := path(rng.Float64()*14-2, rng.Float64()*8-2, rng.Float64()*14-2, rng.Float64()*8-2, rng.Float64()*14-2, rng.Float64()*8-2)
		r := 0.1 + rng.Float64()
		s := shapes[n%len(shapes)]
		iv := OverlapAlong(nil, p, r, s)
		at := func(t float64) bool { return Overlap(Circle(PolylinePoint(p, t), r), s) }
		for _, x := range iv {
			if at(x.Lo) && x.Lo > 0 || at(x.Hi) && x.Hi < PolylineLength(p) {
				t.Fatalf("path %v r %v shape %d: the end of %v overlaps", p, r, n%len(shapes), x)
			}
			if x.Hi-x.Lo > 1e-6 && !at((x.Lo+x.Hi)/2) {
				t.Fatalf("path %v r %v shape %d: the middle of %v does not overlap", p, r, n%len(shapes), x)
			}
		}
		// Between intervals (and before the first, after the last), the middle does not overlap.
		prev := 0.0
		for _, x := range append(iv, r1.Interval{Lo: PolylineLength(p), Hi: PolylineLength(p)}) {
			if x.Lo-prev > 1e-6 && at((prev+x.Lo)/2) {
				t.Fatalf("path %v r %v shape %d: overlap at %v, outside every interval %v", p, r, n%len(shapes), (prev+x.Lo)/2, iv)
			}
			prev = x.Hi
		}
	}
}
