package scenes

import (
	"testing"

	"holotable/internal/tabletest"
)

// TestMoveDisplace: the tank's speed-2 move through the squad is legal (a displacing move) and
// names the displaced minis; its commit starts the re-placing — the leader first, with the rules'
// spots —; a spot on the tank is refused; clicking the first spot of each places it, and the last
// makes one unit.displace op (its history label), the troopers where they were put.
func TestMoveDisplace(t *testing.T) {
	d := docOf(t, []byte(tabletest.Displace))
	s := moveScene(t, d)
	mustCommand(t, s, "moveSelect", "tank")
	mustCommand(t, s, "moveSpeed", 2)
	st := moveState(t, s)
	if st.Answer == nil || !st.Answer.Legal || len(st.Displaced) != 2 {
		t.Fatalf("the tank's move: %+v displaced %v", st.Answer, st.Displaced)
	}
	end := *st.Answer
	rev := d.Rev()
	mustCommand(t, s, "moveCommit", nil)
	st = moveState(t, s)
	if d.Rev() != rev || st.Displace == nil || st.Displace.Next != "sq-1" || len(st.Displace.Spots) == 0 {
		t.Fatalf("after the commit: rev %d → %d, %+v", rev, d.Rev(), st.Displace)
	}
	if _, err := command(t, s, "moveReplace", map[string]float64{"x": end.X, "y": end.Y}); err == nil {
		t.Error("sq-1 re-placed on the tank")
	}
	first := st.Displace.Spots[0]
	mustCommand(t, s, "moveReplace", map[string]float64{"x": first[0], "y": first[1]})
	st = moveState(t, s)
	if st.Displace == nil || st.Displace.Next != "sq-2" {
		t.Fatalf("after sq-1: %+v", st.Displace)
	}
	// The second by a click on its first spot.
	x, y := s.Camera().WorldToScreen(st.Displace.Spots[0][0], st.Displace.Spots[0][1])
	second := st.Displace.Spots[0]
	tick(s, Input{X: x, Y: y})
	tick(s, Input{X: x, Y: y, Left: true, LeftPressed: true, LeftReleased: true})
	if d.Rev() != rev+1 || d.UndoLabel() != "tank moves, displacing troopers" {
		t.Fatalf("after the last place: rev %d → %d, %q (message %q)", rev, d.Rev(), d.UndoLabel(), s.Snapshot().Message)
	}
	f := d.File()
	if m := f.UnitsOnTable[1].Minis[0]; m.X != first[0] || m.Y != first[1] {
		t.Errorf("sq-1 at (%v, %v), placed at %v", m.X, m.Y, first)
	}
	if m := f.UnitsOnTable[1].Minis[1]; m.X != second[0] || m.Y != second[1] {
		t.Errorf("sq-2 at (%v, %v), placed at %v", m.X, m.Y, second)
	}
}
