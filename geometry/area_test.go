package geometry

import (
	"encoding/json"
	"math"
	"math/rand"
	"os"
	"testing"

	"github.com/golang/geo/r2"
)

func clipRectOf(x0, y0, x1, y1 float64) r2.Rect { return r2.RectFromPoints(pt(x0, y0), pt(x1, y1)) }

// segmentArea is the area of the circular segment of a circle of radius r cut off by a chord at
// distance d from the centre: r²·acos(d/r) − d·√(r² − d²).
func segmentArea(r, d float64) float64 { return r*r*math.Acos(d/r) - d*math.Sqrt(r*r-d*d) }

// lensArea is the area common to two circles of radius r whose centres are d apart.
func lensArea(r, d float64) float64 { return 2*r*r*math.Acos(d/(2*r)) - d/2*math.Sqrt(4*r*r-d*d) }

func TestUnionAreaHandComputed(t *testing.T) {
	big := clipRectOf(-100, -100, 100, 100)
	unit := Circle(pt(0, 0), 1)
	cases := []struct {
		name   string
		shapes []Shape
		clip   r2.Rect
		want   float64
	}{
		{"nothing", nil, big, 0},
		{"one square", []Shape{mustPoly(t, sqXY...)}, big, 4},
		// [0,2]² and [1,3]²: 4 + 4 − 1.
		{"two overlapping squares", []Shape{mustPoly(t, 0, 0, 2, 0, 2, 2, 0, 2), mustPoly(t, 1, 1, 3, 1, 3, 3, 1, 3)}, big, 7},
		{"the same square twice", []Shape{mustPoly(t, sqXY...), mustPoly(t, sqXY...)}, big, 4},
		{"squares sharing an edge", []Shape{mustPoly(t, 0, 0, 1, 0, 1, 1, 0, 1), mustPoly(t, 1, 0, 2, 0, 2, 1, 1, 1)}, big, 2},
		{"square inside a square", []Shape{mustPoly(t, 0, 0, 4, 0, 4, 4, 0, 4), mustPoly(t, 1, 1, 2, 1, 2, 2, 1, 2)}, big, 16},
		{"a circle", []Shape{Circle(pt(3, -2), 2.5)}, big, math.Pi * 6.25},
		// Two unit circles 1 apart: 2π − lens.
		{"two circles, lens by formula", []Shape{unit, Circle(pt(1, 0), 1)}, big, 2*math.Pi - lensArea(1, 1)},
		{"circle inside a circle", []Shape{Circle(pt(0, 0), 3), Circle(pt(1, 0.5), 1)}, big, 9 * math.Pi},
		// Unit circle and the rectangle [0.5, 2]×[−2, 2]: they share the circular segment beyond
		// the chord x = 0.5.
		{"circle overlapping a rectangle", []Shape{unit, mustPoly(t, 0.5, -2, 2, -2, 2, 2, 0.5, 2)}, big,
			math.Pi + 1.5*4 - segmentArea(1, 0.5)},
		// Unit circle and [0,2]²: a quarter disc in common.
		{"circle over a square's corner", []Shape{unit, mustPoly(t, sqXY...)}, big, math.Pi + 4 - math.Pi/4},
		// L of [0,3]×[0,1] ∪ [0,1]×[0,3]: area 5.
		{"concave L", []Shape{mustPoly(t, 0, 0, 3, 0, 3, 1, 1, 1, 1, 3, 0, 3)}, big, 5},
		// A square in the L's notch, not touching: 5 + 1.
		{"concave L and a square in its notch", []Shape{mustPoly(t, 0, 0, 3, 0, 3, 1, 1, 1, 1, 3, 0, 3),
			mustPoly(t, 1.5, 1.5, 2.5, 1.5, 2.5, 2.5, 1.5, 2.5)}, big, 6},
		// [0.5,2]² over the L: it shares [0.5,2]×[0.5,1] (0.75) and [0.5,1]×[1,2] (0.5) with it:
		// 5 + 2.25 − 1.25.
		{"concave L overlapped by a square", []Shape{mustPoly(t, 0, 0, 3, 0, 3, 1, 1, 1, 1, 3, 0, 3),
			mustPoly(t, 0.5, 0.5, 2, 0.5, 2, 2, 0.5, 2)}, big, 6},
		{"U with its notch", []Shape{mustPoly(t, uXY...)}, big, 7},
		// Clipping.
		{"square sticking out of the clip", []Shape{mustPoly(t, -1, -1, 1, -1, 1, 1, -1, 1)}, clipRectOf(0, 0, 10, 10), 1},
		{"circle on a clip corner", []Shape{Circle(pt(0, 0), 2)}, clipRectOf(0, 0, 10, 10), math.Pi},
		{"circle on a clip side", []Shape{Circle(pt(0, 5), 1)}, clipRectOf(0, 0, 10, 10), math.Pi / 2},
		// Circle (5, 0.5) r 1 over the bottom edge y = 0: the segment below is cut off.
		{"circle cut by the clip bottom", []Shape{Circle(pt(5, 0.5), 1)}, clipRectOf(0, 0, 10, 10), math.Pi - segmentArea(1, 0.5)},
		{"circle cut by the clip top", []Shape{Circle(pt(5, 9.5), 1)}, clipRectOf(0, 0, 10, 10), math.Pi - segmentArea(1, 0.5)},
		{"shape outside the clip", []Shape{Circle(pt(-5, -5), 1), mustPoly(t, 20, 20, 21, 20, 21, 21)}, clipRectOf(0, 0, 10, 10), 0},
		{"clip inside a shape", []Shape{Circle(pt(0, 0), 10)}, clipRectOf(-1, -2, 1, 2), 8},
		{"empty clip", []Shape{unit}, clipRectOf(0, 0, 0, 10), 0},
		// Grown shapes: a stadium of axis length 2 and radius 1 is 2·2·1 + π; the rounded square
		// [0,2]² grown by 0.5 is 4 + 8·0.5 + π/4.
		{"stadium", []Shape{Stadium(pt(0, 0), pt(2, 0), 1)}, big, 4 + math.Pi},
		{"rounded square", []Shape{RoundedRect(pt(1, 1), 3, 3, 0.5, 0)}, big, 4 + 4 + math.Pi/4},
		{"rounded square turned", []Shape{RoundedRect(pt(1, 1), 3, 3, 0.5, 30)}, big, 4 + 4 + math.Pi/4},
		// Triangle (0,0) (4,0) (0,4) over the square [1,3]²: the square's part above x + y = 4 is
		// a triangle of area 2, so the union is 8 + 4 − 2.
		{"triangle and square", []Shape{mustPoly(t, 0, 0, 4, 0, 0, 4), mustPoly(t, 1, 1, 3, 1, 3, 3, 1, 3)}, big, 10},
	}
	for _, c := range cases {
		got := UnionArea(c.shapes, c.clip)
		if !near(got, c.want, 1e-9*math.Max(1, c.want)) {
			t.Errorf("%s: UnionArea = %.12g, want %.12g (off by %.3g)", c.name, got, c.want, got-c.want)
		}
	}
}

