package room

import (
	"fmt"
	"sync"

	"holotable/protocol"
)

// peer is one connection in a room: its seat and the frames waiting to be written to it.
type peer struct {
	id   string
	seat protocol.Seat
	name string
	out  chan [][]byte

	once   sync.Once
	done   chan struct{}
	reason string // why it was closed ("" when the client left)
}

func newPeer(seat protocol.Seat, name string, queue int) *peer {
	return &peer{id: newSecret(6), seat: seat, name: name, out: make(chan [][]byte, queue), done: make(chan struct{})}
}

// send queues frames for the connection without blocking; a connection too slow to take them is
// closed (the client resumes from its last entry when it reconnects).
func (p *peer) send(frames ...[]byte) {
	select {
	case <-p.done:
		return
	default:
	}
	select {
	case p.out <- frames:
	default:
		p.close(fmt.Sprintf("too slow: %d messages waiting; reconnect to resume", cap(p.out)))
	}
}

// close ends the connection with reason (sent as an error message first when not "").
func (p *peer) close(reason string) {
	p.once.Do(func() {
		p.reason = reason
		close(p.done)
	})
}

func (p *peer) state() peerState { return peerState{ID: p.id, Seat: p.seat.String(), Name: p.name} }
