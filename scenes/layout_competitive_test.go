package scenes

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"testing"

	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

var updateLayout = flag.Bool("update-layout", false, "rewrite maps/competitive.json from the setup turns of TestCompetitiveLayout")

// competitiveTurns are the terrain turns of maps/competitive.json, blue and red alternately
// (blue first): a preset centred on (x, y) of an empty 72×36 Legion table, in the preset's own
// shape or, where shape is set, as a rectangle of the preset's box (woods and hills as a felt
// template). Every piece lands beyond range 1 (6) of every piece before it, so no turn needs the
// fallback, and together they cover about a quarter of the table (RRG L1705–1710): two rows of
// large pieces along the long edges, the second the first turned half round the centre, and a
// row of small ones between them, more than 6 from both rows.
var competitiveTurns = []struct {
	preset, shape string
	x, y          float64
}{
	{"woods-light", "rect", 8, 4.75}, {"woods-light", "rect", 64, 31.25},
	{"building", "", 25, 4.5}, {"building", "", 47, 31.5},
	{"woods-dense", "rect", 42, 4.75}, {"woods-dense", "rect", 30, 31.25},
	{"building", "", 60, 4.5}, {"building", "", 12, 31.5},
	{"ruins", "rect", 12, 18}, {"ruins", "rect", 60, 18},
	{"crater", "", 36, 18},
}

// competitiveCoverage is the least share of the table competitiveTurns cover: the rulebook's
// "roughly a quarter" (L1705–1710), which a Legion table usually reaches.
const competitiveCoverage = 0.24

// competitiveLayout runs the Setup tool on a new empty Legion table through its page command:
// a trooper unit for each side (colours need sides), start, colours (blue south), blue first,
// then competitiveTurns as terrain turns without the
// fallback. It returns the table file with the setup state and the two units left out (a layout:
// terrain, not a setup in progress), indented.
func competitiveLayout(t *testing.T) []byte {
	t.Helper()
	data, err := NewTableJSON("legion", "")
	if err != nil {
		t.Fatal(err)
	}
	s := mapScene(t, "new", data)
	// Colours need a side of each (RRG step 4): one trooper unit each, taken out again below.
	edMust(t, s, "unitAdd", map[string]any{"preset": "trooper", "side": "blue", "x": 36, "y": 2})
	edMust(t, s, "unitAdd", map[string]any{"preset": "trooper", "side": "red", "x": 36, "y": 34})
	edMust(t, s, "tool", "setup")
	setupCmd(t, s, map[string]any{"action": "start"})
	setupCmd(t, s, map[string]any{"action": "colours", "blue": "blue", "red": "red", "blueEdge": "south"})
	setupCmd(t, s, map[string]any{"action": "first", "colour": "blue"})
	for _, c := range competitiveTurns {
		setupCmd(t, s, map[string]any{"action": "terrain", "preset": c.preset, "shape": c.shape, "x": c.x, "y": c.y})
	}
	f := *s.Doc().File()
	if f.Setup == nil || len(f.Setup.TerrainTurns) != len(competitiveTurns) {
		t.Fatalf("setup turns: %+v", f.Setup)
	}
	f.Setup, f.UnitsOnTable = nil, nil
	out, err := table.Save(&f)
	if err != nil {
		t.Fatal(err)
	}
	// The profile is the default one (Load puts it back): left out, as in the other maps.
	var m map[string]json.RawMessage
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatal(err)
	}
	var prof table.Profile
	if err := json.Unmarshal(m["profile"], &prof); err != nil || !reflect.DeepEqual(prof, table.DefaultProfile("in")) {
		t.Fatalf("profile %s is not the default (%v)", m["profile"], err)
	}
	delete(m, "profile")
	out, _ = json.Marshal(m)
	var b bytes.Buffer
	if err := json.Indent(&b, out, "", "  "); err != nil {
		t.Fatal(err)
	}
	b.WriteByte('\n')
	return b.Bytes()
}

// TestCompetitiveLayout (issue 17 item 5): the built-in "competitive" layout is what the Setup
// tool makes from competitiveTurns, byte for byte (go test ./scenes -run CompetitiveLayout
// -update-layout rewrites it); every piece is beyond range 1 of every other
// (rules.TerrainPlacement), and maps.LayoutOf names it competitive while the default table is a
// fixed layout.
func TestCompetitiveLayout(t *testing.T) {
	got := competitiveLayout(t)
	if *updateLayout {
		if err := os.WriteFile("../maps/competitive.json", got, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Skip("maps/competitive.json rewritten; run again to check the embedded copy")
	}
	want, ok := maps.Get("competitive")
	if !ok {
		t.Fatal("no built-in map competitive")
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("the setup turns make a different table than maps/competitive.json:\n%s", got)
	}
	f, err := table.Load(want)
	if err != nil {
		t.Fatal(err)
	}
	w := rules.NewWorld(f)
	cov := w.TerrainCoverage().Fraction
	t.Logf("%d pieces cover %.1f%% of the table", len(f.Terrain), 100*cov)
	if cov < competitiveCoverage {
		t.Errorf("%d pieces cover %.1f%% of the table, less than the rule's roughly a quarter (%.0f%%)", len(f.Terrain), 100*cov, 100*competitiveCoverage)
	}
	for _, c := range w.TerrainPlacement() {
		if !c.OK {
			t.Errorf("%s: %v", c.ID, c.Reasons)
		}
	}
	if l, ok := maps.LayoutOf(f); !ok || l.Placement != maps.Competitive {
		t.Errorf("LayoutOf(competitive) = %+v, %v", l, ok)
	}
	d, _ := table.Load(maps.Default())
	if l, ok := maps.LayoutOf(d); !ok || l.Name != "default" || l.Placement != maps.Fixed {
		t.Errorf("LayoutOf(default) = %+v, %v", l, ok)
	}
	d.Terrain[0].Height++
	if _, ok := maps.LayoutOf(d); ok {
		t.Error("a changed piece is still the built-in layout")
	}
}
