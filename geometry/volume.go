package geometry

import (
	"github.com/golang/geo/r1"
	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"
)

// Volume is a vertical prism: the footprint Foot extruded from height Z.Lo up to Z.Hi. With a
// circular footprint it is a vertical cylinder (a mini's volume), with a polygon a terrain piece.
// Its interior is the open set int(Foot) × (Z.Lo, Z.Hi); sight that only grazes a face, an edge or
// a corner does not enter it.
type Volume struct {
	Foot Shape
	Z    r1.Interval
}

// Prism returns the vertical prism foot × [zlo, zhi].
func Prism(foot Shape, zlo, zhi float64) Volume {
	return Volume{Foot: foot, Z: r1.Interval{Lo: zlo, Hi: zhi}}
}

// Cylinder returns the vertical cylinder over the disc (c, r) from zlo to zhi.
func Cylinder(c r2.Point, r, zlo, zhi float64) Volume {
	return Prism(Circle(c, r), zlo, zhi)
}

// SegmentThroughVolume reports whether the segment ab passes through the interior of v by more
// than Eps: some stretch of it lies strictly inside the footprint and strictly between the bottom
// and top faces. A segment that runs along a face or touches an edge does not.
func SegmentThroughVolume(a, b r3.Vector, v Volume) bool {
	if v.Z.Hi-v.Z.Lo <= Eps {
		return false
	}
	oa, ob := r2.Point{X: a.X, Y: a.Y}, r2.Point{X: b.X, Y: b.Y}
	d := ob.Sub(oa)
	L := norm(d)
	if L <= Eps {
		// Vertical segment: inside the footprint and overlapping the open height range.
		if !v.Foot.strictlyInside(oa) {
			return false
		}
		lo, hi := fmin(a.Z, b.Z), fmax(a.Z, b.Z)
		return fmax(lo, v.Z.Lo) < fmin(hi, v.Z.Hi)-Eps
	}
	u := d.Mul(1 / L)
	var buf [8]r1.Interval
	for _, ch := range v.Foot.interiorChords(oa, u, L, buf[:0]) {
		// Heights of the segment at both ends of the chord.
		z1 := a.Z + (b.Z-a.Z)*ch.Lo/L
		z2 := a.Z + (b.Z-a.Z)*ch.Hi/L
		lo, hi := fmin(z1, z2), fmax(z1, z2)
		if hi-lo <= Eps { // level stretch: one height
			if v.Z.Lo+Eps < lo && lo < v.Z.Hi-Eps {
				return true
			}
			continue
		}
		if fmax(lo, v.Z.Lo) < fmin(hi, v.Z.Hi)-Eps {
			return true
		}
	}
	return false
}
