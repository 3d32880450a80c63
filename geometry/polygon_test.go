package geometry

import (
	"math"
	"math/rand"
	"testing"

	"github.com/golang/geo/r2"
)

// FuzzValidatePolygon: random vertex lists never make ValidatePolygon or NewPolygon panic; on
// small integer coordinates ValidatePolygon agrees with the quadratic check; when a list is accepted, the polygon has positive area, its core is counter-clockwise, and ClipSegment
// of segments across it gives sorted, disjoint intervals within [0,1].
//
// The first byte picks the decoding: even → small integer coordinates (many collinear, touching
// and overlapping edges), odd → raw float64 bits (NaN, infinities, huge and tiny values).
func FuzzValidatePolygon(f *testing.F) {
	f.Add([]byte{0, 0, 0, 2, 0, 2, 2, 0, 2})
	f.Add([]byte{0, 0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2})
	f.Add([]byte{0, 0, 0, 2, 2, 2, 0, 0, 2}) // bow tie
	f.Add([]byte{0, 0, 0, 1, 0, 2, 0, 1, 1}) // folds back
	f.Add([]byte{0, 0, 0, 3, 0, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3})
	f.Add(append([]byte{1}, make([]byte, 48)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		var pts []r2.Point
		if data[0]%2 == 0 {
			for i := 1; i+1 < len(data) && len(pts) < 40; i += 2 {
				pts = append(pts, pt(float64(int8(data[i]))/4, float64(int8(data[i+1]))/4))
			}
		} else {
			fs := decodeFloats(data[1:])
			for i := 0; i+1 < len(fs) && len(pts) < 40; i += 2 {
				pts = append(pts, pt(fs[i], fs[i+1]))
			}
		}
		err := ValidatePolygon(pts)
		s, err2 := NewPolygon(pts)
		if (err == nil) != (err2 == nil) {
			t.Fatalf("ValidatePolygon %v, NewPolygon %v", err, err2)
		}
		// On the integer grid (exact in float64) the sweep agrees with the quadratic check.
		if q := validateQuadratic(pts); data[0]%2 == 0 && (err == nil) != (q == nil) {
			t.Fatalf("%v: ValidatePolygon %v, the quadratic check %v", pts, err, q)
		}
		if err != nil {
			return
		}
		if a := s.Area(); !(a > 0) {
			t.Fatalf("accepted polygon has area %v", a)
		}
		if area2(s.Core()) <= 0 {
			t.Fatal("core is not counter-clockwise")
		}
		b := s.Bounds()
		rng := rand.New(rand.NewSource(int64(len(data))))
		for k := 0; k < 20; k++ {
			p := func() r2.Point {
				if rng.Intn(3) == 0 {
					return s.Core()[rng.Intn(len(s.Core()))]
				}
				return pt(b.X.Lo+b.X.Length()*(1.4*rng.Float64()-0.2), b.Y.Lo+b.Y.Length()*(1.4*rng.Float64()-0.2))
			}
			a, c := p(), p()
			iv := s.ClipSegment(a, c)
			if !checkIntervals(iv) {
				t.Fatalf("ClipSegment(%v, %v) = %v", a, c, iv)
			}
			if math.Abs(b.X.Hi)+math.Abs(b.X.Lo)+math.Abs(b.Y.Hi)+math.Abs(b.Y.Lo) < 1e4 {
				for _, x := range iv {
					if m := a.Add(c.Sub(a).Mul(x.Center())); !s.ContainsPoint(m) {
						t.Fatalf("ClipSegment(%v, %v) = %v: midpoint %v is %v outside", a, c, iv, m, s.DistanceToPoint(m))
					}
				}
			}
		}
	})
}

func TestValidatePolygonCases(t *testing.T) {
	ok := [][]float64{sqXY, lXY, uXY, collXY, {0, 0, 0, 3, 4, 0}}
	for _, xy := range ok {
		mustPoly(t, xy...)
	}
	bad := []struct {
		xy []float64
		e1 int
	}{
		{[]float64{0, 0, 2, 2, 2, 0, 0, 2}, 0},       // bow tie: edges 0 and 2 cross
		{[]float64{0, 0, 2, 0, 1, 0}, 0},             // zero area, folds back
		{[]float64{0, 0, 2, 0, 2, 2, 1, 0, 0, 2}, 0}, // vertex 3 touches edge 0
		{[]float64{0, 0, 1e200, 0, 0, 1e200}, -1},    // area would overflow
		{[]float64{0, 0, 1, 0, math.NaN(), 1}, -1},   // not finite
	}
	for _, c := range bad {
		var pts []r2.Point
		for i := 0; i < len(c.xy); i += 2 {
			pts = append(pts, pt(c.xy[i], c.xy[i+1]))
		}
		err := ValidatePolygon(pts)
		pe, isPE := err.(*PolygonError)
		if err == nil || !isPE || pe.Edge1 != c.e1 {
			t.Errorf("ValidatePolygon(%v) = %v", pts, err)
		}
	}
}
