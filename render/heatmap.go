package render

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// The visibility heat map overlay: every cell of the grid as a small square of pixels in one
// image, written with WritePixels only when the map changes and drawn scaled onto the table with
// one DrawImage a frame (ten thousand separate fills would cost a frame many times over in the
// browser). The colour says how many viewers see the cell, a hatching baked into the pixels says
// its cover, and cells where the probe cannot stand are a neutral grey.

// HeatCellPx is the side of one cell in the overlay image, in image pixels: enough for a
// diagonal hatching whose lines run on from cell to cell.
const HeatCellPx = 4

// Heat map colours (premultiplied): seen by 0, 1, 2, 3 or more viewers; cannot stand; and the
// hatching of cells with cover.
var (
	HeatSeen = [4]color.RGBA{
		Premul(0x2a, 0x9d, 0xe0, 0x60), // 0: unseen, safe
		Premul(0xf5, 0xd4, 0x2c, 0x78), // 1
		Premul(0xf5, 0x8a, 0x1c, 0x88), // 2
		Premul(0xe8, 0x2a, 0x2a, 0x98), // 3+
	}
	HeatNoStand = Premul(0x9a, 0x9a, 0x9a, 0x70)
	HeatHatch   = Premul(0x14, 0x10, 0x0c, 0xd0)
)

// HeatCode packs one cell for HeatImage.Set: seen is the number of viewers that see it (3 and
// more look the same), cover 0/1/2 none/light/heavy (drawn only where seen > 0), noStand a cell
// where the probe cannot stand.
func HeatCode(seen, cover int, noStand bool) byte {
	if noStand {
		return 0x80
	}
	return byte(min(max(seen, 0), 3) | min(max(cover, 0), 2)<<2)
}

// heatTiles holds each code's HeatCellPx² pixels (RGBA, premultiplied), row by row. The
// hatching's lines are where x+y (light), or x+y or x−y (heavy), is a multiple of HeatCellPx, so
// they continue across neighbouring cells.
var heatTiles = func() (t [0x81][HeatCellPx * HeatCellPx * 4]byte) {
	put := func(code int, c func(x, y int) color.RGBA) {
		for y := range HeatCellPx {
			for x := range HeatCellPx {
				p := c(x, y)
				o := (y*HeatCellPx + x) * 4
				t[code][o], t[code][o+1], t[code][o+2], t[code][o+3] = p.R, p.G, p.B, p.A
			}
		}
	}
	for seen := range 4 {
		for cover := range 3 {
			code := seen | cover<<2
			put(code, func(x, y int) color.RGBA {
				hatch := seen > 0 && ((cover >= 1 && (x+y)%HeatCellPx == 0) || (cover == 2 && (x-y+HeatCellPx)%HeatCellPx == 0))
				if hatch {
					return heatOver(HeatHatch, HeatSeen[seen])
				}
				return HeatSeen[seen]
			})
		}
	}
	put(0x80, func(int, int) color.RGBA { return HeatNoStand })
	return t
}()

// heatOver is premultiplied a drawn over b.
func heatOver(a, b color.RGBA) color.RGBA {
	k := 255 - uint16(a.A)
	f := func(x, y uint8) uint8 { return uint8(uint16(x) + (uint16(y)*k+127)/255) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), f(a.A, b.A)}
}

// HeatImage is the heat map as an image of HeatCellPx × HeatCellPx pixels per cell.
type HeatImage struct {
	img        *ebiten.Image
	pix        []byte
	cols, rows int
}

// Set writes the cells: cols × rows codes (HeatCode), row 0 the table's near edge (smallest y),
// each row from the left edge — the order of rules.HeatMap. The image's top row is the far edge.
func (h *HeatImage) Set(cols, rows int, cells []byte) {
	if cols <= 0 || rows <= 0 || len(cells) < cols*rows {
		h.Clear()
		return
	}
	w, ht := cols*HeatCellPx, rows*HeatCellPx
	if h.img == nil || h.cols != cols || h.rows != rows {
		if h.img != nil {
			h.img.Deallocate()
		}
		h.img = ebiten.NewImage(w, ht)
		h.cols, h.rows = cols, rows
		h.pix = make([]byte, w*ht*4)
	}
	stride := w * 4
	const tileRow = HeatCellPx * 4
	for j := range rows {
		top := (rows - 1 - j) * HeatCellPx // image row of the cell's top pixel row
		for i := range cols {
			tile := &heatTiles[cells[j*cols+i]]
			o := top*stride + i*tileRow
			for y := range HeatCellPx {
				copy(h.pix[o+y*stride:o+y*stride+tileRow], tile[y*tileRow:(y+1)*tileRow])
			}
		}
	}
	h.img.WritePixels(h.pix)
}

