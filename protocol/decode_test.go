package protocol

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDecodeAccepts(t *testing.T) {
	cases := []struct {
		in   string
		want func(*Client) bool
	}{
		{`{"t":"hello","room":"r-1_x","key":"AbC-_9","after":17,"name":"Ana Łukasz"}`,
			func(m *Client) bool {
				return m.Room == "r-1_x" && m.Key == "AbC-_9" && m.After == 17 && m.Name == "Ana Łukasz"
			}},
		{`{"t":"hello","room":"r","key":"k"}`, func(m *Client) bool { return m.After == 0 }},
		{`{"t":"op","id":"c1.17:x","op":{"op":"terrain.move","terrain":"t1","x":3}}`,
			func(m *Client) bool { return m.ID == "c1.17:x" && strings.Contains(string(m.Op), "terrain.move") }},
		{`{"t":"group","id":"g.1","ops":[{"id":"a.1","op":"game.score"},{"id":"a.2","op":"game.score"}]}`,
			func(m *Client) bool { return m.ID == "g.1" && len(m.Ops) == 2 }},
		{`{"t":"roll","id":"r1","dice":{"red-attack":2,"white-defence":3}}`,
			func(m *Client) bool { return m.Dice["red-attack"] == 2 && m.Dice["white-defence"] == 3 }},
		{`{"t":"roll","id":"r2","for":"attack","dice":{"black-attack":3}}`,
			func(m *Client) bool { return m.For == RollAttack && m.Dice["black-attack"] == 3 }},
		{`{"t":"roll","id":"r5","for":"attack","dice":{"black-attack":3},"giveUp":"r2"}`,
			func(m *Client) bool { return m.For == RollAttack && m.GiveUp == "r2" }},
		{`{"t":"roll","id":"r3","for":"draw"}`, func(m *Client) bool { return m.For == RollDraw && m.Dice == nil }},
		{`{"t":"roll","id":"r4","for":"dispute"}`, func(m *Client) bool { return m.For == RollDispute && m.Dice == nil }},
		{`{"t":"pointer","x":12.5,"y":-3}`, func(m *Client) bool { return *m.X == 12.5 && *m.Y == -3 }},
		{`{"t":"pointer"}`, func(m *Client) bool { return m.X == nil && m.Y == nil }},
		{`{"t":"select","ids":["u1","t-2"]}`, func(m *Client) bool { return len(m.IDs) == 2 }},
		{`{"t":"select","ids":[]}`, func(m *Client) bool { return m.IDs != nil && len(m.IDs) == 0 }},
		{`{"t":"explain","query":{"kind":"cover","attacker":"u1","defender":"u2"}}`, func(m *Client) bool { return isObject(m.Query) }},
		{" \n{\"t\":\"pointer\"}\n", func(m *Client) bool { return m.T == TPointer }},
	}
	for _, c := range cases {
		m, err := Decode([]byte(c.in))
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if !c.want(m) {
			t.Errorf("%s: decoded %+v", c.in, m)
		}
	}
}

