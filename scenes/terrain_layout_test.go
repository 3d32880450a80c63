package scenes

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"holotable/maps"
)

// terrainLayoutState is the terrain tool's layout fields, through JSON as the page reads them.
func terrainLayoutState(t *testing.T, s *TableScene) (layout string, fixed bool, note string) {
	t.Helper()
	b, _ := json.Marshal(s.Snapshot().ToolState)
	var st struct {
		Layout string
		Fixed  bool
		Note   string
	}
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	return st.Layout, st.Fixed, st.Note
}

// TestTerrainLayoutLabel (issue 17 item 5): on the default table the terrain tool names it a fixed
// layout that does not claim competitive placement, in English and German; once a piece moves it
// is no longer the built-in layout and the note goes. The layout command puts the layout made in
// Setup on the table (one undoable edit), and the tool says every piece is beyond range 1.
func TestTerrainLayoutLabel(t *testing.T) {
	s := measureScene(t)
	edMust(t, s, "tool", "terrain")
	if l, fixed, note := terrainLayoutState(t, s); l != "default" || !fixed || !strings.Contains(note, "not laid out by the competitive placement rule") {
		t.Errorf("default: %q %v %q", l, fixed, note)
	}
	if err := SetLanguage("de"); err != nil {
		t.Fatal(err)
	}
	_, _, note := terrainLayoutState(t, s)
	_ = SetLanguage("en")
	if !strings.Contains(note, "fester Aufbau") || !strings.Contains(note, "nicht nach der kompetitiven") {
		t.Errorf("German note %q", note)
	}
	edMust(t, s, "terrainSet", map[string]any{"id": "crater-1", "height": 0.5})
	if l, _, note := terrainLayoutState(t, s); l != "" || note != "" {
		t.Errorf("after an edit: %q %q", l, note)
	}

	rev := s.Doc().Rev()
	edMust(t, s, "layout", map[string]any{"name": "competitive"})
	if s.Doc().Rev() != rev+1 || len(s.Doc().File().UnitsOnTable) != 0 {
		t.Fatalf("layout: rev %d → %d, %d units", rev, s.Doc().Rev(), len(s.Doc().File().UnitsOnTable))
	}
	if l, fixed, note := terrainLayoutState(t, s); l != "competitive" || fixed || !strings.Contains(note, "beyond range 1") {
		t.Errorf("competitive: %q %v %q", l, fixed, note)
	}
	if _, err := edCmd(t, s, "layout", map[string]any{"name": "nope"}); err == nil || s.Doc().Rev() != rev+1 {
		t.Errorf("an unknown layout: %v, rev %d", err, s.Doc().Rev())
	}
	var refs []struct{ Name, Title, Placement string }
	if err := json.Unmarshal(edMust(t, s, "layouts", nil), &refs); err != nil || len(refs) != 3 || refs[1].Placement != "competitive" {
		t.Errorf("layouts: %+v %v", refs, err)
	}
}

// TestPageLayoutsMatch: the page's menu (web/ui.js LAYOUTS) offers exactly maps.Layouts, in their
// order, and each has its button words in both languages.
func TestPageLayoutsMatch(t *testing.T) {
	js, err := os.ReadFile("../web/ui.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`const LAYOUTS = \[([^\]]*)\]`).FindSubmatch(js)
	if m == nil {
		t.Fatal("no LAYOUTS in web/ui.js")
	}
	var page []string
	if err := json.Unmarshal([]byte("["+string(m[1])+"]"), &page); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range maps.Layouts {
		want = append(want, l.Name)
		for _, lang := range []string{"en", "de"} {
			_ = SetLanguage(lang)
			if w := T("ui.layout." + l.Name); w == "" || w == "ui.layout."+l.Name {
				t.Errorf("%s: no %s words for ui.layout.%s", lang, lang, l.Name)
			}
		}
	}
	_ = SetLanguage("en")
	if strings.Join(page, ",") != strings.Join(want, ",") {
		t.Errorf("web/ui.js LAYOUTS %v, maps.Layouts %v", page, want)
	}
}
