package geometry

import (
	"math"
	"math/rand"
	"testing"

	"github.com/golang/geo/r2"
)

func TestConvexPolygonSegmentHits(t *testing.T) {
	sq, err := NewConvexPolygon([]r2.Point{pt(0, 2), pt(2, 2), pt(2, 0), pt(0, 0)}) // clockwise input
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewConvexPolygon([]r2.Point{pt(0, 0), pt(2, 0), pt(2, 1), pt(1, 1), pt(1, 2), pt(0, 2)}); err == nil {
		t.Error("L accepted as convex")
	}
	if _, ok := RoundedRect(pt(0, 0), 4, 2, 0.5, 0).ConvexPolygon(); ok {
		t.Error("grown polygon accepted as ConvexPolygon")
	}
	cases := []struct {
		name      string
		a, b      r2.Point
		hit       bool
		tIn, tOut float64
		enters    bool
	}{
		{"across", pt(-1, 1), pt(3, 1), true, 0.25, 0.75, true},
		{"along an edge", pt(-1, 0), pt(3, 0), true, 0.25, 0.75, false},
		{"touch at a vertex", pt(-1, 1), pt(1, -1), true, 0.5, 0.5, false},
		{"through two vertices", pt(-1, -1), pt(3, 3), true, 0.25, 0.75, true},
		{"wholly inside", pt(0.5, 0.5), pt(1.5, 1.5), true, 0, 1, true},
		{"miss", pt(3, 0), pt(3, 2), false, 0, 0, false},
		{"miss beside the box", pt(-1, 3), pt(3, 2.5), false, 0, 0, false},
		{"corner cut 1e-10 deep", pt(-1, 1+2e-10), pt(1+2e-10, -1), true, 1 / (2 + 2e-10), (1 + 2e-10) / (2 + 2e-10), false},
		{"corner cut 1e-6 deep", pt(-1, 1+2e-6), pt(1+2e-6, -1), true, 1 / (2 + 2e-6), (1 + 2e-6) / (2 + 2e-6), true},
		{"ending on an edge", pt(-1, 1), pt(0, 1), true, 1, 1, false},
		{"point inside", pt(1, 1), pt(1, 1), true, 0, 1, true},
	}
	for _, c := range cases {
		hit, tIn, tOut := sq.SegmentHits(c.a, c.b)
		if hit != c.hit || hit && (!near(tIn, c.tIn, 1e-9) || !near(tOut, c.tOut, 1e-9)) {
			t.Errorf("%s: SegmentHits = %v (%v, %v), want %v (%v, %v)", c.name, hit, tIn, tOut, c.hit, c.tIn, c.tOut)
		}
		if got := sq.SegmentEntersInterior(c.a, c.b); got != c.enters {
			t.Errorf("%s: SegmentEntersInterior = %v, want %v", c.name, got, c.enters)
		}
	}
	oct, _ := NewConvexPolygon(octagon(pt(5, 5), 3, 0.1))
	if n := testing.AllocsPerRun(100, func() { oct.SegmentHits(pt(0, 0), pt(10, 9)) }); n != 0 {
		t.Errorf("SegmentHits allocates %v", n)
	}
	if s := oct.Shape(); !s.Convex() || len(s.Core()) != 8 || s.Bounds() != oct.Bounds() || len(oct.Vertices()) != 8 {
		t.Error("Shape()")
	}
}

