// Package storetest is the one test suite every store.Store passes (store/sqlitestore,
// store/natsstore): rooms, compare-and-set appends, de-duplication by op id, reads, subscriptions,
// concurrent appends at one place, a restart, and a history of concurrent clients checked for
// linearizability with porcupine and against every client's final log.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"holotable/store"
)

// Backend is a store backend under test.
type Backend interface {
	// Client is the i-th client of the backend (with several servers, client i talks to server
	// i mod n). The same i gives the same store until Restart.
	Client(t testing.TB, i int) store.Store
	// Restart stops the whole backend and starts it again on its data: the store process
	// (SQLite: the file closed and opened again), or every node of a cluster. The clients from
	// before are closed.
	Restart(t testing.TB)
}

var roomCounter atomic.Int64

// NewRoom creates a room with a fresh id on s and returns the id.
func NewRoom(t testing.TB, s store.Store, prefix string) string {
	t.Helper()
	id := fmt.Sprintf("%s-%d-%d", prefix, time.Now().UnixNano()%1e9, roomCounter.Add(1))
	r := store.Room{ID: id, First: []byte(`{"format":"holotable/1"}`), KeyHashes: map[string][]byte{"blue": {1, 2}, "red": {3, 4}}}
	if err := s.CreateRoom(ctx(t), r); err != nil {
		t.Fatalf("CreateRoom(%s): %v", id, err)
	}
	return id
}

func ctx(t testing.TB) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return c
}

// Op is the n-th op of a test, with a recognisable id and body.
func Op(tag string, n int) store.Op {
	return store.Op{ID: fmt.Sprintf("%s.%d", tag, n), Data: []byte(fmt.Sprintf(`{"n":%d,"tag":%q}`, n, tag))}
}

// Run runs the suite on b. The restart test comes last: it replaces the clients.
func Run(t *testing.T, b Backend) {
	t.Run("Rooms", func(t *testing.T) { testRooms(t, b.Client(t, 0), b.Client(t, 1)) })
	t.Run("AppendRead", func(t *testing.T) { testAppendRead(t, b.Client(t, 0), b.Client(t, 1)) })
	t.Run("Conflict", func(t *testing.T) { testConflict(t, b.Client(t, 0)) })
	t.Run("Duplicate", func(t *testing.T) { testDuplicate(t, b.Client(t, 0), b.Client(t, 1)) })
	t.Run("Refusals", func(t *testing.T) { testRefusals(t, b.Client(t, 0)) })
	t.Run("ConcurrentSameExpect", func(t *testing.T) { testConcurrentSameExpect(t, b) })
	t.Run("Subscribe", func(t *testing.T) { testSubscribe(t, b.Client(t, 0), b.Client(t, 1)) })
	t.Run("ManyRooms", func(t *testing.T) { testManyRooms(t, b.Client(t, 0)) })
	t.Run("History", func(t *testing.T) {
		stores := []store.Store{b.Client(t, 0), b.Client(t, 1), b.Client(t, 2)}
		rooms := []string{NewRoom(t, stores[0], "hist"), NewRoom(t, stores[0], "hist")}
		h := Workload(t, stores, rooms, 30, nil)
		h.Check(t, stores)
	})
	t.Run("Restart", func(t *testing.T) { testRestart(t, b) })
}

func testRooms(t *testing.T, s, other store.Store) {
	id := fmt.Sprintf("rooms-%d", time.Now().UnixNano())
	created := time.UnixMilli(1_700_000_000_123)
	want := store.Room{ID: id, First: []byte(`{"format":"holotable/1","x":1}`),
		KeyHashes: map[string][]byte{"blue": {0xaa, 0xbb}, "red": {0xcc}, "spectator": {0xdd, 0, 1}}, Created: created}
	if err := s.CreateRoom(ctx(t), want); err != nil {
		t.Fatal(err)
	}
	for _, c := range []store.Store{s, other} {
		got, err := c.Room(ctx(t), id)
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != want.ID || string(got.First) != string(want.First) || !got.Created.Equal(created) || len(got.KeyHashes) != 3 {
			t.Fatalf("Room = %+v, want %+v", got, want)
		}
		for seat, h := range want.KeyHashes {
			if string(got.KeyHashes[seat]) != string(h) {
				t.Errorf("seat %s: hash %x, want %x", seat, got.KeyHashes[seat], h)
			}
		}
	}
	again := want
	again.First = []byte(`{"other":true}`)
	if err := other.CreateRoom(ctx(t), again); !errors.Is(err, store.ErrRoomExists) {
		t.Errorf("CreateRoom of a taken id: %v, want ErrRoomExists", err)
	}
	if got, _ := s.Room(ctx(t), id); string(got.First) != string(want.First) {
		t.Errorf("a refused CreateRoom changed the room: %s", got.First)
	}
	if _, err := s.Room(ctx(t), id+"-none"); !errors.Is(err, store.ErrNoRoom) {
		t.Errorf("Room of an unknown id: %v, want ErrNoRoom", err)
	}
	if _, err := s.Room(ctx(t), "a.b"); !errors.Is(err, store.ErrNoRoom) {
		t.Errorf("Room of an invalid id: %v, want ErrNoRoom", err)
	}
	// A room created without a time gets the time of creation.
	before := time.Now().Add(-time.Second)
	id2 := NewRoom(t, s, "rooms")
	r2, err := other.Room(ctx(t), id2)
	if err != nil || r2.Created.Before(before) || r2.Created.After(time.Now().Add(time.Second)) {
		t.Errorf("Created = %v, %v; want about now", r2.Created, err)
	}
}

