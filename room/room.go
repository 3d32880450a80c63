package room

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	crand "crypto/rand"

	"holotable/protocol"
	"holotable/rules"
	"holotable/store"
)

// room is one loaded room; its goroutine (run) owns everything but pending.
type room struct {
	h     *Hub
	meta  store.Room
	table Table
	seq   uint64
	log   [][]byte          // the encoded entry message of every entry, log[i] = entry i+1
	ids   map[string]uint64 // store op id → sequence number

	peers    map[*peer]bool
	remote   map[string]remotePeers // other servers' peers in this room, by server
	inbox    chan event
	results  chan appended
	toStore  chan storeReq // to the room's storer (one op on its way at a time)
	bus      chan []byte
	sub      *store.Subscription
	unsubBus func()

	queue    []*pendingOp
	inflight *pendingOp
	waitFor  uint64 // after a conflict: the sequence number to reach before trying again
	roller   *rules.Roller
	idle     time.Time
	pending  atomic.Int64 // joins on their way (Hub.enter → join event)
}

type remotePeers struct {
	peers []peerState
	seen  time.Time
}

type eventKind int

const (
	evJoin eventKind = iota
	evLeave
	evMsg
)

type event struct {
	kind  eventKind
	p     *peer
	after uint64
	msg   *protocol.Client
}

// pendingOp is an op or roll waiting to be stored.
type pendingOp struct {
	p       *peer
	msg     *protocol.Client
	storeID string
	rec     protocol.Record // the record, once checked
	data    []byte          // and its bytes, as stored
	tries   int
	settled bool // the feed brought its entry before the store's answer
}

type appended struct {
	op  *pendingOp
	e   store.Entry
	err error
}

func newRoom(h *Hub, meta store.Room, table Table) *room {
	var seed [32]byte
	crand.Read(seed[:]) // never fails
	return &room{
		h: h, meta: meta, table: table, ids: map[string]uint64{},
		peers: map[*peer]bool{}, remote: map[string]remotePeers{},
		inbox: make(chan event, inboxSize), results: make(chan appended, 4), toStore: make(chan storeReq, 1),
		bus:    make(chan []byte, 256),
		roller: rules.NewRoller(rand.New(rand.NewChaCha8(seed))),
		idle:   time.Now(),
	}
}

// inboxSize is how many messages and joins may wait for a room's goroutine (past it a message is
// refused as "the room is busy"). Every room's inbox is allocated whole and scanned by every
// collection: 1,024 slots were 40 KiB a room, 256 are 10 KiB, for a goroutine that takes a message
// in microseconds from connections that may send 100 a second each.
const inboxSize = 256

// presenceEvery is how often a server repeats its peers on the bus; remote peers not repeated
// for three times that are forgotten.
const presenceEvery = 10 * time.Second

func (r *room) run() {
	defer r.h.wg.Done()
	go r.storer()
	defer close(r.toStore)
	tick := time.NewTicker(min(r.h.cfg.Limits.IdleAfter/2, presenceEvery))
	defer tick.Stop()
	for {
		select {
		case <-r.h.ctx.Done():
			r.stop("the server is stopping; reconnect to resume")
			return
		case ev := <-r.inbox:
			r.handle(ev)
		case res := <-r.results:
			r.appended(res)
		case e, ok := <-r.sub.C:
			if !ok {
				if !r.resubscribe() {
					return
				}
				continue
			}
			r.fromStore(e)
		case b := <-r.bus:
			r.fromBus(b)
		case now := <-tick.C:
			if r.tick(now) {
				return
			}
		}
	}
}

// stop ends the room: every connection is closed with reason, and the room leaves the hub.
func (r *room) stop(reason string) {
	for p := range r.peers {
		p.close(reason)
	}
	r.sub.Close()
	if r.unsubBus != nil {
		r.publishPresence(true)
		r.unsubBus()
	}
	r.h.mu.Lock()
	if r.h.rooms[r.meta.ID] == r {
		delete(r.h.rooms, r.meta.ID)
	}
	r.h.mu.Unlock()
	// Joins already counted find the room gone: they are turned away and reconnect.
	for {
		select {
		case ev := <-r.inbox:
			if ev.kind == evJoin {
				ev.p.close(reason)
			}
		default:
			return
		}
	}
}

func (r *room) resubscribe() bool {
	err := r.sub.Err()
	if r.h.ctx.Err() != nil || errors.Is(err, store.ErrClosed) {
		r.stop("the server is stopping; reconnect to resume")
		return false
	}
	sub, err2 := r.h.cfg.Store.Subscribe(r.meta.ID, r.seq)
	if err2 != nil {
		r.h.logf("room %s: the store's feed ended (%v) and cannot be resumed: %v", r.meta.ID, err, err2)
		r.stop("the store is unavailable; reconnect to resume")
		return false
	}
	r.sub = sub
	return true
}

