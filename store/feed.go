package store

import (
	"context"
	"errors"
	"sync"
	"time"
)

// ReadFunc is a store's Read, which a Feed uses to fill gaps.
type ReadFunc func(ctx context.Context, room string, from uint64, max int) ([]Entry, error)

// Feed fans the entries a store has acknowledged out to the subscriptions of their rooms. A store
// publishes each entry once it is durable; Publish never blocks (a subscription that falls behind
// drops what it cannot hold and reads it back from the store), and an entry published twice or out
// of order is delivered once and in order, so a store may publish from more than one source (its
// own appends and another server's, say).
type Feed struct {
	read       ReadFunc
	firstRetry time.Duration // the wait before a failed read is tried again; it doubles up to 2 s
	mu         sync.Mutex
	subs       map[string]map[*Subscription]struct{}
	closed     bool
}

// NewFeed returns a feed that fills gaps with read.
func NewFeed(read ReadFunc) *Feed {
	return &Feed{read: read, firstRetry: 50 * time.Millisecond, subs: map[string]map[*Subscription]struct{}{}}
}

// Subscription is one room's entries after a sequence number, in order and without gaps.
type Subscription struct {
	// C delivers the entries. It is closed when the subscription ends (Close, the store closing, or
	// a read of the store failing for good); Err then says why.
	C <-chan Entry

	c    chan Entry
	feed *Feed
	room string
	// next is the sequence number to deliver next: the goroutine's own while it works, push's
	// (under mu) while it is idle.
	next uint64

	mu      sync.Mutex
	pending []Entry
	lagged  bool
	idle    bool // the goroutine waits with nothing pending: push may deliver the next entry itself
	err     error
	wake    chan struct{}
	done    chan struct{}
	once    sync.Once
}

// Subscription buffer sizes: what C holds, and what waits to be put on it before the subscription
// counts as lagging and reads the store instead.
const (
	subBuffer   = 64
	subPending  = 4096
	readBatch   = 256
	readRetries = 8
)

// Subscribe starts a subscription to room after sequence number after.
func (f *Feed) Subscribe(room string, after uint64) (*Subscription, error) {
	s := &Subscription{
		c: make(chan Entry, subBuffer), feed: f, room: room, next: after + 1,
		wake: make(chan struct{}, 1), done: make(chan struct{}),
	}
	s.C = s.c
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return nil, ErrClosed
	}
	if f.subs[room] == nil {
		f.subs[room] = map[*Subscription]struct{}{}
	}
	f.subs[room][s] = struct{}{}
	f.mu.Unlock()
	go s.run()
	return s, nil
}

// Publish hands an acknowledged entry to the subscriptions of its room.
func (f *Feed) Publish(e Entry) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for s := range f.subs[e.Room] {
		s.push(e)
	}
}

// Close ends every subscription with ErrClosed.
func (f *Feed) Close() {
	f.mu.Lock()
	f.closed = true
	var all []*Subscription
	for _, set := range f.subs {
		for s := range set {
			all = append(all, s)
		}
	}
	f.mu.Unlock()
	for _, s := range all {
		s.end(ErrClosed)
	}
}

func (s *Subscription) push(e Entry) {
	s.mu.Lock()
	if s.idle && e.Seq <= s.next {
		// Caught up: the next entry goes on C without waking the goroutine (when C has room), and
		// one delivered before is dropped.
		if e.Seq < s.next {
			s.mu.Unlock()
			return
		}
		select {
		case s.c <- e:
			s.next++
			s.mu.Unlock()
			return
		default:
		}
	}
	if len(s.pending) >= subPending {
		s.lagged = true
	} else {
		s.pending = append(s.pending, e)
	}
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Close ends the subscription; C is closed soon after.
func (s *Subscription) Close() { s.end(nil) }

// Err is why the subscription ended: nil after Close, ErrClosed when the store closed, or the
// error of the store's reads.
func (s *Subscription) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *Subscription) end(err error) {
	s.once.Do(func() {
		s.mu.Lock()
		s.err = err
		s.mu.Unlock()
		s.feed.mu.Lock()
		delete(s.feed.subs[s.room], s)
		if len(s.feed.subs[s.room]) == 0 {
			delete(s.feed.subs, s.room)
		}
		s.feed.mu.Unlock()
		close(s.done)
	})
}

func (s *Subscription) run() {
	defer func() {
		s.mu.Lock()
		s.idle = false // push no longer sends on C
		s.mu.Unlock()
		close(s.c)
	}()
	if !s.fill(0) {
		return
	}
	for {
		s.mu.Lock()
		s.idle = len(s.pending) == 0 && !s.lagged
		s.mu.Unlock()
		select {
		case <-s.done:
			return
		case <-s.wake:
		}
		s.mu.Lock()
		batch, lagged := s.pending, s.lagged
		s.pending, s.lagged, s.idle = nil, false, false
		s.mu.Unlock()
		for _, e := range batch {
			if e.Seq < s.next {
				continue
			}
			if e.Seq > s.next && !s.fill(e.Seq-1) {
				return
			}
			if e.Seq == s.next && !s.deliver(e) {
				return
			}
			if e.Seq > s.next {
				// The store could not yet read what comes before e: try again shortly.
				lagged = true
				time.AfterFunc(20*time.Millisecond, func() { s.push(e) })
				break
			}
		}
		if lagged && !s.fill(0) {
			return
		}
	}
}

// fill reads the store from s.next on, up to sequence number upTo (0: to the end of the log), and
// delivers what it reads. False means the subscription ended.
func (s *Subscription) fill(upTo uint64) bool {
	for upTo == 0 || s.next <= upTo {
		n := readBatch
		if upTo != 0 && upTo-s.next+1 < uint64(n) {
			n = int(upTo - s.next + 1)
		}
		es, err := s.readRetrying(n)
		if err != nil {
			s.end(err)
			return false
		}
		for _, e := range es {
			if e.Seq == s.next && !s.deliver(e) {
				return false
			}
		}
		if len(es) < n {
			return true // the log ends here (an entry upTo names may not be readable yet: the next push retries)
		}
	}
	return true
}

func (s *Subscription) readRetrying(n int) ([]Entry, error) {
	wait := s.feed.firstRetry
	for try := 0; ; try++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		es, err := s.feed.read(ctx, s.room, s.next, n)
		cancel()
		if err == nil || errors.Is(err, ErrClosed) || errors.Is(err, ErrNoRoom) || try == readRetries {
			return es, err
		}
		select {
		case <-s.done:
			return nil, ErrClosed
		case <-time.After(wait):
		}
		wait = min(2*wait, 2*time.Second)
	}
}

func (s *Subscription) deliver(e Entry) bool {
	select {
	case s.c <- e:
		s.next++
		return true
	case <-s.done:
		return false
	}
}
