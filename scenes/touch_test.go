package scenes

import (
	"math"
	"testing"
)

// TestTouchFingers: one finger is the left button (pressed on the first tick, released when it
// lifts); two fingers give the pinch factor and the midpoint's movement, and a finger that turns
// into a pinch lets go of the button first.
func TestTouchFingers(t *testing.T) {
	var ts touchState
	at := func(pts ...[2]float64) Input {
		var in Input
		ts.apply(&in, len(pts), func(i int) (float64, float64) { return pts[i][0], pts[i][1] })
		return in
	}
	in := at([2]float64{100, 100})
	if !in.Left || !in.LeftPressed || in.X != 100 {
		t.Fatalf("first finger: %+v", in)
	}
	in = at([2]float64{110, 100})
	if !in.Left || in.LeftPressed || in.X != 110 {
		t.Fatalf("finger moving: %+v", in)
	}
	in = at([2]float64{110, 100}, [2]float64{210, 100})
	if !in.LeftReleased || in.Pinch != 0 {
		t.Fatalf("second finger: %+v", in)
	}
	// Fingers 100 apart, then 200 apart, midpoint 160 → 170: zoom ×2 about (170, 100), pan +10.
	in = at([2]float64{70, 100}, [2]float64{270, 100})
	if in.Pinch != 2 || in.PinchX != 170 || in.PinchDX != 10 || in.Left {
		t.Fatalf("pinch: %+v", in)
	}
	in = at([2]float64{70, 100})
	if in.Left || in.LeftPressed {
		t.Fatalf("one finger left over from a pinch must not press: %+v", in)
	}
	in = at()
	if in.Left || in.Pinch != 0 {
		t.Fatalf("no fingers: %+v", in)
	}
}

// TestTableScenePinch: a pinch zooms about the fingers' midpoint (that table point stays under
// it) and pans with it.
func TestTableScenePinch(t *testing.T) {
	s := NewTableScene("test", testDoc())
	tick(s, Input{ScreenChanged: true})
	before := s.Camera()
	wx, wy := before.ScreenToWorld(400, 300)
	tick(s, Input{Pinch: 1.5, PinchX: 400, PinchY: 300})
	after := s.Camera()
	if math.Abs(after.Zoom-1.5*before.Zoom) > 1e-9 {
		t.Fatalf("zoom %v, want %v", after.Zoom, 1.5*before.Zoom)
	}
	if x, y := after.WorldToScreen(wx, wy); math.Abs(x-400) > 1e-6 || math.Abs(y-300) > 1e-6 {
		t.Fatalf("the point under the fingers moved to (%v, %v)", x, y)
	}
	tick(s, Input{Pinch: 1, PinchX: 420, PinchY: 300, PinchDX: 20})
	if x, _ := s.Camera().WorldToScreen(wx, wy); math.Abs(x-420) > 1e-6 {
		t.Fatalf("a pinch moving 20 px did not pan: point at %v", x)
	}
}
