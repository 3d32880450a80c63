package ops

import (
	"math"
	"slices"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/table"
)

// Terrain outlines as the terrain ops move, turn and mirror them, and the rounding that keeps the
// numbers in a file short. Every function returns a new piece; the piece given is not changed.

// RoundTo rounds v to a multiple of step.
func RoundTo(v, step float64) float64 { return math.Round(v/step) * step }

// Clean snaps v to the nearest millionth when it is within a billionth of it, so that float noise
// (72 − (72 − 0.1)) does not pile up in a file; other values stay as they are.
func Clean(v float64) float64 {
	r := math.Round(v*1e6) / 1e6
	if math.Abs(r-v) < 1e-9 {
		return r
	}
	return v
}

// Snap is v rounded to a multiple of step, cleaned.
func Snap(v, step float64) float64 { return Clean(RoundTo(v, step)) }

// CopyPiece is a deep copy of a piece (its outline and unknown fields).
func CopyPiece(t table.Terrain) table.Terrain {
	c := t
	c.Polygon = slices.Clone(t.Polygon)
	if t.Circle != nil {
		cc := *t.Circle
		c.Circle = &cc
	}
	if t.Extra != nil {
		c.Extra = make(map[string]any, len(t.Extra))
		for k, v := range t.Extra {
			c.Extra[k] = v
		}
	}
	return c
}

// Centre is the centre of a piece's bounding box (a circle's centre).
func Centre(t *table.Terrain) r2.Point {
	if t.Circle != nil {
		return r2.Point{X: t.Circle.X, Y: t.Circle.Y}
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range t.Polygon {
		x0, y0, x1, y1 = math.Min(x0, p[0]), math.Min(y0, p[1]), math.Max(x1, p[0]), math.Max(y1, p[1])
	}
	return r2.Point{X: (x0 + x1) / 2, Y: (y0 + y1) / 2}
}

// Translated is t moved by (dx, dy), every coordinate cleaned.
func Translated(t table.Terrain, dx, dy float64) table.Terrain {
	c := CopyPiece(t)
	for i, p := range c.Polygon {
		c.Polygon[i] = [2]float64{Clean(p[0] + dx), Clean(p[1] + dy)}
	}
	if c.Circle != nil {
		c.Circle.X, c.Circle.Y = Clean(c.Circle.X+dx), Clean(c.Circle.Y+dy)
	}
	return c
}

// Rotated is t turned by deg degrees counter-clockwise about the centre of its bounding box
// (geometry.RotatePoint: exact for multiples of 90°), coordinates rounded to 1e-4. A circle turns
// into itself.
func Rotated(t table.Terrain, deg float64) table.Terrain {
	c := CopyPiece(t)
	about := Centre(&t)
	for i, p := range c.Polygon {
		q := geometry.RotatePoint(r2.Point{X: p[0], Y: p[1]}, about, deg)
		c.Polygon[i] = [2]float64{Snap(q.X, 1e-4), Snap(q.Y, 1e-4)}
	}
	return c
}

// Mirrored is t through the point (cx, cy): every coordinate v becomes 2c − v. A point reflection
// keeps a polygon's winding; applied twice it gives t back (exactly for coordinates on a
// millionths grid).
func Mirrored(t table.Terrain, cx, cy float64) table.Terrain {
	c := CopyPiece(t)
	for i, p := range c.Polygon {
		c.Polygon[i] = [2]float64{Clean(2*cx - p[0]), Clean(2*cy - p[1])}
	}
	if c.Circle != nil {
		c.Circle.X, c.Circle.Y = Clean(2*cx-c.Circle.X), Clean(2*cy-c.Circle.Y)
	}
	return c
}

// MirrorFacing turns a facing by 180° so that doing it twice gives the facing back.
func MirrorFacing(f float64) float64 {
	m := math.Mod(f, 360)
	if m < 0 {
		m += 360
	}
	if m < 180 {
		return f + 180
	}
	return f - 180
}

// IsRect reports whether a polygon is a rectangle (four vertices, right angles within 1e-3 of
// the edges' lengths).
func IsRect(poly [][2]float64) bool {
	if len(poly) != 4 {
		return false
	}
	for i := range 4 {
		a, b, c := poly[i], poly[(i+1)%4], poly[(i+2)%4]
		ux, uy := b[0]-a[0], b[1]-a[1]
		vx, vy := c[0]-b[0], c[1]-b[1]
		if math.Abs(ux*vx+uy*vy) > 1e-3*math.Hypot(ux, uy)*math.Hypot(vx, vy) {
			return false
		}
	}
	return true
}
