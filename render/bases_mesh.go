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
