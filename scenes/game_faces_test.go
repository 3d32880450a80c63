package scenes

import (
	"testing"

	"holotable/ops"
)

// TestGameSetFace: single dice of TestGameAdjustAttack's roll set from the panel (D113). A
// defence blank set to a block takes a wound off (3 → 2) and keeps the defence as rolled in the
// op; set back, the op carries no correction. An attack blank set to a hit adds a defence die
// (rolled again for the new count). A face no die shows is refused. Apply puts one game.attack
// op on the log with the faces as rolled and as set.
func TestGameSetFace(t *testing.T) {
	s, _, _ := gameToAttack(t)
	st := gameCmd(t, s, map[string]any{"action": "roll", "attack": map[string]int{"hit": 4, "critical": 1, "surge": 1, "blank": 1},
		"defence": map[string]int{"block": 1, "surge": 1, "blank": 3}})
	r := st.Attack.Rolled
	if r.Wounds != 3 || len(r.AttackDice) != 7 || len(r.DefenceDice) != 5 || r.AttackDice[6] != "blank" || r.DefenceSet {
		t.Fatalf("as rolled: %+v", r)
	}
	st = gameCmd(t, s, map[string]any{"action": "face", "dice": "defence", "from": "blank", "to": "block"})
	if r = st.Attack.Rolled; r.Wounds != 2 || !r.DefenceSet || r.DefenceDice[0] != "block" || r.DefenceDice[1] != "block" {
		t.Fatalf("a blank set to a block: %+v", r)
	}
	st = gameCmd(t, s, map[string]any{"action": "face", "dice": "defence", "from": "block", "to": "blank"})
	if r = st.Attack.Rolled; r.Wounds != 3 || r.DefenceSet {
		t.Fatalf("set back: %+v", r)
	}
	if _, err := edCmd(t, s, "game", map[string]any{"action": "face", "dice": "attack", "from": "block", "to": "hit"}); err == nil {
		t.Fatal("an attack die showing block was set")
	}
	hitsCrits := r.Hits + r.Crits
	st = gameCmd(t, s, map[string]any{"action": "face", "dice": "attack", "from": "blank", "to": "hit"})
	if r = st.Attack.Rolled; !r.AttackSet || r.Hits+r.Crits != hitsCrits+1 || len(r.DefenceDice) != hitsCrits+1 || r.DefenceSet {
		t.Fatalf("a blank set to a hit: %+v", r)
	}
	st = gameCmd(t, s, map[string]any{"action": "apply"})
	l := s.Doc().Log()
	op := l.Entry(l.Len()).Op.(*ops.GameAttack)
	if op.AttackRolled == nil || *op.AttackRolled != (ops.AttackFaces{Hit: 4, Critical: 1, Surge: 1, Blank: 1}) || op.Attack.Hit != 5 || op.Attack.Blank != 0 {
		t.Fatalf("the op: %+v", op)
	}
}
