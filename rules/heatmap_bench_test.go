package rules

import (
	"testing"

	"holotable/table"
)

// BenchmarkHeatMapDefault is the whole heat map of the default table (0.5" grid, 10,368 cells)
// for a blue trooper against the six red leaders. Issue 6 budget: ≤ 30 ms native, ≤ 100 ms WASM.
func BenchmarkHeatMapDefault(b *testing.B) {
	w := defaultWorld(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := w.HeatMap(HeatQuery{Side: "blue"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHeatMapUpdate moves one building of the default table 2" and updates the map
// (issue 6 budget: ≤ 16 ms in WASM). The two worlds alternate, so every iteration is a move.
func BenchmarkHeatMapUpdate(b *testing.B) {
	w := defaultWorld(b)
	g := *w.File
	g.Terrain = append([]table.Terrain(nil), w.File.Terrain...)
	p := &g.Terrain[0]
	pts := append([][2]float64(nil), p.Polygon...)
	for k := range pts {
		pts[k][0] += 2
	}
	p.Polygon = pts
	w2 := NewWorld(&g)
	h, err := w.HeatMap(HeatQuery{Side: "blue"})
	if err != nil {
		b.Fatal(err)
	}
	worlds := [2]*World{w2, w}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := h.Update(worlds[i%2], []string{p.ID}); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
