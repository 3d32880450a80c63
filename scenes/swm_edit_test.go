package scenes

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
	"holotable/table"
)

// gridAtPx is the screen point of grid point (x, y) in squares (x right, y down the rows).
func gridAtPx(s *TableScene, x, y float64) (float64, float64) {
	wx, wy := s.grid.gridWorld(x, y)
	return s.cam.WorldToScreen(wx, wy)
}

// gridDrag presses at grid point (x0, y0), drags to (x1, y1) and releases there.
func gridDrag(s *TableScene, x0, y0, x1, y1 float64) {
	ax, ay := gridAtPx(s, x0, y0)
	bx, by := gridAtPx(s, x1, y1)
	dragPx(s, ax, ay, bx, by)
}

// gridClickAt clicks grid point (x, y).
func gridClickAt(s *TableScene, x, y float64) {
	sx, sy := gridAtPx(s, x, y)
	click(s, sx, sy)
}

func gridMeasureLOS(t *testing.T, s *TableScene) bool {
	t.Helper()
	gridCmd(t, s, `{"action":"measure","from":"a","to":"b"}`)
	m := s.Snapshot().Grid.Measure
	if m == nil {
		t.Fatal("no measure")
	}
	return m.LOS
}

// TestGridEditorWallsAndDoors: on the row of five squares (a at the west end, b at the east end,
// a clear line between), the wall tool's click on the edge between squares 1 and 2 puts a wall
// there: the measure says no line of sight; the door tool's click on that edge turns the wall
// into a closed door (one undo) — still none — and a second click opens it: line of sight again.
// Undo takes each step back, the measure answering again on each map.
func TestGridEditorWallsAndDoors(t *testing.T) {
	s := gridScene(t, gridRow)
	if !gridMeasureLOS(t, s) {
		t.Fatal("a → b on the open row: no line of sight")
	}
	gridCmd(t, s, `{"action":"tool","tool":"wall","bevel":"none"}`)
	gridClickAt(s, 1.9, 0.5) // nearest edge: the east edge of square 1, (2,0)–(2,1)
	if f := s.doc.State().Grid(); len(f.Walls) != 1 || f.Walls[0].From != (table.Point{X: 2, Y: 0}) || f.Walls[0].To != (table.Point{X: 2, Y: 1}) {
		t.Fatalf("walls after the click: %+v (%s)", f.Walls, s.message)
	}
	if gridMeasureLOS(t, s) {
		t.Error("a line of sight through the new wall")
	}
	gridCmd(t, s, `{"action":"tool","tool":"door"}`)
	gridClickAt(s, 2.1, 0.5)
	if f := s.doc.State().Grid(); len(f.Walls) != 0 || len(f.Doors) != 1 || f.Doors[0].State != table.DoorClosed || f.Doors[0].ID != "door-1" {
		t.Fatalf("after the door click: walls %+v doors %+v (%s)", f.Walls, f.Doors, s.message)
	}
	if gridMeasureLOS(t, s) {
		t.Error("a line of sight through a closed door")
	}
	gridClickAt(s, 2.1, 0.5)
	if !gridMeasureLOS(t, s) {
		t.Error("no line of sight through the opened door")
	}
	st := s.Snapshot()
	if !st.CanUndo || st.UndoLabel == "" {
		t.Fatalf("no undo on a grid table: %+v", st.UndoLabel)
	}
	for i, want := range []bool{false, false, true} { // open → closed door → wall → none
		if _, err := s.Command("undo", nil); err != nil {
			t.Fatal(err)
		}
		if n := len(s.Snapshot().Grid.Doors); n != []int{1, 0, 0}[i] { // the state right after the command
			t.Errorf("after undo %d: %d doors in the state", i+1, n)
		}
		if got := gridMeasureLOS(t, s); got != want {
			t.Errorf("after undo %d: line of sight %v, want %v", i+1, got, want)
		}
	}
	if f := s.doc.State().Grid(); len(f.Walls) != 0 || len(f.Doors) != 0 {
		t.Errorf("after three undos: walls %+v doors %+v", f.Walls, f.Doors)
	}
	// A wall dragged along the grid line x = 3 (the pointer drifts off it: the wall stays on it).
	gridCmd(t, s, `{"action":"tool","tool":"wall","bevel":"to"}`)
	gridDrag(s, 3.1, 0.05, 2.8, 0.9)
	if f := s.doc.State().Grid(); len(f.Walls) != 1 || f.Walls[0].From != (table.Point{X: 3, Y: 0}) || f.Walls[0].To != (table.Point{X: 3, Y: 1}) || f.Walls[0].Bevel != table.BevelTo {
		t.Errorf("the dragged wall: %+v (%s)", f.Walls, s.message)
	}
	gridCmd(t, s, `{"action":"tool","erase":true}`)
	gridDrag(s, 3, 0, 3, 1)
	if f := s.doc.State().Grid(); len(f.Walls) != 0 {
		t.Errorf("erased: %+v (%s)", f.Walls, s.message)
	}
}