func TestDecodeRefuses(t *testing.T) {
	long := strings.Repeat("a", 65)
	cases := []struct{ in, want string }{
		{``, "not a message"},
		{`[]`, "not a message"},
		{`{"t":"hello","room":"r","key":"k"} {}`, "more after the JSON object"},
		{`{"t":"hello","room":"r","key":"k"`, "not a message"},
		{`{"room":"r"}`, "t: missing"},
		{`{"t":"dance"}`, `t: unknown type "dance"`},
		{`{"t":"hello","room":"r","key":"k","colour":"blue"}`, `unknown field "colour"`},
		{`{"t":"hello","room":"a.b","key":"k"}`, "hello: room:"},
		{`{"t":"hello","room":"` + long + `","key":"k"}`, "hello: room:"},
		{`{"t":"hello","room":"r"}`, "hello: key:"},
		{`{"t":"hello","room":"r","key":"k","name":"a\u0007b"}`, "hello: name:"},
		{`{"t":"hello","room":"r","key":"k","name":"` + strings.Repeat("n", 41) + `"}`, "hello: name:"},
		{`{"t":"hello","room":"r","key":"k","op":{}}`, "hello: op: not a field"},
		{`{"t":"hello","room":"r","key":"k","after":-1}`, "not a message"},
		{`{"t":"op","op":{}}`, "op: id:"},
		{`{"t":"group","id":"g","ops":[{"id":"a"}]}`, "group: ops: 1 operations, want 2–64"},
		{`{"t":"group","id":"g","ops":[{"id":"a"},[]]}`, "group: ops[1]: want a JSON object"},
		{`{"t":"group","id":"g","ops":[{"id":"a"},{"op":"x"}]}`, "group: ops[1].id:"},
		{`{"t":"group","id":"g","op":{}}`, "group: op: not a field"},
		{`{"t":"op","id":"a b","op":{}}`, "op: id:"},
		{`{"t":"op","id":"x","op":[1]}`, "op: op: want a JSON object"},
		{`{"t":"op","id":"x","op":"move"}`, "op: op: want a JSON object"},
		{`{"t":"op","id":"x"}`, "op: op: want a JSON object"},
		{`{"t":"op","id":"x","op":{},"x":1}`, "op: x: not a field"},
		{`{"t":"roll","id":"r"}`, "roll: dice: want at least one die"},
		{`{"t":"roll","id":"r","dice":{"red-attack":0}}`, "roll: dice.red-attack: 0 dice"},
		{`{"t":"roll","id":"r","dice":{"red-attack":41}}`, "roll: dice.red-attack: 41 dice"},
		{`{"t":"roll","id":"r","dice":{"red-attack":30,"white-attack":11}}`, "roll: dice: 41 dice"},
		{`{"t":"roll","id":"r","dice":{"../x":1}}`, "is not a die id"},
		{`{"t":"roll","id":"r","for":"heal","dice":{"red-attack":1}}`, `for: "heal" is not attack, defence, draw or dispute`},
		{`{"t":"roll","id":"r","for":"draw","dice":{"red-attack":1}}`, "roll: dice: a draw takes no dice"},
		{`{"t":"roll","id":"r","for":"defence","dice":{"red-defence":1},"giveUp":"r1"}`, `roll: giveUp: only a roll for "attack" gives up an open roll`},
		{`{"t":"roll","id":"r","dice":{"red-attack":1},"giveUp":"r1"}`, `roll: giveUp: only a roll for "attack" gives up an open roll`},
		{`{"t":"roll","id":"r","for":"attack","dice":{"red-attack":1},"giveUp":"r 1"}`, "roll: giveUp: want 1–54 of"},
		{`{"t":"op","id":"o","op":{"op":"x"},"giveUp":"r1"}`, "op: giveUp: not a field of this message"},
		{`{"t":"roll","id":"r","for":"dispute","dice":{"red-defence":1}}`, "roll: dice: a dispute takes no dice"},
		{`{"t":"roll","id":"r","for":"defence"}`, "roll: dice: want at least one die"},
		{`{"t":"op","id":"r","for":"draw","op":{}}`, "op: for: not a field"},
		{`{"t":"pointer","x":1}`, "pointer: want both x and y"},
		{`{"t":"pointer","x":1,"y":2e7}`, "pointer: x and y"},
		{`{"t":"pointer","x":1,` + strings.Repeat(" ", 300) + `"y":2}`, "pointer: 3"},
		{`{"t":"select","ids":[""]}`, "select: ids:"},
		{`{"t":"select","ids":["` + strings.Repeat("i\",\"", 65) + `"]}`, "select: ids: 66 ids"},
		{`{"t":"explain","query":3}`, "explain: query: want a JSON object"},
		{`{"t":"explain","query":{"q":"` + strings.Repeat("q", MaxRelay) + `"}}`, "explain: 4"},
		{`{"t":"welcome"}`, `t: unknown type "welcome"`},
		{string(make([]byte, MaxFrame+1)), "at most 1048576"},
	}
	for _, c := range cases {
		m, err := Decode([]byte(c.in))
		if err == nil {
			t.Errorf("%.60s: accepted as %+v", c.in, m)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.60s: %q, want it to say %q", c.in, err, c.want)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%.60s: error of more than one line: %q", c.in, err)
		}
	}
}

