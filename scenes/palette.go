package scenes

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/render"
)

// Palettes: the rows of buttons the layout and setup tools put at the top of the screen (presets,
// shapes, sides, the setup's actions), laid out left to right and wrapped, with a hint line under
// them, drawn from a cache of their own.

// paletteButton is one button of a tool's palette, in screen pixels.
type paletteButton struct {
	render.Button
	do func(c Context)
}

// buttonAt is the button under the screen point (x, y), or nil.
func buttonAt(bs []paletteButton, x, y float64) *paletteButton {
	if i := hotButton(bs, x, y); i >= 0 {
		return &bs[i]
	}
	return nil
}

// hotButton is the index of the button under the pointer (-1 when none).
func hotButton(bs []paletteButton, x, y float64) int {
	for i := range bs {
		b := &bs[i]
		if x >= float64(b.X) && x < float64(b.X+b.W) && y >= float64(b.Y) && y < float64(b.Y+b.H) {
			return i
		}
	}
	return -1
}

// TopReserver is a tool that keeps a band at the top of the screen for itself (the layout tools'
// palettes): a fitted table stays below ReserveTop, in device pixels.
type TopReserver interface {
	ReserveTop(c Context) float64
}

// buttonSpec is one button to lay out: its text, swatch, active flag and action.
type buttonSpec struct {
	text   string
	swatch color.RGBA
	active bool
	do     func(c Context)
	gap    bool // extra space before this button (a new group)
}

const paletteFont = 11 // CSS px

// buttonWidths remembers measured button widths (palettes are laid out every tick).
var buttonWidths = map[buttonWidthKey]float64{}

type buttonWidthKey struct {
	text   string
	size   float64
	swatch bool
}

// fingerPx is the least height (CSS px) of a palette button on a touch screen: a fingertip is
// about 10 px across where it meets the glass, and buttons of 19 px (the mouse's size) in rows
// 3 px apart were easy to miss on a phone.
const fingerPx = 32

// flowButtons lays out buttons left to right from the left margin at y, wrapping at the screen's
// right edge, and returns them with the y below them. On a touch screen they are finger-sized
// (fingerPx high, 6 px apart).
func flowButtons(c Context, specs []buttonSpec, y float64) ([]paletteButton, float64) {
	k := c.Scale()
	size := paletteFont * k
	h, gap := size*1.7, 3*k
	if c.TouchScreen() {
		h, gap = math.Max(h, fingerPx*k), 6*k
	}
	x0 := 8 * k
	right := c.Screen().W - 8*k
	x := x0
	var out []paletteButton
	for _, sp := range specs {
		wk := buttonWidthKey{sp.text, size, sp.swatch.A != 0}
		w, ok := buttonWidths[wk]
		if !ok {
			w = render.ButtonWidth(sp.text, size, sp.swatch.A != 0)
			buttonWidths[wk] = w
		}
		if sp.gap && x > x0 {
			x += 6 * k
		}
		if x > x0 && x+w > right {
			x, y = x0, y+h+gap
		}
		out = append(out, paletteButton{render.Button{X: float32(x), Y: float32(y), W: float32(w), H: float32(h),
			Text: sp.text, Swatch: sp.swatch, Active: sp.active}, sp.do})
		x += w + gap
	}
	return out, y + h + 3*k
}

func drawButtons(c Context, screen *ebiten.Image, bs []paletteButton, cx, cy float64) {
	rb := make([]render.Button, len(bs))
	hot := hotButton(bs, cx, cy)
	for i, b := range bs {
		rb[i] = b.Button
		rb[i].Hot = i == hot
	}
	render.Buttons(screen, rb, paletteFont*c.Scale(), float32(c.Scale()))
}

// paletteKey is what a palette's cached image depends on.
type paletteKey struct {
	screen        Screen
	top           float64
	armed, shape  string
	side          string
	n, hot        int
	lang          string
	first, length int
}

// paletteRect is the screen rectangle of a palette and its hint (hintAt): below its rows, or
// beside its last row.
func paletteRect(c Context, bs []paletteButton, hint string, end float64) image.Rectangle {
	k := c.Scale()
	last := bs[len(bs)-1]
	bottom := float64(last.Y+last.H) + 3*k + hintBelow(c, bs, hint, end) + 2*k
	if _, y, inline := hintAt(c, bs, hint, end); inline {
		bottom = math.Max(bottom, y+hintHeight(c, hint, end)+2*k)
	}
	return image.Rect(0, int(math.Floor(float64(bs[0].Y)-2*k)), int(c.Screen().W), int(math.Ceil(bottom)))
}

