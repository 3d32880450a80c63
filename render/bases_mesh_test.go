package render

import (
	"image/color"
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
