package scenes

import (
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/rules"
	"holotable/table"
)

// TestMoveClimbOffer: conformance case 33's sq touches bldg: the tool offers a clamber (2 actions,
// no dice) and a climb (1 action, 3 dice) to (20.5315, 13) at height 4, the judge's c1 and c2;
// Shift+K climbs — one op — and the message names the actions and dice. sq4's leader, beside the
// 14"-high spire, is offered nothing; K then says so.
func TestMoveClimbOffer(t *testing.T) {
	d := conformanceDoc(t, "33-climb-clamber.json")
	s := moveScene(t, d)
	mustCommand(t, s, "moveSelect", "sq")
	st := moveState(t, s)
	if len(st.Climbs) != 2 {
		t.Fatalf("climb offers %+v, want a clamber and a climb onto bldg", st.Climbs)
	}
	for _, o := range st.Climbs {
		j := askJSON(t, d.World(), table.Query{ID: "q", Kind: "climb", Mini: "sq-1", Onto: o.Onto, Mode: o.Mode})
		if o.Onto != "bldg" || math.Abs(o.X-j["x"].(float64)) > 1e-4 || math.Abs(o.Y-j["y"].(float64)) > 1e-4 ||
			o.Z != j["z"].(float64) || float64(o.Actions) != j["actions"].(float64) || float64(o.Dice) != j["dice"].(float64) {
			t.Errorf("offer %+v, the judge says %v", o, j)
		}
	}
	rev := d.Rev()
	tick(s, Input{Keys: []ebiten.Key{ebiten.KeyK}, Shift: true})
	if d.Rev() != rev+1 || d.UndoLabel() != "sq climbs onto bldg" {
		t.Fatalf("Shift+K: rev %d → %d, %q", rev, d.Rev(), d.UndoLabel())
	}
	if m := s.Snapshot().Message; !strings.Contains(m, "1 actions, 3 white") {
		t.Errorf("message %q", m)
	}
	mustCommand(t, s, "moveSelect", "sq4")
	if st := moveState(t, s); len(st.Climbs) != 0 {
		t.Errorf("sq4 offered %+v", st.Climbs)
	}
	if _, err := command(t, s, "moveClimb", map[string]string{"mode": rules.Clamber.String()}); err == nil {
		t.Error("a clamber with nothing to clamber onto")
	}
}
