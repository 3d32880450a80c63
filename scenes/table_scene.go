package scenes

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
	"holotable/render"
	"holotable/rules"
	"holotable/table"
)

// TableScene shows one table file top-down at true scale: the table, terrain footprints and every
// mini's base. Left-drag on empty space, or right- or middle-drag anywhere, pans; the wheel zooms
// about the cursor; F fits the table; a left click on a base selects its mini.
type TableScene struct {
	name       string
	doc        *Doc
	preview    *table.File  // what a tool shows instead of the document while it drags; nil if none
	previewIDs []string     // what the preview changed (its patch's ids)
	previewBad bool         // the preview breaks the file format (a drag's shape the loader refuses)
	history    *historyView // a history entry shown read-only, nil when none (history.go)
	viewRev    int          // changes whenever the shown file changes (edit, preview, history)
	shown      *table.File  // the file minis was built from
	minis      []placedMini // every mini of the shown file, in draw order
	shownWorld *rules.World // the rules world of shownWorldOf (when it is not the document's)
	worldOf    *table.File
	cam        Camera
	fitted     bool // the camera is the fit for the current screen (refit when the screen changes)
	screen     Screen
	now        time.Duration // the time of the last input

	selected string // selected mini id, "" when none
	drag     drag
	tool     Tool
	tools    map[string]Tool
	message  string   // the message of the last action (an error or notice), shown in the heads-up panel
	action   int      // actions started so far (action.go)
	touch    bool     // the last input was a finger, not the mouse (input_kind.go): hints for fingers, bases picked with a fingertip's slop
	touchPg  bool     // the page says it is on a touch screen (reserve's touch): hints for fingers
	stand    standing // a placement held back, units placed anyway (standing.go)
	cursorX  float64
	cursorY  float64

	overlays Overlays // optional layers of the table drawing (shell.go)
	pageTop  float64  // CSS px at the top the page's toolbar covers (shell.go); Fit keeps clear of it
	pageBot  float64  // CSS px at the bottom the page's tool panel covers (shell.go)
	pageDock float64  // CSS px at the bottom the page docks its panel and messages in (shell.go); Fit keeps clear of it
	pageSide float64  // CSS px the page's dock would take as a column at the right of the table (shell.go, dockedView); 0: never
	pageLeft float64  // CSS px from the left where the page's toolbar starts (shell.go; 0: unknown); the heads-up lines beside it stop short (hud_fit.go)
	band     float64  // CSS px: the current tool's palette band as last measured, kept below a turned table (palette_dock.go, D155)

	pieces []render.Piece // reused between frames
	moving []render.Piece // the pieces a preview has moved, drawn over the cached ground
	bases  []render.Base

	layer    *ebiten.Image // the table as last drawn, and what it was drawn for
	layerKey *viewKey
	ground   groundCache       // the layer's background, table, grids and terrain (ground.go)
	labels   render.LabelCache // the unit labels
	hud      render.PanelCache // the heads-up panel's lines
	heat     heatOverlay       // the visibility heat map, when on (heatmap.go)
	grid     *gridView         // a grid table shown instead of the document (swm_view.go), nil when none

	// stepBudget bounds the work a tick spends on what can wait for the next (job.go); 0: none.
	stepBudget time.Duration
}

type placedMini struct {
	unit *table.Unit
	mini *table.Mini
}

type drag struct {
	active       bool
	leftButton   bool // started with the left button (a click without movement deselects)
	lastX, lastY float64
	moved        float64 // total pointer travel in pixels
}

// NewTableScene shows the document d; name is shown in the heads-up line. It starts with the
// measure tool when one is registered.
func NewTableScene(name string, d *Doc) *TableScene {
	s := &TableScene{name: name, doc: d, tools: map[string]Tool{}, overlays: DefaultOverlays}
	if _, ok := toolMakers["measure"]; ok {
		_ = s.SetTool("measure")
	}
	s.refresh()
	return s
}

// Camera is the current camera.
func (s *TableScene) Camera() Camera { return s.cam }

// Screen is the game screen.
func (s *TableScene) Screen() Screen { return s.screen }

// Doc is the document shown.
func (s *TableScene) Doc() *Doc { return s.doc }

