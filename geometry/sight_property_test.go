package geometry

import (
	"math"
	"math/rand"
	"reflect"
	"testing"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"
)

// randomScene builds an eye, a target cylinder and blockers (rotated boxes, L-shaped concave
// prisms, vehicle cylinders) around the segment between them.
func randomScene(rng *rand.Rand) (r3.Vector, []Volume, []Volume) {
	eye := r3.Vector{X: 5 + rng.Float64()*10, Y: 5 + rng.Float64()*26, Z: rng.Float64() * 4}
	tc := r2.Point{X: 40 + rng.Float64()*20, Y: 5 + rng.Float64()*26}
	tz := rng.Float64() * 2
	target := []Volume{Cylinder(tc, 0.3+rng.Float64()*1.5, tz, tz+0.5+rng.Float64()*2)}
	n := 1 + rng.Intn(8)
	var blockers []Volume
	for i := 0; i < n; i++ {
		// Somewhere near the line of sight.
		f := rng.Float64()
		c := r2.Point{X: eye.X + (tc.X-eye.X)*f, Y: eye.Y + (tc.Y-eye.Y)*f}.Add(r2.Point{X: rng.NormFloat64() * 3, Y: rng.NormFloat64() * 3})
		zlo := 0.0
		if rng.Intn(4) == 0 {
			zlo = rng.Float64() * 2
		}
		zhi := zlo + 0.2 + rng.Float64()*4
		switch rng.Intn(3) {
		case 0:
			blockers = append(blockers, Cylinder(c, 0.3+rng.Float64()*2, zlo, zhi))
		case 1:
			w, h, a := 0.1+rng.Float64()*4, 0.1+rng.Float64()*4, rng.Float64()*math.Pi
			blockers = append(blockers, Prism(rotatedPoly(c, a, []r2.Point{{X: -w, Y: -h}, {X: w, Y: -h}, {X: w, Y: h}, {X: -w, Y: h}}), zlo, zhi))
		default:
			a, s := rng.Float64()*math.Pi*2, 0.5+rng.Float64()*2
			l := []r2.Point{{X: 0, Y: 0}, {X: 2, Y: 0}, {X: 2, Y: 0.6}, {X: 0.6, Y: 0.6}, {X: 0.6, Y: 2}, {X: 0, Y: 2}}
			for i := range l {
				l[i] = l[i].Mul(s)
			}
			blockers = append(blockers, Prism(rotatedPoly(c, a, l), zlo, zhi))
		}
	}
	return eye, target, blockers
}

func rotatedPoly(c r2.Point, a float64, pts []r2.Point) Shape {
	s, co := math.Sincos(a)
	out := make([]r2.Point, len(pts))
	for i, p := range pts {
		out[i] = r2.Point{X: c.X + p.X*co - p.Y*s, Y: c.Y + p.X*s + p.Y*co}
	}
	sh, err := NewPolygon(out)
	if err != nil {
		panic(err)
	}
	return sh
}

// samplePoints returns points of the target cylinder on a dense grid of its surface and axis:
// a lower bound for what is visible, used only as a cross-check.
func samplePoints(t Volume) []r3.Vector {
	c, r := t.Foot.core[0], t.Foot.r
	var pts []r3.Vector
	for i := 0; i < 48; i++ {
		a := 2 * math.Pi * float64(i) / 48
		for _, rr := range []float64{r, r * 0.5, 0} {
			for k := 0; k <= 8; k++ {
				z := t.Z.Lo + (t.Z.Hi-t.Z.Lo)*float64(k)/8
				pts = append(pts, r3.Vector{X: c.X + rr*math.Cos(a), Y: c.Y + rr*math.Sin(a), Z: z})
			}
		}
	}
	return pts
}

func hiddenBy(eye, p r3.Vector, b Volume) bool { return SegmentThroughVolume(eye, p, b) }

// TestSightAgainstSampling: a sampled visible point proves visibility, a sampled point behind a
// blocker proves that blocker a hider; the exact answer may find more (slivers), never less. A
// visible answer comes with a witness point, checked segment by segment.
func TestSightAgainstSampling(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	slivers, hiddenCount := 0, 0
	for n := 0; n < 1500; n++ {
		eye, target, blockers := randomScene(rng)
		c := newSightCtx(eye, target, blockers)
		vis := c.visible()
		got := See(eye, target, blockers)
		if got.Visible != vis {
			t.Fatalf("scene %d: See and visible disagree", n)
		}
		if vis {
			for i, b := range blockers {
				if hiddenBy(eye, c.witness, b) {
					t.Fatalf("scene %d: witness %v is hidden by blocker %d", n, c.witness, i)
				}
			}
		} else {
			hiddenCount++
		}
		sampledVisible := false
		hid := make([]bool, len(blockers))
		for _, p := range samplePoints(target[0]) {
			clear := true
			for i, b := range blockers {
				if hiddenBy(eye, p, b) {
					clear = false
					hid[i] = true
				}
			}
			sampledVisible = sampledVisible || clear
		}
		if sampledVisible && !vis {
			t.Fatalf("scene %d: a sampled point is visible but See says fully hidden", n)
		}
		if vis && !sampledVisible {
			slivers++
		}
		gotHid := make([]bool, len(blockers))
		for _, i := range got.Hiders {
			gotHid[i] = true
		}
		for i := range blockers {
			if hid[i] && !gotHid[i] {
				t.Fatalf("scene %d: blocker %d hides a sampled point but is not a hider", n, i)
			}
			if gotHid[i] != Hides(eye, target, blockers[i]) {
				t.Fatalf("scene %d: Hides(%d) disagrees with See", n, i)
			}
		}
	}
	t.Logf("1500 scenes: %d fully hidden, %d visible only through slivers the sample missed", hiddenCount, slivers)
}

