package scenes

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/ops"
	"holotable/protocol"
	"holotable/rules"
	"holotable/table"
)

// fakeRoom is a room as the server keeps it (cmd/tableserver's engine: ops.DecodeAs with the
// seat as author, Log.Submit), with the messages each page has not read yet. A page's link can
// be cut: what it sends is then lost, and it reads nothing.
type fakeRoom struct {
	t     *testing.T
	first []byte
	log   *ops.Log
	ids   map[string]uint64  // seat+id → seq (an id is stored once)
	msgs  []*protocol.Server // the room's entries as sent (a group is one entry of several ops)
	pages []*fakePage
	// open and roller answer roll messages (online_game_dice_test.go).
	open   map[string]uint64
	roller *rules.Roller
}

type fakePage struct {
	room  *fakeRoom
	seat  protocol.Seat
	in    []*protocol.Server
	down  bool
	o     *Online
	notes []string
	// sentSelects counts the selections the page sent.
	sentSelects int
}

func newFakeRoom(t *testing.T) *fakeRoom { return newFakeRoomOn(t, maps.Default()) }

// newFakeRoomOn is a room whose first table is the file data.
func newFakeRoomOn(t *testing.T, data []byte) *fakeRoom {
	f, err := table.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	first, _ := table.Save(f)
	return &fakeRoom{t: t, first: first, log: ops.NewLog(f), ids: map[string]uint64{}}
}

func (r *fakeRoom) welcome(seat protocol.Seat) *protocol.Server {
	head := uint64(len(r.msgs))
	return &protocol.Server{T: protocol.TWelcome, Room: "r1", Seat: seat, You: seat.String(), First: r.first, Head: &head}
}

// join opens a page on seat: the welcome, then every entry.
func (r *fakeRoom) join(seat protocol.Seat) *fakePage {
	p := &fakePage{room: r, seat: seat}
	o, err := NewOnline(r.welcome(seat), p.send)
	if err != nil {
		r.t.Fatal(err)
	}
	p.o = o
	for seq := 1; seq <= len(r.msgs); seq++ {
		p.in = append(p.in, r.entryMsg(seq))
	}
	r.pages = append(r.pages, p)
	return p
}

func (r *fakeRoom) entryMsg(seq int) *protocol.Server { return r.msgs[seq-1] }

func (p *fakePage) send(m *protocol.Client) error {
	if p.down {
		return errors.New("offline")
	}
	r := p.room
	if m.T == protocol.TSelect { // relayed to the others
		for _, q := range r.pages {
			if q != p && !q.down {
				q.in = append(q.in, &protocol.Server{T: protocol.TSelect, From: p.seat.String(), Seat: p.seat, IDs: m.IDs})
			}
		}
		p.sentSelects++
		return nil
	}
	if m.T == protocol.TRoll {
		r.roll(p, m)
		return nil
	}
	if m.T != protocol.TOp && m.T != protocol.TGroup {
		return nil
	}
	if !p.seat.Plays() {
		p.in = append(p.in, &protocol.Server{T: protocol.TRefused, ID: m.ID, Reason: "spectators watch: only blue and red change the table"})
		return nil
	}
	if seq, ok := r.ids[p.seat.String()+m.ID]; ok { // a retry: the entry stored
		p.in = append(p.in, r.entryMsg(int(seq)))
		return nil
	}
	msg := &protocol.Server{T: protocol.TEntry, Seq: uint64(len(r.msgs) + 1), ID: m.ID, By: p.seat}
	var err error
	if m.T == protocol.TGroup {
		es := make([]ops.Entry, len(m.Ops))
		for i, raw := range m.Ops {
			if es[i], err = ops.DecodeAs(raw, r.log.File(), opID(raw), p.seat.String()); err != nil {
				break
			}
		}
		var done []*ops.Entry
		if err == nil {
			done, err = r.log.SubmitGroup(p.seat.String(), m.ID, es)
		}
		for _, e := range done {
			msg.Ops = append(msg.Ops, e.JSON)
		}
	} else {
		var e ops.Entry
		if e, err = ops.DecodeAs(m.Op, r.log.File(), m.ID, p.seat.String()); err == nil {
			var ne *ops.Entry
			if ne, err = r.log.Submit(e); err == nil {
				msg.Op = ne.JSON
			}
		}
	}
	if err != nil {
		p.in = append(p.in, &protocol.Server{T: protocol.TRefused, ID: m.ID, Reason: err.Error()})
		return nil
	}
	r.msgs = append(r.msgs, msg)
	r.ids[p.seat.String()+m.ID] = msg.Seq
	for _, q := range r.pages {
		if !q.down {
			q.in = append(q.in, msg)
		}
	}
	return nil
}