// tick repeats presence, forgets silent servers and unloads the room when it has been empty for
// IdleAfter. True when the room ended.
func (r *room) tick(now time.Time) bool {
	changed := false
	for node, rp := range r.remote {
		if now.Sub(rp.seen) > 3*presenceEvery {
			delete(r.remote, node)
			changed = true
		}
	}
	if changed {
		r.broadcastPresence()
	}
	if len(r.peers) > 0 {
		r.publishPresence(false)
		return false
	}
	if r.inflight == nil && len(r.queue) == 0 && now.Sub(r.idle) >= r.h.cfg.Limits.IdleAfter && r.h.unload(r) {
		r.stop("")
		return true
	}
	return false
}

func (r *room) handle(ev event) {
	switch ev.kind {
	case evJoin:
		r.pending.Add(-1)
		r.join(ev.p, ev.after)
	case evLeave:
		if r.peers[ev.p] {
			delete(r.peers, ev.p)
			if len(r.peers) == 0 {
				r.idle = time.Now()
			}
			r.broadcastPresence()
			r.publishPresence(false)
		}
	case evMsg:
		r.message(ev.p, ev.msg)
	}
}

func (r *room) join(p *peer, after uint64) {
	if after > r.seq {
		p.close("after: the room's log ends at entry " + itoa(r.seq) + ", before " + itoa(after) + " (a log of another room?)")
		return
	}
	head := r.seq
	welcome, err := (&protocol.Server{T: protocol.TWelcome, Room: r.meta.ID, Seat: p.seat, You: p.id,
		First: json.RawMessage(r.meta.First), Head: &head}).Encode()
	if err != nil {
		p.close("the room's first table cannot be sent: " + err.Error())
		return
	}
	frames := make([][]byte, 0, 1+len(r.log)-int(after))
	frames = append(frames, welcome)
	frames = append(frames, r.log[after:]...)
	r.peers[p] = true
	p.send(frames...)
	r.broadcastPresence()
	r.publishPresence(false)
}

func (r *room) message(p *peer, m *protocol.Client) {
	if !r.peers[p] {
		return
	}
	switch m.T {
	case protocol.TOp, protocol.TRoll, protocol.TGroup:
		if !p.seat.Plays() {
			r.refuse(p, m.ID, "spectators watch: only blue and red change the table")
			return
		}
		sid := protocol.StoreOpID(p.seat, m.ID)
		if seq, ok := r.ids[sid]; ok {
			p.send(r.log[seq-1]) // a retry of a stored op: its entry again
			return
		}
		if len(r.queue) >= r.h.cfg.Limits.RoomQueue {
			r.refuse(p, m.ID, "the room is busy: "+itoa(uint64(len(r.queue)))+" operations waiting; send it again")
			return
		}
		r.queue = append(r.queue, &pendingOp{p: p, msg: m, storeID: sid})
		r.pump()
	case protocol.TPointer, protocol.TSelect, protocol.TExplain:
		if !p.seat.Plays() {
			r.refuse(p, "", "spectators watch: only blue and red point, select and offer explanations")
			return
		}
		b, err := (&protocol.Server{T: m.T, From: p.id, Seat: p.seat, X: m.X, Y: m.Y, IDs: m.IDs, Query: m.Query}).Encode()
		if err != nil {
			return
		}
		if m.T == protocol.TSelect && m.IDs == nil {
			b, _ = (&protocol.Server{T: m.T, From: p.id, Seat: p.seat}).Encode()
		}
		r.relay(p, b)
		if r.h.cfg.Bus != nil {
			if bm, err := json.Marshal(busMsg{Node: r.h.cfg.Node, Relay: b}); err == nil {
				r.h.cfg.Bus.Publish(r.meta.ID, bm) //nolint:errcheck // best effort
			}
		}
	default:
		r.refuse(p, "", string(m.T)+": not a message inside a room")
	}
}

func (r *room) refuse(p *peer, id, reason string) {
	if b, err := (&protocol.Server{T: protocol.TRefused, ID: id, Reason: oneLine(reason)}).Encode(); err == nil {
		p.send(b)
	}
}

// relay sends a relayed message to every local peer but the sender.
func (r *room) relay(from *peer, b []byte) {
	for q := range r.peers {
		if q != from {
			q.send(b)
		}
	}
}

