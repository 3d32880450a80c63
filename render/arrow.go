package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

var arrowPath vector.Path

// Arrow draws an arrow from (x0, y0) to its head at (x1, y1): a shaft of width w and a head 4w
// long and wide, in colour c on a dark rim (HandleRim). Nothing is drawn for a zero length.
func Arrow(dst *ebiten.Image, x0, y0, x1, y1, w float32, c color.Color) {
	dx, dy := x1-x0, y1-y0
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	head := min(4*w, l)
	bx, by := x1-ux*head, y1-uy*head // the head's base
	for _, pass := range []struct {
		grow float32
		c    color.Color
	}{{2, HandleRim}, {0, c}} {
		arrowPath.Reset()
		addSegment(&arrowPath, x0, y0, bx, by, w+pass.grow)
		hw := head/2 + pass.grow
		addPolygon(&arrowPath, []float32{x1 + ux*pass.grow, y1 + uy*pass.grow, bx - uy*hw, by + ux*hw, bx + uy*hw, by - ux*hw})
		nfill(dst, &arrowPath, pass.c)
	}
}
