package render

import (
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestBasesMeshPixels: the mesh bases have the same colours where Bases puts them: the fill at
// the centre, the dark rim at the edge, the gold leader ring at 0.55 r, the white selection ring
// 2 px outside, the background beyond.
func TestBasesMeshPixels(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)
	BasesMesh(img, []Base{
		{X: 16, Y: 16, R: 10, Side: "red", Leader: true, LineWidth: 1},
		{X: 46, Y: 46, R: 10, Side: "blue", Selected: true, LineWidth: 1},
	})
	red, blue := SideColor("red"), lighter(SideColor("blue"), 0.25)
	// Pixel (x, y) is sampled at its centre (x+0.5, y+0.5).
	cases := []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"red centre", 16, 16, red},
		{"red fill between centre and ring (3.5 px out)", 16, 12, red},
		{"red leader ring (5.5 px out)", 16, 10, LeaderMark},
		{"red fill inside the rim (7.5 px out)", 16, 8, red},
		{"background outside red", 16, 30, Background},
		{"blue (selected, lighter) centre", 46, 46, blue},
		{"background beyond the selection ring", 46, 31, Background},
	}
	for _, c := range cases {
		if got := pixel(img, c.x, c.y); got != c.want {
			t.Errorf("%s (%d,%d): got %v, want %v", c.name, c.x, c.y, got, c.want)
		}
	}
	// The one-pixel rim (9.5 px out) is darker than the fill; the selection ring (12 px out,
	// 1.5 px wide) is nearly white.
	if got := pixel(img, 16, 6); got.R >= red.R-40 || got == Background {
		t.Errorf("rim (16,6) = %v: not the dark rim", got)
	}
	if got := pixel(img, 46, 34); got.R < 180 || got.G < 180 || got.B < 180 {
		t.Errorf("selection ring (46,34) = %v: not white", got)
	}
}

// TestNotchedBasePixels: a notched base facing right shows dark notches at its front and rear
// (and at its sides only with side notches), its front arc lighter than its rear arc, and no
// facing tick (lighter pixels along the facing only inside the front arc's sector).
func TestNotchedBasePixels(t *testing.T) {
	q := math.Pi / 4
	draw := func(side bool) *ebiten.Image {
		img := ebiten.NewImage(64, 64)
		img.Fill(Background)
		BasesMesh(img, []Base{{X: 32, Y: 32, R: 24, Side: "blue", LineWidth: 1, HasFacing: true,
			Notched: true, SideNotches: side, Arcs: [4]float64{q, 3 * q, 5 * q, 7 * q}}})
		return img
	}
	blue := SideColor("blue")
	dark := func(p color.RGBA) bool { return int(p.R)+int(p.G)+int(p.B) < int(blue.R)+int(blue.G)+int(blue.B)-120 }
	img := draw(false)
	if p := pixel(img, 53, 32); !dark(p) {
		t.Errorf("front notch (53,32) = %v: not dark", p)
	}
	if p := pixel(img, 10, 32); !dark(p) {
		t.Errorf("rear notch (10,32) = %v: not dark", p)
	}
	if p := pixel(img, 32, 11); dark(p) {
		t.Errorf("side (32,11) = %v: a notch without side notches", p)
	}
	front, rear := pixel(img, 42, 32), pixel(img, 22, 32)
	if front.B <= rear.B || rear != blue {
		t.Errorf("front arc %v, rear arc %v: the front is not the lighter, or the rear not the side's colour %v", front, rear, blue)
	}
	if p := pixel(draw(true), 32, 11); !dark(p) {
		t.Errorf("side notch (32,11) = %v: not dark", p)
	}
}