// TestSightInvariance: the answer does not change when the blockers are reordered, or when the
// whole scene is translated or rotated.
func TestSightInvariance(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for n := 0; n < 600; n++ {
		eye, target, blockers := randomScene(rng)
		want := See(eye, target, blockers)
		perm := rng.Perm(len(blockers))
		shuffled := make([]Volume, len(blockers))
		for i, j := range perm {
			shuffled[j] = blockers[i]
		}
		got := See(eye, target, shuffled)
		var mapped []int
		for _, h := range want.Hiders {
			mapped = append(mapped, perm[h])
		}
		sortInts(mapped)
		if got.Visible != want.Visible || !reflect.DeepEqual(got.Hiders, mapped) {
			t.Fatalf("scene %d: reordering changed the answer: %v vs %v", n, want, got)
		}
		d := r2.Point{X: rng.Float64()*20 - 10, Y: rng.Float64()*20 - 10}
		a := rng.Float64() * 360
		mv := func(v Volume) Volume { return Volume{Foot: v.Foot.rotateAbout(r2.Point{}, a).translate(d), Z: v.Z} }
		var tt, bb []Volume
		for _, v := range target {
			tt = append(tt, mv(v))
		}
		for _, v := range blockers {
			bb = append(bb, mv(v))
		}
		p := RotatePoint(r2.Point{X: eye.X, Y: eye.Y}, r2.Point{}, a).Add(d)
		moved := See(r3.Vector{X: p.X, Y: p.Y, Z: eye.Z}, tt, bb)
		if moved.Visible != want.Visible || !reflect.DeepEqual(moved.Hiders, want.Hiders) {
			t.Fatalf("scene %d: moving the scene changed the answer: %v vs %v", n, want, moved)
		}
	}
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func (s Shape) rotateAbout(o r2.Point, deg float64) Shape {
	core := make([]r2.Point, len(s.core))
	for i, p := range s.core {
		core[i] = RotatePoint(p, o, deg)
	}
	return newShape(core, s.r)
}

func (s Shape) translate(d r2.Point) Shape {
	core := make([]r2.Point, len(s.core))
	for i, p := range s.core {
		core[i] = p.Add(d)
	}
	return newShape(core, s.r)
}

// TestSightNarrowGaps: two walls taller than everything leave a channel of random width (down to
// 1e-4) and random thickness; the target is seen exactly when some ray through the channel meets
// its disc, which is a closed-form question about angles.
func TestSightNarrowGaps(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	seen, hidden := 0, 0
	for n := 0; n < 3000; n++ {
		ex, ey := 10.0, 18.0
		x0 := 20 + rng.Float64()*10
		th := 0.05 + rng.Float64()*1.5
		gap := math.Pow(10, -4+rng.Float64()*3.5)
		y1 := ey - 2 + rng.Float64()*4
		y2 := y1 + gap
		tc := r2.Point{X: x0 + th + 2 + rng.Float64()*20, Y: ey - 3 + rng.Float64()*6}
		tr := 0.3 + rng.Float64()
		blockers := []Volume{Prism(rect(x0, y1-8, x0+th, y1), 0, 10), Prism(rect(x0, y2, x0+th, y2+8), 0, 10)}
		target := []Volume{Cylinder(tc, tr, 0, 1.65)}
		ang := func(x, y float64) float64 { return math.Atan2(y-ey, x-ex) }
		lo := math.Max(ang(x0, y1), ang(x0+th, y1))
		hi := math.Min(ang(x0, y2), ang(x0+th, y2))
		beta := ang(tc.X, tc.Y)
		alpha := math.Asin(tr / math.Hypot(tc.X-ex, tc.Y-ey))
		// Open channel interval against the closed target interval; keep clear of ties.
		margin := math.Min(hi-(beta-alpha), (beta+alpha)-lo)
		if math.Abs(margin) < 1e-9 {
			continue
		}
		want := lo < hi && margin > 0
		got := Visible(r3.Vector{X: ex, Y: ey, Z: 1.65}, target, blockers)
		if got != want {
			t.Fatalf("case %d: gap %.6g thickness %.3f target %v r %.3f: visible %v, want %v (margin %.3g rad)", n, gap, th, tc, tr, got, want, margin)
		}
		if want {
			seen++
		} else {
			hidden++
		}
	}
	t.Logf("%d seen through the gap, %d hidden", seen, hidden)
}
