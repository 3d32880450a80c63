package scenes

import (
	"math"
	"testing"
)

const tol = 1e-9

func near(a, b float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

func TestWorldScreenRoundTrip(t *testing.T) {
	cams := []Camera{
		{Zoom: 1},
		{Zoom: 12, PanX: 80, PanY: 500},
		{Zoom: 0.37, PanX: -1234.5, PanY: 99.25},
		{Zoom: 250, PanX: 3, PanY: -7},
	}
	pts := [][2]float64{{0, 0}, {72, 36}, {36, 18}, {-5, 40.5}, {1e-3, 1e3}}
	for _, c := range cams {
		for _, p := range pts {
			sx, sy := c.WorldToScreen(p[0], p[1])
			x, y := c.ScreenToWorld(sx, sy)
			if !near(x, p[0]) || !near(y, p[1]) {
				t.Errorf("%+v: %v → (%v,%v) → (%v,%v)", c, p, sx, sy, x, y)
			}
			wx, wy := c.ScreenToWorld(p[0], p[1])
			sx, sy = c.WorldToScreen(wx, wy)
			if !near(sx, p[0]) || !near(sy, p[1]) {
				t.Errorf("%+v: screen %v → world → (%v,%v)", c, p, sx, sy)
			}
		}
	}
}

func TestWorldToScreenOrientation(t *testing.T) {
	c := Camera{Zoom: 10, PanX: 100, PanY: 400}
	// +x goes right, +y goes up (screen y decreases), lengths scale by Zoom.
	x0, y0 := c.WorldToScreen(0, 0)
	x1, y1 := c.WorldToScreen(1, 2)
	if x0 != 100 || y0 != 400 || x1 != 110 || y1 != 380 {
		t.Errorf("got (%v,%v) (%v,%v)", x0, y0, x1, y1)
	}
	if c.Length(6) != 60 {
		t.Errorf("Length(6) = %v", c.Length(6))
	}
}

func TestFit(t *testing.T) {
	cases := []struct {
		name     string
		w, d     float64
		view     Rect
		wantZoom float64
	}{
		{"wide table, wide view, height-bound", 72, 36, Rect{0, 0, 1000, 400}, 400.0 / 36},
		{"wide table, square view, width-bound", 72, 36, Rect{10, 20, 720, 720}, 10},
		{"square table", 36, 36, Rect{0, 50, 800, 600}, 600.0 / 36},
		{"millimetres", 1828.8, 914.4, Rect{16, 64, 992, 688}, 992 / 1828.8},
	}
	for _, c := range cases {
		cam := Fit(c.w, c.d, c.view)
		if !near(cam.Zoom, c.wantZoom) {
			t.Errorf("%s: zoom %v, want %v", c.name, cam.Zoom, c.wantZoom)
		}
		// The table's corners land inside the view, and it is centred in it.
		lx, ty := cam.WorldToScreen(0, c.d)
		rx, by := cam.WorldToScreen(c.w, 0)
		if lx < c.view.X-tol || ty < c.view.Y-tol || rx > c.view.X+c.view.W+tol || by > c.view.Y+c.view.H+tol {
			t.Errorf("%s: table (%v,%v)-(%v,%v) outside view %+v", c.name, lx, ty, rx, by, c.view)
		}
		if !near((lx+rx)/2, c.view.X+c.view.W/2) || !near((ty+by)/2, c.view.Y+c.view.H/2) {
			t.Errorf("%s: not centred", c.name)
		}
		// One of the two dimensions fills the view exactly.
		if !near(rx-lx, c.view.W) && !near(by-ty, c.view.H) {
			t.Errorf("%s: neither side fills the view", c.name)
		}
	}
	if got := Fit(0, 36, Rect{0, 0, 10, 10}); got.Zoom != 1 {
		t.Errorf("degenerate fit: %+v", got)
	}
}

func TestZoomAboutKeepsPointFixed(t *testing.T) {
	start := Camera{Zoom: 12, PanX: 80, PanY: 500}
	cases := []struct {
		sx, sy, factor float64
	}{
		{512, 384, 1.15},
		{0, 0, 1 / 1.15},
		{1000, 20, 2},
		{80, 500, 0.5},
		{-50, 900, 3.7},
	}
	for _, c := range cases {
		wx, wy := start.ScreenToWorld(c.sx, c.sy)
		got := start.ZoomedAbout(c.sx, c.sy, c.factor, 0.1, 1000)
		if !near(got.Zoom, start.Zoom*c.factor) {
			t.Errorf("zoom %v, want %v", got.Zoom, start.Zoom*c.factor)
		}
		sx, sy := got.WorldToScreen(wx, wy)
		if !near(sx, c.sx) || !near(sy, c.sy) {
			t.Errorf("factor %v about (%v,%v): table point moved to (%v,%v)", c.factor, c.sx, c.sy, sx, sy)
		}
	}
	// Clamped zoom still keeps the point fixed.
	got := start.ZoomedAbout(300, 200, 100, 1, 50)
	if got.Zoom != 50 {
		t.Errorf("clamp: zoom %v", got.Zoom)
	}
	wx, wy := start.ScreenToWorld(300, 200)
	if sx, sy := got.WorldToScreen(wx, wy); !near(sx, 300) || !near(sy, 200) {
		t.Errorf("clamped zoom moved the point to (%v,%v)", sx, sy)
	}
	// Nonsense factors leave the camera alone.
	for _, f := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if got := start.ZoomedAbout(1, 2, f, 0.1, 1000); got != start {
			t.Errorf("factor %v changed the camera to %+v", f, got)
		}
	}
}

func TestPanned(t *testing.T) {
	c := Camera{Zoom: 5, PanX: 10, PanY: 20}
	wx, wy := c.ScreenToWorld(100, 100)
	p := c.Panned(30, -40)
	// The table point that was under (100,100) is now under (130,60).
	if sx, sy := p.WorldToScreen(wx, wy); !near(sx, 130) || !near(sy, 60) {
		t.Errorf("got (%v,%v)", sx, sy)
	}
}

func TestWheelSteps(t *testing.T) {
	cases := []struct{ delta, perStep, want float64 }{
		{100, 100, 1},   // one browser notch
		{-100, 100, -1}, // the other way
		{120, 100, 1.2},
		{1000, 100, 2}, // a burst is clamped
		{-1000, 100, -2},
		{3, 100, 0.03}, // touchpad: smooth
		{1, 1, 1},      // desktop notch
		{0, 100, 0},
		{5, 0, 2}, // bad scale → treated as 1, clamped
	}
	for _, c := range cases {
		if got := WheelSteps(c.delta, c.perStep); !near(got, c.want) {
			t.Errorf("WheelSteps(%v,%v) = %v, want %v", c.delta, c.perStep, got, c.want)
		}
	}
}
