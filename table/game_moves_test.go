package table

import (
	"slices"
	"testing"
)

const movesRaw = `[{"unit": "b", "move": "standard", "during": "b"}, {"unit": "b", "move": "reverse", "during": "b"},
 {"unit": "a", "move": "displaced", "during": "b"}, {"unit": "r", "move": "disembarkWhole"}]`

// TestGameMoves: game.moves loads in order, saves back the same, and answers MovesIn (the entries
// of one activation; "" none) and CountMoves.
func TestGameMoves(t *testing.T) {
	f := mustLoad(t, edit(t, withGame("game.moves", raw(movesRaw))...))
	g := f.Game
	want := []GameMove{{"b", MoveStandard, "b"}, {"b", MoveReverse, "b"}, {"a", MoveDisplaced, "b"}, {"r", MoveDisembarkWhole, ""}}
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
	roundTrip(t, f)
}

func TestGameMovesFaults(t *testing.T) {
	runFaults(t, []faultCase{
		{name: "moves type", edits: withGame("game.moves", raw(`{}`)), want: `game.moves: must be an array, got object`},
		{name: "move word", edits: withGame("game.moves", raw(`[{"unit": "b", "move": "jump"}]`)), want: `game.moves[0].move: unknown move "jump" (standard, reverse, embark, disembark, disembarkWhole or displaced)`},
		{name: "move unit", edits: withGame("game.moves", raw(`[{"unit": "zz", "move": "standard"}]`)), want: `game.moves[0].unit: no unit "zz" in the game`},
		{name: "move during", edits: withGame("game.moves", raw(`[{"unit": "b", "move": "standard", "during": "zz"}]`)), want: `game.moves[0].during: no unit "zz" in the game`},
		{name: "move field", edits: withGame("game.moves", raw(`[{"unit": "b", "move": "standard", "by": "b"}]`)), want: `game.moves[0].by: unknown field of a move record entry (unit, move, during)`},
	})
}
