package geometry

import (
	"math"

	"github.com/golang/geo/r1"
	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"
)

// shadowMargin is how deep inside every bounding plane a point must lie for Shadow.Holds to
// vouch for it: a hundred times Eps, so that a point it accepts is hidden by more than the
// grazing tolerance however the exact tests round.
const shadowMargin = 100 * Eps

// Shadow is the shadow a convex prism casts from an eye: the set of points P such that the
// segment from the eye to P passes through the prism's interior. For a convex body and an eye
// outside it that set is convex — the body's copies scaled by s ≥ 1 about the eye — and it is
// the intersection of open half-spaces: the cone from the eye over the body (one plane through
// the eye and each silhouette edge) and the inner sides of the faces the eye sees (a point
// of the cone is past the body's near surface exactly when it is inside every such face's
// plane). Holds tests a point against those planes with a margin; it answers in a few dot
// products what SegmentThroughVolume answers by clipping.
type Shadow struct {
	planes [32]plane
	n      int
}

// plane is the half-space n·p > d (n a unit vector).
type plane struct {
	n   r3.Vector
	d   float64
	nxy float64 // the length of n's top-down part
}

// NewShadow prepares the shadow of the prism v from eye. It reports false when v is not a convex
// polygon prism (circles have no finite set of planes), has more than 16 sides or more faces
// and silhouette edges than a Shadow holds, or the eye lies
// within the margin of one of its face planes or silhouette planes (the set of visible faces is
// then not clear-cut) or inside the prism; use SegmentThroughVolume then.
func NewShadow(eye r3.Vector, v Volume) (Shadow, bool) {
	var s Shadow
	core := v.Foot.core
	n := len(core)
	if v.Foot.r != 0 || n < 3 || n > 16 || !v.Foot.convex {
		return s, false
	}
	zb, zt := v.Z.Lo, v.Z.Hi
	if zt-zb <= 4*shadowMargin || math.Abs(eye.Z-zt) <= shadowMargin || math.Abs(eye.Z-zb) <= shadowMargin {
		return s, false
	}
	o := r2.Point{X: eye.X, Y: eye.Y}
	visT, visB := eye.Z > zt, eye.Z < zb
	var visS [16]bool
	for i := range n {
		a, b := core[i], core[(i+1)%n]
		e := b.Sub(a)
		l := norm(e)
		if l <= 1e3*shadowMargin {
			return s, false
		}
		side := e.Cross(o.Sub(a)) / l // > 0: the eye is on the inner (left) side
		if math.Abs(side) <= shadowMargin {
			return s, false
		}
		visS[i] = side < 0
	}
	// An interior point, to orient the cone's planes.
	var c r2.Point
	for _, p := range core {
		c = c.Add(p)
	}
	c = c.Mul(1 / float64(n))
	inner := r3.Vector{X: c.X, Y: c.Y, Z: (zb + zt) / 2}
	ok := true
	add := func(nv r3.Vector, d float64) {
		if s.n == len(s.planes) {
			ok = false
			return
		}
		s.planes[s.n] = plane{nv, d, math.Sqrt(nv.X*nv.X + nv.Y*nv.Y)}
		s.n++
	}
	// The near faces: a point past them is inside their planes. With none the eye is inside the
	// prism, where the shadow is no convex cone.
	near := visT || visB
	for i := range n {
		near = near || visS[i]
	}
	if !near {
		return s, false
	}
	if visT {
		add(r3.Vector{Z: -1}, -zt)
	}
	if visB {
		add(r3.Vector{Z: 1}, zb)
	}
	for i := range n {
		if visS[i] {
			a, b := core[i], core[(i+1)%n]
			e := b.Sub(a).Normalize()
			nv := r3.Vector{X: -e.Y, Y: e.X}
			add(nv, nv.X*a.X+nv.Y*a.Y)
		}
	}
	// The cone: a plane through the eye and each silhouette edge (an edge between a face the eye
	// sees and one it does not).
	edge := func(a, b r3.Vector) {
		nv := a.Sub(eye).Cross(b.Sub(eye))
		l := nv.Norm()
		if l <= 1e-9 {
			ok = false
			return
		}
		nv = nv.Mul(1 / l)
		if nv.Dot(inner.Sub(eye)) < 0 {
			nv = nv.Mul(-1)
		}
		// The eye must not be nearly in line with the edge's face: the interior point must lie
		// clearly inside.
		if nv.Dot(inner.Sub(eye)) <= shadowMargin {
			ok = false
			return
		}
		add(nv, nv.Dot(eye))
	}
	for i := range n {
		a, b := core[i], core[(i+1)%n]
		if visT != visS[i] {
			edge(r3.Vector{X: a.X, Y: a.Y, Z: zt}, r3.Vector{X: b.X, Y: b.Y, Z: zt})
		}
		if visB != visS[i] {
			edge(r3.Vector{X: a.X, Y: a.Y, Z: zb}, r3.Vector{X: b.X, Y: b.Y, Z: zb})
		}
		if visS[(i+n-1)%n] != visS[i] {
			edge(r3.Vector{X: a.X, Y: a.Y, Z: zb}, r3.Vector{X: a.X, Y: a.Y, Z: zt})
		}
	}
	if !ok {
		return Shadow{}, false
	}
	return s, true
}

