package scenes

import (
	"encoding/json"
	"strings"
	"testing"

	"holotable/rules"
	"holotable/swm"
	"holotable/table"
)

// gridScene is a table scene showing the grid table data (imported as the page imports a file).
func gridScene(t *testing.T, data string) *TableScene {
	t.Helper()
	s := NewTableScene("test", testDoc())
	tick(s, Input{ScreenChanged: true})
	arg, _ := json.Marshal(data)
	if _, err := s.Command("import", arg); err != nil {
		t.Fatal(err)
	}
	tick(s, Input{})
	return s
}

// gridCmd runs the grid command with arg.
func gridCmd(t *testing.T, s *TableScene, arg string) {
	t.Helper()
	if _, err := s.Command("grid", json.RawMessage(arg)); err != nil {
		t.Fatalf("grid %s: %v", arg, err)
	}
}

// gridClick clicks the centre of square (x, y).
func gridClick(s *TableScene, x, y int) {
	wx, wy := s.grid.gridWorld(float64(x)+0.5, float64(y)+0.5)
	sx, sy := s.cam.WorldToScreen(wx, wy)
	click(s, sx, sy)
}

// A row of five squares, a low object in the middle: a at the west end, b at the east end.
const gridRow = `{"format": "holotable/1", "ruleset": "swm", "grid": {"width": 5, "height": 1},
 "terrain": ["..l.."],
 "figures": [{"id": "a", "side": "rebels", "x": 0, "y": 0}, {"id": "b", "side": "empire", "x": 4, "y": 0}]}`

// TestGridMeasure checks the answers the scene shows against answers worked by hand.
func TestGridMeasure(t *testing.T) {
	for _, tc := range []struct {
		name, file, from, to string
		los, cover, adjacent bool
		distance             *int
		by                   []string
	}{
		// The low object on (2,0) is neither in nor next to a's space: every corner of a has a
		// line to b's square through its inside (from (1,0) to (4.5,0.5) crosses it at y 0.3–0.4),
		// so b has cover (L566–570); the count is 4 orthogonal steps, the low object not slowing
		// a range (L1318).
		{"low object between", gridRow, "a", "b", true, true, false, ptr(4), []string{"the low objects on square (2,0)"}},
		// From b the low object is two squares away too: cover both ways here.
		{"low object, the other way", gridRow, "b", "a", true, true, false, ptr(4), []string{"the low objects on square (2,0)"}},
		// A wall the whole height of the map at x = 2: every line touches it, no count gets round.
		{"wall across", `{"format": "holotable/1", "ruleset": "swm", "grid": {"width": 5, "height": 3},
		  "walls": [{"from": [2, 0], "to": [2, 3]}],
		  "figures": [{"id": "a", "side": "r", "x": 0, "y": 1}, {"id": "b", "side": "e", "x": 4, "y": 1}]}`,
			"a", "b", false, false, false, nil, []string{}},
		// Next to each other on open ground: adjacent, never in cover (L554), 1 square.
		{"adjacent", `{"format": "holotable/1", "ruleset": "swm", "grid": {"width": 3, "height": 1},
		  "figures": [{"id": "a", "side": "r", "x": 0, "y": 0}, {"id": "b", "side": "e", "x": 1, "y": 0}]}`,
			"a", "b", true, false, true, ptr(1), []string{}},
		// A diagonal step counts 2 (L268): (0,0) to (1,1) is 2 squares, and they are adjacent.
		{"diagonal", `{"format": "holotable/1", "ruleset": "swm", "grid": {"width": 2, "height": 2},
		  "figures": [{"id": "a", "side": "r", "x": 0, "y": 0}, {"id": "b", "side": "e", "x": 1, "y": 1}]}`,
			"a", "b", true, false, true, ptr(2), []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := gridScene(t, tc.file)
			gridCmd(t, s, `{"action": "measure", "from": "`+tc.from+`", "to": "`+tc.to+`"}`)
			m := s.Snapshot().Grid.Measure
			if m == nil {
				t.Fatal("no measure in the state")
			}
			if m.LOS != tc.los || m.Cover != tc.cover || m.Adjacent != tc.adjacent {
				t.Errorf("los %v cover %v adjacent %v, want %v %v %v", m.LOS, m.Cover, m.Adjacent, tc.los, tc.cover, tc.adjacent)
			}
			if (m.Distance == nil) != (tc.distance == nil) || m.Distance != nil && *m.Distance != *tc.distance {
				t.Errorf("distance %v, want %v", m.Distance, tc.distance)
			}
			if strings.Join(m.By, "|") != strings.Join(tc.by, "|") {
				t.Errorf("by %q, want %q", m.By, tc.by)
			}
			if !m.Cover && m.LOS && !m.Adjacent && m.Corner == nil {
				t.Error("no cover, yet no corner from which there is none")
			}
			ex := s.Snapshot().Grid.Explain
			if ex == nil || len(ex.Reasons) < 3 {
				t.Fatalf("explain %+v: want the reasons of LOS, cover and distance", ex)
			}
			for _, r := range ex.Reasons {
				if !strings.HasPrefix(r.Cite, "SWM seed 004") || r.Name == "" || strings.Contains(r.Name, "(") {
					t.Errorf("reason %q: cite %q, name %q", r.Text, r.Cite, r.Name)
				}
			}
		})
	}
}

