package render

import (
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
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

// Overlay gathers thin shapes (rings, lines, crosses, outlines, discs) as triangles with a
// one-pixel feathered edge and draws them all with one DrawTriangles32 call. It does not use the
// vector package's anti-aliased fill: that rasterises each path eight times over its whole area
// (a stencil per sample), which for range rings hundreds of pixels across costs many
// milliseconds a frame on software WebGL, where these strips cost about their own few pixels.
// Shapes are drawn in the order they were added; where two translucent shapes overlap, both
// blend.
type Overlay struct {
	vs []ebiten.Vertex
	is []uint32
}

var (
	whiteOnce  sync.Once
	whitePixel *ebiten.Image
)

// white is a 1×1 white source image (the middle pixel of a 3×3 one, so that sampling never
// reaches an edge).
func white() *ebiten.Image {
	whiteOnce.Do(func() {
		img := ebiten.NewImage(3, 3)
		img.Fill(color.White)
		whitePixel = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	})
	return whitePixel
}

// Reset empties the overlay, keeping its memory.
func (o *Overlay) Reset() { o.vs, o.is = o.vs[:0], o.is[:0] }

// vertex adds a vertex of colour c (premultiplied) scaled by alpha, and returns its index.
func (o *Overlay) vertex(x, y float32, c color.RGBA, alpha float32) uint32 {
	k := alpha / 255
	o.vs = append(o.vs, ebiten.Vertex{DstX: x, DstY: y, SrcX: 1.5, SrcY: 1.5,
		ColorR: float32(c.R) * k, ColorG: float32(c.G) * k, ColorB: float32(c.B) * k, ColorA: float32(c.A) * k})
	return uint32(len(o.vs) - 1)
}

func (o *Overlay) quad(a, b, c, d uint32) { o.is = append(o.is, a, b, c, a, c, d) }

// profile is the cross-section of a stroke w wide: offsets from its middle line and the alpha
// at each (feathered over one pixel at both edges; a stroke thinner than a pixel is fainter).
func profile(w float32) (off [4]float32, alpha [4]float32) {
	core, a := w/2-0.5, float32(1)
	if core < 0 {
		core, a = 0, max(0, w)
	}
	edge := w/2 + 0.5
	if w < 1 {
		edge = 1
	}
	return [4]float32{-edge, -core, core, edge}, [4]float32{0, a, a, 0}
}

// Ring adds a circle of radius r drawn w wide (from r − w/2 to r + w/2).
func (o *Overlay) Ring(x, y, r, w float32, c color.RGBA) {
	if !(r > 0) || !(w > 0) {
		return
	}
	off, alpha := profile(w)
	n := circleSegments(r + w/2)
	base := uint32(len(o.vs))
	for k := 0; k <= n; k++ {
		s, co := math.Sincos(2 * math.Pi * float64(k) / float64(n))
		for j := 0; j < 4; j++ {
			rr := max(0, r+off[j])
			o.vertex(x+float32(co)*rr, y+float32(s)*rr, c, alpha[j])
		}
	}
	for k := 0; k < n; k++ {
		a, b := base+uint32(4*k), base+uint32(4*(k+1))
		for j := uint32(0); j < 3; j++ {
			o.quad(a+j, a+j+1, b+j+1, b+j)
		}
	}
}

// circleSegments is how many chords make a circle of radius r look round: chords short enough
// that they stray less than 0.05 px from the circle (c²/8r ≤ 0.05: n = 2π√(r/0.4) ≈ 10√r).
func circleSegments(r float32) int {
	return max(16, min(512, int(math.Ceil(10*math.Sqrt(float64(r))))))
}

// Disc adds a filled circle.
func (o *Overlay) Disc(x, y, r float32, c color.RGBA) { o.Sector(x, y, r, 0, 2*math.Pi, c) }

// Sector adds a filled circular sector of radius r at (x, y) from screen angle from to to
// (radians, counter-clockwise on screen like Base.Facing, to > from), its arc feathered over one
// pixel; its straight sides are not feathered.
func (o *Overlay) Sector(x, y, r float32, from, to float64, c color.RGBA) {
	if !(r > 0) || !(to > from) {
		return
	}
	n := max(2, int(math.Ceil(float64(circleSegments(r))*(to-from)/(2*math.Pi))))
	centre := o.vertex(x, y, c, 1)
	base := uint32(len(o.vs))
	in, out := max(0, r-0.5), r+0.5
	for k := 0; k <= n; k++ {
		s, co := math.Sincos(from + (to-from)*float64(k)/float64(n))
		o.vertex(x+float32(co)*in, y-float32(s)*in, c, 1)
		o.vertex(x+float32(co)*out, y-float32(s)*out, c, 0)
	}
	for k := 0; k < n; k++ {
		a, b := base+uint32(2*k), base+uint32(2*(k+1))
		o.is = append(o.is, centre, a, b)
		o.quad(a, a+1, b+1, b)
	}
}

// Line adds a segment w wide (square ends at the end points).
func (o *Overlay) Line(x0, y0, x1, y1, w float32, c color.RGBA) {
	dx, dy := x1-x0, y1-y0
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 || !(w > 0) {
		return
	}
	nx, ny := -dy/l, dx/l
	off, alpha := profile(w)
	base := uint32(len(o.vs))
	for j := 0; j < 4; j++ {
		o.vertex(x0+nx*off[j], y0+ny*off[j], c, alpha[j])
		o.vertex(x1+nx*off[j], y1+ny*off[j], c, alpha[j])
	}
	for j := uint32(0); j < 3; j++ {
		a := base + 2*j
		o.quad(a, a+1, a+3, a+2)
	}
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
	ux, uy := (x1-x0)/l, (y1-y0)/l
	for s := float32(0); s < l; s += dash + gap {
		e := min(l, s+dash)
		o.Line(x0+ux*s, y0+uy*s, x0+ux*e, y0+uy*e, w, c)
	}
}

// Cross adds a ✕ of half-size r with strokes w wide.
func (o *Overlay) Cross(x, y, r, w float32, c color.RGBA) {
	o.Line(x-r, y-r, x+r, y+r, w, c)
	o.Line(x-r, y+r, x+r, y-r, w, c)
}

// Outline adds the outline of a closed polygon (x0, y0, x1, y1, …), w wide, with round corners.
func (o *Overlay) Outline(pts []float32, w float32, c color.RGBA) {
	n := len(pts) / 2
	if n < 2 {
		return
	}
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		o.Line(pts[2*i], pts[2*i+1], pts[2*j], pts[2*j+1], w, c)
		o.Disc(pts[2*i], pts[2*i+1], w/2, c)
	}
}

