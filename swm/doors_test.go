package swm

import (
	"strings"
	"testing"

	"holotable/table"
)

// doorMap: a wall along x = 4 with a one-square door at y 2–3; Luke and Han west of it.
func doorMap(t *testing.T, lukeX int, extraFigures ...string) *Board {
	figs := append([]string{"luke/rebels@" + itoa(lukeX) + ",2", "han/rebels@1,2"}, extraFigures...)
	doc := mapDoc(open(8, 5), []string{"4,0-4,2", "4,3-4,5"}, figs,
		`, "doors": [{"id": "door", "from": [4, 2], "to": [4, 3]}]`)
	return boardOf(t, doc)
}

func itoa(n int) string { return string(rune('0' + n)) }

// withDoors is the board after the doors change.
func withDoors(b *Board, doors []table.Door) *Board {
	f := *b.f
	f.Doors = doors
	return NewBoard(&f)
}

// L812–822, L814 "Beispiel": Luke moves next to the closed door but cannot pass it that turn; at
// the end of his turn it opens, and Han walks through; at the end of a turn with no one next to
// it, it closes.
func TestDoorsL814(t *testing.T) {
	b := doorMap(t, 0)
	luke := mustReach(t, b, "luke", ReachOptions{})
	if endCost(luke, 3, 2) != 3 || endCost(luke, 4, 2) != -1 {
		t.Fatalf("Luke: the closed door stops him (ends %v)", luke.Ends)
	}
	if b.Sees(Square(3, 2), Square(5, 2)) {
		t.Fatal("a closed door blocks line of sight (L530)")
	}
	// Luke ends his move at (3,2), next to the door.
	f := *b.f
	f.Figures = append([]table.Figure(nil), b.f.Figures...)
	f.Figures[0].X = 3
	b = NewBoard(&f)
	after, err := b.EndOfTurn("luke", nil)
	if err != nil {
		t.Fatal(err)
	}
	if after.Doors[0].State != table.DoorOpen || len(after.Changes) != 1 || !strings.Contains(after.Changes[0].Text, "[luke] adjacent") {
		t.Fatalf("end of Luke's turn: %+v", after)
	}
	b = withDoors(b, after.Doors)
	han := mustReach(t, b, "han", ReachOptions{})
	if endCost(han, 5, 2) == -1 && endCost(han, 5, 3) == -1 && endCost(han, 6, 3) == -1 {
		t.Errorf("Han cannot pass the open door: %v", han.Ends)
	}
	if !b.Sees(Square(3, 2), Square(5, 2)) {
		t.Error("an open door does not block line of sight (L820)")
	}
	// Everyone walks away: at the end of the next turn the door closes.
	f = *b.f
	f.Figures = append([]table.Figure(nil), b.f.Figures...)
	f.Figures[0].X = 0
	b = NewBoard(&f)
	after, _ = b.EndOfTurn("han", nil)
	if after.Doors[0].State != table.DoorClosed {
		t.Errorf("no one adjacent: %+v", after.Doors[0])
	}
}

// doorSquares "touch" also counts the squares diagonally at the door's ends.
func TestDoorSquares(t *testing.T) {
	b := doorMap(t, 0)
	if got := len(b.DoorSquares(0)); got != 2 {
		t.Errorf("edge: %d squares, want 2", got)
	}
	doc := mapDoc(open(8, 5), []string{"4,0-4,2", "4,3-4,5"}, []string{"a/x@3,1"},
		`, "doors": [{"id": "door", "from": [4, 2], "to": [4, 3]}], "doorSquares": "touch"`)
	touch := boardOf(t, doc)
	if got := len(touch.DoorSquares(0)); got != 6 {
		t.Errorf("touch: %d squares, want 6", got)
	}
	if after, _ := touch.EndOfTurn("a", nil); after.Doors[0].State != table.DoorOpen {
		t.Errorf("a figure diagonally at the door's end opens it under \"touch\": %+v", after.Doors[0])
	}
}

// L1024, L1282, L1354: Door Gimmick holds a door open until the end of the holder's next turn;
// Override closes one, but not across a Large figure's space; Satchel Charge removes an adjacent
// door for good.
func TestDoorHolds(t *testing.T) {
	b := doorMap(t, 0)
	doors, _, err := b.Hold("door", "luke", GimmickOpen)
	if err != nil || doors[0].State != table.DoorHeldOpen || doors[0].HeldBy != "luke" {
		t.Fatalf("Door Gimmick: %+v %v", doors, err)
	}
	b = withDoors(b, doors)
	if after, _ := b.EndOfTurn("han", nil); after.Doors[0].State != table.DoorHeldOpen {
		t.Errorf("another's turn ends: the hold stays (%+v)", after.Doors[0])
	}
	if after, _ := b.EndOfTurn("luke", nil); after.Doors[0].State != table.DoorClosed || after.Doors[0].HeldBy != "" {
		t.Errorf("the holder's next turn ends: the hold ends and the door closes (%+v)", after.Doors[0])
	}
	if after, _ := b.EndOfTurn("han", []string{"luke"}); after.Doors[0].State != table.DoorClosed {
		t.Errorf("the holder defeated: the hold ends (%+v)", after.Doors[0])
	}
	// Override cannot close a door (two squares wide) a Large figure stands across.
	doc := mapDoc(open(8, 5), []string{"4,0-4,2", "4,4-4,5"}, []string{"luke/rebels@0,2", "rancor/empire@3,2:large"},
		`, "doors": [{"id": "door", "from": [4, 2], "to": [4, 4], "state": "open"}]`)
	big := boardOf(t, doc)
	if _, why, err := big.Hold("door", "luke", OverrideClose); err == nil || !strings.Contains(why.Text, "rancor") || why.Cite != CiteOverride {
		t.Errorf("Override across the rancor: %v %+v", err, why)
	}
	// Satchel Charge: only next to the door; then it is gone for good.
	if _, _, err := b.Hold("door", "han", SatchelCharge); err == nil {
		t.Error("Satchel Charge from afar")
	}
	near := doorMap(t, 3)
	doors, _, err = near.Hold("door", "luke", SatchelCharge)
	if err != nil || doors[0].State != table.DoorRemoved {
		t.Fatalf("Satchel Charge: %+v %v", doors, err)
	}
	gone := withDoors(near, doors)
	if after, _ := gone.EndOfTurn("han", nil); after.Doors[0].State != table.DoorRemoved {
		t.Errorf("a removed door stays removed")
	}
	if _, _, err := gone.Hold("door", "luke", OverrideClose); err == nil {
		t.Error("Override closed a removed door")
	}
}
