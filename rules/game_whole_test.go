package rules

import (
	"math"
	"reflect"
	"testing"

	"github.com/golang/geo/r2"

	"holotable/table"
)

// moveUnit makes a unit's standard move as the move tool does (Move for the leader,
// PlaceFollowers for the rest) on a copy of w's table: what the app's unit-move operation will do.
// The move must be legal and every follower placed.
func moveUnit(t *testing.T, w *World, unit string, speed int, heading float64) *World {
	t.Helper()
	u, _ := w.Unit(unit)
	mv, err := w.Move(MoveQuery{Mini: u.Leader.ID, Speed: speed, Heading: heading, Fraction: 1})
	if err != nil || !mv.Legal {
		t.Fatalf("%s's move: %v %+v", unit, err, mv.Reasons)
	}
	pl, err := w.PlaceFollowers(unit, r2.Point{X: mv.X, Y: mv.Y})
	if err != nil {
		t.Fatal(err)
	}
	f, _ := cloneFile(w.File)
	tu := &f.UnitsOnTable[f.UnitIndex(unit)]
	for i := range tu.Minis {
		m := &tu.Minis[i]
		if m.Leader {
			m.X, m.Y = mv.X, mv.Y
			continue
		}
		for _, p := range pl {
			if p.ID == m.ID {
				if !p.OK {
					t.Fatalf("%s could not be placed", p.ID)
				}
				m.X, m.Y = p.X, p.Y
			}
		}
	}
	g, err := cloneFile(f)
	if err != nil {
		t.Fatal(err)
	}
	return NewWorld(g)
}

// leaderAt checks where a unit's leader stands.
func leaderAt(t *testing.T, w *World, unit string, x, y float64) {
	t.Helper()
	u, err := w.Unit(unit)
	if err != nil || math.Abs(u.Leader.X-x) > 1e-9 || math.Abs(u.Leader.Y-y) > 1e-9 {
		t.Fatalf("%s's leader at %v, want (%g, %g) (%v)", unit, u.Leader.Centre(), x, y, err)
	}
}

// playOut activates every unit left this round in turn — a face-up order first (table order),
// else a token drawn from the pool with the roller and the first unit of its rank — until the
// end phase, and returns the world and the number of activations.
func playOut(t *testing.T, w *World, r *Roller) (*World, int) {
	t.Helper()
	ok := stepper(t)
	n := 0
	for w.File.Game.Phase == table.PhaseActivation {
		g := w.File.Game
		c := g.Turn
		unit, draw := "", OrderDraw{}
		for _, u := range w.unitsOf(c) {
			if g.Unit(u.ID).Order == table.OrderFaceUp {
				unit = u.ID
				break
			}
		}
		if unit == "" {
			d, err := w.DrawOrder(c, r)
			if err != nil {
				t.Fatal(err)
			}
			draw, unit = d, w.drawable(g, c, d.Rank)[0]
		}
		w = ok(w.Activate(c, unit, draw))
		w = ok(w.EndActivation(unit))
		n++
		if n > 40 {
			t.Fatal("the activation phase does not end")
		}
	}
	return w, n
}

