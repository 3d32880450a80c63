//go:build !js

package sqlitestore

import (
	"context"
	"errors"
	"hash/maphash"
	"path/filepath"
	"testing"

	"holotable/store"
	"holotable/store/storetest"
)

// TestHashClash: two op ids whose hashes clash (made so by hand: 64-bit hashes never do) are two
// ops — the second is stored, not taken for a retry of the first — and a retry of either finds
// its own entry, at any expected place.
func TestHashClash(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "rooms.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	room := storetest.NewRoom(t, s, "clash")
	a, b := store.Op{ID: "blue:a", Data: []byte(`{"a":1}`)}, store.Op{ID: "blue:b", Data: []byte(`{"b":2}`)}
	if e, err := s.Append(ctx, room, 0, a); err != nil || e.Seq != 1 {
		t.Fatalf("append a = %+v, %v", e, err)
	}
	// The writer is waiting for the next request (its answer came before): b's hash now names a's
	// entry.
	rl := s.rooms[room]
	rl.ids[maphash.String(s.seed, b.ID)] = rl.ids[maphash.String(s.seed, a.ID)]
	if e, err := s.Append(ctx, room, 1, b); err != nil || e.Seq != 2 || e.ID != b.ID {
		t.Fatalf("append b, whose hash names a's entry = %+v, %v; want entry 2", e, err)
	}
	for _, c := range []struct {
		op     store.Op
		expect uint64
		seq    uint64
	}{{b, 0, 2}, {b, 2, 2}, {a, 5, 1}, {a, 2, 1}} {
		e, err := s.Append(ctx, room, c.expect, c.op)
		if err != nil || e.Seq != c.seq || e.ID != c.op.ID || string(e.Data) != string(c.op.Data) {
			t.Errorf("retry of %s at %d = %+v, %v; want entry %d", c.op.ID, c.expect, e, err, c.seq)
		}
	}
	var conflict *store.ConflictError
	if _, err := s.Append(ctx, room, 1, store.Op{ID: "blue:c", Data: []byte(`{}`)}); !errors.As(err, &conflict) || conflict.Actual != 2 {
		t.Errorf("a new op at a stale place: %v, want a conflict at 2", err)
	}
	if es, err := s.Read(ctx, room, 1, 10); err != nil || len(es) != 2 {
		t.Errorf("the log: %d entries, %v; want 2", len(es), err)
	}
}