// SegmentHits agrees with ClipSegment and SegmentEntersInterior with depth sampling, on random
// convex polygons and segments.
func TestConvexPolygonAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 5000; i++ {
		pts := randConvex(rng, randPoint(rng, 2, 8), 0.5+3*rng.Float64())
		cp, err := NewConvexPolygon(pts)
		if err != nil {
			t.Fatal(err)
		}
		s := cp.Shape()
		a, b := randPoint(rng, 0, 10), randPoint(rng, 0, 10)
		if rng.Intn(3) == 0 { // from a vertex along an edge
			k := rng.Intn(len(pts))
			v, w := cp.Vertices()[k], cp.Vertices()[(k+1)%len(pts)]
			a, b = v.Add(v.Sub(w).Mul(rng.Float64())), w.Add(w.Sub(v).Mul(rng.Float64()))
		}
		hit, tIn, tOut := cp.SegmentHits(a, b)
		iv := s.ClipSegment(a, b)
		if hit != (len(iv) > 0) || hit && (!near(tIn, iv[0].Lo, 1e-9) || !near(tOut, iv[0].Hi, 1e-9)) {
			// Disagreement is allowed only where the segment runs on the outline, within rounding.
			at := func(t float64) r2.Point { return a.Add(b.Sub(a).Mul(t)) }
			if hit && depth(s, at((tIn+tOut)/2)) > 1e-12 || !hit && depth(s, at(iv[0].Center())) > 1e-12 {
				t.Fatalf("case %d: SegmentHits %v (%v, %v), ClipSegment %v", i, hit, tIn, tOut, iv)
			}
		}
		// Enters ⇔ some point of the segment is at least Eps deep.
		deep := 0.0
		for k := 0; k <= 400; k++ {
			deep = math.Max(deep, depth(s, a.Add(b.Sub(a).Mul(float64(k)/400))))
		}
		enters := cp.SegmentEntersInterior(a, b)
		if enters && !hit || deep > 1e-6 && !enters || !enters && deep > Eps*1.01 && deep > 1e-6 {
			t.Fatalf("case %d: enters %v, hit %v, sampled depth %v", i, enters, hit, deep)
		}
		if enters && deep < -1e-9 {
			t.Fatalf("case %d: enters but sampled depth %v", i, deep)
		}
	}
}

// The hot path: segments across a 72×36 table against octagons of circumradius 1.5–4 (the scene of
// the tech notes), one segment–octagon test per op.
func BenchmarkSegmentVsOctagon(b *testing.B) {
	rng := rand.New(rand.NewSource(10))
	polys := make([]*ConvexPolygon, 30)
	for i := range polys {
		polys[i], _ = NewConvexPolygon(octagon(pt(72*rng.Float64(), 36*rng.Float64()), 1.5+2.5*rng.Float64(), rng.Float64()))
	}
	segs := make([][2]r2.Point, 1024)
	for i := range segs {
		segs[i] = [2]r2.Point{pt(72*rng.Float64(), 36*rng.Float64()), pt(72*rng.Float64(), 36*rng.Float64())}
	}
	run := func(b *testing.B, segs [][2]r2.Point, polys []*ConvexPolygon) {
		hits := 0
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			s := &segs[i&1023]
			if hit, _, _ := polys[i%len(polys)].SegmentHits(s[0], s[1]); hit {
				hits++
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Mtests/s")
		b.ReportMetric(float64(hits)/float64(b.N), "hit-ratio")
	}
	b.Run("table", func(b *testing.B) { run(b, segs, polys) })
	// Every segment crosses the octagon's box: the full clip runs each time.
	one := []*ConvexPolygon{polys[0]}
	c := polys[0].Bounds().Center()
	through := make([][2]r2.Point, 1024)
	for i := range through {
		a := 2 * math.Pi * rng.Float64()
		off := pt(3*rng.Float64()-1.5, 3*rng.Float64()-1.5)
		through[i] = [2]r2.Point{c.Add(off).Add(pt(10*math.Cos(a), 10*math.Sin(a))), c.Add(off).Sub(pt(10*math.Cos(a), 10*math.Sin(a)))}
	}
	b.Run("through-box", func(b *testing.B) { run(b, through, one) })
}

func BenchmarkDistanceCirclePolygon(b *testing.B) {
	oct, _ := NewPolygon(octagon(pt(36, 18), 3, 0.2))
	rng := rand.New(rand.NewSource(11))
	circles := make([]Shape, 1024)
	for i := range circles {
		circles[i] = Circle(pt(72*rng.Float64(), 36*rng.Float64()), 0.5)
	}
	b.ReportAllocs()
	b.ResetTimer()
	sum := 0.0
	for i := 0; i < b.N; i++ {
		sum += Distance(circles[i&1023], oct)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Mdist/s")
	_ = sum
}