// deliver hands the page what the server sent it.
func (p *fakePage) deliver() {
	p.o.Sync()
	for len(p.in) > 0 {
		m := p.in[0]
		p.in = p.in[1:]
		if n := p.o.Receive(m); n != "" {
			p.notes = append(p.notes, n)
		}
	}
}

func (p *fakePage) goOffline() { p.down = true; p.o.Disconnected() }

// reconnect joins again after the last entry the page has.
func (p *fakePage) reconnect() {
	p.down = false
	r := p.room
	for seq := int(p.o.After()) + 1; seq <= len(r.msgs); seq++ {
		p.in = append(p.in, r.entryMsg(seq))
	}
	if err := p.o.Welcome(r.welcome(p.seat)); err != nil {
		r.t.Fatal(err)
	}
}

func (p *fakePage) move(dx float64) error {
	return p.o.Doc().Submit(&ops.TerrainMove{Piece: "ruin-2", DX: dx})
}

func saved(t *testing.T, f *table.File) string {
	t.Helper()
	b, err := table.Save(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func (r *fakeRoom) converged(t *testing.T) {
	t.Helper()
	want := saved(t, r.log.File())
	for _, p := range r.pages {
		p.deliver()
		if got := saved(t, p.o.Doc().File()); got != want || p.o.Pending() != 0 || p.o.After() != uint64(len(r.msgs)) {
			t.Fatalf("%s: pending %d, after %d of %d, table equal %v", p.seat, p.o.Pending(), p.o.After(), len(r.msgs), got == want)
		}
	}
}

// TestOnlineOrder: both players edit at once; each shows its own op at once, the other's op comes
// in the server's order (below a pending op of its own, which is replayed over it), and all pages
// end with the server's table; a page joining later gets the log.
func TestOnlineOrder(t *testing.T) {
	r := newFakeRoom(t)
	blue, red := r.join(protocol.Blue), r.join(protocol.Red)
	if err := blue.move(1); err != nil {
		t.Fatal(err)
	}
	if err := red.move(10); err != nil { // red has not seen blue's yet
		t.Fatal(err)
	}
	red.o.Sync() // red's op reaches the server after blue's ...
	blue.o.Sync()
	if blue.o.Pending() != 1 || red.o.Pending() != 1 {
		t.Fatalf("pending blue %d red %d, want 1 and 1 (sent, not answered)", blue.o.Pending(), red.o.Pending())
	}
	r.converged(t)
	if x := r.log.Len(); x != 2 {
		t.Fatalf("server log %d entries", x)
	}
	if r.log.Entry(1).Author != "red" || r.log.Entry(2).Author != "blue" {
		t.Errorf("server order %s, %s", r.log.Entry(1).Author, r.log.Entry(2).Author)
	}
	r.join(protocol.Spectator)
	r.converged(t)
}

// TestOnlineRefused: an op the server refuses is dropped with one line, and the table is the
// server's log's replay; a spectator's edit is refused the same way.
func TestOnlineRefused(t *testing.T) {
	r := newFakeRoom(t)
	blue, red, spec := r.join(protocol.Blue), r.join(protocol.Red), r.join(protocol.Spectator)
	// Red deletes the piece; blue moves it before it has seen that: the server refuses blue's.
	if err := red.o.Doc().Submit(&ops.TerrainDelete{Piece: "ruin-2"}); err != nil {
		t.Fatal(err)
	}
	red.o.Sync()
	if err := blue.move(1); err != nil {
		t.Fatal(err)
	}
	r.converged(t)
	if len(blue.notes) != 1 || !strings.Contains(blue.notes[0], "ruin-2") {
		t.Errorf("blue's notes %q", blue.notes)
	}
	if err := spec.o.Doc().Submit(&ops.TerrainMove{Piece: "ruin-1", DX: 1}); err != nil {
		t.Fatal(err)
	}
	r.converged(t)
	if len(spec.notes) != 1 || !strings.Contains(spec.notes[0], "spectators watch") || r.log.Len() != 1 {
		t.Errorf("spectator's notes %q, log %d", spec.notes, r.log.Len())
	}
}

// TestOnlineOffline: a page that loses its connection keeps editing (its ops queue), the other
// page edits too; on the reconnect the queued ops are sent with their ids, the missed entries
// arrive, and all pages end equal. An op sent just before the link broke, whose entry was stored
// but never arrived, is stored once (the retry comes back as its entry).
func TestOnlineOffline(t *testing.T) {
	r := newFakeRoom(t)
	blue, red := r.join(protocol.Blue), r.join(protocol.Red)
	if err := blue.move(1); err != nil {
		t.Fatal(err)
	}
	blue.o.Sync() // sent and stored ...
	blue.in = nil // ... but its entry is lost with the connection
	blue.goOffline()
	for _, dx := range []float64{2, 3} {
		if err := blue.move(dx); err != nil {
			t.Fatal(err)
		}
	}
	blue.o.Sync()
	if blue.o.Pending() != 3 {
		t.Fatalf("blue's queue %d", blue.o.Pending())
	}
	if err := red.o.Doc().Submit(&ops.TerrainMove{Piece: "ruin-1", DX: 5}); err != nil {
		t.Fatal(err)
	}
	red.deliver()
	blue.reconnect()
	r.converged(t)
	if r.log.Len() != 4 {
		t.Errorf("server log %d entries, want 4 (blue's first once)", r.log.Len())
	}
}

// BenchmarkOnlineInterleave: the other seat's entry arriving while this page has an op pending,
// on a room with a 1,000-op log: the page replays the log and its pending op (D62). One op per
// iteration: blue's op is made and sent, red's lands first, then blue's settles.
func BenchmarkOnlineInterleave(b *testing.B) {
	r := newFakeRoom(&testing.T{})
	blue, red := r.join(protocol.Blue), r.join(protocol.Red)
	for i := 0; i < 1000; i++ {
		dx := 0.01
		if i%2 == 1 {
			dx = -0.01
		}
		if err := red.o.Doc().Submit(&ops.TerrainMove{Piece: "ruin-1", DX: dx}); err != nil {
			b.Fatal(err)
		}
		red.deliver()
	}
	blue.deliver()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := blue.move(0.01); err != nil {
			b.Fatal(err)
		}
		blue.down = true // blue's op waits; red's is stored first
		blue.o.Sync()
		blue.down = false
		if err := red.o.Doc().Submit(&ops.TerrainMove{Piece: "ruin-1", DX: 0.01}); err != nil {
			b.Fatal(err)
		}
		red.deliver()
		blue.deliver() // red's entry: the replay
		blue.reconnect()
		blue.deliver()
		if blue.o.Pending() != 0 {
			b.Fatalf("blue has %d pending", blue.o.Pending())
		}
	}
}

// TestOnlineSelect: a player's selection reaches the others (and is taken back with an empty
// one); it is sent once per change, again after a reconnect; a spectator's is not sent.
func TestOnlineSelect(t *testing.T) {
	r := newFakeRoom(t)
	blue, red, spec := r.join(protocol.Blue), r.join(protocol.Red), r.join(protocol.Spectator)
	blue.o.Select("red-storm-2-1")
	blue.o.Select("red-storm-2-1")
	red.deliver()
	if sel := red.o.Selections()["blue"]; sel.Seat != protocol.Blue || len(sel.IDs) != 1 || sel.IDs[0] != "red-storm-2-1" || blue.sentSelects != 1 {
		t.Fatalf("red sees %+v; blue sent %d selections", sel, blue.sentSelects)
	}
	blue.o.Select("")
	red.deliver()
	if _, ok := red.o.Selections()["blue"]; ok || blue.sentSelects != 2 {
		t.Fatalf("blue's empty selection: red still sees %+v", red.o.Selections())
	}
	blue.goOffline()
	blue.o.Select("red-storm-2-2") // offline: not sent
	blue.reconnect()
	blue.o.Select("red-storm-2-2")
	spec.o.Select("blue-fleet-1-1")
	red.deliver()
	if sel := red.o.Selections()["blue"]; len(sel.IDs) != 1 || sel.IDs[0] != "red-storm-2-2" || spec.sentSelects != 0 {
		t.Fatalf("after the reconnect red sees %+v; the spectator sent %d", red.o.Selections(), spec.sentSelects)
	}
}

// TestOnlineConverges (property): two players and a spectator make random edits — moves of a few
// pieces, deletions that make the other's later moves of the same piece refused, undos, a
// spectator's edits — while their messages arrive in random batches and their links drop and come
// back; whatever the order, once every link is up and every message delivered, every page shows
// the server's table with nothing pending. (Across the seeds the refusals and the replays under
// pending ops happen many times: the test counts them and fails if either never did.)
func TestOnlineConverges(t *testing.T) {
	pieces := []string{"ruin-1", "ruin-2", "ruin-3", "barricade-1"}
	refusals, entries := 0, 0
	for seed := int64(1); seed <= 12; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		r := newFakeRoom(t)
		pages := []*fakePage{r.join(protocol.Blue), r.join(protocol.Red), r.join(protocol.Spectator)}
		for step := 0; step < 60; step++ {
			p := pages[rng.IntN(len(pages))]
			switch k := rng.IntN(10); {
			case k < 5:
				piece := pieces[rng.IntN(len(pieces))]
				_ = p.o.Doc().Submit(&ops.TerrainMove{Piece: piece, DX: float64(rng.IntN(5)-2) / 4, DY: 0.25})
			case k == 5:
				_ = p.o.Doc().Submit(&ops.TerrainDelete{Piece: pieces[rng.IntN(len(pieces))]})
			case k == 6:
				_, _, _ = p.o.Doc().Undo()
			case k == 7:
				if p.down {
					p.reconnect()
				} else {
					p.goOffline()
				}
			default:
				p.deliver()
			}
			if rng.IntN(2) == 0 {
				p.o.Sync()
			}
		}
		for _, p := range pages {
			if p.down {
				p.reconnect()
			}
		}
		for range 3 { // answers to answers: a refusal's replay sends nothing new, but be sure
			for _, p := range pages {
				p.deliver()
			}
		}
		want := saved(t, r.log.File())
		entries += r.log.Len()
		for _, p := range pages {
			refusals += len(p.notes)
			if got := saved(t, p.o.Doc().File()); got != want || p.o.Pending() != 0 || p.o.After() != uint64(len(r.msgs)) {
				t.Fatalf("seed %d: %s: pending %d, after %d of %d, table equal %v", seed, p.seat, p.o.Pending(), p.o.After(), len(r.msgs), got == want)
			}
		}
	}
	if refusals == 0 || entries == 0 {
		t.Errorf("%d refusals, %d entries stored: the random games did not exercise both", refusals, entries)
	}
	t.Logf("%d entries stored, %d refusals", entries, refusals)
}

