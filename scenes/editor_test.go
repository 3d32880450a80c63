package scenes

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/maps"
	"holotable/ops"
	"holotable/rules"
	"holotable/table"
)

// emptyDoc is an empty 72×36 table in the given length unit.
func emptyDoc(t *testing.T, units string) *Doc {
	t.Helper()
	w, d := 72.0, 36.0
	if units == "mm" {
		w, d = 72*25.4, 36*25.4
	}
	b, _ := json.Marshal(map[string]any{"format": "holotable/1", "units": units, "battlefield": map[string]float64{"width": w, "depth": d}})
	f, err := table.Load(b)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := NewDoc(f)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// editorScene shows d with the given tool, fitted to a 1024×768 screen.
func editorScene(t *testing.T, d *Doc, tool string) *TableScene {
	t.Helper()
	s := NewTableScene("test", d)
	if err := s.SetTool(tool); err != nil {
		t.Fatal(err)
	}
	tick(s, Input{ScreenChanged: true})
	return s
}

// edCmd runs a command with arg marshalled to JSON and returns its result as JSON.
func edCmd(t *testing.T, s *TableScene, name string, arg any) (json.RawMessage, error) {
	t.Helper()
	var raw json.RawMessage
	if arg != nil {
		b, err := json.Marshal(arg)
		if err != nil {
			t.Fatal(err)
		}
		raw = b
	}
	out, err := s.Command(name, raw)
	if err != nil {
		return nil, err
	}
	b, _ := json.Marshal(out)
	return b, nil
}

func edMust(t *testing.T, s *TableScene, name string, arg any) json.RawMessage {
	t.Helper()
	out, err := edCmd(t, s, name, arg)
	if err != nil {
		t.Fatalf("%s %v: %v", name, arg, err)
	}
	return out
}

// screenOf is the screen point of a table point.
func screenOf(s *TableScene, x, y float64) (float64, float64) { return s.Camera().WorldToScreen(x, y) }

// edClick presses and releases the left button at a screen point.
func edClick(s *TableScene, x, y float64) {
	tick(s, Input{X: x, Y: y, Left: true, LeftPressed: true})
	tick(s, Input{X: x, Y: y, LeftReleased: true})
}

// edDrag drags with the left button from one screen point to another in four steps; mid, if not
// nil, is called with the pointer at the end but still held.
func edDrag(s *TableScene, x0, y0, x1, y1 float64, shift bool, mid func()) {
	tick(s, Input{X: x0, Y: y0, Left: true, LeftPressed: true, Shift: shift})
	for i := 1; i <= 4; i++ {
		f := float64(i) / 4
		tick(s, Input{X: x0 + (x1-x0)*f, Y: y0 + (y1-y0)*f, Left: true, Shift: shift})
	}
	if mid != nil {
		mid()
	}
	tick(s, Input{X: x1, Y: y1, LeftReleased: true, Shift: shift})
}

// worldDrag drags from one table point to another.
func worldDrag(s *TableScene, wx0, wy0, wx1, wy1 float64) {
	x0, y0 := screenOf(s, wx0, wy0)
	x1, y1 := screenOf(s, wx1, wy1)
	edDrag(s, x0, y0, x1, y1, false, nil)
}

func piece(t *testing.T, s *TableScene, id string) table.Terrain {
	t.Helper()
	f := s.Doc().File()
	i := pieceIndex(f, id)
	if i < 0 {
		t.Fatalf("no piece %q", id)
	}
	return f.Terrain[i]
}

func terrainStateOf(t *testing.T, s *TableScene) terrainState {
	t.Helper()
	st, ok := s.Snapshot().ToolState.(terrainState)
	if !ok {
		t.Fatalf("toolState is %T", s.Snapshot().ToolState)
	}
	return st
}

func polyEq(a, b [][2]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i][0]-b[i][0]) > 1e-9 || math.Abs(a[i][1]-b[i][1]) > 1e-9 {
			return false
		}
	}
	return true
}

