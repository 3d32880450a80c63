//go:build !js

package e2e

import (
	"context"

	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// touch sends one touch event with fingers at the given CSS points (none for touchEnd).
func (p *page) touch(typ input.DispatchTouchEventType, pts ...[2]float64) {
	p.t.Helper()
	var tps []*input.TouchPoint
	for i, q := range pts {
		id := float64(i + 1)
		tps = append(tps, &input.TouchPoint{X: q[0], Y: q[1], ID: &id})
	}
	params := input.DispatchTouchEventParams{Type: typ, TouchPoints: tps}
	if tps == nil {
		params.TouchPoints = []*input.TouchPoint{}
	}
	p.do("touch "+string(typ), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, params)
		return err
	}))
}

// TestTouch: a tap on a base selects its mini, and two fingers spreading from 100 to 200 CSS px
// apart zoom the table in by about 2 about their midpoint (events a few frames apart, as real
// fingers are; tech notes §5.3).
func TestTouch(t *testing.T) {
	p := newPage(t)
	// A touch screen, as a phone or tablet has: the page sees touch events.
	p.do("touch emulation", chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5})
		return err
	}))
	p.open(startServer(t, webDir(t))+"/?map=default", 1)
	st := p.state()
	var tx, ty float64
	var target string
	for _, u := range st.Units {
		if u.ID == "red-storm-2" {
			for _, m := range u.Minis {
				if m.Leader {
					target = m.ID
					tx, ty = st.Camera.toCSS(m.X, m.Y, st.Screen.Scale)
				}
			}
		}
	}
	if target == "" {
		t.Fatal("red-storm-2 has no leader in the default map")
	}
	p.touch(input.DispatchTouchEventTypeTouchStart, [2]float64{tx, ty})
	p.waitFrames(3)
	p.touch(input.DispatchTouchEventTypeTouchEnd)
	p.waitFrames(3)
	if got := p.state().Selected; got != target {
		t.Fatalf("a tap on %s at (%.0f, %.0f) selected %q", target, tx, ty, got)
	}

	before := p.state().Camera
	const cx, cy = 512.0, 400.0
	p.touch(input.DispatchTouchEventTypeTouchStart, [2]float64{cx - 50, cy}, [2]float64{cx + 50, cy})
	p.waitFrames(3)
	for _, half := range []float64{60, 75, 90, 100} {
		p.touch(input.DispatchTouchEventTypeTouchMove, [2]float64{cx - half, cy}, [2]float64{cx + half, cy})
		p.waitFrames(2)
	}
	p.touch(input.DispatchTouchEventTypeTouchEnd)
	p.waitFrames(3)
	after := p.state().Camera
	ratio := after.Zoom / before.Zoom
	if ratio < 1.8 || ratio > 2.2 {
		t.Fatalf("pinch from 100 to 200 px: zoom ×%.3f, want about 2", ratio)
	}
	// The table point under the midpoint stays there.
	wx, wy := before.fromDevice(cx*st.Screen.Scale, cy*st.Screen.Scale)
	if sx, sy := after.toCSS(wx, wy, st.Screen.Scale); !closeTo(sx, cx, 3) || !closeTo(sy, cy, 3) {
		t.Errorf("the point under the fingers moved from (%.0f, %.0f) to (%.1f, %.1f)", cx, cy, sx, sy)
	}
	t.Logf("pinch: zoom %.3f → %.3f (×%.3f)", before.Zoom, after.Zoom, ratio)
	p.screenshot("50-touch-pinched")
	p.noPanics()
}
