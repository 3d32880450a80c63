package table

import (
	"slices"
	"testing"
)

const movesRaw = `[{"unit": "b", "move": "standard", "during": "b"}, {"unit": "b", "move": "reverse", "during": "b"},
 {"unit": "a", "move": "displaced", "during": "b"}, {"unit": "r", "move": "disembarkWhole"},
 {"unit": "b", "move": "standardFull", "during": "b"}, {"unit": "b", "move": "strafe", "during": "b"}, {"unit": "b", "move": "climb", "during": "b"},
 {"unit": "a", "move": "withdraw", "during": "a"}, {"unit": "a", "move": "cumbersomeAttack", "during": "a"}]`

// TestGameMoves: game.moves loads in order, saves back the same, and answers MovesIn (the entries
// of one activation; "" none) and CountMoves.
func TestGameMoves(t *testing.T) {
	f := mustLoad(t, edit(t, withGame("game.moves", raw(movesRaw))...))
	g := f.Game
	want := []GameMove{{"b", MoveStandard, "b"}, {"b", MoveReverse, "b"}, {"a", MoveDisplaced, "b"}, {"r", MoveDisembarkWhole, ""},
		{"b", MoveStandardFull, "b"}, {"b", MoveStrafe, "b"}, {"b", MoveClimb, "b"}, {"a", MoveWithdraw, "a"}, {"a", MoveCumbersomeAttack, "a"}}
	if !slices.Equal(g.Moves, want) {
		t.Fatalf("moves %+v", g.Moves)
	}
	if got := g.MovesIn("a", "b"); !slices.Equal(got, []MoveEvent{MoveDisplaced}) {
		t.Errorf("MovesIn(a, b) %v", got)
	}
	if got := g.MovesIn("r", ""); got != nil {
		t.Errorf("MovesIn(r, \"\") %v: outside an activation nothing", got)
	}
	if n := g.CountMoves("b", MoveStandard, MoveReverse); n != 2 {
		t.Errorf("CountMoves %d", n)
	}
	// Standard: standard, standardFull and withdraw (a speed-1 move, L10449–10450); Moved: all
	// but displaced and cumbersomeAttack (Sperrig excepts pivots only, which are not recorded).
	for e, want := range map[MoveEvent][2]bool{MoveStandard: {true, true}, MoveStandardFull: {true, true}, MoveWithdraw: {true, true},
		MoveReverse: {false, true}, MoveStrafe: {false, true}, MoveClimb: {false, true}, MoveEmbark: {false, true}, MoveDisembark: {false, true},
		MoveDisembarkWhole: {false, true}, MoveDisplaced: {false, false}, MoveCumbersomeAttack: {false, false}, MoveNone: {false, false}} {
		if e.Standard() != want[0] || e.Moved() != want[1] {
			t.Errorf("%v: Standard %v Moved %v, want %v", e, e.Standard(), e.Moved(), want)
		}
	}
	roundTrip(t, f)
}

func TestGameMovesFaults(t *testing.T) {
	runFaults(t, []faultCase{
		{name: "moves type", edits: withGame("game.moves", raw(`{}`)), want: `game.moves: must be an array, got object`},
		{name: "move word", edits: withGame("game.moves", raw(`[{"unit": "b", "move": "jump"}]`)), want: `game.moves[0].move: unknown move "jump" (standard, reverse, embark, disembark, disembarkWhole, displaced, standardFull, strafe, climb, withdraw or cumbersomeAttack)`},
		{name: "move unit", edits: withGame("game.moves", raw(`[{"unit": "zz", "move": "standard"}]`)), want: `game.moves[0].unit: no unit "zz" in the game`},
		{name: "move during", edits: withGame("game.moves", raw(`[{"unit": "b", "move": "standard", "during": "zz"}]`)), want: `game.moves[0].during: no unit "zz" in the game`},
		{name: "move field", edits: withGame("game.moves", raw(`[{"unit": "b", "move": "standard", "by": "b"}]`)), want: `game.moves[0].by: unknown field of a move record entry (unit, move, during)`},
	})
}