// pump checks and starts storing the next queued op, when none is on its way.
func (r *room) pump() {
	for r.inflight == nil && len(r.queue) > 0 && r.seq >= r.waitFor {
		op := r.queue[0]
		r.queue = r.queue[1:]
		if seq, ok := r.ids[op.storeID]; ok {
			op.p.send(r.log[seq-1])
			continue
		}
		rec := protocol.Record{ID: op.msg.ID, By: op.p.seat}
		if op.msg.T == protocol.TRoll {
			roll, again, err := r.roll(op)
			if err != nil {
				r.refuse(op.p, op.msg.ID, "roll: "+err.Error())
				continue
			}
			if again > 0 {
				op.p.send(r.log[again-1]) // the seat's open roll, not rolled again (D104)
				continue
			}
			rec.Roll = roll
		} else if op.msg.T == protocol.TGroup {
			gt, ok := r.table.(GroupTable)
			if !ok {
				r.refuse(op.p, op.msg.ID, "group: this server's rooms take one op at a time")
				continue
			}
			logged, err := gt.CheckGroup(op.p.seat, op.msg.ID, op.msg.Ops)
			if err != nil {
				r.refuse(op.p, op.msg.ID, err.Error())
				continue
			}
			rec.Ops = logged
		} else {
			logged, err := r.table.Check(op.p.seat, op.msg.ID, op.msg.Op)
			if err != nil {
				r.refuse(op.p, op.msg.ID, err.Error())
				continue
			}
			rec.Op = logged
		}
		data, err := rec.Encode()
		if err != nil {
			r.refuse(op.p, op.msg.ID, err.Error())
			continue
		}
		op.rec, op.data = rec, data
		r.store(op)
	}
}

// roll rolls a roll message: by the table when it rolls (RollTable: the game's rolls, the table's
// own dice), else the dice tool's pool of maps/dice with the room's dice; again is an entry to send
// again instead (the seat's open roll).
func (r *room) roll(op *pendingOp) (*protocol.Roll, uint64, error) {
	if rt, ok := r.table.(RollTable); ok {
		return rt.Roll(op.p.seat, op.msg)
	}
	if op.msg.For != protocol.RollDice {
		return nil, 0, errors.New("for: this server's rooms roll only the dice tool's pools")
	}
	pool, err := rules.PoolOf(op.msg.Dice)
	if err != nil {
		return nil, 0, err
	}
	return &protocol.Roll{Dice: op.msg.Dice, Result: r.roller.Roll(pool)}, 0, nil
}

// storeReq is an op for the storer, to append after the room's entry expect.
type storeReq struct {
	op     *pendingOp
	expect uint64
}

// store appends op at the room's next place, in the background (the room's storer).
func (r *room) store(op *pendingOp) {
	r.inflight = op
	op.tries++
	r.toStore <- storeReq{op, r.seq} // never waits: the storer has taken the one before
}

// storer appends the room's ops to the store, one at a time, and hands each answer to the room.
// It lives as long as the room (one goroutine per op would grow a new stack for every append).
func (r *room) storer() {
	for req := range r.toStore {
		ctx, cancel := context.WithTimeout(r.h.ctx, storeTimeout)
		e, err := r.h.cfg.Store.Append(ctx, r.meta.ID, req.expect, store.Op{ID: req.op.storeID, Data: req.op.data})
		cancel()
		r.results <- appended{op: req.op, e: e, err: err}
	}
}

// appended takes the store's answer to the op on its way.
func (r *room) appended(res appended) {
	op := res.op
	r.inflight = nil
	var conflict *store.ConflictError
	switch {
	case res.err == nil:
		if res.e.Seq == r.seq+1 {
			r.apply(res.e, op)
		} else if res.e.Seq <= r.seq && !op.settled {
			op.p.send(r.log[res.e.Seq-1]) // stored before (a retry through another server)
		}
		// Seq beyond r.seq+1: the feed brings the entries before it, then this one.
	case errors.As(res.err, &conflict):
		// Another server appended first: take its entries from the feed, then check the op again.
		r.waitFor = conflict.Actual
		r.queue = append([]*pendingOp{op}, r.queue...)
	case op.tries < 3 && r.h.ctx.Err() == nil:
		// No answer: the op may or may not be stored. The same op id again is safe (the store keeps
		// it once); the room's place may have moved meanwhile, so it goes through the queue.
		r.h.logf("room %s: storing %s: %v (trying again)", r.meta.ID, op.storeID, res.err)
		r.queue = append([]*pendingOp{op}, r.queue...)
	default:
		r.h.logf("room %s: storing %s: %v", r.meta.ID, op.storeID, res.err)
		r.refuse(op.p, op.msg.ID, "not stored: the store did not answer; send it again")
	}
	r.pump()
}

