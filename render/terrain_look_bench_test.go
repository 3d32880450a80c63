package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// BenchmarkTerrainLooks draws one of every look, each about the size of the default table's
// pieces at 1440×900 (19.6 px/in): what redrawing the cached ground costs on the CPU side (path
// building and fills queued; the GPU's share is not measured here).
func BenchmarkTerrainLooks(b *testing.B) {
	img := ebiten.NewImage(1440, 900)
	rect := func(x, y, w, h float32) []float32 { return []float32{x, y, x + w, y, x + w, y + h, x, y + h} }
	var pieces []Piece
	for i, l := range Looks() {
		x := float32(20 + 120*i)
		pc := Piece{Look: l, Height: 3, Points: rect(x, 100, 110, 90)}
		if l == LookCrater {
			pc = Piece{Look: l, CX: x + 60, CY: 150, R: 58}
		}
		if l == LookBarricade || l == LookFence || l == LookWall {
			pc.Points = rect(x, 100, 98, 16)
		}
		pieces = append(pieces, pc)
	}
	b.ReportAllocs()
	for b.Loop() {
		Terrain(img, pieces, 1.5)
		_ = img.At(0, 0) // wait for the GPU: drawing is queued until a read
	}
}

// BenchmarkTerrainPlain draws the same footprints all as barricades (no marks): the fills and
// outlines alone, the cost the terrain had before it had looks.
func BenchmarkTerrainPlain(b *testing.B) {
	img := ebiten.NewImage(1440, 900)
	rect := func(x, y, w, h float32) []float32 { return []float32{x, y, x + w, y, x + w, y + h, x, y + h} }
	var pieces []Piece
	for i := range Looks() {
		pieces = append(pieces, Piece{Look: LookBarricade, Points: rect(float32(20+120*i), 100, 110, 90)})
	}
	b.ReportAllocs()
	for b.Loop() {
		Terrain(img, pieces, 1.5)
		_ = img.At(0, 0) // wait for the GPU: drawing is queued until a read
	}
}
