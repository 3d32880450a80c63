package render

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// blend is premultiplied src over an opaque dst, as the GPU computes it (±1).
func blend(src, dst color.RGBA) color.RGBA {
	f := func(s, d uint8) uint8 { return uint8(int(s) + (int(d)*(255-int(src.A))+127)/255) }
	return color.RGBA{f(src.R, dst.R), f(src.G, dst.G), f(src.B, dst.B), 0xff}
}

func near(a, b color.RGBA) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= 2 && int(y)-int(x) <= 2 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// TestHeatImagePixels: a 3×2 grid drawn at 2 screen pixels per image pixel (8 per cell) at
// (8, 8). Row 0 of the cells (the table's near edge) is the bottom row on screen. Each cell's
// colour is its seen count's over the background; a light cell has its hatching on the diagonal
// x+y ≡ 0 (mod 4) of image pixels and the seen colour elsewhere; heavy adds x−y ≡ 0; a no-stand
// cell is grey; outside the grid the background is untouched.
func TestHeatImagePixels(t *testing.T) {
	img := ebiten.NewImage(48, 32)
	img.Fill(Background)
	var h HeatImage
	cells := []byte{
		HeatCode(0, 0, false), HeatCode(1, 0, false), HeatCode(7, 0, false), // near edge (j = 0)
		HeatCode(2, 1, false), HeatCode(1, 2, false), HeatCode(0, 0, true), // far edge (j = 1)
	}
	h.Set(3, 2, cells)
	h.Draw(img, 8, 8, 3*HeatCellPx*2, 2*HeatCellPx*2, false)
	hatched := blend(heatOver(HeatHatch, HeatSeen[2]), Background)
	// screen pixel of image pixel (px, py) of cell (i, row-from-top r): centre of its 2×2 block.
	at := func(i, r, px, py int) color.RGBA { return pixel(img, 8+(i*HeatCellPx+px)*2+1, 8+(r*HeatCellPx+py)*2+1) }
	for _, c := range []struct {
		name   string
		i, r   int
		px, py int
		want   color.RGBA
	}{
		{"seen by 0 (near edge, left)", 0, 1, 1, 2, blend(HeatSeen[0], Background)},
		{"seen by 1", 1, 1, 2, 2, blend(HeatSeen[1], Background)},
		{"seen by 7 looks like 3+", 2, 1, 1, 1, blend(HeatSeen[3], Background)},
		{"seen by 2, light cover: off the hatching", 0, 0, 1, 2, blend(HeatSeen[2], Background)},
		{"seen by 2, light cover: on the hatching", 0, 0, 1, 3, hatched},
		{"light cover has no cross lines", 0, 0, 1, 1, blend(HeatSeen[2], Background)},
		{"heavy cover: cross lines", 1, 0, 1, 1, blend(heatOver(HeatHatch, HeatSeen[1]), Background)},
		{"heavy cover: first diagonal", 1, 0, 0, 0, blend(heatOver(HeatHatch, HeatSeen[1]), Background)},
		{"heavy cover: off both", 1, 0, 1, 2, blend(HeatSeen[1], Background)},
		{"cannot stand", 2, 0, 1, 2, blend(HeatNoStand, Background)},
	} {
		if got := at(c.i, c.r, c.px, c.py); !near(got, c.want) {
			t.Errorf("%s: cell %d row %d pixel (%d,%d) = %v, want %v", c.name, c.i, c.r, c.px, c.py, got, c.want)
		}
	}
	for _, p := range [][2]int{{4, 4}, {7, 20}, {8 + 24, 8 + 16}, {47, 31}} {
		if got := pixel(img, p[0], p[1]); got != Background {
			t.Errorf("outside the grid (%d,%d) = %v, want the background", p[0], p[1], got)
		}
	}

	// Turned a quarter clockwise (a turned camera, D146) into the 16 × 24 box at (8, 8): cell
	// (i, j) stands j cells from the left and i from the top, the near edge (j = 0) at the left.
	img.Fill(Background)
	h.Draw(img, 8, 8, 2*HeatCellPx*2, 3*HeatCellPx*2, true)
	for _, c := range []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"seen by 0 (i 0, j 0): top left", 8 + 4, 8 + 4, blend(HeatSeen[0], Background)},
		{"seen by 1 (i 1, j 0)", 8 + 4, 16 + 4, blend(HeatSeen[1], Background)},
		{"seen by 7 (i 2, j 0): bottom left", 8 + 4, 24 + 4, blend(HeatSeen[3], Background)},
		{"cannot stand (i 2, j 1): bottom right", 16 + 4, 24 + 4, blend(HeatNoStand, Background)},
	} {
		if got := pixel(img, c.x, c.y); !near(got, c.want) {
			t.Errorf("turned: %s at (%d,%d) = %v, want %v", c.name, c.x, c.y, got, c.want)
		}
	}
	if got := pixel(img, 8+16+2, 12); got != Background {
		t.Errorf("turned: right of the 16 px wide box = %v, want the background", got)
	}

	// A new map of the same size overwrites every cell; Clear draws nothing.
	h.Set(3, 2, make([]byte, 6))
	img.Fill(Background)
	h.Draw(img, 8, 8, 24, 16, false)
	if got := at(1, 0, 2, 2); !near(got, blend(HeatSeen[0], Background)) {
		t.Errorf("after a second Set: %v, want seen by 0", got)
	}
	h.Clear()
	img.Fill(Background)
	h.Draw(img, 8, 8, 24, 16, false)
	if got := pixel(img, 12, 12); got != Background {
		t.Errorf("after Clear: %v, want the background", got)
	}
}

// TestHeatLegend: the legend is drawn with its bottom-right corner where asked; its swatches show
// the overlay's colours over the table's.
func TestHeatLegend(t *testing.T) {
	img := ebiten.NewImage(300, 240)
	img.Fill(Background)
	labels := [HeatLegendRows]string{"seen by 0", "1", "2", "3+", "light cover", "heavy cover", "cannot stand"}
	w, h := HeatLegendSize("Heat map", labels, 12)
	if w < 60 || h < 8*12 {
		t.Fatalf("legend %v×%v px: too small for 8 lines at 12 px", w, h)
	}
	var l HeatLegend
	l.Draw(img, "Heat map", labels, 290, 230, 12)
	l.Draw(img, "Heat map", labels, 290, 230, 12) // cached: the same image again
	if got := pixel(img, 291, 231); got != Background {
		t.Errorf("right of and below the corner: %v, want the background", got)
	}
	if got := pixel(img, int(290-w)+1, int(230-h)+1); got == Background {
		t.Errorf("legend's top-left corner is the background")
	}
	// The first swatch (seen by 0): its centre is the seen-0 colour over the table fill.
	pad, lh, sw := 6.0, 12*1.45, 14.0
	sx := int(290-w+pad+sw/2) + 1
	sy := int(230-h+pad+lh+(12*1.15-sw)/2+sw/2) + 1
	want := blend(HeatSeen[0], blend(TableFill, blend(TagBackground, Background)))
	if got := pixel(img, sx, sy); !near(got, want) && !near(got, blend(HeatSeen[0], TableFill)) {
		t.Errorf("first swatch centre (%d,%d) = %v, want about %v", sx, sy, got, blend(HeatSeen[0], TableFill))
	}
}

func BenchmarkHeatImageSet(b *testing.B) {
	cells := make([]byte, 144*72)
	for k := range cells {
		cells[k] = HeatCode(k%5, k%3, k%17 == 0)
	}
	var h HeatImage
	for b.Loop() {
		h.Set(144, 72, cells)
	}
}
