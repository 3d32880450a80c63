package render

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Overlays of the measure tool: range band rings, sight rays, centre lines, highlighted pieces,
// marks on hidden minis, the ruler, and the text tags and panels that go with them. Like the
// rest of the package they only draw what the scene hands them in screen pixels.

// Premul is the colour (r, g, b) at opacity a as the premultiplied color.RGBA that Overlay and
// the vector functions expect.
func Premul(r, g, b, a uint8) color.RGBA {
	m := func(v uint8) uint8 { return uint8((uint16(v)*uint16(a) + 127) / 255) }
	return color.RGBA{m(r), m(g), m(b), a}
}

// Measure tool colours.
var (
	BandRingColor  = Premul(0xff, 0xf2, 0xc0, 0x70) // range band rings round the selected leader
	BandLabelColor = color.RGBA{0xff, 0xf2, 0xc0, 0xff}
	RaySeen        = color.RGBA{0x4c, 0xd9, 0x64, 0xff} // a sight ray to a seen point
	RayHidden      = color.RGBA{0xff, 0x4d, 0x4d, 0xff} // a sight ray to a fully hidden mini
	CentreLine     = Premul(0xff, 0xff, 0xff, 0xb0)     // the obscured test's top-down centre lines
	ObscurerColor  = color.RGBA{0xff, 0xa5, 0x1e, 0xff} // outline of what obscures a defender
	HiddenMark     = color.RGBA{0xff, 0x4d, 0x4d, 0xff} // ✕ on a fully hidden mini
	RulerColor     = color.RGBA{0x5c, 0xd6, 0xff, 0xff}
	GhostColor     = Premul(0xff, 0xff, 0xff, 0x90) // where a dragged mini was
	CoverNone      = color.RGBA{0xf2, 0xf2, 0xf2, 0xff}
	CoverLight     = color.RGBA{0xff, 0xe0, 0x70, 0xff}
	CoverHeavy     = color.RGBA{0xff, 0x9a, 0x3c, 0xff}
	NoLOSColor     = color.RGBA{0xff, 0x8a, 0x8a, 0xff}
	TagBackground  = color.RGBA{0x00, 0x00, 0x00, 0xb0}
)

// Overlay gathers thin shapes (rings, lines, crosses, outlines, discs) and draws them with one
// anti-aliased fill per colour (see layers). Reset it each frame, add shapes, then Draw.
type Overlay struct{ ls layers }

// Reset empties the overlay, keeping its memory.
func (o *Overlay) Reset() { o.ls.reset() }

// Ring adds a circle of radius r drawn w wide (an annulus from r − w/2 to r + w/2).
func (o *Overlay) Ring(x, y, r, w float32, c color.RGBA) {
	addRing(o.ls.path(c), x, y, max(0, r-w/2), r+w/2)
}

// Disc adds a filled circle.
func (o *Overlay) Disc(x, y, r float32, c color.RGBA) { addCircle(o.ls.path(c), x, y, r, false) }

// Line adds a segment w wide.
func (o *Overlay) Line(x0, y0, x1, y1, w float32, c color.RGBA) {
	addSegment(o.ls.path(c), x0, y0, x1, y1, w)
}

// DashedLine adds a segment w wide as dashes dash long with gaps gap long, starting with a dash.
func (o *Overlay) DashedLine(x0, y0, x1, y1, w, dash, gap float32, c color.RGBA) {
	l := float32(math.Hypot(float64(x1-x0), float64(y1-y0)))
	if l == 0 || dash <= 0 {
		return
	}
	if gap <= 0 {
		o.Line(x0, y0, x1, y1, w, c)
		return
	}
	p := o.ls.path(c)
	ux, uy := (x1-x0)/l, (y1-y0)/l
	for s := float32(0); s < l; s += dash + gap {
		e := min(l, s+dash)
		addSegment(p, x0+ux*s, y0+uy*s, x0+ux*e, y0+uy*e, w)
	}
}

// Cross adds a ✕ of half-size r with strokes w wide.
func (o *Overlay) Cross(x, y, r, w float32, c color.RGBA) {
	p := o.ls.path(c)
	addSegment(p, x-r, y-r, x+r, y+r, w)
	addSegment(p, x-r, y+r, x+r, y-r, w)
}

// Outline adds the outline of a closed polygon (x0, y0, x1, y1, …), w wide, with round corners.
func (o *Overlay) Outline(pts []float32, w float32, c color.RGBA) {
	n := len(pts) / 2
	if n < 2 {
		return
	}
	p := o.ls.path(c)
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		addSegment(p, pts[2*i], pts[2*i+1], pts[2*j], pts[2*j+1], w)
		addCircle(p, pts[2*i], pts[2*i+1], w/2, false)
	}
}

// Draw fills every colour's shapes, in the order the colours were first used.
func (o *Overlay) Draw(dst *ebiten.Image) { o.ls.fill(dst) }

// TextLine is one line of a tag or panel, in its colour (nil: the label colour).
type TextLine struct {
	Text  string
	Color color.Color
}

func textColor(c color.Color) color.Color {
	if c == nil {
		return LabelColor
	}
	return c
}

// TextSize is the size of lines of text at size pixels as Tag and TextPanel lay them out
// (padding included).
func TextSize(lines []TextLine, size float64) (w, h float64) {
	face := Face(size)
	lh := size * 1.3
	for _, l := range lines {
		lw, _ := text.Measure(l.Text, face, lh)
		w = math.Max(w, lw)
	}
	pad := size * 0.35
	return w + 2*pad, lh*float64(len(lines)) + 2*pad - (lh - size*1.15)
}

// Tag draws lines of text centred on x with the box's bottom edge at y, on a dark box.
func Tag(dst *ebiten.Image, lines []TextLine, x, bottom, size float64) {
	w, h := TextSize(lines, size)
	drawLines(dst, lines, x-w/2, bottom-h, size, true)
}

// TextPanel draws lines of text, each left-aligned, on a dark box with its top-left corner at
// (x, y).
func TextPanel(dst *ebiten.Image, lines []TextLine, x, y, size float64) {
	drawLines(dst, lines, x, y, size, false)
}

func drawLines(dst *ebiten.Image, lines []TextLine, x, y, size float64, centre bool) {
	if len(lines) == 0 {
		return
	}
	w, h := TextSize(lines, size)
	vector.FillRect(dst, float32(x), float32(y), float32(w), float32(h), TagBackground, false)
	face := Face(size)
	lh := size * 1.3
	pad := size * 0.35
	for i, l := range lines {
		op := &text.DrawOptions{}
		lx := x + pad
		if centre {
			lw, _ := text.Measure(l.Text, face, lh)
			lx = x + (w-lw)/2
		}
		op.GeoM.Translate(lx, y+pad+float64(i)*lh)
		op.ColorScale.ScaleWithColor(textColor(l.Color))
		text.Draw(dst, l.Text, face, op)
	}
}

// Wrap breaks s into lines no wider than maxW pixels at size pixels, at spaces (a word longer
// than a line stays whole). indent is put before every line but the first.
func Wrap(s string, size, maxW float64, indent string) []string {
	face := Face(size)
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if w, _ := text.Measure(try, face, size); w > maxW && line != "" {
			out = append(out, line)
			line = indent + word
			continue
		}
		line = try
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}
