package render

import "image/color"

// The grid table of Star Wars Miniatures (ruleset "swm"): the map's squares in the colours the
// rules name (seed 004 L754–830: low objects green, difficult terrain yellow, pits orange, walls
// magenta, doors blue), drawn with the Overlay's triangles like every other thin shape.

// Grid colours (premultiplied where translucent).
var (
	GridOpen       = color.RGBA{0x2a, 0x30, 0x36, 0xff}
	GridLow        = color.RGBA{0x3f, 0x8f, 0x4a, 0xff} // low objects: green (L760)
	GridDifficult  = color.RGBA{0xb8, 0xa2, 0x34, 0xff} // difficult terrain: yellow (L770)
	GridPit        = color.RGBA{0xc8, 0x6a, 0x28, 0xff} // pit: orange (L824)
	GridSolid      = color.RGBA{0x10, 0x12, 0x16, 0xff} // a solid square: counts as walls (L782)
	GridSquareLine = color.RGBA{0x4a, 0x52, 0x5a, 0xff}
	GridWall       = color.RGBA{0xe0, 0x3c, 0xc8, 0xff} // walls: magenta (L780)
	GridDoor       = color.RGBA{0x3c, 0x8c, 0xff, 0xff} // doors: blue (L812)
	GridDeploy     = color.RGBA{0xd0, 0xd0, 0xd0, 0xff}
	GridUnseen     = Premul(0x00, 0x00, 0x00, 0x70) // a square the selected figure cannot see
	GridReach      = Premul(0x5a, 0xd2, 0xff, 0x48) // a square the selected figure can end its move on
	GridProvoke    = color.RGBA{0xff, 0xb0, 0x30, 0xff}
	GridSelected   = color.RGBA{0xff, 0xff, 0xff, 0xff}
	GridTarget     = color.RGBA{0xff, 0xe0, 0x40, 0xff}
	GridLegal      = color.RGBA{0x60, 0xe0, 0x70, 0xff}
	GridSightLine  = color.RGBA{0x60, 0xe0, 0x70, 0xff}
	GridNoSight    = color.RGBA{0xff, 0x60, 0x60, 0xff}
	GridCorner     = color.RGBA{0xff, 0xe0, 0x40, 0xff}
)

// GridSquareColor is the fill of a square kind by its index (table.Square: open, low,
// difficult, pit, solid).
func GridSquareColor(kind int) color.RGBA {
	switch kind {
	case 1:
		return GridLow
	case 2:
		return GridDifficult
	case 3:
		return GridPit
	case 4:
		return GridSolid
	}
	return GridOpen
}

// Rect adds a filled axis-aligned rectangle from (x, y), w × h pixels (no feathered edge: a
// grid's squares meet exactly).
func (o *Overlay) Rect(x, y, w, h float32, c color.RGBA) {
	if !(w > 0) || !(h > 0) {
		return
	}
	a := o.vertex(x, y, c, 1)
	b := o.vertex(x+w, y, c, 1)
	d := o.vertex(x+w, y+h, c, 1)
	e := o.vertex(x, y+h, c, 1)
	o.quad(a, b, d, e)
}