// TestWholeShortGame plays two rounds of the two example lists, step by step through the rules'
// game steps (each an operation of the log once package ops has them), against hand-computed
// expectations. The table: the fixture's deployment (blue's units at y 3, red's at y 33, unit i of
// a side at x = 4 + 7i, minis in a block of one base diameter + 0.05) with one piece of terrain,
// woods (area, light cover, 3 high) at x 16–20, y 14–22, between the two Trooper squads at x 18.
func TestWholeShortGame(t *testing.T) {
	ok := stepper(t)
	woods := table.Terrain{ID: "woods", Polygon: [][2]float64{{16, 14}, {20, 14}, {20, 22}, {16, 22}}, Height: 3, Kind: table.Area,
		Cover: table.CoverByClass{Trooper: table.CoverLight, Creature: table.CoverLight, Vehicle: table.CoverLight},
		Move:  table.MoveByClass{Trooper: table.Open, Ground: table.Open, Repulsor: table.Open}}
	w := NewWorld(fullTable(t, woods))
	roller := SeededRoller(15)

	// ---- Round 1, command phase. Blue's Ambush (1 pip) beats red's Push (2): blue has priority.
	w = ok(w.PlayCommandCard(table.Blue, cmd("Ambush", 1, 1)))
	w = ok(w.PlayCommandCard(table.Red, cmd("Push", 2, 2)))
	if w.File.Game.Priority != table.Blue {
		t.Fatal("round 1: blue has priority")
	}
	// Leia (11, 3) orders the first Rebel Trooper squad (its nearest mini 6.887 − 1.063 = 5.824
	// away: range 1).
	w = ok(w.IssueOrders(table.Blue, "leia-organa-1", []string{"rebel-troopers-1"}))
	// Vader (4, 33): the officer (7 − 1.063: range 1) and the first Stormtrooper squad (nearest
	// mini at x 16.887: 12.887 − 1.063 = 11.824, range 2) may have his two orders; the second squad
	// (18.824: range 4) may not. One order alone is refused: Push orders as many as it can.
	before := saved(t, w)
	s, err := w.IssueOrders(table.Red, "darth-vader-1", []string{"stormtroopers-1"})
	refused(t, w, before, s, err, "orders.asMany")
	s, err = w.IssueOrders(table.Red, "darth-vader-1", []string{"stormtroopers-1", "stormtroopers-2"})
	refused(t, w, before, s, err, "orders.range")
	w = ok(w.IssueOrders(table.Red, "darth-vader-1", []string{"stormtroopers-1", "imperial-officer-1"}))
	g := w.File.Game
	R := func(rs ...table.Rank) []table.Rank { return rs }
	C, K, S, U, H := table.RankCommander, table.RankCorps, table.RankSpecial, table.RankSupport, table.RankHeavy
	if !reflect.DeepEqual(g.Blue.Pool, R(C, C, K, K, S, S, U, H, H)) || !reflect.DeepEqual(g.Red.Pool, R(C, K, K, S, U, H, U)) ||
		g.Phase != table.PhaseActivation || g.Turn != table.Blue {
		t.Fatalf("pools %v / %v, phase %v turn %v", g.Blue.Pool, g.Red.Pool, g.Phase, g.Turn)
	}

	// ---- Round 1, activations. Blue's ordered squad moves 2 north: its leader runs
	// 0.5315 + 4.92 + 0.5315 = 5.983 from (18, 3) to (18, 8.983).
	w = ok(w.Activate(table.Blue, "rebel-troopers-1", OrderDraw{}))
	w = moveUnit(t, w, "rebel-troopers-1", 2, 90)
	leaderAt(t, w, "rebel-troopers-1", 18, 8.983)
	w = ok(w.EndActivation("rebel-troopers-1"))
	// Red's ordered squad moves 2 south to (18, 27.017) and attacks the Rebel Troopers.
	w = ok(w.Activate(table.Red, "stormtroopers-1", OrderDraw{}))
	w = moveUnit(t, w, "stormtroopers-1", 2, 270)
	leaderAt(t, w, "stormtroopers-1", 18, 27.017)
	a, err := w.Attack(AttackQuery{Attacker: "stormtroopers-1", Defender: "rebel-troopers-1"})
	if err != nil {
		t.Fatal(err)
	}
	// The nearest rebel mini (its block's (0, +1) mini at (18, 8.983 + 1.113)) is
	// 27.017 − 10.096 − 1.063 = 15.858 away: range 3. Every line from the storm leader to a rebel
	// crosses the woods, which hide the lower part of every rebel from the 1.65-high eye: all six
	// obscured, light cover. Area terrain blocks no sight: all six stormtroopers see, all six
	// rebels can be wounded.
	if a.Band != 3 || a.Cover != table.CoverLight || len(a.CoverDetail.Obscured) != 6 || len(a.Eligible) != 6 || len(a.Woundable) != 6 || !a.Allowed {
		t.Fatalf("attack 1: band %d cover %s obscured %v eligible %v woundable %v", a.Band, a.Cover, a.CoverDetail.Obscured, a.Eligible, a.Woundable)
	}
	weapons := map[string]string{}
	for _, o := range a.Options {
		if o.Joins && (o.Weapon == "DLT-19" || weapons[o.Mini] == "") {
			weapons[o.Mini] = o.Weapon
		}
	}
	a, _ = w.Attack(AttackQuery{Attacker: "stormtroopers-1", Defender: "rebel-troopers-1", Weapons: weapons})
	if a.Pool.Dice != (table.AttackDice{Red: 5, Black: 1, White: 1}) || a.Pool.Critical != 1 || !a.Pool.Suppressive {
		t.Fatalf("pool %+v", a.Pool)
	}
	// 7 dice: 4 hits, 1 crit, 1 surge, 1 blank. Critical 1 turns the surge into a crit: 4 hits,
	// 2 crits; light cover cancels a hit: 3 + 2. Five white defence dice: a block, a surge (the
	// card makes it a block), three blanks: 2 blocks, 3 wounds — the three non-leaders first in
	// unit order. A ranged attack that hit, with a Suppressive weapon: 2 suppression.
	o, err := w.ResolveAttack(a, AttackRoll{Attack: map[string]int{"hit": 4, "critical": 1, "surge": 1, "blank": 1},
		Defence: map[string]int{"block": 1, "surge": 1, "blank": 3}})
	if err != nil {
		t.Fatal(err)
	}
	if o.Final != (HitsCrits{3, 2}) || o.Blocks != 2 || o.Wounds != 3 || o.Suppression != 2 ||
		!reflect.DeepEqual(o.Assignment.Defeated, []string{"rebel-troopers-1-2", "rebel-troopers-1-3", "rebel-troopers-1-4"}) {
		t.Fatalf("attack 1 outcome %+v", o)
	}
	w = ok(w.ApplyAttack(a, o))
	if u, _ := w.Unit("rebel-troopers-1"); len(u.Minis) != 3 || w.File.Game.Unit("rebel-troopers-1").Tokens[table.TokenSuppression] != 2 {
		t.Fatalf("after attack 1: %d minis, tokens %v", len(u.Minis), w.File.Game.Unit("rebel-troopers-1").Tokens)
	}
	w = ok(w.EndActivation("stormtroopers-1"))
	w, n := playOut(t, w, roller)
	if n != 17 {
		t.Fatalf("%d more activations, want 19 − 2", n)
	}
	// Tokens taken during the round (a dodge, two aims) lie beside their units until the end phase.
	w = ok(w.ChangeTokens("rebel-troopers-2", table.TokenDodge, 1))
	w = ok(w.ChangeTokens("stormtroopers-2", table.TokenAim, 2))

	// ---- Round 1, end phase. Intercept the Transmissions scores at the end of rounds 2 and 4.
	sc, err := w.ScoreRound()
	if err != nil || sc.VP != [2]int{0, 0} || sc.Reasons[0].Rule != "score.none" {
		t.Fatalf("round 1 scoring %+v %v", sc, err)
	}
	w = ok(w.EndRound(nil))
	g = w.File.Game
	if g.Round != 2 || g.Phase != table.PhaseCommand || RoundCounter(2) != table.Red ||
		g.Unit("rebel-troopers-1").Tokens[table.TokenSuppression] != 1 || g.Unit("rebel-troopers-2").Tokens != nil ||
		g.Unit("stormtroopers-2").Tokens != nil || !reflect.DeepEqual(g.Blue.Discard, []string{"Ambush"}) {
		t.Fatalf("after round 1: round %d, tokens %v %v %v, discard %v", g.Round, g.Unit("rebel-troopers-1").Tokens,
			g.Unit("rebel-troopers-2").Tokens, g.Unit("stormtroopers-2").Tokens, g.Blue.Discard)
	}

	// ---- Round 2, command phase. Both play Assault (3 pips): red, holding the round counter,
	// rolls a blank: blue has priority.
	w = ok(w.PlayCommandCard(table.Blue, cmd("Assault", 3, 3)))
	w = ok(w.PlayCommandCard(table.Red, cmd("Assault", 3, 3)))
	if w.File.Game.Priority != table.NoColour {
		t.Fatal("a tie waits for the roll")
	}
	w = ok(w.RollPriority("blank"))
	if w.File.Game.Priority != table.Blue {
		t.Fatal("a blank for red gives blue priority")
	}
	// Leia: Luke (7 − 1.063: range 1), the first squad (its nearest mini (18, 7.870):
	// √(49 + 23.72) − 1.063 = 7.465, range 2), the second (11.824: range 2).
	w = ok(w.IssueOrders(table.Blue, "leia-organa-1", []string{"rebel-troopers-1", "rebel-troopers-2", "luke-skywalker-1"}))
	// Vader: himself, the officer, and the first squad (its nearest mini (16.887, 27.017):
	// √(12.887² + 5.983²) − 1.063 = 13.145, range 3).
	w = ok(w.IssueOrders(table.Red, "darth-vader-1", []string{"darth-vader-1", "imperial-officer-1", "stormtroopers-1"}))

	// ---- Round 2, activations. Blue's second squad first: it does nothing.
	w = ok(w.Activate(table.Blue, "rebel-troopers-2", OrderDraw{}))
	w = ok(w.EndActivation("rebel-troopers-2"))
	// The Stormtroopers move 1 south to (18, 27.017 − 4.013 = 23.004), next to the left objective
	// token (18, 18): 5.004 − 0.5315 − 0.75 = 3.72 away, range 1. Then they shoot again.
	w = ok(w.Activate(table.Red, "stormtroopers-1", OrderDraw{}))
	w = moveUnit(t, w, "stormtroopers-1", 1, 270)
	leaderAt(t, w, "stormtroopers-1", 18, 23.004)
	a, _ = w.Attack(AttackQuery{Attacker: "stormtroopers-1", Defender: "rebel-troopers-1", Weapons: weapons})
	// The squad's three minis: the leader (18, 8.983), -5 (18, 7.870), -6 (19.113, 10.096). The
	// nearest, -6, is √(1.113² + 12.908²) − 1.063 = 11.893 away: range 2. The woods obscure all
	// three (light), and the squad's suppression token (one left after the end phase) improves it:
	// heavy.
	if a.Band != 2 || a.Cover != table.CoverHeavy || a.CoverDetail.Cover != table.CoverLight || !a.Modifiers.Suppressed ||
		!reflect.DeepEqual(a.Woundable, []string{"rebel-troopers-1-1", "rebel-troopers-1-5", "rebel-troopers-1-6"}) {
		t.Fatalf("attack 2: band %d cover %s woundable %v", a.Band, a.Cover, a.Woundable)
	}
	// 3 hits, 4 blanks: heavy cover cancels two; one blank defence die: 1 wound on -5. Two
	// suppression: three in all.
	o, err = w.ResolveAttack(a, AttackRoll{Attack: map[string]int{"hit": 3, "blank": 4}, Defence: map[string]int{"blank": 1}})
	if err != nil || o.CoverCancelled != 2 || o.Wounds != 1 || !reflect.DeepEqual(o.Assignment.Defeated, []string{"rebel-troopers-1-5"}) || o.Suppression != 2 {
		t.Fatalf("attack 2: %+v %v", o, err)
	}
	w = ok(w.ApplyAttack(a, o))
	w = ok(w.EndActivation("stormtroopers-1"))
	// The rebels rally: three white dice, one block: 2 suppression left, twice their courage 1 —
	// panic (Leia's courage is not entered, so no commander's courage helps). They flee toward the
	// nearest edge: south, 8.983 − 0.5315 = 8.4515 away, and move 2 straight there, to (18, 3).
	w = ok(w.Activate(table.Blue, "rebel-troopers-1", OrderDraw{}))
	w = ok(w.Rally("rebel-troopers-1", []string{"blank", "block", "blank"}))
	rt := w.File.Game.Unit("rebel-troopers-1")
	if rt.Tokens[table.TokenSuppression] != 2 || rt.Tokens[table.TokenPanic] != 1 {
		t.Fatalf("after the rally: %v", rt.Tokens)
	}
	pe, err := w.PanicEdge("rebel-troopers-1")
	if err != nil || !reflect.DeepEqual(pe.Edges, []string{"south"}) || pe.Heading != 270 || math.Abs(pe.Distance-8.4515) > 1e-9 {
		t.Fatalf("panic edge %+v %v", pe, err)
	}
	w = moveUnit(t, w, "rebel-troopers-1", 2, pe.Heading)
	leaderAt(t, w, "rebel-troopers-1", 18, 3)
	w = ok(w.EndActivation("rebel-troopers-1"))
	w, n = playOut(t, w, roller)
	if n != 16 {
		t.Fatalf("%d more activations, want 19 − 3", n)
	}

	// ---- Round 2, end phase. Intercept the Transmissions: the Stormtroopers' leader is the only
	// trooper leader at range 1 of a token (the left one): 1 VP for red.
	sc, err = w.ScoreRound()
	if err != nil || sc.VP != [2]int{0, 1} || len(sc.Lines) != 1 || sc.Lines[0].What != "obj-l" {
		t.Fatalf("round 2 scoring %+v %v", sc, err)
	}
	w = ok(w.AwardVictoryPoints(table.Red, sc.VP[1], sc.Lines[0].Reasons))
	w = ok(w.EndRound(nil))
	g = w.File.Game
	if g.Round != 3 || g.Red.VictoryPoints != 1 || g.Blue.VictoryPoints != 0 || g.Unit("rebel-troopers-1").Tokens[table.TokenSuppression] != 1 {
		t.Fatalf("after round 2: round %d VP %d–%d, rebel tokens %v", g.Round, g.Blue.VictoryPoints, g.Red.VictoryPoints, g.Unit("rebel-troopers-1").Tokens)
	}
	// The panic token stays until a rally brings the suppression under twice the courage.
	if g.Unit("rebel-troopers-1").Tokens[table.TokenPanic] != 1 {
		t.Fatal("the panic token went away without a rally")
	}
	win, _ := w.Winner()
	if win.Over || win.Score != [2]int{0, 0} {
		t.Fatalf("winner %+v", win)
	}
	// The game so far saves and loads unchanged.
	if _, err := cloneFile(w.File); err != nil {
		t.Fatal(err)
	}
}
