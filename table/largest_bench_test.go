package table_test

import (
	"testing"

	"holotable/internal/tabletest"
	"holotable/table"
)

// BenchmarkLoadLargest and BenchmarkSaveLargest read and write the largest table the limits
// accept (internal/tabletest, 216 KB): the import's first two steps in the app are one of each
// (issue 18).
func BenchmarkLoadLargest(b *testing.B) {
	data, _ := tabletest.LargestFile()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := table.Load(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSaveLargest(b *testing.B) {
	_, f := tabletest.LargestFile()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := table.Save(f); err != nil {
			b.Fatal(err)
		}
	}
}
