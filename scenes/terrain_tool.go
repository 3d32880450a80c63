package scenes

import (
	"image/color"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/golang/geo/r2"
	"github.com/hajimehoshi/ebiten/v2"

	"holotable/maps"
	"holotable/ops"
	"holotable/render"
	"holotable/rules"
	"holotable/table"
)

// The terrain tool lays out terrain: a palette of the rulebook's terrain presets
// (maps.TerrainPresets) and shapes; click a piece to select it, drag it to move it, drag its
// handles to rotate (the knob above it), resize (corners and edges of a rectangle, the radius of a
// circle) or reshape (the vertices of a polygon); draw a polygon vertex by vertex. A drag shows its
// op as a preview and commits it on release (terrain.move, terrain.rotate, terrain.reshape; a new
// piece is terrain.add): undoable, autosaved; a change the table loader refuses (a
// self-intersecting polygon, …) shows the loader's message and changes nothing. While the tool is
// active every piece is checked against the competitive placement rule and the terrain's coverage
// of the table is shown (package rules). Its page commands are in terrain_commands.go.
//
// The tool's state (window.holotable.state().toolState while the tool is active) is
// terrainState below; its JSON names are stable.

// terrainState is the terrain tool's part of the page hook's state.
type terrainState struct {
	Selected  string           `json:"selected"`  // id of the selected piece, "" when none
	Piece     *pieceState      `json:"piece"`     // the selected piece with all its properties, null when none
	Coverage  float64          `json:"coverage"`  // fraction of the table area the terrain covers (union, clipped)
	Placement []placementState `json:"placement"` // every piece against the placement rule, in file order
	Armed     string           `json:"armed"`     // preset armed for click-to-place, "" when none
	Shape     string           `json:"shape"`     // rect, circle, polygon or draw
	Draft     [][2]float64     `json:"draft"`     // vertices of the polygon being drawn
	Dragging  string           `json:"dragging"`  // move, rotate, corner, edge, radius, vertex; "" when not
	Invalid   string           `json:"invalid"`   // why the shape being dragged would be refused, "" if it would not
	Layout    string           `json:"layout"`    // the built-in layout the terrain is unchanged (maps.Layouts), "" when none
	Fixed     bool             `json:"fixed"`     // that layout is fixed: it does not claim competitive placement
	Note      string           `json:"note"`      // the line the tool shows for it (layoutNote)
}

// pieceState is one terrain piece as the state shows it.
type pieceState struct {
	ID      string            `json:"id"`
	Shape   string            `json:"shape"` // rect, polygon or circle
	Polygon [][2]float64      `json:"polygon,omitempty"`
	Circle  *table.Circle     `json:"circle,omitempty"`
	Height  float64           `json:"height"`
	Base    float64           `json:"base"`
	Kind    table.TerrainKind `json:"kind"`
	// Cover is as in the table file: one word when every defender class gets the same cover, else
	// {trooper, creature, vehicle}; CoverByClass is always the object.
	Cover        any                 `json:"cover"`
	CoverByClass table.CoverByClass  `json:"coverByClass"`
	Move         table.MoveByClass   `json:"move"`
	Standable    bool                `json:"standable"`
	Check        *placementStateBody `json:"placement,omitempty"`
}

// placementState is one piece against the competitive placement rule (rules.TerrainPlacement).
type placementState struct {
	ID string `json:"id"`
	placementStateBody
}

type placementStateBody struct {
	OK       bool     `json:"ok"`       // beyond range 1 of every other piece
	Touching bool     `json:"touching"` // touches another piece (not allowed even as the fallback)
	Nearest  string   `json:"nearest"`  // the nearest other piece, "" when alone
	Distance *float64 `json:"distance"` // the gap to it; null when alone
	Text     string   `json:"text"`     // the rule's reason, with its citation
}

