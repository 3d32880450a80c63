package geometry

import (
	"encoding/binary"
	"math"
	"math/rand"
	"testing"

	"github.com/golang/geo/r1"
	"github.com/golang/geo/r2"
)

func iv(lo, hi float64) r1.Interval { return r1.Interval{Lo: lo, Hi: hi} }

func sameIntervals(got, want []r1.Interval, tol float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if !near(got[i].Lo, want[i].Lo, tol) || !near(got[i].Hi, want[i].Hi, tol) {
			return false
		}
	}
	return true
}

func TestClipSegment(t *testing.T) {
	sq := mustPoly(t, sqXY...)
	l := mustPoly(t, lXY...)
	u := mustPoly(t, uXY...)
	coll := mustPoly(t, collXY...)
	circ := Circle(pt(0, 0), 1)
	stad := Stadium(pt(0, 0), pt(4, 0), 1)
	rr := RoundedRect(pt(0, 0), 6, 4, 1, 0)
	type I = []r1.Interval
	cases := []struct {
		name string
		s    Shape
		a, b r2.Point
		want I
	}{
		{"square across", sq, pt(-1, 1), pt(3, 1), I{iv(0.25, 0.75)}},
		{"square along bottom edge", sq, pt(-1, 0), pt(3, 0), I{iv(0.25, 0.75)}},
		{"square along edge, inside it", sq, pt(0.5, 2), pt(1.5, 2), I{iv(0, 1)}},
		{"square touch at vertex", sq, pt(-1, 1), pt(1, -1), I{iv(0.5, 0.5)}},
		{"square diagonal through vertices", sq, pt(-1, -1), pt(3, 3), I{iv(0.25, 0.75)}},
		{"square wholly inside", sq, pt(0.5, 0.5), pt(1.5, 1.5), I{iv(0, 1)}},
		{"square miss", sq, pt(3, 0), pt(3, 2), nil},
		{"square end on edge", sq, pt(-1, 1), pt(0, 1), I{iv(1, 1)}},
		{"square start at vertex going out", sq, pt(2, 2), pt(3, 4), I{iv(0, 0)}},
		{"collinear-vertex square along bottom", coll, pt(-2, 0), pt(4, 0), I{iv(1.0/3, 2.0/3)}},
		{"collinear-vertex square through the collinear vertex", coll, pt(1, -1), pt(1, 3), I{iv(0.25, 0.75)}},
		{"L across the arm only", l, pt(-1, 1.5), pt(3, 1.5), I{iv(0.25, 0.5)}},
		{"L from arm into notch", l, pt(0.5, 1.5), pt(1.5, 1.5), I{iv(0, 0.5)}},
		{"L through the reflex vertex", l, pt(0.5, 1.5), pt(1.5, 0.5), I{iv(0, 1)}},
		{"L through the reflex vertex, outside", l, pt(1.5, 1.5), pt(3, 3), I{}},
		{"L touch at reflex vertex from notch", l, pt(2, 2), pt(1, 1), I{iv(1, 1)}},
		{"L along notch edge y=1", l, pt(-1, 1), pt(3, 1), I{iv(0.25, 0.75)}},
		{"L along notch edge x=1", l, pt(1, 0.5), pt(1, 3), I{iv(0, 0.6)}},
		{"U across both arms", u, pt(-1, 2), pt(4, 2), I{iv(0.2, 0.4), iv(0.6, 0.8)}},
		{"U along the tops", u, pt(-1, 3), pt(4, 3), I{iv(0.2, 0.4), iv(0.6, 0.8)}},
		{"U along the notch floor", u, pt(-1, 1), pt(4, 1), I{iv(0.2, 0.8)}},
		{"U down the notch", u, pt(1.5, 2), pt(1.5, 0.5), I{iv(2.0/3, 1)}},
		{"U touching a notch vertex and a wall", u, pt(0, 4), pt(2, 2), I{iv(0.5, 0.5), iv(1, 1)}},
		{"U over a notch corner into the far arm", u, pt(0, 3.5), pt(3, 2), I{iv(1.0/3, 1.0/3), iv(2.0/3, 1)}},
		{"circle across", circ, pt(-2, 0), pt(2, 0), I{iv(0.25, 0.75)}},
		{"circle tangent", circ, pt(-1, 1), pt(1, 1), I{iv(0.5, 0.5)}},
		{"circle miss", circ, pt(-1, 1.1), pt(1, 1.1), nil},
		{"circle inside", circ, pt(-0.5, 0), pt(0.5, 0), I{iv(0, 1)}},
		{"stadium along axis", stad, pt(-2, 0), pt(6, 0), I{iv(1.0/8, 7.0/8)}},
		{"stadium across", stad, pt(2, -2), pt(2, 2), I{iv(0.25, 0.75)}},
		{"stadium along its side", stad, pt(-1, 1), pt(5, 1), I{iv(1.0/6, 5.0/6)}},
		{"stadium end cap", stad, pt(5, -2), pt(5, 2), I{iv(0.5, 0.5)}},
		{"rounded rect along", rr, pt(-4, 0), pt(4, 0), I{iv(1.0/8, 7.0/8)}},
		{"rounded rect diagonal through a corner arc", rr, pt(-3, -3), pt(3, 3), I{iv(1.0/6, 5.0/6)}},
		{"point shape on segment", Circle(pt(1, 1), 0), pt(0, 0), pt(4, 4), I{iv(0.25, 0.25)}},
		{"point shape off segment", Circle(pt(1, 1.1), 0), pt(0, 0), pt(4, 4), nil},
		{"bare segment crossing", Stadium(pt(0, 0), pt(2, 2), 0), pt(0, 2), pt(2, 0), I{iv(0.5, 0.5)}},
		{"bare segment collinear", Stadium(pt(1, 1), pt(3, 3), 0), pt(0, 0), pt(4, 4), I{iv(0.25, 0.75)}},
		{"zero-length segment inside", sq, pt(1, 1), pt(1, 1), I{iv(0, 1)}},
		{"zero-length segment outside", sq, pt(3, 1), pt(3, 1), nil},
	}
	for _, c := range cases {
		got := c.s.ClipSegment(c.a, c.b)
		if !sameIntervals(got, c.want, 1e-12) {
			t.Errorf("%s: ClipSegment(%v, %v) = %v, want %v", c.name, c.a, c.b, got, c.want)
		}
		// Reversed, the intervals mirror.
		var rev []r1.Interval
		for i := len(c.want) - 1; i >= 0; i-- {
			rev = append(rev, iv(1-c.want[i].Hi, 1-c.want[i].Lo))
		}
		if got := c.s.ClipSegment(c.b, c.a); !sameIntervals(got, rev, 1e-12) {
			t.Errorf("%s reversed: ClipSegment = %v, want %v", c.name, got, rev)
		}
	}
}