// innerSides is the number of sides of the regular polygon InnerShadow inscribes in a disc.
const innerSides = 12

// InnerShadow is the shadow of a convex polygon prism inside v, for proofs that a segment is
// blocked: when it Holds p, the segment from the eye to p passes through the inner prism's
// interior and so through v's. It is v's own shadow when NewShadow makes one (exact is then
// true); else the shadow of a prism a little inside v — a regular 12-gon inscribed in a disc,
// the hull of such 12-gons about a rounded convex footprint's corners, the footprint lowered
// from a top face level with the eye, or shrunk from a side plane through it. It reports false
// when no such prism has a shadow (a concave footprint, an eye inside).
func InnerShadow(eye r3.Vector, v Volume) (s Shadow, exact, ok bool) {
	if s, ok := NewShadow(eye, v); ok {
		return s, true, true
	}
	foot := innerPolygon(v.Foot)
	if foot == nil {
		return Shadow{}, false, false
	}
	var c r2.Point
	for _, p := range foot {
		c = c.Add(p)
	}
	c = c.Mul(1 / float64(len(foot)))
	shrunk := make([]r2.Point, len(foot))
	for i, p := range foot {
		shrunk[i] = c.Add(p.Sub(c).Mul(1 - 1e-5))
	}
	z := v.Z
	inset := r1.Interval{Lo: z.Lo + 4*shadowMargin, Hi: z.Hi - 4*shadowMargin}
	for _, try := range [...]Volume{
		{Foot: newShape(foot, 0), Z: z},
		{Foot: newShape(foot, 0), Z: inset},
		{Foot: newShape(shrunk, 0), Z: inset},
	} {
		if try.Z.Hi <= try.Z.Lo {
			break
		}
		if s, ok := NewShadow(eye, try); ok {
			return s, false, true
		}
	}
	return Shadow{}, false, false
}

// innerPolygon is a convex polygon inside s, or nil when s's core is not convex: the core of a
// polygon, else the hull of regular innerSides-gons inscribed (a hair inside) in the discs of
// radius s.r about the core's points.
func innerPolygon(s Shape) []r2.Point {
	if s.r == 0 {
		if len(s.core) >= 3 && s.convex {
			return s.core
		}
		return nil
	}
	if len(s.core) >= 3 && !s.convex {
		return nil
	}
	return polygonsHull(s.core, s.r*(1-1e-9), innerSides)
}

// polygonsHull is the convex hull of the regular k-gons of corner radius R about the points
// core (a corner of each at angle 0).
func polygonsHull(core []r2.Point, R float64, k int) []r2.Point {
	pts := make([]r2.Point, 0, k*len(core))
	for _, c := range core {
		for j := range k {
			sn, cs := math.Sincos(float64(j) * 2 * math.Pi / float64(k))
			pts = append(pts, r2.Point{X: c.X + R*cs, Y: c.Y + R*sn})
		}
	}
	return convexHull(pts)
}

// Holds reports whether p lies in the shadow deeper than the margin: then the segment from the
// eye to p passes through the prism's interior (SegmentThroughVolume is true). A false answer
// says nothing.
func (s *Shadow) Holds(p r3.Vector) bool {
	for i := range s.n {
		pl := &s.planes[i]
		if pl.n.X*p.X+pl.n.Y*p.Y+pl.n.Z*p.Z-pl.d <= shadowMargin {
			return false
		}
	}
	return true
}

// HoldsCylinder reports whether every point of the vertical cylinder over the disc (c, r) from
// zlo to zhi lies in the shadow deeper than the margin. Over the cylinder a plane's n·p is least
// at its bottom or top circle, at the point r·(n's top-down direction) from the axis: the test is
// exact for the cylinder, two evaluations per plane.
func (s *Shadow) HoldsCylinder(c r2.Point, r, zlo, zhi float64) bool {
	for i := range s.n {
		pl := &s.planes[i]
		v := pl.n.X*c.X + pl.n.Y*c.Y - r*pl.nxy - pl.d
		if v+pl.n.Z*zlo <= shadowMargin || v+pl.n.Z*zhi <= shadowMargin {
			return false
		}
	}
	return true
}

// Excludes reports whether p lies outside the shadow by more than the margin: then the segment
// from the eye to p does not pass through the prism. A false answer says nothing.
func (s *Shadow) Excludes(p r3.Vector) bool {
	for i := range s.n {
		pl := &s.planes[i]
		if pl.n.X*p.X+pl.n.Y*p.Y+pl.n.Z*p.Z-pl.d < -shadowMargin {
			return true
		}
	}
	return false
}

// MissesCylinder reports whether the vertical cylinder over the disc (c, r) from zlo to zhi lies
// wholly outside one of the shadow's planes by more than the margin: then no point of it is in
// the shadow, and no segment from the eye to it passes through the prism. A false answer says
// nothing.
func (s *Shadow) MissesCylinder(c r2.Point, r, zlo, zhi float64) bool {
	for i := range s.n {
		pl := &s.planes[i]
		v := pl.n.X*c.X + pl.n.Y*c.Y + r*pl.nxy - pl.d
		if v+pl.n.Z*zlo < -shadowMargin && v+pl.n.Z*zhi < -shadowMargin {
			return true
		}
	}
	return false
}
