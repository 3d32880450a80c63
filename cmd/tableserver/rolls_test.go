//go:build !js

package main

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"strings"
	"testing"
	"time"

	"holotable/ops"
	"holotable/protocol"
	"holotable/protocol/client"
)

// gameFirst is ops' testdata game-melee.json — ops' game state (blue's turn, blue's AT-RT b
// active and in base contact with red's Stormtroopers a) with unit cards: b has a melee weapon of
// two red attack dice, a defends with red dice — or with draw game-draw.json, the same with no
// unit active, b without an order and blue's pool holding corps and support: the corps token
// matches no unit on the table (r is in reserve), so the draw is the support token, with corps
// discarded when it came first.
func gameFirst(t *testing.T, draw bool) []byte {
	t.Helper()
	name := "../../ops/testdata/game-melee.json"
	if draw {
		name = "../../ops/testdata/game-draw.json"
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// roll sends a roll message for purpose and is blue's next entry (the room's answer).
func rollFor(ctx context.Context, t *testing.T, c *client.Conn, id string, purpose protocol.RollFor, dice map[string]int) *protocol.Server {
	t.Helper()
	if err := c.Send(ctx, &protocol.Client{T: protocol.TRoll, ID: id, For: purpose, Dice: dice}); err != nil {
		t.Fatal(err)
	}
	return nextOf(t, c, protocol.TEntry)
}

// TestServerAttackRolls: the two steps of D104 for an attack. Blue's attack with faces of its own
// is refused in one line naming attackRoll; blue asks for its attack dice (two red attack dice,
// the pool of b's Claws): red receives the same entry with the same faces; asking again (a page
// reloaded) sends that entry again, not a new roll — also after the server restarts; an attack
// naming the roll with one face changed is refused, one with another seat's roll too; the
// attack with one die set to another face (D113) carries the roll's faces in attackRolled and
// passes, one claiming the set faces were rolled does not; the defence dice the attack leaves are
// asked for and named, and the attack is stored; the rolls are then used, and naming them again is
// refused.
func TestServerAttackRolls(t *testing.T) {
	first := gameFirst(t, false)
	data := t.TempDir()
	base, stop := startStop(t, "serve", "--port", "0", "--data", data, "--web", t.TempDir())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	l, err := client.Create(ctx, base, first)
	if err != nil {
		t.Fatal(err)
	}
	join := func(base, seat string) *client.Conn {
		c, err := client.Join(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws", l.Room, l.Keys[seat], 0, "")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	blue, red := join(base, "blue"), join(base, "red")
	attack := &ops.GameAttack{Attacker: "b", Defender: "a", Melee: true, Weapons: []ops.AttackWeapon{{Mini: "b-1", Weapon: "Claws"}},
		Attack: ops.AttackFaces{Critical: 2}}
	lg := ops.NewLog(mustLoad(t, first))
	opJSON := func(o *ops.GameAttack) string {
		t.Helper()
		b, err := ops.Encode(ops.Entry{ID: "x", Op: o}, lg.File())
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	refused := func(id, op, want string) {
		t.Helper()
		sendOp(ctx, t, blue, id, op)
		if m := nextOf(t, blue, protocol.TRefused); m.ID != id || !strings.Contains(m.Reason, want) || strings.Contains(m.Reason, "\n") {
			t.Errorf("%s: refused %q, want %q", id, m.Reason, want)
		}
	}
	refused("own", opJSON(attack), `attackRoll: on an online table the server rolls: send a roll for "attack" and name its id`)

	pool, err := attack.AttackDice(lg.State())
	if err != nil || !maps.Equal(pool, map[string]int{"red-attack": 2}) {
		t.Fatalf("attack pool %v %v, want 2 red attack dice", pool, err)
	}
	e := rollFor(ctx, t, blue, "ra1", protocol.RollAttack, pool)
	r := nextOf(t, red, protocol.TEntry)
	if e.ID != "ra1" || e.Roll == nil || e.Roll.For != protocol.RollAttack || len(e.Roll.Result.Dice) != 2 ||
		r.Seq != e.Seq || !maps.Equal(r.Roll.Result.Tally, e.Roll.Result.Tally) {
		t.Fatalf("blue's entry %+v, red's %+v: want one attack roll of two dice, the same on both", e, r)
	}
	if again := rollFor(ctx, t, blue, "ra2", protocol.RollAttack, pool); again.Seq != e.Seq || again.ID != "ra1" {
		t.Fatalf("asking again: entry %d %s, want entry %d ra1 again", again.Seq, again.ID, e.Seq)
	}

	// A restart: the roll is still blue's open one.
	blue.Close()
	red.Close()
	stop()
	base, stop = startStop(t, "serve", "--port", "0", "--data", data, "--web", t.TempDir())
	defer stop()
	blue = join(base, "blue")
	for range e.Seq {
		nextOf(t, blue, protocol.TEntry)
	}
	if again := rollFor(ctx, t, blue, "ra3", protocol.RollAttack, pool); again.Seq != e.Seq || again.ID != "ra1" ||
		!maps.Equal(again.Roll.Result.Tally, e.Roll.Result.Tally) {
		t.Fatalf("after a restart: entry %d %s %v, want entry %d ra1 %v", again.Seq, again.ID, again.Roll, e.Seq, e.Roll.Result.Tally)
	}

	attack.Attack, attack.AttackRoll = ops.AttackFacesOf(e.Roll.Result.Tally), "ra1"
	crafted := *attack
	if crafted.Attack.Critical < 2 {
		crafted.Attack.Critical, crafted.Attack.Hit, crafted.Attack.Surge, crafted.Attack.Blank = 2, 0, 0, 0
	} else {
		crafted.Attack.Critical, crafted.Attack.Blank = 1, 1
	}
	refused("crafted", opJSON(&crafted), "attack: the faces are not those of roll ra1")
	other := *attack
	other.AttackRoll = "ra2"
	refused("other", opJSON(&other), `attackRoll: "ra2" is not blue's open attack roll`)

	// The players set one die to another face (D113): the attack carries the faces as set and, in
	// attackRolled, the roll's; an attack that says the set faces were rolled is refused.
	rolled, set := attack.Attack, attack.Attack
	switch {
	case set.Critical > 0:
		set.Critical, set.Hit = set.Critical-1, set.Hit+1
	case set.Hit > 0:
		set.Hit, set.Critical = set.Hit-1, set.Critical+1
	case set.Blank > 0:
		set.Blank, set.Surge = set.Blank-1, set.Surge+1
	default:
		set.Surge, set.Blank = set.Surge-1, set.Blank+1
	}
	lying := *attack
	lying.Attack, lying.AttackRolled = set, &set
	refused("lying", opJSON(&lying), "attack: the faces are not those of roll ra1")
	attack.Attack, attack.AttackRolled = set, &rolled

	def, err := attack.DefenceDice(lg.State())
	if err != nil {
		t.Fatal(err)
	}
	if len(def) > 0 {
		if !maps.Equal(def, map[string]int{"red-defence": attack.Attack.Hit + attack.Attack.Critical}) {
			t.Fatalf("defence dice %v, want one red per hit and crit of %+v", def, attack.Attack)
		}
		refused("nodef", opJSON(attack), `defenceRoll: on an online table the server rolls: send a roll for "defence"`)
		d := rollFor(ctx, t, blue, "rd1", protocol.RollDefence, def)
		attack.Defence, attack.DefenceRoll = ops.DefenceFacesOf(d.Roll.Result.Tally), "rd1"
	}
	sendOp(ctx, t, blue, "atk", opJSON(attack))
	if m := nextOf(t, blue, protocol.TEntry); m.ID != "atk" {
		t.Fatalf("the attack: entry %+v", m)
	}
	refused("again", opJSON(attack), `attackRoll: "ra1" is not blue's open attack roll`)
}

// TestServerDraw: blue's activation by a drawn order token (D104). An activation with a rank of
// blue's own is refused naming drawRoll; blue asks for a draw: the support token, corps discarded
// or not; asking again sends the same entry; an activation with another rank is refused, the one
// drawn is stored.
func TestServerDraw(t *testing.T) {
	ctx, c := openRoom(t, gameFirst(t, true), "blue", "red")
	blue, red := c["blue"], c["red"]
	refused := func(id, op, want string) {
		t.Helper()
		sendOp(ctx, t, blue, id, op)
		if m := nextOf(t, blue, protocol.TRefused); m.ID != id || !strings.Contains(m.Reason, want) {
			t.Errorf("%s: refused %q, want %q", id, m.Reason, want)
		}
	}
	refused("own", `{"op":"game.activate","colour":"blue","unit":"b","rank":"support"}`, `drawRoll: on an online table the server rolls: send a roll for "draw"`)
	e := rollFor(ctx, t, blue, "d1", protocol.RollDraw, nil)
	if r := nextOf(t, red, protocol.TEntry); e.Roll == nil || e.Roll.Draw == nil || e.Roll.Draw.Rank != "support" ||
		len(e.Roll.Draw.Discarded) > 1 || r.Roll.Draw.Rank != "support" {
		t.Fatalf("draw entry %+v (red's %+v): want support drawn", e.Roll, r.Roll)
	}
	if again := rollFor(ctx, t, blue, "d2", protocol.RollDraw, nil); again.Seq != e.Seq || again.ID != "d1" {
		t.Fatalf("asking again: entry %d %s, want %d d1", again.Seq, again.ID, e.Seq)
	}
	discarded := ""
	if len(e.Roll.Draw.Discarded) == 1 {
		discarded = `,"discarded":["corps"]`
	}
	refused("wrong", `{"op":"game.activate","colour":"blue","unit":"b","rank":"corps","drawRoll":"d1"}`, "rank: the draw is not that of roll d1")
	sendOp(ctx, t, blue, "act", `{"op":"game.activate","colour":"blue","unit":"b","rank":"support"`+discarded+`,"drawRoll":"d1"}`)
	if m := nextOf(t, blue, protocol.TEntry); m.ID != "act" {
		t.Fatalf("the activation: %+v", m)
	}
	if err := red.Send(ctx, &protocol.Client{T: protocol.TRoll, ID: "rd", For: protocol.RollDraw}); err != nil {
		t.Fatal(err)
	}
	nextOf(t, red, protocol.TEntry) // blue's activation
	if m := nextOf(t, red, protocol.TRefused); m.ID != "rd" || !strings.HasPrefix(m.Reason, "roll: draw: ") {
		t.Errorf("red's draw on blue's turn: %+v, want a refusal", m)
	}
}

// TestServerTableDice: a roll of the table's own die (issue 16's dice.set, table.File.Dice) is
// rolled by the server from the table's definition: a d2 whose both sides show "moon" rolls three
// moons; a die the table has not is refused naming it.
func TestServerTableDice(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(gameFirst(t, false), &doc); err != nil {
		t.Fatal(err)
	}
	doc["dice"] = []any{map[string]any{"id": "moon-die", "name": "moon die", "system": "own", "sides": 2,
		"faces": []any{map[string]any{"symbol": "moon", "count": 2}}}}
	first, _ := json.Marshal(doc)
	ctx, c := openRoom(t, first, "blue", "red")
	e := rollFor(ctx, t, c["blue"], "m1", protocol.RollDice, map[string]int{"moon-die": 3})
	if r := nextOf(t, c["red"], protocol.TEntry); e.Roll == nil || e.Roll.Result.Tally["moon"] != 3 || len(e.Roll.Result.Dice) != 3 ||
		e.Roll.Result.Dice[0].Die != "moon-die" || r.Roll.Result.Tally["moon"] != 3 {
		t.Fatalf("blue's roll %+v, red's %+v: want three moons of moon-die", e.Roll, r.Roll)
	}
	if err := c["blue"].Send(ctx, &protocol.Client{T: protocol.TRoll, ID: "m2", Dice: map[string]int{"sun-die": 1}}); err != nil {
		t.Fatal(err)
	}
	if m := nextOf(t, c["blue"], protocol.TRefused); m.ID != "m2" || m.Reason != `roll: dice: no die "sun-die" in maps/dice or the table's dice` {
		t.Errorf("unknown die: %+v", m)
	}
}

// TestServerDispute: the dispute roll (RRG 2.0 Streitfragen klären L583–592; D105) is one roll
// message for "dispute" without dice: the server rolls one red defence die and logs it; both
// seats receive the same face. Asking again rolls again (a dispute is settled by one roll; the
// second is in the log for both to see).
func TestServerDispute(t *testing.T) {
	ctx, c := openRoom(t, gameFirst(t, false), "blue", "red")
	e := rollFor(ctx, t, c["blue"], "q1", protocol.RollDispute, nil)
	r := nextOf(t, c["red"], protocol.TEntry)
	if e.Roll == nil || e.Roll.For != protocol.RollDispute || !maps.Equal(e.Roll.Dice, map[string]int{"red-defence": 1}) ||
		len(e.Roll.Result.Dice) != 1 || e.Roll.Result.Dice[0].Die != "red-defence" || e.Roll.Result.Tally[e.Roll.Result.Dice[0].Symbol] != 1 ||
		r.Seq != e.Seq || r.Roll.Result.Dice[0] != e.Roll.Result.Dice[0] {
		t.Fatalf("blue's entry %+v, red's %+v: want one red defence die, the same on both", e.Roll, r.Roll)
	}
	if again := rollFor(ctx, t, c["blue"], "q2", protocol.RollDispute, nil); again.Seq != e.Seq+1 || again.ID != "q2" {
		t.Errorf("a second dispute roll: entry %d %s, want a new entry %d", again.Seq, again.ID, e.Seq+1)
	}
}

// TestServerGiveUp: a second attack roll of another pool while one is open (D131). Asking for
// another pool (other weapons) is refused in one line naming the open roll and its faces; a
// giveUp naming another roll, or giving up for the same pool, is refused; a giveUp naming the open
// roll rolls the new pool and the entry carries the given-up roll whole, the same on both pages;
// the given-up roll can no longer be named by an attack; a giveUp with no open roll is refused,
// and a giveUp on a defence roll is refused by the decoder.
func TestServerGiveUp(t *testing.T) {
	ctx, c := openRoom(t, gameFirst(t, false), "blue", "red")
	blue, red := c["blue"], c["red"]
	refusedRoll := func(m *protocol.Client, want string) {
		t.Helper()
		if err := blue.Send(ctx, m); err != nil {
			t.Fatal(err)
		}
		id := m.ID
		if m.For == protocol.RollDefence {
			id = "" // refused by the decoder, before its id is read
		}
		if got := nextOf(t, blue, protocol.TRefused); got.ID != id || got.Reason != want {
			t.Errorf("%s: refused %q (id %q), want %q", m.ID, got.Reason, got.ID, want)
		}
	}
	claws, other := map[string]int{"red-attack": 2}, map[string]int{"black-attack": 3}
	refusedRoll(&protocol.Client{T: protocol.TRoll, ID: "g0", For: protocol.RollAttack, Dice: other, GiveUp: "ra1"},
		"roll: giveUp: blue has no open attack roll to give up")
	e := rollFor(ctx, t, blue, "ra1", protocol.RollAttack, claws)
	nextOf(t, red, protocol.TEntry)
	faces := tallyText(e.Roll.Result.Tally)

	refusedRoll(&protocol.Client{T: protocol.TRoll, ID: "ra2", For: protocol.RollAttack, Dice: other},
		"roll: dice: blue's attack roll ra1 (2 red-attack: "+faces+") is open: use it, or give it up by naming it in giveUp")
	refusedRoll(&protocol.Client{T: protocol.TRoll, ID: "ra3", For: protocol.RollAttack, Dice: other, GiveUp: "ra9"},
		`roll: giveUp: "ra9" is not blue's open attack roll (ra1)`)
	refusedRoll(&protocol.Client{T: protocol.TRoll, ID: "ra4", For: protocol.RollAttack, Dice: claws, GiveUp: "ra1"},
		"roll: giveUp: roll ra1 rolled the same pool (2 red-attack): a roll is given up only for another pool")
	refusedRoll(&protocol.Client{T: protocol.TRoll, ID: "rd1", For: protocol.RollDefence, Dice: map[string]int{"red-defence": 1}, GiveUp: "ra1"},
		`roll: giveUp: only a roll for "attack" gives up an open roll`)

	if err := blue.Send(ctx, &protocol.Client{T: protocol.TRoll, ID: "ra5", For: protocol.RollAttack, Dice: other, GiveUp: "ra1"}); err != nil {
		t.Fatal(err)
	}
	n, r := nextOf(t, blue, protocol.TEntry), nextOf(t, red, protocol.TEntry)
	for _, m := range []*protocol.Server{n, r} {
		if m.ID != "ra5" || m.Seq != e.Seq+1 || m.Roll == nil || !maps.Equal(m.Roll.Dice, other) || len(m.Roll.Result.Dice) != 3 ||
			m.Roll.GivenUp == nil || m.Roll.GivenUp.ID != "ra1" || !maps.Equal(m.Roll.GivenUp.Dice, claws) ||
			!maps.Equal(m.Roll.GivenUp.Result.Tally, e.Roll.Result.Tally) {
			t.Fatalf("the roll giving up ra1: %+v (roll %+v), want ra5 of 3 black-attack carrying ra1's dice and faces", m, m.Roll)
		}
	}
	first := mustLoad(t, gameFirst(t, false))
	attack, err := ops.Encode(ops.Entry{ID: "x", Op: &ops.GameAttack{Attacker: "b", Defender: "a", Melee: true,
		Weapons: []ops.AttackWeapon{{Mini: "b-1", Weapon: "Claws"}}, Attack: ops.AttackFacesOf(e.Roll.Result.Tally), AttackRoll: "ra1"}}, first)
	if err != nil {
		t.Fatal(err)
	}
	sendOp(ctx, t, blue, "atk", string(attack))
	if m := nextOf(t, blue, protocol.TRefused); m.ID != "atk" || !strings.HasPrefix(m.Reason, `attackRoll: "ra1" is not blue's open attack roll`) {
		t.Errorf("an attack naming the given-up roll: %+v", m)
	}
}