// File is the table shown: a history entry while one is viewed, a tool's preview while it has
// one, else the document's file.
func (s *TableScene) File() *table.File {
	switch {
	case s.history != nil:
		return s.history.file
	case s.preview != nil:
		return s.preview
	}
	return s.doc.File()
}

// State is the document's current file and world.
func (s *TableScene) State() *ops.State { return s.doc.State() }

// World is the document's rules world.
func (s *TableScene) World() *rules.World { return s.doc.World() }

// ShownWorld is the rules world of the file shown (built once for each shown file). A preview
// the file format refuses (a polygon crossing itself) has no world: the document's stands in.
func (s *TableScene) ShownWorld() *rules.World {
	f := s.File()
	if f == s.doc.File() || (f == s.preview && s.previewBad) {
		return s.doc.World()
	}
	if s.worldOf != f {
		s.shownWorld, s.worldOf = rules.NewWorld(f), f
	}
	return s.shownWorld
}

// Rev is the document's revision; ViewRev changes whenever the file shown changes.
func (s *TableScene) Rev() int { return s.doc.Rev() }

// ViewRev changes whenever the file shown changes.
func (s *TableScene) ViewRev() int { return s.viewRev }

// Preview shows op applied to the document, uncommitted (nil clears the preview); the error is
// the op's refusal or its result's format fault (the result is shown anyway when there is one).
func (s *TableScene) Preview(op ops.Op) error {
	if s.history != nil {
		return errors.New(TFor(s.fingers(), "history.readOnly"))
	}
	if op == nil {
		s.setPreview(nil, nil)
		return nil
	}
	f, p, err := ops.Preview(op, s.doc.State())
	if f == nil {
		return err
	}
	s.setPreview(f, p.IDs())
	s.previewBad = err != nil
	return err
}

// Previewing reports whether a preview is shown.
func (s *TableScene) Previewing() bool { return s.preview != nil }

func (s *TableScene) setPreview(f *table.File, ids []string) {
	if f == nil && s.preview == nil {
		return
	}
	s.preview, s.previewIDs, s.previewBad = f, ids, false
	s.viewRev++
	s.refresh()
}

// Submit commits ops as one change (one op, or a group undone as one) and clears the preview; a
// refusal changes nothing. Nothing is submitted while a history entry is viewed.
func (s *TableScene) Submit(list ...ops.Op) error {
	if s.history != nil {
		return errors.New(TFor(s.fingers(), "history.readOnly"))
	}
	if err := s.doc.Submit(list...); err != nil {
		return err
	}
	s.setPreview(nil, nil)
	return nil
}

// Tool is the current tool (nil if none is registered).
func (s *TableScene) Tool() Tool { return s.tool }

// Selected is the selected mini's id ("" when none); Select changes it.
func (s *TableScene) Selected() string { return s.selected }

// Select selects the mini with the given id ("" to clear).
func (s *TableScene) Select(id string) { s.selected = id }

// SetMessage shows a notice or error in the heads-up panel ("" clears it).
func (s *TableScene) SetMessage(m string) { s.message = m }

// PanelTop is where a tool's own panel or palette may start (device px): below the heads-up
// panel and the page's toolbar.
func (s *TableScene) PanelTop() float64 {
	k := s.scale()
	return math.Max(s.hudTop()+render.PanelHeight(len(s.hudLines()), hudFontSize*k)+6*k, (s.pageTop+4)*k)
}

// PageBottom is the CSS px the page's tool panel covers at the bottom.
func (s *TableScene) PageBottom() float64 { return s.pageBot }

// refresh rebuilds the list of minis when the shown file changed.
func (s *TableScene) refresh() {
	s.syncGrid()
	f := s.File()
	if f == s.shown {
		return
	}
	s.shown = f
	s.minis = s.minis[:0]
	for ui := range f.UnitsOnTable {
		u := &f.UnitsOnTable[ui]
		for mi := range u.Minis {
			s.minis = append(s.minis, placedMini{unit: u, mini: &u.Minis[mi]})
		}
	}
	if s.selected != "" && s.selectedIndex() < 0 {
		s.selected = ""
	}
}