// TestGridEditorPaintAndFigures: a paint drag paints the rectangle (one undoable op); a pit under
// a figure is refused with the one line and changes nothing; the figure tool places, moves and
// removes figures, and the reach of a selected figure is answered on the painted map.
func TestGridEditorPaintAndFigures(t *testing.T) {
	s := NewTableScene("test", testDoc())
	var saved []byte
	s.doc.Saved = func(rec []byte) { saved = rec }
	tick(s, Input{ScreenChanged: true})
	if _, err := s.Command("newTable", json.RawMessage(`{"ruleset":"swm"}`)); err != nil {
		t.Fatal(err)
	}
	tick(s, Input{})
	before := s.Snapshot().Grid.Squares["difficult"]
	gridCmd(t, s, `{"action":"tool","tool":"paint","square":"difficult"}`)
	gridDrag(s, 0.5, 0.5, 2.5, 1.5) // squares (0..2, 0..1)
	if got := s.Snapshot().Grid.Squares["difficult"]; got != before+6 {
		t.Errorf("difficult squares %d, want %d (%s)", got, before+6, s.message)
	}
	// Obi-Wan stands at (1,4): a pit there is refused.
	gridCmd(t, s, `{"action":"tool","square":"pit"}`)
	gridClickAt(s, 1.5, 4.5)
	if !strings.Contains(s.message, "figures[0]: stands on square (1,4), which is pit") || s.doc.State().Grid().At(1, 4) != table.SquareOpen {
		t.Errorf("a pit under Obi-Wan: %q", s.message)
	}
	// Figures: a large flying one placed at (3,0), Vader dragged two squares west, then erased.
	gridCmd(t, s, `{"action":"tool","tool":"figure","card":{"side":"empire","size":"large","speed":4,"abilities":["flight"]}}`)
	gridClickAt(s, 3.5, 0.5)
	g := s.doc.State().Grid()
	if len(g.Figures) != 7 || g.Figures[6].ID != "empire-1" || g.Figures[6].Size != table.SizeLarge || !g.Figures[6].Abilities.Has(table.AbilityFlight) || g.Figures[6].Speed != 4 {
		t.Fatalf("placed: %+v (%s)", g.Figures, s.message)
	}
	gridDrag(s, 22.5, 7.5, 20.5, 7.5)
	if v := s.doc.State().Grid().Figures[3]; v.ID != "vader" || v.X != 20 || v.Y != 7 {
		t.Errorf("vader after the drag: %+v (%s)", v, s.message)
	}
	gridClickAt(s, 3.5, 0.5) // a click on the new figure selects it: its reach on the painted map
	if st := s.Snapshot().Grid; st.Selected != "empire-1" || st.Reach == nil || st.Reach.Budget != 4 {
		t.Errorf("selected %q reach %+v", st.Selected, st.Reach)
	}
	gridCmd(t, s, `{"action":"card","figure":"empire-1","card":{"name":"Probe","speed":5,"abilities":[]}}`)
	if f := s.doc.State().Grid().Figures[6]; f.Name != "Probe" || f.Speed != 5 || f.Abilities != 0 || f.Size != table.SizeLarge {
		t.Errorf("after the card edit: %+v", f)
	}
	gridCmd(t, s, `{"action":"tool","erase":true}`)
	gridClickAt(s, 3.5, 0.5)
	if g := s.doc.State().Grid(); len(g.Figures) != 6 {
		t.Errorf("after erasing: %d figures (%s)", len(g.Figures), s.message)
	}
	// The autosaved record replays to the grid on the screen.
	l, err := ops.ReadRecord(saved)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := table.SaveSWM(l.State().Grid())
	b, _ := table.SaveSWM(s.doc.State().Grid())
	if string(a) != string(b) {
		t.Error("the autosaved record does not replay to the grid shown")
	}
	// Undo everything back to the example as opened; one more takes the grid away.
	for s.doc.State().Grid() != nil && s.doc.CanUndo() {
		if _, err := s.Command("undo", nil); err != nil {
			t.Fatal(err)
		}
		tick(s, Input{})
	}
	if st := s.Snapshot(); st.Ruleset != "legion" || s.grid != nil {
		t.Errorf("after undoing the grid's opening: ruleset %q", st.Ruleset)
	}
	if _, err := s.Command("grid", json.RawMessage(`{"action":"tool","tool":"lasso"}`)); err == nil {
		t.Error("an unknown tool was taken")
	}
}