// hintAt is the top-left corner (device px) of a palette's hint panel, and whether it stands on
// the palette's last row, right of its buttons: on a wide screen where the one line fits there
// (a third line below two rows of buttons took the room the page's dock needs at 1440 × 900 in
// German and 1024 × 700), ending left of end (device px; 0: the screen's right margin); else
// below the rows, at the left margin.
func hintAt(c Context, bs []paletteButton, hint string, end float64) (x, y float64, inline bool) {
	k := c.Scale()
	if len(bs) == 0 {
		return 8 * k, 0, false
	}
	last := bs[len(bs)-1]
	if hint != "" && !isNarrow(c.Screen().W/k) {
		x = float64(last.X+last.W) + 12*k
		if end <= 0 {
			end = c.Screen().W - 8*k
		}
		if x+hintWidth(hint, paletteFont*k) <= end {
			return x, float64(last.Y) + (float64(last.H)-hintHeight(c, hint, end))/2, true
		}
	}
	return 8 * k, float64(last.Y+last.H) + 3*k, false
}

// hintBelow is the height (device px) a palette's hint adds below its rows: none where it stands
// beside the last row (hintAt).
func hintBelow(c Context, bs []paletteButton, hint string, end float64) float64 {
	if len(bs) > 0 {
		if _, _, inline := hintAt(c, bs, hint, end); inline {
			return 0
		}
	}
	return hintHeight(c, hint, end)
}

// hintWidths remembers measured one-line hint widths (palettes are laid out every tick).
var hintWidths = map[buttonWidthKey]float64{}

// hintWidth is the width (device px) of a one-line hint panel at size px.
func hintWidth(hint string, size float64) float64 {
	wk := buttonWidthKey{text: hint, size: size}
	w, ok := hintWidths[wk]
	if !ok {
		w = render.PanelWidth([]string{hint}, size)
		hintWidths[wk] = w
	}
	return w
}

// hintRight is the screen x (device px) where a palette's hint panel ends.
func hintRight(c Context, bs []paletteButton, hint string, end float64) float64 {
	x, _, _ := hintAt(c, bs, hint, end)
	k := c.Scale()
	return x + render.PanelWidth(hintLines(c, hint, end), paletteFont*k)
}

// drawPaletteCached draws a palette and its hint from its cache.
// An inline hint ends left of end (hintAt).
func drawPaletteCached(c Context, screen *ebiten.Image, cache *overlayCache, bs []paletteButton, hint string, end float64, key paletteKey,
	cx, cy float64) {
	if len(bs) == 0 {
		return
	}
	key.screen, key.top, key.hot, key.lang = c.Screen(), float64(bs[0].Y), hotButton(bs, cx, cy), Language()
	key.first, key.length = int(bs[len(bs)-1].Y), len(hint)
	cache.drawRect(screen, paletteRect(c, bs, hint, end), key, func(dst *ebiten.Image) {
		drawButtons(c, dst, bs, cx, cy)
		x, y, _ := hintAt(c, bs, hint, end)
		render.Panel(dst, hintLines(c, hint, end), x, y, paletteFont*c.Scale())
	})
}

// hintLines is a palette's hint as drawn: one line, wrapped at the screen's width on a narrow
// screen (on a phone "… Del: delete · Esc: c" ran off its right edge), and where it must end
// left of end (device px; 0: no such limit) — the setup draft's cards beside the palette — at
// that.
func hintLines(c Context, hint string, end float64) []string {
	k := c.Scale()
	width := c.Screen().W - 16*k
	if end > 0 {
		width = min(width, end-8*k)
	} else if !isNarrow(c.Screen().W / k) {
		return []string{hint}
	}
	if hintWidth(hint, paletteFont*k) <= width {
		return []string{hint}
	}
	return fitPanelLines([]string{hint}, paletteFont*k, width)
}

// hintHeight is the height of a palette's hint panel (device px), ending left of end (hintLines).
func hintHeight(c Context, hint string, end float64) float64 {
	return render.PanelHeight(len(hintLines(c, hint, end)), paletteFont*c.Scale())
}

// presetLabel is a preset's label in the current language.
func presetLabel(l [2]string) string {
	if Language() == "de" {
		return l[1]
	}
	return l[0]
}
