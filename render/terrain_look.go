package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Look is what a terrain piece is drawn as (issue 17, item 16). The table file knows only three
// kinds (solid, area, depression) with a height, cover, movement and a footprint; the scene
// derives a Look from those (scenes/terrain_look.go), and render draws each Look its own way.
// The zero Look is LookBuilding.
type Look int

// Terrain looks, drawn in this order (flat things first, buildings on top).
const (
	LookBuilding  Look = iota // solid, tall, impassable to troopers: slate roof with hip lines
	LookRuin                  // solid, tall, difficult: sandstone with a broken (dashed) edge
	LookWall                  // solid, tall and thin: dark stone with a light edge
	LookBarricade             // solid, low (a trooper's cover): tan with a dark edge
	LookHill                  // solid, tall, open to troopers: olive with a contour line
	LookWoods                 // area, tall: green with trees
	LookGrass                 // area, low: light green with tufts
	LookWater                 // area, flat, no cover: blue
	LookFence                 // area, thin: see-through, dashed edge
	LookCrater                // depression, round: brown with an inner rim
	LookTrench                // depression, any other shape: brown with a dark floor
	nLooks
)

var lookNames = [nLooks]string{"building", "ruin", "wall", "barricade", "hill", "woods", "grass",
	"water", "fence", "crater", "trench"}

// String is the look's word, as in the page's legend keys ("legend.building", …).
func (l Look) String() string {
	if l < 0 || l >= nLooks {
		return "look(?)"
	}
	return lookNames[l]
}

// Looks lists every look in drawing order.
func Looks() []Look {
	out := make([]Look, nLooks)
	for i := range out {
		out[i] = Look(i)
	}
	return out
}

// drawOrder is the order looks are drawn in: depressions and flat area terrain under the rest,
// buildings last.
var drawOrder = []Look{LookCrater, LookTrench, LookWater, LookGrass, LookWoods, LookFence, LookHill,
	LookBarricade, LookRuin, LookWall, LookBuilding}

// lookStyle is a look's fill and edge colour.
type lookStyle struct {
	fill, edge color.RGBA
}

var lookStyles = [nLooks]lookStyle{
	LookBuilding:  {color.RGBA{0x76, 0x80, 0x8c, 0xff}, color.RGBA{0x1f, 0x23, 0x29, 0xff}},
	LookRuin:      {color.RGBA{0x9a, 0x86, 0x6c, 0xff}, color.RGBA{0x3a, 0x2f, 0x24, 0xff}},
	LookWall:      {color.RGBA{0x4d, 0x4a, 0x46, 0xff}, color.RGBA{0xd8, 0xd0, 0xc0, 0xff}},
	LookBarricade: {color.RGBA{0xc2, 0xa2, 0x5a, 0xff}, color.RGBA{0x3a, 0x2c, 0x14, 0xff}},
	LookHill:      {color.RGBA{0x7d, 0x74, 0x46, 0xff}, color.RGBA{0xd2, 0xbf, 0x7c, 0xff}},
	LookWoods:     {AreaFill, AreaEdge},
	LookGrass:     {Premul(0x86, 0xb0, 0x4a, 0x90), color.RGBA{0xc4, 0xe0, 0x8a, 0xff}},
	LookWater:     {Premul(0x2c, 0x6c, 0xb0, 0xb0), color.RGBA{0x94, 0xc8, 0xf4, 0xff}},
	LookFence:     {Premul(0xd0, 0xc0, 0x90, 0x40), color.RGBA{0xe0, 0xd0, 0xa0, 0xff}},
	LookCrater:    {DepressFill, DepressEdge},
	LookTrench:    {DepressFill, DepressEdge},
}

// LookColors are a look's fill and edge colours (the page's legend swatches use the same).
func LookColors(l Look) (fill, edge color.RGBA) {
	if l < 0 || l >= nLooks {
		l = LookBuilding
	}
	s := lookStyles[l]
	return s.fill, s.edge
}

// heightShade is how much lighter a solid piece's fill is drawn for its height in inches: none at
// the table, a third of the way to white at 6" (one range segment) and above, so that taller
// pieces read lighter in the top-down view.
func heightShade(h float32) float64 {
	return min(1, max(0, float64(h)/6)) / 3
}

