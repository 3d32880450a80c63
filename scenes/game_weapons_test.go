package scenes

import (
	"strings"
	"testing"
)

// TestGameWeapons: a weapon added to a card from the panel (D115) — range 1–3, one red and one
// white die, Impact 1 and Blast typed as words — reaches every unit with the card's name and is
// listed on the selected unit's card; a bad keyword is refused naming the field, changes nothing;
// removing it by name takes it off again.
func TestGameWeapons(t *testing.T) {
	s, _, _ := gameToAttack(t)
	count := func(id string) int {
		f := s.Doc().File()
		return len(f.UnitsOnTable[f.UnitIndex(id)].Card.Weapons)
	}
	n := count("rebel-troopers-2")
	gameCmd(t, s, map[string]any{"action": "weapon", "unit": "rebel-troopers-1", "name": "Grenades", "min": 1, "max": 1,
		"red": 1, "white": 1, "keywords": "impact 1, blast"})
	f := s.Doc().File()
	w := f.UnitsOnTable[f.UnitIndex("rebel-troopers-2")].Card.Weapons
	if len(w) != n+1 || w[n].Name != "Grenades" || w[n].Min != 1 || w[n].Max != 1 || w[n].Dice.Red != 1 || w[n].Dice.White != 1 ||
		w[n].Keywords.Impact.X != 1 || !w[n].Keywords.Blast {
		t.Fatalf("weapons after adding: %+v", w)
	}
	s.Select("rebel-troopers-2-1")
	st := gameCmd(t, s, map[string]any{"action": "state"})
	if st.Card == nil || len(st.Card.Weapons) != n+1 || st.Card.Weapons[n].Name != "Grenades" || !strings.Contains(st.Card.Weapons[n].Text, "1 red") ||
		strings.Contains(st.Card.Weapons[0].Text, "none") {
		t.Fatalf("the card's weapons: %+v", st.Card)
	}
	l := s.Doc().Log().Len()
	_, err := edCmd(t, s, "game", map[string]any{"action": "weapon", "unit": "rebel-troopers-1", "name": "Bad", "min": 1, "max": 2, "red": 1, "keywords": "impact lots"})
	if err == nil || s.Doc().Log().Len() != l || !strings.Contains(err.Error(), "keywords.impact") {
		t.Fatalf("a bad keyword: %v", err)
	}
	gameCmd(t, s, map[string]any{"action": "weapon", "unit": "rebel-troopers-1", "remove": "Grenades"})
	if count("rebel-troopers-2") != n {
		t.Fatal("the weapon was not removed")
	}
	if _, err := edCmd(t, s, "game", map[string]any{"action": "weapon", "unit": "rebel-troopers-1", "remove": "Grenades"}); err == nil {
		t.Fatal("a weapon removed twice")
	}
}