// selectedIndex is the index of the selected mini in s.minis, or -1.
func (s *TableScene) selectedIndex() int {
	for i, pm := range s.minis {
		if pm.mini.ID == s.selected {
			return i
		}
	}
	return -1
}

// MiniAt is the id of the mini under screen point (x, y) as miniAt picks it, or "".
func (s *TableScene) MiniAt(x, y float64) string {
	if i := s.miniAt(x, y); i >= 0 {
		return s.minis[i].mini.ID
	}
	return ""
}

// Scale is the device scale factor (device pixels per CSS pixel).
func (s *TableScene) Scale() float64 { return s.scale() }

const (
	clickSlop   = 4    // CSS px of travel below which a press and release is a click
	zoomStep    = 1.15 // zoom factor per wheel step
	minZoomFit  = 0.5  // zoom limits, relative to the fit zoom
	maxZoomFit  = 30.0
	hudLines    = 2
	hudFontSize = 13 // CSS px
)

func (s *TableScene) scale() float64 {
	if s.screen.Scale <= 0 {
		return 1
	}
	return s.screen.Scale
}

// fitView is the part of the screen the table is fitted into: the screen less a margin, the
// heads-up panel at the top and the page's dock (fitLayout).
func (s *TableScene) fitView() Rect {
	v, _ := s.fitLayout()
	return v
}

// fitLayout is fitView, and whether the page's dock stands at the right of the table rather
// than below it (dockedView).
func (s *TableScene) fitLayout() (Rect, bool) {
	k := s.scale()
	m := 16 * k
	top := s.hudTop() + 8*k + hudFontSize*k*(1.35*hudLines+1)
	top = math.Max(top, (s.pageTop+8)*k)
	if r, ok := s.tool.(TopReserver); ok && s.pageDock <= 0 { // a tool's palette; in the page's dock it stands below the table (palette_dock.go)
		top = math.Max(top, r.ReserveTop(s)+8*k)
	}
	v, right := s.dockedView(top, m)
	if v.W < 1 || v.H < 1 {
		return Rect{W: math.Max(1, s.screen.W), H: math.Max(1, s.screen.H)}, false
	}
	return v, right
}

// dockedView is the view between top and the page's dock, and whether the dock stands at the
// right of the table rather than below it (D154): a grid table (no palettes) whose fit is about
// as large with the page's side column beside it as with the dock below it (sideDockShare) — a
// 24 × 16 grid on a 1440 × 900 window — gets the column, so that its panel and the explanation have the
// window's height instead of the rows below the map.
func (s *TableScene) dockedView(top, m float64) (Rect, bool) {
	k := s.scale()
	bottom := math.Max(m, (math.Max(s.pageBot, s.pageDock)+8)*k)
	if s.grid != nil && s.pageDock > 0 { // the grid's panel takes more rows (swm_view.go)
		bottom += gridDockExtra * k
	}
	below := Rect{X: m, Y: top, W: s.screen.W - 2*m, H: s.screen.H - top - bottom}
	if s.grid == nil || s.pageDock <= 0 || s.pageSide <= 0 {
		return below, false
	}
	side := Rect{X: m, Y: top, W: s.screen.W - 2*m - (s.pageSide+8)*k, H: s.screen.H - top - m}
	if side.W < 1 || side.H < 1 {
		return below, false
	}
	w, d := s.tableSize()
	if Fit(w, d, side).Zoom < sideDockShare*Fit(w, d, below).Zoom {
		return below, false
	}
	return side, true
}

// sideDockShare is the least share of the table's size with the dock below it that the table
// keeps with the dock beside it for the column to be chosen: the panel and the explanation gain
// the window's height for at most 5 % of the map's size.
const sideDockShare = 0.95

// DockSide is the width (CSS px) of the page's column at the right of the table that holds its
// panel and messages when the dock stands there (dockedView), else 0.
func (s *TableScene) DockSide() float64 {
	if _, right := s.fitLayout(); right {
		return s.pageSide
	}
	return 0
}

func (s *TableScene) fit() {
	s.cam = s.fitCamera()
	s.fitted = true
}