func ptr(v int) *int { return &v }

// TestGridClicks: a click on a figure selects it (reach, sight, targets), a click on another
// measures to it, a click on the selected one clears; the Legion tools are refused meanwhile, and
// importing a Legion table goes back to it.
func TestGridClicks(t *testing.T) {
	s := gridScene(t, gridRow)
	st := s.Snapshot()
	if st.Ruleset != "swm" || st.Tool != "grid" || st.Grid == nil || st.Grid.Width != 5 || len(st.Grid.Figures) != 2 {
		t.Fatalf("state after the import: ruleset %q tool %q grid %+v", st.Ruleset, st.Tool, st.Grid)
	}
	gridClick(s, 0, 0)
	g := s.Snapshot().Grid
	if g.Selected != "a" || g.Reach == nil || g.Targets == nil || g.Sight == nil {
		t.Fatalf("after a click on a: %+v", g)
	}
	// Speed 6 along the row: (0,0) 0, (1,0) 1, the low object (2,0) 1+2 = 3, (3,0) 4; b's
	// square is an enemy's (L280). Leaving (3,0) would provoke b, but no end path leaves it.
	if g.Reach.Count != 4 || g.Reach.Provoking != 0 || g.Reach.Budget != 6 {
		t.Errorf("reach %+v, want 4 ends, none provoking, budget 6", g.Reach)
	}
	// b is in cover but the nearest visible enemy: a legal target (L350).
	if len(g.Targets.Legal) != 1 || g.Targets.Legal[0] != "b" || g.Targets.Nearest != 4 {
		t.Errorf("targets %+v, want b at 4", g.Targets)
	}
	if g.Sight.Count != 5 {
		t.Errorf("a sees %d squares, want all 5", g.Sight.Count)
	}
	gridClick(s, 4, 0)
	if g := s.Snapshot().Grid; g.Measure == nil || g.Measure.From != "a" || g.Measure.To != "b" || g.Target != "b" {
		t.Fatalf("after a click on b: %+v", g.Measure)
	}
	gridClick(s, 0, 0)
	if g := s.Snapshot().Grid; g.Selected != "" || g.Measure != nil {
		t.Errorf("a click on the selected figure leaves %q, %+v", g.Selected, g.Measure)
	}
	if _, err := s.Command("tool", json.RawMessage(`"move"`)); err == nil || !strings.Contains(err.Error(), "grid table") {
		t.Errorf("tool move on a grid table: %v", err)
	}
	out, err := s.Command("export", nil)
	if err != nil {
		t.Fatal(err)
	}
	f, err := table.LoadSWM([]byte(out.(string)))
	if err != nil || len(f.Figures) != 2 || f.At(2, 0) != table.SquareLow {
		t.Errorf("export: %v %+v", err, f)
	}
	arg, _ := json.Marshal(string(testDoc().JSON()))
	if _, err := s.Command("import", arg); err != nil {
		t.Fatal(err)
	}
	if st := s.Snapshot(); st.Grid != nil || st.Ruleset != "legion" || len(st.Units) != 1 {
		t.Errorf("after a Legion import: ruleset %q grid %v units %d", st.Ruleset, st.Grid != nil, len(st.Units))
	}
}

