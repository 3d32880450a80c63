package ops

import (
	"os"
	"testing"

	"holotable/table"
)

// TestOwner: on testdata/game-state.json (unit a red's, unit b blue's by their game records, no
// record for neither), an author that is a side changes its own units and neutral things, and a
// change to the other side's unit is refused as an offer to its owner (OfferTo names it); the
// hot-seat author changes everything; a whole-file import touches every unit; undo and the game's
// ops keep their own checks. Without a game nobody owns a unit.
func TestOwner(t *testing.T) {
	data, err := os.ReadFile("testdata/game-state.json")
	if err != nil {
		t.Fatal(err)
	}
	f := load(t, data)
	three := 3
	move := func(mini string) Op {
		u := &f.UnitsOnTable[unitOf(t, f, mini)]
		m := u.Minis[miniAt(u, mini)]
		return &MinisMove{Minis: []MiniPlace{{Mini: mini, X: m.X + 0.5, Y: m.Y}}}
	}
	for _, tc := range []struct {
		name, author string
		op           Op
		owner        table.Colour // the offer's owner; NoColour: accepted
	}{
		{"red moves its own", "red", move("a-1"), table.NoColour},
		{"red moves blue's", "red", move("b-1"), table.Blue},
		{"blue moves blue's", "blue", move("b-1"), table.NoColour},
		{"blue moves red's", "blue", move("a-2"), table.Red},
		{"hot seat moves both", "local", move("a-1"), table.NoColour},
		{"hot seat moves blue's", "local", move("b-1"), table.NoColour},
		{"red sets blue's speed", "red", &UnitSet{Unit: "b", Speed: &three}, table.Blue},
		{"red moves terrain", "red", &TerrainMove{Piece: "rock", DX: 1}, table.NoColour},
		{"red imports a table", "red", &TableImport{Table: load(t, data)}, table.Blue},
	} {
		l := NewLog(f)
		_, err := l.Submit(Entry{ID: "x", Author: tc.author, Op: tc.op})
		if got := OfferTo(err, f); got != tc.owner || (tc.owner == table.NoColour) != (err == nil) {
			t.Errorf("%s: %v (offer to %v), want offer to %v", tc.name, err, got, tc.owner)
		}
	}
	// Without a game nobody owns a unit.
	nf := *f
	nf.Game = nil
	if _, err := NewLog(&nf).Submit(Entry{ID: "x", Author: "red", Op: move("b-1")}); err != nil {
		t.Errorf("red moves b-1 without a game: %v", err)
	}
	// Blue's own move, undone by blue, is not an offer; red cannot undo it.
	l := NewLog(f)
	if _, err := l.Submit(Entry{ID: "b1", Author: "blue", Op: move("b-1")}); err != nil {
		t.Fatal(err)
	}
	if err := l.Check(Entry{ID: "u1", Author: "red", Op: &Undo{Of: "b1"}}); err == nil {
		t.Error("Check: red undid blue's op")
	}
	if err := l.Check(Entry{ID: "u1", Author: "blue", Op: &Undo{Of: "b1"}}); err != nil {
		t.Errorf("Check: blue's undo: %v", err)
	}
	if l.Len() != 1 {
		t.Errorf("Check changed the log: %d entries", l.Len())
	}
}

func unitOf(t *testing.T, f *table.File, mini string) int {
	t.Helper()
	for i := range f.UnitsOnTable {
		if miniAt(&f.UnitsOnTable[i], mini) >= 0 {
			return i
		}
	}
	t.Fatalf("no mini %s", mini)
	return -1
}
