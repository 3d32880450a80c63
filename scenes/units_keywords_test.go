package scenes

import (
	"encoding/json"
	"strings"
	"testing"

	"holotable/table"
)

// TestUnitsPanelGameKeywords (D137): the units panel's keyword rows as the page uses them — the
// selected unit's keywords from the tool state (JSON), one key changed, sent back whole with
// unitKeywords — set Schwerfällig, Agile X, Tactical X, Armor and an open transport on the table
// in one undoable op; a negative X is refused with one line naming the field, nothing changed.
func TestUnitsPanelGameKeywords(t *testing.T) {
	s := editorScene(t, emptyDoc(t, "in"), "units")
	edMust(t, s, "unitAdd", map[string]any{"preset": "tank-large", "x": 20, "y": 20})
	const id = "red-tank-large-1"
	s.Select(id + "-1")
	// edit is the page's keywordNodes' set(patch) on the game block (game) or the top level.
	edit := func(game, top map[string]any) (json.RawMessage, error) {
		st := unitsStateOf(t, s)
		if st.Unit == nil || st.Unit.ID != id {
			t.Fatalf("selected %+v", st.Unit)
		}
		b, _ := json.Marshal(st.Unit.Keywords)
		var k map[string]any
		if err := json.Unmarshal(b, &k); err != nil {
			t.Fatal(err)
		}
		g, ok := k["game"].(map[string]any)
		if !ok {
			t.Fatalf("the state has no game block: %s", b)
		}
		for n, v := range game {
			g[n] = v
		}
		for n, v := range top {
			k[n] = v
		}
		k["unit"] = id
		return edCmd(t, s, "unitKeywords", k)
	}
	steps := []struct {
		game, top map[string]any
	}{
		{map[string]any{"plodding": true}, nil},
		{map[string]any{"agile": 1}, nil},
		{map[string]any{"tactical": 2, "armor": 0}, nil},
		{nil, map[string]any{"transport": map[string]any{"capacity": 2, "open": true}}},
	}
	for _, st := range steps {
		if _, err := edit(st.game, st.top); err != nil {
			t.Fatalf("%v %v: %v", st.game, st.top, err)
		}
	}
	k := unitOf(t, s, id).Keywords
	if !k.Plodding || k.Agile != (table.KeywordX{Has: true, X: 1}) || k.Tactical != (table.KeywordX{Has: true, X: 2}) ||
		k.Armor != (table.KeywordX{Has: true}) || k.Transport != (table.Transport{Capacity: 2, Open: true}) || k.Cover.Has {
		t.Fatalf("keywords %+v", k)
	}
	if got := s.Doc().UndoLabel(); got != "keywords of "+id {
		t.Errorf("undo label %q", got)
	}
	rev := s.Doc().Rev()
	_, err := edit(map[string]any{"tactical": -1}, nil)
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "game.tactical") || !strings.Contains(err.Error(), "≥ 0") {
		t.Errorf("tactical −1: %v", err)
	}
	if s.Doc().Rev() != rev {
		t.Error("a refused edit changed the document")
	}
	// The state shows what the table holds; one undo takes back the last edit only.
	if g := unitsStateOf(t, s).Unit.Keywords.Game; g == nil || !g.Plodding || g.Tactical == nil || *g.Tactical != 2 {
		t.Errorf("state %+v", g)
	}
	s.Doc().Undo()
	if k := unitOf(t, s, id).Keywords; k.Transport.Capacity != 0 || !k.Plodding || k.Tactical.X != 2 {
		t.Errorf("after undo %+v", k)
	}
}
