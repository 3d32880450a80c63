package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

// memLog is a room log in memory, the Feed's read.
type memLog struct {
	mu      sync.Mutex
	entries []Entry
	fail    int // the next reads that fail
}

func (l *memLog) add(n int) []Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []Entry
	for i := 0; i < n; i++ {
		e := Entry{Room: "r", Seq: uint64(len(l.entries) + 1), Op: Op{ID: fmt.Sprintf("o%d", len(l.entries)+1)}}
		l.entries = append(l.entries, e)
		out = append(out, e)
	}
	return out
}

func (l *memLog) read(_ context.Context, room string, from uint64, max int) ([]Entry, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.fail > 0 {
		l.fail--
		return nil, fmt.Errorf("read failed")
	}
	if room != "r" || from > uint64(len(l.entries)) {
		return nil, nil
	}
	end := min(uint64(len(l.entries)), from-1+uint64(max))
	return append([]Entry(nil), l.entries[from-1:end]...), nil
}

func collect(t *testing.T, s *Subscription, from, to uint64) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for want := from; want <= to; want++ {
		select {
		case e, ok := <-s.C:
			if !ok {
				t.Fatalf("closed at %d: %v", want, s.Err())
			}
			if e.Seq != want || e.ID != fmt.Sprintf("o%d", want) {
				t.Fatalf("got entry %d (%s), want %d", e.Seq, e.ID, want)
			}
		case <-timeout:
			t.Fatalf("entry %d never came", want)
		}
	}
}

// TestFeedOrder: entries published out of order, twice, with gaps, and more than a subscription
// holds (it lags and reads the store) arrive once each and in order; a subscription after n starts
// at n+1 with the stored entries first.
func TestFeedOrder(t *testing.T) {
	l := &memLog{}
	f := NewFeed(l.read)
	l.add(10)
	early, err := f.Subscribe("r", 0)
	if err != nil {
		t.Fatal(err)
	}
	late, _ := f.Subscribe("r", 7)
	other, _ := f.Subscribe("elsewhere", 0)
	es := l.add(subPending + 500) // more than a subscription holds while no one reads
	perm := rand.New(rand.NewPCG(1, 2)).Perm(len(es))
	for k, i := range perm {
		if k%3 == 0 {
			continue // a gap: the feed never sees this one
		}
		f.Publish(es[i])
		if k%5 == 0 {
			f.Publish(es[i]) // twice
		}
	}
	last := uint64(10 + len(es))
	collect(t, early, 1, last)
	collect(t, late, 8, last)
	// Nothing more, and another room's subscription got nothing.
	select {
	case e := <-early.C:
		t.Fatalf("extra entry %d", e.Seq)
	case e := <-other.C:
		t.Fatalf("another room got entry %d", e.Seq)
	case <-time.After(50 * time.Millisecond):
	}
	// The last entry published alone after a gap is still delivered with the one before it.
	more := l.add(2)
	f.Publish(more[1])
	collect(t, early, last+1, last+2)
	early.Close()
	late.Close()
	f.Close()
	if _, ok := <-other.C; ok || other.Err() != ErrClosed {
		t.Errorf("after the feed closed: %v", other.Err())
	}
	if _, err := f.Subscribe("r", 0); err != ErrClosed {
		t.Errorf("Subscribe after Close: %v", err)
	}
}

// TestFeedReadRetry: a read that fails is tried again; reads that keep failing end the
// subscription with their error.
func TestFeedReadRetry(t *testing.T) {
	l := &memLog{fail: 2}
	l.add(3)
	f := NewFeed(l.read)
	f.firstRetry = time.Millisecond
	defer f.Close()
	s, _ := f.Subscribe("r", 0)
	collect(t, s, 1, 3)
	s.Close()

	l.fail = readRetries + 1
	s2, _ := f.Subscribe("r", 0)
	for range s2.C {
	}
	if s2.Err() == nil || s2.Err().Error() != "read failed" {
		t.Errorf("Err = %v, want the read's error", s2.Err())
	}
}

// TestFeedCaughtUp: a subscription that keeps up takes entries published in order straight onto
// C (push delivers them while its goroutine waits), and when its reader pauses long enough for C
// to fill, through its goroutine again — with duplicates and swapped neighbours among them, every
// entry arrives once and in order.
func TestFeedCaughtUp(t *testing.T) {
	l := &memLog{}
	f := NewFeed(l.read)
	defer f.Close()
	s, _ := f.Subscribe("r", 0)
	es := l.add(20000)
	done := make(chan struct{})
	go func() {
		defer close(done)
		rng := rand.New(rand.NewPCG(3, 4))
		for i := 0; i < len(es); i++ {
			if i+1 < len(es) && rng.IntN(50) == 0 {
				f.Publish(es[i+1]) // ahead of its turn
			}
			f.Publish(es[i])
			if rng.IntN(10) == 0 {
				f.Publish(es[i]) // again
			}
		}
	}()
	for want := uint64(1); want <= uint64(len(es)); want += 1000 {
		collect(t, s, want, want+999)
		time.Sleep(time.Millisecond) // C fills meanwhile
	}
	<-done
	select {
	case e := <-s.C:
		t.Fatalf("extra entry %d", e.Seq)
	case <-time.After(50 * time.Millisecond):
	}
}