// Draw draws every shape added since the last Reset.
func (o *Overlay) Draw(dst *ebiten.Image) {
	if len(o.is) == 0 {
		return
	}
	op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	dst.DrawTriangles32(o.vs, o.is, white(), op)
}

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
		lw := face.Width(l.Text)
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
		op := &ebiten.DrawImageOptions{}
		lx := x + pad
		if centre {
			lw := face.Width(l.Text)
			lx = x + (w-lw)/2
		}
		op.GeoM.Translate(lx, y+pad+float64(i)*lh)
		op.ColorScale.ScaleWithColor(textColor(l.Color))
		DrawText(dst, l.Text, face, op)
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
		if w := face.Width(try); w > maxW && line != "" {
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

// Anchor says which point of a text box a position names.
type Anchor int

// Anchors.
const (
	TopLeft Anchor = iota
	TopCentre
	BottomLeft
	BottomCentre
	Centre
)

// TextCache keeps text boxes (tags, labels, panels) drawn into images of their own, so that a
// frame showing the same text again costs one image draw instead of shaping and drawing every
// glyph. Call EndFrame once a frame: boxes not used since the previous EndFrame are released.
type TextCache struct {
	boxes map[string]*textBox
	key   []byte
}

type textBox struct {
	img  *ebiten.Image
	w, h float64
	used bool
}

func (c *TextCache) box(lines []TextLine, size float64, centred bool) *textBox {
	k := strconv.AppendFloat(c.key[:0], size, 'g', -1, 64)
	if centred {
		k = append(k, 'c')
	}
	for _, l := range lines {
		r, g, b, a := textColor(l.Color).RGBA()
		k = append(k, 0)
		k = strconv.AppendUint(k, uint64(r)<<48|uint64(g)<<32|uint64(b)<<16|uint64(a), 16)
		k = append(k, 0)
		k = append(k, l.Text...)
	}
	c.key = k
	if b, ok := c.boxes[string(k)]; ok {
		b.used = true
		return b
	}
	if c.boxes == nil {
		c.boxes = map[string]*textBox{}
	}
	w, h := TextSize(lines, size)
	img := ebiten.NewImage(max(1, int(math.Ceil(w))), max(1, int(math.Ceil(h))))
	drawLines(img, lines, 0, 0, size, centred)
	b := &textBox{img: img, w: w, h: h, used: true}
	c.boxes[string(k)] = b
	return b
}

// Size is the size of the box Draw draws for the same arguments (and prepares it).
func (c *TextCache) Size(lines []TextLine, size float64, centred bool) (w, h float64) {
	b := c.box(lines, size, centred)
	return b.w, b.h
}

// Draw draws lines of text at size pixels on a dark box whose anchor point is (x, y); centred
// centres each line in the box, else lines are left-aligned.
func (c *TextCache) Draw(dst *ebiten.Image, lines []TextLine, x, y, size float64, a Anchor, centred bool) {
	if len(lines) == 0 {
		return
	}
	b := c.box(lines, size, centred)
	switch a {
	case TopCentre:
		x -= b.w / 2
	case BottomLeft:
		y -= b.h
	case BottomCentre:
		x, y = x-b.w/2, y-b.h
	case Centre:
		x, y = x-b.w/2, y-b.h/2
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x), math.Round(y))
	dst.DrawImage(b.img, op)
}

// EndFrame releases the boxes not used since the last call.
func (c *TextCache) EndFrame() { releaseUnused(c.boxes) }

// releaseUnused releases the boxes not used since the last call and marks the others unused.
func releaseUnused[K comparable](boxes map[K]*textBox) {
	for k, b := range boxes {
		if !b.used {
			b.img.Deallocate()
			delete(boxes, k)
			continue
		}
		b.used = false
	}
}

// PanelHeight is the height of Panel's box for n lines at size pixels.
func PanelHeight(n int, size float64) float64 {
	if n == 0 {
		return 0
	}
	lh := panelLineHeight(size)
	return lh*float64(n) + size - (lh - size)
}