// TestTerrainAdd: terrainAdd places a preset with the rulebook's values at a point, with a fresh
// id, as one undoable edit; shapes and millimetre tables scale as they should.
func TestTerrainAdd(t *testing.T) {
	s := editorScene(t, emptyDoc(t, "in"), "terrain")
	out := edMust(t, s, "terrainAdd", map[string]any{"preset": "building", "shape": "rect", "x": 36, "y": 18})
	if string(out) != `{"id":"building-1"}` {
		t.Errorf("terrainAdd result %s", out)
	}
	b := piece(t, s, "building-1")
	if !polyEq(b.Polygon, [][2]float64{{32, 14}, {40, 14}, {40, 22}, {32, 22}}) || b.Height != 5.5 || b.Kind != table.Solid ||
		b.Cover != (table.CoverByClass{Trooper: table.CoverHeavy, Creature: table.CoverHeavy, Vehicle: table.CoverHeavy}) ||
		b.Move != (table.MoveByClass{Trooper: table.Impassable, Ground: table.Impassable, Repulsor: table.Impassable}) || !b.Standable {
		t.Errorf("building %+v", b)
	}
	if s.Doc().UndoLabel() != "add building-1" || terrainStateOf(t, s).Selected != "building-1" {
		t.Errorf("undo label %q, selected %q", s.Doc().UndoLabel(), terrainStateOf(t, s).Selected)
	}
	edMust(t, s, "terrainAdd", map[string]any{"preset": "building", "x": 10, "y": 10})
	if piece(t, s, "building-2").Polygon[0] != [2]float64{6, 6} {
		t.Errorf("second building %+v", piece(t, s, "building-2").Polygon)
	}
	// Circle, polygon (an octagon in the box of a rectangular preset) and the preset's own polygon.
	edMust(t, s, "terrainAdd", map[string]any{"preset": "crater", "shape": "circle", "x": 60, "y": 10})
	if c := piece(t, s, "crater-1"); c.Circle == nil || *c.Circle != (table.Circle{X: 60, Y: 10, R: 3}) || c.Kind != table.Depression ||
		c.Cover != (table.CoverByClass{Trooper: table.CoverLight, Creature: table.CoverNone, Vehicle: table.CoverNone}) {
		t.Errorf("crater %+v", c)
	}
	edMust(t, s, "terrainAdd", map[string]any{"preset": "building", "shape": "polygon", "x": 60, "y": 28})
	if p := piece(t, s, "building-3"); len(p.Polygon) != 8 || shapeOf(&p) != "polygon" {
		t.Errorf("octagon building %+v", p.Polygon)
	}
	edMust(t, s, "terrainAdd", map[string]any{"preset": "ruins", "x": 20, "y": 28})
	want := [][2]float64{{17, 25}, {23, 25}, {23, 27.5}, {19.5, 27.5}, {19.5, 31}, {17, 31}}
	if p := piece(t, s, "ruins-1"); !polyEq(p.Polygon, want) || p.Move.Trooper != table.Difficult {
		t.Errorf("ruins %+v", p.Polygon)
	}
	// Undo takes the pieces back one by one.
	for _, id := range []string{"ruins-1", "building-3", "crater-1", "building-2", "building-1"} {
		if label, ok, _ := s.Doc().Undo(); !ok || label != "add "+id {
			t.Errorf("undo: %q %v, want add %s", label, ok, id)
		}
	}
	if n := len(s.Doc().File().Terrain); n != 0 {
		t.Errorf("%d pieces after undoing every add", n)
	}
	for _, bad := range []map[string]any{{"preset": "castle"}, {"preset": "building", "shape": "star"}} {
		if _, err := edCmd(t, s, "terrainAdd", bad); err == nil {
			t.Errorf("terrainAdd %v accepted", bad)
		}
	}

	// A millimetre table: every length ×25.4.
	m := editorScene(t, emptyDoc(t, "mm"), "terrain")
	edMust(t, m, "terrainAdd", map[string]any{"preset": "building", "x": 900, "y": 400})
	if p := piece(t, m, "building-1"); !polyEq(p.Polygon, [][2]float64{{798.4, 298.4}, {1001.6, 298.4}, {1001.6, 501.6}, {798.4, 501.6}}) ||
		math.Abs(p.Height-5.5*25.4) > 1e-9 {
		t.Errorf("mm building %+v height %v", p.Polygon, p.Height)
	}
}

