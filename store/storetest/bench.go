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

// BenchAppend appends b.N operations spread over `rooms` rooms, each room appended to by one
// goroutine at a time (as the room layer does), all rooms at once, through the given stores in
// turn. It reports accepted ops/s; ns/op is the wall time per accepted op over all rooms.
func BenchAppend(b *testing.B, stores []store.Store, rooms int) {
	ids := make([]string, rooms)
	for i := range ids {
		ids[i] = NewRoom(b, stores[i%len(stores)], fmt.Sprintf("bench%d", rooms))
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, rooms)
	b.ResetTimer()
	start := time.Now()
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := stores[i%len(stores)]
			var seq uint64
			for next.Add(1) <= int64(b.N) {
				seq++
				e, err := s.Append(context.Background(), id, seq-1, store.Op{ID: fmt.Sprintf("b%d", seq), Data: benchOp})
				if err != nil || e.Seq != seq {
					errs <- fmt.Errorf("room %s append %d: %+v, %v", id, seq, e, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "ops/s")
}

// benchOp is an operation of a typical size (a unit moved: ids, a position, a facing).
var benchOp = []byte(`{"by":"blue","op":{"kind":"move-mini","mini":"blue-trooper-1-m2","x":31.25,"y":12.5,"z":0,"facing":90}}`)
