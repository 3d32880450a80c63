package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

var basesMesh Overlay

// BasesMesh draws bases as Bases lays them out (a disc in the side's colour with a dark rim, the
// facing tick, a gold ring on a leader, a white ring round the selected mini), but as one
// triangle mesh with one-pixel feathered edges (Overlay), drawn in one call, instead of
// anti-aliased vector fills. Measured in the browser (software WebGL) while a mini is dragged and
// the table layer is redrawn every frame: the vector fills of the bases were most of the frame's
// Draw time, because each anti-aliased path is rasterised eight times over its whole bounding
// box, and the bases of one colour span the whole table.
func BasesMesh(dst *ebiten.Image, bases []Base) {
	o := &basesMesh
	o.Reset()
	// The same order as Bases: every rim, then every fill, tick and mark, so that a base never
	// covers the rings of its neighbours.
	for _, b := range bases {
		o.Disc(b.X, b.Y, b.R, darker(baseColor(b), 0.45))
	}
	for _, b := range bases {
		o.Disc(b.X, b.Y, b.R-baseRim(b), baseColor(b))
	}
	for _, b := range bases {
		if b.Notched {
			notches(o, b)
			continue
		}
		if w := b.LineWidth; b.HasFacing && b.R > 3*w {
			s, co := math.Sincos(b.Facing)
			x0, y0 := b.X+float32(co)*b.R*0.35, b.Y-float32(s)*b.R*0.35
			x1, y1 := b.X+float32(co)*(b.R-baseRim(b)), b.Y-float32(s)*(b.R-baseRim(b))
			o.Line(x0, y0, x1, y1, 1.5*w, lighter(baseColor(b), 0.7))
		}
	}
	for _, b := range bases {
		if b.Leader {
			o.Ring(b.X, b.Y, b.R*0.55, 1.5*b.LineWidth, LeaderMark)
		}
		if b.Selected {
			o.Ring(b.X, b.Y, b.R+2*b.LineWidth, 1.5*b.LineWidth, SelectedRing)
		}
	}
	o.Draw(dst)
}

// baseColor is a base's fill: its side's colour, lighter for the selected mini and its unit.
func baseColor(b Base) color.RGBA {
	c := SideColor(b.Side)
	if b.InUnit || b.Selected {
		c = lighter(c, 0.25)
	}
	return c
}

// baseRim is the width of a base's dark rim.
func baseRim(b Base) float32 { return min(b.LineWidth, b.R/3) }

// notches adds a notched base's front arc (a lighter sector between its fourth and first arc
// line), its four arc lines from the centre to the rim, and its notches: dark slots cut into the
// rim at the front and the rear (and at both sides with side notches), the front one wider.
func notches(o *Overlay, b Base) {
	w := b.LineWidth
	if !(b.R > 3*w) {
		return
	}
	c := baseColor(b)
	rim := baseRim(b)
	r := b.R - rim
	from, to := b.Arcs[3], b.Arcs[0]
	for to <= from {
		to += 2 * math.Pi
	}
	o.Sector(b.X, b.Y, r, from, to, lighter(c, 0.45))
	line := darker(c, 0.55)
	for _, a := range b.Arcs {
		s, co := math.Sincos(a)
		o.Line(b.X, b.Y, b.X+float32(co)*r, b.Y-float32(s)*r, max(1, 0.8*w), line)
	}
	dark := darker(c, 0.3)
	depth := max(2*w, b.R*0.22)
	slot := func(a float64, width float32) {
		s, co := math.Sincos(a)
		ux, uy := float32(co), -float32(s)
		o.Line(b.X+ux*(b.R-depth), b.Y+uy*(b.R-depth), b.X+ux*(b.R+0.5), b.Y+uy*(b.R+0.5), width, dark)
	}
	nw := max(2*w, b.R*0.16)
	slot(b.Facing, 1.4*nw)
	slot(b.Facing+math.Pi, nw)
	if b.SideNotches {
		slot(b.Facing+math.Pi/2, nw)
		slot(b.Facing-math.Pi/2, nw)
	}
}