// fitIfTurned fits the view anew when the fit turns the table the other way than the view does:
// the screen, the tool or the heat map changed what the fit needs (D146).
func (s *TableScene) fitIfTurned() {
	if s.cam.Zoom != 0 && s.fitCamera().Turned != s.cam.Turned {
		s.fit()
	}
}

// fitCamera is the camera that fits the table into fitView. With the page's dock (its panel and
// messages below the table) the table stands at the top of the view, so that the room a table
// fitted to the width leaves goes to the dock.
func (s *TableScene) fitCamera() Camera {
	v := s.fitView()
	w, d := s.tableSize()
	// A wide table turns on a portrait screen (D146), but a grid's squares stay upright
	// (swm_draw.go). A tool's palette in the page's dock, and on a phone the heat map's legend,
	// stand below the turned table: it is fitted into the room above their band (D155). Elsewhere
	// the heat map takes the table upright: its legend needs the room an upright table leaves.
	var c Camera
	_, palette := s.tool.(TopReserver)
	phoneHeat := s.heat.on && s.pageDock > 0 && s.narrow()
	switch {
	case s.grid != nil || (s.heat.on && !phoneHeat) || (palette && s.pageDock <= 0):
		c = Fit(w, d, v)
	case palette || phoneHeat:
		c = fitAbove(w, d, v, s.band*s.scale())
	default:
		c = FitTurning(w, d, v)
	}
	if s.pageDock > 0 {
		c.PanY += v.Y - c.Box(w, d).Y
	}
	return c
}

// tableSize is the extent of the table in camera units: the battlefield's width and depth, or a
// grid's squares across and down.
func (s *TableScene) tableSize() (w, d float64) {
	if s.grid != nil {
		return float64(s.grid.file.Width), float64(s.grid.file.Height)
	}
	f := s.File()
	return f.Battlefield.Width, f.Battlefield.Depth
}

// Dock is the height (CSS px) below the fitted table that the page docks its panel and messages
// in: at least what it reserved, and all that a table fitted to the width leaves; with the dock
// as a column beside the table (DockSide) the window's height below the toolbar.
func (s *TableScene) Dock() float64 {
	if s.pageDock <= 0 {
		return 0
	}
	k := s.scale()
	if _, right := s.fitLayout(); right { // the column beside the table: from below the toolbar down
		return math.Max(s.pageDock, s.screen.H/k-s.pageTop-8)
	}
	b := s.fitCamera().Box(s.tableSize())
	return math.Max(s.pageDock, (s.screen.H-b.Y-b.H)/k-8-s.paletteBand()-s.heatBand())
}

// DockRoom is the height (CSS px) between the band a tool's palette (or on a phone the heat
// map's legend) takes below the fitted table and the window's bottom, less 8: what the page's
// panel may take without reaching into the palette. Dock, which is at least what the page
// reserved, is more where the palette leaves less (two rows and a hint below a width-limited table
// at 1024 × 700, a phone's unfolded sheet under a palette); the page then keeps its panel to
// this room. 0 without the page's dock or with the dock beside the table.
func (s *TableScene) DockRoom() float64 {
	if s.pageDock <= 0 {
		return 0
	}
	if _, right := s.fitLayout(); right {
		return 0
	}
	k := s.scale()
	b := s.fitCamera().Box(s.tableSize())
	return (s.screen.H-b.Y-b.H)/k - 8 - s.paletteBand() - s.heatBand()
}

func (s *TableScene) zoomLimits() (float64, float64) {
	f := s.fitCamera().Zoom
	return f * minZoomFit, f * maxZoomFit
}