// TestTerrainClickToPlace: with a preset armed, a click on the table places it there; Escape
// disarms; a click on empty space then does nothing.
func TestTerrainClickToPlace(t *testing.T) {
	s := editorScene(t, emptyDoc(t, "in"), "terrain")
	edMust(t, s, "terrainArm", map[string]any{"preset": "crater", "shape": "circle"})
	x, y := screenOf(s, 20, 10)
	edClick(s, x, y)
	c := piece(t, s, "crater-1")
	if c.Circle == nil || c.Circle.X != 20 || c.Circle.Y != 10 {
		t.Fatalf("placed %+v", c)
	}
	if st := terrainStateOf(t, s); st.Armed != "crater" || st.Selected != "crater-1" {
		t.Errorf("state %+v", st)
	}
	tick(s, Input{Escape: true})
	x, y = screenOf(s, 50, 10)
	edClick(s, x, y)
	if n := len(s.Doc().File().Terrain); n != 1 {
		t.Errorf("%d pieces after a click with nothing armed", n)
	}
	// The palette: a click on a preset button arms it, a click on a shape button picks the shape.
	tt := terrainToolOf(s)
	var ruins, circle *paletteButton
	for i := range tt.palette {
		switch tt.palette[i].Text {
		case "ruins":
			ruins = &tt.palette[i]
		case "circle":
			circle = &tt.palette[i]
		}
	}
	if ruins == nil || circle == nil {
		t.Fatalf("palette has no ruins or circle button")
	}
	edClick(s, float64(ruins.X+4), float64(ruins.Y+4))
	edClick(s, float64(circle.X+4), float64(circle.Y+4))
	if st := terrainStateOf(t, s); st.Armed != "ruins" || st.Shape != "circle" {
		t.Errorf("after the palette clicks: armed %q shape %q", st.Armed, st.Shape)
	}
	if n := len(s.Doc().File().Terrain); n != 1 {
		t.Errorf("palette clicks placed pieces: %d", n)
	}
}

// TestTerrainSelectAndMove: a click selects a piece; a drag shows a preview and commits one edit
// on release; a click on empty space deselects; Escape during a drag cancels it.
func TestTerrainSelectAndMove(t *testing.T) {
	s := editorScene(t, emptyDoc(t, "in"), "terrain")
	edMust(t, s, "terrainAdd", map[string]any{"preset": "building", "x": 36, "y": 18})
	edMust(t, s, "terrainSelect", map[string]any{"id": ""})
	x, y := screenOf(s, 35, 17)
	edClick(s, x, y)
	if st := terrainStateOf(t, s); st.Selected != "building-1" || st.Piece == nil || st.Piece.Shape != "rect" {
		t.Fatalf("click did not select: %+v", st)
	}
	rev := s.Doc().Rev()
	worldDrag(s, 35, 17, 39, 19)
	// The pointer lands on pixels, so the move is rounded to 0.01: (4, 2) within a pixel.
	b := piece(t, s, "building-1")
	dx, dy := b.Polygon[0][0]-32, b.Polygon[0][1]-14
	if math.Abs(dx-4) > 0.1 || math.Abs(dy-2) > 0.1 || s.Doc().Rev() != rev+1 || s.Doc().UndoLabel() != "move building-1" {
		t.Errorf("moved by (%v, %v), rev %d → %d, undo %q", dx, dy, rev, s.Doc().Rev(), s.Doc().UndoLabel())
	}
	if b.Polygon[2][0]-b.Polygon[0][0] != 8 || b.Polygon[2][1]-b.Polygon[0][1] != 8 {
		t.Errorf("the move changed the size: %v", b.Polygon)
	}
	// The preview while dragging: the document is unchanged until the release.
	x0, y0 := screenOf(s, 36, 18)
	x1, y1 := screenOf(s, 50, 30)
	before := s.Doc().JSON()
	edDrag(s, x0, y0, x1, y1, false, func() {
		if string(s.Doc().JSON()) != string(before) || s.File() == s.Doc().File() {
			t.Errorf("during the drag: document changed or no preview")
		}
		if st := terrainStateOf(t, s); st.Dragging != "move" {
			t.Errorf("dragging %q", st.Dragging)
		}
		tick(s, Input{X: x1, Y: y1, Left: true, Escape: true})
	})
	if string(s.Doc().JSON()) != string(before) || s.File() != s.Doc().File() {
		t.Errorf("Escape did not cancel the drag")
	}
	// Undo of the move.
	s.Doc().Undo()
	if p := piece(t, s, "building-1"); !polyEq(p.Polygon, [][2]float64{{32, 14}, {40, 14}, {40, 22}, {32, 22}}) {
		t.Errorf("after undo %v", p.Polygon)
	}
	// A click on empty table deselects.
	x, y = screenOf(s, 60, 30)
	edClick(s, x, y)
	tick(s, Input{X: x, Y: y})
	if st := terrainStateOf(t, s); st.Selected != "" || st.Piece != nil {
		t.Errorf("click on empty space left %q selected", st.Selected)
	}
}