// TestGridExampleAndGerman: the new-table command opens the example map; the measure's words
// and reasons follow the language.
func TestGridExampleAndGerman(t *testing.T) {
	s := NewTableScene("test", testDoc())
	tick(s, Input{ScreenChanged: true})
	if _, err := s.Command("newTable", json.RawMessage(`{"ruleset": "swm"}`)); err != nil {
		t.Fatal(err)
	}
	g := s.Snapshot().Grid
	if g == nil || g.Width != 24 || g.Height != 16 || len(g.Figures) != 6 || g.Walls != 12 || len(g.Doors) != 2 {
		t.Fatalf("the example: %+v", g)
	}
	defer SetLanguage("en")
	SetLanguage("de")
	gridCmd(t, s, `{"action": "measure", "from": "obi-wan", "to": "rebel-captain"}`)
	m := s.Snapshot().Grid
	// (1,4) to (2,8) on open ground, nothing between: 1 + 4 = 5 squares.
	if m.Measure.Distance == nil || *m.Measure.Distance != 5 || !m.Measure.LOS || m.Measure.Cover {
		t.Errorf("obi-wan → rebel-captain: %+v", m.Measure)
	}
	if !strings.Contains(m.Measure.Text, "Sichtlinie ja") || !strings.Contains(m.Measure.Text, "5 Felder") {
		t.Errorf("German summary %q", m.Measure.Text)
	}
	for _, r := range m.Explain.Reasons {
		if r.Words == r.Text {
			t.Errorf("reason left in English: %q", r.Text)
		}
	}
}

// TestGridRoll: a seeded d20 rolls the same naturals as the rules' roller with the seed, and the
// measured defender's cover adds its +4 to Defense.
func TestGridRoll(t *testing.T) {
	s := gridScene(t, gridRow)
	gridCmd(t, s, `{"action": "seed", "seed": 42}`)
	gridCmd(t, s, `{"action": "measure", "from": "a", "to": "b"}`)
	gridCmd(t, s, `{"action": "roll", "kind": "attack", "attack": 6, "defense": 14}`)
	r := s.Snapshot().Grid.Roll
	want := rollsOf(42, 1)[0]
	if r.Natural != want || r.Defense != 18 {
		t.Errorf("roll %+v: natural %d (want %d), defense %d (want 14 + 4 for cover)", r, r.Natural, want, r.Defense)
	}
	if r.Hit != (want == 20 || want != 1 && want+6 >= 18) {
		t.Errorf("natural %d + 6 against 18: hit %v", want, r.Hit)
	}
	SetLanguage("de")
	if r := s.Snapshot().Grid.Roll; !strings.HasPrefix(r.Text, "W20: ") || r.Reasons[0].Words == r.Reasons[0].Text {
		t.Errorf("the roll in German: %q, %+v", r.Text, r.Reasons)
	}
	SetLanguage("en")
	gridCmd(t, s, `{"action": "roll", "kind": "save"}`)
	if r := s.Snapshot().Grid.Roll; r.Natural != rollsOf(42, 2)[1] || r.Saved != (r.Natural >= 11) {
		t.Errorf("save %+v", r)
	}
	if _, err := s.Command("grid", json.RawMessage(`{"action": "roll", "kind": "damage"}`)); err == nil {
		t.Error("a roll of no kind was not refused")
	}
}

// rollsOf are the first n naturals of a d20 rolled by the rules' roller seeded with seed.
func rollsOf(seed uint64, n int) []int {
	r := rules.SeededRoller(seed)
	out := make([]int, n)
	for i := range out {
		out[i] = r.RollDie(swm.D20()).Value
	}
	return out
}

// TestGridPath: with a figure selected, the square under the pointer shows its cheapest path
// there and the steps that provoke attacks of opportunity. a at (0,0), speed 6, enemy b at (2,1):
// the only 4-square paths to (4,0) run along row 0 (a step up or down would cost more), and
// leaving (1,0), (2,0) and (3,0) — each next to b, in its line of sight — provokes b three times
// (L664–678); leaving (0,0), two columns from b, does not.
func TestGridPath(t *testing.T) {
	s := gridScene(t, `{"format": "holotable/1", "ruleset": "swm", "grid": {"width": 5, "height": 2},
	 "figures": [{"id": "a", "side": "r", "x": 0, "y": 0}, {"id": "b", "side": "e", "x": 2, "y": 1}]}`)
	gridClick(s, 0, 0)
	wx, wy := s.grid.gridWorld(4.5, 0.5)
	sx, sy := s.cam.WorldToScreen(wx, wy)
	tick(s, Input{X: sx, Y: sy})
	p := s.Snapshot().Grid.Path
	if p == nil {
		t.Fatal("no path shown under the pointer")
	}
	if p.Cost != 4 || len(p.Steps) != 4 || strings.Join(p.Provokes, " ") != "b b b" || p.Steps[0].Provokes != nil {
		t.Errorf("path %+v: want 4 steps costing 4, the last three provoking b", p)
	}
	// b's own square is no end: no path.
	wx, wy = s.grid.gridWorld(2.5, 1.5)
	sx, sy = s.cam.WorldToScreen(wx, wy)
	tick(s, Input{X: sx, Y: sy})
	if p := s.Snapshot().Grid.Path; p != nil {
		t.Errorf("a path onto the enemy's square: %+v", p)
	}
}
