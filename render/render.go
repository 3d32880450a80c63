// Package render draws holotable's top-down view with Ebitengine. Every function takes values that
// are already in screen pixels (the scene transforms table coordinates with its camera) and only
// draws: render never measures, never decides line of sight, cover or distances.
package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Palette. Opaque colours are exact in the output (the pixel test relies on that for the fills).
var (
	Background   = color.RGBA{0x1b, 0x1d, 0x22, 0xff}
	TableFill    = color.RGBA{0x4a, 0x5e, 0x3f, 0xff}
	TableEdge    = color.RGBA{0xd8, 0xcf, 0xb0, 0xff}
	GridLine     = color.RGBA{0x5a, 0x70, 0x4e, 0xff}
	SolidFill    = color.RGBA{0x8c, 0x84, 0x78, 0xff}
	SolidEdge    = color.RGBA{0x2a, 0x27, 0x24, 0xff}
	AreaFill     = color.RGBA{0x1e, 0x5a, 0x22, 0xc0} // translucent: bases inside stay visible
	AreaEdge     = color.RGBA{0x8f, 0xd1, 0x7c, 0xff}
	DepressFill  = color.RGBA{0x3b, 0x2e, 0x22, 0xff}
	DepressEdge  = color.RGBA{0xa8, 0x86, 0x5c, 0xff}
	LeaderMark   = color.RGBA{0xff, 0xd5, 0x4a, 0xff}
	SelectedRing = color.RGBA{0xff, 0xff, 0xff, 0xff}
	LabelColor   = color.RGBA{0xf2, 0xf2, 0xf2, 0xff}
	HUDText      = color.RGBA{0xe8, 0xe8, 0xe8, 0xff}
	HUDPanel     = color.RGBA{0x00, 0x00, 0x00, 0xa0}
)

// SideColor is the fill colour of a side's bases: red and blue are fixed, any other side name gets
// a stable colour of its own.
func SideColor(side string) color.RGBA {
	switch side {
	case "red":
		return color.RGBA{0xc8, 0x3c, 0x32, 0xff}
	case "blue":
		return color.RGBA{0x2f, 0x6f, 0xc9, 0xff}
	}
	h := uint32(2166136261)
	for i := 0; i < len(side); i++ {
		h = (h ^ uint32(side[i])) * 16777619
	}
	return color.RGBA{uint8(0x60 + h%0x80), uint8(0x60 + (h>>8)%0x80), uint8(0x60 + (h>>16)%0x80), 0xff}
}

func darker(c color.RGBA, f float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), c.A}
}

func lighter(c color.RGBA, f float64) color.RGBA {
	l := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*f) }
	return color.RGBA{l(c.R), l(c.G), l(c.B), c.A}
}

// Ebitengine's anti-aliased vector drawing costs about the same per FillPath call whatever the
// path holds, and anti-aliased StrokeCircle is far more expensive still (measured: 60 separate
// anti-aliased circles a frame drop a software-rendered frame rate below 10 fps and 60 stroked
// circles exhaust memory within seconds). So the functions below gather everything of one colour
// into one path and fill it once; rings are filled annuli, not strokes.

// layers collects one path per colour, in the order the colours first appear.
type layers struct {
	list []*layer
	used int
}

type layer struct {
	c color.RGBA
	p vector.Path
}

func (ls *layers) reset() {
	for _, l := range ls.list[:ls.used] {
		l.p.Reset()
	}
	ls.used = 0
}

func (ls *layers) path(c color.RGBA) *vector.Path {
	for _, l := range ls.list[:ls.used] {
		if l.c == c {
			return &l.p
		}
	}
	if ls.used == len(ls.list) {
		ls.list = append(ls.list, &layer{})
	}
	l := ls.list[ls.used]
	ls.used++
	l.c = c
	return &l.p
}

func (ls *layers) fill(dst *ebiten.Image) {
	for _, l := range ls.list[:ls.used] {
		fill(dst, &l.p, l.c)
	}
}

func fill(dst *ebiten.Image, p *vector.Path, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(dst, p, nil, op)
}

func stroke(dst *ebiten.Image, p *vector.Path, width float32, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.StrokePath(dst, p, &vector.StrokeOptions{Width: width, LineJoin: vector.LineJoinMiter, MiterLimit: 4}, op)
}