func init() {
	RegisterTool("terrain", func() Tool { return &terrainTool{shape: "rect", hot: -1} })
	RegisterStrings(map[string][2]string{
		"terrain.tooClose":        {"%s from %s (needs > %s)", "%s von %s (nötig: > %s)"},
		"terrain.touches":         {"touches %s", "berührt %s"},
		"terrain.badCount":        {"%d pieces within range 1 of another", "%d Teile in Reichweite 1 eines anderen"},
		"terrain.refused":         {"change refused, table unchanged: %s", "Änderung abgelehnt, Tisch unverändert: %s"},
		"terrain.invalid":         {"this shape would be refused: %s", "diese Form würde abgelehnt: %s"},
		"terrain.hint":            {"click: select · drag: move · knob: rotate · handles: resize · Del: delete · Esc: cancel", "Klick: wählen · Ziehen: verschieben · Knopf: drehen · Griffe: Größe · Entf: löschen · Esc: abbrechen"},
		"terrain.hintArmed":       {"click the table to place %s · Esc: stop", "auf den Tisch klicken, um %s zu setzen · Esc: beenden"},
		"terrain.hint.touch":      {"tap: select · drag: move · knob: rotate · handles: resize · delete: in the panel", "Tippen: wählen · Ziehen: verschieben · Knopf: drehen · Griffe: Größe · Löschen: im Feld unten"},
		"terrain.hintArmed.touch": {"tap the table to place %s · tap its button again: stop", "auf den Tisch tippen, um %s zu setzen · seinen Knopf erneut antippen: beenden"},
		"terrain.hintDraw.touch":  {"tap the corners of %s · tap the first corner: close · tap its button again: stop", "Ecken von %s antippen · erste Ecke antippen: schließen · seinen Knopf erneut antippen: beenden"},
		"terrain.hintDraw":        {"click the corners of %s · double-click, Enter or the first corner: close · Backspace: undo a corner · Esc: stop", "Ecken von %s anklicken · Doppelklick, Enter oder erste Ecke: schließen · Rücktaste: Ecke zurück · Esc: beenden"},
		"terrain.noPreset":        {"no terrain preset %q", "keine Geländevorlage %q"},
		"terrain.noPiece":         {"no terrain piece %q", "kein Geländeteil %q"},
		"terrain.badShape":        {"no shape %q (rect, polygon, circle, draw)", "keine Form %q (rect, polygon, circle, draw)"},
		"terrain.shape.rect":      {"rectangle", "Rechteck"},
		"terrain.shape.circle":    {"circle", "Kreis"},
		"terrain.shape.polygon":   {"polygon", "Vieleck"},
		"terrain.shape.draw":      {"draw", "zeichnen"},
		"terrain.mirror":          {"mirror layout", "Aufbau spiegeln"},
	})
}

type terrainTool struct {
	cornerH  float64 // the height its bottom-right text took in the last frame, device px (CornerHeight)
	labelBox []box   // the placement labels drawn in the last frame (device px)
	selected string
	armed    string       // preset armed for click-to-place
	shape    string       // rect, circle, polygon, draw
	draft    [][2]float64 // the polygon being drawn
	drag     *terrainDrag
	hot      int // index of the handle under the pointer, -1 when none

	// placement and coverage of the shown file (recomputed when it changes)
	checkFile *table.File
	checks    []rules.PlacementCheck
	coverage  rules.Coverage
	invalid   string      // why the dragged shape would be refused ("" when it would not)
	layout    maps.Layout // the built-in layout the terrain is, when isLayout
	isLayout  bool

	palette      []paletteButton
	cache        overlayCache // placement marks, selection, handles, coverage
	text         render.TextCache
	paletteCache overlayCache

	lastPress              time.Duration // when the last left press was, for double-clicks
	lastPressX, lastPressY float64
	pendingDeselect        bool
	pressCam               Camera
	outlines               []render.Outline
	cursorX, cursorY       float64
}

// handleKind is what a drag of the terrain tool changes: the whole piece (move) or one of its
// handles.
type handleKind uint8

// The handle kinds.
const (
	handleMove   handleKind = iota // the piece itself: moved
	handleRotate                   // the knob above it: turned about its box's centre
	handleCorner                   // a corner of a rectangle: resized, the opposite corner stays
	handleEdge                     // an edge of a rectangle: resized, the opposite edge stays
	handleRadius                   // the rim of a circle: its radius
	handleVertex                   // a vertex of any other polygon: reshaped
)

var handleKindNames = [...]string{"move", "rotate", "corner", "edge", "radius", "vertex"}

// String is the kind's name, as the tool's state shows it ("move", "rotate", …).
func (k handleKind) String() string { return handleKindNames[k] }

