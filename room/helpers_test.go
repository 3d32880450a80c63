//go:build !js

package room_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"holotable/protocol"
	"holotable/protocol/client"
	"holotable/room"
	"holotable/room/roomtest"
	"holotable/store"
	"holotable/store/sqlitestore"
)

type server struct {
	hub   *room.Hub
	st    store.Store
	http  *httptest.Server
	base  string
	ws    string
	path  string
	limit room.Limits
}

func newServer(t *testing.T, lim room.Limits) *server {
	t.Helper()
	s := &server{path: filepath.Join(t.TempDir(), "rooms.db"), limit: lim}
	s.start(t)
	t.Cleanup(s.stop)
	return s
}

func (s *server) start(t *testing.T) {
	t.Helper()
	st, err := sqlitestore.Open(s.path)
	if err != nil {
		t.Fatal(err)
	}
	s.st = st
	s.hub = room.NewHub(room.Config{Store: st, Engine: roomtest.Engine{}, Limits: s.limit, Logf: t.Logf})
	s.http = httptest.NewServer(s.hub.Handler())
	s.base = s.http.URL
	s.ws = "ws" + strings.TrimPrefix(s.http.URL, "http") + "/ws"
}

func (s *server) stop() {
	if s.http == nil {
		return
	}
	s.http.CloseClientConnections()
	s.hub.Close()
	s.http.Close()
	s.st.Close()
	s.http = nil
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return c
}

func create(t *testing.T, s *server, counters map[string]float64) protocol.Links {
	t.Helper()
	l, err := client.Create(ctx(t), s.base, roomtest.First(counters))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func join(t *testing.T, s *server, l protocol.Links, seat string, after uint64) *client.Conn {
	t.Helper()
	c, err := client.Join(ctx(t), s.ws, l.Room, l.Keys[seat], after, seat+"-player")
	if err != nil {
		t.Fatalf("join as %s: %v", seat, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// next waits for the next message of type typ, skipping presence (and, unless asked for, relays).
func next(t *testing.T, c *client.Conn, typ protocol.Type) *protocol.Server {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case m, ok := <-c.In:
			if !ok {
				t.Fatalf("connection ended waiting for %s: %v", typ, c.Err())
			}
			if m.T == typ {
				return m
			}
			if m.T == protocol.TPresence || m.T == protocol.TPointer || m.T == protocol.TSelect || m.T == protocol.TExplain {
				continue
			}
			t.Fatalf("got %s %+v while waiting for %s", m.T, m, typ)
		case <-timeout:
			t.Fatalf("no %s within 10 s", typ)
		}
	}
}

// quiet checks that no message but presence arrives for a while.
func quiet(t *testing.T, c *client.Conn, d time.Duration) {
	t.Helper()
	timeout := time.After(d)
	for {
		select {
		case m, ok := <-c.In:
			if !ok {
				t.Fatalf("connection ended: %v", c.Err())
			}
			if m.T != protocol.TPresence {
				t.Fatalf("unexpected %s %+v", m.T, m)
			}
		case <-timeout:
			return
		}
	}
}

func sendOp(t *testing.T, c *client.Conn, id string, op json.RawMessage) {
	t.Helper()
	if err := c.Send(ctx(t), &protocol.Client{T: protocol.TOp, ID: id, Op: op}); err != nil {
		t.Fatal(err)
	}
}

// replay applies a client's entries to the counters engine, as the app replays its log.
func replay(t *testing.T, first []byte, entries []*protocol.Server) *roomtest.Table {
	t.Helper()
	tb, err := roomtest.Engine{}.Open(first)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Op != nil {
			if err := tb.Apply(e.By, e.Op); err != nil {
				t.Fatalf("entry %d: %v", e.Seq, err)
			}
		}
	}
	return tb.(*roomtest.Table)
}
