package scenes

import "math"

// Camera maps table coordinates (x along the width, y along the depth, y pointing up: the table's
// counter-clockwise angles look counter-clockwise on screen) to screen pixels:
//
//	screenX = PanX + x·Zoom
//	screenY = PanY − y·Zoom
//
// Zoom is screen pixels per table unit; (PanX, PanY) is where the table origin (its bottom-left
// corner) lands on screen. The methods are pure: they return a new camera.
type Camera struct {
	Zoom float64 `json:"zoom"`
	PanX float64 `json:"panX"`
	PanY float64 `json:"panY"`
}

// Rect is a screen rectangle.
type Rect struct{ X, Y, W, H float64 }

// WorldToScreen maps a table point to screen pixels.
func (c Camera) WorldToScreen(x, y float64) (sx, sy float64) {
	return c.PanX + x*c.Zoom, c.PanY - y*c.Zoom
}

// ScreenToWorld maps a screen pixel to the table point under it.
func (c Camera) ScreenToWorld(sx, sy float64) (x, y float64) {
	return (sx - c.PanX) / c.Zoom, (c.PanY - sy) / c.Zoom
}

// Length converts a table length to screen pixels.
func (c Camera) Length(d float64) float64 { return d * c.Zoom }

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
	return Camera{Zoom: z, PanX: sx - wx*z, PanY: sy + wy*z}
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

// WheelSteps turns one tick's wheel delta into zoom steps. Browsers report pixels (about 100 per
// notch, and small values from touchpads), desktops about 1 per notch: pixelsPerStep says which.
// The result is clamped to ±2 so a burst of events cannot jump the zoom.
func WheelSteps(delta, pixelsPerStep float64) float64 {
	if pixelsPerStep <= 0 {
		pixelsPerStep = 1
	}
	return math.Max(-2, math.Min(2, delta/pixelsPerStep))
}
