package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// DieFace is one rolled die on screen: a square S pixels wide with its top-left corner at (X, Y)
// (with cut corners when Round: a defence die), in the die's colour, with the face's label
// (symbol or number) in the ink colour.
type DieFace struct {
	X, Y, S   float32
	Fill, Ink color.RGBA
	Label     string
	Round     bool
	Highlight bool // outlined in the selection colour
}

var diceOverlay Overlay

// Dice draws rolled dice: every body and rim in one batch of triangles, then the labels centred on
// each die at size pixels (shrunk to fit a die when they are wide).
func Dice(dst *ebiten.Image, faces []DieFace, size float64, lineWidth float32) {
	if len(faces) == 0 {
		return
	}
	diceOverlay.Reset()
	for _, f := range faces {
		rim := HandleRim
		if f.Highlight {
			rim = EditSelected
		}
		dieBody(&diceOverlay, f.X, f.Y, f.S, f.Round, rim)
		dieBody(&diceOverlay, f.X+lineWidth, f.Y+lineWidth, f.S-2*lineWidth, f.Round, f.Fill)
	}
	diceOverlay.Draw(dst)
	for _, f := range faces {
		if f.Label == "" {
			continue
		}
		sz := size
		face := Face(sz)
		w := face.Width(f.Label)
		if max := float64(f.S) * 0.9; w > max { // a long label: smaller
			sz = sz * max / w
			face = Face(sz)
			w = face.Width(f.Label)
		}
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(f.X)+(float64(f.S)-w)/2, float64(f.Y)+(float64(f.S)-sz*1.2)/2)
		op.ColorScale.ScaleWithColor(f.Ink)
		DrawText(dst, f.Label, face, op)
	}
}

// dieBody adds a filled square (an octagon with cut corners when round) as triangles.
func dieBody(o *Overlay, x, y, s float32, round bool, c color.RGBA) {
	if s <= 0 {
		return
	}
	if !round {
		o.Line(x, y+s/2, x+s, y+s/2, s, c)
		return
	}
	cut := s * 0.22
	pts := []float32{x + cut, y, x + s - cut, y, x + s, y + cut, x + s, y + s - cut,
		x + s - cut, y + s, x + cut, y + s, x, y + s - cut, x, y + cut}
	o.ConvexFill(pts, c)
}

// ConvexFill adds a filled convex polygon (x0, y0, x1, y1, …) as a fan of triangles (no
// feathered edge: for shapes whose edges other strokes cover, or small ones).
func (o *Overlay) ConvexFill(pts []float32, c color.RGBA) {
	n := len(pts) / 2
	if n < 3 {
		return
	}
	base := uint32(len(o.vs))
	for i := 0; i < n; i++ {
		o.vertex(pts[2*i], pts[2*i+1], c, 1)
	}
	for i := 1; i+1 < n; i++ {
		o.is = append(o.is, base, base+uint32(i), base+uint32(i+1))
	}
}
