//go:build !js

package room_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"holotable/protocol"
	"holotable/protocol/client"
	"holotable/room"
	"holotable/room/roomtest"
)

// TestPlay: blue, red and a spectator on one room. Each op is broadcast to all three with its
// sequence number, in one order, and replaying it gives every client the same table.
func TestPlay(t *testing.T) {
	s := newServer(t, room.DefaultLimits())
	l := create(t, s, map[string]float64{"hp": 10})
	if len(l.Keys) != 3 || len(l.Links["blue"]) == 0 || !strings.Contains(l.Links["spectator"], "#room="+l.Room+"&key=") {
		t.Fatalf("links = %+v", l)
	}
	blue, red, spec := join(t, s, l, "blue", 0), join(t, s, l, "red", 0), join(t, s, l, "spectator", 0)
	for c, seat := range map[*client.Conn]protocol.Seat{blue: protocol.Blue, red: protocol.Red, spec: protocol.Spectator} {
		if c.Welcome.Seat != seat || c.Welcome.Room != l.Room || *c.Welcome.Head != 0 || string(c.Welcome.First) != string(roomtest.First(map[string]float64{"hp": 10})) {
			t.Fatalf("welcome = %+v", c.Welcome)
		}
	}
	sendOp(t, blue, "b1", roomtest.Add("hp", -3))
	sendOp(t, red, "r1", roomtest.Set("morale", 2))
	sendOp(t, blue, "b2", roomtest.Add("hp", 1)) // not on morale: red's r1 may come after it
	var logs [3][]*protocol.Server
	for i, c := range []*client.Conn{blue, red, spec} {
		for k := 0; k < 3; k++ {
			logs[i] = append(logs[i], next(t, c, protocol.TEntry))
		}
	}
	for i := range logs {
		for k, e := range logs[i] {
			if e.Seq != uint64(k+1) || e.At == 0 {
				for _, x := range logs[i] {
					t.Logf("client %d: %d %s", i, x.Seq, x.ID)
				}
				t.Fatalf("client %d entry %d: %+v", i, k, e)
			}
			if e.ID != logs[0][k].ID || e.By != logs[0][k].By || string(e.Op) != string(logs[0][k].Op) {
				t.Fatalf("client %d entry %d differs: %+v vs %+v", i, k, e, logs[0][k])
			}
		}
	}
	byID := map[string]protocol.Seat{}
	for _, e := range logs[0] {
		byID[e.ID] = e.By
	}
	if byID["b1"] != protocol.Blue || byID["r1"] != protocol.Red || byID["b2"] != protocol.Blue {
		t.Errorf("authors = %v", byID)
	}
	first := roomtest.First(map[string]float64{"hp": 10})
	for i := range logs {
		tb := replay(t, first, logs[i])
		if tb.Counters["hp"] != 8 || tb.Counters["morale"] != 2 {
			t.Errorf("client %d replays to %v", i, tb)
		}
	}
	if blue.Last() != 3 {
		t.Errorf("Last = %d", blue.Last())
	}
}

// TestRefusals: a spectator's edit, a refused op, an unknown die, a spectator's pointer: each is
// refused with one line to its sender, and nothing reaches the log or the others.
func TestRefusals(t *testing.T) {
	s := newServer(t, room.DefaultLimits())
	l := create(t, s, map[string]float64{"hp": 10})
	blue, red, spec := join(t, s, l, "blue", 0), join(t, s, l, "red", 0), join(t, s, l, "spectator", 0)
	cases := []struct {
		c    *client.Conn
		m    *protocol.Client
		want string
	}{
		{spec, &protocol.Client{T: protocol.TOp, ID: "s1", Op: roomtest.Set("hp", 0)}, "spectators watch"},
		{spec, &protocol.Client{T: protocol.TRoll, ID: "s2", Dice: map[string]int{"red-attack": 1}}, "spectators watch"},
		{spec, &protocol.Client{T: protocol.TSelect, IDs: []string{"u1"}}, "spectators watch"},
		{blue, &protocol.Client{T: protocol.TOp, ID: "b1", Op: roomtest.Add("shields", 1)}, `add: no counter "shields" on the table`},
		{red, &protocol.Client{T: protocol.TRoll, ID: "r1", Dice: map[string]int{"purple-attack": 2}}, `roll: dice: no die "purple-attack"`},
		{red, &protocol.Client{T: protocol.TRoll, ID: "r2", For: protocol.RollDraw}, "roll: for: this server's rooms roll only the dice tool's pools"},
		{red, &protocol.Client{T: protocol.THello, Room: l.Room, Key: l.Keys["red"]}, "hello: already in a room"},
	}
	for _, c := range cases {
		if err := c.c.Send(ctx(t), c.m); err != nil {
			t.Fatal(err)
		}
		m := next(t, c.c, protocol.TRefused)
		if !strings.Contains(m.Reason, c.want) || m.ID != c.m.ID || strings.Contains(m.Reason, "\n") {
			t.Errorf("%s %s: refused %+v, want %q", c.m.T, c.m.ID, m, c.want)
		}
	}
	quiet(t, blue, 200*time.Millisecond)
	quiet(t, red, 100*time.Millisecond)
	sendOp(t, blue, "b2", roomtest.Add("hp", 1))
	if e := next(t, spec, protocol.TEntry); e.Seq != 1 || e.ID != "b2" {
		t.Errorf("the first entry after the refusals = %+v, want seq 1", e)
	}
}