// fromStore takes an entry from the store's feed (this server's appends and the others').
func (r *room) fromStore(e store.Entry) {
	if e.Seq != r.seq+1 {
		return // already applied (the append's answer came first), or not next (the feed has no gaps)
	}
	if r.inflight != nil && e.ID == r.inflight.storeID {
		r.inflight.settled = true
	}
	r.apply(e, r.inflight)
	r.pump()
}

// apply makes a stored entry the room's next: the table follows it and everyone is sent it. own is
// the op this server made, if any: when the entry is that op's record, it is not decoded again.
// The entry message is made from the record's bytes (protocol.AppendEntry), not re-encoded.
func (r *room) apply(e store.Entry, own *pendingOp) {
	var msg []byte
	rec, err := protocol.Record{}, error(nil)
	if own != nil && own.data != nil && e.ID == own.storeID && bytes.Equal(e.Data, own.data) {
		rec = own.rec
	} else if rec, err = protocol.DecodeRecord(e.Data); err != nil {
		r.h.logf("room %s: entry %d: %v (kept in the log, not applied)", r.meta.ID, e.Seq, err)
		rec = protocol.Record{ID: protocol.ClientOpID(e.ID)}
		msg, _ = (&protocol.Server{T: protocol.TEntry, Seq: e.Seq, ID: rec.ID, At: e.At.UnixMilli()}).Encode()
	}
	if rec.Op != nil {
		if err := r.table.Apply(rec.By, rec.Op); err != nil {
			r.h.logf("room %s: entry %d does not apply: %v (kept in the log, not applied)", r.meta.ID, e.Seq, err)
		}
	}
	if rt, ok := r.table.(RollTable); ok && rec.Roll != nil {
		rt.Rolled(e.Seq, rec.By, rec.ID, rec.Roll)
	}
	if gt, ok := r.table.(GroupTable); ok && rec.Ops != nil {
		if err := gt.ApplyGroup(rec.By, rec.ID, rec.Ops); err != nil {
			r.h.logf("room %s: entry %d does not apply: %v (kept in the log, not applied)", r.meta.ID, e.Seq, err)
		}
	}
	if msg == nil {
		msg = protocol.AppendEntry(make([]byte, 0, len(e.Data)+48), e.Seq, e.At.UnixMilli(), e.Data)
	}
	r.seq = e.Seq
	r.log = append(r.log, msg)
	r.ids[e.ID] = e.Seq
	for p := range r.peers {
		p.send(msg)
	}
}

// presence is everyone in the room, on every server, blue first.
func (r *room) presence() []protocol.Peer {
	var out []protocol.Peer
	add := func(s peerState) {
		seat, _ := protocol.ParseSeat(s.Seat)
		out = append(out, protocol.Peer{ID: s.ID, Seat: seat, Name: s.Name})
	}
	for p := range r.peers {
		add(p.state())
	}
	for _, rp := range r.remote {
		for _, s := range rp.peers {
			add(s)
		}
	}
	slices.SortFunc(out, func(a, b protocol.Peer) int {
		if a.Seat != b.Seat {
			return int(a.Seat) - int(b.Seat)
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out
}

func (r *room) broadcastPresence() {
	b, err := (&protocol.Server{T: protocol.TPresence, Peers: r.presence()}).Encode()
	if err != nil {
		return
	}
	for p := range r.peers {
		p.send(b)
	}
}

// publishPresence tells the other servers who is here (none, when leaving).
func (r *room) publishPresence(leaving bool) {
	if r.h.cfg.Bus == nil {
		return
	}
	states := []peerState{}
	if !leaving {
		for p := range r.peers {
			states = append(states, p.state())
		}
	}
	if b, err := json.Marshal(busMsg{Node: r.h.cfg.Node, Peers: &states}); err == nil {
		r.h.cfg.Bus.Publish(r.meta.ID, b) //nolint:errcheck // best effort, repeated
	}
}

func (r *room) fromBus(b []byte) {
	var m busMsg
	if json.Unmarshal(b, &m) != nil || m.Node == r.h.cfg.Node {
		return
	}
	switch {
	case m.Relay != nil:
		r.relay(nil, m.Relay)
	case m.Peers != nil:
		old, had := r.remote[m.Node]
		if len(*m.Peers) == 0 {
			delete(r.remote, m.Node)
		} else {
			r.remote[m.Node] = remotePeers{peers: *m.Peers, seen: time.Now()}
		}
		if !had || !slices.Equal(old.peers, *m.Peers) {
			r.broadcastPresence()
		}
	}
}

func itoa(n uint64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