// addCircle adds a closed circle; ccw picks the winding (screen space), so that a circle inside
// another of the opposite winding cuts a hole (non-zero fill rule).
func addCircle(p *vector.Path, cx, cy, r float32, ccw bool) {
	if !(r > 0) {
		return
	}
	dir := vector.Clockwise
	if ccw {
		dir = vector.CounterClockwise
	}
	p.MoveTo(cx+r, cy)
	p.Arc(cx, cy, r, 0, 2*math.Pi, dir)
	p.Close()
}

// addRing adds an annulus between radii rIn and rOut.
func addRing(p *vector.Path, cx, cy, rIn, rOut float32) {
	addCircle(p, cx, cy, rOut, false)
	addCircle(p, cx, cy, rIn, true)
}

// addPolygon adds a closed polygon (x0, y0, x1, y1, …) wound clockwise on screen, whatever its
// input winding, so that overlapping pieces in one path add up instead of cancelling out.
func addPolygon(p *vector.Path, pts []float32) {
	n := len(pts) / 2
	if n < 3 {
		return
	}
	area := float32(0)
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		area += pts[2*i]*pts[2*j+1] - pts[2*j]*pts[2*i+1]
	}
	at := func(k int) (float32, float32) {
		if area < 0 {
			k = n - 1 - k
		}
		return pts[2*k], pts[2*k+1]
	}
	x, y := at(0)
	p.MoveTo(x, y)
	for k := 1; k < n; k++ {
		x, y = at(k)
		p.LineTo(x, y)
	}
	p.Close()
}

// addSegment adds a line segment of the given width as a rectangle.
func addSegment(p *vector.Path, x0, y0, x1, y1, w float32) {
	dx, dy := x1-x0, y1-y0
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	addPolygon(p, []float32{x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny})
}

// Table draws the table rectangle (x, y is its top-left corner on screen) with grid lines at the
// given screen positions (for example every range segment), and its edge.
func Table(dst *ebiten.Image, x, y, w, h float32, gridX, gridY []float32, lineWidth float32) {
	vector.FillRect(dst, x, y, w, h, TableFill, false)
	for _, gx := range gridX {
		vector.StrokeLine(dst, gx, y, gx, y+h, lineWidth, GridLine, false)
	}
	for _, gy := range gridY {
		vector.StrokeLine(dst, x, gy, x+w, gy, lineWidth, GridLine, false)
	}
	vector.StrokeRect(dst, x, y, w, h, 2*lineWidth, TableEdge, false)
}

// Piece is one terrain footprint on screen: a polygon (Points: x0, y0, x1, y1, …) or, when
// Points is empty, a circle; Look is what it is drawn as and Height its top in inches (solid
// pieces are drawn lighter the taller they are: ShadedFill).
type Piece struct {
	Look      Look
	Height    float32
	Points    []float32
	CX, CY, R float32
}

// Terrain fills and outlines terrain footprints by their look (terrain_look.go): depressions and
// flat area terrain first, buildings on top.
func Terrain(dst *ebiten.Image, pieces []Piece, lineWidth float32) {
	drawLooks(dst, pieces, lineWidth)
}

// Base is one mini's base as it appears on screen.
type Base struct {
	X, Y, R   float32 // centre and radius in screen pixels
	Side      string
	Leader    bool
	Selected  bool // the selected mini
	InUnit    bool // a unit-mate of the selected mini
	HasFacing bool
	Facing    float64 // screen angle in radians (0 = right, counter-clockwise on screen)
	LineWidth float32
	// Notched is a notched base (every unit type but troopers, RRG 2.0 Einkerbungen L5285–5332):
	// instead of the facing tick it shows its notches — front and rear, and the sides when
	// SideNotches — its four arc lines (Arcs, screen angles like Facing) and its front arc, the
	// one between the fourth and the first line, lighter.
	Notched     bool
	SideNotches bool
	Arcs        [4]float64
}

var baseRims, baseFills, baseTicks, baseMarks layers

