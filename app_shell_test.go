package main

import (
	"testing"
	"time"
)

// TestFrameClock: the frame times are the frame's Update calls plus its Draw; the median and
// the 90th percentile are over the last 120 frames, hand-computed here.
func TestFrameClock(t *testing.T) {
	var c frameClock
	if got := c.stats(); got != (FrameStats{}) {
		t.Fatalf("no frames: %+v", got)
	}
	// Frames of 1..10 ms: two Update calls of i/4 ms each and a Draw of i/2 ms.
	for i := 1; i <= 10; i++ {
		d := time.Duration(i) * time.Millisecond
		c.update(d / 4)
		c.update(d / 4)
		c.frame(d / 2)
	}
	// Median of 1..10 = 5.5, p90 = the 9th value = 9, the longest 10; update and draw medians 2.75.
	want := FrameStats{MedianMs: 5.5, P90Ms: 9, MaxMs: 10, N: 10, UpdateMedianMs: 2.75, DrawMedianMs: 2.75}
	if got := c.stats(); got != want {
		t.Errorf("stats %+v, want %+v", got, want)
	}
	// A frame with no Update (Ebitengine may draw without updating).
	c.frame(11 * time.Millisecond)
	if got := c.stats(); got.N != 11 || got.MedianMs != 6 || got.P90Ms != 10 || got.MaxMs != 11 {
		t.Errorf("after an 11 ms draw-only frame: %+v, want median 6, p90 10 over 11", got)
	}
	// The ring keeps the last 120: 200 frames of 1 ms after the above leave only 1 ms frames.
	for i := 0; i < 200; i++ {
		c.frame(time.Millisecond)
	}
	if got := c.stats(); got.N != frameWindow || got.MedianMs != 1 || got.P90Ms != 1 {
		t.Errorf("after 200 more 1 ms frames: %+v", got)
	}
	c.reset()
	if got := c.stats(); got.N != 0 {
		t.Errorf("after reset: %+v", got)
	}
	c.update(3 * time.Millisecond)
	c.frame(time.Millisecond)
	if got := c.stats(); got.N != 1 || got.MedianMs != 4 || got.UpdateMedianMs != 3 {
		t.Errorf("one frame after reset: %+v", got)
	}
}

// TestSafely: a panic in the work before the game loop (a JavaScript exception through syscall/js
// is one) comes back as an error, so that main shows it instead of losing the page.
func TestSafely(t *testing.T) {
	if err := safely(func() {}); err != nil {
		t.Fatal(err)
	}
	err := safely(func() { panic("QuotaExceededError: the quota has been exceeded") })
	if err == nil || err.Error() != "QuotaExceededError: the quota has been exceeded" {
		t.Fatalf("got %v", err)
	}
}
