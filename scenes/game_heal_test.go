package scenes

import (
	"slices"
	"testing"
)

// TestGameHealFromPanel: a mini of a squad defeated by a wound by hand is offered for restoring
// (defeated this round); Treat by the active unit (the enemy stormtroopers) is refused and changes
// nothing; a card's effect restores it beside its leader (wound threshold 1: no wounds); one undo
// takes it off again; a card's effect takes a poison token away, and two wounds of one mini in one
// op.
func TestGameHealFromPanel(t *testing.T) {
	s, _, _ := gameToAttack(t)
	f := s.Doc().File()
	n := len(f.UnitsOnTable[f.UnitIndex("rebel-troopers-2")].Minis)
	unit := func(st gameState) gameUnitState {
		for _, u := range st.Units {
			if u.ID == "rebel-troopers-2" {
				return u
			}
		}
		t.Fatal("no rebel-troopers-2 in the state")
		return gameUnitState{}
	}
	st := gameCmd(t, s, map[string]any{"action": "wounds", "unit": "rebel-troopers-2", "wounds": 1, "mini": "rebel-troopers-2-3"})
	if u := unit(st); !slices.Equal(u.Restorable, []string{"rebel-troopers-2-3"}) || len(u.Hurt) != 0 {
		t.Fatalf("after the wound: %+v", u)
	}
	before := s.Doc().Log().Len()
	if _, err := edCmd(t, s, "game", map[string]any{"action": "heal", "unit": "rebel-troopers-2", "ability": "treat", "card": "FX-9",
		"treatX": 1, "capacity": 2, "restore": "rebel-troopers-2-3"}); err == nil || s.Doc().Log().Len() != before {
		t.Fatalf("Treat by an enemy unit: %v", err)
	}
	st = gameCmd(t, s, map[string]any{"action": "heal", "unit": "rebel-troopers-2", "ability": "effect", "restore": "rebel-troopers-2-3"})
	if u := unit(st); u.Minis != n || !slices.Contains(u.IDs, "rebel-troopers-2-3") || len(u.Restorable) != 0 || u.Defeated != 0 {
		t.Fatalf("after restoring: %+v", u)
	}
	if _, _, err := s.Doc().Undo(); err != nil || len(s.Doc().File().UnitsOnTable[s.Doc().File().UnitIndex("rebel-troopers-2")].Minis) != n-1 {
		t.Fatalf("undo: %v", err)
	}
	// A poison token taken by a card's effect.
	gameCmd(t, s, map[string]any{"action": "tokens", "unit": "rebel-troopers-2", "token": "poison", "delta": 1})
	st = gameCmd(t, s, map[string]any{"action": "heal", "unit": "rebel-troopers-2", "ability": "effect", "token": "poison"})
	if u := unit(st); u.Tokens["poison"] != 0 {
		t.Fatalf("after the poison token is taken: %+v", u)
	}
	// Minis of 3 wounds: 2 wounds on one, both taken in one use (count 2), one op.
	gameCmd(t, s, map[string]any{"action": "cardValues", "unit": "rebel-troopers-2", "wounds": 3})
	st = gameCmd(t, s, map[string]any{"action": "wounds", "unit": "rebel-troopers-2", "wounds": 2, "mini": "rebel-troopers-2-2"})
	if u := unit(st); u.Wounds != 2 || !slices.Equal(u.Hurt, []string{"rebel-troopers-2-2"}) {
		t.Fatalf("after 2 wounds: %+v", u)
	}
	n = s.Doc().Log().Len()
	st = gameCmd(t, s, map[string]any{"action": "heal", "unit": "rebel-troopers-2", "ability": "effect", "mini": "rebel-troopers-2-2", "count": 2})
	if u := unit(st); u.Wounds != 0 || len(u.Hurt) != 0 || s.Doc().Log().Len() != n+1 {
		t.Fatalf("after the 2 wounds are taken: %+v", u)
	}
}
