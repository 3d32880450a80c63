package ops

import (
	"math"
	"strings"
	"testing"

	"holotable/internal/tabletest"
)

// TestEmbarkDisembark (RRG 2.0 Ein- und Aussteigen L5132–5181): sq's speed-1 move west ends in
// base contact with t: embarked, sq leaves the table for t's carried list, its minis without
// places; undone it stands where it stood. Half the move ends short of t: refused. With sq
// aboard, t (Transport 1) has no room for sq2. sq disembarks with its leader placed at
// (8.0905, 10), touching t's west side, and a full speed-1 move west to x 8.0905 − 4.013 =
// 4.0775; sq-2 is placed in cohesion (its base edge within the speed-1 tool, 2.95, of the
// leader's); t carries nothing afterwards. A place not touching t is refused.
func TestEmbarkDisembark(t *testing.T) {
	l := newTestLog(t, []byte(tabletest.Transport))
	west := 180.0
	l.no(&UnitEmbark{Unit: "sq", Vehicle: "t", Heading: &west, Fraction: 0.5}, "", "not in base contact")
	l.ok(&UnitEmbark{Unit: "sq", Vehicle: "t", Heading: &west, Fraction: 1})
	f := l.File()
	if unitAt(f, "sq") >= 0 || len(f.UnitsOnTable[0].Carried) != 1 || f.UnitsOnTable[0].Carried[0].Minis[0].X != 0 {
		t.Fatalf("after embarking: %+v", f.UnitsOnTable)
	}
	if _, err := l.Undo("me", l.nextID()); err != nil {
		t.Fatal(err)
	}
	if m := miniOf(t, l.File(), "sq-1"); m.X != 15.9225 || len(l.File().UnitsOnTable[0].Carried) != 0 {
		t.Fatalf("after undo: sq-1 %+v", m)
	}
	l.ok(&UnitEmbark{Unit: "sq", Vehicle: "t", Heading: &west, Fraction: 1})
	l.no(&UnitEmbark{Unit: "sq2", Vehicle: "t", Heading: &west, Fraction: 1}, "vehicle", "carries 1 of 1 units already")

	l.no(&UnitDisembark{Unit: "sq", X: 5, Y: 10, Heading: &west, Fraction: 1}, "", "in base contact with t first")
	l.no(&UnitDisembark{Unit: "sq2", X: 8.0905, Y: 10, Heading: &west}, "unit", "carried by no transport")
	l.ok(&UnitDisembark{Unit: "sq", X: 8.0905, Y: 10, Heading: &west, Fraction: 1})
	f = l.File()
	if len(f.UnitsOnTable[0].Carried) != 0 || unitAt(f, "sq") != len(f.UnitsOnTable)-1 {
		t.Fatalf("after disembarking: %+v", f.UnitsOnTable)
	}
	ld, m2 := miniOf(t, f, "sq-1"), miniOf(t, f, "sq-2")
	if !near(ld.X, 4.0775) || !near(ld.Y, 10) {
		t.Errorf("sq-1 at (%v, %v), want (4.0775, 10)", ld.X, ld.Y)
	}
	if gap := math.Hypot(m2.X-ld.X, m2.Y-ld.Y) - 1.063; gap < -1e-9 || gap > f.Profile.MoveTools[0]+1e-9 {
		t.Errorf("sq-2 at (%v, %v): %v from the leader's base, not in cohesion", m2.X, m2.Y, gap)
	}
	if _, err := l.Undo("me", l.nextID()); err != nil {
		t.Fatal(err)
	}
	if len(l.File().UnitsOnTable[0].Carried) != 1 || unitAt(l.File(), "sq") >= 0 {
		t.Error("undoing the disembark did not put sq back in t")
	}
}

// TestEmbarkContactAt: sq's leader at x 15.5: the full speed-1 move west (4.013) would end on t;
// the rules answer where the base first touches it, (15.5 − 11.9095) / 4.013 = 0.894717 of the
// move (closed form, as the charge's ContactAt), and an embark stopped there is legal.
func TestEmbarkContactAt(t *testing.T) {
	l := newTestLog(t, []byte(strings.Replace(tabletest.Transport, `"x":15.9225,"y":10`, `"x":15.5,"y":10`, 1)))
	west := 180.0
	op := &UnitEmbark{Unit: "sq", Vehicle: "t", Heading: &west, Fraction: 1}
	a, err := op.Answer(l.State().World(), "sq-1", 0)
	if err != nil || a.Legal || math.Abs(a.ContactAt-3.5905/4.013) > 1e-6 {
		t.Fatalf("full move: legal %v, contact at %v (%v); want not legal, %v", a.Legal, a.ContactAt, err, 3.5905/4.013)
	}
	op.Fraction = a.ContactAt
	l.ok(op)
}
