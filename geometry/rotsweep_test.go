package geometry

import (
	"math"
	"math/rand"
	"testing"
)

// TestRotationSweepCoreDistance: a 4"-long stadium core (a vehicle base) turning about its centre
// past a point core 2.5 above it: the core distance falls from 2.5 to 2.5 cos φ while the tip
// has not passed under the point, and to 0.5 at 90°; turning away (−30°) is the mirror image.
func TestRotationSweepCoreDistance(t *testing.T) {
	bar := Stadium(pt(-2, 0), pt(2, 0), 1)
	disc := Circle(pt(0, 2.5), 0.5)
	cases := []struct {
		name string
		s    Shape
		turn float64
		o    Shape
		want float64
	}{
		{"no turn", bar, 0, disc, 2.5},
		{"30°", bar, 30, disc, 2.5 * math.Cos(math.Pi/6)},
		{"−30°", bar, -30, disc, 2.5 * math.Cos(math.Pi/6)},
		{"90°: the tip passes 0.5 below the point", bar, 90, disc, 0.5},
		{"full turn", bar, 360, disc, 0.5},
		{"a disc about its own centre sweeps nothing", Circle(pt(5, 5), 1), 90, Circle(pt(7.5, 5), 1), 2.5},
		{"the point off the bar's reach", bar, 180, Circle(pt(0, 5), 0.5), 3},
		{"against a square: the tip's arc reaches its corner", Stadium(pt(0, 0), pt(4, 0), 0.1), 90, mustPoly(t, 3, 3, 5, 3, 5, 5, 3, 5),
			math.Sqrt(18) - 4},
		{"overlapping at the start", bar, 45, Circle(pt(1, 0.5), 0.2), 0},
	}
	for _, c := range cases {
		if got := RotationSweepCoreDistance(c.s, pt(0, 0), c.turn, c.o); c.name == "a disc about its own centre sweeps nothing" {
			if got2 := RotationSweepCoreDistance(c.s, pt(5, 5), c.turn, c.o); !near(got2, c.want, 1e-12) {
				t.Errorf("%s: %v, want %v", c.name, got2, c.want)
			}
		} else if !near(got, c.want, 1e-12) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestRotationSweepAgainstTurning: the closed form is never more than the core distance at any
// angle of the turn (checked every 0.1°), and never below the least of those by more than the
// distance a vertex moves in 0.1°.
func TestRotationSweepAgainstTurning(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for n := 0; n < 150; n++ {
		c := pt(rng.Float64()*4, rng.Float64()*4)
		s := RoundedRect(pt(rng.Float64()*4, rng.Float64()*4), 1+rng.Float64()*3, 0.5+rng.Float64(), 0.1, rng.Float64()*180)
		var o Shape
		if n%2 == 0 {
			o = Circle(pt(rng.Float64()*8-2, rng.Float64()*8-2), 0.3)
		} else {
			var err error
			if o, err = NewPolygon(randStar(rng, pt(rng.Float64()*8-2, rng.Float64()*8-2), 1.5)); err != nil {
				continue
			}
		}
		turn := rng.Float64()*360 - 180
		got := RotationSweepCoreDistance(s, c, turn, o)
		least := math.Inf(1)
		steps := int(math.Abs(turn)/0.1) + 1
		reach := 0.0
		for _, v := range s.core {
			reach = math.Max(reach, dist(v, c))
		}
		for i := 0; i <= steps; i++ {
			phi := turn * float64(i) / float64(steps)
			d := coreCoreDist(s.Rotate(c, phi).core, o.core)
			if got > d+1e-9 {
				t.Fatalf("case %d: closed form %v, but at %v° the cores are %v apart", n, got, phi, d)
			}
			least = math.Min(least, d)
		}
		if slack := reach * 0.1 * math.Pi / 180; got < least-slack-1e-9 {
			t.Fatalf("case %d: closed form %v, the turn's least %v (slack %v)", n, got, least, slack)
		}
	}
}