// checkIntervals checks that iv is sorted, disjoint and within [0,1].
func checkIntervals(iv []r1.Interval) bool {
	for i, x := range iv {
		if !(0 <= x.Lo && x.Lo <= x.Hi && x.Hi <= 1) {
			return false
		}
		if i > 0 && !(iv[i-1].Hi < x.Lo) {
			return false
		}
	}
	return true
}

// Properties of ClipSegment on random shapes and segments, and agreement with
// ConvexPolygon.SegmentHits.
func TestClipSegmentProperties(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	n := 4000
	if testing.Short() {
		n = 500
	}
	for i := 0; i < n; i++ {
		s := randShape(t, rng)
		a, b := randPoint(rng, 0, 10), randPoint(rng, 0, 10)
		if rng.Intn(4) == 0 { // through a vertex
			a = s.Core()[rng.Intn(len(s.Core()))]
			a = a.Add(a.Sub(b).Mul(rng.Float64()))
		}
		got := s.ClipSegment(a, b)
		if !checkIntervals(got) {
			t.Fatalf("case %d: intervals %v", i, got)
		}
		at := func(t float64) r2.Point { return a.Add(b.Sub(a).Mul(t)) }
		inside := 0.0
		for _, x := range got {
			if !s.ContainsPoint(at(x.Center())) {
				t.Fatalf("case %d: midpoint of %v not in the shape (distance %v)", i, x, s.DistanceToPoint(at(x.Center())))
			}
			inside += x.Length()
		}
		// Points outside the intervals are outside the shape.
		const m = 200
		hits := 0
		for k := 0; k <= m; k++ {
			tt := float64(k) / m
			pin := false
			gap := math.Inf(1)
			for _, x := range got {
				if x.Contains(tt) {
					pin = true
				}
				gap = math.Min(gap, math.Min(math.Abs(tt-x.Lo), math.Abs(tt-x.Hi)))
			}
			if pin {
				hits++
				continue
			}
			if gap > 1e-6 && s.DistanceToPoint(at(tt)) == 0 {
				t.Fatalf("case %d: t=%v outside %v but in the shape", i, tt, got)
			}
		}
		if !near(float64(hits)/(m+1), inside, 3.0/m) {
			t.Fatalf("case %d: %d/%d samples inside, intervals cover %v", i, hits, m+1, inside)
		}
		if cp, ok := s.ConvexPolygon(); ok {
			hit, tIn, tOut := cp.SegmentHits(a, b)
			if hit != (len(got) > 0) {
				if !hit && s.DistanceToPoint(at(got[0].Center())) > 1e-12 || hit && s.DistanceToPoint(at((tIn+tOut)/2)) > 1e-12 {
					t.Fatalf("case %d: SegmentHits %v (%v, %v), ClipSegment %v", i, hit, tIn, tOut, got)
				}
			} else if hit && (!near(tIn, got[0].Lo, 1e-9) || !near(tOut, got[0].Hi, 1e-9)) {
				t.Fatalf("case %d: SegmentHits (%v, %v), ClipSegment %v", i, tIn, tOut, got)
			}
		}
	}
}