// handleOf is the screen position of a handle of the selected piece.
func handleOf(t *testing.T, s *TableScene, kind string, i int) (float64, float64) {
	t.Helper()
	for _, h := range terrainToolOf(s).handles(s) {
		if h.kind.String() == kind && h.i == i {
			return h.x, h.y
		}
	}
	t.Fatalf("no %s handle %d", kind, i)
	return 0, 0
}

// TestTerrainRotateResize: the knob turns a piece (90° exactly with Shift's 15° steps), corner
// and edge handles resize a rectangle in its own axes, the radius handle a circle.
func TestTerrainRotateResize(t *testing.T) {
	s := editorScene(t, emptyDoc(t, "in"), "terrain")
	edMust(t, s, "terrainAdd", map[string]any{"preset": "trench", "x": 36, "y": 18}) // 10 × 1.5
	kx, ky := handleOf(t, s, "rotate", 0)
	cx, cy := screenOf(s, 36, 18)
	// The knob is straight above the centre; dragging it a quarter turn to the left (counter-
	// clockwise on the table) turns the piece by 90°.
	edDrag(s, kx, ky, cx-(cy-ky), cy, true, nil)
	want := [][2]float64{{36.75, 13}, {36.75, 23}, {35.25, 23}, {35.25, 13}}
	if p := piece(t, s, "trench-1"); !polyEq(p.Polygon, want) || s.Doc().UndoLabel() != "rotate trench-1" {
		t.Errorf("rotated %v (undo %q), want %v", p.Polygon, s.Doc().UndoLabel(), want)
	}
	s.Doc().Undo()

	edMust(t, s, "terrainAdd", map[string]any{"preset": "building", "x": 36, "y": 18})
	x, y := handleOf(t, s, "corner", 2) // (40, 22)
	x1, y1 := screenOf(s, 42, 25)
	edDrag(s, x, y, x1, y1, false, nil)
	p := piece(t, s, "building-1")
	if p.Polygon[0] != [2]float64{32, 14} || math.Abs(p.Polygon[2][0]-42) > 0.1 || math.Abs(p.Polygon[2][1]-25) > 0.1 ||
		!ops.IsRect(p.Polygon) || s.Doc().UndoLabel() != "resize building-1" {
		t.Errorf("corner resize %v", p.Polygon)
	}
	s.Doc().Undo()
	x, y = handleOf(t, s, "edge", 1) // right edge, midpoint (40, 18)
	x1, y1 = screenOf(s, 45, 19)
	edDrag(s, x, y, x1, y1, false, nil)
	p = piece(t, s, "building-1")
	if math.Abs(p.Polygon[1][0]-45) > 0.1 || p.Polygon[1][1] != 14 || p.Polygon[2][1] != 22 || p.Polygon[0] != [2]float64{32, 14} {
		t.Errorf("edge resize %v", p.Polygon)
	}
	// Dragging an edge past the opposite one stops at the minimum size 0.1.
	x, y = handleOf(t, s, "edge", 1)
	x1, y1 = screenOf(s, 20, 18)
	edDrag(s, x, y, x1, y1, false, nil)
	if p = piece(t, s, "building-1"); math.Abs(p.Polygon[1][0]-32.1) > 1e-9 {
		t.Errorf("edge dragged past the opposite edge: %v", p.Polygon)
	}

	edMust(t, s, "terrainAdd", map[string]any{"preset": "crater", "x": 10, "y": 10})
	x, y = handleOf(t, s, "radius", 0) // (13, 10)
	x1, y1 = screenOf(s, 15, 10)
	edDrag(s, x, y, x1, y1, false, nil)
	if c := piece(t, s, "crater-1"); math.Abs(c.Circle.R-5) > 0.1 || c.Circle.X != 10 {
		t.Errorf("radius drag %+v", c.Circle)
	}
}

