package scenes

import "math"

// Camera maps table coordinates (x along the width, y along the depth, y pointing up: the table's
// counter-clockwise angles look counter-clockwise on screen) to screen pixels. Upright (Turned
// false):
//
//	screenX = PanX + x·Zoom
//	screenY = PanY − y·Zoom
//
// Turned, the table is drawn a quarter turn clockwise (its left edge at the top, its near edge
// y = 0 at the left; a wide table on a portrait screen, D146):
//
//	screenX = PanX + y·Zoom
//	screenY = PanY + x·Zoom
//
// Both are rotations of the picture (never a mirror), so counter-clockwise stays counter-clockwise.
// Zoom is screen pixels per table unit; (PanX, PanY) is where the table origin (its bottom-left
// corner) lands on screen. The methods are pure: they return a new camera.
type Camera struct {
	Zoom   float64 `json:"zoom"`
	PanX   float64 `json:"panX"`
	PanY   float64 `json:"panY"`
	Turned bool    `json:"turned,omitempty"`
}

// Rect is a screen rectangle.
type Rect struct{ X, Y, W, H float64 }

// WorldToScreen maps a table point to screen pixels. It is not inlined: at each of its hundred
// callers the turn's branch cost about 5 KB of the gzipped WebAssembly bundle (D146).
//
//go:noinline
func (c Camera) WorldToScreen(x, y float64) (sx, sy float64) {
	if c.Turned {
		return c.PanX + y*c.Zoom, c.PanY + x*c.Zoom
	}
	return c.PanX + x*c.Zoom, c.PanY - y*c.Zoom
}

// ScreenToWorld maps a screen pixel to the table point under it. Not inlined, as WorldToScreen.
//
//go:noinline
func (c Camera) ScreenToWorld(sx, sy float64) (x, y float64) {
	if c.Turned {
		return (sy - c.PanY) / c.Zoom, (sx - c.PanX) / c.Zoom
	}
	return (sx - c.PanX) / c.Zoom, (c.PanY - sy) / c.Zoom
}

// Length converts a table length to screen pixels.
func (c Camera) Length(d float64) float64 { return d * c.Zoom }

// ScreenAngle converts a table direction (radians counter-clockwise from +x) to the screen angle
// render draws with (radians counter-clockwise from screen right, screen y pointing down): the
// same angle upright, a quarter turn less when turned.
func (c Camera) ScreenAngle(a float64) float64 {
	if c.Turned {
		return a - math.Pi/2
	}
	return a
}

// Box is the screen rectangle of the table area [0, w] × [0, d] (W, H ≥ 0 for w, d ≥ 0, turned
// or not).
func (c Camera) Box(w, d float64) Rect {
	x0, y0 := c.WorldToScreen(0, 0)
	x1, y1 := c.WorldToScreen(w, d)
	return Rect{X: math.Min(x0, x1), Y: math.Min(y0, y1), W: math.Abs(x1 - x0), H: math.Abs(y1 - y0)}
}

// Panned moves the view by a screen-pixel drag (dx, dy): what was under the cursor stays under it.
func (c Camera) Panned(dx, dy float64) Camera {
	c.PanX += dx
	c.PanY += dy
	return c
}

// ZoomedAbout multiplies the zoom by factor, keeping the table point under screen pixel (sx, sy)
// fixed, with the resulting zoom clamped to [minZoom, maxZoom].
func (c Camera) ZoomedAbout(sx, sy, factor, minZoom, maxZoom float64) Camera {
	if factor <= 0 || math.IsNaN(factor) || math.IsInf(factor, 0) {
		return c
	}
	z := math.Max(minZoom, math.Min(maxZoom, c.Zoom*factor))
	wx, wy := c.ScreenToWorld(sx, sy)
	n := Camera{Zoom: z, Turned: c.Turned}
	px, py := n.WorldToScreen(wx, wy) // where the point lands with no pan
	n.PanX, n.PanY = sx-px, sy-py
	return n
}

// Fit returns the camera that shows the whole table (width × depth) as large as possible inside
// view, centred in it.
func Fit(width, depth float64, view Rect) Camera {
	if width <= 0 || depth <= 0 || view.W <= 0 || view.H <= 0 {
		return Camera{Zoom: 1}
	}
	z := math.Min(view.W/width, view.H/depth)
	return Camera{
		Zoom: z,
		PanX: view.X + (view.W-width*z)/2,
		PanY: view.Y + (view.H+depth*z)/2,
	}
}

// FitTurning is Fit, turned a quarter (Camera.Turned) when the view is taller than wide, the
// table wider than deep, and the turned table is larger on screen (D146): a 72 × 36 table on a
// 390 × 844 phone fills 92% of it turned and 23% upright. A square table or a landscape view
// keeps Fit's upright camera.
func FitTurning(width, depth float64, view Rect) Camera {
	if !(view.H > view.W && width > depth && depth > 0 && math.Min(view.W/depth, view.H/width) > math.Min(view.W/width, view.H/depth)) {
		return Fit(width, depth, view)
	}
	z := math.Min(view.W/depth, view.H/width)
	return Camera{
		Zoom:   z,
		PanX:   view.X + (view.W-depth*z)/2,
		PanY:   view.Y + (view.H-width*z)/2,
		Turned: true,
	}
}

// WheelSteps turns one tick's wheel delta into zoom steps. Browsers report pixels (about 100 per
// notch, and small values from touchpads), desktops about 1 per notch: pixelsPerStep says which.
// The result is clamped to ±2 so a burst of events cannot jump the zoom.
func WheelSteps(delta, pixelsPerStep float64) float64 {
	if pixelsPerStep <= 0 {
		pixelsPerStep = 1
	}
	return math.Max(-2, math.Min(2, delta/pixelsPerStep))
}
