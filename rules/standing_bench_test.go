package rules

import (
	"testing"
	"time"

	"holotable/internal/tabletest"
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

// BenchmarkStandingLargest is the same on the largest table the limits accept (256 units of 4
// minis among 256 pieces and 256 tokens; internal/tabletest), after an import of it; it reports
// the slowest unit too, which bounds a frame of the app's scan (issue 18).
func BenchmarkStandingLargest(b *testing.B) {
	_, f := tabletest.LargestFile()
	w := NewWorld(f)
	b.ReportAllocs()
	var worst time.Duration
	for b.Loop() {
		for _, u := range w.Units {
			t0 := time.Now()
			if _, err := w.Standing(u.ID); err != nil {
				b.Fatal(err)
			}
			worst = max(worst, time.Since(t0))
		}
	}
	b.ReportMetric(float64(worst)/1e6, "worst-unit-ms")
}
