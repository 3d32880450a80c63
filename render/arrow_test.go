package render

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestArrowPixels: an arrow from (4, 32) to (60, 32), 4 px wide: its shaft at (20, 32) and its
// head (16 px long, from x 44) at (50, 35) are red; above the shaft, behind its tail and beside
// the head's tip the background is untouched; a zero-length arrow draws nothing.
func TestArrowPixels(t *testing.T) {
	red := color.RGBA{0xff, 0, 0, 0xff}
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)
	Arrow(img, 4, 32, 60, 32, 4, red)
	for _, p := range [][2]int{{20, 32}, {50, 35}, {46, 28}} {
		if got := pixel(img, p[0], p[1]); got != red {
			t.Errorf("(%d,%d) = %v, want the arrow's red", p[0], p[1], got)
		}
	}
	for _, p := range [][2]int{{20, 24}, {1, 32}, {62, 40}, {30, 44}} {
		if got := pixel(img, p[0], p[1]); got != Background {
			t.Errorf("(%d,%d) = %v, want background", p[0], p[1], got)
		}
	}
	img.Fill(Background)
	Arrow(img, 10, 10, 10, 10, 4, red)
	if got := pixel(img, 10, 10); got != Background {
		t.Errorf("a zero-length arrow drew %v", got)
	}
}
