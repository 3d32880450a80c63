package scenes

import (
	"encoding/json"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

// TestSetupStartChoice: before a setup the tool offers both beginnings in words — this table with
// its terrain and units, or an empty table of its size — and the empty one is an empty table of
// the same battlefield with the setup begun, undone as one step back to the table as it was
// (issue 17, item 6).
func TestSetupStartChoice(t *testing.T) {
	s := measureScene(t)
	edMust(t, s, "tool", "setup")
	st := setupCmd(t, s, map[string]any{"action": "state"})
	var texts []string
	for _, b := range st.Buttons {
		texts = append(texts, b.Text)
	}
	if strings.Join(texts, "|") != T("setup.startHere")+"|"+T("setup.startEmpty") {
		t.Fatalf("buttons before a setup: %q", texts)
	}
	for _, want := range []string{"this table", "terrain and units", "empty table"} {
		if !strings.Contains(strings.Join(texts, " "), want) {
			t.Errorf("the start buttons %q do not say %q", texts, want)
		}
	}
	// With the page's dock (a browser, any window size) the page's panel shows the two
	// beginnings, and the canvas does not repeat them (D129).
	for _, sz := range []Screen{{W: 390, H: 844, Scale: 1}, {W: 1440, H: 900, Scale: 1}} {
		d := measureScene(t)
		tick(d, Input{Screen: sz, ScreenChanged: true})
		if _, err := d.Command("reserve", json.RawMessage(`{"top": 44, "bottom": 34, "dock": 72}`)); err != nil {
			t.Fatal(err)
		}
		edMust(t, d, "tool", "setup")
		if st := setupCmd(t, d, map[string]any{"action": "state"}); len(st.Buttons) != 0 {
			t.Errorf("%gx%g with the page's dock: the canvas repeats the page's start buttons %+v", sz.W, sz.H, st.Buttons)
		}
		if st := setupCmd(t, d, map[string]any{"action": "start"}); len(st.Buttons) == 0 {
			t.Errorf("%gx%g: the terrain phase has no palette", sz.W, sz.H)
		}
	}
	f0 := s.Doc().File()
	st = setupCmd(t, s, map[string]any{"action": "start", "empty": true})
	f := s.Doc().File()
	if st.Phase != table.PhaseTerrain || len(f.Terrain)+len(f.UnitsOnTable)+len(f.Tokens) != 0 ||
		f.Battlefield != f0.Battlefield || f.Units != f0.Units || f.Ruleset != f0.Ruleset {
		t.Fatalf("empty start: phase %q, %d pieces, %d units, %d tokens, battlefield %+v",
			st.Phase, len(f.Terrain), len(f.UnitsOnTable), len(f.Tokens), f.Battlefield)
	}
	edMust(t, s, "undo", nil)
	if f := s.Doc().File(); f.Setup != nil || len(f.Terrain) != 17 || len(f.UnitsOnTable) != 12 {
		t.Fatalf("one undo: setup %v, %d pieces, %d units", f.Setup, len(f.Terrain), len(f.UnitsOnTable))
	}
	st = setupCmd(t, s, map[string]any{"action": "start"})
	if f := s.Doc().File(); st.Phase != table.PhaseTerrain || len(f.Terrain) != 17 || len(f.UnitsOnTable) != 12 {
		t.Fatalf("start with this table: phase %q, %d pieces, %d units", st.Phase, len(f.Terrain), len(f.UnitsOnTable))
	}
}

// TestSetupArmedPreview: an armed preset follows the pointer as the piece a click would place,
// with the rules' answer there — beyond range 1 legal, within range 1 only the fallback, touching
// another piece refused — and the click places exactly that piece (issue 17, item 6).
func TestSetupArmedPreview(t *testing.T) {
	s := measureScene(t)
	edMust(t, s, "tool", "setup")
	setupCmd(t, s, map[string]any{"action": "start"})
	setupCmd(t, s, map[string]any{"action": "colours", "blue": "blue", "blueEdge": "north"})
	if _, err := edCmd(t, s, "setup", map[string]any{"action": "arm", "preset": "nope"}); err == nil {
		t.Fatal("an unknown preset was armed")
	}
	setupCmd(t, s, map[string]any{"action": "arm", "preset": "barricade"})
	hover := func(x, y float64) *setupPreview {
		sx, sy := screenOf(s, x, y)
		tick(s, Input{X: sx, Y: sy})
		return setupToolOf(s).preview
	}
	for _, c := range []struct {
		name            string
		x, y            float64
		legal, touching bool
		rule            string
	}{
		{"beyond range 1", 44, 34, true, false, "placement.beyond"},
		{"within range 1", 36, 30, false, false, "placement.within"},
		{"touching bldg-1", 17, 22.4, false, true, "placement.touching"},
	} {
		p := hover(c.x, c.y)
		if p == nil {
			t.Fatalf("%s: no preview", c.name)
		}
		if p.Preset != "barricade" || p.Legal != c.legal || p.Touching != c.touching || p.piece.Polygon == nil {
			t.Errorf("%s: preview %+v", c.name, p)
		}
		if want := reasonText(rules.Reason{Rule: rules.Code(c.rule)}); c.rule != "" && p.Text == "" {
			t.Errorf("%s: no reason text (want one like %q)", c.name, want)
		}
		var st setupState
		if err := json.Unmarshal(edMust(t, s, "setup", map[string]any{"action": "state"}), &st); err != nil {
			t.Fatal(err)
		}
		if st.Preview == nil || st.Preview.X != p.X || st.Preview.Legal != c.legal {
			t.Errorf("%s: state preview %+v", c.name, st.Preview)
		}
	}
	// A click beyond range 1 places the previewed piece there.
	p := hover(44, 34)
	sx, sy := screenOf(s, 44, 34)
	tick(s, Input{X: sx, Y: sy, Left: true, LeftPressed: true})
	tick(s, Input{X: sx, Y: sy, LeftReleased: true})
	f := s.Doc().File()
	got := f.Terrain[len(f.Terrain)-1]
	if len(f.Terrain) != 18 || got.ID != p.piece.ID || got.Polygon[0] != p.piece.Polygon[0] {
		t.Fatalf("placed %+v, previewed %+v", got, p.piece)
	}
	if setupToolOf(s).preview != nil || setupToolOf(s).armed != "" {
		t.Error("the preview stays after the piece is placed")
	}
	// Off the table there is no preview.
	setupCmd(t, s, map[string]any{"action": "arm", "preset": "barricade"})
	if p := hover(-5, 10); p != nil {
		t.Errorf("a preview off the table: %+v", p)
	}
}

// TestSetupDeployRefusalFaults: a unit deployed outside its zone is refused with only what fails —
// the zone, cited by the zone rule — not the checks it passed (cohesion, base contact) (issue 17,
// item 6).
func TestSetupDeployRefusalFaults(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(maps.Default(), &doc); err != nil {
		t.Fatal(err)
	}
	doc["setup"] = json.RawMessage(`{"blue":"blue","red":"red","blueEdge":"north","phase":"deploy","draft":` +
		`{"objectives":["recover-the-supplies","breakthrough","key-positions"],"deployments":["battle-lines","the-long-march","disarray"],` +
		`"conditions":["clear-conditions","limited-visibility","supply-drop"],` +
		`"steps":[{"action":"eliminate","row":"objective"},{"action":"eliminate","row":"condition"},{"action":"pass"},{"action":"pass"}]}}`)
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	s := mapScene(t, "default", data)
	edMust(t, s, "tool", "setup")
	setupRefused(t, s, map[string]any{"action": "deploy", "unit": "blue-rebel-1", "dx": 0, "dy": -6}, "not wholly inside a blue zone")
	msg := s.Snapshot().Message
	for _, passed := range []string{"cohesion", "base contact", "Basiskontakt"} {
		if strings.Contains(msg, passed) {
			t.Errorf("the refusal %q names %q, a check that passed", msg, passed)
		}
	}
	if want := rules.CiteName(rules.CiteDeployZone); !strings.Contains(msg, want) {
		t.Errorf("the refusal %q does not cite the zone rule %q", msg, want)
	}
	st := setupCmd(t, s, map[string]any{"action": "state"})
	if st.Refused == nil || len(st.Refused.Reasons) != 1 || st.Refused.Reasons[0].Rule != "deploy.zone" {
		t.Errorf("refused %+v", st.Refused)
	}
}