// TestGridEditorWords: the heads-up line of every editor tool, and the panel's words, are filled
// in both languages (no format fault, no key shown for a word).
func TestGridEditorWords(t *testing.T) {
	s := gridScene(t, gridRow)
	defer SetLanguage("en")
	for _, lang := range []string{"en", "de"} {
		if err := SetLanguage(lang); err != nil {
			t.Fatal(err)
		}
		for _, tool := range gridToolNames {
			for _, erase := range []string{"false", "true"} {
				gridCmd(t, s, `{"action":"tool","tool":"`+tool+`","erase":`+erase+`}`)
				lines := s.grid.hudLines(s)
				if strings.Contains(strings.Join(lines, "\n"), "%!") || strings.Contains(lines[1], "grid.") {
					t.Errorf("%s %s erase %s: %q", lang, tool, erase, lines)
				}
			}
		}
		for k, v := range s.Snapshot().Grid.Words {
			if v == k || strings.Contains(v, "%") {
				t.Errorf("%s: word %s is %q", lang, k, v)
			}
		}
	}
}

// TestGridEditorAim: before a click, the wall and door tools show the square edge under the
// pointer and what a click there would do — the ops editOps submits — and the drawing changes
// with it (the view's revision). On the open row: the wall tool aims a new wall at the east edge
// of square 1; after the click the same edge aims the wall's removal; the door tool there aims the
// wall's removal and a door; with a closed door it aims opening it; erase aims its removal; a
// door tool on an edge with nothing aims nothing in erase mode; the measure tool aims nothing.
func TestGridEditorAim(t *testing.T) {
	s := gridScene(t, gridRow)
	aimAt := func(x, y float64) *GridAimState {
		t.Helper()
		sx, sy := gridAtPx(s, x, y)
		tick(s, Input{X: sx, Y: sy})
		return s.Snapshot().Grid.Edit.Aim
	}
	want := func(what string, a *GridAimState, from, to [2]int, kinds ...ops.Kind) {
		t.Helper()
		if a == nil || a.From != from || a.To != to || !slices.Equal(a.Ops, kinds) {
			t.Errorf("%s: aim %+v, want %v–%v %v", what, a, from, to, kinds)
		}
	}
	if a := aimAt(1.9, 0.5); a != nil {
		t.Errorf("the measure tool aims %+v", a)
	}
	gridCmd(t, s, `{"action":"tool","tool":"wall","bevel":"none"}`)
	rev := s.grid.rev
	want("wall tool", aimAt(1.9, 0.5), [2]int{2, 0}, [2]int{2, 1}, ops.KindSWMWallAdd)
	if s.grid.rev == rev {
		t.Error("the aim changed and the view's revision did not")
	}
	rev = s.grid.rev
	want("the same edge again", aimAt(1.8, 0.4), [2]int{2, 0}, [2]int{2, 1}, ops.KindSWMWallAdd)
	if s.grid.rev != rev {
		t.Error("the same aim redrew the view")
	}
	want("north edge of square 3", aimAt(3.5, 0.1), [2]int{3, 0}, [2]int{4, 0}, ops.KindSWMWallAdd)
	gridClickAt(s, 1.9, 0.5)
	want("a walled edge", aimAt(1.9, 0.5), [2]int{2, 0}, [2]int{2, 1}, ops.KindSWMWallRemove)
	gridCmd(t, s, `{"action":"tool","tool":"door"}`)
	want("door tool on the wall", aimAt(2.1, 0.5), [2]int{2, 0}, [2]int{2, 1}, ops.KindSWMWallRemove, ops.KindSWMDoorAdd)
	gridClickAt(s, 2.1, 0.5)
	want("a closed door", aimAt(2.1, 0.5), [2]int{2, 0}, [2]int{2, 1}, ops.KindSWMDoorState)
	gridCmd(t, s, `{"action":"tool","erase":true}`)
	want("erase a door", aimAt(2.1, 0.5), [2]int{2, 0}, [2]int{2, 1}, ops.KindSWMDoorRemove)
	want("erase nothing", aimAt(3.9, 0.5), [2]int{4, 0}, [2]int{4, 1})
	sx, sy := gridAtPx(s, 3.9, 0.5)
	tick(s, Input{X: sx, Y: sy, Left: true, LeftPressed: true})
	if a := s.Snapshot().Grid.Edit.Aim; a != nil {
		t.Errorf("during a press: aim %+v", a)
	}
	tick(s, Input{X: sx, Y: sy, LeftReleased: true})
	if a := aimAt(-2, 0.5); a != nil {
		t.Errorf("off the grid: aim %+v", a)
	}
}