// ShadedFill is the fill of a piece of look l and height h (inches): solid looks lighter the
// taller they are; area terrain and depressions keep their colour.
func ShadedFill(l Look, h float32) color.RGBA {
	f, _ := LookColors(l)
	switch l {
	case LookBuilding, LookRuin, LookWall, LookBarricade, LookHill:
		return lighter(f, heightShade(h))
	}
	return f
}

var (
	lookFill  layers
	lookMarks Overlay
)

// drawLooks fills the pieces by their look, in drawOrder, one vector fill per colour (render.go's
// note on FillPath), then draws every outline and mark — a building's hip roof, a ruin's broken
// edge, a hill's contour, trees in woods, tufts in grass, a crater's rim — as one triangle mesh
// (Overlay), so that the ground costs a few draw calls whatever the table holds.
func drawLooks(dst *ebiten.Image, pieces []Piece, lw float32) {
	lookFill.reset()
	lookMarks.Reset()
	for _, l := range drawOrder {
		for _, pc := range pieces {
			if pc.Look != l {
				continue
			}
			fp := lookFill.path(ShadedFill(l, pc.Height))
			if len(pc.Points) >= 6 {
				addPolygon(fp, pc.Points)
			} else {
				addCircle(fp, pc.CX, pc.CY, pc.R, false)
			}
		}
	}
	lookFill.fill(dst)
	for _, l := range drawOrder {
		_, edge := LookColors(l)
		for _, pc := range pieces {
			if pc.Look != l {
				continue
			}
			if l != LookRuin && l != LookFence {
				outline(&lookMarks, pc, 1, 1, 0, 0, lw, edge)
			}
			decorate(&lookMarks, pc, l, edge, lw)
		}
	}
	lookMarks.Draw(dst)
}

// decorate adds a piece's marks of its look to o.
func decorate(o *Overlay, pc Piece, l Look, edge color.RGBA, lw float32) {
	cx, cy := pieceCentre(pc)
	switch l {
	case LookBuilding: // a hip roof: a line from every corner to the centre
		for i := 0; i+1 < len(pc.Points) && len(pc.Points) >= 6; i += 2 {
			o.Line(pc.Points[i], pc.Points[i+1], cx, cy, 0.8*lw, Premul(edge.R, edge.G, edge.B, 0xa0))
		}
	case LookRuin, LookFence: // a broken edge
		dashOutline(o, pc, 4*lw, 2.5*lw, lw, edge)
	case LookHill: // a contour line at 60 %
		outline(o, pc, 0.6, 0.6, cx, cy, 0.7*lw, edge)
	case LookCrater: // the inner rim
		outline(o, pc, 0.6, 0.6, cx, cy, 1.5*lw, darker(DepressFill, 0.6))
	case LookTrench: // the floor, darker
		outline(o, pc, 0.45, 0.45, cx, cy, 1.5*lw, darker(DepressFill, 0.6))
	case LookWoods: // trees on a grid inside the footprint
		dots(o, pc, 7*lw, 2.2*lw, Premul(0x0c, 0x33, 0x10, 0xd0))
	case LookGrass: // tufts
		dots(o, pc, 5*lw, 0.9*lw, Premul(0xd8, 0xf0, 0xa0, 0xb0))
	}
}

// pieceCentre is the mean of a polygon's corners, or a circle's centre.
func pieceCentre(pc Piece) (float32, float32) {
	n := len(pc.Points) / 2
	if n < 3 {
		return pc.CX, pc.CY
	}
	var x, y float32
	for i := 0; i < n; i++ {
		x += pc.Points[2*i]
		y += pc.Points[2*i+1]
	}
	return x / float32(n), y / float32(n)
}

// outline adds the piece's outline, w wide, scaled by (fx, fy) about (cx, cy) (1, 1: as it is).
func outline(o *Overlay, pc Piece, fx, fy, cx, cy, w float32, c color.RGBA) {
	if len(pc.Points) < 6 {
		o.Ring(pc.CX, pc.CY, pc.R*fx, w, c)
		return
	}
	n := len(pc.Points) / 2
	at := func(i int) (float32, float32) {
		i %= n
		return cx + (pc.Points[2*i]-cx)*fx, cy + (pc.Points[2*i+1]-cy)*fy
	}
	for i := 0; i < n; i++ {
		x0, y0 := at(i)
		x1, y1 := at(i + 1)
		o.Line(x0, y0, x1, y1, w, c)
		o.Disc(x0, y0, w/2, c)
	}
}