// miniAt is the topmost mini whose base is under screen point (x, y); else the one whose rim is
// nearest within the pick slop; else -1. (On a phone's small table the slop reaches the
// neighbours of a base: a tap on a base picks that base, not the topmost neighbour.)
func (s *TableScene) miniAt(x, y float64) int {
	slop := 2 * s.scale()
	if s.touch { // a fingertip is about 10 CSS px across where it meets the screen
		slop = 10 * s.scale()
	}
	best, bestD := -1, math.Inf(1)
	for i := len(s.minis) - 1; i >= 0; i-- {
		m := s.minis[i].mini
		cx, cy := s.cam.WorldToScreen(m.X, m.Y)
		d := math.Hypot(x-cx, y-cy) - s.cam.Length(m.Base/2) // ≤ 0 on the base
		if d <= 0 {
			return i
		}
		if d <= slop && d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// Update applies one tick of input.
func (s *TableScene) Update(in *Input) error {
	s.screen = in.Screen
	s.cursorX, s.cursorY = in.X, in.Y
	s.now = in.Time
	s.noteInputKind(in)
	if startsAction(in) {
		s.beginAction()
	}
	// A fitted view follows the screen; one panned or zoomed by hand is fitted anew when the
	// screen turns between portrait and landscape, as its table turns then (D146).
	if s.cam.Zoom == 0 || (in.ScreenChanged && s.fitted) {
		s.fit()
	} else if in.ScreenChanged {
		s.fitIfTurned()
	}
	if in.Fit {
		s.fit()
	}
	s.refresh()
	if s.history != nil && in.Escape { // back to now (history.go)
		s.LeaveHistory()
		in.Escape = false
	}
	if (in.Undo || in.Redo) && s.history == nil {
		name := "undo"
		if in.Redo {
			name = "redo"
		}
		_, _ = s.Command(name, nil)
	}

	// The tool first: if it takes the left button, the scene neither pans nor selects. While a
	// history entry is viewed (read only) the tools rest.
	var used bool
	if s.grid != nil { // a grid table: its own clicks, no Legion tool (swm_view.go)
		used = !s.drag.active && s.grid.update(s, in)
	} else {
		used = s.tool != nil && s.history == nil && !s.drag.active && s.tool.Update(s, in)
	}
	s.refresh()
	s.measureBand()
	s.heat.update(s, in)

	// Start a drag or select.
	switch {
	case in.RightPressed || in.MiddlePressed:
		s.drag = drag{active: true, lastX: in.X, lastY: in.Y}
	case in.LeftPressed && !used:
		if i := s.miniAt(in.X, in.Y); i >= 0 && s.grid == nil {
			s.selected = s.minis[i].mini.ID
			s.drag = drag{}
		} else {
			s.drag = drag{active: true, leftButton: true, lastX: in.X, lastY: in.Y}
		}
	}
	if s.drag.active {
		dx, dy := in.X-s.drag.lastX, in.Y-s.drag.lastY
		if dx != 0 || dy != 0 {
			s.cam = s.cam.Panned(dx, dy)
			s.fitted = false
			s.drag.moved += math.Hypot(dx, dy)
			s.drag.lastX, s.drag.lastY = in.X, in.Y
		}
		held := in.Right || in.Middle || (s.drag.leftButton && in.Left)
		if !held {
			if s.drag.leftButton && s.drag.moved < clickSlop*s.scale() {
				s.selected = "" // a click on empty space
			}
			s.drag = drag{}
		}
	}

	if in.Wheel != 0 {
		lo, hi := s.zoomLimits()
		s.cam = s.cam.ZoomedAbout(in.X, in.Y, math.Pow(zoomStep, in.Wheel), lo, hi)
		s.fitted = false
	}
	if in.Pinch > 0 {
		lo, hi := s.zoomLimits()
		s.cam = s.cam.Panned(in.PinchDX, in.PinchDY).ZoomedAbout(in.PinchX, in.PinchY, in.Pinch, lo, hi)
		s.fitted = false
	}
	return nil
}

// viewKey is everything the table layer depends on: when it is unchanged, the layer drawn last
// time is reused. (Anti-aliased vector fills are costly on software-rendered WebGL; an idle table
// then costs one image copy per frame.)
type viewKey struct {
	cam      Camera
	screen   Screen
	selected string
	doc      int // Doc.Rev
	view     int // viewRev
	heat     int // heatOverlay.rev
}

// Draw draws the table layer (cached, see viewKey) and the heads-up panel on top.
func (s *TableScene) Draw(screen *ebiten.Image) {
	if s.grid != nil { // a grid table (swm_draw.go)
		s.drawGrid(screen)
		return
	}
	k := s.scale()
	key := viewKey{cam: s.cam, screen: s.screen, selected: s.selected, doc: s.doc.Rev(), view: s.viewRev, heat: s.heat.rev}
	b := screen.Bounds()
	if s.layer == nil || s.layer.Bounds() != b {
		if s.layer != nil {
			s.layer.Deallocate()
		}
		s.layer = ebiten.NewImageWithOptions(b, nil)
		s.layerKey = nil
	}
	if s.layerKey == nil || *s.layerKey != key {
		s.drawTable(s.layer)
		s.layerKey = &key
	}
	// The layer is opaque and covers the screen: copied, not blended (software WebGL fills every
	// pixel on the CPU).
	screen.DrawImage(s.layer, &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy})
	if s.tool != nil {
		s.tool.Draw(s, screen)
	}
	s.heat.drawOverlays(s, screen)
	s.drawMarks(screen)
	s.hud.Draw(screen, s.hudLines(), 8*k, s.hudTop(), hudFontSize*k)
	s.hud.EndFrame()
}

// screenPiece is terrain piece t of a table in units ("mm" or inches) in screen coordinates,
// with its look (terrain_look.go) and its height in inches.
func screenPiece(cam Camera, t *table.Terrain, units string) render.Piece {
	h := t.Height
	if units == "mm" {
		h /= mmPerInch
	}
	pc := render.Piece{Look: terrainLook(t, units), Height: float32(h)}
	if t.Circle != nil {
		cx, cy := cam.WorldToScreen(t.Circle.X, t.Circle.Y)
		pc.CX, pc.CY, pc.R = float32(cx), float32(cy), float32(cam.Length(t.Circle.R))
		return pc
	}
	pc.Points = make([]float32, 0, 2*len(t.Polygon))
	for _, p := range t.Polygon {
		sx, sy := cam.WorldToScreen(p[0], p[1])
		pc.Points = append(pc.Points, float32(sx), float32(sy))
	}
	return pc
}

// drawTable draws the table, its terrain, the bases and the unit labels. The cached ground
// (background included) covers the whole image, so nothing is filled first.
func (s *TableScene) drawTable(screen *ebiten.Image) {
	if s.cam.Zoom == 0 {
		screen.Fill(render.Background)
		return
	}
	k := s.scale()
	lw := float32(k)
	f := s.File()
	W, D := f.Battlefield.Width, f.Battlefield.Depth

	// Table with a grid line every range segment. Lines across the width (constant x) stand
	// upright on screen, or lie across it when the camera is turned (D146).
	box := s.cam.Box(W, D)
	seg := f.Profile.RangeSegment
	var gx, gy []float32
	if seg > 0 && s.overlays.RangeGrid && s.cam.Length(seg) >= 6*k {
		for x := seg; x < W-1e-9; x += seg {
			sx, sy := s.cam.WorldToScreen(x, 0)
			if s.cam.Turned {
				gy = append(gy, float32(sy))
			} else {
				gx = append(gx, float32(sx))
			}
		}
		for y := seg; y < D-1e-9; y += seg {
			sx, sy := s.cam.WorldToScreen(0, y)
			if s.cam.Turned {
				gx = append(gx, float32(sx))
			} else {
				gy = append(gy, float32(sy))
			}
		}
	}
	var fx, fy []float32
	if s.overlays.Grid { // a fine line every inch, between the range lines
		inch := 1.0
		if f.Units == "mm" {
			inch = 25.4
		}
		skip := 0.0
		if s.overlays.RangeGrid {
			skip = seg
		}
		if s.cam.Turned {
			fx = gridLines(D, inch, skip, s.cam.Zoom, s.cam.PanX, 4*k)
			fy = gridLines(W, inch, skip, s.cam.Zoom, s.cam.PanY, 4*k)
		} else {
			fx = gridLines(W, inch, skip, s.cam.Zoom, s.cam.PanX, 4*k)
			fy = gridLines(D, inch, skip, -s.cam.Zoom, s.cam.PanY, 4*k)
		}
	}

	// Terrain, then bases. A piece a tool is dragging or reshaping — one its preview's op changed
	// — is left out of the cached ground and drawn over it every frame, so that a drag does not
	// redraw the whole ground (ground.go).
	pieces, moving := s.pieces[:0], s.moving[:0]
	for i := range f.Terrain {
		pc := screenPiece(s.cam, &f.Terrain[i], f.Units)
		if s.preview != nil && slices.Contains(s.previewIDs, f.Terrain[i].ID) {
			moving = append(moving, pc)
			continue
		}
		pieces = append(pieces, pc)
	}
	s.pieces, s.moving = pieces, moving
	// Background, table, grids and terrain: redrawn only when they change (ground.go).
	tx, ty, tw, th := float32(box.X), float32(box.Y), float32(box.W), float32(box.H)
	if g := s.ground.target(screen.Bounds(), groundSig(screen.Bounds(), [4]float32{tx, ty, tw, th}, lw, [4][]float32{gx, gy, fx, fy}, pieces)); g != nil {
		g.Fill(render.Background)
		render.Table(g, tx, ty, tw, th, gx, gy, lw)
		if s.overlays.Grid {
			render.GridLines(g, tx, ty, tw, th, fx, fy, lw)
		}
		render.Terrain(g, pieces, 1.5*lw)
	}
	screen.DrawImage(s.ground.img, &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy})
	if len(moving) > 0 {
		render.Terrain(screen, moving, 1.5*lw)
	}
	s.heat.drawCells(s, screen)
	if s.overlays.Labels {
		s.drawTerrainHeights(screen, f)
	}
	s.drawTokens(screen, s.File())

	var selUnit *table.Unit
	sel := s.selectedIndex()
	if sel >= 0 {
		selUnit = s.minis[sel].unit
	}
	s.drawSelectedArcs(screen) // arcs.go: under the bases
	bases := s.bases[:0]
	for i, pm := range s.minis {
		m := pm.mini
		cx, cy := s.cam.WorldToScreen(m.X, m.Y)
		ru := rules.Unit{Unit: pm.unit}
		var arcs [4]float64
		if ru.Notched() {
			for j, a := range pm.unit.ArcLines() {
				arcs[j] = s.cam.ScreenAngle((m.Facing + a) * math.Pi / 180)
			}
		}
		bases = append(bases, render.Base{
			Notched:     ru.Notched(),
			SideNotches: pm.unit.Keywords.SideNotches,
			Arcs:        arcs,
			X:           float32(cx), Y: float32(cy), R: float32(s.cam.Length(m.Base / 2)),
			Side:      pm.unit.Side,
			Leader:    m.Leader,
			Selected:  i == sel,
			InUnit:    selUnit != nil && pm.unit == selUnit,
			HasFacing: true,
			Facing:    s.cam.ScreenAngle(m.Facing * math.Pi / 180),
			LineWidth: lw,
		})
	}
	s.bases = bases
	render.BasesMesh(screen, bases) // one triangle mesh: anti-aliased vector fills cost most of a frame in the browser

	// Unit labels, centred under each unit's leader and below the unit's lowest base, once there
	// is room for them.
	if s.overlays.Labels && s.cam.Zoom >= 8*k {
		size := 11 * k
		for ui := range f.UnitsOnTable {
			u := &f.UnitsOnTable[ui]
			if len(u.Minis) == 0 {
				continue
			}
			lx, bottom := math.NaN(), math.Inf(-1)
			for _, m := range u.Minis {
				cx, cy := s.cam.WorldToScreen(m.X, m.Y)
				bottom = math.Max(bottom, cy+s.cam.Length(m.Base/2))
				if m.Leader || math.IsNaN(lx) {
					lx = cx
				}
			}
			s.labels.Draw(screen, u.ID, lx, bottom+3*k, size, render.LabelColor)
		}
	}
	s.drawCarried(screen) // carried.go
	s.labels.EndFrame()
}

