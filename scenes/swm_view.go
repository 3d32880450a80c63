package scenes

import (
	"errors"
	"fmt"
	"math"
	"time"

	"holotable/maps"
	"holotable/ops"
	"holotable/rules"
	"holotable/swm"
	"holotable/table"
)

// A grid table (ruleset "swm", Star Wars Miniatures, docs/format-swm.md) is shown by the table
// scene in place of its Legion document: importing one (a file, a drop, a share link, or the
// example from the new-table command) sets the scene's grid view, and importing a Legion table
// clears it. While it is set the scene draws the grid (swm_draw.go), answers the grid commands
// (swm_commands.go) and refuses the Legion tools. The grid table is the document's (D116: the
// ops state holds it beside the Legion file, opened by swm.import, edited by the swm.* ops of the
// map editor, swm_edit.go): the view follows the document (syncGrid), so undo, redo, the autosave
// and an online room's ops change what it shows like any op.
//
// The view answers from package swm: a click on a figure selects it (its reach with the
// attack-of-opportunity steps, what it sees and its legal targets are shown); a click on another
// figure measures from the selected one to it (line of sight, cover from the attacker's best
// corner, distance by grid steps), each answer with its reasons and seed-004 lines.
type gridView struct {
	name  string
	file  *table.SWMFile
	board *swm.Board
	rev   int // changes whenever what the view shows changes (the drawing caches against it)

	sel     string // the selected figure ("" when none)
	target  string // the figure measured to from sel ("" when none)
	reach   *swm.Reach
	sight   swm.Sight
	sightMS float64 // how long the sight overlay took to answer, in milliseconds
	targets *swm.Targets
	measure *gridMeasure
	hover   [2]int     // the square under the pointer while a figure is selected ({-1, -1}: none)
	path    []swm.Step // the selected figure's cheapest path to hover, nil when it cannot end there

	roller *rules.Roller
	seed   uint64
	rolls  int
	roll   *gridRoll

	edit gridEditor // the map editor's tool and drag (swm_edit.go)
	aim  *gridAim   // what a click of the wall or door tool would do at the pointer (swm_aim.go)
	draw gridDraw   // the drawing's caches (swm_draw.go)
}

// gridMeasure is the answer between two figures.
type gridMeasure struct {
	From, To string
	LOS      swm.LOS
	Cover    swm.Cover
	Distance swm.Distance
}

// newGridView is the view of grid table f (valid, as table.LoadSWM returns it).
func newGridView(name string, f *table.SWMFile) *gridView {
	seed := uint64(time.Now().UnixNano())
	return &gridView{name: name, file: f, board: swm.NewBoard(f), roller: rules.SeededRoller(seed), seed: seed, hover: [2]int{-1, -1},
		edit: gridEditor{card: defaultCard()}}
}

// setFile shows f, the document's grid table after a change: the selection and the measure are
// answered again on it (dropped when their figure is gone).
func (g *gridView) setFile(f *table.SWMFile) {
	g.file, g.board = f, swm.NewBoard(f)
	g.rev++
	sel, target := g.sel, g.target
	if _, ok := g.figure(sel); !ok {
		sel = ""
	}
	_ = g.selectFigure(sel)
	if _, ok := g.figure(target); ok && sel != "" && target != sel {
		_ = g.measureFigures(sel, target)
	}
}

// isGridTable reports whether data is a table file of the grid ruleset (as far as RulesetOf
// reads it; a file that does not say is a Legion table).
func isGridTable(data []byte) bool {
	r, err := table.RulesetOf(data)
	return err == nil && r == table.RulesetSWM
}

// figure is the figure with id and its index, or false.
func (g *gridView) figure(id string) (table.Figure, bool) {
	f, _, err := g.board.Figure(id)
	return f, err == nil
}

// figureAt is the figure whose space holds square (x, y), or "".
func (g *gridView) figureAt(x, y int) string {
	for _, f := range g.file.Figures {
		if swm.SpaceOf(f).Contains(x, y) {
			return f.ID
		}
	}
	return ""
}