func testAppendRead(t *testing.T, s, other store.Store) {
	room := NewRoom(t, s, "read")
	if es, err := s.Read(ctx(t), room, 1, 10); err != nil || len(es) != 0 {
		t.Fatalf("Read of an empty room = %v, %v", es, err)
	}
	const n = 12
	for i := 1; i <= n; i++ {
		c := s
		if i%2 == 0 {
			c = other
		}
		e, err := c.Append(ctx(t), room, uint64(i-1), Op("ar", i))
		if err != nil {
			t.Fatalf("append %d: %v", i, err)
		}
		if e.Seq != uint64(i) || e.Room != room || e.ID != Op("ar", i).ID || string(e.Data) != string(Op("ar", i).Data) {
			t.Fatalf("append %d = %+v", i, e)
		}
		if e.At.IsZero() {
			t.Fatalf("append %d: no time", i)
		}
	}
	for _, c := range []struct{ from, max, want int }{{1, 100, n}, {1, 5, 5}, {5, 3, 3}, {10, 10, 3}, {12, 1, 1}, {13, 5, 0}, {50, 5, 0}} {
		for _, r := range []store.Store{s, other} {
			es, err := r.Read(ctx(t), room, uint64(c.from), c.max)
			if err != nil {
				t.Fatal(err)
			}
			if len(es) != c.want {
				t.Fatalf("Read(from %d, max %d) gave %d entries, want %d", c.from, c.max, len(es), c.want)
			}
			for k, e := range es {
				i := c.from + k
				if e.Seq != uint64(i) || e.ID != Op("ar", i).ID || string(e.Data) != string(Op("ar", i).Data) || e.Room != room {
					t.Fatalf("Read(from %d)[%d] = %+v", c.from, k, e)
				}
			}
		}
	}
	if _, err := s.Read(ctx(t), room, 0, 5); err == nil {
		t.Error("Read from 0 is not refused")
	}
	if es, err := s.Read(ctx(t), room+"-none", 1, 5); err != nil || len(es) != 0 {
		t.Errorf("Read of an unknown room = %v, %v; want nothing", es, err)
	}
}

func testConflict(t *testing.T, s store.Store) {
	room := NewRoom(t, s, "conflict")
	for i := 1; i <= 3; i++ {
		if _, err := s.Append(ctx(t), room, uint64(i-1), Op("c", i)); err != nil {
			t.Fatal(err)
		}
	}
	for _, expect := range []uint64{0, 1, 2, 4, 100} {
		_, err := s.Append(ctx(t), room, expect, Op("c-late", int(expect)))
		var c *store.ConflictError
		if !errors.As(err, &c) {
			t.Fatalf("append at %d of a log ending at 3: %v, want a ConflictError", expect, err)
		}
		if c.Expect != expect || c.Actual != 3 || c.Room != room {
			t.Errorf("conflict = %+v, want expect %d, actual 3", c, expect)
		}
	}
	if es, _ := s.Read(ctx(t), room, 1, 10); len(es) != 3 {
		t.Errorf("refused appends changed the log: %d entries", len(es))
	}
	if _, err := s.Append(ctx(t), room, 3, Op("c", 4)); err != nil {
		t.Errorf("append at the right place after conflicts: %v", err)
	}
}

