package scenes

import (
	"encoding/json"
	"strings"
	"testing"

	"holotable/table"
)

// TestGameCardValues: the panel enters a card's values (D115) for the unit's card name — every
// unit with that name gets them, its weapons are kept — the selected unit's card shows them for
// the editor, a courage that is no number is refused and changes nothing, one undo takes them
// back; the game's cards export as a unit-card file that loads and holds the values.
func TestGameCardValues(t *testing.T) {
	s, _, _ := gameToAttack(t)
	f := s.Doc().File()
	weapons := len(f.UnitsOnTable[f.UnitIndex("rebel-troopers-1")].Card.Weapons)
	n := s.Doc().Log().Len()
	if _, err := edCmd(t, s, "game", map[string]any{"action": "cardValues", "unit": "rebel-troopers-1", "courage": "brave"}); err == nil || s.Doc().Log().Len() != n {
		t.Fatalf("courage \"brave\": %v", err)
	}
	gameCmd(t, s, map[string]any{"action": "cardValues", "unit": "rebel-troopers-1", "wounds": 2, "courage": "-", "defenceDie": "red",
		"surgeAttack": "critical", "surgeDefence": ""})
	f = s.Doc().File()
	for _, id := range []string{"rebel-troopers-1", "rebel-troopers-2"} { // both "Rebel Troopers"
		c := f.UnitsOnTable[f.UnitIndex(id)].Card
		if c.Wounds != 2 || !c.NoCourage || c.Defence != table.RedDefence || c.SurgeAttack != "critical" || c.SurgeDefence != "" || len(c.Weapons) != weapons {
			t.Fatalf("%s's card: %+v", id, c)
		}
	}
	s.Select("rebel-troopers-2-1")
	if st := gameCmd(t, s, map[string]any{"action": "state"}); st.Card == nil || st.Card.Edit != (cardValuesState{Wounds: 2, Courage: "-", Defence: "red", SurgeAttack: "critical"}) {
		t.Fatalf("the editor's values: %+v", st.Card)
	}
	raw := edMust(t, s, "game", map[string]any{"action": "exportCards"})
	var text string
	if err := json.Unmarshal(raw, &text); err != nil {
		t.Fatal(err)
	}
	cards, err := table.LoadUnitCards([]byte(text))
	if err != nil {
		t.Fatalf("the export does not load: %v\n%s", err, text)
	}
	found := false
	for _, c := range cards {
		if strings.EqualFold(c.Card.Name, "Rebel Troopers") {
			found = c.Card.Wounds == 2 && c.Card.NoCourage && len(c.Card.Weapons) == weapons
		}
	}
	if !found {
		t.Fatalf("Rebel Troopers not exported with its values: %s", text)
	}
	if _, _, err := s.Doc().Undo(); err != nil || s.Doc().File().UnitsOnTable[f.UnitIndex("rebel-troopers-1")].Card.Wounds == 2 {
		t.Fatalf("undo: %v", err)
	}
}
