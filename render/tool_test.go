package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestMoveToolPixels: a tool from (4,16) with its joint at (32,16) bent down to (32,44), 8 px
// wide; a legal ghost at (48,48) and a handle at the joint. The band is a translucent yellow over
// the background, the ghost's centre is a green tint, its rim green, the handle white; outside the
// band the background is untouched. An illegal ghost is red.
func TestMoveToolPixels(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)
	DrawMoveTool(img, &MoveTool{
		Tool:    [6]float32{4, 16, 32, 16, 32, 44},
		Width:   8,
		Ghost:   Disc{X: 48, Y: 48, R: 8},
		Legal:   true,
		Handles: []Handle{{X: 32, Y: 16, R: 3}},
		// no paths: the band's pixels are the band's alone
		LineWidth: 1,
	})
	band := pixel(img, 16, 14) // inside the first half, off its centre line and outline
	if band == Background || band.A != 0xff || !(band.R > band.G && band.G > band.B) || band.R <= Background.R+0x20 {
		t.Errorf("band pixel %v: want a yellow blend over %v", band, Background)
	}
	if got := pixel(img, 30, 30); got == Background { // second half, left of its centre line
		t.Errorf("second half (30,30) = background")
	}
	for _, p := range [][2]int{{16, 6}, {16, 26}, {44, 30}, {2, 2}} {
		if got := pixel(img, p[0], p[1]); got != Background {
			t.Errorf("outside the band (%d,%d) = %v, want background", p[0], p[1], got)
		}
	}
	if got := pixel(img, 32, 16); got != HandleFill {
		t.Errorf("handle centre = %v, want %v", got, HandleFill)
	}
	g := pixel(img, 48, 48)
	if !(g.G > g.R && g.G > g.B) || g == Background {
		t.Errorf("legal ghost centre %v: want a green tint", g)
	}
	if got := pixel(img, 48, 40); got != LegalColor && !(got.G > 0xa0 && got.R < 0x90) {
		t.Errorf("legal ghost rim (48,40) = %v", got)
	}

	img.Fill(Background)
	DrawMoveTool(img, &MoveTool{Tool: [6]float32{4, 16, 32, 16, 32, 44}, Width: 8, Ghost: Disc{X: 48, Y: 48, R: 8}, LineWidth: 1})
	if r := pixel(img, 48, 48); !(r.R > r.G && r.R > r.B) {
		t.Errorf("illegal ghost centre %v: want a red tint", r)
	}
}

// TestHighlightRingsGhosts: a highlighted square is tinted in its colour with an opaque outline; a
// ring sits just outside its disc; a ghost has a rim and a faint fill.
func TestHighlightRingsGhosts(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)
	Highlight(img, []Piece{{Points: []float32{8, 8, 24, 8, 24, 24, 8, 24}}}, nil, IllegalColor, 2)
	if got := pixel(img, 16, 16); !(got.R > Background.R+0x20 && got.R > got.G) {
		t.Errorf("highlighted inside %v: want a red tint", got)
	}
	if got := pixel(img, 16, 8); got != IllegalColor {
		t.Errorf("highlight outline (16,8) = %v, want %v", got, IllegalColor)
	}
	Rings(img, []Disc{{X: 48, Y: 16, R: 6}}, IllegalColor, 2)
	if got := pixel(img, 48+9, 16); got != IllegalColor { // ring from r+2 to r+5
		t.Errorf("ring (57,16) = %v, want %v", got, IllegalColor)
	}
	if got := pixel(img, 48, 16); got != Background {
		t.Errorf("inside the ring (48,16) = %v, want background", got)
	}
	Ghosts(img, []Disc{{X: 16, Y: 48, R: 8}}, LegalColor, 2)
	if got := pixel(img, 16, 41); got != LegalColor {
		t.Errorf("ghost rim (16,41) = %v, want %v", got, LegalColor)
	}
	if got := pixel(img, 16, 48); got == Background || !(got.G > got.R) {
		t.Errorf("ghost inside %v: want a faint green", got)
	}
}
