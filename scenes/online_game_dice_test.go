package scenes

import (
	"maps"
	"os"
	"strings"
	"testing"

	"holotable/ops"
	"holotable/protocol"
	"holotable/rules"
	"holotable/table"
)

// roll is the fake room's answer to a roll message, as cmd/tableserver's engine gives it (D104):
// a seat's open roll of the game asked for again with the same pool is its entry again; else the
// pool is rolled (a draw drawn) with a seeded roller, logged and sent to every page.
func (r *fakeRoom) roll(p *fakePage, m *protocol.Client) {
	if r.open == nil {
		r.open, r.roller = map[string]uint64{}, rules.SeededRoller(7)
	}
	key := p.seat.String() + "/" + m.For.String()
	if seq, ok := r.open[key]; ok && m.For != protocol.RollDice && maps.Equal(r.msgs[seq-1].Roll.Dice, m.Dice) {
		p.in = append(p.in, r.entryMsg(int(seq)))
		return
	}
	roll := &protocol.Roll{Dice: m.Dice, For: m.For}
	if seq, ok := r.open[key]; ok && m.GiveUp != "" { // the roll gives up the open one (D131)
		g := r.msgs[seq-1]
		if g.ID != m.GiveUp {
			r.t.Fatalf("giveUp %q: the open roll is %s", m.GiveUp, g.ID)
		}
		roll.GivenUp = &protocol.GivenUp{ID: g.ID, Dice: g.Roll.Dice, Result: g.Roll.Result}
	}
	if m.For == protocol.RollDraw {
		c, _ := table.ParseColour(p.seat.String())
		d, err := r.log.State().World().DrawOrder(c, r.roller)
		if err != nil {
			p.in = append(p.in, &protocol.Server{T: protocol.TRefused, ID: m.ID, Reason: "roll: draw: " + err.Error()})
			return
		}
		roll.Draw = &protocol.Draw{Rank: d.Rank.String()}
		for _, k := range d.Discarded {
			roll.Draw.Discarded = append(roll.Draw.Discarded, k.String())
		}
	} else if m.For == protocol.RollDispute {
		d := r.roller.Dispute()
		roll.Dice = map[string]int{d.Face.Die: 1}
		roll.Result = rules.Roll{Dice: []rules.RolledDie{d.Face}, Tally: map[string]int{d.Face.Symbol: 1}}
	} else {
		pool, err := rules.PoolOf(m.Dice)
		if err != nil {
			r.t.Fatal(err)
		}
		roll.Result = r.roller.Roll(pool)
	}
	msg := &protocol.Server{T: protocol.TEntry, Seq: uint64(len(r.msgs) + 1), ID: m.ID, By: p.seat, Roll: roll}
	r.msgs = append(r.msgs, msg)
	r.open[key] = msg.Seq
	for _, q := range r.pages {
		if !q.down {
			q.in = append(q.in, msg)
		}
	}
}