// TestGridEditorKeys: 1–6 (and the number pad) choose the tools in the panel's order, X turns
// erase on and off only for the tools that erase, Ctrl+digit is not a tool key, and Delete removes
// the selected figure as one undoable op.
func TestGridEditorKeys(t *testing.T) {
	s := gridScene(t, gridRow)
	tool := func() string { return s.Snapshot().Grid.Edit.Tool }
	press := func(in Input) { tick(s, in) }
	for i, want := range []string{"measure", "paint", "wall", "door", "figure", "zone"} {
		press(Input{Keys: []ebiten.Key{ebiten.KeyDigit6 - ebiten.Key(5-i)}})
		if got := tool(); got != want {
			t.Errorf("key %d: tool %s, want %s", i+1, got, want)
		}
	}
	press(Input{Keys: []ebiten.Key{ebiten.KeyNumpad3}})
	if got := tool(); got != "wall" {
		t.Errorf("numpad 3: tool %s, want wall", got)
	}
	press(Input{Keys: []ebiten.Key{ebiten.KeyDigit1}, Ctrl: true})
	if got := tool(); got != "wall" {
		t.Errorf("Ctrl+1 chose %s", got)
	}
	press(Input{Keys: []ebiten.Key{ebiten.KeyX}})
	if !s.Snapshot().Grid.Edit.Erase {
		t.Error("X did not turn erase on for the wall tool")
	}
	press(Input{Keys: []ebiten.Key{ebiten.KeyX}})
	if s.Snapshot().Grid.Edit.Erase {
		t.Error("a second X did not turn erase off")
	}
	press(Input{Keys: []ebiten.Key{ebiten.KeyDigit2}})
	press(Input{Keys: []ebiten.Key{ebiten.KeyX}})
	if s.Snapshot().Grid.Edit.Erase {
		t.Error("X turned erase on for the paint tool, which does not erase")
	}
	press(Input{Keys: []ebiten.Key{ebiten.KeyDigit1}})
	gridCmd(t, s, `{"action":"select","figure":"a"}`)
	if s.Snapshot().Grid.Selected != "a" {
		t.Fatalf("selected %q", s.Snapshot().Grid.Selected)
	}
	press(Input{Delete: true})
	if f := s.doc.State().Grid(); len(f.Figures) != 1 || f.Figures[0].ID != "b" {
		t.Fatalf("after Delete: figures %+v (%s)", f.Figures, s.message)
	}
	if _, err := s.Command("undo", nil); err != nil {
		t.Fatal(err)
	}
	if f := s.doc.State().Grid(); len(f.Figures) != 2 {
		t.Errorf("after undo: figures %+v", f.Figures)
	}
}