func testDuplicate(t *testing.T, s, other store.Store) {
	room := NewRoom(t, s, "dup")
	room2 := NewRoom(t, s, "dup")
	first, err := s.Append(ctx(t), room, 0, Op("d", 1))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx(t), room, 1, Op("d", 2)); err != nil {
		t.Fatal(err)
	}
	// The same op again, at the right place, a wrong one, and through another client.
	for _, c := range []struct {
		s      store.Store
		expect uint64
	}{{s, 2}, {s, 0}, {other, 7}} {
		e, err := c.s.Append(ctx(t), room, c.expect, Op("d", 1))
		if err != nil {
			t.Fatalf("retried op at %d: %v", c.expect, err)
		}
		if e.Seq != 1 || string(e.Data) != string(first.Data) || e.ID != first.ID {
			t.Errorf("retried op at %d = %+v, want the first entry", c.expect, e)
		}
	}
	if es, _ := s.Read(ctx(t), room, 1, 10); len(es) != 2 {
		t.Errorf("retries stored again: %d entries, want 2", len(es))
	}
	// The id is the room's own: another room takes it.
	if e, err := other.Append(ctx(t), room2, 0, Op("d", 1)); err != nil || e.Seq != 1 || e.Room != room2 {
		t.Errorf("the same op id in another room = %+v, %v", e, err)
	}
}

