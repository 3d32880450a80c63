package scenes

import (
	"reflect"
	"slices"
	"testing"

	"holotable/ops"
	"holotable/table"
)

// TestGameAdjustAttack: the players adjust a rolled attack before it is applied (D90). The
// stormtroopers' attack of TestGameToolHotSeat rolled with the same faces gives 3 wounds; the
// blocks set to 0 give the hits and crits as wounds (4); the hits set to 1 and the crits to 0
// roll the single defence die again and give 1 wound less the blocks set; the first wound put on
// the squad's last woundable mini defeats that mini; Apply puts exactly that on the table, the
// op carrying the adjustment, and one undo takes the whole attack back. An adjustment below 0 is
// refused and changes nothing.
func TestGameAdjustAttack(t *testing.T) {
	s, _, _ := gameToAttack(t)
	st := gameCmd(t, s, map[string]any{"action": "roll", "attack": map[string]int{"hit": 4, "critical": 1, "surge": 1, "blank": 1},
		"defence": map[string]int{"block": 1, "surge": 1, "blank": 3}})
	r := st.Attack.Rolled
	if r.Wounds != 3 || r.Hits+r.Crits-r.Blocks != 3 || r.Adjusted || len(r.Minis) != 6 || r.Minis[0] != "rebel-troopers-1-1" {
		t.Fatalf("as rolled: %+v", r)
	}
	hits, crits := r.Hits, r.Crits
	st = gameCmd(t, s, map[string]any{"action": "adjust", "blocks": 0})
	if r = st.Attack.Rolled; r.Blocks != 0 || r.Wounds != hits+crits || !r.Adjusted || r.Hits != hits {
		t.Fatalf("blocks 0: %+v", r)
	}
	if _, err := edCmd(t, s, "game", map[string]any{"action": "adjust", "hits": -1}); err == nil {
		t.Fatal("hits -1 were taken")
	}
	st = gameCmd(t, s, map[string]any{"action": "adjust", "hits": 1, "crits": 0})
	r = st.Attack.Rolled
	if d := r.Defence; r.Hits != 1 || r.Crits != 0 || d.Block+d.Surge+d.Blank != 1 || r.Wounds != 1 {
		t.Fatalf("1 hit, blocks 0: %+v", r)
	}
	target := st.Attack.Woundable[len(st.Attack.Woundable)-1]
	st = gameCmd(t, s, map[string]any{"action": "adjust", "woundOrder": []string{target}})
	if r = st.Attack.Rolled; !reflect.DeepEqual(r.Defeated, []string{target}) || !reflect.DeepEqual(r.WoundOrder, []string{target}) {
		t.Fatalf("the first wound on %s: %+v", target, r)
	}
	// The rules resolve the op's roll to the same outcome on the same table.
	op := gameToolOf(s).attack.op
	_, out, err := op.Resolve(s.Doc().State())
	if err != nil || out.Wounds != r.Wounds || !reflect.DeepEqual(out.Assignment.Defeated, r.Defeated) {
		t.Fatalf("the rules: %+v %v", out, err)
	}
	gameCmd(t, s, map[string]any{"action": "apply"})
	f := s.Doc().File()
	u := f.UnitsOnTable[f.UnitIndex("rebel-troopers-1")]
	if len(u.Minis) != 5 || slices.ContainsFunc(u.Minis, func(m table.Mini) bool { return m.ID == target }) {
		t.Fatalf("after the adjusted attack: %+v", u.Minis)
	}
	l := s.Doc().Log()
	last := l.Entry(l.Len()).Op.(*ops.GameAttack)
	if last.AttackAfter == nil || *last.AttackAfter != (ops.AttackResult{Hits: 1}) || last.BlocksAfter == nil || *last.BlocksAfter != 0 {
		t.Fatalf("the op: %+v", last)
	}
	if _, _, err := s.Doc().Undo(); err != nil || len(s.Doc().File().UnitsOnTable[s.Doc().File().UnitIndex("rebel-troopers-1")].Minis) != 6 {
		t.Fatalf("undo of the adjusted attack: %v", err)
	}
}

// TestGameWoundsByHand: a wound placed from the panel outside an attack on the chosen mini of a
// squad of threshold 1 defeats that mini (it leaves the table); one undo puts it back.
func TestGameWoundsByHand(t *testing.T) {
	s, _, _ := gameToAttack(t)
	f := s.Doc().File()
	n := len(f.UnitsOnTable[f.UnitIndex("rebel-troopers-2")].Minis) // 5
	st := gameCmd(t, s, map[string]any{"action": "wounds", "unit": "rebel-troopers-2", "wounds": 1, "mini": "rebel-troopers-2-3"})
	for _, u := range st.Units {
		if u.ID == "rebel-troopers-2" && (u.Minis != n-1 || u.Defeated != 1 || slices.Contains(u.IDs, "rebel-troopers-2-3")) {
			t.Fatalf("after a wound by hand: %+v", u)
		}
	}
	if _, err := edCmd(t, s, "game", map[string]any{"action": "wounds", "unit": "rebel-troopers-2", "wounds": 1, "mini": "nobody"}); err == nil {
		t.Fatal("a wound on no mini of the unit was placed")
	}
	if _, _, err := s.Doc().Undo(); err != nil || len(s.Doc().File().UnitsOnTable[s.Doc().File().UnitIndex("rebel-troopers-2")].Minis) != n {
		t.Fatalf("undo: %v", err)
	}
}

// TestGameContactFromPanel: the panel's contact row marks an attacking and a defending mini as in
// base contact: the state lists the pair and the melee attack, refused before, is allowed; the ×
// clears it.
func TestGameContactFromPanel(t *testing.T) {
	s, _, _ := gameToAttack(t)
	melee := map[string]any{"action": "attack", "attacker": "stormtroopers-1", "defender": "rebel-troopers-1", "melee": true}
	if st := gameCmd(t, s, melee); st.Attack.Allowed {
		t.Fatal("melee allowed before the mark")
	}
	st := gameCmd(t, s, map[string]any{"action": "contact", "a": "stormtroopers-1-1", "b": "rebel-troopers-1-1", "on": true})
	if len(st.Contacts) != 1 || st.Contacts[0] != [2]string{"rebel-troopers-1-1", "stormtroopers-1-1"} {
		t.Fatalf("contacts %v", st.Contacts)
	}
	if st = gameCmd(t, s, melee); !st.Attack.Allowed {
		t.Fatalf("melee refused after the mark: %v", st.Attack.Reasons)
	}
	st = gameCmd(t, s, map[string]any{"action": "contact", "a": "rebel-troopers-1-1", "b": "stormtroopers-1-1"})
	if len(st.Contacts) != 0 {
		t.Fatalf("contacts after clearing %v", st.Contacts)
	}
}
