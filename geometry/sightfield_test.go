package geometry

import (
	"math"
	"math/rand"
	"testing"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"
)

// randomField is a 72×36 table with an eye and 5–25 (or 49–88) blockers of every kind the table has:
// convex and L-shaped prisms (some raised), cylinders, and a few pieces the eye stands next to;
// in a third of them the eye is level with a blocker's top.
func randomField(rng *rand.Rand) (r3.Vector, []Volume) {
	eye := r3.Vector{X: 2 + rng.Float64()*68, Y: 2 + rng.Float64()*32, Z: rng.Float64() * 5}
	n := 5 + rng.Intn(21)
	if rng.Intn(3) == 0 { // past fieldLinear: the field sorts them into sectors
		n = fieldLinear + 1 + rng.Intn(40)
	}
	return eye, randomBlockers(rng, &eye, n)
}

// randomBlockers is n blockers of randomField's kinds around eye; it may raise or lower the eye
// to a blocker's top.
func randomBlockers(rng *rand.Rand, eye *r3.Vector, n int) []Volume {
	var bs []Volume
	for range n {
		c := randPoint(rng, 0, 72)
		c.Y = rng.Float64() * 36
		if rng.Intn(8) == 0 { // right next to the eye
			c = r2.Point{X: eye.X, Y: eye.Y}.Add(r2.Point{X: rng.NormFloat64(), Y: rng.NormFloat64()})
		}
		zlo := 0.0
		if rng.Intn(6) == 0 {
			zlo = rng.Float64() * 2
		}
		zhi := zlo + 0.3 + rng.Float64()*5
		switch rng.Intn(4) {
		case 0:
			bs = append(bs, Cylinder(c, 0.3+rng.Float64()*2, zlo, zhi))
		case 1, 2:
			w, h, a := 0.1+rng.Float64()*4, 0.1+rng.Float64()*3, rng.Float64()*math.Pi
			bs = append(bs, Prism(rotatedPoly(c, a, []r2.Point{{X: -w, Y: -h}, {X: w, Y: -h}, {X: w, Y: h}, {X: -w, Y: h}}), zlo, zhi))
		default:
			a, s := rng.Float64()*math.Pi*2, 0.5+rng.Float64()*3
			l := []r2.Point{{X: 0, Y: 0}, {X: 2, Y: 0}, {X: 2, Y: 0.6}, {X: 0.6, Y: 0.6}, {X: 0.6, Y: 2}, {X: 0, Y: 2}}
			for i := range l {
				l[i] = l[i].Mul(s)
			}
			bs = append(bs, Prism(rotatedPoly(c, a, l), zlo, zhi))
		}
	}
	if n > 0 && rng.Intn(3) == 0 { // the eye level with a blocker's top (its own shadow has no clear-cut planes)
		eye.Z = bs[rng.Intn(len(bs))].Z.Hi
	}
	return bs
}