// Bases draws bases: a filled disc in its side's colour with a dark rim, a facing tick, a gold
// ring for a unit leader and a white ring around the selected mini.
func Bases(dst *ebiten.Image, bases []Base) {
	baseRims.reset()
	baseFills.reset()
	baseTicks.reset()
	baseMarks.reset()
	for _, b := range bases {
		c := SideColor(b.Side)
		if b.InUnit || b.Selected {
			c = lighter(c, 0.25)
		}
		w := b.LineWidth
		rim := min(w, b.R/3)
		addCircle(baseRims.path(darker(c, 0.45)), b.X, b.Y, b.R, false)
		addCircle(baseFills.path(c), b.X, b.Y, b.R-rim, false)
		if b.HasFacing && b.R > 3*w {
			s, co := math.Sincos(b.Facing)
			x0, y0 := b.X+float32(co)*b.R*0.35, b.Y-float32(s)*b.R*0.35
			x1, y1 := b.X+float32(co)*(b.R-rim), b.Y-float32(s)*(b.R-rim)
			addSegment(baseTicks.path(lighter(c, 0.7)), x0, y0, x1, y1, 1.5*w)
		}
		if b.Leader {
			r := b.R * 0.55
			addRing(baseMarks.path(LeaderMark), b.X, b.Y, r-0.75*w, r+0.75*w)
		}
		if b.Selected {
			r := b.R + 2*w
			addRing(baseMarks.path(SelectedRing), b.X, b.Y, r-0.75*w, r+0.75*w)
		}
	}
	baseRims.fill(dst)
	baseFills.fill(dst)
	baseTicks.fill(dst)
	baseMarks.fill(dst)
}

// Label draws text centred horizontally on x with its top at y, over a dark halo for legibility.
func Label(dst *ebiten.Image, s string, x, y, size float64, clr color.Color) {
	face := Face(size)
	w := face.Width(s)
	pad := size * 0.2
	vector.FillRect(dst, float32(x-w/2-pad), float32(y), float32(w+2*pad), float32(size*1.25), color.RGBA{0, 0, 0, 0x90}, false)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x-w/2, y)
	op.ColorScale.ScaleWithColor(clr)
	DrawText(dst, s, face, op)
}

// LabelCache draws Labels, each kept as an image of its own between frames, so that a label
// shown again costs one image draw instead of measuring and drawing every glyph (the table
// layer is redrawn every frame of a drag, with a label under every unit). Call EndFrame once a
// frame: labels not drawn since the previous EndFrame are released.
type LabelCache struct {
	labels map[labelKey]*textBox
}

type labelKey struct {
	s    string
	size float64
	clr  color.RGBA
}

// Draw draws Label(dst, s, x, y, size, clr) from the cache, at whole pixels.
func (c *LabelCache) Draw(dst *ebiten.Image, s string, x, y, size float64, clr color.Color) {
	r, g, b, a := clr.RGBA()
	k := labelKey{s, size, color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}}
	l, ok := c.labels[k]
	if !ok {
		if c.labels == nil {
			c.labels = map[labelKey]*textBox{}
		}
		w := Face(size).Width(s)
		pad := size * 0.2
		l = &textBox{w: w + 2*pad, h: size * 1.25}
		l.img = ebiten.NewImage(max(1, int(math.Ceil(l.w))), max(1, int(math.Ceil(l.h))))
		Label(l.img, s, l.w/2, 0, size, clr)
		c.labels[k] = l
	}
	l.used = true
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(labelLeft(x, l.w, float64(dst.Bounds().Dx()))), math.Round(y))
	dst.DrawImage(l.img, op)
}

// labelLeft is the left edge of a label w wide centred on x, moved inside a destination W wide
// when it fits there: a unit's name at the screen's edge is read whole, not cut off.
func labelLeft(x, w, W float64) float64 {
	left := x - w/2
	if w <= W {
		left = math.Max(0, math.Min(left, W-w))
	}
	return left
}

// EndFrame releases the labels not drawn since the last call.
func (c *LabelCache) EndFrame() { releaseUnused(c.labels) }

// PanelCache draws Panels, keeping each line that was drawn in the frame before as an image of
// its own: a heads-up line that stays (the table's name, a tool's hint) costs one image draw
// instead of every glyph, while a line that changes every frame (the cursor readout) is drawn
// directly, not turned into an image each frame. Call EndFrame once a frame.
type PanelCache struct {
	lines map[panelKey]*panelLine
	frame int
}