// TestRoundTrip: what a client encodes, the server decodes to the same message.
func TestRoundTrip(t *testing.T) {
	x, y := 1.25, -7.0
	for _, m := range []Client{
		{T: THello, Room: "room1", Key: "k_1", After: 3, Name: "Bo"},
		{T: TOp, ID: "o1", Op: json.RawMessage(`{"op":"x"}`)},
		{T: TRoll, ID: "o2", Dice: map[string]int{"black-attack": 3}},
		{T: TPointer, X: &x, Y: &y},
		{T: TSelect, IDs: []string{"a", "b"}},
		{T: TExplain, Query: json.RawMessage(`{"kind":"los"}`)},
	} {
		b, err := m.Encode()
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		again, _ := got.Encode()
		if string(again) != string(b) {
			t.Errorf("%s decoded and encoded is %s", b, again)
		}
	}
}

func TestRecord(t *testing.T) {
	r := Record{ID: "o1", By: Red, Op: json.RawMessage(`{"op":"x"}`)}
	b, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"id":"o1","by":"red","op":{"op":"x"}}` {
		t.Errorf("record = %s", b)
	}
	got, err := DecodeRecord(b)
	if err != nil || got.By != Red || string(got.Op) != `{"op":"x"}` {
		t.Errorf("decoded %+v, %v", got, err)
	}
	for _, bad := range []string{`{"id":"o","by":"red"}`, `{"id":"o","by":"spectator","op":{}}`, `{"id":"o","by":"red","op":{},"x":1}`,
		`{"id":"o","by":"red","op":{},"roll":{"dice":{},"result":{"dice":null,"tally":null,"total":0}}}`} {
		if _, err := DecodeRecord([]byte(bad)); err == nil {
			t.Errorf("DecodeRecord(%s) accepted", bad)
		}
	}
	if _, err := (&Record{ID: "x", By: Blue}).Encode(); err == nil {
		t.Error("a record with neither op nor roll encodes")
	}
	if id := StoreOpID(Blue, "c.1"); id != "blue:c.1" || ClientOpID(id) != "c.1" {
		t.Errorf("StoreOpID = %s, ClientOpID = %s", id, ClientOpID(id))
	}
}

func TestSeat(t *testing.T) {
	for _, s := range Seats {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back Seat
		if err := json.Unmarshal(b, &back); err != nil || back != s {
			t.Errorf("%v → %s → %v, %v", s, b, back, err)
		}
	}
	if Blue.Plays() != true || Red.Plays() != true || Spectator.Plays() || NoSeat.Plays() {
		t.Error("Plays")
	}
	var s Seat
	if err := json.Unmarshal([]byte(`"green"`), &s); err == nil {
		t.Error("green is a seat")
	}
	if _, err := json.Marshal(NoSeat); err == nil {
		t.Error("NoSeat marshals")
	}
}

// FuzzDecode: no input makes Decode panic, and what it accepts re-encodes to a message it accepts
// again, unchanged.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"t":"hello","room":"r","key":"k","after":2,"name":"n"}`, `{"t":"op","id":"a","op":{"op":"m"}}`,
		`{"t":"roll","id":"r","dice":{"red-attack":2}}`, `{"t":"roll","id":"r","for":"draw"}`, `{"t":"roll","id":"r","for":"dispute"}`, `{"t":"roll","id":"r","for":"attack","dice":{"red-attack":2}}`, `{"t":"pointer","x":1,"y":2}`, `{"t":"pointer"}`,
		`{"t":"select","ids":["a"]}`, `{"t":"explain","query":{}}`, `{"t":"group","id":"g","ops":[{"id":"a"},{"id":"b"}]}`, `{"t":"x"}`, `{}`, `[`, `{"t":"op","id":"a","op":{}}{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			if m != nil {
				t.Fatal("a refusal with a message")
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		b, err := m.Encode()
		if err != nil {
			t.Fatalf("accepted %q but cannot encode it: %v", data, err)
		}
		m2, err := Decode(b)
		if err != nil {
			t.Fatalf("accepted %q, its encoding %q is refused: %v", data, b, err)
		}
		b2, _ := m2.Encode()
		if string(b2) != string(b) {
			t.Fatalf("%q → %q → %q", data, b, b2)
		}
	})
}