// TestTerrainVertexEdit: dragging a polygon's vertex reshapes it; a drag that makes it cross
// itself shows why while dragging and is refused on release with the loader's message, changing
// nothing.
func TestTerrainVertexEdit(t *testing.T) {
	s := editorScene(t, emptyDoc(t, "in"), "terrain")
	edMust(t, s, "terrainAdd", map[string]any{"preset": "ruins", "x": 36, "y": 18})
	// L: (33,15) (39,15) (39,17.5) (35.5,17.5) (35.5,21) (33,21).
	x, y := handleOf(t, s, "vertex", 0)
	x1, y1 := screenOf(s, 32, 14)
	edDrag(s, x, y, x1, y1, false, nil)
	p := piece(t, s, "ruins-1")
	if math.Abs(p.Polygon[0][0]-32) > 0.1 || math.Abs(p.Polygon[0][1]-14) > 0.1 || s.Doc().UndoLabel() != "reshape ruins-1" {
		t.Fatalf("vertex move %v", p.Polygon)
	}
	// Vertex 3 (35.5, 17.5) dragged to (37, 13) folds the L across its bottom edge.
	rev, before := s.Doc().Rev(), string(s.Doc().JSON())
	x, y = handleOf(t, s, "vertex", 3)
	x1, y1 = screenOf(s, 37, 13)
	edDrag(s, x, y, x1, y1, false, func() {
		if st := terrainStateOf(t, s); !strings.Contains(st.Invalid, "cross") {
			t.Errorf("while dragging: invalid %q", st.Invalid)
		}
	})
	if s.Doc().Rev() != rev || string(s.Doc().JSON()) != before {
		t.Errorf("a self-intersecting polygon was accepted")
	}
	msg := s.Snapshot().Message
	if !strings.Contains(msg, "piece.polygon: edges") || !strings.Contains(msg, "cross") || !strings.Contains(msg, "refused") {
		t.Errorf("message %q, want the loader's fault", msg)
	}
	if s.File() != s.Doc().File() {
		t.Errorf("the refused preview is still shown")
	}
}

