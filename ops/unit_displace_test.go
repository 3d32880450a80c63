package ops

import (
	"testing"

	"github.com/golang/geo/r2"

	"holotable/internal/tabletest"
	"holotable/rules"
)

// TestUnitDisplace (RRG 2.0 Verdrängung L11342–11420): the tank's speed-2 move drives through the
// squad: both minis are displaced; re-placed at spots the rules list (ReplaceSpots: the leader
// first, then the other in cohesion with it) the op is one change — the tank where the judge's
// maneuver ends, the troopers at their spots; a spot on the tank is refused naming the place, and
// places that leave a displaced mini out are refused.
func TestUnitDisplace(t *testing.T) {
	l := newTestLog(t, []byte(tabletest.Displace))
	w := l.State().World()
	op := &UnitDisplace{Unit: "tank", Mode: rules.ModeStandard, Speed: 2, Fraction: ptr(1.0)}
	mv, d, err := op.Answer(w, "tank-1")
	if err != nil || !mv.Legal || len(d.Minis) != 2 {
		t.Fatalf("the tank's move: %+v, %+v, %v; want legal, sq-1 and sq-2 displaced", mv, d, err)
	}
	op.Places = firstSpots(t, w, "tank-1", mv, d, "sq-1", "sq-2")
	l.no(&UnitDisplace{Unit: "tank", Mode: rules.ModeStandard, Speed: 2, Fraction: ptr(1.0), Places: op.Places[:1]}, "places", "each displaced mini once")
	bad := *op
	bad.Places = []DisplacedPlace{{Mini: "sq-1", X: mv.X, Y: mv.Y}, op.Places[1]}
	l.no(&bad, "places[0]", "")
	l.ok(op)
	if m := miniOf(t, l.File(), "tank-1"); !near(m.X, mv.X) || !near(m.Y, mv.Y) {
		t.Errorf("tank at (%v, %v), the rules say (%v, %v)", m.X, m.Y, mv.X, mv.Y)
	}
	for _, p := range op.Places {
		if m := miniOf(t, l.File(), p.Mini); m.X != p.X || m.Y != p.Y || m.Z != 0 {
			t.Errorf("%s at (%v, %v, %v), placed at (%v, %v)", p.Mini, m.X, m.Y, m.Z, p.X, p.Y)
		}
	}
	// A short reverse displaces nobody: refused (it is a unit.maneuver).
	l.no(&UnitDisplace{Unit: "tank", Mode: rules.ModeReverse, Speed: 1, Fraction: ptr(0.1)}, "places", "displaces no mini")
}

// firstSpots re-places the displaced minis ids, in order, each at the first spot the rules list
// (World.ReplaceSpots) on the table after mover's move mv.
func firstSpots(t *testing.T, w *rules.World, mover string, mv rules.ManeuverAnswer, d rules.Displacement, ids ...string) []DisplacedPlace {
	t.Helper()
	after := w.With(map[string]rules.MiniPlace{mover: {X: mv.X, Y: mv.Y, Facing: mv.Facing}})
	placed := map[string]r2.Point{}
	var out []DisplacedPlace
	for _, id := range ids {
		spots, err := after.ReplaceSpots(d, id, placed)
		if err != nil || len(spots) == 0 {
			t.Fatalf("%s: spots %v, %v", id, spots, err)
		}
		placed[id] = spots[0]
		out = append(out, DisplacedPlace{Mini: id, X: spots[0].X, Y: spots[0].Y})
	}
	return out
}
