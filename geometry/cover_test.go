package geometry

import (
	"math"
	"math/rand"
	"testing"

	"github.com/golang/geo/r2"
)

func TestCoveredByDiscs(t *testing.T) {
	s := Circle(pt(0, 0), 1)
	pair := func(r float64) ([]r2.Point, []float64) {
		return []r2.Point{pt(-0.5, 0), pt(0.5, 0)}, []float64{r, r}
	}
	ring := func(r float64) ([]r2.Point, []float64) {
		var cs []r2.Point
		for k := 0; k < 3; k++ {
			a := float64(k) * 2 * math.Pi / 3
			cs = append(cs, pt(0.6*math.Cos(a), 0.6*math.Sin(a)))
		}
		return cs, []float64{r, r, r}
	}
	type C = struct {
		name string
		s    Shape
		cs   []r2.Point
		rs   []float64
		want bool
	}
	var cases []C
	add := func(name string, s Shape, want bool, cs []r2.Point, rs []float64) {
		cases = append(cases, C{name, s, cs, rs, want})
	}
	add("identical disc", s, true, []r2.Point{pt(0, 0)}, []float64{1})
	add("one bigger disc", s, true, []r2.Point{pt(0.5, 0)}, []float64{1.5})
	add("one slightly smaller disc", s, false, []r2.Point{pt(0, 0)}, []float64{0.999})
	add("one disc off by 1e-4", s, false, []r2.Point{pt(1e-4, 0)}, []float64{1})
	add("none", s, false, nil, nil)
	add("far away", s, false, []r2.Point{pt(10, 0)}, []float64{2})
	cs, rs := pair(1.2)
	add("two together, neither alone", s, true, cs, rs)
	add("the first alone", s, false, cs[:1], rs[:1])
	add("the second alone", s, false, cs[1:], rs[1:])
	cs, rs = pair(math.Sqrt(1.25) - 1e-4)
	add("two with a gap of 1e-4 at the top and bottom", s, false, cs, rs)
	cs, rs = pair(math.Sqrt(1.25))
	add("two meeting exactly on the outline", s, true, cs, rs)
	cs, rs = pair(math.Sqrt(1.25) + 1e-4)
	add("two with 1e-4 to spare", s, true, cs, rs)
	add("two halves crossing on the outline", s, true, []r2.Point{pt(-1, 0), pt(1, 0)}, []float64{math.Sqrt2, math.Sqrt2})
	add("two halves with a 1e-4 slit", s, false, []r2.Point{pt(-1-1e-4, 0), pt(1, 0)}, []float64{1, 1})
	cs, rs = ring(0.62)
	add("three around, covered", Circle(pt(0, 0), 0.5), true, cs, rs)
	cs, rs = ring(0.59)
	add("three around, hole in the middle", Circle(pt(0, 0), 0.5), false, cs, rs)
	cs, rs = ring(0.6)
	add("three around, meeting at the centre", Circle(pt(0, 0), 0.5), true, cs, rs)
	add("inner tangent disc only", s, false, []r2.Point{pt(0.5, 0)}, []float64{0.5})
	add("small disc inside and a big one", s, true, []r2.Point{pt(0.2, 0), pt(3, 0)}, []float64{0.1, 4.1})
	// A stack of discs along a line covering a long thin target.
	add("many small discs", Circle(pt(0, 0), 0.3), true,
		[]r2.Point{pt(-0.3, 0), pt(-0.1, 0), pt(0.1, 0), pt(0.3, 0), pt(0, 0.3), pt(0, -0.3)},
		[]float64{0.25, 0.25, 0.25, 0.25, 0.25, 0.25})
	for _, c := range cases {
		if got := CoveredByDiscs(c.s, c.cs, c.rs); got != c.want {
			t.Errorf("%s: CoveredByDiscs = %v, want %v", c.name, got, c.want)
		}
	}
}

// Random configurations against sampling: a sampled point more than 2·Eps from every disc means
// false; true means no sampled point is uncovered; false should show a sampled gap somewhere
// unless the gap is tiny.
func TestCoveredByDiscsProperties(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	falses, trues := 0, 0
	for i := 0; i < 1500; i++ {
		s := Circle(randPoint(rng, -1, 1), 0.3+rng.Float64())
		n := 1 + rng.Intn(6)
		cs := make([]r2.Point, n)
		rs := make([]float64, n)
		for k := range cs {
			cs[k] = randPoint(rng, -2, 2)
			rs[k] = 0.2 + 1.5*rng.Float64()
		}
		got := CoveredByDiscs(s, cs, rs)
		gap := func(p r2.Point) float64 {
			g := math.Inf(1)
			for k, c := range cs {
				g = math.Min(g, dist(p, c)-rs[k])
			}
			return g
		}
		worst := math.Inf(-1)
		c0, r0 := s.Core()[0], s.R()
		for k := 0; k < 3000; k++ {
			var p r2.Point
			if k%3 == 0 {
				a := 2 * math.Pi * rng.Float64()
				p = pt(c0.X+r0*math.Cos(a), c0.Y+r0*math.Sin(a))
			} else {
				a, rr := 2*math.Pi*rng.Float64(), r0*math.Sqrt(rng.Float64())
				p = pt(c0.X+rr*math.Cos(a), c0.Y+rr*math.Sin(a))
			}
			worst = math.Max(worst, gap(p))
		}
		if got && worst > 2*Eps {
			t.Fatalf("case %d: covered, but a sampled point is %v from every disc", i, worst)
		}
		if !got && worst < -0.05 {
			t.Fatalf("case %d: not covered, but every sampled point is 0.05 inside a disc", i)
		}
		if got {
			trues++
		} else {
			falses++
		}
	}
	if trues < 100 || falses < 100 {
		t.Fatalf("unbalanced cases: %d true, %d false", trues, falses)
	}
}
