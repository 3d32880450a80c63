package storetest

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"holotable/store"
)

// BenchAppend appends operations to `rooms` rooms for d, each room appended to by one goroutine
// at a time (as the room layer does), all rooms at once, through the given stores in turn. It
// reports accepted ops/s, as ns/op the wall time per accepted op over all rooms, as cpu-µs/op the
// process's CPU time per accepted op (the store's and, for an embedded cluster, its nodes'), and
// as load1 the machine's load average at the end.
// It ignores b.N (a store of a cluster is costly to start once per calibration run).
func BenchAppend(b *testing.B, stores []store.Store, rooms int, d time.Duration) {
	ids := make([]string, rooms)
	for i := range ids {
		ids[i] = NewRoom(b, stores[i%len(stores)], fmt.Sprintf("bench%d", rooms))
	}
	var count atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, rooms)
	b.ResetTimer()
	cpu0 := CPUTime()
	start := time.Now()
	deadline := start.Add(d)
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := stores[i%len(stores)]
			var seq uint64
			for time.Now().Before(deadline) {
				seq++
				e, err := s.Append(context.Background(), id, seq-1, store.Op{ID: fmt.Sprintf("b%d", seq), Data: benchOp})
				if err != nil || e.Seq != seq {
					errs <- fmt.Errorf("room %s append %d: %+v, %v", id, seq, e, err)
					return
				}
				count.Add(1)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := CPUTime() - cpu0
	b.StopTimer()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	n := float64(count.Load())
	b.ReportMetric(n/elapsed.Seconds(), "ops/s")
	b.ReportMetric(float64(elapsed.Nanoseconds())/n, "ns/op")
	b.ReportMetric(float64(cpu.Microseconds())/n, "cpu-µs/op")
	b.ReportMetric(LoadAverage(), "load1")
}

// benchOp is an operation of a typical size (a unit moved: ids, a position, a facing).
var benchOp = []byte(`{"by":"blue","op":{"kind":"move-mini","mini":"blue-trooper-1-m2","x":31.25,"y":12.5,"z":0,"facing":90}}`)