// TestTerrainSetDuplicateDelete: properties, copies and deletion, each one undoable edit; words
// the loader does not know are refused with its message.
func TestTerrainSetDuplicateDelete(t *testing.T) {
	s := editorScene(t, emptyDoc(t, "in"), "terrain")
	edMust(t, s, "terrainAdd", map[string]any{"preset": "barricade", "x": 20, "y": 20})
	edMust(t, s, "terrainSet", map[string]any{"id": "barricade-1", "height": 1.2, "cover": map[string]string{"vehicle": "light"},
		"move": "difficult"})
	if st := terrainStateOf(t, s); st.Piece == nil || st.Piece.Cover != (table.CoverByClass{Trooper: table.CoverHeavy, Creature: table.CoverNone, Vehicle: table.CoverLight}) {
		t.Errorf("state cover of a piece with cover by class: %#v", st.Piece.Cover)
	}
	p := piece(t, s, "barricade-1")
	if p.Height != 1.2 || p.Cover != (table.CoverByClass{Trooper: table.CoverHeavy, Creature: table.CoverNone, Vehicle: table.CoverLight}) ||
		p.Move != (table.MoveByClass{Trooper: table.Difficult, Ground: table.Difficult, Repulsor: table.Difficult}) {
		t.Errorf("after terrainSet %+v", p)
	}
	edMust(t, s, "terrainSet", map[string]any{"id": "barricade-1", "kind": "area", "cover": "light", "base": 0.5})
	if p = piece(t, s, "barricade-1"); p.Kind != table.Area || p.Standable || p.Base != 0.5 || p.Cover.Creature != table.CoverLight {
		t.Errorf("kind change %+v", p)
	}
	if st := terrainStateOf(t, s); st.Piece == nil || st.Piece.Cover != table.CoverLight || st.Piece.Kind != table.Area {
		t.Errorf("state piece %+v", st.Piece)
	}
	rev := s.Doc().Rev()
	for _, bad := range []map[string]any{
		{"id": "barricade-1", "cover": "thick"},
		{"id": "barricade-1", "height": -1},
		{"id": "barricade-1", "kind": "lava"},
		{"id": "barricade-1", "move": map[string]string{"walker": "open"}},
		{"id": "nope", "height": 1},
	} {
		if _, err := edCmd(t, s, "terrainSet", bad); err == nil {
			t.Errorf("terrainSet %v accepted", bad)
		}
	}
	if _, err := edCmd(t, s, "terrainSet", map[string]any{"id": "barricade-1", "cover": "thick"}); err == nil ||
		!strings.Contains(err.Error(), `cover: unknown cover "thick"`) {
		t.Errorf("bad cover: %v", err)
	}
	if s.Doc().Rev() != rev {
		t.Errorf("refused edits changed the document")
	}
	s.Doc().Undo()
	if p = piece(t, s, "barricade-1"); p.Kind != table.Solid || p.Height != 1.2 {
		t.Errorf("undo of terrainSet: %+v", p)
	}

	out := edMust(t, s, "terrainDuplicate", map[string]any{"id": "barricade-1"})
	if string(out) != `{"id":"barricade-2"}` || terrainStateOf(t, s).Selected != "barricade-2" {
		t.Errorf("duplicate %s", out)
	}
	a, b := piece(t, s, "barricade-1"), piece(t, s, "barricade-2")
	for i := range a.Polygon {
		if b.Polygon[i][0] != a.Polygon[i][0]+2 || b.Polygon[i][1] != a.Polygon[i][1]-2 {
			t.Errorf("copy vertex %d: %v from %v", i, b.Polygon[i], a.Polygon[i])
		}
	}
	if b.Height != a.Height || b.Cover != a.Cover || b.Move != a.Move {
		t.Errorf("copy %+v of %+v", b, a)
	}
	// Delete by command, then by the Delete key on the selection.
	edMust(t, s, "terrainDelete", map[string]any{"id": "barricade-1"})
	if pieceIndex(s.Doc().File(), "barricade-1") >= 0 || s.Doc().UndoLabel() != "delete barricade-1" {
		t.Errorf("terrainDelete")
	}
	tick(s, Input{Delete: true})
	if n := len(s.Doc().File().Terrain); n != 0 || terrainStateOf(t, s).Selected != "" {
		t.Errorf("Delete key: %d pieces left", n)
	}
	s.Doc().Undo()
	s.Doc().Undo()
	if len(s.Doc().File().Terrain) != 2 {
		t.Errorf("undo of both deletes: %d pieces", len(s.Doc().File().Terrain))
	}
}

// TestLayoutMirror: the default layout is point-symmetric by design (bldg-1 mirrors onto bldg-2's
// place); mirroring maps every point p to (72, 36) − p and turns facings by 180°, and mirroring
// twice gives the file back byte for byte.
func TestLayoutMirror(t *testing.T) {
	f, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	d, _ := NewDoc(f)
	s := editorScene(t, d, "terrain")
	orig := string(s.Doc().JSON())
	edMust(t, s, "layoutMirror", nil)
	b1 := piece(t, s, "bldg-1")
	if !polyEq(b1.Polygon, [][2]float64{{60, 23}, {50, 23}, {50, 14}, {60, 14}}) {
		t.Errorf("bldg-1 mirrored to %v", b1.Polygon)
	}
	if c := piece(t, s, "crater-1"); c.Circle.X != 36 || c.Circle.Y != 18 {
		t.Errorf("crater at the centre moved: %+v", c.Circle)
	}
	m := s.Doc().File().UnitsOnTable[0].Minis[0] // red-storm-1-1 at (7.5, 2.2) facing 90
	if m.X != 64.5 || m.Y != 33.8 || m.Facing != 270 {
		t.Errorf("mini mirrored to (%v, %v) facing %v", m.X, m.Y, m.Facing)
	}
	if s.Doc().UndoLabel() != "mirror the layout" {
		t.Errorf("undo label %q", s.Doc().UndoLabel())
	}
	edMust(t, s, "layoutMirror", nil)
	if string(s.Doc().JSON()) != orig {
		t.Errorf("mirroring twice changed the file")
	}
	s.Doc().Undo()
	s.Doc().Undo()
	if string(s.Doc().JSON()) != orig {
		t.Errorf("undoing both mirrors changed the file")
	}
	for _, f := range []float64{0, 90, 179.5, 180, 270, -90, 450} {
		if g := ops.MirrorFacing(ops.MirrorFacing(f)); g != f {
			t.Errorf("facing %v mirrored twice is %v", f, g)
		}
	}
}

