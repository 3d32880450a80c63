package scenes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"holotable/protocol"
)

// A page's queue across a reload (D62's last paragraph, D86): the ops an online page made that the
// server has not answered are kept in the browser (online_js.go writes Queue to localStorage
// whenever it changes, guarded as the autosave is) and, when the same room's link is loaded again,
// given back to the session (Restore). They wait until the room's history up to the welcome's head
// has arrived, then are replayed over it and sent again under their own ids: the server stores an
// id once, so an op it had stored before the reload comes back as its entry (or is already in the
// history: dropped), the others are checked now. Those the server refuses are counted and said in
// one line.

// OnlineQueue is what a page keeps of its unanswered ops: the room and seat they belong to, and
// each op's id and JSON as sent.
type OnlineQueue struct {
	Room string     `json:"room"`
	Seat string     `json:"seat"`
	Ops  []QueuedOp `json:"ops"`
}

// QueuedOp is one unanswered op (Op), or a group of ops sent as one (Ops; ID is the group's).
type QueuedOp struct {
	ID  string            `json:"id"`
	Op  json.RawMessage   `json:"op,omitempty"`
	Ops []json.RawMessage `json:"ops,omitempty"`
}

// message is the protocol message that sends q.
func (q QueuedOp) message() *protocol.Client {
	if q.Ops != nil {
		return &protocol.Client{T: protocol.TGroup, ID: q.ID, Ops: q.Ops}
	}
	return &protocol.Client{T: protocol.TOp, ID: q.ID, Op: q.Op}
}

// MaxQueueOps bounds a kept queue (a page offline for a long game makes a few hundred ops).
const MaxQueueOps = 2000

// Queue is the session's unanswered ops.
func (o *Online) Queue() OnlineQueue {
	q := OnlineQueue{Room: o.room, Seat: o.seat.String(), Ops: make([]QueuedOp, len(o.pending))}
	for i, p := range o.pending {
		q.Ops[i] = QueuedOp{ID: p.id, Op: p.ops[0]}
		if p.group {
			q.Ops[i] = QueuedOp{ID: p.id}
			for _, op := range p.ops {
				q.Ops[i].Ops = append(q.Ops[i].Ops, op)
			}
		}
	}
	return q
}

// QueueRev changes whenever the unanswered ops change (when to write the queue again).
func (o *Online) QueueRev() int { return o.queueRev }

// DecodeQueue reads a kept queue strictly: one JSON object, no unknown field, a room, a seat that
// plays, at most MaxQueueOps ops each with an op id as the protocol takes them and an op object.
// The error is one line naming the field.
func DecodeQueue(data []byte) (OnlineQueue, error) {
	var q OnlineQueue
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&q); err != nil {
		return OnlineQueue{}, fmt.Errorf("queue: %v", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return OnlineQueue{}, errors.New("queue: more after the JSON object")
	}
	if q.Room == "" {
		return OnlineQueue{}, errors.New("queue: room: missing")
	}
	if s, ok := protocol.ParseSeat(q.Seat); !ok || !s.Plays() {
		return OnlineQueue{}, fmt.Errorf("queue: seat: %q is not blue or red", q.Seat)
	}
	if len(q.Ops) > MaxQueueOps {
		return OnlineQueue{}, fmt.Errorf("queue: ops: %d, at most %d", len(q.Ops), MaxQueueOps)
	}
	for i, op := range q.Ops {
		if (op.Op == nil) == (op.Ops == nil) {
			return OnlineQueue{}, fmt.Errorf("queue: ops[%d]: want an op or a group's ops", i)
		}
		b, err := op.message().Encode()
		if err == nil {
			_, err = protocol.Decode(b)
		}
		if err != nil {
			return OnlineQueue{}, fmt.Errorf("queue: ops[%d]: %v", i, err)
		}
	}
	return q, nil
}

// Restore gives the session the ops a page kept from before a reload. A queue of another room
// or seat is ignored. The ops wait for the room's history (up to the welcome's head), then are
// replayed over it and sent.
func (o *Online) Restore(q OnlineQueue) {
	if q.Room != o.room || q.Seat != o.seat.String() || len(q.Ops) == 0 {
		return
	}
	o.restore = q.Ops
	o.restoreNow()
}

// restoreNow adds the kept ops to the pending ones once the history up to the welcome's head is
// in: those already in the log (stored before the reload) are dropped.
func (o *Online) restoreNow() {
	if o.restore == nil || o.seq < o.head {
		return
	}
	for _, q := range o.restore {
		p := pendingOp{id: q.ID, ops: [][]byte{q.Op}}
		if q.Ops != nil {
			p = pendingOp{id: q.ID, group: true}
			for _, op := range q.Ops {
				p.ops = append(p.ops, op)
			}
		}
		if o.doc.log.ByID(opID(p.ops[0])) != nil || o.pendingIndex(q.ID) >= 0 {
			continue
		}
		o.pending = append(o.pending, p)
		o.restored[q.ID] = true
	}
	o.restore = nil
	o.queueRev++
	o.rebuild()
	o.flush()
}

// refusedRestored counts a refusal of a kept op and says it in one line.
func (o *Online) refusedRestored(reason string) string {
	o.restoredRefused++
	return T("online.restoredRefused", o.restoredRefused, reason)
}

func init() {
	RegisterStrings(map[string][2]string{
		"online.queueNotKept": {"the changes not yet answered cannot be kept in this browser (%s): a reload now would lose them",
			"die noch unbeantworteten Änderungen lassen sich in diesem Browser nicht merken (%s): ein Neuladen jetzt verlöre sie"},
		"online.restoredRefused": {"%d of the changes kept from before the reload refused by the server; the last: %s",
			"%d der vor dem Neuladen gemerkten Änderungen vom Server abgelehnt; zuletzt: %s"},
	})
}
