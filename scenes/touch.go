package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Touch input: one finger is the left mouse button (press, drag, release: it selects, drags a
// mini or a tool's handle, pans empty space); two fingers pinch to zoom about their midpoint and
// pan as the midpoint moves. The browser's own touch gestures are off for the canvas (Ebitengine
// prevents their default), so every touch reaches the app.

// touchState remembers the fingers between ticks.
type touchState struct {
	down       bool    // a finger was acting as the left button last tick
	x, y       float64 // where it was
	pinching   bool    // two fingers were down last tick
	dist       float64 // their distance then
	midX, midY float64 // their midpoint then
}

var touches touchState

// readTouches folds this tick's touches into in (positions in the same pixels as the cursor).
func readTouches(in *Input) {
	ids := ebiten.AppendTouchIDs(nil)
	touches.apply(in, len(ids), func(i int) (float64, float64) {
		x, y := ebiten.TouchPosition(ids[i])
		return float64(x), float64(y)
	})
}

// apply updates in from n fingers at pos(0..n-1); split from readTouches so it can be tested
// without a device.
func (t *touchState) apply(in *Input, n int, pos func(int) (float64, float64)) {
	in.Touch = n > 0
	switch {
	case n == 1 && !t.pinching:
		x, y := pos(0)
		in.X, in.Y, in.Left = x, y, true
		in.LeftPressed = !t.down
		t.down, t.x, t.y = true, x, y
	case n >= 2:
		x0, y0 := pos(0)
		x1, y1 := pos(1)
		d := math.Hypot(x1-x0, y1-y0)
		mx, my := (x0+x1)/2, (y0+y1)/2
		if t.down { // a finger turned into a pinch: let go of the button where it was
			in.X, in.Y, in.LeftReleased = t.x, t.y, true
			t.down = false
		}
		if t.pinching && t.dist > 0 && d > 0 {
			in.Pinch = d / t.dist
			in.PinchX, in.PinchY = mx, my
			in.PinchDX, in.PinchDY = mx-t.midX, my-t.midY
		}
		t.pinching, t.dist, t.midX, t.midY = true, d, mx, my
	default: // no finger, or one left over from a pinch
		if t.down {
			in.X, in.Y, in.LeftReleased = t.x, t.y, true
		}
		t.down = false
		if n == 0 {
			t.pinching = false
		}
	}
}