// A union's area does not change when its shapes are moved together, listed in another order,
// or turned by a multiple of 90°; it is at most the sum and at least the largest of the areas.
func TestUnionAreaInvariants(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	big := clipRectOf(-1000, -1000, 1000, 1000)
	for trial := 0; trial < 200; trial++ {
		shapes := randomShapes(rng, 1+rng.Intn(6))
		a := UnionArea(shapes, big)
		sum, most := 0.0, 0.0
		for _, s := range shapes {
			sum += s.Area()
			most = math.Max(most, s.Area())
		}
		if a > sum*(1+1e-9) || a < most*(1-1e-9) {
			t.Fatalf("trial %d: union %.9g outside [%.9g, %.9g]", trial, a, most, sum)
		}
		moved := make([]Shape, len(shapes))
		for i, s := range shapes {
			moved[len(shapes)-1-i] = s.Translate(pt(13.25, -7.5)).Rotate(pt(1, 2), 90)
		}
		if b := UnionArea(moved, big); !near(a, b, 1e-9*a) {
			t.Fatalf("trial %d: union %.12g, moved and turned %.12g", trial, a, b)
		}
	}
}

// randomShapes makes n shapes in [0,10]²: concave stars, circles, stadiums and rounded rectangles.
func randomShapes(rng *rand.Rand, n int) []Shape {
	var out []Shape
	for len(out) < n {
		c := pt(1+8*rng.Float64(), 1+8*rng.Float64())
		switch rng.Intn(4) {
		case 0:
			s, err := NewPolygon(randStar(rng, c, 0.5+3*rng.Float64()))
			if err != nil {
				continue
			}
			out = append(out, s)
		case 1:
			out = append(out, Circle(c, 0.2+2*rng.Float64()))
		case 2:
			out = append(out, RoundedRect(c, 1+3*rng.Float64(), 0.6, 0.3, 360*rng.Float64()))
		default:
			out = append(out, RoundedRect(c, 1+3*rng.Float64(), 1+2*rng.Float64(), 0.4*rng.Float64(), 360*rng.Float64()))
		}
	}
	return out
}