// narrowCSS is the widest window (CSS px) the page treats as a phone (web/ui.css's
// `@media (max-width: 700px)`, web/ui.js's phone(): its toolbar takes the whole top row, the dock
// is a sheet): the heads-up panel then stands below the toolbar, in shorter lines.
const narrowCSS = 700

// isNarrow reports whether a window w CSS px wide is a phone's, as the page decides it: a window
// of exactly 700 px is one for both (the scene's `< 700` once left it between the two layouts).
func isNarrow(w float64) bool { return w <= narrowCSS }

// narrow reports whether the screen is a phone's (isNarrow).
func (s *TableScene) narrow() bool { return isNarrow(s.screen.W / s.scale()) }

// hudTop is the screen y (device px) of the heads-up panel: the top left corner, or below the
// page's toolbar on a narrow screen.
func (s *TableScene) hudTop() float64 {
	k := s.scale()
	if s.narrow() && s.pageTop > 0 {
		return (s.pageTop + 4) * k
	}
	return 8 * k
}

func (s *TableScene) hudLines() []string {
	if s.grid != nil {
		return s.grid.hudLines(s)
	}
	f := s.File()
	ruleset := "Star Wars: Legion"
	if f.Ruleset == "specops" {
		ruleset = "Spezialeinsätze"
	}
	k := s.scale()
	wx, wy := s.cam.ScreenToWorld(s.cursorX, s.cursorY)
	cursor := ""
	if wx >= 0 && wy >= 0 && wx <= f.Battlefield.Width && wy <= f.Battlefield.Depth {
		cursor = "   " + T("hud.cursor", wx, wy)
	}
	// The cursor readout ends the second line: the first runs under the page's toolbar when
	// the window is narrow. Beside the toolbar each line takes the longest of its forms that
	// stops short of it (hud_fit.go).
	short1 := fmt.Sprintf("%s · %s · %s×%s %s", s.name, ruleset, num(f.Battlefield.Width), num(f.Battlefield.Depth), f.Units)
	line1 := []string{fmt.Sprintf("holotable · %s · %s · %s×%s %s · %.1f px/%s", s.name, ruleset,
		num(f.Battlefield.Width), num(f.Battlefield.Depth), f.Units, s.cam.Zoom/k, f.Units), short1}
	if s.narrow() {
		line1 = []string{short1}
		cursor = ""
	}
	line2 := []string{T("hud.hint"), T("hud.hintShort")}
	if s.fingers() {
		line2 = []string{T("hud.hintTouch"), T("hud.hintTouchShort")}
	}
	if i := s.selectedIndex(); i >= 0 {
		pm := s.minis[i]
		line2 = []string{T("hud.selected", pm.mini.ID, pm.unit.ID, typeWord(pm.unit.Type), pm.unit.Side, num(pm.mini.Base), lengthWord(f.Units), num(pm.mini.Height)),
			T("hud.selectedShort", pm.mini.ID, typeWord(pm.unit.Type))}
		if s.narrow() {
			line2 = line2[1:]
		}
	}
	if cursor != "" {
		line2 = append([]string{line2[0] + cursor}, line2...)
	}
	lines := s.besideToolbar([][]string{line1, line2})
	if s.history != nil {
		lines = append(lines, s.historyBanner())
	}
	if s.message != "" && s.pageTop == 0 { // with the page shell, its message line shows it
		lines = append(lines, s.message)
	}
	return lines
}

func init() {
	RegisterStrings(map[string][2]string{
		"hud.cursor":         {"cursor %.1f, %.1f", "Zeiger %.1f, %.1f"},
		"hud.hint":           {"drag: pan · wheel: zoom · F: fit · click a base: select", "Ziehen: verschieben · Rad: zoomen · F: einpassen · Basis anklicken: wählen"},
		"hud.selectedShort":  {"selected %s (%s)", "gewählt %s (%s)"},
		"hud.hintTouch":      {"drag: pan · pinch: zoom · tap a base: select", "Ziehen: verschieben · Zwei Finger: zoomen · Basis antippen: wählen"},
		"hud.hintShort":      {"wheel: zoom · F: fit · click: select", "Rad: zoomen · F: einpassen · Klick: wählen"},
		"hud.hintTouchShort": {"pinch: zoom · tap a base: select", "Zwei Finger: zoomen · Basis antippen: wählen"},
		"hud.selected": {"selected %s · unit %s (%s, %s) · base %s %s · height %s",
			"gewählt %s · Einheit %s (%s, %s) · Basis %s %s · Höhe %s"},
	})
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
