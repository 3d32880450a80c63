package scenes

import (
	"encoding/json"
	"testing"
	"time"

	"holotable/internal/tabletest"
)

// BenchmarkImportLargest imports the largest table the limits accept (internal/tabletest) as the
// app does, a step a tick — read and check, submit, build the world — then scans where every unit
// stands with the app's step budget, and reports each step's time and the longest tick of the
// scan (issue 18: no tick of an import may hold the page).
func BenchmarkImportLargest(b *testing.B) {
	data, _ := tabletest.LargestFile()
	arg, err := json.Marshal(string(data))
	if err != nil {
		b.Fatal(err)
	}
	var steps [3]time.Duration
	var scan, longest time.Duration
	ticks := 0
	for b.Loop() {
		b.StopTimer()
		s := NewTableScene("bench", testDoc())
		s.SetStepBudget(10 * time.Millisecond)
		s.Snapshot()
		b.StartTimer()
		_, job, err := s.Begin("import", arg)
		if err != nil {
			b.Fatal(err)
		}
		for k := 0; ; k++ {
			t0 := time.Now()
			done, err := s.StepJob(job)
			steps[k] += time.Since(t0)
			if err != nil {
				b.Fatal(err)
			}
			if done {
				break
			}
		}
		for rev := s.Doc().Rev(); s.stand.rev != rev || !s.stand.asked; ticks++ {
			t0 := time.Now()
			s.Snapshot()
			d := time.Since(t0)
			scan += d
			longest = max(longest, d)
		}
	}
	n := float64(b.N) * 1e6
	b.ReportMetric(float64(steps[0])/n, "load-ms")
	b.ReportMetric(float64(steps[1])/n, "submit-ms")
	b.ReportMetric(float64(steps[2])/n, "world-ms")
	b.ReportMetric(float64(scan)/n, "standing-ms")
	b.ReportMetric(float64(ticks)/float64(b.N), "standing-ticks")
	b.ReportMetric(float64(longest)/1e6, "longest-standing-tick-ms")
}