// FuzzSightField: for an eye, a target cylinder and 0–80 random blockers (a seed draws them;
// past fieldLinear the field sorts them into sectors), the field's answers equal the plain
// functions': SeesCylinder = Visible, CylinderHiddenBy = Hides for every blocker.
func FuzzSightField(f *testing.F) {
	f.Add(int64(1), uint8(0), 30.0, 18.0, 1.65, 40.0, 18.0, 0.5, 1.65)
	f.Add(int64(2), uint8(12), 30.0, 18.0, 1.65, 40.0, 18.0, 0.5, 1.65)
	f.Add(int64(3), uint8(90), 10.0, 5.0, 4.0, 60.0, 30.0, 1.0, 3.0)
	f.Add(int64(4), uint8(1), 30.0, 18.0, 1.65, 30.2, 18.0, 0.5, 1.65) // the eye over the target
	f.Fuzz(func(t *testing.T, seed int64, n uint8, ex, ey, ez, tx, ty, tr, th float64) {
		for _, v := range []float64{ex, ey, ez, tx, ty, tr, th} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return
			}
		}
		// A tabletop's sizes: the eye and the target on or near a 72×36 table, the target a
		// base up to 6" across and up to 10" high. (A target whose footprint covers dozens of
		// blockers makes the exact search's list of height ratios grow with the cube of their
		// number: minutes for one question; no table has one.)
		ex, ey, tx, ty = math.Mod(ex, 80), math.Mod(ey, 44), math.Mod(tx, 80), math.Mod(ty, 44)
		ez, tr, th = math.Mod(math.Abs(ez), 10), 0.05+math.Mod(math.Abs(tr), 3), 0.05+math.Mod(math.Abs(th), 10)
		rng := rand.New(rand.NewSource(seed))
		eye := r3.Vector{X: ex, Y: ey, Z: ez}
		count := int(n) % 81
		if math.Hypot(ex-tx, ey-ty) <= tr+1 {
			// The eye over (or next to) the target: the window is the whole turn and every
			// blocker near the eye is in it; with dozens heaped there (an eighth of randomBlockers'
			// stand next to the eye) proving "hidden" takes the exact search seconds. A table has
			// a few pieces there, not dozens.
			count %= 25
		}
		bs := randomBlockers(rng, &eye, count)
		field := NewSightField(eye, bs)
		c := r2.Point{X: tx, Y: ty}
		target := []Volume{Cylinder(c, tr, 0, th)}
		if got, want := field.SeesCylinder(c, tr, 0, th), Visible(eye, target, bs); got != want {
			t.Fatalf("eye %v, cylinder %v r %g h %g, %d blockers: field seen=%v, Visible %v", eye, c, tr, th, len(bs), got, want)
		}
		for i, b := range bs {
			if got, want := field.CylinderHiddenBy(c, tr, 0, th, field.NewObscurer(b)), Hides(eye, target, b); got != want {
				t.Fatalf("eye %v, cylinder %v r %g h %g, blocker %d %v: field hides=%v, Hides %v", eye, c, tr, th, i, b, got, want)
			}
		}
	})
}

// TestSightFieldEqualsPlain checks the field's answers against the plain Visible and Hides on
// random tables, over a grid of cylinders covering the whole table (every third cell of a 0.5"
// grid, so every kind of target is met: in the open, in shadows, at shadow edges, under the
// eye, inside blockers).
func TestSightFieldEqualsPlain(t *testing.T) {
	rng := rand.New(rand.NewSource(61))
	scenes := 40
	if testing.Short() {
		scenes = 8
	}
	var cells, seen, hides int
	for s := range scenes {
		eye, bs := randomField(rng)
		f := NewSightField(eye, bs)
		var obs []*Obscurer
		for _, b := range bs {
			obs = append(obs, f.NewObscurer(b))
		}
		r, h := 0.3+rng.Float64()*0.8, 0.5+rng.Float64()*3
		for y := 0.25; y < 36; y += 1.5 {
			for x := 0.25 + float64(s%3)*0.5; x < 72; x += 1.5 {
				c := r2.Point{X: x, Y: y}
				target := []Volume{Cylinder(c, r, 0, h)}
				want := Visible(eye, target, bs)
				if got := f.SeesCylinder(c, r, 0, h); got != want {
					t.Fatalf("scene %d, cell (%g, %g) r %g h %g, eye %v: field says seen=%v, Visible says %v", s, x, y, r, h, eye, got, want)
				}
				cells++
				if want {
					seen++
				}
				if int(x*2)%7 == 0 {
					for i, b := range bs {
						want := Hides(eye, target, b)
						if got := f.CylinderHiddenBy(c, r, 0, h, obs[i]); got != want {
							t.Fatalf("scene %d, cell (%g, %g), blocker %d: field hides=%v, Hides %v", s, x, y, i, got, want)
						}
						hides++
					}
				}
			}
		}
	}
	if seen == 0 || seen == cells {
		t.Fatalf("degenerate scenes: %d of %d cells seen", seen, cells)
	}
	t.Logf("%d cells (%d seen), %d hides questions agree", cells, seen, hides)
}

