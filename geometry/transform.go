package geometry

import (
	"math"

	"github.com/golang/geo/r2"
)

// RoundedRect returns the oblong base centred on center whose outline is a length × width
// rectangle with corners rounded to radius cornerR, turned angleDeg counter-clockwise (the length
// runs along angleDeg). It is the core rectangle (length−2·cornerR) × (width−2·cornerR) grown by
// cornerR, and it degenerates in the natural way: when width == 2·cornerR (or length == 2·cornerR)
// the core is a segment and the result is a stadium; when both are, it is a circle; when cornerR
// is 0 it is a plain rectangle. cornerR is clamped to [0, min(length, width)/2] and negative
// lengths count as 0.
func RoundedRect(center r2.Point, length, width, cornerR, angleDeg float64) Shape {
	length, width = math.Max(length, 0), math.Max(width, 0)
	cornerR = math.Max(0, math.Min(cornerR, math.Min(length, width)/2))
	hx, hy := length/2-cornerR, width/2-cornerR
	if hx < 0 {
		hx = 0
	}
	if hy < 0 {
		hy = 0
	}
	sin, cos := sincosDeg(angleDeg)
	at := func(x, y float64) r2.Point {
		return r2.Point{X: center.X + x*cos - y*sin, Y: center.Y + x*sin + y*cos}
	}
	switch {
	case hx == 0 && hy == 0:
		return Circle(center, cornerR)
	case hy == 0:
		return Stadium(at(-hx, 0), at(hx, 0), cornerR)
	case hx == 0:
		return Stadium(at(0, -hy), at(0, hy), cornerR)
	}
	core := []r2.Point{at(-hx, -hy), at(hx, -hy), at(hx, hy), at(-hx, hy)}
	s := newShape(core, cornerR)
	s.convex = true // a rectangle, whatever rounding did to its corners
	return s
}

// Translate returns s moved by d. The core keeps its order, so a polygon core stays
// counter-clockwise, and Convex is unchanged.
func (s Shape) Translate(d r2.Point) Shape {
	core := make([]r2.Point, len(s.core))
	for i, p := range s.core {
		core[i] = p.Add(d)
	}
	return s.withCore(core)
}

// Rotate returns s turned by angleDeg degrees counter-clockwise about the point about. A rotation
// keeps the winding and the convexity of the core (Convex is carried over, not recomputed, so
// that rounding cannot make a convex core look concave). Multiples of 90° are exact.
func (s Shape) Rotate(about r2.Point, angleDeg float64) Shape {
	core := make([]r2.Point, len(s.core))
	for i, p := range s.core {
		core[i] = RotatePoint(p, about, angleDeg)
	}
	return s.withCore(core)
}

// RotatePoint is p turned by angleDeg degrees counter-clockwise about the point about; exact for
// multiples of 90°.
func RotatePoint(p, about r2.Point, angleDeg float64) r2.Point {
	sin, cos := sincosDeg(angleDeg)
	x, y := p.X-about.X, p.Y-about.Y
	return r2.Point{X: about.X + x*cos - y*sin, Y: about.Y + x*sin + y*cos}
}

// withCore is s with a moved copy of its core: same radius and convexity, new bounds.
func (s Shape) withCore(core []r2.Point) Shape {
	t := Shape{core: core, r: s.r, convex: s.convex}
	if len(core) > 0 {
		t.bounds = r2.RectFromPoints(core...).ExpandedByMargin(s.r)
	}
	return t
}

// sincosDeg is the sine and cosine of an angle in degrees, exact at multiples of 90°.
func sincosDeg(deg float64) (sin, cos float64) {
	var a float64
	if math.Abs(deg) < 1e15 {
		a = deg - 360*math.Floor(deg/360) // math.Mod's loop costs more, under WebAssembly most
	} else {
		a = math.Mod(deg, 360)
	}
	if a < 0 {
		a += 360
	}
	switch a {
	case 0:
		return 0, 1
	case 90:
		return 1, 0
	case 180:
		return 0, -1
	case 270:
		return -1, 0
	}
	return math.Sincos(a * math.Pi / 180)
}
