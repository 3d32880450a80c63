package ops

import (
	"strings"
	"testing"

	"holotable/internal/tabletest"
	"holotable/rules"
)

func touching(t *testing.T, w *rules.World, a, b string) bool {
	t.Helper()
	c, err := w.Contact(a, b)
	if err != nil {
		t.Fatal(err)
	}
	return c.Contact
}

// TestUnitChargeAndWithdraw (RRG 2.0 Nahkampf L8200–8250, Rückzug L9490–9537): red's leader moves
// east until it touches blue's leader (the rules' ContactAt), one op; its follower is placed in
// contact with blue, and blue's reply moves its other mini into contact with red. A charge that
// stops short, or a reply without a melee weapon, is refused with the rules' reasons. Red then
// withdraws west with a speed-1 move and no longer touches blue; a unit that is not engaged does
// not withdraw.
func TestUnitChargeAndWithdraw(t *testing.T) {
	l := newTestLog(t, []byte(tabletest.Melee))
	w := l.State().World()
	east := 0.0
	probe := &UnitCharge{Unit: "red", Target: "blue", Speed: 2, Heading: &east, Fraction: 1}
	a, err := probe.Answer(w, "red-1")
	if err != nil || a.ContactAt <= 0 || a.ContactAt >= 1 {
		t.Fatalf("the full move: %+v, %v; want a contact part of the way", a, err)
	}
	l.no(&UnitCharge{Unit: "red", Target: "blue", Speed: 2, Heading: &east, Fraction: a.ContactAt / 2}, "", "touches no mini")
	l.no(&UnitCharge{Unit: "red", Target: "red", Speed: 2, Heading: &east, Fraction: a.ContactAt}, "", "not an enemy")
	l.ok(&UnitCharge{Unit: "red", Target: "blue", Speed: 2, Heading: &east, Fraction: a.ContactAt, Reply: true})
	w = l.State().World()
	if !touching(t, w, "red-1", "blue-1") {
		t.Error("red's leader does not touch blue's after the charge")
	}
	if !touching(t, w, "red-2", "blue-1") && !touching(t, w, "red-2", "blue-2") {
		t.Error("red's follower was not placed in contact with blue")
	}
	if !touching(t, w, "blue-2", "red-1") && !touching(t, w, "blue-2", "red-2") {
		t.Error("blue's reply did not move blue-2 into contact with red")
	}
	if c, _ := w.Cohesion("red"); len(c.Out) > 0 {
		t.Errorf("red out of cohesion after the charge: %v", c.Out)
	}

	west := 180.0
	l.ok(&UnitWithdraw{Unit: "red", Heading: &west, Fraction: 1})
	w = l.State().World()
	for _, r := range []string{"red-1", "red-2"} {
		for _, b := range []string{"blue-1", "blue-2"} {
			if touching(t, w, r, b) {
				t.Errorf("%s still touches %s after the withdraw", r, b)
			}
		}
	}
	l.no(&UnitWithdraw{Unit: "red", Heading: &west, Fraction: 1}, "", "not engaged")
	l.no(&UnitWithdraw{Unit: "nope", Fraction: 1}, "unit", `no unit "nope"`)
}

// TestUnitChargeNoReply: a defender without a melee weapon does not reply; asking for its reply is
// refused naming the field.
func TestUnitChargeNoReply(t *testing.T) {
	l := newTestLog(t, []byte(tabletest.Melee))
	l.ok(&UnitKeywords{Unit: "blue"})
	east := 0.0
	a, _ := (&UnitCharge{Unit: "red", Target: "blue", Speed: 2, Heading: &east, Fraction: 1}).Answer(l.State().World(), "red-1")
	l.no(&UnitCharge{Unit: "red", Target: "blue", Speed: 2, Heading: &east, Fraction: a.ContactAt, Reply: true}, "reply", "no melee weapon")
}

// TestMoveRefusalsInGerman: the rules' sentences the move ops refuse with (the questions without
// an answer) have German (rules.German via ops.ReasonText).
func TestMoveRefusalsInGerman(t *testing.T) {
	l := newTestLog(t, []byte(tabletest.Melee))
	for _, c := range []struct {
		op   Op
		want string
	}{
		{&UnitManeuver{Unit: "red", Mode: rules.ModeReverse, Speed: 1}, "nur Standardbewegungen"},
		{&UnitCharge{Unit: "red", Target: "red", Speed: 1, Fraction: 1}, "kein Feind"},
		{&UnitWithdraw{Unit: "red", Fraction: 1}, "nicht im Nahkampf"},
	} {
		err := Validate(c.op, l.State())
		r, ok := err.(*Refusal)
		if !ok || !strings.Contains(r.In("de"), c.want) {
			t.Errorf("%s: %v, German %q; want %q", c.op.Kind(), err, func() string {
				if ok {
					return r.In("de")
				}
				return ""
			}(), c.want)
		}
	}
}