// selectFigure selects id ("" clears): its reach (speed, with the attack-of-opportunity steps
// marked), what it can see of the map and its legal targets. The measure is cleared.
func (g *gridView) selectFigure(id string) error {
	if id != "" {
		if _, ok := g.figure(id); !ok {
			return errors.New(T("grid.noFigure", id))
		}
	}
	g.sel, g.target, g.measure, g.reach, g.targets = id, "", nil, nil, nil
	g.sight, g.hover, g.path = swm.Sight{}, [2]int{-1, -1}, nil
	g.rev++
	if id == "" {
		return nil
	}
	r, err := g.board.ReachOf(id, swm.ReachOptions{})
	if err != nil {
		return err
	}
	t0 := time.Now()
	sight, err := g.board.SightOf(id)
	if err != nil {
		return err
	}
	g.sightMS = float64(time.Since(t0).Microseconds()) / 1000
	tg, err := g.board.TargetsOf(id, swm.TargetOptions{})
	if err != nil {
		return err
	}
	g.reach, g.sight, g.targets = r, sight, &tg
	return nil
}

// measureFigures answers line of sight, cover and distance from figure from to figure to, and
// selects from (its reach and targets stay shown).
func (g *gridView) measureFigures(from, to string) error {
	if from == to {
		return errors.New(T("grid.sameFigure", from))
	}
	if _, ok := g.figure(to); !ok {
		return errors.New(T("grid.noFigure", to))
	}
	if g.sel != from {
		if err := g.selectFigure(from); err != nil {
			return err
		}
	}
	fa, _ := g.figure(from)
	fb, _ := g.figure(to)
	cov, err := g.board.CoverOf(from, to)
	if err != nil {
		return err
	}
	d, err := g.board.DistanceOf(from, to, swm.ModeRange)
	if err != nil {
		return err
	}
	g.target = to
	g.measure = &gridMeasure{From: from, To: to, LOS: g.board.LOS(swm.SpaceOf(fa), swm.SpaceOf(fb)), Cover: cov, Distance: d}
	g.rev++
	return nil
}

// click handles a click on square (x, y): a figure is selected, or measured to from the
// selected one; a click on the selected figure clears the selection. It reports whether the
// click was on a figure.
func (g *gridView) click(x, y int) bool {
	id := g.figureAt(x, y)
	switch {
	case id == "":
		return false
	case id == g.sel:
		_ = g.selectFigure("")
	case g.sel != "":
		_ = g.measureFigures(g.sel, id)
	default:
		_ = g.selectFigure(id)
	}
	return true
}

// gridWorld is the camera's world point of lattice point (x, y): the grid's row 0 at the top
// (the camera's y points up).
func (g *gridView) gridWorld(x, y float64) (float64, float64) {
	return x, float64(g.file.Height) - y
}

// squareAt is the square under screen point (sx, sy), and whether it is on the map.
func (g *gridView) squareAt(cam Camera, sx, sy float64) (int, int, bool) {
	wx, wy := cam.ScreenToWorld(sx, sy)
	x, y := int(math.Floor(wx)), int(math.Floor(float64(g.file.Height)-wy))
	return x, y, x >= 0 && y >= 0 && x < g.file.Width && y < g.file.Height
}

// update handles one tick of input; it reports whether it took the left button (a press on a
// figure), so that the scene does not start a pan.
func (g *gridView) update(s *TableScene, in *Input) bool {
	if in.Escape && g.sel != "" {
		_ = g.selectFigure("")
		in.Escape = false
	}
	g.keys(s, in) // swm_keys.go
	x, y, ok := g.squareAt(s.cam, in.X, in.Y)
	if !ok {
		x, y = -1, -1
	}
	g.hoverAt(x, y)
	if g.edit.tool != gridToolMeasure {
		took := g.editUpdate(s, in)
		g.aimAt(g.gridAt(s, in.X, in.Y))
		return took
	}
	g.aimAt(-1, -1)
	if !in.LeftPressed || !ok {
		return false
	}
	return g.click(x, y)
}

