package geometry

import (
	"math"
	"math/rand"
	"testing"
)

// TestSectorMasks: on random windows (narrow, wide, past ±π, whole-turn ones), At(a) names every
// window holding direction a, and Over(lo, hi) every window meeting [lo, hi] — with directions
// given anywhere in (−3π, 3π), as callers shift them by 2π — and neither names a window added
// under another index.
func TestSectorMasks(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	holds := func(lo, hi, a float64) bool {
		for _, s := range []float64{-4 * math.Pi, -2 * math.Pi, 0, 2 * math.Pi, 4 * math.Pi} {
			if lo <= a+s && a+s <= hi {
				return true
			}
		}
		return false
	}
	meets := func(lo, hi, b0, b1 float64) bool {
		for _, s := range []float64{-4 * math.Pi, -2 * math.Pi, 0, 2 * math.Pi, 4 * math.Pi} {
			if lo <= b1+s && b0+s <= hi {
				return true
			}
		}
		return false
	}
	for round := range 200 {
		s := NewSectorMasks()
		n := rng.Intn(MaxSectorWindows + 1)
		type win struct {
			lo, hi float64
			all    bool
		}
		ws := make([]win, n)
		for i := range ws {
			if rng.Intn(10) == 0 {
				ws[i].all = true
				s.AddAll(i)
				continue
			}
			lo := (rng.Float64()*2 - 1) * math.Pi
			hi := lo + rng.Float64()*rng.Float64()*math.Pi
			ws[i] = win{lo: lo, hi: hi}
			s.Add(i, lo, hi)
		}
		for range 300 {
			a := (rng.Float64()*6 - 3) * math.Pi
			m := s.At(a)
			if m>>n != 0 && n < 64 {
				t.Fatalf("round %d: At(%g) names windows past the %d added: %b", round, a, n, m)
			}
			w := rng.Float64() * rng.Float64() * 7
			om := s.Over(a, a+w)
			for i, x := range ws {
				if (x.all || holds(x.lo, x.hi, a)) && m&(1<<i) == 0 {
					t.Fatalf("round %d: window %d [%g, %g] holds %g but At leaves it out", round, i, x.lo, x.hi, a)
				}
				if (x.all || meets(x.lo, x.hi, a, a+w)) && om&(1<<i) == 0 {
					t.Fatalf("round %d: window %d [%g, %g] meets [%g, %g] but Over leaves it out", round, i, x.lo, x.hi, a, a+w)
				}
			}
		}
	}
}
