package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Layout editor colours (terrain and units tools).
var (
	EditSelected   = color.RGBA{0x4a, 0xd8, 0xff, 0xff} // the selected piece's outline
	EditBad        = color.RGBA{0xff, 0x4d, 0x4d, 0xff} // a piece that breaks the placement rule, a refused shape
	EditWarn       = color.RGBA{0xff, 0xa5, 0x1e, 0xff} // within range 1 of another piece, not touching it
	EditDraft      = color.RGBA{0xff, 0xd5, 0x4a, 0xff} // a polygon being drawn
	ButtonFill     = color.RGBA{0x24, 0x27, 0x2e, 0xff}
	ButtonHot      = color.RGBA{0x34, 0x3a, 0x45, 0xff}
	ButtonActive   = color.RGBA{0x2f, 0x6f, 0xc9, 0xff}
	ButtonText     = color.RGBA{0xe6, 0xe6, 0xe6, 0xff}
	ButtonEdge     = color.RGBA{0x4a, 0x50, 0x5a, 0xff}
	CornerTextFill = color.RGBA{0x00, 0x00, 0x00, 0xb0}
)

// Outline is a terrain footprint (or disc) outlined in a colour: the selected piece, a piece that
// breaks the placement rule.
type Outline struct {
	Piece Piece
	Color color.RGBA
}

var outlineLayers layers

// Outlines strokes each piece's outline, lineWidth wide, in its colour (one fill per colour).
func Outlines(dst *ebiten.Image, outlines []Outline, lineWidth float32) {
	if len(outlines) == 0 {
		return
	}
	outlineLayers.reset()
	for _, o := range outlines {
		p := outlineLayers.path(o.Color)
		pc := o.Piece
		if len(pc.Points) >= 6 {
			n := len(pc.Points)
			for i := 0; i < n; i += 2 {
				j := (i + 2) % n
				addSegment(p, pc.Points[i], pc.Points[i+1], pc.Points[j], pc.Points[j+1], lineWidth)
				addCircle(p, pc.Points[i], pc.Points[i+1], lineWidth/2, false)
			}
		} else if pc.R > 0 {
			addRing(p, pc.CX, pc.CY, pc.R-lineWidth/2, pc.R+lineWidth/2)
		}
	}
	outlineLayers.fill(dst)
}

// EditHandle is a draggable handle of the layout editor: a square (corner, edge, vertex) or a
// round knob (rotation, radius), centred on X, Y with half-size R.
type EditHandle struct {
	X, Y, R float32
	Round   bool
	Hot     bool // under the pointer or being dragged
}

var handleRims, handleFills, handleHots, knobLines vector.Path

// EditHandles draws handles (a dark rim, then a white or highlighted face) and, for a rotation
// knob, the stem from (StemX, StemY) to it.
func EditHandles(dst *ebiten.Image, hs []EditHandle, stems [][4]float32, lineWidth float32) {
	handleRims.Reset()
	handleFills.Reset()
	handleHots.Reset()
	knobLines.Reset()
	for _, s := range stems {
		addSegment(&knobLines, s[0], s[1], s[2], s[3], lineWidth)
	}
	for _, h := range hs {
		face := &handleFills
		if h.Hot {
			face = &handleHots
		}
		if h.Round {
			addCircle(&handleRims, h.X, h.Y, h.R+lineWidth, false)
			addCircle(face, h.X, h.Y, h.R, false)
			continue
		}
		r, w := h.R, lineWidth
		addPolygon(&handleRims, []float32{h.X - r - w, h.Y - r - w, h.X + r + w, h.Y - r - w, h.X + r + w, h.Y + r + w, h.X - r - w, h.Y + r + w})
		addPolygon(face, []float32{h.X - r, h.Y - r, h.X + r, h.Y - r, h.X + r, h.Y + r, h.X - r, h.Y + r})
	}
	nfill(dst, &knobLines, EditSelected)
	nfill(dst, &handleRims, HandleRim)
	nfill(dst, &handleFills, HandleFill)
	nfill(dst, &handleHots, HandleHot)
}

var draftPath, draftDots vector.Path