// Clear drops the image.
func (h *HeatImage) Clear() {
	if h.img != nil {
		h.img.Deallocate()
	}
	h.img, h.pix, h.cols, h.rows = nil, nil, 0, 0
}

// Draw draws the cells scaled onto the screen rectangle whose top-left corner is (x, y) and size
// w × ht (the grid's extent on the table, as the camera maps it), cells with crisp edges. turned
// draws them a quarter turn clockwise (a turned camera: the first column at the top, the first row
// at the right).
func (h *HeatImage) Draw(dst *ebiten.Image, x, y, w, ht float64, turned bool) {
	if h.img == nil || w <= 0 || ht <= 0 {
		return
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterNearest}
	if turned {
		op.GeoM.Scale(ht/float64(h.cols*HeatCellPx), w/float64(h.rows*HeatCellPx))
		op.GeoM.Rotate(math.Pi / 2)
		op.GeoM.Translate(x+w, y)
	} else {
		op.GeoM.Scale(w/float64(h.cols*HeatCellPx), ht/float64(h.rows*HeatCellPx))
		op.GeoM.Translate(x, y)
	}
	dst.DrawImage(h.img, op)
}

// HeatLegend is the heat map's legend: a title line, then a swatch and a label for each of seen
// by 0, 1, 2, 3+, light cover, heavy cover and cannot stand. It is drawn into an image of its own
// when its text or size changes, and copied to the screen each frame.
type HeatLegend struct {
	img *ebiten.Image
	key string
}

// HeatLegendRows is the number of swatch rows of the legend, in the order of Draw's labels.
const HeatLegendRows = 7

// Draw draws the legend with its bottom-right corner at (right, bottom). labels are the rows'
// texts: seen by 0, 1, 2, 3+, light cover, heavy cover, cannot stand.
func (l *HeatLegend) Draw(dst *ebiten.Image, title string, labels [HeatLegendRows]string, right, bottom, size float64) {
	key := title + "\x00" + strings.Join(labels[:], "\x00") + "\x00" + strconv.FormatFloat(size, 'g', -1, 64)
	if l.img == nil || key != l.key {
		if l.img != nil {
			l.img.Deallocate()
		}
		l.img = heatLegendImage(title, labels, size)
		l.key = key
	}
	b := l.img.Bounds()
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(right)-float64(b.Dx()), math.Round(bottom)-float64(b.Dy()))
	dst.DrawImage(l.img, op)
}

// HeatLegendSize is the legend's size in pixels for the same arguments as Draw.
func HeatLegendSize(title string, labels [HeatLegendRows]string, size float64) (w, h float64) {
	face := Face(size)
	lh := size * 1.45
	sw := math.Round(size * 1.2) // swatch side
	w = face.Width(title)
	for _, s := range labels {
		lw := face.Width(s)
		w = math.Max(w, sw+size*0.5+lw)
	}
	pad := size * 0.5
	return math.Ceil(w + 2*pad), math.Ceil(lh*float64(1+len(labels)) + 2*pad - (lh - size*1.15))
}

// heatLegendCodes are the swatches' cell codes: seen by 0..3+, light (seen by 1), heavy (seen by
// 1), cannot stand.
var heatLegendCodes = [HeatLegendRows]byte{0, 1, 2, 3, 1 | 1<<2, 1 | 2<<2, 0x80}

func heatLegendImage(title string, labels [HeatLegendRows]string, size float64) *ebiten.Image {
	w, h := HeatLegendSize(title, labels, size)
	img := ebiten.NewImage(int(w), int(h))
	vector.FillRect(img, 0, 0, float32(w), float32(h), TagBackground, false)
	face := Face(size)
	lh := size * 1.45
	pad := size * 0.5
	sw := math.Round(size * 1.2)
	put := func(s string, x, y float64) {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(x, y)
		op.ColorScale.ScaleWithColor(LabelColor)
		DrawText(img, s, face, op)
	}
	put(title, pad, pad)
	// Each swatch is its cell tile drawn over the table's colour, scaled to the swatch: it looks
	// like the overlay on the table.
	var tile HeatImage
	defer tile.Clear()
	for i, s := range labels {
		y := pad + float64(i+1)*lh
		sy := math.Round(y + (size*1.15-sw)/2)
		vector.FillRect(img, float32(pad), float32(sy), float32(sw), float32(sw), TableFill, false)
		code := heatLegendCodes[i]
		tile.Set(3, 3, []byte{code, code, code, code, code, code, code, code, code})
		tile.Draw(img, pad, sy, sw, sw, false)
		put(s, pad+sw+size*0.5, y)
	}
	return img
}
