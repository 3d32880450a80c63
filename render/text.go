package render

import (
	"image"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// TextFace is Go Regular at one size in pixels, drawn glyph by glyph from images cached per rune
// and sub-pixel position. It draws what Ebitengine's text/v2 draws with a GoXFace of the same
// x/image/font face — same positions, kerning, sub-pixel steps and glyph images, pixel for pixel
// (TestTextFaceAsTextV2) — without linking text/v2, which brings go-text/typesetting's tables,
// golang.org/x/text/language, an SVG rasteriser and a TIFF decoder into the program for colour
// and bitmap glyphs the app never draws (docs/decisions.md D143). The app draws single lines of
// left-to-right Latin text (English and German) only. A TextFace is used from the game's
// goroutine only.
type TextFace struct {
	f      font.Face
	ascent fixed.Int26_6
	step   fixed.Int26_6 // sub-pixel granularity of glyph origins (text/v2's granularityFactor)
	glyphs map[glyphKey]*ebiten.Image
	bounds map[rune]fixed.Rectangle26_6
	adv    map[rune]fixed.Int26_6
	kern   map[[2]rune]fixed.Int26_6 // sfnt reads the font's tables on every call: kept, as text/v2 kept them
	widths map[string]float64        // the lines measured lately (up to maxWidths; text/v2 kept 512)
}

const maxWidths = 512

type glyphKey struct {
	r  rune
	dx fixed.Int26_6 // the glyph's sub-pixel x offset
}

var (
	fontOnce sync.Once
	fontSFNT *opentype.Font
	faces    = map[float64]*TextFace{}
)

// Face is the Go Regular face at size pixels (cached by size, rounded to half pixels): an
// x/image/font face, no hinting, 72 DPI, as D13 chose.
func Face(size float64) *TextFace {
	fontOnce.Do(func() {
		f, err := opentype.Parse(goregular.TTF)
		if err != nil {
			panic(err) // the embedded font is known good
		}
		fontSFNT = f
	})
	size = math.Round(size*2) / 2
	if f, ok := faces[size]; ok {
		return f
	}
	xf, err := opentype.NewFace(fontSFNT, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic(err) // a positive size of a known-good font
	}
	f := newTextFace(xf)
	faces[size] = f
	return f
}

func newTextFace(xf font.Face) *TextFace {
	m := xf.Metrics()
	// Glyphs of a small face get more sub-pixel variants (8 below 20 px of ascent and descent,
	// then 4, 2, 1), as text/v2 decided from its examples' rendering.
	v := fixed.Int26_6(1)
	switch h := m.Ascent + m.Descent; {
	case h < fixed.I(20):
		v = 8
	case h < fixed.I(40):
		v = 4
	case h < fixed.I(80):
		v = 2
	}
	return &TextFace{f: xf, ascent: m.Ascent, step: (1 << 6) / v,
		glyphs: map[glyphKey]*ebiten.Image{}, bounds: map[rune]fixed.Rectangle26_6{},
		adv: map[rune]fixed.Int26_6{}, kern: map[[2]rune]fixed.Int26_6{}, widths: map[string]float64{}}
}

// Width is the advance of the line s in pixels, kerning included (of its longest line if s has
// line breaks).
func (f *TextFace) Width(s string) float64 {
	if w, ok := f.widths[s]; ok {
		return w
	}
	w := f.width(s)
	if len(f.widths) >= maxWidths {
		clear(f.widths)
	}
	f.widths[s] = w
	return w
}

func (f *TextFace) width(s string) float64 {
	var x, w fixed.Int26_6
	prev := rune(-1)
	for _, r := range s {
		if lineBreak(r) {
			w, x, prev = max(w, x), 0, -1
			continue
		}
		if prev >= 0 {
			x += f.kerning(prev, r)
		}
		x += f.advance(r)
		prev = r
	}
	return fixedFloat(max(w, x))
}

// lineBreak reports whether r ends a line (text/v2's set). The app's lines have none; a string
// with one is drawn as text/v2 drew it with no line spacing, each line from the left edge again
// on the same baseline.
func lineBreak(r rune) bool {
	switch r {
	case '\n', '\v', '\f', '\r', 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// DrawText draws the line s with face: op's GeoM places the line's top-left corner (the
// baseline lies the face's ascent below it) and op's ColorScale colours the glyphs, white
// masks otherwise.
func DrawText(dst *ebiten.Image, s string, face *TextFace, op *ebiten.DrawImageOptions) {
	geoM := op.GeoM
	defer func() { op.GeoM = geoM }()
	y := face.ascent &^ (1<<6 - 1) // the baseline, on a whole pixel
	var x fixed.Int26_6
	prev := rune(-1)
	for _, r := range s {
		if lineBreak(r) {
			x, prev = 0, -1
			continue
		}
		if prev >= 0 {
			x += face.kerning(prev, r)
		}
		ox := x / face.step * face.step
		b := face.glyphBounds(r)
		if w, h := (b.Max.X - b.Min.X).Ceil(), (b.Max.Y - b.Min.Y).Ceil(); w > 0 && h > 0 {
			img := face.glyph(r, (ox+b.Min.X)&(1<<6-1), (y+b.Min.Y)&(1<<6-1), b, w, h)
			op.GeoM.Reset()
			op.GeoM.Translate(float64((ox + b.Min.X).Floor()), float64((y + b.Min.Y).Floor()))
			op.GeoM.Concat(geoM)
			dst.DrawImage(img, op)
		}
		x += face.advance(r)
		prev = r
	}
}

func (f *TextFace) advance(r rune) fixed.Int26_6 {
	a, ok := f.adv[r]
	if !ok {
		a, _ = f.f.GlyphAdvance(r)
		f.adv[r] = a
	}
	return a
}

func (f *TextFace) kerning(r0, r1 rune) fixed.Int26_6 {
	k, ok := f.kern[[2]rune{r0, r1}]
	if !ok {
		k = f.f.Kern(r0, r1)
		f.kern[[2]rune{r0, r1}] = k
	}
	return k
}

func (f *TextFace) glyphBounds(r rune) fixed.Rectangle26_6 {
	b, ok := f.bounds[r]
	if !ok {
		b, _, _ = f.f.GlyphBounds(r)
		f.bounds[r] = b
	}
	return b
}

// glyph is the white mask of r drawn with its bounds' top-left at sub-pixel offset (dx, dy),
// in an image one pixel wider and taller than the bounds (room for the offset).
func (f *TextFace) glyph(r rune, dx, dy fixed.Int26_6, b fixed.Rectangle26_6, w, h int) *ebiten.Image {
	k := glyphKey{r, dx}
	if img, ok := f.glyphs[k]; ok {
		return img
	}
	rgba := image.NewRGBA(image.Rect(0, 0, w+1, h+1))
	d := font.Drawer{Dst: rgba, Src: image.White, Face: f.f, Dot: fixed.Point26_6{X: -b.Min.X + dx, Y: -b.Min.Y + dy}}
	d.DrawString(string(r))
	img := ebiten.NewImageFromImage(rgba)
	f.glyphs[k] = img
	return img
}

func fixedFloat(x fixed.Int26_6) float64 { return float64(x) / (1 << 6) }
