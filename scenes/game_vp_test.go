package scenes

import (
	"testing"

	"holotable/ops"
)

// TestGameVPByHand: the players overrule the scoring from the panel (D115): a victory point
// given to red is one game.score op with the overrule reason; taking one below 0 is refused and
// changes nothing; one undo takes the point back.
func TestGameVPByHand(t *testing.T) {
	s, _, _ := gameToAttack(t)
	vp := func(st gameState, colour string) int {
		for _, sd := range st.Sides {
			if sd.Colour == colour {
				return sd.VP
			}
		}
		t.Fatalf("no side %s", colour)
		return 0
	}
	st := gameCmd(t, s, map[string]any{"action": "vp", "colour": "red", "delta": 1})
	if vp(st, "red") != 1 || vp(st, "blue") != 0 {
		t.Fatalf("after +1 red: %+v", st.Sides)
	}
	l := s.Doc().Log()
	if op, ok := l.Entry(l.Len()).Op.(*ops.GameScore); !ok || op.VP != 1 {
		t.Fatalf("the op: %+v", l.Entry(l.Len()).Op)
	}
	n := l.Len()
	if _, err := edCmd(t, s, "game", map[string]any{"action": "vp", "colour": "blue", "delta": -1}); err == nil || s.Doc().Log().Len() != n {
		t.Fatalf("blue's VP below 0: %v", err)
	}
	if _, _, err := s.Doc().Undo(); err != nil || s.Doc().File().Game.Red.VictoryPoints != 0 {
		t.Fatalf("undo: %v", err)
	}
}