// TestOnlineGroup: a change of several ops (one Doc.Submit) goes as one group message and is one
// entry of the room holding them all; the other page applies them, and the maker's undo takes the
// whole group back on every page. A group the server refuses drops all its ops.
func TestOnlineGroup(t *testing.T) {
	r := newFakeRoom(t)
	blue, red := r.join(protocol.Blue), r.join(protocol.Red)
	if err := blue.o.Doc().Submit(&ops.TerrainMove{Piece: "ruin-2", DX: 1}, &ops.TerrainMove{Piece: "ruin-1", DX: 1}); err != nil {
		t.Fatal(err)
	}
	blue.o.Sync()
	r.converged(t)
	if len(r.msgs) != 1 || len(r.msgs[0].Ops) != 2 || r.log.Len() != 2 {
		t.Fatalf("room entries %d (ops %d), log %d: want one entry of two ops", len(r.msgs), len(r.msgs[0].Ops), r.log.Len())
	}
	if _, _, err := blue.o.Doc().Undo(); err != nil {
		t.Fatal(err)
	}
	blue.o.Sync()
	r.converged(t)
	if saved(t, red.o.Doc().File()) != saved(t, r.log.First()) {
		t.Error("blue's undo of the group did not take both moves back")
	}
	// Red deletes ruin-1 while blue, not having seen it, moves both again: refused whole.
	if err := red.o.Doc().Submit(&ops.TerrainDelete{Piece: "ruin-1"}); err != nil {
		t.Fatal(err)
	}
	red.o.Sync()
	if err := blue.o.Doc().Submit(&ops.TerrainMove{Piece: "ruin-2", DX: 2}, &ops.TerrainMove{Piece: "ruin-1", DX: 2}); err != nil {
		t.Fatal(err)
	}
	blue.o.Sync()
	r.converged(t)
	if r.log.Len() != 4 || len(blue.notes) != 1 || !strings.Contains(blue.notes[0], "ruin-1") {
		t.Fatalf("after the refused group: log %d (want 4: nothing of it), notes %q", r.log.Len(), blue.notes)
	}
}
