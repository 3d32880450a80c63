package scenes

import (
	"os"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/ops"
	"holotable/protocol"
	"holotable/rules"
	"holotable/table"
)

// TestOnlineServerRoll: on an online table the dice tool's Roll sends the pool to the server
// instead of rolling (nothing shown until the server answers); a roll entry of the log — this
// page's or the other seat's — is shown by the dice tool with its seat and entry, said on the
// message line, and listed in the page's state; offline the tool refuses to roll.
func TestOnlineServerRoll(t *testing.T) {
	first, _ := table.Save(mustLoadDefault(t))
	head := uint64(0)
	var sent []*protocol.Client
	o, err := NewOnline(&protocol.Server{T: protocol.TWelcome, Room: "r1", Seat: protocol.Blue, You: "b", First: first, Head: &head},
		func(m *protocol.Client) error {
			if m.T == protocol.TRoll {
				sent = append(sent, m)
			}
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	s := NewTableScene("online", o.Doc())
	o.Tick(s)
	if _, err := cmdDice(s, jsonRaw(`{"action":"pool","pool":{"red-attack":2}}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := cmdDice(s, jsonRaw(`{"action":"roll"}`)); err != nil {
		t.Fatal(err)
	}
	if len(sent) != 1 || sent[0].T != protocol.TRoll || sent[0].Dice["red-attack"] != 2 || diceToolOf(s).last != nil {
		t.Fatalf("sent %+v, shown %+v: want one roll of 2 red attack dice sent, nothing shown", sent, diceToolOf(s).last)
	}
	// The server's answer, and a roll of red's after it.
	for i, m := range []*protocol.Server{
		{T: protocol.TEntry, Seq: 1, ID: sent[0].ID, By: protocol.Blue, Roll: &protocol.Roll{Dice: map[string]int{"red-attack": 2},
			Result: rules.Roll{Dice: []rules.RolledDie{{Die: "red-attack", Symbol: maps.SymHit}, {Die: "red-attack", Symbol: maps.SymCritical}},
				Tally: map[string]int{maps.SymHit: 1, maps.SymCritical: 1}}}},
		{T: protocol.TEntry, Seq: 2, ID: "r-1", By: protocol.Red, Roll: &protocol.Roll{Dice: map[string]int{"white-defence": 1},
			Result: rules.Roll{Dice: []rules.RolledDie{{Die: "white-defence", Symbol: maps.SymBlock}}, Tally: map[string]int{maps.SymBlock: 1}}}},
	} {
		note := o.Receive(m)
		if want := []string{"blue rolled: 1 crit, 1 hit", "red rolled: 1 block"}[i]; !strings.HasPrefix(note, want) {
			t.Errorf("entry %d: note %q, want %q…", m.Seq, note, want)
		}
		o.Tick(s)
		last := diceToolOf(s).last
		if last == nil || last.Seq != m.Seq || last.By != m.By.String() || last.Converted == nil {
			t.Fatalf("entry %d: the dice tool shows %+v", m.Seq, last)
		}
	}
	if c := diceToolOf(s).last.Converted; c.Blocks != 1 {
		t.Errorf("red's defence roll converted to %+v", c)
	}
	if st := o.State(s); len(st.Rolls) != 2 || st.Rolls[0].By != "blue" || st.Rolls[1].Seq != 2 || st.Seq != 2 {
		t.Errorf("state rolls %+v seq %d", st.Rolls, st.Seq)
	}
	o.Disconnected()
	if _, err := cmdDice(s, jsonRaw(`{"action":"roll"}`)); err == nil || len(sent) != 1 {
		t.Errorf("offline roll: %v, %d sent", err, len(sent))
	}
}

// TestOnlineServerFaces: the server rolls an op's random part (D84): when this page's own op
// comes back with other faces than it sent, the table is the server's.
func TestOnlineServerFaces(t *testing.T) {
	data, err := os.ReadFile("../ops/testdata/game-state.json")
	if err != nil {
		t.Fatal(err)
	}
	f, err := table.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	f.Game.Unit("b").Tokens = table.Tokens{table.TokenSuppression: 2}
	first, _ := table.Save(f)
	head := uint64(0)
	var sent []*protocol.Client
	o, err := NewOnline(&protocol.Server{T: protocol.TWelcome, Room: "r1", Seat: protocol.Blue, You: "b", First: first, Head: &head},
		func(m *protocol.Client) error { sent = append(sent, m); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Doc().Submit(&ops.GameRally{Unit: "b", Faces: []string{maps.SymBlank, maps.SymBlank}}); err != nil {
		t.Fatal(err)
	}
	o.Sync()
	if len(sent) != 1 {
		t.Fatalf("sent %d", len(sent))
	}
	// The server's: two blocks — both suppression tokens go.
	server := ops.NewLog(mustLoad(t, first))
	e, err := ops.DecodeAs(sent[0].Op, server.File(), sent[0].ID, "blue")
	if err != nil {
		t.Fatal(err)
	}
	e.Op.(*ops.GameRally).Faces = []string{maps.SymBlock, maps.SymBlock}
	if _, err := server.Submit(e); err != nil {
		t.Fatal(err)
	}
	if o.Doc().File().Game.Unit("b").Tokens[table.TokenSuppression] != 2 {
		t.Fatal("the page's own rally of two blanks removed tokens")
	}
	o.Receive(&protocol.Server{T: protocol.TEntry, Seq: 1, ID: sent[0].ID, By: protocol.Blue, Op: server.Entry(1).JSON})
	if got := o.Doc().File().Game.Unit("b").Tokens[table.TokenSuppression]; got != 0 || o.Pending() != 0 {
		t.Errorf("after the server's entry: %d suppression, %d pending; want the server's rally (0, 0)", got, o.Pending())
	}
}

func mustLoadDefault(t *testing.T) *table.File { return mustLoad(t, maps.Default()) }

func mustLoad(t *testing.T, data []byte) *table.File {
	t.Helper()
	f, err := table.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
