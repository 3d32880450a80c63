package scenes

import (
	"encoding/json"
	"testing"
	"time"
)

// drawCounter runs ticks of a Manager on a table scene with a clock the test moves, and counts
// the frames NeedsDraw would draw.
type drawCounter struct {
	t   *testing.T
	m   *Manager
	s   *TableScene
	now time.Time
}

func newDrawCounter(t *testing.T) *drawCounter {
	c := &drawCounter{t: t, s: NewTableScene("test", testDoc()), now: time.Unix(1000, 0)}
	c.m = &Manager{}
	c.m.SetScreen(Screen{W: 1024, H: 768, Scale: 1})
	c.m.GoTo(c.s)
	c.m.redraw.now = func() time.Time { return c.now }
	return c
}

// ticks runs n ticks of in, 16 ms apart, and returns how many frames were drawn.
func (c *drawCounter) ticks(n int, in Input) int {
	c.t.Helper()
	drawn := 0
	for range n {
		if err := c.m.update(in, false); err != nil {
			c.t.Fatal(err)
		}
		if c.m.NeedsDraw() {
			drawn++
		}
		c.now = c.now.Add(16 * time.Millisecond)
	}
	return drawn
}

// TestRedrawOnlyWhenChanged: an idle table is drawn once a second; the cursor moving, a held
// button, a command from outside (Invalidate) or a change the scene makes itself are drawn at
// once, with settleFrames frames after.
func TestRedrawOnlyWhenChanged(t *testing.T) {
	c := newDrawCounter(t)
	// The first frames draw (the first frame, the screen's size arriving), then it settles.
	if n := c.ticks(10, Input{X: 10, Y: 10}); n < 1 || n > 1+settleFrames+1 {
		t.Fatalf("first 10 ticks drew %d frames", n)
	}
	// Idle for 3 s (187 ticks of 16 ms): one frame a second.
	if n := c.ticks(187, Input{X: 10, Y: 10}); n != 3 {
		t.Fatalf("idle 3 s drew %d frames, want 3 (redrawEvery)", n)
	}
	// The cursor moves every tick: every frame is drawn, then settleFrames more after it stops.
	for i := range 5 {
		if n := c.ticks(1, Input{X: 20 + float64(i), Y: 10}); n != 1 {
			t.Fatalf("cursor move %d: drew %d", i, n)
		}
	}
	if n := c.ticks(10, Input{X: 24, Y: 10}); n != settleFrames {
		t.Fatalf("after the cursor stopped: drew %d, want %d", n, settleFrames)
	}
	// A held button draws every frame even when the cursor rests.
	if n := c.ticks(5, Input{X: 24, Y: 10, Right: true}); n != 5 {
		t.Fatalf("held right button: drew %d of 5", n)
	}
	c.ticks(10, Input{X: 24, Y: 10})
	// Something from outside (a page command, an online message): Invalidate.
	c.m.Invalidate()
	if n := c.ticks(10, Input{X: 24, Y: 10}); n != 1+settleFrames {
		t.Fatalf("after Invalidate: drew %d, want %d", n, 1+settleFrames)
	}
	// A change the scene itself makes without input (here a command run straight on the scene,
	// not through the Manager) changes its drawKey: drawn at once.
	if _, err := c.s.Command("tool", json.RawMessage(`"move"`)); err != nil {
		t.Fatal(err)
	}
	if n := c.ticks(1, Input{X: 24, Y: 10}); n != 1 {
		t.Fatal("a tool switch was not drawn")
	}
	if n := c.ticks(10, Input{X: 24, Y: 10}); n != 0 {
		t.Fatalf("idle after the tool switch: drew %d", n)
	}
	c.s.SetMessage("hello")
	if n := c.ticks(1, Input{X: 24, Y: 10}); n != 1 {
		t.Fatal("a new message was not drawn")
	}
}

// TestRedrawWhileBusy: the standing scan of a table spread over ticks keeps the frames drawn
// until it is done (busy), then they stop.
func TestRedrawWhileBusy(t *testing.T) {
	c := newDrawCounter(t)
	c.ticks(10, Input{})
	c.s.stand.scan.on = true
	if n := c.ticks(4, Input{}); n != 4 {
		t.Fatalf("busy: drew %d of 4", n)
	}
	c.s.stand.scan.on = false
	if n := c.ticks(4, Input{}); n != 0 {
		t.Fatalf("done: drew %d", n)
	}
}
