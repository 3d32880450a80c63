package geometry

import (
	"errors"
	"math"

	"github.com/golang/geo/r2"
)

// ConvexPolygon is the hot-path form of a convex polygon (R = 0) for segment tests: its
// counter-clockwise vertices, each edge's unit outward normal and offset (the edge's line is
// n·x = c, the inside is n·x ≤ c), and its bounding box. It is immutable once built.
type ConvexPolygon struct {
	v      []r2.Point
	h      []halfPlane
	bounds r2.Rect
}

// halfPlane is {x : n·x ≤ c} with |n| = 1.
type halfPlane struct{ nx, ny, c float64 }

// NewConvexPolygon validates pts (either winding) with ValidatePolygon, checks that it is convex
// (collinear vertices allowed) and builds the ConvexPolygon.
func NewConvexPolygon(pts []r2.Point) (*ConvexPolygon, error) {
	s, err := NewPolygon(pts)
	if err != nil {
		return nil, err
	}
	c, ok := s.ConvexPolygon()
	if !ok {
		return nil, errors.New("polygon is not convex")
	}
	return c, nil
}

// ConvexPolygon returns s as a ConvexPolygon when s is a convex polygon core with R = 0.
func (s Shape) ConvexPolygon() (*ConvexPolygon, bool) {
	if len(s.core) < 3 || !s.convex || s.r != 0 {
		return nil, false
	}
	n := len(s.core)
	c := &ConvexPolygon{v: s.core, h: make([]halfPlane, n), bounds: s.bounds}
	for i, u := range s.core {
		w := s.core[(i+1)%n]
		ex, ey := w.X-u.X, w.Y-u.Y
		l := math.Sqrt(ex*ex + ey*ey)
		nx, ny := ey/l, -ex/l
		c.h[i] = halfPlane{nx, ny, nx*u.X + ny*u.Y}
	}
	return c, true
}

// Shape returns the polygon as a Shape (sharing its vertices).
func (c *ConvexPolygon) Shape() Shape {
	return Shape{core: c.v, convex: true, bounds: c.bounds}
}

// Vertices returns the counter-clockwise vertices; the slice must not be modified.
func (c *ConvexPolygon) Vertices() []r2.Point { return c.v }

// Bounds is the polygon's bounding box.
func (c *ConvexPolygon) Bounds() r2.Rect { return c.bounds }

// SegmentHits reports whether the segment ab meets the closed polygon, and if so the parameter
// range [tIn, tOut] ⊆ [0,1] of a + t(b−a) inside it (tIn == tOut for a touch at one point). It is
// Cyrus–Beck after a bounding-box test, exact like ClipSegment (no tolerance), and allocates
// nothing. A segment wholly inside gives (true, 0, 1); a zero-length segment gives (true, 0, 1)
// when its point is in the polygon.
func (c *ConvexPolygon) SegmentHits(a, b r2.Point) (hit bool, tIn, tOut float64) {
	bb := c.bounds
	if a.X < bb.X.Lo && b.X < bb.X.Lo || a.X > bb.X.Hi && b.X > bb.X.Hi ||
		a.Y < bb.Y.Lo && b.Y < bb.Y.Lo || a.Y > bb.Y.Hi && b.Y > bb.Y.Hi {
		return false, 0, 0
	}
	dx, dy := b.X-a.X, b.Y-a.Y
	tIn, tOut = 0, 1
	for _, h := range c.h {
		num := h.nx*a.X + h.ny*a.Y - h.c // > 0: a is outside this edge
		den := h.nx*dx + h.ny*dy
		switch {
		case den < 0: // entering
			if t := -num / den; t > tIn {
				tIn = t
			}
		case den > 0: // leaving
			if t := -num / den; t < tOut {
				tOut = t
			}
		case num > 0: // parallel and outside
			return false, 0, 0
		}
		if tIn > tOut {
			return false, 0, 0
		}
	}
	return true, tIn, tOut
}

// SegmentEntersInterior reports whether some point of the segment ab lies at least Eps inside
// every edge of the polygon: the segment passes through the interior rather than grazing it. A
// segment that only touches the outline, runs along an edge, or cuts a corner less than Eps deep
// does not enter. (It is SegmentHits against the polygon shrunk by Eps.)
func (c *ConvexPolygon) SegmentEntersInterior(a, b r2.Point) bool {
	bb := c.bounds
	if a.X < bb.X.Lo && b.X < bb.X.Lo || a.X > bb.X.Hi && b.X > bb.X.Hi ||
		a.Y < bb.Y.Lo && b.Y < bb.Y.Lo || a.Y > bb.Y.Hi && b.Y > bb.Y.Hi {
		return false
	}
	dx, dy := b.X-a.X, b.Y-a.Y
	tIn, tOut := 0.0, 1.0
	for _, h := range c.h {
		num := h.nx*a.X + h.ny*a.Y - h.c + Eps
		den := h.nx*dx + h.ny*dy
		switch {
		case den < 0:
			if t := -num / den; t > tIn {
				tIn = t
			}
		case den > 0:
			if t := -num / den; t < tOut {
				tOut = t
			}
		case num > 0:
			return false
		}
		if tIn > tOut {
			return false
		}
	}
	return true
}
