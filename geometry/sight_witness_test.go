package geometry

import (
	"math/rand"
	"testing"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"
)

// inTarget reports whether p lies in one of the target's volumes (within Eps).
func inTarget(p r3.Vector, target []Volume) bool {
	for _, t := range target {
		if t.Foot.DistanceToPoint(r2.Point{X: p.X, Y: p.Y}) <= 1e-6 && p.Z >= t.Z.Lo-1e-6 && p.Z <= t.Z.Hi+1e-6 {
			return true
		}
	}
	return false
}

// TestSeeWitness: a visible answer's Witness is a point of the target that no blocker hides (the
// point the app draws its green sight ray to); a hidden answer has none. View.Witness is the same
// point for VisiblePast over all volumes.
func TestSeeWitness(t *testing.T) {
	// Hand cases: with no blockers the witness is in the trooper at (5,5); behind the 3-high wall
	// x ∈ [20,21] nothing is seen; over the 0.8-high wall the witness is a head point, above the
	// sight line that grazes the wall top: z > 1.65 − (1.65 − 0.8)·(24 − 10)/(20 − 10) ≈ 0.46.
	wall := Prism(rect(20, 14, 21, 22), 0, 3)
	low := Prism(rect(20, 3, 20.5, 9), 0, 0.8)
	if s := See(eyeOf(0, 0, 1), trooper(5, 5), nil); !s.Visible || !inTarget(s.Witness, trooper(5, 5)) {
		t.Errorf("no blockers: %+v", s)
	}
	if s := See(eyeOf(10, 18, 1.65), trooper(30, 18), []Volume{wall}); s.Visible || s.Witness != (r3.Vector{}) {
		t.Errorf("behind the wall: %+v, want no witness", s)
	}
	s := See(eyeOf(10, 6, 1.65), trooper(24, 6), []Volume{low})
	if !s.Visible || !inTarget(s.Witness, trooper(24, 6)) || SegmentThroughVolume(eyeOf(10, 6, 1.65), s.Witness, low) {
		t.Errorf("over the low wall: %+v", s)
	}

	rng := rand.New(rand.NewSource(11))
	seen := 0
	for n := 0; n < 800; n++ {
		eye, target, blockers := randomScene(rng)
		s := See(eye, target, blockers)
		v := NewView(eye, target, blockers)
		vis := v.VisiblePast(len(blockers))
		w, ok := v.Witness()
		v.Close()
		if vis != s.Visible || ok != vis {
			t.Fatalf("scene %d: See %v, VisiblePast %v, Witness ok %v", n, s.Visible, vis, ok)
		}
		if !s.Visible {
			if s.Witness != (r3.Vector{}) || w != (r3.Vector{}) {
				t.Fatalf("scene %d: hidden but witnesses %v, %v", n, s.Witness, w)
			}
			continue
		}
		seen++
		for _, p := range []r3.Vector{s.Witness, w} {
			if !inTarget(p, target) {
				t.Fatalf("scene %d: witness %v is not in the target", n, p)
			}
			for i, b := range blockers {
				if SegmentThroughVolume(eye, p, b) {
					t.Fatalf("scene %d: witness %v is hidden by blocker %d", n, p, i)
				}
			}
		}
	}
	if seen < 100 || seen > 750 {
		t.Errorf("%d of 800 random scenes visible: the sample does not exercise both answers", seen)
	}
}
