package rules

import (
	"slices"
	"testing"

	"holotable/maps"
	"holotable/table"
)

// keywordRecordDoc: a game in its activation phase, sp active. sp (red trooper, speed 2) has a Sperrig
// mortar (range 1–4) and a rifle; rm (red trooper, speed 2) a gun with Ram 2 (range 1–4, 4 black
// dice); dt (red trooper, speed 2) stands in the difficult mud; cr is a red creature trooper; en
// a blue trooper 10" from sp (range 2), with a white defence die; pl a plodding red ground
// vehicle; sb a red trooper with a standby token and a Sperrig mortar.
const keywordRecordDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "terrain":[{"id":"mud","polygon":[[45,13],[55,13],[55,23],[45,23]],"height":0.2,"kind":"area","move":{"trooper":"difficult"}}],
 "units_on_table":[
  {"id":"sp","side":"red","type":"trooper","speed":2,"card":{"courage":1,"weapons":[{"name":"mortar","min":1,"max":4,"dice":{"red":1},"keywords":{"cumbersome":true}},{"name":"rifle","min":1,"max":3,"dice":{"white":1}}]},"minis":[{"id":"sp-1","leader":true,"x":10,"y":10,"base":"small","height":1.65}]},
  {"id":"rm","side":"red","type":"trooper","speed":2,"card":{"courage":1,"weapons":[{"name":"gun","min":1,"max":4,"dice":{"black":4},"keywords":{"ram":2}}]},"minis":[{"id":"rm-1","leader":true,"x":10,"y":30,"base":"small","height":1.65}]},
  {"id":"dt","side":"red","type":"trooper","speed":2,"minis":[{"id":"dt-1","leader":true,"x":50,"y":18,"base":"small","height":1.65}]},
  {"id":"cr","side":"red","type":"creature","speed":2,"minis":[{"id":"cr-1","leader":true,"x":60,"y":30,"base":"large","height":2}]},
  {"id":"pl","side":"red","type":"ground","speed":2,"keywords":{"plodding":true},"minis":[{"id":"pl-1","leader":true,"x":40,"y":30,"base":"large","height":2,"facing":0}]},
  {"id":"sb","side":"red","type":"trooper","speed":2,"card":{"courage":1,"weapons":[{"name":"mortar","min":1,"max":4,"dice":{"red":1},"keywords":{"cumbersome":true}}]},"minis":[{"id":"sb-1","leader":true,"x":10,"y":20,"base":"small","height":1.65}]},
  {"id":"en","side":"blue","type":"trooper","card":{"courage":1,"defence":"white"},"minis":[{"id":"en-1","leader":true,"x":20,"y":10,"base":"small","height":1.65}]}],
 "game":{"round":2,"rounds":6,"phase":"activation","active":"sp",
  "sides":{"blue":{"side":"blue"},"red":{"side":"red"}},
  "units":[{"unit":"sp","colour":"red","rank":"corps"},{"unit":"rm","colour":"red","rank":"corps"},{"unit":"dt","colour":"red","rank":"corps"},
   {"unit":"cr","colour":"red","rank":"special"},{"unit":"pl","colour":"red","rank":"heavy"},{"unit":"sb","colour":"red","rank":"corps","tokens":{"standby":1}},
   {"unit":"en","colour":"blue","rank":"corps"}]}}`

// recorded sets the move record to entries of unit during the active unit's activation.
func recorded(w *World, unit string, es ...table.MoveEvent) {
	g := w.File.Game
	g.Moves = nil
	for _, e := range es {
		g.Moves = append(g.Moves, table.GameMove{Unit: unit, Move: e, During: g.Active})
	}
}

// TestStandardMoveCounts (D133): a withdraw is a speed-1 move, and every speed-X move is a
// standard move (RRG 2.0 Rückzug L9494–9497, Standardbewegung L10448–10450); a full standard move
// is a standard move (Rammen X L8925–8928); holotable's charge is a standard move (MoveStandard).
// Schwerfällig (L10035–10048) refuses a second standard move after any of them, and a
// withdraw or charge after a standard move; a reverse or a strafe neither counts nor is refused.
// A transport's full moves and withdraws count towards "more than one standard move" of the
// disembark rule (Ein- und Aussteigen L5164–5169).
func TestStandardMoveCounts(t *testing.T) {
	for _, c := range []struct {
		name   string
		did    []table.MoveEvent
		now    table.MoveEvent
		refuse bool
	}{
		{"charge after a standard move", []table.MoveEvent{table.MoveStandard}, table.MoveStandard, true},
		{"withdraw after a standard move", []table.MoveEvent{table.MoveStandard}, table.MoveWithdraw, true},
		{"standard move after a full one", []table.MoveEvent{table.MoveStandardFull}, table.MoveStandard, true},
		{"strafe after a full one", []table.MoveEvent{table.MoveStandardFull}, table.MoveStrafe, false},
		{"standard move after a reverse", []table.MoveEvent{table.MoveReverse}, table.MoveStandard, false},
		{"standard move after a climb", []table.MoveEvent{table.MoveClimb}, table.MoveStandard, false},
		{"first standard move", nil, table.MoveStandard, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := world(t, keywordRecordDoc)
			w.File.Game.Active = "pl"
			recorded(w, "pl", c.did...)
			why := w.MoveLimits("pl", c.now)
			if got := len(why) == 1 && why[0].Rule == "record.plodding" && why[0].Cite == CitePlodding; got != c.refuse || (!c.refuse && why != nil) {
				t.Errorf("MoveLimits %v", why)
			}
		})
	}
	w := world(t, keywordRecordDoc)
	recorded(w, "pl", table.MoveStandardFull, table.MoveWithdraw)
	if e, why := w.DisembarkEvent("sq", "pl"); e != table.MoveDisembarkWhole || len(why) != 1 {
		t.Errorf("a full move and a withdraw are two standard moves: %v %v", e, why)
	}
	recorded(w, "pl", table.MoveStandardFull, table.MoveStrafe)
	if e, _ := w.DisembarkEvent("sq", "pl"); e != table.MoveDisembark {
		t.Errorf("a strafe is not a standard move: %v", e)
	}
}

// TestRecordedMoveKeywords: what RecordedMove keeps for the new readers — a withdraw always (its
// whole activation), a full move as such only for a unit with a Ram X weapon (a standard move for
// a transport or Schwerfällig, nothing otherwise), every move but a pivot of a unit with a Sperrig
// weapon, a strafe or climb of no one else.
func TestRecordedMoveKeywords(t *testing.T) {
	w := world(t, keywordRecordDoc)
	for _, c := range []struct {
		unit      string
		made, rec table.MoveEvent
	}{
		{"dt", table.MoveWithdraw, table.MoveWithdraw},
		{"dt", table.MoveStandardFull, table.MoveNone},
		{"dt", table.MoveStrafe, table.MoveNone},
		{"rm", table.MoveStandardFull, table.MoveStandardFull},
		{"rm", table.MoveStandard, table.MoveNone},
		{"pl", table.MoveStandardFull, table.MoveStandard},
		{"pl", table.MoveReverse, table.MoveReverse},
		{"sp", table.MoveStandardFull, table.MoveStandard},
		{"sp", table.MoveStrafe, table.MoveStrafe},
		{"sp", table.MoveClimb, table.MoveClimb},
		{"sp", table.MoveReverse, table.MoveReverse},
	} {
		if got := RecordedMove(mustUnit(t, w, c.unit), c.made); got != c.rec {
			t.Errorf("%s %v: recorded %v, want %v", c.unit, c.made, got, c.rec)
		}
	}
	if MadeMove(ModeCompulsory, true) != table.MoveStandardFull || MadeMove(ModeStandard, false) != table.MoveStandard ||
		MadeMove(ModeReverse, true) != table.MoveReverse || MadeMove(ModeStrafeLeft, false) != table.MoveStrafe {
		t.Error("MadeMove")
	}
}

// TestWithdrawUsesActivation (RRG 2.0 Rückzug L9494–9502): after its withdraw a trooper unit
// makes no further move in the activation, a pivot included; a creature trooper may still make
// free actions (L9528–9532); in the next activation the trooper moves again.
func TestWithdrawUsesActivation(t *testing.T) {
	w := world(t, keywordRecordDoc)
	for _, unit := range []string{"dt", "cr"} {
		w.File.Game.Active = unit
		recorded(w, unit, table.MoveWithdraw)
		for _, e := range []table.MoveEvent{table.MoveStandard, table.MoveNone, table.MoveClimb} {
			why := w.MoveLimits(unit, e)
			if unit == "cr" {
				if why != nil {
					t.Errorf("creature %v: %v", e, why)
				}
				continue
			}
			if len(why) != 1 || why[0].Rule != "record.withdrew" || why[0].Cite != CiteWithdrawWhole {
				t.Errorf("trooper %v: %v", e, why)
			}
		}
	}
	w.File.Game.Active = "sp"
	if why := w.MoveLimits("dt", table.MoveStandard); why != nil {
		t.Errorf("another activation: %v", why)
	}
	if !WithdrawTriggersKeywords(&table.Unit{Type: table.Creature, Keywords: table.Keywords{Agile: table.KeywordX{Has: true, X: 1}}}) ||
		WithdrawTriggersKeywords(&table.Unit{Type: table.Trooper, Keywords: table.Keywords{Agile: table.KeywordX{Has: true, X: 1}}}) {
		t.Error("WithdrawTriggersKeywords: a creature's Agile applies, a trooper's does not (L9499–9502, L9528–9532)")
	}
}

// blankAttack resolves a's pool rolled all blanks (no wounds) and applies it.
func blankAttack(t *testing.T, w *World, a AttackAnswer) (Step, error) {
	t.Helper()
	o, err := w.ResolveAttack(a, AttackRoll{Attack: map[string]int{maps.SymBlank: a.Pool.Dice.Total()}})
	if err != nil {
		t.Fatal(err)
	}
	return w.ApplyAttack(a, o)
}

// TestCumbersome (RRG 2.0 Sperrig L10314–10335): sp's mortar joins an attack before sp moved; after
// a move but a pivot in this activation (each recorded kind) it does not, with the reason, while
// the rifle still joins; sb, not the active unit, moved in sp's activation and still uses its
// mortar in a standby attack, with the note (L10331–10335); after an attack with the mortar sp
// makes no move but pivots (L10320–10324).
func TestCumbersome(t *testing.T) {
	w := world(t, keywordRecordDoc)
	a, err := w.Attack(AttackQuery{Attacker: "sp", Defender: "en"})
	if err != nil || !option(a, "sp-1", "mortar").Joins {
		t.Fatalf("before a move the mortar joins: %v %+v", err, a.Options)
	}
	for _, e := range []table.MoveEvent{table.MoveStandard, table.MoveReverse, table.MoveStrafe, table.MoveClimb, table.MoveEmbark, table.MoveDisembark, table.MoveWithdraw} {
		recorded(w, "sp", e)
		a, err := w.Attack(AttackQuery{Attacker: "sp", Defender: "en"})
		if err != nil {
			t.Fatal(err)
		}
		o := option(a, "sp-1", "mortar")
		if o.Joins || !slices.ContainsFunc(o.Reasons, func(r Reason) bool { return r.Rule == "weapon.cumbersome" && r.Cite == CiteCumbersome }) {
			t.Errorf("after %v the mortar joins: %+v", e, o)
		}
		if !option(a, "sp-1", "rifle").Joins {
			t.Errorf("after %v the rifle does not join", e)
		}
		if _, err := w.Attack(AttackQuery{Attacker: "sp", Defender: "en", Weapons: map[string]string{"sp-1": "mortar"}}); err == nil {
			t.Errorf("after %v a pool with the mortar is built", e)
		}
	}
	recorded(w, "sp", table.MoveDisplaced)
	if a, _ := w.Attack(AttackQuery{Attacker: "sp", Defender: "en"}); !option(a, "sp-1", "mortar").Joins {
		t.Error("a displaced unit made no move: the mortar joins")
	}

	// A standby attack: sb moved during sp's activation (a free move action), spends its token.
	recorded(w, "sb", table.MoveStandard)
	a, err = w.Attack(AttackQuery{Attacker: "sb", Defender: "en", Standby: true, Weapons: map[string]string{"sb-1": "mortar"}})
	if err != nil || !a.Allowed || a.Pool == nil || !a.Pool.Cumbersome {
		t.Fatalf("standby attack: %v %+v", err, a)
	}
	if o := option(a, "sb-1", "mortar"); !slices.ContainsFunc(o.Reasons, func(r Reason) bool { return r.Rule == "weapon.cumbersomeStandby" }) {
		t.Errorf("standby note missing: %+v", o.Reasons)
	}
	if a, _ := w.Attack(AttackQuery{Attacker: "sb", Defender: "en"}); option(a, "sb-1", "mortar").Joins {
		t.Error("not a standby attack: the mortar does not join after sb moved")
	}
	st, err := blankAttack(t, w, a)
	if err != nil {
		t.Fatal(err)
	}
	if st.File.Game.Unit("sb").Tokens[table.TokenStandby] != 0 || len(st.File.Game.Moves) != 1 {
		t.Errorf("the standby token is spent and no Sperrig attack recorded: %v %+v", err, st.File.Game)
	}
	// A standby attack of the active unit, or without a token, is not allowed.
	for _, c := range []struct {
		unit string
		rule Code
	}{{"sp", "attack.standbyOwn"}, {"rm", "attack.noStandby"}} {
		a, err := w.Attack(AttackQuery{Attacker: c.unit, Defender: "en", Standby: true})
		if err != nil || a.Allowed || !slices.ContainsFunc(a.Reasons, func(r Reason) bool { return r.Rule == c.rule && r.Cite == CiteStandbyAttack }) {
			t.Errorf("%s standby: %v %+v", c.unit, err, a.Reasons)
		}
	}

	// An attack with the mortar is recorded; then no move but a pivot.
	recorded(w, "sp")
	a, err = w.Attack(AttackQuery{Attacker: "sp", Defender: "en", Weapons: map[string]string{"sp-1": "mortar"}})
	if err != nil || a.Pool == nil {
		t.Fatal(err)
	}
	st, err = blankAttack(t, w, a)
	if err != nil || !slices.Contains(st.File.Game.Moves, table.GameMove{Unit: "sp", Move: table.MoveCumbersomeAttack, During: "sp"}) ||
		!slices.ContainsFunc(st.Reasons, func(r Reason) bool { return r.Rule == "attack.cumbersome" }) {
		t.Fatalf("the Sperrig attack is recorded: %v %+v", err, st.File.Game.Moves)
	}
	after := NewWorld(st.File)
	for _, e := range []table.MoveEvent{table.MoveStandard, table.MoveWithdraw, table.MoveStrafe, table.MoveClimb, table.MoveDisembark} {
		if why := after.MoveLimits("sp", e); len(why) != 1 || why[0].Rule != "record.cumbersome" || why[0].Cite != CiteCumbersome {
			t.Errorf("%v after the Sperrig attack: %v", e, why)
		}
	}
	if why := after.MoveLimits("sp", table.MoveNone); why != nil {
		t.Errorf("a pivot after the Sperrig attack: %v", why)
	}
	// With the rifle alone nothing is recorded.
	a, _ = w.Attack(AttackQuery{Attacker: "sp", Defender: "en", Weapons: map[string]string{"sp-1": "rifle"}})
	if st, err := blankAttack(t, w, a); err != nil || len(st.File.Game.Moves) != 0 {
		t.Errorf("a rifle attack: %v %+v", err, st.File.Game.Moves)
	}
}

// TestFullAtMaxSpeed (RRG 2.0 Rammen X L8925–8934): rm (speed 2, open ground) moving 4.92" + a
// small base's diameter at speed 2 to the tool's far end makes a full move at max speed; half way,
// or at speed 1, it does not; dt in the mud (max speed 1 there) makes one at speed 1 — its
// reduced max speed still counts — and a reverse or strafe never does.
func TestFullAtMaxSpeed(t *testing.T) {
	w := world(t, keywordRecordDoc)
	for _, c := range []struct {
		leader   string
		speed    int
		fraction float64
		mode     ManeuverMode
		want     bool
	}{
		{"rm-1", 2, 1, ModeStandard, true},
		{"rm-1", 2, 0.5, ModeStandard, false},
		{"rm-1", 1, 1, ModeStandard, false},
		{"dt-1", 1, 1, ModeStandard, true},
		{"dt-1", 1, 0.99, ModeStandard, false},
		{"rm-1", 2, 1, ModeReverse, false},
	} {
		a, err := w.Move(MoveQuery{Mini: c.leader, Speed: c.speed, Heading: 0, Fraction: c.fraction})
		if err != nil {
			t.Fatal(err)
		}
		if got := w.FullAtMaxSpeed(c.mode, c.speed, a); got != c.want {
			t.Errorf("%s speed %d fraction %g %v: %v (max speed %d, blocked %v)", c.leader, c.speed, c.fraction, c.mode, got, a.MaxSpeed, a.Blocked)
		}
	}
}

// TestRamResolve (RRG 2.0 Rammen X L8898–8911): rm's gun (Ram 2, 4 black dice) rolls 2 hits, 1
// crit, 1 blank against en (no cover in the open, no dodge). After a full standard move at max
// speed in this activation Ram 2 makes the blank and one hit crits: 1 hit, 3 crits; without such
// a move (a move that was not full) nothing changes (2 hits, 1 crit) and the answer says why.
func TestRamResolve(t *testing.T) {
	for _, c := range []struct {
		name        string
		did         table.MoveEvent
		hits, crits int
		reason      Code
	}{
		{"full move", table.MoveStandardFull, 1, 3, "pool.ram"},
		{"not full", table.MoveStandard, 2, 1, "pool.ramNoMove"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := world(t, keywordRecordDoc)
			w.File.Game.Active = "rm"
			recorded(w, "rm", c.did)
			a, err := w.Attack(AttackQuery{Attacker: "rm", Defender: "en", Weapons: map[string]string{"rm-1": "gun"}})
			if err != nil || !a.Allowed || a.Pool == nil || a.Pool.Ram != 2 {
				t.Fatalf("%v %+v", err, a.Reasons)
			}
			n := c.hits + c.crits
			o, err := w.ResolveAttack(a, AttackRoll{Attack: map[string]int{maps.SymHit: 2, maps.SymCritical: 1, maps.SymBlank: 1},
				Defence: map[string]int{maps.SymBlank: n}})
			if err != nil {
				t.Fatal(err)
			}
			if o.Final != (HitsCrits{c.hits, c.crits}) || o.Wounds != n {
				t.Errorf("final %+v wounds %d (cover %d)", o.Final, o.Wounds, o.CoverCancelled)
			}
			all := append(append([]Reason(nil), a.Reasons...), o.Reasons...)
			if !slices.ContainsFunc(all, func(r Reason) bool { return r.Rule == c.reason && r.Cite == CiteRam }) {
				t.Errorf("no %s reason", c.reason)
			}
		})
	}
	for _, c := range []struct{ x, blanks, hits, fb, fh int }{{2, 1, 2, 1, 1}, {2, 3, 2, 2, 0}, {3, 0, 1, 0, 1}, {1, 0, 0, 0, 0}} {
		if fb, fh := ramConvert(c.x, c.blanks, c.hits); fb != c.fb || fh != c.fh {
			t.Errorf("ramConvert(%d, %d, %d) = %d, %d", c.x, c.blanks, c.hits, fb, fh)
		}
	}
}