// TestOnlineAttackDice: the game tool's attack on an online table (D104). Blue's Roll asks the
// server for the attack dice of b's pool (two red attack dice) and shows nothing rolled until the
// entry comes back; then it asks for the defence dice the attack leaves and, once they come,
// shows the attack resolved with the server's faces; entered faces are refused. Red's page holds
// the same roll entries with the same faces. Blue's page reloaded asks again and gets the same
// entry back, not a new roll. The applied attack names both entries, and red's table is blue's.
func TestOnlineAttackDice(t *testing.T) {
	r, blue, red := gameRoom(t, "game-melee.json")
	bs, rs := NewTableScene("online", blue.o.Doc()), NewTableScene("online", red.o.Doc())
	blue.o.Tick(bs)
	step := func() { // the pages read what the room sent, and tick
		t.Helper()
		for _, p := range []*fakePage{blue, red} {
			p.deliver()
		}
		blue.o.Tick(bs)
		red.o.Tick(rs)
	}
	if _, err := cmdGame(bs, jsonRaw(`{"action":"attack","attacker":"b","defender":"a","melee":true}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := cmdGame(bs, jsonRaw(`{"action":"roll","attack":{"hit":2}}`)); err == nil {
		t.Error("faces entered on an online table: not refused")
	}
	if _, err := cmdGame(bs, jsonRaw(`{"action":"roll"}`)); err != nil {
		t.Fatal(err)
	}
	g := gameToolOf(bs)
	if len(r.msgs) != 1 || r.msgs[0].Roll.For != protocol.RollAttack || !maps.Equal(r.msgs[0].Roll.Dice, map[string]int{"red-attack": 2}) || g.attack.op != nil {
		t.Fatalf("after Roll: %d entries %+v, op %+v: want one attack roll of 2 red dice asked, nothing resolved", len(r.msgs), r.msgs, g.attack.op)
	}
	step()
	att := r.msgs[0].Roll.Result.Tally
	hits := att["hit"] + att["critical"]
	if hits == 0 {
		t.Fatalf("the seeded roll %v has no hit: the defence is not tested (choose another seed)", att)
	}
	{
		if len(r.msgs) != 2 || r.msgs[1].Roll.For != protocol.RollDefence || !maps.Equal(r.msgs[1].Roll.Dice, map[string]int{"red-defence": hits}) {
			t.Fatalf("after the attack dice (%v): entries %+v, want a defence roll of %d red dice", att, r.msgs, hits)
		}
		step()
	}
	op := g.attack.op
	if op == nil || op.Attack != ops.AttackFacesOf(att) || op.AttackRoll != r.msgs[0].ID {
		t.Fatalf("resolved op %+v, want the server's attack faces %v from %s", op, att, r.msgs[0].ID)
	}
	if op.Defence != ops.DefenceFacesOf(r.msgs[1].Roll.Result.Tally) || op.DefenceRoll != r.msgs[1].ID {
		t.Fatalf("resolved op %+v, want the server's defence faces %+v", op, r.msgs[1].Roll)
	}
	if br, rr := blue.o.State(bs).Rolls, red.o.State(rs).Rolls; len(br) != len(r.msgs) || len(rr) != len(br) ||
		!maps.Equal(rr[0].Result.Tally, br[0].Result.Tally) || rr[0].For != protocol.RollAttack {
		t.Fatalf("rolls: blue's page %+v, red's %+v: want the same", br, rr)
	}

	// Blue's page reloaded: the attack asked again is the same entry, not a new roll.
	n := len(r.msgs)
	blue = r.join(protocol.Blue)
	bs = NewTableScene("online", blue.o.Doc())
	step()
	if _, err := cmdGame(bs, jsonRaw(`{"action":"attack","attacker":"b","defender":"a","melee":true}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := cmdGame(bs, jsonRaw(`{"action":"roll"}`)); err != nil {
		t.Fatal(err)
	}
	step()
	step()
	g = gameToolOf(bs)
	if len(r.msgs) != n || g.attack.op == nil || g.attack.op.Attack != op.Attack ||
		g.attack.op.AttackRoll != op.AttackRoll || g.attack.op.DefenceRoll != op.DefenceRoll || g.attack.op.Defence != op.Defence {
		t.Fatalf("after a reload: %d entries (want %d), op %+v (want %+v)", len(r.msgs), n, g.attack.op, op)
	}
	if _, err := cmdGame(bs, jsonRaw(`{"action":"apply"}`)); err != nil {
		t.Fatal(err)
	}
	step()
	e := r.log.Entry(r.log.Len())
	if a, ok := e.Op.(*ops.GameAttack); !ok || a.AttackRoll != r.msgs[0].ID || a.Attack != op.Attack {
		t.Fatalf("the room's last entry %+v, want blue's attack naming %s", e.Op, r.msgs[0].ID)
	}
	if blue.o.openAttack != nil || blue.o.giveUpFor(protocol.RollAttack, map[string]int{"black-attack": 1}) != "" {
		t.Errorf("after the attack: open attack roll %+v, want none (the attack used it, D131)", blue.o.openAttack)
	}
	r.converged(t)
}

// TestOnlineDraw: activating a unit without a face-up order on an online table (D104) asks the
// server to draw blue's order token; the activation follows when the draw's entry comes back and
// names it. Blue's pool holds corps and support; only b (support) can activate.
func TestOnlineDraw(t *testing.T) {
	r, blue, red := gameRoom(t, "game-draw.json")
	bs := NewTableScene("online", blue.o.Doc())
	blue.o.Tick(bs)
	if _, err := cmdGame(bs, jsonRaw(`{"action":"activate","unit":"b"}`)); err != nil {
		t.Fatal(err)
	}
	if len(r.msgs) != 1 || r.msgs[0].Roll == nil || r.msgs[0].Roll.Draw == nil || r.msgs[0].Roll.Draw.Rank != "support" {
		t.Fatalf("entries %+v: want blue's draw of the support token", r.msgs)
	}
	blue.deliver()
	red.deliver()
	if n := red.notes[len(red.notes)-1]; n != "blue drew an order token: support (drawn by the server)" {
		t.Errorf("red's note %q", n)
	}
	blue.o.Tick(bs)
	blue.deliver()
	e := r.log.Entry(r.log.Len())
	if a, ok := e.Op.(*ops.GameActivate); !ok || a.DrawRoll != r.msgs[0].ID || a.Rank.String() != "support" || a.Unit != "b" {
		t.Fatalf("the room's last entry %+v, want b activated by the draw %s", e.Op, r.msgs[0].ID)
	}
	r.converged(t)
}

// TestOnlineDispute: the dice tool's dispute roll on an online table (D105) asks the server, shows
// nothing until the entry comes back, and then both pages' dice tools show the same dispute, and
// the message line says who rolled it, which reading stands and the rulebook's place — in English
// and in German.
func TestOnlineDispute(t *testing.T) {
	r := newFakeRoom(t)
	blue, red := r.join(protocol.Blue), r.join(protocol.Red)
	bs, rs := NewTableScene("online", blue.o.Doc()), NewTableScene("online", red.o.Doc())
	blue.o.Tick(bs)
	defer func() { _ = SetLanguage("en") }()
	for i, lang := range []string{"en", "de"} {
		if err := SetLanguage(lang); err != nil {
			t.Fatal(err)
		}
		if _, err := cmdDice(bs, jsonRaw(`{"action":"dispute"}`)); err != nil {
			t.Fatal(err)
		}
		if len(r.msgs) != i+1 || diceToolOf(bs).disp != nil && i == 0 {
			t.Fatalf("%s: %d entries, shown %+v: want the dispute asked of the server, nothing shown", lang, len(r.msgs), diceToolOf(bs).disp)
		}
		blue.deliver()
		red.deliver()
		blue.o.Tick(bs)
		red.o.Tick(rs)
		face := r.msgs[i].Roll.Result.Dice[0]
		want := rules.DisputeOf(face)
		for _, s := range []*TableScene{bs, rs} {
			if d := diceToolOf(s).disp; d == nil || d.Face != face || d.HolderWins != want.HolderWins {
				t.Errorf("%s: a page shows %+v, want the server's %+v", lang, d, face)
			}
		}
		note := red.notes[len(red.notes)-1]
		prefix := map[string]string{"en": "blue rolled the dispute roll: the red defence die shows ", "de": "Blau würfelte die Streitfrage: der rote Verteidigungswürfel zeigt "}[lang]
		if !strings.HasPrefix(note, prefix) || !strings.Contains(note, "L583–592") {
			t.Errorf("%s: red's note %q, want %q… with the rulebook's lines", lang, note, prefix)
		}
	}
}

// gameRoom is a fake room on ops' testdata file name, with a blue and a red page joined.
func gameRoom(t *testing.T, name string) (*fakeRoom, *fakePage, *fakePage) {
	t.Helper()
	data, err := os.ReadFile("../ops/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	r := newFakeRoomOn(t, data)
	return r, r.join(protocol.Blue), r.join(protocol.Red)
}