func testRefusals(t *testing.T, s store.Store) {
	room := NewRoom(t, s, "refuse")
	cases := []struct {
		name string
		room string
		op   store.Op
		want error
	}{
		{"unknown room", room + "-none", Op("r", 1), store.ErrNoRoom},
		{"invalid room id", "a b", Op("r", 1), store.ErrNoRoom},
		{"empty op id", room, store.Op{Data: []byte("{}")}, nil},
		{"op id with a space", room, store.Op{ID: "a b", Data: []byte("{}")}, nil},
		{"op id too long", room, store.Op{ID: string(make([]byte, 65)), Data: []byte("{}")}, nil},
		{"op too large", room, store.Op{ID: "big", Data: make([]byte, store.MaxOpBytes+1)}, nil},
	}
	for _, c := range cases {
		_, err := s.Append(ctx(t), c.room, 0, c.op)
		if err == nil {
			t.Errorf("%s: accepted", c.name)
		} else if c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if es, _ := s.Read(ctx(t), room, 1, 10); len(es) != 0 {
		t.Errorf("refused appends stored %d entries", len(es))
	}
	for _, r := range []store.Room{
		{ID: "", First: []byte("{}")},
		{ID: "has.dot", First: []byte("{}")},
		{ID: "nofirst"},
		{ID: "bigfirst", First: make([]byte, store.MaxFirst+1)},
		{ID: "badseat", First: []byte("{}"), KeyHashes: map[string][]byte{"a.b": {1}}},
	} {
		if err := s.CreateRoom(ctx(t), r); err == nil {
			t.Errorf("CreateRoom(%q) accepted", r.ID)
		}
	}
}

// testConcurrentSameExpect: clients on every server append at the same place at once, round after
// round; exactly one wins each round, the others learn of the conflict.
func testConcurrentSameExpect(t *testing.T, b Backend) {
	const clients, rounds = 6, 8
	stores := make([]store.Store, clients)
	for i := range stores {
		stores[i] = b.Client(t, i)
	}
	room := NewRoom(t, stores[0], "race")
	for r := 0; r < rounds; r++ {
		var wins atomic.Int32
		var wg sync.WaitGroup
		errs := make(chan error, clients)
		start := make(chan struct{})
		for i, s := range stores {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				e, err := s.Append(ctx(t), room, uint64(r), Op(fmt.Sprintf("race%d", i), r))
				var c *store.ConflictError
				switch {
				case err == nil && e.Seq == uint64(r+1):
					wins.Add(1)
				case errors.As(err, &c):
				default:
					errs <- fmt.Errorf("client %d round %d: %+v, %v", i, r, e, err)
				}
			}()
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if w := wins.Load(); w != 1 {
			t.Fatalf("round %d: %d appends won, want exactly 1", r, w)
		}
	}
	es, err := stores[1].Read(ctx(t), room, 1, 100)
	if err != nil || len(es) != rounds {
		t.Fatalf("log after %d rounds: %d entries, %v", rounds, len(es), err)
	}
}

func testSubscribe(t *testing.T, s, other store.Store) {
	room := NewRoom(t, s, "sub")
	for i := 1; i <= 5; i++ {
		if _, err := s.Append(ctx(t), room, uint64(i-1), Op("s", i)); err != nil {
			t.Fatal(err)
		}
	}
	from0, err := s.Subscribe(room, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer from0.Close()
	from3, err := other.Subscribe(room, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer from3.Close()
	// Appends through both clients while the subscriptions catch up.
	for i := 6; i <= 40; i++ {
		c := s
		if i%3 == 0 {
			c = other
		}
		if _, err := c.Append(ctx(t), room, uint64(i-1), Op("s", i)); err != nil {
			t.Fatal(err)
		}
	}
	expectEntries(t, "subscribe after 0", from0, room, 1, 40)
	expectEntries(t, "subscribe after 3", from3, room, 4, 40)
	// A subscription at the end sees only what comes next.
	atEnd, err := s.Subscribe(room, 40)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Append(ctx(t), room, 40, Op("s", 41)); err != nil {
		t.Fatal(err)
	}
	expectEntries(t, "subscribe at the end", atEnd, room, 41, 41)
	atEnd.Close()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case _, ok := <-atEnd.C:
			if !ok {
				if atEnd.Err() != nil {
					t.Errorf("Err after Close = %v, want nil", atEnd.Err())
				}
				return
			}
		case <-deadline:
			t.Fatal("C not closed after Close")
		}
	}
}

func expectEntries(t *testing.T, what string, sub *store.Subscription, room string, from, to int) {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for i := from; i <= to; i++ {
		select {
		case e, ok := <-sub.C:
			if !ok {
				t.Fatalf("%s: closed before entry %d: %v", what, i, sub.Err())
			}
			if e.Seq != uint64(i) || e.Room != room || e.ID != Op("s", i).ID || string(e.Data) != string(Op("s", i).Data) {
				t.Fatalf("%s: got %+v, want entry %d", what, e, i)
			}
		case <-timeout:
			t.Fatalf("%s: entry %d did not arrive", what, i)
		}
	}
}

func testManyRooms(t *testing.T, s store.Store) {
	const rooms, per = 40, 15
	ids := make([]string, rooms)
	for i := range ids {
		ids[i] = NewRoom(t, s, "many")
	}
	var wg sync.WaitGroup
	errs := make(chan error, rooms)
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 1; i <= per; i++ {
				if e, err := s.Append(ctx(t), id, uint64(i-1), Op("m", i)); err != nil || e.Seq != uint64(i) {
					errs <- fmt.Errorf("room %s append %d: %+v, %v", id, i, e, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for _, id := range ids {
		es, err := s.Read(ctx(t), id, 1, 100)
		if err != nil || len(es) != per {
			t.Fatalf("room %s: %d entries, %v", id, len(es), err)
		}
		for k, e := range es {
			if e.ID != Op("m", k+1).ID {
				t.Fatalf("room %s entry %d: %s", id, k+1, e.ID)
			}
		}
	}
}

// testRestart: acknowledged appends survive a restart, a retried op is still recognised after it,
// and appending goes on at the right place.
func testRestart(t *testing.T, b Backend) {
	s := b.Client(t, 0)
	room := NewRoom(t, s, "restart")
	const n = 25
	for i := 1; i <= n; i++ {
		if _, err := s.Append(ctx(t), room, uint64(i-1), Op("rs", i)); err != nil {
			t.Fatal(err)
		}
	}
	b.Restart(t)
	for _, c := range []store.Store{b.Client(t, 0), b.Client(t, 1)} {
		if _, err := c.Room(ctx(t), room); err != nil {
			t.Fatalf("room after restart: %v", err)
		}
		es, err := c.Read(ctx(t), room, 1, 100)
		if err != nil || len(es) != n {
			t.Fatalf("after restart: %d entries, %v; want %d", len(es), err, n)
		}
		for k, e := range es {
			if e.Seq != uint64(k+1) || e.ID != Op("rs", k+1).ID || string(e.Data) != string(Op("rs", k+1).Data) {
				t.Fatalf("after restart, entry %d = %+v", k+1, e)
			}
		}
	}
	c := b.Client(t, 1)
	if e, err := c.Append(ctx(t), room, n, Op("rs", n)); err != nil || e.Seq != n {
		t.Errorf("retry of the last op after restart = %+v, %v; want entry %d", e, err, n)
	}
	if e, err := c.Append(ctx(t), room, 3, Op("rs", 2)); err != nil || e.Seq != 2 || e.ID != Op("rs", 2).ID {
		t.Errorf("retry of op 2 after restart, at a wrong place = %+v, %v; want entry 2", e, err)
	}
	if e, err := c.Append(ctx(t), room, n, Op("rs", n+1)); err != nil || e.Seq != n+1 {
		t.Errorf("append after restart = %+v, %v", e, err)
	}
	var conflict *store.ConflictError
	if _, err := c.Append(ctx(t), room, n-1, Op("rs", n+2)); !errors.As(err, &conflict) {
		t.Errorf("stale append after restart: %v, want a conflict", err)
	}
}
