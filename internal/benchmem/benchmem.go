// Package benchmem measures the peak heap of a piece of work, for benchmarks that report memory
// with b.ReportMetric (the heat map's, the largest file's).
package benchmem

import (
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"time"
)

// PeakHeap runs f and returns the most heap memory in use while it ran — live objects and garbage
// not yet collected, which is what the process holds — above what was in use before, sampled
// every 100 µs and at its end.
func PeakHeap(f func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	base := read()
	done := make(chan struct{})
	var peak atomic.Uint64
	note := func(v uint64) {
		for old := peak.Load(); v > old && !peak.CompareAndSwap(old, v); old = peak.Load() {
		}
	}
	go func() {
		t := time.NewTicker(100 * time.Microsecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				note(read())
			}
		}
	}()
	f()
	close(done)
	note(read())
	return peak.Load() - min(base, peak.Load())
}