// A sanity check against Monte Carlo: random unions of 1–8 shapes, part of them outside the clip
// rectangle. The tolerance is five standard errors of the estimate (a loose check of the method,
// not a measure of its precision, which the hand-computed cases above pin to 1e-9).
func TestUnionAreaMonteCarlo(t *testing.T) {
	rng := rand.New(rand.NewSource(42))
	clip := clipRectOf(1, 1.5, 9, 8)
	const samples = 40000
	for trial := 0; trial < 40; trial++ {
		shapes := randomShapes(rng, 1+rng.Intn(8))
		exact := UnionArea(shapes, clip)
		hits := 0
		for i := 0; i < samples; i++ {
			p := pt(clip.X.Lo+rng.Float64()*clip.X.Length(), clip.Y.Lo+rng.Float64()*clip.Y.Length())
			for _, s := range shapes {
				if s.ContainsPoint(p) {
					hits++
					break
				}
			}
		}
		A := clip.X.Length() * clip.Y.Length()
		f := float64(hits) / samples
		est := f * A
		sigma := A * math.Sqrt(math.Max(f*(1-f), 1/float64(samples))/samples)
		if math.Abs(est-exact) > 5*sigma {
			t.Errorf("trial %d (%d shapes): exact %.5g, Monte Carlo %.5g ± %.2g", trial, len(shapes), exact, est, sigma)
		}
	}
}

// defaultTerrain reads the default table's terrain footprints from maps/default.json.
func defaultTerrain(t testing.TB) ([]Shape, r2.Rect) {
	data, err := os.ReadFile("../maps/default.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Battlefield struct{ Width, Depth float64 }
		Terrain     []struct {
			Polygon [][2]float64
			Circle  *struct{ X, Y, R float64 }
		}
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	var shapes []Shape
	for _, tr := range f.Terrain {
		if tr.Circle != nil {
			shapes = append(shapes, Circle(pt(tr.Circle.X, tr.Circle.Y), tr.Circle.R))
			continue
		}
		var xy []float64
		for _, p := range tr.Polygon {
			xy = append(xy, p[0], p[1])
		}
		shapes = append(shapes, mustPoly(t, xy...))
	}
	return shapes, clipRectOf(0, 0, f.Battlefield.Width, f.Battlefield.Depth)
}

// The default table's pieces do not overlap and lie on the table, so their union is the sum of
// their own areas.
func TestUnionAreaDefaultTable(t *testing.T) {
	shapes, table := defaultTerrain(t)
	if len(shapes) != 17 {
		t.Fatalf("default table has %d pieces, the benchmark assumes 17", len(shapes))
	}
	sum := 0.0
	for i, s := range shapes {
		sum += s.Area()
		for _, o := range shapes[i+1:] {
			if Overlap(s, o) {
				t.Fatalf("default table pieces overlap; the test assumes they do not")
			}
		}
	}
	if got := UnionArea(shapes, table); !near(got, sum, 1e-9*sum) {
		t.Errorf("UnionArea %.12g, sum of areas %.12g", got, sum)
	}
}

func BenchmarkUnionAreaDefaultTable(b *testing.B) {
	shapes, table := defaultTerrain(b)
	for b.Loop() {
		UnionArea(shapes, table)
	}
}
