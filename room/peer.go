package room

import (
	"strconv"
	"sync"

	"holotable/protocol"
)

// peer is one connection in a room: its seat and the frames waiting to be written to it.
type peer struct {
	id   string
	seat protocol.Seat
	name string

	mu     sync.Mutex
	frames [][]byte      // waiting to be written, in order
	sends  int           // the sends (messages, a join's history counting one) behind frames
	limit  int           // the most sends that may wait: past it the connection is too slow
	wake   chan struct{} // a send since the writer last took the frames

	once   sync.Once
	done   chan struct{}
	reason string // why it was closed ("" when the client left)
}

func newPeer(seat protocol.Seat, name string, queue int) *peer {
	return &peer{id: newSecret(6), seat: seat, name: name, limit: queue, wake: make(chan struct{}, 1), done: make(chan struct{})}
}

// send queues frames for the connection without blocking; a connection too slow to take them is
// closed (the client resumes from its last entry when it reconnects). The queue grows with what
// waits (a channel of the limit's size was 96 KiB per connection, scanned by every collection).
func (p *peer) send(frames ...[]byte) {
	select {
	case <-p.done:
		return
	default:
	}
	p.mu.Lock()
	if p.sends >= p.limit {
		p.mu.Unlock()
		p.close("too slow: " + strconv.Itoa(p.limit) + " messages waiting; reconnect to resume")
		return
	}
	p.frames = append(p.frames, frames...)
	p.sends++
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// take hands the writer every frame waiting, in order, and gives it buf (emptied) to fill next.
func (p *peer) take(buf [][]byte) [][]byte {
	clear(buf)
	p.mu.Lock()
	frames := p.frames
	p.frames, p.sends = buf[:0], 0
	p.mu.Unlock()
	return frames
}

// close ends the connection with reason (sent as an error message first when not "").
func (p *peer) close(reason string) {
	p.once.Do(func() {
		p.reason = reason
		close(p.done)
	})
}

func (p *peer) state() peerState { return peerState{ID: p.id, Seat: p.seat.String(), Name: p.name} }