// TestSightFieldCases are hand-computed: an eye at (0, 0, 2) behind a wall from x 10 to 11,
// y −5 to 5, 3 high.
func TestSightFieldCases(t *testing.T) {
	wall := Prism(mustPoly(t, 10, -5, 11, -5, 11, 5, 10, 5), 0, 3)
	eye := r3.Vector{Z: 2}
	f := NewSightField(eye, []Volume{wall})
	cases := []struct {
		name string
		c    r2.Point
		r, h float64
		want bool
	}{
		// Directly behind, low: every sight segment crosses the wall below its top.
		{"behind the wall, 1.65 high", r2.Point{X: 20}, 0.5, 1.65, false},
		// Behind but tall: the line to a top at height z over distance 20 passes the wall's
		// near face (x = 10) at 2 + (z − 2)/2, above 3 when z > 4.
		{"behind the wall, 5 high", r2.Point{X: 20}, 0.5, 5, true},
		{"behind the wall, exactly 4 high (grazes the top edge)", r2.Point{X: 20}, 0.5, 4, true},
		{"behind the wall, 3.9 high", r2.Point{X: 20}, 0.5, 3.9, false},
		// Beside the wall's end: the wall's near corner (10, 5) bounds its shadow at slope 1/2; a
		// disc at (20, 12), r 0.5, is seen under slopes from tan(0.5404 − 0.0215) ≈ 0.570 up.
		{"beside the wall", r2.Point{X: 20, Y: 12}, 0.5, 1.65, true},
		// At the shadow's edge: centred at (20, 9.6) the disc's far tangent has slope
		// tan(atan(0.48) + asin(0.5/22.18)) ≈ 0.508 > 1/2: a sliver pokes out and is seen.
		{"at the shadow's edge, poking out", r2.Point{X: 20, Y: 9.6}, 0.5, 1.65, true},
		// Centred at (20, 9.3): tan(atan(0.465) + asin(0.5/22.06)) ≈ 0.4925 < 1/2, all hidden.
		{"inside the shadow's edge", r2.Point{X: 20, Y: 9.3}, 0.5, 1.65, false},
		{"in front of the wall", r2.Point{X: 5}, 0.5, 1.65, true},
	}
	for _, c := range cases {
		if got := f.SeesCylinder(c.c, c.r, 0, c.h); got != c.want {
			t.Errorf("%s: seen=%v, want %v", c.name, got, c.want)
		}
		if plain := Visible(eye, []Volume{Cylinder(c.c, c.r, 0, c.h)}, []Volume{wall}); plain != c.want {
			t.Errorf("%s: plain Visible=%v, want %v", c.name, plain, c.want)
		}
	}
}

// TestSightFieldNoBlockers: with nothing to block it, every target with a window is seen (a
// field over an empty list once indexed sector lists it never made).
func TestSightFieldNoBlockers(t *testing.T) {
	f := NewSightField(r3.Vector{Z: 2}, nil)
	for _, c := range []r2.Point{{X: 20}, {X: -3, Y: 4}, {Y: -0.1}} {
		if !f.SeesCylinder(c, 0.5, 0, 1.65) {
			t.Errorf("a cylinder at %v not seen past no blockers", c)
		}
	}
}

// TestSightFieldGap: two walls 0.15" apart; a target whose only sliver is seen through the gap.
func TestSightFieldGap(t *testing.T) {
	a := Prism(mustPoly(t, 10, -5, 11, -5, 11, -0.075, 10, -0.075), 0, 10)
	b := Prism(mustPoly(t, 10, 0.075, 11, 0.075, 11, 5, 10, 5), 0, 10)
	eye := r3.Vector{Z: 1}
	f := NewSightField(eye, []Volume{a, b})
	if !f.SeesCylinder(r2.Point{X: 30, Y: 0.5}, 0.5, 0, 1.65) {
		t.Error("a target across the 0.15\" gap is not seen")
	}
	if f.SeesCylinder(r2.Point{X: 30, Y: 3}, 0.5, 0, 1.65) {
		t.Error("a target wholly behind the right wall is seen")
	}
}