// TestMalformed: malformed messages are refused naming the fault and the connection goes on; a
// frame over the limit closes it; a first message that is not a hello is refused.
func TestMalformed(t *testing.T) {
	s := newServer(t, room.DefaultLimits())
	l := create(t, s, map[string]float64{"hp": 10})
	blue := join(t, s, l, "blue", 0)
	for raw, want := range map[string]string{
		`{"t":"op","id":"x"`:                  "not a message",
		`{"t":"op","id":"x","op":{},"zz":1}`:  `unknown field "zz"`,
		`{"t":"teleport"}`:                    `t: unknown type "teleport"`,
		`{"t":"op","id":"x y","op":{}}`:       "op: id:",
		`{"t":"pointer","x":1}`:               "pointer: want both x and y",
		`{"t":"op","id":"b1","op":{"add":1}}`: "op: json: cannot unmarshal",
	} {
		if err := blue.SendRaw(ctx(t), []byte(raw)); err != nil {
			t.Fatal(err)
		}
		if m := next(t, blue, protocol.TRefused); !strings.Contains(m.Reason, want) {
			t.Errorf("%s: refused %q, want %q", raw, m.Reason, want)
		}
	}
	sendOp(t, blue, "ok", roomtest.Add("hp", 1))
	if e := next(t, blue, protocol.TEntry); e.Seq != 1 {
		t.Fatalf("entry after malformed messages = %+v", e)
	}
	// A frame over the limit ends the connection.
	big := make([]byte, protocol.MaxFrame+10)
	for i := range big {
		big[i] = ' '
	}
	blue.SendRaw(ctx(t), big) //nolint:errcheck // the server may close first
	for range blue.In {
	}
	var ce websocket.CloseError
	if err := blue.Err(); !errors.As(err, &ce) && !strings.Contains(err.Error(), "over") {
		t.Errorf("after an oversized frame: %v", err)
	}
	// Hello first.
	ws, _, err := websocket.Dial(ctx(t), s.ws, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	ws.Write(ctx(t), websocket.MessageText, []byte(`{"t":"pointer","x":1,"y":1}`)) //nolint:errcheck
	_, data, err := ws.Read(ctx(t))
	if err != nil || !strings.Contains(string(data), "hello first") {
		t.Errorf("a first message that is not a hello: %s, %v", data, err)
	}
}

// TestWrongKey: an unknown room and a wrong key get the same one refusal.
func TestWrongKey(t *testing.T) {
	s := newServer(t, room.DefaultLimits())
	l := create(t, s, nil)
	for _, c := range []struct{ room, key string }{
		{l.Room, "AAAAAAAAAAAAAAAAAAAAAA"}, {l.Room, l.Room}, {"no-such-room", l.Keys["blue"]}, {l.Room + "x", l.Keys["red"]},
	} {
		_, err := client.Join(ctx(t), s.ws, c.room, c.key, 0, "")
		var se *client.ServerError
		if !errors.As(err, &se) || se.Reason != "no room with this link (unknown room or wrong key)" {
			t.Errorf("join %s with %s: %v", c.room, c.key, err)
		}
	}
	// A log past the room's end is refused.
	_, err := client.Join(ctx(t), s.ws, l.Room, l.Keys["blue"], 5, "")
	if err == nil || !strings.Contains(err.Error(), "after: the room's log ends at entry 0") {
		t.Errorf("join after entry 5 of an empty room: %v", err)
	}
}

// TestReplayedOp: an op sent twice (a retry) is stored once; the retry gets the same entry back,
// also from a new connection after a reconnect.
func TestReplayedOp(t *testing.T) {
	s := newServer(t, room.DefaultLimits())
	l := create(t, s, map[string]float64{"hp": 10})
	blue, red := join(t, s, l, "blue", 0), join(t, s, l, "red", 0)
	sendOp(t, blue, "b1", roomtest.Add("hp", -1))
	sendOp(t, blue, "b1", roomtest.Add("hp", -1))
	e1, e2 := next(t, blue, protocol.TEntry), next(t, blue, protocol.TEntry)
	if e1.Seq != 1 || e2.Seq != 1 || e2.ID != "b1" {
		t.Errorf("op and its retry: %+v, %+v", e1, e2)
	}
	if e := next(t, red, protocol.TEntry); e.Seq != 1 {
		t.Fatal(e)
	}
	quiet(t, red, 200*time.Millisecond) // red saw it once
	blue.Close()
	blue2 := join(t, s, l, "blue", 1)
	sendOp(t, blue2, "b1", roomtest.Add("hp", -1))
	if e := next(t, blue2, protocol.TEntry); e.Seq != 1 {
		t.Errorf("retry after reconnecting: %+v", e)
	}
	// The same id from the other seat is the other seat's own op.
	sendOp(t, red, "b1", roomtest.Add("hp", -1))
	if e := next(t, red, protocol.TEntry); e.Seq != 2 || e.By != protocol.Red {
		t.Errorf("red's op with blue's id: %+v", e)
	}
}

// TestResume: a client that reconnects with its last sequence number gets the welcome and only
// the entries after it.
func TestResume(t *testing.T) {
	s := newServer(t, room.DefaultLimits())
	l := create(t, s, map[string]float64{"hp": 10})
	blue, red := join(t, s, l, "blue", 0), join(t, s, l, "red", 0)
	for i, id := range []string{"a", "b", "c"} {
		sendOp(t, red, id, roomtest.Add("hp", 1))
		if e := next(t, blue, protocol.TEntry); e.Seq != uint64(i+1) {
			t.Fatal(e)
		}
		next(t, red, protocol.TEntry)
	}
	last := blue.Last()
	blue.Close()
	sendOp(t, red, "d", roomtest.Add("hp", 1))
	sendOp(t, red, "e", roomtest.Add("hp", 1))
	next(t, red, protocol.TEntry)
	next(t, red, protocol.TEntry)
	blue2 := join(t, s, l, "blue", last)
	if *blue2.Welcome.Head != 5 {
		t.Errorf("head = %d", *blue2.Welcome.Head)
	}
	for _, want := range []string{"d", "e"} {
		if e := next(t, blue2, protocol.TEntry); e.ID != want {
			t.Errorf("resumed entry %+v, want %s", e, want)
		}
	}
}

// TestDice: a roll is rolled by the server and logged; everyone sees the same faces, and a client
// joining later reads the same roll from the log.
func TestDice(t *testing.T) {
	s := newServer(t, room.DefaultLimits())
	l := create(t, s, nil)
	blue, red := join(t, s, l, "blue", 0), join(t, s, l, "red", 0)
	if err := blue.Send(ctx(t), &protocol.Client{T: protocol.TRoll, ID: "roll1", Dice: map[string]int{"red-attack": 3, "white-defence": 2}}); err != nil {
		t.Fatal(err)
	}
	eb, er := next(t, blue, protocol.TEntry), next(t, red, protocol.TEntry)
	if eb.Roll == nil || len(eb.Roll.Result.Dice) != 5 || eb.By != protocol.Blue || eb.Op != nil {
		t.Fatalf("roll entry = %+v", eb)
	}
	n := 0
	for _, c := range eb.Roll.Result.Tally {
		n += c
	}
	if n != 5 || eb.Roll.Dice["red-attack"] != 3 {
		t.Errorf("tally %v of %v", eb.Roll.Result.Tally, eb.Roll.Dice)
	}
	late := join(t, s, l, "spectator", 0)
	el := next(t, late, protocol.TEntry)
	for i, d := range eb.Roll.Result.Dice {
		if er.Roll.Result.Dice[i] != d || el.Roll.Result.Dice[i] != d {
			t.Fatalf("die %d: blue %v, red %v, late %v", i, d, er.Roll.Result.Dice[i], el.Roll.Result.Dice[i])
		}
	}
}

// TestRelays: pointers, selections and offered explanations reach the others (not the sender),
// with the sender's seat and peer id, and are not logged; presence follows joins and leaves.
func TestRelays(t *testing.T) {
	s := newServer(t, room.DefaultLimits())
	l := create(t, s, nil)
	blue := join(t, s, l, "blue", 0)
	if m := next(t, blue, protocol.TPresence); len(m.Peers) != 1 || m.Peers[0].Seat != protocol.Blue || m.Peers[0].Name != "blue-player" {
		t.Fatalf("presence = %+v", m)
	}
	red := join(t, s, l, "red", 0)
	spec := join(t, s, l, "spectator", 0)
	for {
		m := next(t, blue, protocol.TPresence)
		if len(m.Peers) == 3 {
			if m.Peers[0].Seat != protocol.Blue || m.Peers[1].Seat != protocol.Red || m.Peers[2].Seat != protocol.Spectator {
				t.Fatalf("presence order %+v", m.Peers)
			}
			break
		}
	}
	x, y := 10.5, 20.25
	for _, m := range []*protocol.Client{
		{T: protocol.TPointer, X: &x, Y: &y},
		{T: protocol.TSelect, IDs: []string{"blue-1", "blue-2"}},
		{T: protocol.TExplain, Query: []byte(`{"kind":"cover","attacker":"red-1","defender":"blue-1"}`)},
		{T: protocol.TSelect, IDs: []string{}},
	} {
		if err := red.Send(ctx(t), m); err != nil {
			t.Fatal(err)
		}
		for _, c := range []*client.Conn{blue, spec} {
			got := next(t, c, m.T)
			if got.Seat != protocol.Red || got.From != red.Welcome.You {
				t.Errorf("%s from %+v", m.T, got)
			}
			switch m.T {
			case protocol.TPointer:
				if *got.X != x || *got.Y != y {
					t.Errorf("pointer %+v", got)
				}
			case protocol.TSelect:
				if len(got.IDs) != len(m.IDs) {
					t.Errorf("select %+v", got)
				}
			case protocol.TExplain:
				if string(got.Query) != string(m.Query) {
					t.Errorf("explain %s", got.Query)
				}
			}
		}
	}
	quiet(t, red, 200*time.Millisecond) // not to the sender
	red.Close()
	for {
		if m := next(t, blue, protocol.TPresence); len(m.Peers) == 2 {
			break
		}
	}
	if late := join(t, s, l, "spectator", 0); *late.Welcome.Head != 0 {
		t.Error("relays were logged")
	}
}

// TestOrigin: a page of another origin may neither open the WebSocket nor create rooms.
func TestOrigin(t *testing.T) {
	s := newServer(t, room.DefaultLimits())
	l := create(t, s, nil)
	_, res, err := websocket.Dial(ctx(t), s.ws, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://evil.example"}}})
	if err == nil || res == nil || res.StatusCode != http.StatusForbidden {
		t.Errorf("WebSocket from another origin: %v, %v", res, err)
	}
	req, _ := http.NewRequest("POST", s.base+"/api/rooms", strings.NewReader(string(roomtest.First(nil))))
	req.Header.Set("Origin", "https://evil.example")
	r2, err := http.DefaultClient.Do(req)
	if err != nil || r2.StatusCode != http.StatusForbidden {
		t.Errorf("create from another origin: %v, %v", r2.Status, err)
	}
	// The server's own origin is welcome.
	host := strings.TrimPrefix(s.base, "http://")
	ws, _, err := websocket.Dial(ctx(t), s.ws, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"http://" + host}}})
	if err != nil {
		t.Fatalf("WebSocket from the own origin: %v", err)
	}
	ws.CloseNow()
	_ = l
}

// TestCreateRefusals: a table the engine does not open, and one over the size limit, make no room.
func TestCreateRefusals(t *testing.T) {
	s := newServer(t, room.DefaultLimits())
	for body, want := range map[string]string{
		`{"format":"holotable/9"}`: `table file: format: "holotable/9", want holotable/1`,
		`not json`:                 "table file: not a table file",
		`{"format":"holotable/1","x":"` + strings.Repeat("x", 800<<10) + `"}`: "table file over",
	} {
		_, err := client.Create(ctx(t), s.base, []byte(body))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("create %.40s: %v, want %q", body, err, want)
		}
	}
}
