package rules

import (
	"testing"

	"holotable/maps"
	"holotable/table"
)

// BenchmarkStandingDefault asks where every unit of the default table stands, as the app does
// after each change of the document (scenes/standing.go): all twelve units on one world.
func BenchmarkStandingDefault(b *testing.B) {
	f, err := table.Load(maps.Default())
	if err != nil {
		b.Fatal(err)
	}
	w := NewWorld(f)
	b.ReportAllocs()
	for b.Loop() {
		for _, u := range w.Units {
			if _, err := w.Standing(u.ID); err != nil {
				b.Fatal(err)
			}
		}
	}
}
