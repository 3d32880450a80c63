package geometry

import (
	"math"
	"math/rand"
	"testing"
)

// TestAtan2: atan2 is math.Atan2 bit for bit — on the special cases (zeros of both signs,
// infinities, NaN), on each branch of the argument reduction, and on a million random pairs
// spread over many magnitudes.
func TestAtan2(t *testing.T) {
	same := func(y, x float64) {
		t.Helper()
		got, want := atan2(y, x), math.Atan2(y, x)
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Fatalf("atan2(%g, %g) = %v (%#x), math.Atan2 %v (%#x)", y, x, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
	inf, nan, nz := math.Inf(1), math.NaN(), math.Copysign(0, -1)
	specials := []float64{0, nz, 1, -1, 0.66, -0.66, 2.41421356237309504880, 0.5, 3, -3, 1e-300, -1e-300, 5e-324, 1e300, -1e300, inf, -inf, nan}
	for _, y := range specials {
		for _, x := range specials {
			same(y, x)
		}
	}
	rng := rand.New(rand.NewSource(3))
	for range 1_000_000 {
		y := (rng.Float64()*2 - 1) * math.Pow(10, float64(rng.Intn(16)-8))
		x := (rng.Float64()*2 - 1) * math.Pow(10, float64(rng.Intn(16)-8))
		same(y, x)
	}
}

func BenchmarkAtan2(b *testing.B) {
	s := 0.0
	for i := 0; b.Loop(); i++ {
		s += atan2(float64(i%97)-48.5, 13.25)
	}
	_ = s
}