// FuzzClipSegment: no panic; the intervals are sorted, disjoint and in [0,1]; their midpoints are
// in the shape. The shape is a polygon decoded from the bytes (if valid), or a circle, stadium or
// rounded rectangle from the numbers; coordinates are folded into ±1e4.
func FuzzClipSegment(f *testing.F) {
	f.Add(uint8(0), 0.0, 0.0, 2.0, 2.0, 1.0, []byte{0, 0, 20, 0, 20, 20, 10, 10, 0, 20})
	f.Add(uint8(1), -1.0, 1.0, 3.0, 1.0, 1.0, []byte{})
	f.Add(uint8(2), 0.5, 1.5, 1.5, 0.5, 0.25, []byte{})
	f.Add(uint8(3), -4.0, 0.0, 4.0, 0.0, 1.0, []byte{})
	f.Add(uint8(0), -1.0, 3.0, 4.0, 3.0, 0.0, []byte{0, 0, 3, 0, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3})
	f.Fuzz(func(t *testing.T, kind uint8, ax, ay, bx, by, r float64, poly []byte) {
		fold := func(x float64) float64 { return math.Mod(x, 1e4) }
		a, b := pt(fold(ax), fold(ay)), pt(fold(bx), fold(by))
		r = math.Abs(fold(r))
		var s Shape
		switch kind % 4 {
		case 0:
			var pts []r2.Point
			for i := 0; i+1 < len(poly) && i < 64; i += 2 {
				pts = append(pts, pt(float64(int8(poly[i])), float64(int8(poly[i+1]))))
			}
			var err error
			if s, err = NewPolygon(pts); err != nil {
				return
			}
		case 1:
			s = Circle(pt(1, 1), r)
		case 2:
			s = Stadium(pt(0, 0), pt(2, 1), r)
		case 3:
			s = RoundedRect(pt(0, 0), 2*r+1, r+0.5, r/3, 30)
		}
		got := s.ClipSegment(a, b)
		if !finite(a) || !finite(b) {
			if got != nil {
				t.Fatalf("non-finite segment gave %v", got)
			}
			return
		}
		if !checkIntervals(got) {
			t.Fatalf("intervals %v", got)
		}
		for _, x := range got {
			if m := a.Add(b.Sub(a).Mul(x.Center())); !s.ContainsPoint(m) {
				t.Fatalf("midpoint %v of %v is %v from the shape", m, x, s.DistanceToPoint(m))
			}
		}
	})
}

