package scenes

import (
	"encoding/json"
	"strings"
	"testing"

	"holotable/ops"
	"holotable/protocol"
)

// TestOnlineQueueKept: blue's page goes offline and makes three ops — a move of ruin-2, a move of
// ruin-1 and a deletion of ruin-1 — then is reloaded (its queue kept as JSON, read back by
// DecodeQueue); meanwhile red deletes ruin-2. The new page gets the room's history first, then
// sends the kept ops under their ids: the move of ruin-2 is refused and said in one line that
// counts it, the others are stored; every page ends with the server's table and nothing pending.
// A queue of another room or seat is ignored.
func TestOnlineQueueKept(t *testing.T) {
	r := newFakeRoom(t)
	blue, red := r.join(protocol.Blue), r.join(protocol.Red)
	blue.goOffline()
	for _, op := range []ops.Op{&ops.TerrainMove{Piece: "ruin-2", DX: 1}, &ops.TerrainMove{Piece: "ruin-1", DX: 1}, &ops.TerrainDelete{Piece: "ruin-1"}} {
		if err := blue.o.Doc().Submit(op); err != nil {
			t.Fatal(err)
		}
	}
	blue.o.Sync()
	kept, err := json.Marshal(blue.o.Queue())
	if err != nil || blue.o.Pending() != 3 {
		t.Fatalf("queue %v, %d pending", err, blue.o.Pending())
	}
	if err := red.o.Doc().Submit(&ops.TerrainDelete{Piece: "ruin-2"}); err != nil {
		t.Fatal(err)
	}
	red.o.Sync()
	// The reload: blue's old page is gone, a new one joins and is given the kept queue.
	r.pages = r.pages[1:]
	q, err := DecodeQueue(kept)
	if err != nil {
		t.Fatal(err)
	}
	nb := r.join(protocol.Blue)
	other := q
	other.Room = "r2"
	nb.o.Restore(other)
	if nb.o.restore != nil {
		t.Fatal("a queue of another room was taken")
	}
	nb.o.Restore(q)
	if nb.o.Pending() != 0 {
		t.Fatal("the kept ops were sent before the room's history arrived")
	}
	nb.deliver()
	r.converged(t)
	if r.log.Len() != 3 || len(nb.notes) != 1 || !strings.HasPrefix(nb.notes[0], "1 of the changes kept from before the reload refused") {
		t.Fatalf("server log %d entries; notes %q", r.log.Len(), nb.notes)
	}
	if _, ok := nb.o.Doc().File().Lookup("ruin-1"); ok {
		t.Error("the kept deletion of ruin-1 did not reach the table")
	}
}

// TestDecodeQueue: a kept queue is read strictly, each fault named in one line.
func TestDecodeQueue(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{`{"room":"r1","seat":"blue","ops":[{"id":"a.1","op":{"op":"terrain.move"}}]}`, ""},
		{`{"room":"r1","seat":"blue","ops":[]} x`, "more after the JSON object"},
		{`{"room":"r1","seat":"blue","ops":[],"zz":1}`, `unknown field "zz"`},
		{`{"seat":"blue","ops":[]}`, "room: missing"},
		{`{"room":"r1","seat":"spectator","ops":[]}`, `seat: "spectator" is not blue or red`},
		{`{"room":"r1","seat":"red","ops":[{"id":"a b","op":{}}]}`, "ops[0]: op: id: want"},
		{`{"room":"r1","seat":"red","ops":[{"id":"a","op":[1]}]}`, "ops[0]: op: op: want a JSON object"},
	} {
		_, err := DecodeQueue([]byte(tc.data))
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.data, err, tc.want)
		}
	}
}

// FuzzDecodeQueue: whatever the storage holds, DecodeQueue answers a queue or one line, and a
// queue it reads writes back to one it reads the same.
func FuzzDecodeQueue(f *testing.F) {
	f.Add([]byte(`{"room":"r1","seat":"blue","ops":[{"id":"a.1","op":{"op":"terrain.move","piece":"ruin-2","dx":1,"dy":0}}]}`))
	f.Add([]byte(`{"room":"r1","seat":"red","ops":[]}`))
	f.Add([]byte(`{"room":"","seat":"x"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		q, err := DecodeQueue(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("two lines: %q", err)
			}
			return
		}
		b, err := json.Marshal(q)
		if err != nil {
			t.Fatal(err)
		}
		q2, err := DecodeQueue(b)
		if err != nil || q2.Room != q.Room || q2.Seat != q.Seat || len(q2.Ops) != len(q.Ops) {
			t.Fatalf("written back: %v %+v", err, q2)
		}
	})
}
