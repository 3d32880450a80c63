package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// FineGridLine is the colour of the optional fine grid (a line every inch): fainter than GridLine.
var FineGridLine = color.RGBA{0x51, 0x66, 0x46, 0xff}

// GridLines draws thin lines across the table rectangle (x, y is its top-left corner on screen) at
// the given screen positions, in FineGridLine, without anti-aliasing (one cheap draw per line).
func GridLines(dst *ebiten.Image, x, y, w, h float32, gridX, gridY []float32, lineWidth float32) {
	for _, gx := range gridX {
		vector.StrokeLine(dst, gx, y, gx, y+h, lineWidth, FineGridLine, false)
	}
	for _, gy := range gridY {
		vector.StrokeLine(dst, x, gy, x+w, gy, lineWidth, FineGridLine, false)
	}
}