// decodeFloats reads little-endian float64s from b.
func decodeFloats(b []byte) []float64 {
	var out []float64
	for len(b) >= 8 {
		out = append(out, math.Float64frombits(binary.LittleEndian.Uint64(b)))
		b = b[8:]
	}
	return out
}

// TestSegmentMeetsAgreesWithClip: SegmentMeets is "ClipSegment is not empty" (up to Eps) on random
// segments against polygons (concave too), circles and stadiums, and on hand cases.
func TestSegmentMeetsAgreesWithClip(t *testing.T) {
	l, _ := NewPolygon([]r2.Point{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 1}, {X: 1, Y: 1}, {X: 1, Y: 4}, {X: 0, Y: 4}})
	shapes := []Shape{l, Circle(r2.Point{X: 2, Y: 2}, 1), Stadium(r2.Point{X: 0, Y: 0}, r2.Point{X: 3, Y: 1}, 0.5)}
	// Hand cases on the L: through the notch (misses), touching the inner corner, inside.
	for _, c := range []struct {
		a, b r2.Point
		want bool
	}{
		{r2.Point{X: 2, Y: 3}, r2.Point{X: 3, Y: 2}, false},
		{r2.Point{X: 1, Y: 2}, r2.Point{X: 3, Y: 1}, true},
		{r2.Point{X: 0.2, Y: 0.2}, r2.Point{X: 0.5, Y: 0.5}, true},
		{r2.Point{X: 5, Y: 0}, r2.Point{X: 5, Y: 4}, false},
	} {
		if got := SegmentMeets(c.a, c.b, l); got != c.want {
			t.Errorf("L vs %v–%v: %v, want %v", c.a, c.b, got, c.want)
		}
	}
	// Through the L's outer corner (4, 1) in millimetres (× 25.4, coordinates rounded): it meets,
	// as it does in inches; 2·Eps beside the corner it does not, Eps/2 beside it still does.
	var mm []r2.Point
	for _, p := range l.Core() {
		mm = append(mm, p.Mul(25.4))
	}
	lmm, err := NewPolygon(mm)
	if err != nil {
		t.Fatal(err)
	}
	a, b := r2.Point{X: 3.3 * 25.4, Y: 1.7 * 25.4}, r2.Point{X: 4.7 * 25.4, Y: 0.3 * 25.4}
	out := r2.Point{X: 1, Y: 1}.Normalize() // away from the L, across the line
	for _, c := range []struct {
		off  float64
		want bool
	}{{0, true}, {Eps / 2, true}, {2 * Eps, false}} {
		if got := SegmentMeets(a.Add(out.Mul(c.off)), b.Add(out.Mul(c.off)), lmm); got != c.want {
			t.Errorf("through the corner in mm, %g off: %v, want %v", c.off, got, c.want)
		}
	}
	rng := rand.New(rand.NewSource(9))
	for i := 0; i < 20000; i++ {
		a := r2.Point{X: rng.Float64()*8 - 2, Y: rng.Float64()*8 - 2}
		b := r2.Point{X: rng.Float64()*8 - 2, Y: rng.Float64()*8 - 2}
		for k, s := range shapes {
			if got, want := SegmentMeets(a, b, s), len(s.ClipSegment(a, b)) > 0; got != want {
				t.Fatalf("shape %d, segment %v–%v: SegmentMeets %v, ClipSegment %v", k, a, b, got, want)
			}
		}
	}
}
