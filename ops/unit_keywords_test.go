package ops

import (
	"testing"

	"holotable/table"
)

// TestUnitKeywordsWeakPoint: the units panel's op sets Weak Point X: Rear/Sides with the other
// moves' keywords (KeywordsOf reads it back), clears it when given as 0, and refuses a negative X
// naming the field.
func TestUnitKeywordsWeakPoint(t *testing.T) {
	l := newTestLog(t, conformanceTable(t, "30-maneuver-strafe-hover.json"))
	u := l.File().UnitsOnTable[0]
	op := *KeywordsOf(&u)
	op.WeakRear, op.WeakSides = 1, 2
	l.ok(&op)
	got := l.File().UnitsOnTable[0]
	if got.Keywords.WeakPoint != (table.WeakPoint{Rear: 1, Sides: 2}) || !got.Keywords.SideNotches {
		t.Fatalf("keywords %+v", got.Keywords)
	}
	if back := KeywordsOf(&got); back.WeakRear != 1 || back.WeakSides != 2 {
		t.Errorf("KeywordsOf: %+v", back)
	}
	op.WeakRear, op.WeakSides = 0, 0
	l.ok(&op)
	if l.File().UnitsOnTable[0].Keywords.WeakPoint.Has() {
		t.Error("a weak point of 0 is kept")
	}
	op.WeakSides = -1
	l.no(&op, "weakSides", "at least 1")
}