// hoverAt shows the selected figure's cheapest path to square (x, y) (its space's anchor there),
// with the steps that provoke attacks of opportunity (L664–678), when it can end its move there.
func (g *gridView) hoverAt(x, y int) {
	if g.reach == nil || g.hover == [2]int{x, y} {
		return
	}
	g.hover = [2]int{x, y}
	path, ok := g.reach.PathTo(x, y)
	if !ok {
		path = nil
	}
	if len(path) > 0 || len(g.path) > 0 {
		g.rev++ // the drawing shows the path
	}
	g.path = path
}

// hudLines are the heads-up panel's lines for the grid table.
func (g *gridView) hudLines(s *TableScene) []string {
	f := g.file
	line1 := fmt.Sprintf("holotable · %s · Star Wars Miniatures · %s", g.name, T("grid.size", f.Width, f.Height))
	line2 := T("grid.hint")
	if s.fingers() {
		line2 = T("grid.hintTouch")
	}
	if g.sel != "" {
		line2 = T("grid.selected", g.sel)
	}
	if e := &g.edit; e.tool != gridToolMeasure {
		line2 = TFor(s.fingers(), "grid.hint."+e.tool.String())
		if e.tool == gridToolPaint {
			line2 = T("grid.hint.paint", T("grid.square."+e.square.String()))
		}
		if e.erase && e.tool != gridToolPaint && e.tool != gridToolZone {
			line2 = TFor(s.fingers(), "grid.hint.erase")
		}
		if !s.narrow() {
			line2 += " · " + T("grid.hint.pan")
		}
	}
	if !s.narrow() {
		if x, y, ok := g.squareAt(s.cam, s.cursorX, s.cursorY); ok {
			line2 += "   " + T("grid.cursor", x, y, T("grid.square."+f.At(x, y).String()))
		}
	}
	lines := []string{line1, line2}
	if s.message != "" && s.pageTop == 0 {
		lines = append(lines, s.message)
	}
	return lines
}

// gridDockExtra is how many CSS px more than the page asks for a grid table's fit keeps below the
// map: the grid panel (figure, target, the answer, the d20 roller) takes two rows beside the
// message line.
const gridDockExtra = 56

// loadGrid opens the grid table in data: an undoable swm.import op (refused with the loader's or
// the op's one line; nothing changes).
func (s *TableScene) loadGrid(name string, data []byte) error {
	f, err := table.LoadSWM(data)
	if err != nil {
		return err
	}
	if err := s.doc.Submit(&ops.SWMImport{Table: f}); err != nil {
		return err
	}
	s.syncGrid()
	s.grid.name = name
	return nil
}

// syncGrid makes the view show the document's grid table: a view made when one was opened (the
// table fitted), dropped when it was taken away, its file replaced when an op changed it.
func (s *TableScene) syncGrid() {
	f := s.doc.State().Grid()
	switch {
	case f == nil && s.grid == nil:
	case f == nil:
		s.grid = nil
		s.viewRev++
	case s.grid == nil:
		s.grid = newGridView("grid", f)
		s.selected = ""
		s.setPreview(nil, nil)
		s.viewRev++
		s.fit()
	case s.grid.file != f:
		s.grid.setFile(f)
	}
}

// Grid reports whether the scene shows a grid table.
func (s *TableScene) Grid() bool { return s.grid != nil }

// gridExample is the built-in example grid table (maps/swm/example.json).
func gridExample(name string) ([]byte, error) {
	if name == "" {
		name = "example"
	}
	data, ok := maps.SWM(name)
	if !ok {
		return nil, errors.New(T("grid.noMap", name, maps.SWMNames()))
	}
	return data, nil
}