// Draft draws a polygon being drawn: its vertices (x0, y0, x1, y1, …) joined by lines, the rubber
// band from the last vertex to the cursor (cx, cy), and a dot on each vertex (the first one larger:
// clicking it closes the polygon).
func Draft(dst *ebiten.Image, pts []float32, cx, cy float32, c color.RGBA, lineWidth float32) {
	if len(pts) < 2 {
		return
	}
	draftPath.Reset()
	draftDots.Reset()
	line := append(append([]float32(nil), pts...), cx, cy)
	addPolyline(&draftPath, line, lineWidth)
	for i := 0; i+1 < len(pts); i += 2 {
		r := 2.5 * lineWidth
		if i == 0 {
			r = 4 * lineWidth
		}
		addCircle(&draftDots, pts[i], pts[i+1], r, false)
	}
	nfill(dst, &draftPath, c)
	nfill(dst, &draftDots, c)
}

// Button is a palette button: a rectangle with a text, an optional colour swatch at its left.
type Button struct {
	X, Y, W, H float32
	Text       string
	Active     bool // the armed preset, the chosen shape
	Hot        bool // under the pointer
	Swatch     color.RGBA
}

var buttonFills, buttonEdges, buttonSwatches layers

// ButtonWidth is the width a button needs for text at size pixels (with its padding and swatch).
func ButtonWidth(s string, size float64, swatch bool) float64 {
	w, _ := text.Measure(s, Face(size), size*1.2)
	w += size
	if swatch {
		w += size
	}
	return w
}

// Buttons draws palette buttons: a dark face (blue when active), a thin edge, the swatch and the
// text at size pixels.
func Buttons(dst *ebiten.Image, bs []Button, size float64, lineWidth float32) {
	if len(bs) == 0 {
		return
	}
	buttonFills.reset()
	buttonEdges.reset()
	buttonSwatches.reset()
	for _, b := range bs {
		face := ButtonFill
		switch {
		case b.Active:
			face = ButtonActive
		case b.Hot:
			face = ButtonHot
		}
		w := lineWidth
		addPolygon(buttonEdges.path(ButtonEdge), []float32{b.X, b.Y, b.X + b.W, b.Y, b.X + b.W, b.Y + b.H, b.X, b.Y + b.H})
		addPolygon(buttonFills.path(face), []float32{b.X + w, b.Y + w, b.X + b.W - w, b.Y + w, b.X + b.W - w, b.Y + b.H - w, b.X + w, b.Y + b.H - w})
		if b.Swatch.A != 0 {
			s := float32(size) * 0.6
			x, y := b.X+float32(size)*0.4, b.Y+(b.H-s)/2
			addPolygon(buttonSwatches.path(b.Swatch), []float32{x, y, x + s, y, x + s, y + s, x, y + s})
		}
	}
	buttonEdges.fill(dst)
	buttonFills.fill(dst)
	buttonSwatches.fill(dst)
	face := Face(size)
	for _, b := range bs {
		x := float64(b.X) + size*0.5
		if b.Swatch.A != 0 {
			x += size
		}
		op := &text.DrawOptions{}
		op.GeoM.Translate(x, float64(b.Y)+(float64(b.H)-size*1.2)/2)
		op.ColorScale.ScaleWithColor(ButtonText)
		text.Draw(dst, b.Text, face, op)
	}
}

// CornerText draws lines of text on a dark panel whose bottom-right corner is at (right, bottom),
// in colour c (the terrain coverage in a corner of the screen).
func CornerText(dst *ebiten.Image, lines []string, right, bottom, size float64, c color.Color) {
	if len(lines) == 0 {
		return
	}
	face := Face(size)
	lh := size * 1.35
	maxW := 0.0
	for _, l := range lines {
		if w, _ := text.Measure(l, face, lh); w > maxW {
			maxW = w
		}
	}
	pad := size * 0.5
	h := lh*float64(len(lines)) + 2*pad - (lh - size)
	x, y := right-maxW-2*pad, bottom-h
	vector.FillRect(dst, float32(x), float32(y), float32(maxW+2*pad), float32(h), CornerTextFill, false)
	for i, l := range lines {
		op := &text.DrawOptions{}
		op.GeoM.Translate(x+pad, y+pad+float64(i)*lh)
		op.ColorScale.ScaleWithColor(c)
		text.Draw(dst, l, face, op)
	}
}