// dashOutline adds the piece's outline as dashes dash long with gaps gap long, w wide.
func dashOutline(o *Overlay, pc Piece, dash, gap, w float32, c color.RGBA) {
	if len(pc.Points) < 6 {
		n := max(12, int(2*math.Pi*float64(pc.R)/float64(dash+gap)))
		for i := 0; i < n; i++ {
			a0 := 2 * math.Pi * float64(i) / float64(n)
			a1 := a0 + 2*math.Pi/float64(n)*float64(dash/(dash+gap))
			o.Line(pc.CX+pc.R*float32(math.Cos(a0)), pc.CY+pc.R*float32(math.Sin(a0)),
				pc.CX+pc.R*float32(math.Cos(a1)), pc.CY+pc.R*float32(math.Sin(a1)), w, c)
		}
		return
	}
	n := len(pc.Points) / 2
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		o.DashedLine(pc.Points[2*i], pc.Points[2*i+1], pc.Points[2*j], pc.Points[2*j+1], w, dash, gap, c)
	}
}

// dots adds discs of radius r on a grid step apart (every other row shifted by half a step)
// whose whole disc lies inside the piece, at least one: the centre when none fits.
func dots(o *Overlay, pc Piece, step, r float32, c color.RGBA) {
	if step <= 0 {
		return
	}
	x0, y0, x1, y1 := pieceBox(pc)
	any := false
	row := 0
	for y := y0 + step/2; y < y1; y, row = y+step, row+1 {
		off := float32(0)
		if row%2 == 1 {
			off = step / 2
		}
		for x := x0 + step/2 + off; x < x1; x += step {
			if insidePiece(pc, x, y, r) {
				o.Disc(x, y, r, c)
				any = true
			}
		}
	}
	if !any {
		cx, cy := pieceCentre(pc)
		if insidePiece(pc, cx, cy, 0) {
			o.Disc(cx, cy, r, c)
		}
	}
}

// pieceBox is the piece's bounding box on screen.
func pieceBox(pc Piece) (x0, y0, x1, y1 float32) {
	if len(pc.Points) < 6 {
		return pc.CX - pc.R, pc.CY - pc.R, pc.CX + pc.R, pc.CY + pc.R
	}
	x0, y0, x1, y1 = pc.Points[0], pc.Points[1], pc.Points[0], pc.Points[1]
	for i := 2; i+1 < len(pc.Points); i += 2 {
		x0, y0 = min(x0, pc.Points[i]), min(y0, pc.Points[i+1])
		x1, y1 = max(x1, pc.Points[i]), max(y1, pc.Points[i+1])
	}
	return
}

// insidePiece reports whether the disc of radius r at (x, y) lies inside the piece: its centre
// inside and at least r from every edge.
func insidePiece(pc Piece, x, y, r float32) bool {
	if len(pc.Points) < 6 {
		return float32(math.Hypot(float64(x-pc.CX), float64(y-pc.CY))) <= pc.R-r
	}
	pts := pc.Points
	n := len(pts) / 2
	in := false
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		xi, yi, xj, yj := pts[2*i], pts[2*i+1], pts[2*j], pts[2*j+1]
		if (yi > y) != (yj > y) && x < (xj-xi)*(y-yi)/(yj-yi)+xi {
			in = !in
		}
		if segDist(x, y, xi, yi, xj, yj) < r {
			return false
		}
	}
	return in
}

// segDist is the distance from (x, y) to the segment (x0, y0)–(x1, y1).
func segDist(x, y, x0, y0, x1, y1 float32) float32 {
	dx, dy := x1-x0, y1-y0
	t := float32(0)
	if l2 := dx*dx + dy*dy; l2 > 0 {
		t = min(1, max(0, ((x-x0)*dx+(y-y0)*dy)/l2))
	}
	return float32(math.Hypot(float64(x-x0-t*dx), float64(y-y0-t*dy)))
}
