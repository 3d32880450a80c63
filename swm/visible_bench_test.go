package swm

import (
	"testing"

	"holotable/maps"
	"holotable/table"
)

// BenchmarkGridSightExample: what each figure of the example map (maps/swm/example.json, 24 × 16
// squares, two walled rooms) sees of the whole map — the overlay the app shows for a selected
// figure.
func BenchmarkGridSightExample(b *testing.B) {
	f, err := table.LoadSWM(maps.SWMExample())
	if err != nil {
		b.Fatal(err)
	}
	bd := NewBoard(f)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bd.Sight(SpaceOf(f.Figures[i%len(f.Figures)]))
	}
}
