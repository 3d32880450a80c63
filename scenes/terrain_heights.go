package scenes

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/render"
	"holotable/table"
)

// Terrain heights on the table (issue 17, item 16): each piece with a height has it written at a
// point inside its footprint, once the piece is big enough on screen to hold it; the page's legend
// says what the fills mean (web/ui.js, "legend.*"; the looks in terrain_look.go).

// heightText is a piece's height as written on it: `3"` (or `7.6 cm`), in the display unit.
func heightText(h float64, fileUnit string) string {
	in := h
	if fileUnit == "mm" {
		in = h / 25.4
	}
	if DisplayUnit() == "cm" {
		return strconv.FormatFloat(math.Round(in*25.4)/10, 'f', -1, 64) + " cm"
	}
	return strconv.FormatFloat(math.Round(in*10)/10, 'f', -1, 64) + `"`
}

// inside reports whether (x, y) lies inside the polygon pts (x0, y0, x1, y1, …), by ray crossing.
func inside(pts []float32, x, y float32) bool {
	in := false
	n := len(pts) / 2
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		xi, yi, xj, yj := pts[2*i], pts[2*i+1], pts[2*j], pts[2*j+1]
		if (yi > y) != (yj > y) && x < (xj-xi)*(y-yi)/(yj-yi)+xi {
			in = !in
		}
	}
	return in
}

// labelPoint is where a piece's height is written: its centre for a circle; for a polygon the
// centre of its box, else the mean of its corners, else the centre of the first fan triangle that
// lies inside (an L's box centre is outside it). ok is false when the piece is too small on screen (its longer side shorter than minSize).
func labelPoint(pc render.Piece, minSize float32) (x, y float32, ok bool) {
	if len(pc.Points) == 0 {
		return pc.CX, pc.CY, 2*pc.R >= minSize
	}
	x0, y0, x1, y1 := pc.Points[0], pc.Points[1], pc.Points[0], pc.Points[1]
	var mx, my float32
	n := len(pc.Points) / 2
	for i := 0; i < n; i++ {
		px, py := pc.Points[2*i], pc.Points[2*i+1]
		x0, y0, x1, y1 = min(x0, px), min(y0, py), max(x1, px), max(y1, py)
		mx, my = mx+px/float32(n), my+py/float32(n)
	}
	if max(x1-x0, y1-y0) < minSize { // a thin piece (a barricade) long enough still gets its height
		return 0, 0, false
	}
	cands := [][2]float32{{(x0 + x1) / 2, (y0 + y1) / 2}, {mx, my}}
	for i := 1; i+1 < n; i++ {
		p := pc.Points
		cands = append(cands, [2]float32{(p[0] + p[2*i] + p[2*i+2]) / 3, (p[1] + p[2*i+1] + p[2*i+3]) / 3})
	}
	for _, c := range cands {
		if inside(pc.Points, c[0], c[1]) {
			return c[0], c[1], true
		}
	}
	return 0, 0, false
}

// drawTerrainHeights writes each piece's height on it.
func (s *TableScene) drawTerrainHeights(screen *ebiten.Image, f *table.File) {
	k := s.scale()
	size := 10 * k
	for i := range f.Terrain {
		t := &f.Terrain[i]
		if t.Height <= 0 {
			continue
		}
		x, y, ok := labelPoint(screenPiece(s.cam, t, f.Units), float32(28*k))
		if !ok {
			continue
		}
		s.labels.Draw(screen, heightText(t.Height, f.Units), float64(x), float64(y)-size*0.62, size, render.LabelColor)
	}
}

func init() {
	RegisterStrings(map[string][2]string{
		"legend.title":  {"Terrain", "Gelände"},
		"legend.height": {`3": its height`, `3": seine Höhe`},
	})
}
