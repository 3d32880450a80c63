package scenes

import (
	"strings"
	"testing"

	"holotable/internal/tabletest"
)

// TestMoveChargeAndWithdraw: red's tool pointed east reaches blue: the panel offers the charge,
// moveCharge with the reply makes one op (its history label the charge), red's leader then touches
// blue's and blue's other mini was moved into contact; picked again, red is engaged — its speed is
// 1 and a commit west is one withdraw op that leaves it out of contact.
func TestMoveChargeAndWithdraw(t *testing.T) {
	d := docOf(t, []byte(tabletest.Melee))
	s := moveScene(t, d)
	mustCommand(t, s, "moveSelect", "red")
	mustCommand(t, s, "moveSet", map[string]float64{"heading": 0, "bend": 0, "fraction": 1})
	if target, _ := s.Tool().(*moveTool).chargeTarget(s); target != "blue" {
		t.Fatalf("the tool reaches %q, want blue", target)
	}
	rev := d.Rev()
	mustCommand(t, s, "moveCharge", map[string]any{"reply": true})
	if d.Rev() != rev+1 || d.UndoLabel() != "red charges blue" {
		t.Fatalf("charge: rev %d → %d, %q", rev, d.Rev(), d.UndoLabel())
	}
	w := d.World()
	for _, p := range [][2]string{{"red-1", "blue-1"}} {
		if c, _ := w.Contact(p[0], p[1]); !c.Contact {
			t.Errorf("%s does not touch %s", p[0], p[1])
		}
	}
	if en := w.EngagedWith(w.Units[1], w.GameContacts()); len(en) != 1 || en[0] != "red" {
		t.Errorf("blue engaged with %v", en)
	}
	mustCommand(t, s, "moveSelect", "red")
	if st := moveState(t, s); st.Speed != 1 {
		t.Errorf("an engaged unit's speed %d, want 1 (a withdraw)", st.Speed)
	}
	mustCommand(t, s, "moveSet", map[string]float64{"heading": 180, "bend": 0, "fraction": 1})
	mustCommand(t, s, "moveCommit", nil)
	if d.UndoLabel() != "red withdraws" {
		t.Fatalf("commit of an engaged unit: %q", d.UndoLabel())
	}
	w = d.World()
	if en := w.EngagedWith(w.Units[0], w.GameContacts()); len(en) != 0 {
		t.Errorf("red still engaged with %v after withdrawing", en)
	}
	if m := s.Snapshot().Message; !strings.Contains(m, "withdrew") {
		t.Errorf("message %q", m)
	}
}
