package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Layout editor colours (terrain and units tools).
var (
	EditSelected = color.RGBA{0x4a, 0xd8, 0xff, 0xff} // the selected piece's outline
	EditBad      = color.RGBA{0xff, 0x4d, 0x4d, 0xff} // a piece touching another, a refused shape
	EditWarn     = color.RGBA{0xff, 0xb3, 0x3a, 0xff} // a piece within range 1 of another (the rule's fallback)
	EditDraft    = color.RGBA{0xff, 0xd5, 0x4a, 0xff} // a polygon being drawn
	ButtonFill   = color.RGBA{0x24, 0x27, 0x2e, 0xff}
	ButtonHot    = color.RGBA{0x34, 0x3a, 0x45, 0xff}
	ButtonActive = color.RGBA{0x2f, 0x6f, 0xc9, 0xff}
	ButtonText   = color.RGBA{0xe6, 0xe6, 0xe6, 0xff}
	ButtonEdge   = color.RGBA{0x4a, 0x50, 0x5a, 0xff}
)

// Outline is a terrain footprint (or disc) outlined in a colour: the selected piece, a piece that
// breaks the placement rule.
type Outline struct {
	Piece Piece
	Color color.RGBA
}

// Outlines strokes each piece's outline, lineWidth wide, in its colour, as feathered strips drawn
// with one DrawTriangles call (see Overlay): anti-aliased vector paths over the whole table would
// cost full-screen passes on software-rendered WebGL.
func Outlines(dst *ebiten.Image, outlines []Outline, lineWidth float32) {
	editOverlay.Reset()
	for _, o := range outlines {
		pc := o.Piece
		if len(pc.Points) >= 6 {
			editOverlay.Outline(pc.Points, lineWidth, o.Color)
		} else if pc.R > 0 {
			editOverlay.Ring(pc.CX, pc.CY, pc.R, lineWidth, o.Color)
		}
	}
	editOverlay.Draw(dst)
}

var editOverlay Overlay

// EditHandle is a draggable handle of the layout editor: a square (corner, edge, vertex) or a
// round knob (rotation, radius), centred on X, Y with half-size R.
type EditHandle struct {
	X, Y, R float32
	Round   bool
	Hot     bool // under the pointer or being dragged
}

// EditHandles draws handles (a dark rim, then a white or highlighted face) and the stems of
// rotation knobs (x0, y0 → x1, y1), in one batch.
func EditHandles(dst *ebiten.Image, hs []EditHandle, stems [][4]float32, lineWidth float32) {
	editOverlay.Reset()
	for _, s := range stems {
		editOverlay.Line(s[0], s[1], s[2], s[3], lineWidth, EditSelected)
	}
	square := func(x, y, r float32, c color.RGBA) { editOverlay.Line(x-r, y, x+r, y, 2*r, c) }
	for _, h := range hs {
		if h.Round {
			editOverlay.Disc(h.X, h.Y, h.R+lineWidth, HandleRim)
		} else {
			square(h.X, h.Y, h.R+lineWidth, HandleRim)
		}
	}
	for _, h := range hs {
		face := HandleFill
		if h.Hot {
			face = HandleHot
		}
		if h.Round {
			editOverlay.Disc(h.X, h.Y, h.R, face)
		} else {
			square(h.X, h.Y, h.R, face)
		}
	}
	editOverlay.Draw(dst)
}

// Draft draws a polygon being drawn: its vertices (x0, y0, x1, y1, …) joined by lines, the rubber
// band from the last vertex to the cursor (cx, cy), and a dot on each vertex (the first one larger:
// clicking it closes the polygon).
func Draft(dst *ebiten.Image, pts []float32, cx, cy float32, c color.RGBA, lineWidth float32) {
	if len(pts) < 2 {
		return
	}
	editOverlay.Reset()
	line := append(append([]float32(nil), pts...), cx, cy)
	for i := 2; i+1 < len(line); i += 2 {
		editOverlay.Line(line[i-2], line[i-1], line[i], line[i+1], lineWidth, c)
	}
	for i := 0; i+1 < len(pts); i += 2 {
		r := 2.5 * lineWidth
		if i == 0 {
			r = 4 * lineWidth
		}
		editOverlay.Disc(pts[i], pts[i+1], r, c)
	}
	editOverlay.Draw(dst)
}

// Button is a palette button: a rectangle with a text, an optional colour swatch at its left.
type Button struct {
	X, Y, W, H float32
	Text       string
	Active     bool // the armed preset, the chosen shape
	Hot        bool // under the pointer
	Swatch     color.RGBA
}

// ButtonWidth is the width a button needs for text at size pixels (with its padding and swatch).
func ButtonWidth(s string, size float64, swatch bool) float64 {
	w := Face(size).Width(s)
	w += size
	if swatch {
		w += size
	}
	return w
}

// Buttons draws palette buttons: a dark face (blue when active), a thin edge, the swatch and the
// text at size pixels. Rectangles are drawn without anti-aliasing (they are axis-aligned).
func Buttons(dst *ebiten.Image, bs []Button, size float64, lineWidth float32) {
	for _, b := range bs {
		face := ButtonFill
		switch {
		case b.Active:
			face = ButtonActive
		case b.Hot:
			face = ButtonHot
		}
		w := lineWidth
		vector.FillRect(dst, b.X, b.Y, b.W, b.H, ButtonEdge, false)
		vector.FillRect(dst, b.X+w, b.Y+w, b.W-2*w, b.H-2*w, face, false)
		if b.Swatch.A != 0 {
			s := float32(size) * 0.6
			vector.FillRect(dst, b.X+float32(size)*0.4, b.Y+(b.H-s)/2, s, s, b.Swatch, false)
		}
	}
	face := Face(size)
	for _, b := range bs {
		x := float64(b.X) + size*0.5
		if b.Swatch.A != 0 {
			x += size
		}
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(x, float64(b.Y)+(float64(b.H)-size*1.2)/2)
		op.ColorScale.ScaleWithColor(ButtonText)
		DrawText(dst, b.Text, face, op)
	}
}
