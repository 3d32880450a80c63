package ops

import (
	"encoding/json"
	"slices"
	"testing"

	"holotable/internal/tabletest"
	"holotable/table"
)

// meleeGame is tabletest.Melee with a game in its activation phase, red active, red's keywords
// and card set as given, blue's card {courage 1, white defence, 3 wounds}.
func meleeGame(t *testing.T, kw map[string]any, card map[string]any) []byte {
	t.Helper()
	blue := map[string]any{"courage": 1, "defence": "white", "wounds": 3}
	data := withGame(t, []byte(tabletest.Melee), map[string]map[string]any{"red": {}, "blue": {}}, map[string]map[string]any{"red": card, "blue": blue})
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	doc["game"].(map[string]any)["active"] = "red"
	ks := doc["units_on_table"].([]any)[0].(map[string]any)["keywords"].(map[string]any)
	for k, v := range kw {
		ks[k] = v
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestChargeWithdrawStandardOps (D133; RRG 2.0 Schwerfällig L10035–10048, Rückzug L9494–9502,
// Standardbewegung L10448–10450, Agil X L2131–2158): red with Schwerfällig and Agile 1 charges
// blue — a standard move: it is recorded and gives red 1 dodge token — and its withdraw, a
// speed-1 (standard) move, is then refused with Schwerfällig's reason. Without Schwerfällig red
// withdraws; the withdraw is recorded, gives a trooper unit no dodge token (it resolves no
// keywords), and red's next move in the activation is refused: the withdraw used it.
func TestChargeWithdrawStandardOps(t *testing.T) {
	east, west := 0.0, 180.0
	l := newTestLog(t, meleeGame(t, map[string]any{"plodding": true, "agile": 1}, map[string]any{"courage": 1}))
	probe := &UnitCharge{Unit: "red", Target: "blue", Speed: 2, Heading: &east, Fraction: 1}
	a, err := probe.Answer(l.State().World(), "red-1")
	if err != nil {
		t.Fatal(err)
	}
	charge := &UnitCharge{Unit: "red", Target: "blue", Speed: 2, Heading: &east, Fraction: a.ContactAt}
	l.ok(charge)
	if got := movesOf(l.File()); !slices.Equal(got, []table.GameMove{{Unit: "red", Move: table.MoveStandard, During: "red"}}) {
		t.Fatalf("record after the charge %+v", got)
	}
	if n := l.File().Game.Unit("red").Tokens[table.TokenDodge]; n != 1 {
		t.Errorf("Agile 1 after the charge: %d dodge tokens", n)
	}
	l.no(&UnitWithdraw{Unit: "red", Heading: &west, Fraction: 1}, "unit", "Plodding and made a standard move")

	l = newTestLog(t, meleeGame(t, map[string]any{"agile": 1}, map[string]any{"courage": 1}))
	l.ok(charge)
	if got := movesOf(l.File()); len(got) != 0 {
		t.Fatalf("a charge of a unit no rule records: %+v", got)
	}
	l.ok(&UnitWithdraw{Unit: "red", Heading: &west, Fraction: 1})
	if got := movesOf(l.File()); !slices.Equal(got, []table.GameMove{{Unit: "red", Move: table.MoveWithdraw, During: "red"}}) {
		t.Fatalf("record after the withdraw %+v", got)
	}
	if n := l.File().Game.Unit("red").Tokens[table.TokenDodge]; n != 1 {
		t.Errorf("the withdraw gave Agile tokens: %d dodge", n)
	}
	l.no(&UnitMove{Unit: "red", Speed: 1, Heading: west, Fraction: 0.5}, "unit", "withdrew in this activation")
}

// sperrigCard is red's card: a Sperrig mortar (range 1–4, 1 red die) and a gun with Ram 1 (range
// 1–4, 2 black dice).
var sperrigCard = map[string]any{"courage": 1, "weapons": []any{
	map[string]any{"name": "mortar", "min": 1, "max": 4, "dice": map[string]any{"red": 1}, "keywords": map[string]any{"cumbersome": true}},
	map[string]any{"name": "gun", "min": 1, "max": 4, "dice": map[string]any{"black": 2}, "keywords": map[string]any{"ram": 1}}}}

// TestCumbersomeAttackOps (RRG 2.0 Sperrig L10314–10335): red attacks blue with its Sperrig mortar
// (a blank, no wounds): the record gains {red, cumbersomeAttack, during red} and red's move is
// then refused; undone, both are gone, red moves — and the mortar is then refused for the
// attack, nothing changed.
func TestCumbersomeAttackOps(t *testing.T) {
	l := newTestLog(t, meleeGame(t, nil, sperrigCard))
	mortar := &GameAttack{Attacker: "red", Defender: "blue", Weapons: []AttackWeapon{{Mini: "red-1", Weapon: "mortar"}}, Attack: AttackFaces{Blank: 1}}
	l.ok(mortar)
	if got := movesOf(l.File()); !slices.Equal(got, []table.GameMove{{Unit: "red", Move: table.MoveCumbersomeAttack, During: "red"}}) {
		t.Fatalf("record after the mortar %+v", got)
	}
	move := &UnitMove{Unit: "red", Speed: 1, Heading: 90, Fraction: 0.5}
	l.no(move, "unit", "attacked with a Cumbersome weapon")
	if _, err := l.Undo("me", l.nextID()); err != nil {
		t.Fatal(err)
	}
	l.ok(move)
	if got := movesOf(l.File()); !slices.Equal(got, []table.GameMove{{Unit: "red", Move: table.MoveStandard, During: "red"}}) {
		t.Fatalf("a Sperrig unit's move is recorded: %+v", got)
	}
	l.no(mortar, "defender", "mortar is Cumbersome and red moved")
}

// TestRamAttackOps (RRG 2.0 Rammen X L8898–8934): red (speed 2) moves west at speed 2 to the
// tool's far end — a full standard move at max speed, recorded as such — and attacks blue with
// its Ram 1 gun rolling 1 hit and 1 blank: the blank becomes a crit, 2 defence dice (blank) give
// 2 wounds. After a half move the same roll stays 1 hit: 1 wound.
func TestRamAttackOps(t *testing.T) {
	for _, c := range []struct {
		fraction float64
		record   table.MoveEvent
		wounds   int
	}{{1, table.MoveStandardFull, 2}, {0.5, table.MoveNone, 1}} {
		l := newTestLog(t, meleeGame(t, nil, map[string]any{"courage": 1, "weapons": sperrigCard["weapons"].([]any)[1:]}))
		l.ok(&UnitMove{Unit: "red", Speed: 2, Heading: 180, Fraction: c.fraction})
		var rec []table.GameMove
		if c.record != table.MoveNone {
			rec = []table.GameMove{{Unit: "red", Move: c.record, During: "red"}}
		}
		if got := movesOf(l.File()); !slices.Equal(got, rec) {
			t.Fatalf("fraction %g: record %+v", c.fraction, got)
		}
		l.ok(&GameAttack{Attacker: "red", Defender: "blue", Weapons: []AttackWeapon{{Mini: "red-1", Weapon: "gun"}},
			Attack: AttackFaces{Hit: 1, Blank: 1}, Defence: DefenceFaces{Blank: c.wounds}})
		got := 0
		for _, n := range l.File().Game.Unit("blue").Wounds {
			got += n
		}
		if got != c.wounds {
			t.Errorf("fraction %g: blue has %d wounds, want %d", c.fraction, got, c.wounds)
		}
	}
}

// TestClosedTransportTokenOps (RRG 2.0 Transportiert L10837–10842, L10913–10921): sq, carried and
// active, takes the Aim action (game.tokens +1 aim): refused in a closed transport, nothing
// changed; allowed in the open one.
func TestClosedTransportTokenOps(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(transportGame(t, "sq", "[]", true), &doc); err != nil {
		t.Fatal(err)
	}
	open, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	doc["units_on_table"].([]any)[0].(map[string]any)["keywords"].(map[string]any)["transport"].(map[string]any)["open"] = false
	closed, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	aim := &GameTokens{Unit: "sq", Token: "aim", Delta: 1}
	newTestLog(t, closed).no(aim, "unit", "closed transport t: it performs no action but disembarking (here: the Aim action)")
	l := newTestLog(t, open)
	l.ok(aim)
	if n := l.File().Game.Unit("sq").Tokens[table.TokenAim]; n != 1 {
		t.Errorf("open transport: %d aim", n)
	}
}