// TestTerrainDraw: drawing a polygon corner by corner; double-click closes it; a bow tie is
// refused with the loader's message and stays a draft; Backspace takes a corner back; Enter closes.
func TestTerrainDraw(t *testing.T) {
	s := editorScene(t, emptyDoc(t, "in"), "terrain")
	edMust(t, s, "terrainArm", map[string]any{"preset": "woods-light", "shape": "draw"})
	clickAt := func(x, y float64) {
		sx, sy := screenOf(s, x, y)
		edClick(s, sx, sy)
		for i := 0; i < 25; i++ { // more than a double-click apart
			tick(s, Input{X: sx, Y: sy})
		}
	}
	clickAt(10, 10)
	clickAt(20, 10)
	sx, sy := screenOf(s, 15, 20)
	edClick(s, sx, sy)
	if st := terrainStateOf(t, s); len(st.Draft) != 3 || len(s.Doc().File().Terrain) != 0 {
		t.Fatalf("draft %v", st.Draft)
	}
	edClick(s, sx, sy) // the second click of a double-click closes
	p := piece(t, s, "woods-light-1")
	if !polyEq(p.Polygon, [][2]float64{{10, 10}, {20, 10}, {15, 20}}) || p.Kind != table.Area || p.Cover.Trooper != table.CoverLight {
		t.Errorf("drawn piece %+v", p)
	}
	if st := terrainStateOf(t, s); len(st.Draft) != 0 || st.Armed != "woods-light" {
		t.Errorf("after closing: %+v", st)
	}

	// A bow tie: (40,10) (50,20) (50,10) (40,20) crosses itself.
	for _, v := range [][2]float64{{40, 10}, {50, 20}, {50, 10}, {40, 20}} {
		clickAt(v[0], v[1])
	}
	tick(s, Input{Keys: []ebiten.Key{ebiten.KeyEnter}})
	if len(s.Doc().File().Terrain) != 1 || !strings.Contains(s.Snapshot().Message, "cross") {
		t.Errorf("bow tie: %d pieces, message %q", len(s.Doc().File().Terrain), s.Snapshot().Message)
	}
	if st := terrainStateOf(t, s); len(st.Draft) != 4 {
		t.Errorf("the refused draft was dropped: %v", st.Draft)
	}
	tick(s, Input{Delete: true}) // Backspace: (40,20) goes
	tick(s, Input{Keys: []ebiten.Key{ebiten.KeyEnter}})
	if p := piece(t, s, "woods-light-2"); !polyEq(p.Polygon, [][2]float64{{40, 10}, {50, 20}, {50, 10}}) {
		t.Errorf("after Backspace and Enter: %v", p.Polygon)
	}
}

