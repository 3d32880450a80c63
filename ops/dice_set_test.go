package ops

import (
	"reflect"
	"testing"

	"holotable/maps"
	"holotable/table"
)

// TestDiceKinds: a custom die is saved with the table (appended), saved again under its id
// (replaced in place), its faces round-trip through the table file, deleted, and every step
// undone puts the dice back as they were. Bad dice are refused naming the field.
func TestDiceKinds(t *testing.T) {
	l := newTestLog(t, maps.Default())
	black := table.Die{Name: "black combat die", System: "rebellion", Kind: "any", Colour: "#1c1c1c", Sides: 6,
		Faces: []table.DieFace{{Symbol: "hit", Count: 3}, {Symbol: "direct-hit", Count: 1}, {Symbol: "special", Count: 1}, {Symbol: "blank", Count: 1}}}
	blaster := table.Die{Name: "blaster die", System: "destiny", Kind: "any", Sides: 6,
		Faces: []table.DieFace{{Symbol: "ranged", Value: 2, Count: 1, Modifier: true}, {Symbol: "ranged", Value: 1, Count: 3}, {Symbol: "focus", Value: 1, Count: 1, Cost: 1}, {Symbol: "blank", Count: 1}}}
	e1 := l.ok(&DiceSet{DieID: "rebellion-black", Die: black})
	l.ok(&DiceSet{DieID: "destiny-blaster", Die: blaster})
	if d := l.File().Dice; len(d) != 2 || d[0].ID != "rebellion-black" || d[1].ID != "destiny-blaster" {
		t.Fatalf("dice after two saves: %+v", d)
	}
	// The faces round-trip through the table file.
	back := load(t, []byte(save(t, l.File())))
	if !reflect.DeepEqual(back.Dice, l.File().Dice) {
		t.Errorf("the dice through the file:\n %+v\nwant %+v", back.Dice, l.File().Dice)
	}
	// Saved again: replaced in place (2 hits, 2 blanks).
	black.Faces = []table.DieFace{{Symbol: "hit", Count: 2}, {Symbol: "direct-hit", Count: 1}, {Symbol: "special", Count: 1}, {Symbol: "blank", Count: 2}}
	l.ok(&DiceSet{DieID: "rebellion-black", Die: black})
	if d := l.File().Dice; len(d) != 2 || d[0].ID != "rebellion-black" || d[0].Faces[0].Count != 2 {
		t.Fatalf("after the replace: %+v", d)
	}
	l.ok(&DiceDelete{DieID: "rebellion-black"})
	if d := l.File().Dice; len(d) != 1 || d[0].ID != "destiny-blaster" {
		t.Fatalf("after the delete: %+v", d)
	}
	// Undo the delete and the replace: the first black die is back in its place.
	for range 2 {
		if _, err := l.Undo("me", l.nextID()); err != nil {
			t.Fatal(err)
		}
	}
	if d := l.File().Dice; len(d) != 2 || !reflect.DeepEqual(d[0].Faces, e1.Op.(*DiceSet).Die.Faces) {
		t.Errorf("after two undos: %+v", d)
	}

	// Faults: counts not adding up to the sides, a symbol a Rebellion die cannot show, a modifier
	// on a die that is not Destiny's, a bad id; deleting a die the table has not.
	bad := black
	bad.Faces = []table.DieFace{{Symbol: "hit", Count: 5}}
	l.no(&DiceSet{DieID: "rebellion-black", Die: bad}, "die.faces", "counts add up to 5, but sides is 6")
	bad.Faces = []table.DieFace{{Symbol: "crit", Count: 6}}
	l.no(&DiceSet{DieID: "rebellion-black", Die: bad}, "die.faces[0].symbol", "crit")
	bad.Faces = []table.DieFace{{Symbol: "hit", Count: 6, Modifier: true}}
	l.no(&DiceSet{DieID: "rebellion-black", Die: bad}, "die.faces[0].modifier", "Destiny")
	l.no(&DiceSet{DieID: "Black Die", Die: black}, "dieId", "lower-case")
	l.no(&DiceDelete{DieID: "nope"}, "dieId", `no die "nope"`)
}