type panelKey struct {
	s    string
	size float64
}

type panelLine struct {
	w    float64       // the line's width
	img  *ebiten.Image // its text, once it has been drawn in two frames running
	last int           // the frame it was last drawn in
}

// Draw draws Panel(dst, lines, x, y, size), the lines kept since the frame before from images
// (at whole pixels).
func (c *PanelCache) Draw(dst *ebiten.Image, lines []string, x, y, size float64) {
	if len(lines) == 0 {
		return
	}
	if c.lines == nil {
		c.lines = map[panelKey]*panelLine{}
	}
	face := Face(size)
	maxW := 0.0
	for _, l := range lines {
		maxW = max(maxW, c.line(l, size, face).w)
	}
	pad, lh := panelBox(dst, x, y, maxW, len(lines), size)
	for i, l := range lines {
		px, py := x+pad, y+pad+float64(i)*lh
		if e := c.lines[panelKey{l, size}]; e.img != nil {
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Translate(math.Round(px), math.Round(py))
			dst.DrawImage(e.img, op)
			continue
		}
		panelText(dst, l, face, px, py)
	}
}

// line is the entry of line s, made an image when it was drawn in the frame before.
func (c *PanelCache) line(s string, size float64, face *TextFace) *panelLine {
	k := panelKey{s, size}
	e, ok := c.lines[k]
	if !ok {
		w := face.Width(s)
		e = &panelLine{w: w, last: c.frame}
		c.lines[k] = e
		return e
	}
	if e.img == nil && e.last == c.frame-1 {
		e.img = ebiten.NewImage(max(1, int(math.Ceil(e.w))), max(1, int(math.Ceil(panelLineHeight(size)))))
		panelText(e.img, s, face, 0, 0)
	}
	e.last = c.frame
	return e
}

// EndFrame releases the lines not drawn this frame and starts the next.
func (c *PanelCache) EndFrame() {
	for k, e := range c.lines {
		if e.last < c.frame {
			if e.img != nil {
				e.img.Deallocate()
			}
			delete(c.lines, k)
		}
	}
	c.frame++
}

// Panel draws lines of text on a translucent panel with its top-left corner at x, y.
func Panel(dst *ebiten.Image, lines []string, x, y, size float64) {
	if len(lines) == 0 {
		return
	}
	face := Face(size)
	maxW := 0.0
	for _, l := range lines {
		w := face.Width(l)
		maxW = max(maxW, w)
	}
	pad, lh := panelBox(dst, x, y, maxW, len(lines), size)
	for i, l := range lines {
		panelText(dst, l, face, x+pad, y+pad+float64(i)*lh)
	}
}

// PanelWidth is the width of Panel's box for lines at size pixels: the widest line and the padding.
func PanelWidth(lines []string, size float64) float64 {
	face := Face(size)
	maxW := 0.0
	for _, l := range lines {
		w := face.Width(l)
		maxW = max(maxW, w)
	}
	return maxW + size
}

// PanelPad is the padding round a Panel's text at size pixels.
func PanelPad(size float64) float64 { return size * 0.5 }

// PanelLineHeight is the distance between a Panel's lines of text at size pixels.
func PanelLineHeight(size float64) float64 { return panelLineHeight(size) }

// panelLineHeight is the distance between a Panel's lines of text at size pixels.
func panelLineHeight(size float64) float64 { return size * 1.35 }

// panelBox draws the translucent box of a Panel of n lines, the widest maxW, with its top-left
// corner at x, y, and returns the padding around the text and the line height.
func panelBox(dst *ebiten.Image, x, y, maxW float64, n int, size float64) (pad, lh float64) {
	pad, lh = PanelPad(size), panelLineHeight(size)
	vector.FillRect(dst, float32(x), float32(y), float32(maxW+2*pad), float32(PanelHeight(n, size)), HUDPanel, false)
	return pad, lh
}

// panelText draws one line of a Panel with its top-left corner at x, y.
func panelText(dst *ebiten.Image, s string, face *TextFace, x, y float64) {
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(HUDText)
	DrawText(dst, s, face, op)
}
