package scenes

import (
	"encoding/json"
	"testing"
)

// TestNewTable: a new Spezialeinsätze table is 36×36, a Legion one 72×36 (or 72×48, the epic
// 4'×6'), all empty and undoable; an unknown ruleset or size changes nothing.
func TestNewTable(t *testing.T) {
	s := NewTableScene("test", testDoc())
	for _, c := range []struct {
		ruleset, size string
		w, d          float64
	}{{"specops", "", 36, 36}, {"legion", "", 72, 36}, {"legion", "6x4", 72, 48}} {
		if _, err := s.Command("newTable", json.RawMessage(`{"ruleset":"`+c.ruleset+`","size":"`+c.size+`"}`)); err != nil {
			t.Fatal(err)
		}
		f := s.Doc().File()
		if f.Ruleset != c.ruleset || f.Battlefield.Width != c.w || f.Battlefield.Depth != c.d || len(f.UnitsOnTable) != 0 {
			t.Errorf("%s: %s %g×%g with %d units", c.ruleset, f.Ruleset, f.Battlefield.Width, f.Battlefield.Depth, len(f.UnitsOnTable))
		}
	}
	rev := s.Doc().Rev()
	if _, err := s.Command("newTable", json.RawMessage(`{"ruleset":"chess"}`)); err == nil || s.Doc().Rev() != rev {
		t.Error("an unknown ruleset should be refused without a change")
	}
	if _, err := s.Command("newTable", json.RawMessage(`{"ruleset":"specops","size":"6x4"}`)); err == nil || s.Doc().Rev() != rev {
		t.Error("a Spezialeinsätze table of 6'×4' should be refused without a change")
	}
	s.Command("undo", nil)
	s.Command("undo", nil)
	s.Command("undo", nil)
	if len(s.Doc().File().UnitsOnTable) != 1 {
		t.Error("undo did not bring the original table back")
	}
}

// TestBattlefieldChoices: the menu's new tables are Legion's 6'×3' (its default first), 6'×4' and
// 3'×3', then Spezialeinsätze's 3'×3', labelled in the page's language; each makes a table.
func TestBattlefieldChoices(t *testing.T) {
	s := NewTableScene("test", testDoc())
	var got []newTableChoice
	if err := json.Unmarshal(edMust(t, s, "battlefields", nil), &got); err != nil {
		t.Fatal(err)
	}
	want := []string{"legion:6x3", "legion:6x4", "legion:3x3", "specops:3x3"}
	if len(got) != len(want) {
		t.Fatalf("choices %+v", got)
	}
	for i, c := range got {
		if c.Ruleset+":"+c.Size != want[i] || c.Label == "" {
			t.Fatalf("choice %d: %+v, want %s", i, c, want[i])
		}
		edMust(t, s, "newTable", map[string]string{"ruleset": c.Ruleset, "size": c.Size})
	}
	if got[1].Label != "Legion · 6' × 4' (epic army, 1600 points)" {
		t.Fatalf("label %q", got[1].Label)
	}
	SetLanguage("de")
	defer SetLanguage("en")
	if c := newTableChoices(); c[3].Label != "Spezialeinsätze · 3' × 3' (Skirmish)" {
		t.Fatalf("German label %q", c[3].Label)
	}
}