// TestTerrainState: coverage and placement in the state agree with package rules, and the JSON
// names are the documented ones.
func TestTerrainState(t *testing.T) {
	f, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	d, _ := NewDoc(f)
	s := editorScene(t, d, "terrain")
	edMust(t, s, "terrainSelect", "ruin-3")
	st := terrainStateOf(t, s)
	w := rules.NewWorld(f)
	if cv := w.TerrainCoverage(); st.Coverage != cv.Fraction || cv.Fraction < 0.1 || cv.Fraction > 0.4 {
		t.Errorf("coverage %v, rules say %v", st.Coverage, cv.Fraction)
	}
	checks := w.TerrainPlacement()
	if len(st.Placement) != len(checks) {
		t.Fatalf("%d placement entries, %d pieces", len(st.Placement), len(checks))
	}
	for i, c := range checks {
		p := st.Placement[i]
		if p.ID != c.ID || p.OK != c.OK || p.Nearest != c.Nearest || p.Distance == nil || *p.Distance != c.Distance {
			t.Errorf("placement %d: %+v, rules %+v", i, p, c)
		}
	}
	b, _ := json.Marshal(s.Snapshot().ToolState)
	var m map[string]any
	json.Unmarshal(b, &m)
	for _, k := range []string{"selected", "piece", "coverage", "placement", "armed", "shape", "draft", "dragging", "invalid"} {
		if _, ok := m[k]; !ok {
			t.Errorf("toolState has no %q: %s", k, b)
		}
	}
	pc := m["piece"].(map[string]any)
	for _, k := range []string{"id", "shape", "polygon", "height", "base", "kind", "cover", "coverByClass", "move", "standable", "placement"} {
		if _, ok := pc[k]; !ok {
			t.Errorf("toolState.piece has no %q", k)
		}
	}
	pl := m["placement"].([]any)[0].(map[string]any)
	for _, k := range []string{"id", "ok", "touching", "nearest", "distance", "text"} {
		if _, ok := pl[k]; !ok {
			t.Errorf("placement entry has no %q", k)
		}
	}
	// Two pieces 2 apart: both flagged, with the gap; the label reads as in the brief.
	s2 := editorScene(t, emptyDoc(t, "in"), "terrain")
	edMust(t, s2, "terrainAdd", map[string]any{"preset": "building", "x": 10, "y": 10}) // [6,14]
	edMust(t, s2, "terrainAdd", map[string]any{"preset": "building", "x": 20, "y": 10}) // [16,24]
	st = terrainStateOf(t, s2)
	if len(st.Placement) != 2 || st.Placement[0].OK || *st.Placement[0].Distance != 2 || st.Placement[0].Nearest != "building-2" {
		t.Errorf("placement %+v", st.Placement)
	}
	c := w.TerrainPlacement()[0]
	c.Distance, c.Nearest, c.OK = 2.1, "ruin-3", false
	if got := placementText(&c, f); got != `2.1" from ruin-3 (needs > 6")` {
		t.Errorf("label %q", got)
	}
	SetDisplayUnit("cm")
	if got := placementText(&c, f); got != `5.3 cm from ruin-3 (needs > 15.2 cm)` {
		t.Errorf("label in cm %q", got)
	}
	SetDisplayUnit("in")
	c.Touching = true
	if got := placementText(&c, f); got != `touches ruin-3` {
		t.Errorf("touching label %q", got)
	}
	if !reflect.DeepEqual(st.Piece.Polygon, piece(t, s2, "building-2").Polygon) {
		t.Errorf("state polygon %v", st.Piece.Polygon)
	}
}

// TestPaletteKeepsTableClear: with a layout tool the fitted table stays below its palette; back
// with another tool it fits as before. A camera the user moved is left alone.
func TestPaletteKeepsTableClear(t *testing.T) {
	f, err := table.Load(maps.Skirmish())
	if err != nil {
		t.Fatal(err)
	}
	d, _ := NewDoc(f)
	s := NewTableScene("test", d)
	tick(s, Input{ScreenChanged: true})
	_, top0 := s.Camera().WorldToScreen(0, 36)
	for _, tool := range []string{"terrain", "units"} {
		if err := s.SetTool(tool); err != nil {
			t.Fatal(err)
		}
		tick(s, Input{})
		reserve := s.Tool().(TopReserver).ReserveTop(s)
		_, top := s.Camera().WorldToScreen(0, 36)
		if reserve <= top0 || top < reserve+8-1e-9 {
			t.Errorf("%s: palette down to %v, table top %v (was %v)", tool, reserve, top, top0)
		}
	}
	s.SetTool("measure")
	if _, top := s.Camera().WorldToScreen(0, 36); math.Abs(top-top0) > 1e-9 {
		t.Errorf("back to measure: table top %v, want %v", top, top0)
	}
	// Panned: switching tools keeps the camera.
	tick(s, Input{X: 5, Y: 5, Left: true, LeftPressed: true})
	tick(s, Input{X: 55, Y: 25, Left: true})
	tick(s, Input{X: 55, Y: 25, LeftReleased: true})
	cam := s.Camera()
	s.SetTool("terrain")
	if s.Camera() != cam {
		t.Errorf("a panned camera was refitted on a tool switch")
	}
}