// MarshalText is the kind's name.
func (k handleKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// terrainDrag is a drag in progress: what is dragged (kind, and which handle), the piece as it was
// and where the drag started (table coordinates).
type terrainDrag struct {
	kind           handleKind
	i              int // corner, edge or vertex index
	id             string
	orig           table.Terrain
	startX, startY float64
	pressX, pressY float64 // screen
	live           bool    // moved past the click slop: the preview shows the change
	op             ops.Op  // the op the drag makes so far (nil until it is live)
}

func (t *terrainTool) Name() string { return "terrain" }

func (t *terrainTool) arm(preset, shape string) {
	t.armed, t.shape = preset, shape
	t.draft = nil
}

// handle is a draggable point of the selected piece, in screen pixels.
type handle struct {
	kind handleKind // rotate, corner, edge, radius, vertex
	i    int
	x, y float64
}

const (
	handleSize = 4.5 // CSS px, half the side of a square handle
	knobGap    = 26  // CSS px from the top of a piece to its rotation knob
)

// doubleClick is the longest time between the presses of a double-click, and how near the second
// must be to the first (CSS px).
const (
	doubleClick     = 400 * time.Millisecond
	doubleClickSlop = 6
)

// dragging reports whether a press at screen point (x0, y0) is a drag: the pointer has moved the
// click slop away from it (live records that; a drag stays one).
func dragging(c Context, live *bool, x0, y0 float64, in *Input) bool {
	if !*live && math.Hypot(in.X-x0, in.Y-y0) >= clickSlop*c.Scale() {
		*live = true
	}
	return *live
}

// isDouble reports whether a press at (x, y) at time now follows one at (lx, ly) at time last
// closely enough to be a double-click (slop in device px).
func isDouble(now, last time.Duration, x, y, lx, ly, slop float64) bool {
	return last > 0 && now-last <= doubleClick && math.Hypot(x-lx, y-ly) <= slop
}

// selectedPiece is the selected piece in the shown file, or nil.
func (t *terrainTool) selectedPiece(c Context) *table.Terrain {
	if t.selected == "" {
		return nil
	}
	f := c.File()
	if i := pieceIndex(f, t.selected); i >= 0 {
		return &f.Terrain[i]
	}
	return nil
}

// handles lists the selected piece's handles.
func (t *terrainTool) handles(c Context) []handle {
	p := t.selectedPiece(c)
	if p == nil {
		return nil
	}
	cam := c.Camera()
	var hs []handle
	if p.Circle != nil {
		x, y := cam.WorldToScreen(p.Circle.X+p.Circle.R, p.Circle.Y)
		return []handle{{handleRadius, 0, x, y}}
	}
	if ops.IsRect(p.Polygon) {
		for i, v := range p.Polygon {
			x, y := cam.WorldToScreen(v[0], v[1])
			hs = append(hs, handle{handleCorner, i, x, y})
		}
		for i, v := range p.Polygon {
			w := p.Polygon[(i+1)%4]
			x, y := cam.WorldToScreen((v[0]+w[0])/2, (v[1]+w[1])/2)
			hs = append(hs, handle{handleEdge, i, x, y})
		}
	} else {
		for i, v := range p.Polygon {
			x, y := cam.WorldToScreen(v[0], v[1])
			hs = append(hs, handle{handleVertex, i, x, y})
		}
	}
	kx, ky := t.knob(c, p)
	return append(hs, handle{handleRotate, 0, kx, ky})
}

// knob is the rotation knob's screen position: above the piece's top, over its centre.
func (t *terrainTool) knob(c Context, p *table.Terrain) (float64, float64) {
	cam := c.Camera()
	ctr := ops.Centre(p)
	x, _ := cam.WorldToScreen(ctr.X, ctr.Y)
	y := math.Inf(1) // the piece's top on screen, whichever way the camera turns (D146)
	for _, v := range p.Polygon {
		_, sy := cam.WorldToScreen(v[0], v[1])
		y = math.Min(y, sy)
	}
	return x, y - knobGap*c.Scale()
}

func (t *terrainTool) handleAt(c Context, hs []handle, x, y float64) int {
	r := (handleSize + 3) * c.Scale()
	best, bestD := -1, math.Inf(1)
	for i, h := range hs {
		if d := math.Hypot(h.x-x, h.y-y); d <= r && d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// Update handles one tick of input; see the file comment.
func (t *terrainTool) Update(c Context, in *Input) bool {
	k := c.Scale()
	t.cursorX, t.cursorY = in.X, in.Y
	t.layoutPalette(c)

	if in.Escape {
		if t.drag != nil {
			t.drag = nil
			c.Preview(nil)
		} else {
			t.arm("", t.shape)
		}
	}
	if t.drafting() {
		if in.KeyPressed(ebiten.KeyEnter) || in.KeyPressed(ebiten.KeyNumpadEnter) {
			t.closeDraft(c)
		}
		if in.Delete && len(t.draft) > 0 {
			t.draft = t.draft[:len(t.draft)-1]
		}
	} else if in.Delete && t.drag == nil && t.selected != "" {
		_ = deletePiece(c, t, t.selected) // a refusal is on the message line
	}

	if t.drag != nil {
		t.dragTo(c, in)
		if !in.Left || in.LeftReleased {
			t.finishDrag(c)
		}
		return true
	}

	hs := t.handles(c)
	t.hot = t.handleAt(c, hs, in.X, in.Y)
	if !in.LeftPressed {
		if t.pendingDeselect && !in.Left {
			if c.Camera() == t.pressCam {
				t.selected = ""
			}
			t.pendingDeselect = false
		}
		return false
	}

	// A press.
	if b := buttonAt(t.palette, in.X, in.Y); b != nil {
		b.do(c)
		return true
	}
	double := isDouble(in.Time, t.lastPress, in.X, in.Y, t.lastPressX, t.lastPressY, doubleClickSlop*k)
	t.lastPress, t.lastPressX, t.lastPressY = in.Time, in.X, in.Y
	wx, wy := c.Camera().ScreenToWorld(in.X, in.Y)

	if t.drafting() {
		if len(t.draft) >= 3 {
			fx, fy := c.Camera().WorldToScreen(t.draft[0][0], t.draft[0][1])
			if double || math.Hypot(in.X-fx, in.Y-fy) <= 8*k {
				t.closeDraft(c)
				return true
			}
		}
		t.draft = append(t.draft, [2]float64{ops.Snap(wx, editStep), ops.Snap(wy, editStep)})
		return true
	}
	if t.hot >= 0 {
		t.startDrag(c, hs[t.hot].kind, hs[t.hot].i, wx, wy, in)
		return true
	}
	if id := c.World().PieceAt(r2.Point{X: wx, Y: wy}, 3*k/c.Camera().Zoom); id != "" {
		t.selected = id
		t.startDrag(c, handleMove, 0, wx, wy, in)
		return true
	}
	if t.armed != "" {
		p, _ := maps.TerrainPresetNamed(t.armed)
		f := c.State().File()
		if wx < 0 || wy < 0 || wx > f.Battlefield.Width || wy > f.Battlefield.Depth {
			return false
		}
		pc, err := presetPiece(p, t.shape, ops.Snap(wx, editStep), ops.Snap(wy, editStep), ops.LengthScale(f))
		if err == nil {
			var id string
			if id, err = addPiece(c, p.Name, pc); err == nil {
				t.selected = id
			}
		}
		if err != nil {
			c.SetMessage(err.Error())
		}
		return true
	}
	if t.selected != "" {
		t.pendingDeselect, t.pressCam = true, c.Camera()
	}
	return false
}

func (t *terrainTool) drafting() bool { return t.armed != "" && t.shape == "draw" }

// closeDraft adds the drawn polygon as a piece of the armed preset (one op). A polygon the loader
// refuses stays as a draft, with the loader's message shown.
func (t *terrainTool) closeDraft(c Context) {
	if len(t.draft) < 3 {
		return
	}
	p, ok := maps.TerrainPresetNamed(t.armed)
	if !ok {
		return
	}
	pc, _ := presetPiece(p, "rect", 0, 0, ops.LengthScale(c.State().File()))
	pc.Polygon = slices.Clone(t.draft)
	id, err := addPiece(c, p.Name, pc)
	if err != nil {
		c.SetMessage(err.Error())
		return
	}
	t.selected = id
	t.draft = nil
}

func (t *terrainTool) startDrag(c Context, kind handleKind, i int, wx, wy float64, in *Input) {
	p := t.selectedPiece(c)
	if p == nil {
		return
	}
	t.pendingDeselect = false
	t.drag = &terrainDrag{kind: kind, i: i, id: p.ID, orig: ops.CopyPiece(*p), startX: wx, startY: wy,
		pressX: in.X, pressY: in.Y, live: kind != handleMove}
}

// dragTo previews the drag's op for the pointer at in.X, in.Y.
func (t *terrainTool) dragTo(c Context, in *Input) {
	d := t.drag
	if !dragging(c, &d.live, d.pressX, d.pressY, in) {
		return
	}
	wx, wy := c.Camera().ScreenToWorld(in.X, in.Y)
	d.op = t.dragOp(c, d, wx, wy, in.Shift)
	t.invalid = ""
	if err := c.Preview(d.op); err != nil {
		if !c.Previewing() { // the piece is gone
			t.drag = nil
			return
		}
		t.invalid = errText(err)
	}
}

// dragOp is the op the drag makes with the pointer at table point (wx, wy).
func (t *terrainTool) dragOp(c Context, d *terrainDrag, wx, wy float64, shift bool) ops.Op {
	o := d.orig
	k := ops.LengthScale(c.State().File())
	switch d.kind {
	case handleMove:
		return &ops.TerrainMove{Piece: d.id, DX: ops.RoundTo(wx-d.startX, editStep), DY: ops.RoundTo(wy-d.startY, editStep)}
	case handleRotate:
		ctr := ops.Centre(&o)
		a0 := math.Atan2(d.startY-ctr.Y, d.startX-ctr.X)
		a1 := math.Atan2(wy-ctr.Y, wx-ctr.X)
		step := 1.0
		if shift {
			step = 15
		}
		return &ops.TerrainRotate{Piece: d.id, Degrees: ops.RoundTo((a1-a0)*180/math.Pi, step)}
	case handleRadius:
		r := math.Max(0.05*k, ops.Snap(math.Hypot(wx-o.Circle.X, wy-o.Circle.Y), editStep))
		return &ops.TerrainReshape{Piece: d.id, Circle: &table.Circle{X: o.Circle.X, Y: o.Circle.Y, R: r}}
	case handleVertex:
		poly := slices.Clone(o.Polygon)
		poly[d.i] = [2]float64{ops.Snap(wx, editStep), ops.Snap(wy, editStep)}
		return &ops.TerrainReshape{Piece: d.id, Polygon: poly}
	}
	// corner, edge
	return &ops.TerrainReshape{Piece: d.id, Polygon: resizedRect(o.Polygon, d.kind, d.i, wx, wy, 0.1*k)}
}

// resizedRect drags corner i (or edge i, from vertex i to i+1) of the rectangle v to the point
// (wx, wy), in the rectangle's own axes: the opposite corner (edge) stays, sizes are rounded to
// editStep and kept at least minSize, the vertex order and winding stay.
func resizedRect(v [][2]float64, kind handleKind, i int, wx, wy, minSize float64) [][2]float64 {
	ox, oy := v[0][0], v[0][1]
	ax, ay := v[1][0]-ox, v[1][1]-oy
	bx, by := v[3][0]-ox, v[3][1]-oy
	la, lb := math.Hypot(ax, ay), math.Hypot(bx, by)
	ax, ay, bx, by = ax/la, ay/la, bx/lb, by/lb
	pa := ops.RoundTo((wx-ox)*ax+(wy-oy)*ay, editStep)
	pb := ops.RoundTo((wx-ox)*bx+(wy-oy)*by, editStep)
	a0, a1, b0, b1 := 0.0, la, 0.0, lb
	setA := func(hi bool) {
		if hi {
			a1 = math.Max(pa, a0+minSize)
		} else {
			a0 = math.Min(pa, a1-minSize)
		}
	}
	setB := func(hi bool) {
		if hi {
			b1 = math.Max(pb, b0+minSize)
		} else {
			b0 = math.Min(pb, b1-minSize)
		}
	}
	if kind == handleCorner {
		setA(i == 1 || i == 2)
		setB(i == 2 || i == 3)
	} else {
		switch i {
		case 0:
			setB(false)
		case 1:
			setA(true)
		case 2:
			setB(true)
		case 3:
			setA(false)
		}
	}
	at := func(a, b float64) [2]float64 {
		return [2]float64{ops.Snap(ox+ax*a+bx*b, 1e-4), ops.Snap(oy+ay*a+by*b, 1e-4)}
	}
	return [][2]float64{at(a0, b0), at(a1, b0), at(a1, b1), at(a0, b1)}
}

// finishDrag commits the drag's op or, for a press without movement, only selects.
func (t *terrainTool) finishDrag(c Context) {
	d := t.drag
	t.drag = nil
	t.invalid = ""
	if !d.live || d.op == nil {
		c.Preview(nil)
		return
	}
	_ = submitPiece(c, d.op) // a refusal is on the message line
}

// refreshChecks recomputes placement and coverage when the shown file changed. A preview whose
// dragged shape the file would refuse gets no new checks (invalid says why).
func (t *terrainTool) refreshChecks(c Context) {
	f := c.File()
	if f == t.checkFile {
		return
	}
	t.checkFile = f
	if t.drag != nil && t.invalid != "" {
		return
	}
	w := c.ShownWorld()
	t.checks = w.TerrainPlacement()
	t.coverage = w.TerrainCoverage()
	t.layout, t.isLayout = maps.LayoutOf(f) // terrain_layout.go
}

func (t *terrainTool) check(id string) *rules.PlacementCheck {
	for i := range t.checks {
		if t.checks[i].ID == id {
			return &t.checks[i]
		}
	}
	return nil
}

// placementText is the label of a piece that breaks the placement rule.
func placementText(c *rules.PlacementCheck, f *table.File) string {
	if c.Touching {
		return T("terrain.touches", c.Nearest)
	}
	return T("terrain.tooClose", shortLength(c.Distance, f.Units), c.Nearest, shortLength(f.Profile.RangeSegment, f.Units))
}

// shortLength is a length in the display unit with one decimal (none when it is whole): 2.1",
// 6", 15.2 cm.
func shortLength(v float64, fileUnit string) string {
	inches := v
	if fileUnit == "mm" {
		inches = v / table.MillimetresPerInch
	}
	if DisplayUnit() == "cm" {
		return strconv.FormatFloat(math.Round(inches*25.4)/10, 'f', -1, 64) + " cm"
	}
	return strconv.FormatFloat(math.Round(inches*10)/10, 'f', -1, 64) + `"`
}

// terrainOverlayKey is everything the terrain tool's cached overlay depends on.
type terrainOverlayKey struct {
	cam        Camera
	screen     Screen
	file       *table.File
	rev        int
	selected   string
	invalid    bool
	lang, unit string
	panelTop   float64
	dragging   bool
	hotHandle  int
}

// CornerHeight is how much of the screen's bottom-right corner the tool's text covers, for the
// heat map legend to stand above it.
func (t *terrainTool) CornerHeight() float64 { return t.cornerH }

// ReserveTop is the bottom of the palette and its hint line.
func (t *terrainTool) ReserveTop(c Context) float64 {
	t.layoutPalette(c)
	bottom := t.hintBottom(c)
	if narrowDocked(c) { // the coverage and placement notes below the hint (D155)
		_, h := t.text.Size(t.cornerLines(c), 12*c.Scale(), false)
		bottom += h + 4*c.Scale()
	}
	return bottom
}

// Draw draws the placement marks, the selection and its handles, a polygon being drawn, the
// palette and the coverage. All but the draft comes from a cached layer.
func (t *terrainTool) Draw(c Context, screen *ebiten.Image) {
	t.refreshChecks(c)
	lw := float32(c.Scale())
	cam := c.Camera()
	if len(t.palette) == 0 {
		t.layoutPalette(c)
	}
	key := terrainOverlayKey{cam: cam, screen: c.Screen(), file: c.File(), rev: c.Rev(), selected: t.selected,
		invalid: t.invalid != "", lang: Language(), unit: DisplayUnit(),
		panelTop: c.PanelTop(), dragging: t.drag != nil, hotHandle: t.hot}
	t.cache.draw(screen, key, func(dst *ebiten.Image) { t.drawStatic(c, dst) })
	t.drawPalette(c, screen)

	// A polygon being drawn.
	if t.drafting() && len(t.draft) > 0 {
		var pts []float32
		for _, v := range t.draft {
			x, y := cam.WorldToScreen(v[0], v[1])
			pts = append(pts, float32(x), float32(y))
		}
		if len(pts) == 2 {
			pts = append(pts, pts[0], pts[1])
		}
		render.Draft(screen, pts, float32(t.cursorX), float32(t.cursorY), render.EditDraft, 1.5*lw)
	}
}

// drawStatic draws the cached part of the overlay: placement outlines and labels, the selected
// piece's outline and handles, and the coverage corner.
func (t *terrainTool) drawStatic(c Context, screen *ebiten.Image) {
	k := c.Scale()
	lw := float32(k)
	cam := c.Camera()
	f := c.File()

	// Pieces that break the placement rule: amber when within range 1 of another (the rule's
	// fallback allows that where no place beyond range 1 is left, L1711–1717), red when touching.
	t.outlines = t.outlines[:0]
	type label struct {
		text  string
		x, y  float64
		c     color.RGBA
		first bool // the selected piece's, or a touching one's: placed before the others
	}
	var labels []label
	for i := range f.Terrain {
		p := &f.Terrain[i]
		chk := t.check(p.ID)
		if chk == nil || chk.OK {
			continue
		}
		col := render.EditWarn
		if chk.Touching {
			col = render.EditBad
		}
		sp := screenPiece(cam, p, f.Units)
		t.outlines = append(t.outlines, render.Outline{Piece: sp, Color: col})
		x, y := labelAnchor(sp)
		labels = append(labels, label{placementText(chk, f), x, y, col, p.ID == t.selected || chk.Touching})
	}
	if p := t.selectedPiece(c); p != nil {
		col := render.EditSelected
		if t.drag != nil && t.invalid != "" {
			col = render.EditBad
		}
		t.outlines = append(t.outlines, render.Outline{Piece: screenPiece(cam, p, c.File().Units), Color: col})
	}
	render.Outlines(screen, t.outlines, 2*lw)
	// A label is drawn where it overlaps no label drawn before it and stays on the screen — the
	// selected piece's and the touching ones' first; the others keep their outline, and the
	// corner's count says how many break the rule (on a phone's small table 17 labels piled up
	// unreadably over each other and ran off both edges).
	slices.SortStableFunc(labels, func(a, b label) int {
		switch {
		case a.first == b.first:
			return 0
		case a.first:
			return -1
		}
		return 1
	})
	drawn := t.labelBox[:0]
	for _, l := range labels {
		tl := []render.TextLine{{Text: l.text, Color: l.c}}
		w, h := t.text.Size(tl, 11*k, true)
		r := box{l.x - w/2, l.y - 3*k - h, l.x + w/2, l.y - 3*k}
		if r.x0 < 0 || r.x1 > c.Screen().W || r.y0 < 0 || slices.ContainsFunc(drawn, func(o box) bool { return r.overlaps(o, 0) }) {
			continue
		}
		drawn = append(drawn, r)
		t.text.Draw(screen, tl, l.x, l.y-3*k, 11*k, render.BottomCentre, true)
	}
	t.labelBox = drawn

	// Handles of the selected piece.
	if p := t.selectedPiece(c); p != nil {
		hs := t.handles(c)
		var ehs []render.EditHandle
		var stems [][4]float32
		for i, h := range hs {
			hot := i == t.hot || (t.drag != nil && t.drag.kind == h.kind && t.drag.i == h.i)
			eh := render.EditHandle{X: float32(h.x), Y: float32(h.y), R: float32(handleSize * k), Hot: hot}
			if h.kind == handleRotate || h.kind == handleRadius {
				eh.Round = true
			}
			if h.kind == handleRotate {
				ctr := ops.Centre(p)
				sx, sy := cam.WorldToScreen(ctr.X, ctr.Y)
				stems = append(stems, [4]float32{float32(sx), float32(sy), float32(h.x), float32(h.y)})
			}
			ehs = append(ehs, eh)
		}
		render.EditHandles(screen, ehs, stems, lw)
	}

	// Coverage, and a note on the placement, in the bottom-right corner; on a phone below the
	// palette's hint (D155).
	tl := t.cornerLines(c)
	w, ht := t.text.Size(tl, 12*k, false)
	if narrowDocked(c) {
		t.text.Draw(screen, tl, 8*k, t.hintBottom(c), 12*k, render.TopLeft, false)
		t.cornerH = 0
	} else {
		t.text.Draw(screen, tl, cornerRight(c)-w, float64(screen.Bounds().Dy())-8*k, 12*k, render.BottomLeft, false)
		t.cornerH = ht + 8*k
	}
	t.text.EndFrame()
}

// cornerLines is the coverage and the notes on the placement: one line each in the corner of a
// wide window (the dock has little room), wrapped at the screen's width on a phone.
func (t *terrainTool) cornerLines(c Context) []render.TextLine {
	t.refreshChecks(c)
	lines := []string{T("setup.coverage", 100*t.coverage.Fraction)}
	bad := 0
	for _, chk := range t.checks {
		if !chk.OK {
			bad++
		}
	}
	if bad > 0 {
		lines = append(lines, T("terrain.badCount", bad))
	}
	if note := layoutNote(t.layout, t.isLayout); note != "" {
		lines = append(lines, note)
	}
	if t.drag != nil && t.invalid != "" {
		lines = append(lines, T("terrain.invalid", t.invalid))
	}
	if narrowDocked(c) {
		k := c.Scale()
		lines = fitPanelLines(lines, 12*k, c.Screen().W-16*k)
	}
	tl := make([]render.TextLine, len(lines))
	for i, l := range lines {
		tl[i] = render.TextLine{Text: l, Color: render.HUDText}
	}
	return tl
}

// hintBottom is the screen y below the palette and its hint (device px).
func (t *terrainTool) hintBottom(c Context) float64 {
	if len(t.palette) == 0 {
		t.layoutPalette(c)
	}
	return float64(paletteRect(c, t.palette, t.hintText(c), 0).Max.Y)
}

// labelAnchor is where a piece's label goes: centred over the top of its outline.
func labelAnchor(p render.Piece) (float64, float64) {
	if len(p.Points) < 6 {
		return float64(p.CX), float64(p.CY - p.R)
	}
	x0, x1, top := math.Inf(1), math.Inf(-1), math.Inf(1)
	for i := 0; i+1 < len(p.Points); i += 2 {
		x0, x1 = math.Min(x0, float64(p.Points[i])), math.Max(x1, float64(p.Points[i]))
		top = math.Min(top, float64(p.Points[i+1]))
	}
	return (x0 + x1) / 2, top
}

// shapeOf names a piece's shape as the state does: circle, rect or polygon.
func shapeOf(t *table.Terrain) string {
	switch {
	case t.Circle != nil:
		return "circle"
	case ops.IsRect(t.Polygon):
		return "rect"
	}
	return "polygon"
}

// State is the tool's part of the state snapshot.
func (t *terrainTool) State(c Context) any {
	t.refreshChecks(c)
	st := terrainState{Selected: t.selected, Coverage: t.coverage.Fraction, Armed: t.armed, Shape: t.shape,
		Draft: t.draft, Invalid: t.invalid, Placement: make([]placementState, 0, len(t.checks))}
	if t.isLayout {
		st.Layout, st.Fixed, st.Note = t.layout.Name, t.layout.Placement == maps.Fixed, layoutNote(t.layout, true)
	}
	if t.drag != nil && t.drag.live {
		st.Dragging = t.drag.kind.String()
	}
	for _, chk := range t.checks {
		st.Placement = append(st.Placement, placementState{chk.ID, placementBody(chk)})
	}
	if p := t.selectedPiece(c); p != nil {
		ps := &pieceState{ID: p.ID, Shape: shapeOf(p), Polygon: p.Polygon, Circle: p.Circle, Height: p.Height,
			Base: p.Base, Kind: p.Kind, Cover: p.Cover, CoverByClass: p.Cover, Move: p.Move, Standable: p.Standable}
		if cv, ok := p.Cover.Uniform(); ok {
			ps.Cover = cv
		}
		if chk := t.check(p.ID); chk != nil {
			b := placementBody(*chk)
			ps.Check = &b
		}
		st.Piece = ps
	}
	return st
}

func placementBody(c rules.PlacementCheck) placementStateBody {
	b := placementStateBody{OK: c.OK, Touching: c.Touching, Nearest: c.Nearest}
	if !math.IsInf(c.Distance, 0) {
		d := c.Distance
		b.Distance = &d
	}
	if len(c.Reasons) > 0 {
		b.Text = reasonText(c.Reasons[0]) + " [" + rules.CiteName(c.Reasons[0].Cite) + "]"
	}
	return b
}

func kindSwatch(kind table.TerrainKind) color.RGBA {
	switch kind {
	case table.Area:
		return render.AreaEdge
	case table.Depression:
		return render.DepressEdge
	}
	return render.SolidFill
}

// layoutPalette places the terrain palette's buttons: the shapes and the mirror, then the presets.
func (t *terrainTool) layoutPalette(c Context) {
	var specs []buttonSpec
	for _, sh := range []string{"rect", "circle", "polygon", "draw"} {
		specs = append(specs, buttonSpec{text: T("terrain.shape." + sh), active: t.shape == sh,
			do: func(Context) { t.arm(t.armed, sh) }})
	}
	specs = append(specs, buttonSpec{text: T("terrain.mirror"), gap: true,
		do: func(c Context) { _, _ = c.Command("layoutMirror", nil) }})
	for i, p := range maps.TerrainPresets {
		name := p.Name
		specs = append(specs, buttonSpec{text: presetLabel(p.Label), swatch: kindSwatch(p.Kind), active: t.armed == name, gap: i == 0,
			do: func(Context) {
				if t.armed == name {
					t.arm("", t.shape)
				} else {
					t.arm(name, t.shape)
				}
			}})
	}
	t.palette, _ = flowButtons(c, specs, c.PaletteTop())
}

func (t *terrainTool) drawPalette(c Context, screen *ebiten.Image) {
	if len(t.palette) == 0 {
		t.layoutPalette(c)
	}
	drawPaletteCached(c, screen, &t.paletteCache, t.palette, t.hintText(c), 0, paletteKey{armed: t.armed, shape: t.shape}, t.cursorX, t.cursorY)
}

// hintText is the palette's hint: what a click does with the armed piece, if any.
func (t *terrainTool) hintText(c Context) string {
	f := c.Fingers()
	if p, ok := maps.TerrainPresetNamed(t.armed); ok {
		if t.shape == "draw" {
			return TFor(f, "terrain.hintDraw", presetLabel(p.Label))
		}
		return TFor(f, "terrain.hintArmed", presetLabel(p.Label))
	}
	return TFor(f, "terrain.hint")
}
