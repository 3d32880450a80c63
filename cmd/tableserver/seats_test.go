//go:build !js

package main

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"holotable/protocol"
	"holotable/protocol/client"
)

// TestSeatsAreSides: on a room whose game gives unit "a" to red and "b" to blue (blue's turn, b
// active), each seat is its side whatever author it writes (D70, D83): red's move of blue's mini
// is refused with the rules' offer reason even when the op claims blue as its author, red's end
// of blue's activation is refused as acting for blue, nothing refused is logged; blue's move of
// its own mini and red's of its own are stored with the seat as author; a spectator's op is
// refused.
func TestSeatsAreSides(t *testing.T) {
	first, err := os.ReadFile("../../ops/testdata/game-state.json")
	if err != nil {
		t.Fatal(err)
	}
	ctx, c := openRoom(t, first, "blue", "red", "spectator")
	blue, red, spec := c["blue"], c["red"], c["spectator"]
	next := func(c *client.Conn, typ protocol.Type) *protocol.Server { t.Helper(); return nextOf(t, c, typ) }
	send := func(c *client.Conn, id, op string) { t.Helper(); sendOp(ctx, t, c, id, op) }
	for _, tc := range []struct {
		c          *client.Conn
		id, op     string
		wantReason string
	}{
		{red, "r1", `{"op":"minis.move","author":"blue","minis":[{"mini":"b-1","x":48,"y":20}]}`,
			"b is blue's unit: the change is offered to blue"},
		{red, "r2", `{"op":"game.endActivation","unit":"b"}`, "Red may not act for Blue"},
		{spec, "s1", `{"op":"minis.move","minis":[{"mini":"a-1","x":5,"y":6}]}`, "spectators watch"},
	} {
		send(tc.c, tc.id, tc.op)
		if m := next(tc.c, protocol.TRefused); m.ID != tc.id || !strings.Contains(m.Reason, tc.wantReason) {
			t.Errorf("%s: refused %+v, want %q", tc.id, m, tc.wantReason)
		}
	}
	for seq, want := range []struct {
		c      *client.Conn
		id, op string
		by     protocol.Seat
	}{
		{blue, "b1", `{"op":"minis.move","author":"red","minis":[{"mini":"b-1","x":48,"y":20}]}`, protocol.Blue},
		{red, "r3", `{"op":"minis.move","minis":[{"mini":"a-1","x":5,"y":6}]}`, protocol.Red},
	} {
		send(want.c, want.id, want.op)
		e := next(spec, protocol.TEntry)
		if e.Seq != uint64(seq+1) || e.ID != want.id || e.By != want.by ||
			!strings.Contains(string(e.Op), `"author":"`+want.by.String()+`"`) {
			t.Errorf("entry %d: %+v %s, want %s by %s", seq+1, e, e.Op, want.id, want.by)
		}
	}
}

// nextOf is c's next message of type typ, skipping presence; any other message fails t.
func nextOf(t *testing.T, c *client.Conn, typ protocol.Type) *protocol.Server {
	t.Helper()
	for m := range c.In {
		if m.T == typ {
			return m
		}
		if m.T != protocol.TPresence {
			t.Fatalf("got %s %+v, want %s", m.T, m, typ)
		}
	}
	t.Fatalf("connection ended: %v", c.Err())
	return nil
}

// sendOp sends op (its JSON) with the client's id on c.
func sendOp(ctx context.Context, t *testing.T, c *client.Conn, id, op string) {
	t.Helper()
	if err := c.Send(ctx, &protocol.Client{T: protocol.TOp, ID: id, Op: json.RawMessage(op)}); err != nil {
		t.Fatal(err)
	}
}

// openRoom starts a server, makes a room of first and joins it with the seats named; the context
// ends with the test (30 s at most).
func openRoom(t *testing.T, first []byte, seats ...string) (context.Context, map[string]*client.Conn) {
	t.Helper()
	base := start(t, "serve", "--port", "0", "--data", t.TempDir(), "--web", t.TempDir())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	l, err := client.Create(ctx, base, first)
	if err != nil {
		t.Fatal(err)
	}
	ws := "ws" + strings.TrimPrefix(base, "http") + "/ws"
	conns := map[string]*client.Conn{}
	for _, seat := range seats {
		c, err := client.Join(ctx, ws, l.Room, l.Keys[seat], 0, "")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		conns[seat] = c
	}
	return ctx, conns
}
