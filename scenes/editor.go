package scenes

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/golang/geo/r2"
	"github.com/hajimehoshi/ebiten/v2"

	"holotable/geometry"
	"holotable/maps"
	"holotable/render"
	"holotable/rules"
	"holotable/table"
)

// The terrain tool lays out terrain: a palette of the rulebook's terrain presets (maps.TerrainPresets)
// and shapes; click a piece to select it, drag it to move it, drag its handles to rotate (the knob
// above it), resize (corners and edges of a rectangle, the radius of a circle) or reshape (the
// vertices of a polygon); draw a polygon vertex by vertex. Every change is one Doc.Edit (undoable,
// autosaved); a change the table loader refuses (a self-intersecting polygon, …) shows the loader's
// message and changes nothing. While the tool is active every piece is checked against the
// competitive placement rule and the terrain's coverage of the table is shown (package rules).
//
// Page commands (JSON argument → result):
//
//	terrainAdd {preset, shape: rect|polygon|circle, x, y}  → {id}  a new piece centred on (x, y)
//	terrainArm {preset, shape: rect|polygon|circle|draw}    click-to-place ("draw": click the
//	           vertices, double-click, Enter or a click on the first vertex closes); preset "" disarms
//	terrainSelect {id}                                        select a piece ("" clears)
//	terrainSet {id, height, base, kind, cover, move, standable}  change a piece's properties; every
//	           field but id is optional; cover is one word or {trooper, creature, vehicle}, move one
//	           word or {trooper, ground, repulsor} (classes not given keep their value)
//	terrainDuplicate {id} → {id}   a copy 2" right and 2" down, selected
//	terrainDelete {id}             (also the Delete key on the selected piece)
//	terrainPresets → [{name, label, kind, shape}]   the palette, for the page
//	layoutMirror                   mirror the whole layout (terrain, units, tokens) through the
//	                               table's centre: point symmetry, as competitive layouts are
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
}

// pieceState is one terrain piece as the state shows it.
type pieceState struct {
	ID      string        `json:"id"`
	Shape   string        `json:"shape"` // rect, polygon or circle
	Polygon [][2]float64  `json:"polygon,omitempty"`
	Circle  *table.Circle `json:"circle,omitempty"`
	Height  float64       `json:"height"`
	Base    float64       `json:"base"`
	Kind    string        `json:"kind"`
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
		"terrain.coverage":      {"terrain %.0f%% of the table", "Gelände %.0f %% des Tisches"},
		"terrain.goal":          {"competitive layouts: about 25%", "kompetitiver Aufbau: etwa 25 %"},
		"terrain.tooClose":      {"%s from %s (needs > %s)", "%s von %s (nötig: > %s)"},
		"terrain.touches":       {"touches %s", "berührt %s"},
		"terrain.badCount":      {"%d pieces within range 1 of another", "%d Teile in Reichweite 1 eines anderen"},
		"terrain.refused":       {"change refused, table unchanged: %v", "Änderung abgelehnt, Tisch unverändert: %v"},
		"terrain.invalid":       {"this shape would be refused: %s", "diese Form würde abgelehnt: %s"},
		"terrain.hint":          {"click: select · drag: move · knob: rotate · handles: resize · Del: delete · Esc: cancel", "Klick: wählen · Ziehen: verschieben · Knopf: drehen · Griffe: Größe · Entf: löschen · Esc: abbrechen"},
		"terrain.hintArmed":     {"click the table to place %s · Esc: stop", "auf den Tisch klicken, um %s zu setzen · Esc: beenden"},
		"terrain.hintDraw":      {"click the corners of %s · double-click, Enter or the first corner: close · Backspace: undo a corner · Esc: stop", "Ecken von %s anklicken · Doppelklick, Enter oder erste Ecke: schließen · Rücktaste: Ecke zurück · Esc: beenden"},
		"terrain.noPreset":      {"no terrain preset %q", "keine Geländevorlage %q"},
		"terrain.noPiece":       {"no terrain piece %q", "kein Geländeteil %q"},
		"terrain.badShape":      {"no shape %q (rect, polygon, circle, draw)", "keine Form %q (rect, polygon, circle, draw)"},
		"terrain.shape.rect":    {"rectangle", "Rechteck"},
		"terrain.shape.circle":  {"circle", "Kreis"},
		"terrain.shape.polygon": {"polygon", "Vieleck"},
		"terrain.shape.draw":    {"draw", "zeichnen"},
		"terrain.mirror":        {"mirror layout", "Aufbau spiegeln"},
		"edit.add":              {"add %s", "%s hinzufügen"},
		"edit.move":             {"move %s", "%s verschieben"},
		"edit.rotate":           {"rotate %s", "%s drehen"},
		"edit.resize":           {"resize %s", "Größe von %s ändern"},
		"edit.vertex":           {"reshape %s", "%s umformen"},
		"edit.set":              {"change %s", "%s ändern"},
		"edit.duplicate":        {"duplicate %s", "%s duplizieren"},
		"edit.delete":           {"delete %s", "%s löschen"},
		"edit.mirror":           {"mirror the layout", "Aufbau spiegeln"},
	})
	RegisterCommand("terrainAdd", cmdTerrainAdd)
	RegisterCommand("terrainArm", cmdTerrainArm)
	RegisterCommand("terrainSelect", cmdTerrainSelect)
	RegisterCommand("terrainSet", cmdTerrainSet)
	RegisterCommand("terrainDuplicate", cmdTerrainDuplicate)
	RegisterCommand("terrainDelete", cmdTerrainDelete)
	RegisterCommand("terrainPresets", cmdTerrainPresets)
	RegisterCommand("layoutMirror", cmdLayoutMirror)
}

// toolOf is the scene's instance of the named tool (made on first use, without switching to it):
// commands act on a tool's selection whichever tool is current.
func toolOf[T Tool](s *TableScene, name string) T {
	t, ok := s.tools[name]
	if !ok {
		t = toolMakers[name]()
		s.tools[name] = t
	}
	return t.(T)
}

func terrainToolOf(s *TableScene) *terrainTool { return toolOf[*terrainTool](s, "terrain") }

// --- numbers and shapes ------------------------------------------------------------------------

// lengthScale is what the presets' inches are multiplied by in f's length unit.
func lengthScale(f *table.File) float64 {
	if f.Units == "mm" {
		return table.MillimetresPerInch
	}
	return 1
}

// roundTo rounds v to a multiple of step.
func roundTo(v, step float64) float64 { return math.Round(v/step) * step }

// clean snaps v to the nearest millionth when it is within a billionth of it, so that float noise
// (72 − (72 − 0.1)) does not pile up in the file; other values stay as they are.
func clean(v float64) float64 {
	r := math.Round(v*1e6) / 1e6
	if math.Abs(r-v) < 1e-9 {
		return r
	}
	return v
}

// editStep is the grid edited coordinates are rounded to (0.01 in the file's unit).
const editStep = 0.01

// isRect reports whether a polygon is a rectangle (four vertices, right angles): such a piece gets
// corner and edge handles instead of vertex handles.
func isRect(poly [][2]float64) bool {
	if len(poly) != 4 {
		return false
	}
	for i := 0; i < 4; i++ {
		a, b, c := poly[i], poly[(i+1)%4], poly[(i+2)%4]
		ux, uy := b[0]-a[0], b[1]-a[1]
		vx, vy := c[0]-b[0], c[1]-b[1]
		if math.Abs(ux*vx+uy*vy) > 1e-3*math.Hypot(ux, uy)*math.Hypot(vx, vy) {
			return false
		}
	}
	return true
}

func shapeOf(t *table.Terrain) string {
	switch {
	case t.Circle != nil:
		return "circle"
	case isRect(t.Polygon):
		return "rect"
	}
	return "polygon"
}

// centreOf is the centre of a piece's bounding box (a circle's centre).
func centreOf(t *table.Terrain) (float64, float64) {
	if t.Circle != nil {
		return t.Circle.X, t.Circle.Y
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range t.Polygon {
		x0, y0, x1, y1 = math.Min(x0, p[0]), math.Min(y0, p[1]), math.Max(x1, p[0]), math.Max(y1, p[1])
	}
	return (x0 + x1) / 2, (y0 + y1) / 2
}

// copyPiece is a deep copy of a piece.
func copyPiece(t table.Terrain) table.Terrain {
	c := t
	if t.Polygon != nil {
		c.Polygon = append([][2]float64(nil), t.Polygon...)
	}
	if t.Circle != nil {
		cc := *t.Circle
		c.Circle = &cc
	}
	if t.Extra != nil {
		c.Extra = make(map[string]any, len(t.Extra))
		for k, v := range t.Extra {
			c.Extra[k] = v
		}
	}
	return c
}

// translated is t moved by (dx, dy).
func translated(t table.Terrain, dx, dy float64) table.Terrain {
	c := copyPiece(t)
	for i, p := range c.Polygon {
		c.Polygon[i] = [2]float64{clean(p[0] + dx), clean(p[1] + dy)}
	}
	if c.Circle != nil {
		c.Circle.X, c.Circle.Y = clean(c.Circle.X+dx), clean(c.Circle.Y+dy)
	}
	return c
}

// rotated is t turned by deg degrees counter-clockwise about (cx, cy), coordinates rounded to
// 1e-4 (exact for multiples of 90°).
func rotated(t table.Terrain, deg, cx, cy float64) table.Terrain {
	c := copyPiece(t)
	a := math.Mod(deg, 360)
	if a < 0 {
		a += 360
	}
	var sin, cos float64
	switch a {
	case 0:
		sin, cos = 0, 1
	case 90:
		sin, cos = 1, 0
	case 180:
		sin, cos = 0, -1
	case 270:
		sin, cos = -1, 0
	default:
		sin, cos = math.Sincos(a * math.Pi / 180)
	}
	for i, p := range c.Polygon {
		x, y := p[0]-cx, p[1]-cy
		c.Polygon[i] = [2]float64{clean(roundTo(cx+x*cos-y*sin, 1e-4)), clean(roundTo(cy+x*sin+y*cos, 1e-4))}
	}
	return c
}

// mirrored is t through the point (cx, cy): every coordinate v becomes 2c − v. A point reflection
// keeps a polygon's winding; applied twice it gives t back (exactly for coordinates on a
// millionths grid).
func mirrored(t table.Terrain, cx, cy float64) table.Terrain {
	c := copyPiece(t)
	for i, p := range c.Polygon {
		c.Polygon[i] = [2]float64{clean(2*cx - p[0]), clean(2*cy - p[1])}
	}
	if c.Circle != nil {
		c.Circle.X, c.Circle.Y = clean(2*cx-c.Circle.X), clean(2*cy-c.Circle.Y)
	}
	return c
}

// mirrorFacing turns a facing by 180° so that doing it twice gives the facing back.
func mirrorFacing(f float64) float64 {
	m := math.Mod(f, 360)
	if m < 0 {
		m += 360
	}
	if m < 180 {
		return f + 180
	}
	return f - 180
}

// presetPiece is a new piece of preset p with the given shape centred on (x, y), lengths scaled by k.
func presetPiece(p maps.TerrainPreset, shape string, x, y, k float64) (table.Terrain, error) {
	t := table.Terrain{Height: p.Height * k, Kind: p.Kind, Cover: p.Cover, Move: p.Move, Standable: p.Kind == "solid"}
	// The preset's size as a box W × D and a radius R, whatever its own shape.
	w, d, r := p.W, p.D, p.R
	switch p.Shape {
	case "circle":
		w, d = 2*r, 2*r
	case "polygon":
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, q := range p.Points {
			x0, y0, x1, y1 = math.Min(x0, q[0]), math.Min(y0, q[1]), math.Max(x1, q[0]), math.Max(y1, q[1])
		}
		w, d = x1-x0, y1-y0
		r = math.Min(w, d) / 2
	default:
		r = math.Min(w, d) / 2
	}
	at := func(dx, dy float64) [2]float64 {
		return [2]float64{clean(roundTo(x+dx*k, 1e-4)), clean(roundTo(y+dy*k, 1e-4))}
	}
	switch shape {
	case "rect":
		t.Polygon = [][2]float64{at(-w/2, -d/2), at(w/2, -d/2), at(w/2, d/2), at(-w/2, d/2)}
	case "circle":
		t.Circle = &table.Circle{X: x, Y: y, R: clean(roundTo(r*k, 1e-4))}
	case "polygon":
		if p.Shape == "polygon" {
			for _, q := range p.Points {
				t.Polygon = append(t.Polygon, at(q[0], q[1]))
			}
		} else { // an octagon in the preset's box
			for i := 0; i < 8; i++ {
				a := (float64(i) + 0.5) * math.Pi / 4
				t.Polygon = append(t.Polygon, at(w/2*math.Cos(a), d/2*math.Sin(a)))
			}
		}
	default:
		return t, fmt.Errorf("%s", T("terrain.badShape", shape))
	}
	return t, nil
}

// uniqueID is stem-k for the least k ≥ 1 that no terrain piece, unit, mini or token of f uses.
func uniqueID(f *table.File, stem string) string {
	for k := 1; ; k++ {
		id := stem + "-" + strconv.Itoa(k)
		if _, used := f.Lookup(id); !used {
			return id
		}
	}
}

var trailingNumber = regexp.MustCompile(`-[0-9]+$`)

func pieceIndex(f *table.File, id string) int {
	for i := range f.Terrain {
		if f.Terrain[i].ID == id {
			return i
		}
	}
	return -1
}

func presetLabel(l [2]string) string {
	if Language() == "de" {
		return l[1]
	}
	return l[0]
}

// --- commands ----------------------------------------------------------------------------------

// addPiece adds t (its id made from stem) in one edit and selects it; it returns the id.
func addPiece(s *TableScene, stem string, t table.Terrain) (string, error) {
	id := uniqueID(s.doc.File(), stem)
	t.ID = id
	if err := s.doc.Edit(T("edit.add", id), func(f *table.File) error {
		f.Terrain = append(f.Terrain, t)
		return nil
	}); err != nil {
		return "", fmt.Errorf("%s", T("terrain.refused", err))
	}
	s.SetPreview(nil)
	terrainToolOf(s).selected = id
	s.message = ""
	return id, nil
}

func cmdTerrainAdd(s *TableScene, arg jsonRaw) (any, error) {
	f := s.doc.File()
	a := struct {
		Preset, Shape string
		X, Y          *float64
	}{}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	p, ok := maps.TerrainPresetNamed(a.Preset)
	if !ok {
		return nil, fmt.Errorf("%s", T("terrain.noPreset", a.Preset))
	}
	if a.Shape == "" {
		a.Shape = p.Shape
	}
	x, y := f.Battlefield.Width/2, f.Battlefield.Depth/2
	if a.X != nil {
		x = *a.X
	}
	if a.Y != nil {
		y = *a.Y
	}
	t, err := presetPiece(p, a.Shape, x, y, lengthScale(f))
	if err != nil {
		return nil, err
	}
	id, err := addPiece(s, p.Name, t)
	if err != nil {
		return nil, err
	}
	return map[string]string{"id": id}, nil
}

func cmdTerrainArm(s *TableScene, arg jsonRaw) (any, error) {
	a := struct{ Preset, Shape string }{}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	t := terrainToolOf(s)
	if a.Preset == "" {
		t.arm(s, "", t.shape)
		return nil, nil
	}
	p, ok := maps.TerrainPresetNamed(a.Preset)
	if !ok {
		return nil, fmt.Errorf("%s", T("terrain.noPreset", a.Preset))
	}
	if a.Shape == "" {
		a.Shape = p.Shape
	}
	switch a.Shape {
	case "rect", "circle", "polygon", "draw":
	default:
		return nil, fmt.Errorf("%s", T("terrain.badShape", a.Shape))
	}
	t.arm(s, a.Preset, a.Shape)
	return nil, nil
}

func cmdTerrainSelect(s *TableScene, arg jsonRaw) (any, error) {
	a := struct{ ID string }{}
	if err := argIDInto(arg, &a.ID); err != nil {
		return nil, err
	}
	if a.ID != "" && pieceIndex(s.doc.File(), a.ID) < 0 {
		return nil, fmt.Errorf("%s", T("terrain.noPiece", a.ID))
	}
	terrainToolOf(s).selected = a.ID
	return nil, nil
}

// argIDInto reads {"id": …} or a bare string.
func argIDInto(arg jsonRaw, id *string) error {
	if len(arg) > 0 && arg[0] == '"' {
		return argInto(arg, id)
	}
	a := struct{ ID *string }{}
	if err := argInto(arg, &a); err != nil {
		return err
	}
	if a.ID != nil {
		*id = *a.ID
	}
	return nil
}

// pieceArg is the piece a command names, or the terrain tool's selected piece.
func pieceArg(s *TableScene, arg jsonRaw) (string, error) {
	id := terrainToolOf(s).selected
	if err := argIDInto(arg, &id); err != nil {
		return "", err
	}
	if pieceIndex(s.doc.File(), id) < 0 {
		return "", fmt.Errorf("%s", T("terrain.noPiece", id))
	}
	return id, nil
}

// editPiece changes the piece id in one edit.
func editPiece(s *TableScene, id, label string, fn func(t *table.Terrain) error) error {
	err := s.doc.Edit(label, func(f *table.File) error {
		i := pieceIndex(f, id)
		if i < 0 {
			return fmt.Errorf("%s", T("terrain.noPiece", id))
		}
		return fn(&f.Terrain[i])
	})
	s.SetPreview(nil)
	if err != nil {
		err = fmt.Errorf("%s", T("terrain.refused", err))
		s.message = err.Error()
		return err
	}
	s.message = ""
	return nil
}

// classWords reads cover or move: one word for every class, or an object by class whose missing
// classes keep their current values (cur, in class order).
func classWords(raw json.RawMessage, names []string, cur []*string) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		for _, c := range cur {
			*c = one
		}
		return nil
	}
	var by map[string]string
	if err := json.Unmarshal(raw, &by); err != nil {
		return fmt.Errorf("bad argument: %v", err)
	}
	for k := range by {
		known := false
		for _, n := range names {
			known = known || n == k
		}
		if !known {
			return fmt.Errorf("bad argument: no class %q (%s)", k, strings.Join(names, ", "))
		}
	}
	for i, n := range names {
		if v, ok := by[n]; ok {
			*cur[i] = v
		}
	}
	return nil
}

func cmdTerrainSet(s *TableScene, arg jsonRaw) (any, error) {
	a := struct {
		ID           string
		Height, Base *float64
		Kind         *string
		Cover, Move  json.RawMessage
		Standable    *bool
	}{}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	if a.ID == "" {
		a.ID = terrainToolOf(s).selected
	}
	if pieceIndex(s.doc.File(), a.ID) < 0 {
		return nil, fmt.Errorf("%s", T("terrain.noPiece", a.ID))
	}
	return nil, editPiece(s, a.ID, T("edit.set", a.ID), func(t *table.Terrain) error {
		if a.Height != nil {
			t.Height = *a.Height
		}
		if a.Base != nil {
			t.Base = *a.Base
		}
		if a.Kind != nil {
			t.Kind = *a.Kind
			if a.Standable == nil {
				t.Standable = t.Kind == "solid"
			}
		}
		if a.Standable != nil {
			t.Standable = *a.Standable
		}
		if err := classWords(a.Cover, []string{"trooper", "creature", "vehicle"},
			[]*string{&t.Cover.Trooper, &t.Cover.Creature, &t.Cover.Vehicle}); err != nil {
			return err
		}
		return classWords(a.Move, []string{"trooper", "ground", "repulsor"},
			[]*string{&t.Move.Trooper, &t.Move.Ground, &t.Move.Repulsor})
	})
}

func cmdTerrainDuplicate(s *TableScene, arg jsonRaw) (any, error) {
	id, err := pieceArg(s, arg)
	if err != nil {
		return nil, err
	}
	f := s.doc.File()
	k := 2 * lengthScale(f)
	t := translated(f.Terrain[pieceIndex(f, id)], k, -k)
	stem := trailingNumber.ReplaceAllString(id, "")
	newID, err := addPiece(s, stem, t)
	if err != nil {
		return nil, err
	}
	return map[string]string{"id": newID}, nil
}

func deletePiece(s *TableScene, id string) error {
	err := s.doc.Edit(T("edit.delete", id), func(f *table.File) error {
		i := pieceIndex(f, id)
		if i < 0 {
			return fmt.Errorf("%s", T("terrain.noPiece", id))
		}
		f.Terrain = append(f.Terrain[:i], f.Terrain[i+1:]...)
		return nil
	})
	s.SetPreview(nil)
	if err != nil {
		return err
	}
	if t := terrainToolOf(s); t.selected == id {
		t.selected = ""
	}
	return nil
}

func cmdTerrainDelete(s *TableScene, arg jsonRaw) (any, error) {
	id, err := pieceArg(s, arg)
	if err != nil {
		return nil, err
	}
	return nil, deletePiece(s, id)
}

func cmdTerrainPresets(s *TableScene, _ jsonRaw) (any, error) {
	type preset struct {
		Name  string `json:"name"`
		Label string `json:"label"`
		Kind  string `json:"kind"`
		Shape string `json:"shape"`
	}
	out := make([]preset, 0, len(maps.TerrainPresets))
	for _, p := range maps.TerrainPresets {
		out = append(out, preset{p.Name, presetLabel(p.Label), p.Kind, p.Shape})
	}
	return out, nil
}

// MirrorLayout mirrors f's terrain, minis and tokens through the table's centre.
func MirrorLayout(f *table.File) {
	cx, cy := f.Battlefield.Width/2, f.Battlefield.Depth/2
	for i := range f.Terrain {
		f.Terrain[i] = mirrored(f.Terrain[i], cx, cy)
	}
	for ui := range f.UnitsOnTable {
		for mi := range f.UnitsOnTable[ui].Minis {
			m := &f.UnitsOnTable[ui].Minis[mi]
			m.X, m.Y = clean(2*cx-m.X), clean(2*cy-m.Y)
			m.Facing = mirrorFacing(m.Facing)
		}
	}
	for i := range f.Tokens {
		k := &f.Tokens[i]
		k.X, k.Y = clean(2*cx-k.X), clean(2*cy-k.Y)
	}
}

func cmdLayoutMirror(s *TableScene, _ jsonRaw) (any, error) {
	err := s.doc.Edit(T("edit.mirror"), func(f *table.File) error {
		MirrorLayout(f)
		return nil
	})
	s.SetPreview(nil)
	if err != nil {
		return nil, fmt.Errorf("%s", T("terrain.refused", err))
	}
	return nil, nil
}

// --- the tool ------------------------------------------------------------------------------------

type terrainTool struct {
	cornerH  float64 // the height its bottom-right text took in the last frame, device px (CornerHeight)
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
	invalid   string

	palette      []paletteButton
	cache        overlayCache // placement marks, selection, handles, coverage
	text         render.TextCache
	paletteCache overlayCache

	tick                   int
	lastPress              int
	lastPressX, lastPressY float64
	pendingDeselect        bool
	pressCam               Camera
	outlines               []render.Outline
	cursorX, cursorY       float64
}

// terrainDrag is a drag in progress: what is dragged (kind, and which handle), the piece as it was
// and where the drag started (table coordinates).
type terrainDrag struct {
	kind           string // move, rotate, corner, edge, radius, vertex
	i              int    // corner, edge or vertex index
	id             string
	orig           table.Terrain
	startX, startY float64
	pressX, pressY float64 // screen
	live           bool    // moved past the click slop: the preview shows the change
	cur            table.Terrain
}

func (t *terrainTool) Name() string { return "terrain" }

func (t *terrainTool) arm(s *TableScene, preset, shape string) {
	t.armed, t.shape = preset, shape
	t.draft = nil
}

// handle is a draggable point of the selected piece, in screen pixels.
type handle struct {
	kind string // rotate, corner, edge, radius, vertex
	i    int
	x, y float64
}

const (
	handleSize = 4.5 // CSS px, half the side of a square handle
	knobGap    = 26  // CSS px from the top of a piece to its rotation knob
)

// selectedPiece is the selected piece in the shown file, or nil.
func (t *terrainTool) selectedPiece(s *TableScene) *table.Terrain {
	if t.selected == "" {
		return nil
	}
	f := s.File()
	if i := pieceIndex(f, t.selected); i >= 0 {
		return &f.Terrain[i]
	}
	return nil
}

// handles lists the selected piece's handles.
func (t *terrainTool) handles(s *TableScene) []handle {
	p := t.selectedPiece(s)
	if p == nil {
		return nil
	}
	cam := s.Camera()
	var hs []handle
	if p.Circle != nil {
		x, y := cam.WorldToScreen(p.Circle.X+p.Circle.R, p.Circle.Y)
		return []handle{{"radius", 0, x, y}}
	}
	if isRect(p.Polygon) {
		for i, v := range p.Polygon {
			x, y := cam.WorldToScreen(v[0], v[1])
			hs = append(hs, handle{"corner", i, x, y})
		}
		for i, v := range p.Polygon {
			w := p.Polygon[(i+1)%4]
			x, y := cam.WorldToScreen((v[0]+w[0])/2, (v[1]+w[1])/2)
			hs = append(hs, handle{"edge", i, x, y})
		}
	} else {
		for i, v := range p.Polygon {
			x, y := cam.WorldToScreen(v[0], v[1])
			hs = append(hs, handle{"vertex", i, x, y})
		}
	}
	kx, ky := t.knob(s, p)
	return append(hs, handle{"rotate", 0, kx, ky})
}

// knob is the rotation knob's screen position: above the piece's top, over its centre.
func (t *terrainTool) knob(s *TableScene, p *table.Terrain) (float64, float64) {
	cam := s.Camera()
	cx, cy := centreOf(p)
	top := math.Inf(-1)
	for _, v := range p.Polygon {
		top = math.Max(top, v[1])
	}
	x, _ := cam.WorldToScreen(cx, cy)
	_, y := cam.WorldToScreen(cx, top)
	return x, y - knobGap*s.Scale()
}

func (t *terrainTool) handleAt(s *TableScene, hs []handle, x, y float64) int {
	r := (handleSize + 3) * s.Scale()
	best, bestD := -1, math.Inf(1)
	for i, h := range hs {
		if d := math.Hypot(h.x-x, h.y-y); d <= r && d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// Update handles one tick of input; see the file comment.
func (t *terrainTool) Update(s *TableScene, in *Input) bool {
	t.tick++
	k := s.Scale()
	t.cursorX, t.cursorY = in.X, in.Y
	t.layoutPalette(s)

	if in.Escape {
		if t.drag != nil {
			t.drag = nil
			s.SetPreview(nil)
		} else {
			t.arm(s, "", t.shape)
		}
	}
	if t.drafting() {
		if in.KeyPressed(ebiten.KeyEnter) || in.KeyPressed(ebiten.KeyNumpadEnter) {
			t.closeDraft(s)
		}
		if in.Delete && len(t.draft) > 0 {
			t.draft = t.draft[:len(t.draft)-1]
		}
	} else if in.Delete && t.drag == nil && t.selected != "" {
		if err := deletePiece(s, t.selected); err != nil {
			s.SetMessage(T("terrain.refused", err))
		}
	}

	if t.drag != nil {
		if in.Left && !in.LeftReleased {
			t.dragTo(s, in)
			return true
		}
		t.dragTo(s, in)
		t.finishDrag(s)
		return true
	}

	hs := t.handles(s)
	t.hot = t.handleAt(s, hs, in.X, in.Y)
	if !in.LeftPressed {
		if t.pendingDeselect && !in.Left {
			if s.Camera() == t.pressCam {
				t.selected = ""
			}
			t.pendingDeselect = false
		}
		return false
	}

	// A press.
	if b := t.buttonAt(in.X, in.Y); b != nil {
		b.do(s)
		return true
	}
	double := t.tick-t.lastPress <= 20 && math.Hypot(in.X-t.lastPressX, in.Y-t.lastPressY) <= 6*k
	t.lastPress, t.lastPressX, t.lastPressY = t.tick, in.X, in.Y
	wx, wy := s.Camera().ScreenToWorld(in.X, in.Y)

	if t.drafting() {
		if len(t.draft) >= 3 {
			fx, fy := s.Camera().WorldToScreen(t.draft[0][0], t.draft[0][1])
			if double || math.Hypot(in.X-fx, in.Y-fy) <= 8*k {
				t.closeDraft(s)
				return true
			}
		}
		t.draft = append(t.draft, [2]float64{clean(roundTo(wx, editStep)), clean(roundTo(wy, editStep))})
		return true
	}
	if t.hot >= 0 {
		t.startDrag(s, hs[t.hot].kind, hs[t.hot].i, wx, wy, in)
		return true
	}
	if id := s.doc.World().PieceAt(r2.Point{X: wx, Y: wy}, 3*k/s.Camera().Zoom); id != "" {
		t.selected = id
		t.startDrag(s, "move", 0, wx, wy, in)
		return true
	}
	if t.armed != "" {
		p, _ := maps.TerrainPresetNamed(t.armed)
		f := s.doc.File()
		if wx < 0 || wy < 0 || wx > f.Battlefield.Width || wy > f.Battlefield.Depth {
			return false
		}
		pc, err := presetPiece(p, t.shape, clean(roundTo(wx, editStep)), clean(roundTo(wy, editStep)), lengthScale(f))
		if err == nil {
			_, err = addPiece(s, p.Name, pc)
		}
		if err != nil {
			s.SetMessage(err.Error())
		}
		return true
	}
	if t.selected != "" {
		t.pendingDeselect, t.pressCam = true, s.Camera()
	}
	return false
}

func (t *terrainTool) drafting() bool { return t.armed != "" && t.shape == "draw" }

// closeDraft adds the drawn polygon as a piece of the armed preset (one edit). A polygon the
// loader refuses stays as a draft, with the loader's message shown.
func (t *terrainTool) closeDraft(s *TableScene) {
	if len(t.draft) < 3 {
		return
	}
	p, ok := maps.TerrainPresetNamed(t.armed)
	if !ok {
		return
	}
	pc, _ := presetPiece(p, "rect", 0, 0, lengthScale(s.doc.File()))
	pc.Polygon = append([][2]float64(nil), t.draft...)
	if _, err := addPiece(s, p.Name, pc); err != nil {
		s.SetMessage(err.Error())
		return
	}
	t.draft = nil
}

func (t *terrainTool) startDrag(s *TableScene, kind string, i int, wx, wy float64, in *Input) {
	p := t.selectedPiece(s)
	if p == nil {
		return
	}
	t.pendingDeselect = false
	t.drag = &terrainDrag{kind: kind, i: i, id: p.ID, orig: copyPiece(*p), startX: wx, startY: wy,
		pressX: in.X, pressY: in.Y, live: kind != "move", cur: copyPiece(*p)}
}

// dragTo updates the preview for the pointer at in.X, in.Y.
func (t *terrainTool) dragTo(s *TableScene, in *Input) {
	d := t.drag
	if !d.live {
		if math.Hypot(in.X-d.pressX, in.Y-d.pressY) < clickSlop*s.Scale() {
			return
		}
		d.live = true
	}
	wx, wy := s.Camera().ScreenToWorld(in.X, in.Y)
	d.cur = t.reshaped(s, d, wx, wy, in.Shift)
	f := s.doc.File()
	i := pieceIndex(f, d.id)
	if i < 0 {
		t.drag = nil
		s.SetPreview(nil)
		return
	}
	c := *f
	c.Terrain = append([]table.Terrain(nil), f.Terrain...)
	c.Terrain[i] = d.cur
	s.SetPreview(&c)
}

// reshaped is the dragged piece with the pointer at table point (wx, wy).
func (t *terrainTool) reshaped(s *TableScene, d *terrainDrag, wx, wy float64, shift bool) table.Terrain {
	o := d.orig
	switch d.kind {
	case "move":
		return translated(o, roundTo(wx-d.startX, editStep), roundTo(wy-d.startY, editStep))
	case "rotate":
		cx, cy := centreOf(&o)
		a0 := math.Atan2(d.startY-cy, d.startX-cx)
		a1 := math.Atan2(wy-cy, wx-cx)
		step := 1.0
		if shift {
			step = 15
		}
		return rotated(o, roundTo((a1-a0)*180/math.Pi, step), cx, cy)
	case "radius":
		c := copyPiece(o)
		c.Circle.R = math.Max(0.05*lengthScale(s.doc.File()), clean(roundTo(math.Hypot(wx-o.Circle.X, wy-o.Circle.Y), editStep)))
		return c
	case "vertex":
		c := copyPiece(o)
		c.Polygon[d.i] = [2]float64{clean(roundTo(wx, editStep)), clean(roundTo(wy, editStep))}
		return c
	case "corner", "edge":
		return resizedRect(o, d.kind, d.i, wx, wy, 0.1*lengthScale(s.doc.File()))
	}
	return o
}

// resizedRect drags corner i (or edge i, from vertex i to i+1) of the rectangle o to the point
// (wx, wy), in the rectangle's own axes: the opposite corner (edge) stays, sizes are rounded to
// editStep and kept at least minSize, the vertex order and winding stay.
func resizedRect(o table.Terrain, kind string, i int, wx, wy, minSize float64) table.Terrain {
	v := o.Polygon
	ox, oy := v[0][0], v[0][1]
	ax, ay := v[1][0]-ox, v[1][1]-oy
	bx, by := v[3][0]-ox, v[3][1]-oy
	la, lb := math.Hypot(ax, ay), math.Hypot(bx, by)
	ax, ay, bx, by = ax/la, ay/la, bx/lb, by/lb
	pa := roundTo((wx-ox)*ax+(wy-oy)*ay, editStep)
	pb := roundTo((wx-ox)*bx+(wy-oy)*by, editStep)
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
	if kind == "corner" {
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
	c := copyPiece(o)
	at := func(a, b float64) [2]float64 {
		return [2]float64{clean(roundTo(ox+ax*a+bx*b, 1e-4)), clean(roundTo(oy+ay*a+by*b, 1e-4))}
	}
	c.Polygon = [][2]float64{at(a0, b0), at(a1, b0), at(a1, b1), at(a0, b1)}
	return c
}

// finishDrag commits the drag (one edit) or, for a press without movement, only selects.
func (t *terrainTool) finishDrag(s *TableScene) {
	d := t.drag
	t.drag = nil
	if !d.live {
		s.SetPreview(nil)
		return
	}
	label := map[string]string{"move": "edit.move", "rotate": "edit.rotate", "radius": "edit.resize",
		"corner": "edit.resize", "edge": "edit.resize", "vertex": "edit.vertex"}[d.kind]
	cur := d.cur
	_ = editPiece(s, d.id, T(label, d.id), func(p *table.Terrain) error {
		*p = copyPiece(cur)
		return nil
	})
}

// refreshChecks recomputes placement and coverage when the shown file changed. A preview whose
// dragged shape is not a valid polygon gets no new checks; invalid says why.
func (t *terrainTool) refreshChecks(s *TableScene) {
	f := s.File()
	if f == t.checkFile {
		return
	}
	t.checkFile = f
	t.invalid = ""
	w := s.doc.World()
	if f != s.doc.File() {
		for i := range f.Terrain {
			if pts := f.Terrain[i].Points(); pts != nil {
				if err := geometry.ValidatePolygon(pts); err != nil {
					t.invalid = err.Error()
					return
				}
			} else if c := f.Terrain[i].Circle; c == nil || !(c.R > 0) {
				t.invalid = "radius must be positive"
				return
			}
		}
		w = rules.NewWorld(f)
	}
	t.checks = w.TerrainPlacement()
	t.coverage = w.TerrainCoverage()
}

func (t *terrainTool) check(id string) *rules.PlacementCheck {
	for i := range t.checks {
		if t.checks[i].ID == id {
			return &t.checks[i]
		}
	}
	return nil
}

// screenPiece is a piece in screen coordinates.
func screenPiece(cam Camera, p *table.Terrain) render.Piece {
	pc := render.Piece{Kind: render.KindOf(p.Kind)}
	if p.Circle != nil {
		x, y := cam.WorldToScreen(p.Circle.X, p.Circle.Y)
		pc.CX, pc.CY, pc.R = float32(x), float32(y), float32(cam.Length(p.Circle.R))
		return pc
	}
	for _, v := range p.Polygon {
		x, y := cam.WorldToScreen(v[0], v[1])
		pc.Points = append(pc.Points, float32(x), float32(y))
	}
	return pc
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

// overlayCache keeps a tool's overlay drawn into an image of its own and redraws it only when
// its key (everything it depends on) changes: text and outlines over the whole table cost several
// passes on software-rendered WebGL, an unchanged overlay one copy.
type overlayCache struct {
	img *ebiten.Image
	key any
}

func (c *overlayCache) draw(screen *ebiten.Image, key any, draw func(dst *ebiten.Image)) {
	c.drawRect(screen, screen.Bounds(), key, draw)
}

// drawRect is draw for an overlay that covers only the screen rectangle r: the cached image is
// that small (a small copy per frame), and draw draws into it in screen coordinates.
func (c *overlayCache) drawRect(screen *ebiten.Image, r image.Rectangle, key any, draw func(dst *ebiten.Image)) {
	r = r.Intersect(screen.Bounds())
	if r.Empty() {
		return
	}
	if c.img == nil || c.img.Bounds() != r {
		if c.img != nil {
			c.img.Deallocate()
		}
		c.img = ebiten.NewImageWithOptions(r, nil)
		c.key = nil
	}
	if c.key == nil || c.key != key {
		c.img.Clear()
		draw(c.img)
		c.key = key
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
	screen.DrawImage(c.img, op)
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
	hud        int
	pageTop    float64
	dragging   bool
	hotHandle  int
}

// CornerHeight is how much of the screen's bottom-right corner the tool's text covers, for the
// heat map legend to stand above it.
func (t *terrainTool) CornerHeight() float64 { return t.cornerH }

// Draw draws the placement marks, the selection and its handles, a polygon being drawn, the
// palette and the coverage. All but the draft comes from a cached layer.
func (t *terrainTool) Draw(s *TableScene, screen *ebiten.Image) {
	t.refreshChecks(s)
	k := s.Scale()
	lw := float32(k)
	cam := s.Camera()
	if len(t.palette) == 0 {
		t.layoutPalette(s)
	}
	key := terrainOverlayKey{cam: cam, screen: s.screen, file: s.File(), rev: s.doc.Rev(), selected: t.selected,
		invalid: t.invalid != "", lang: Language(), unit: DisplayUnit(),
		hud: len(s.hudLines()), pageTop: s.pageTop, dragging: t.drag != nil, hotHandle: t.hot}
	t.cache.draw(screen, key, func(dst *ebiten.Image) { t.drawStatic(s, dst) })
	t.drawPalette(s, screen)

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
// piece's outline and handles, the palette and the coverage corner.
func (t *terrainTool) drawStatic(s *TableScene, screen *ebiten.Image) {
	k := s.Scale()
	lw := float32(k)
	cam := s.Camera()
	f := s.File()

	// Pieces that break the placement rule: amber when within range 1 of another (the rule's
	// fallback allows that where no place beyond range 1 is left, L1711–1717), red when touching.
	t.outlines = t.outlines[:0]
	type label struct {
		text string
		x, y float64
		c    color.RGBA
	}
	var labels []label
	for i := range f.Terrain {
		p := &f.Terrain[i]
		c := t.check(p.ID)
		if c == nil || c.OK {
			continue
		}
		col := render.EditWarn
		if c.Touching {
			col = render.EditBad
		}
		sp := screenPiece(cam, p)
		t.outlines = append(t.outlines, render.Outline{Piece: sp, Color: col})
		x, y := labelAnchor(sp)
		labels = append(labels, label{placementText(c, f), x, y, col})
	}
	if p := t.selectedPiece(s); p != nil {
		col := render.EditSelected
		if t.drag != nil && t.invalid != "" {
			col = render.EditBad
		}
		t.outlines = append(t.outlines, render.Outline{Piece: screenPiece(cam, p), Color: col})
	}
	render.Outlines(screen, t.outlines, 2*lw)
	for _, l := range labels {
		t.text.Draw(screen, []render.TextLine{{Text: l.text, Color: l.c}}, l.x, l.y-3*k, 11*k, render.BottomCentre, true)
	}

	// Handles of the selected piece.
	if p := t.selectedPiece(s); p != nil {
		hs := t.handles(s)
		var ehs []render.EditHandle
		var stems [][4]float32
		for i, h := range hs {
			hot := i == t.hot || (t.drag != nil && t.drag.kind == h.kind && t.drag.i == h.i)
			eh := render.EditHandle{X: float32(h.x), Y: float32(h.y), R: float32(handleSize * k), Hot: hot}
			if h.kind == "rotate" || h.kind == "radius" {
				eh.Round = true
			}
			if h.kind == "rotate" {
				cx, cy := centreOf(p)
				sx, sy := cam.WorldToScreen(cx, cy)
				stems = append(stems, [4]float32{float32(sx), float32(sy), float32(h.x), float32(h.y)})
			}
			ehs = append(ehs, eh)
		}
		render.EditHandles(screen, ehs, stems, lw)
	}

	// Coverage, and a note on the placement, in the bottom-right corner.
	lines := []string{T("terrain.coverage", 100*t.coverage.Fraction), T("terrain.goal")}
	bad := 0
	for _, c := range t.checks {
		if !c.OK {
			bad++
		}
	}
	if bad > 0 {
		lines = append(lines, T("terrain.badCount", bad))
	}
	if t.drag != nil && t.invalid != "" {
		lines = append(lines, T("terrain.invalid", t.invalid))
	}
	b := screen.Bounds()
	tl := make([]render.TextLine, len(lines))
	for i, l := range lines {
		tl[i] = render.TextLine{Text: l, Color: render.HUDText}
	}
	w, ht := t.text.Size(tl, 12*k, false)
	t.text.Draw(screen, tl, float64(b.Dx())-8*k-w, float64(b.Dy())-8*k, 12*k, render.BottomLeft, false)
	t.text.EndFrame()
	t.cornerH = ht + 8*k
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

// State is the tool's part of the state snapshot.
func (t *terrainTool) State(s *TableScene) any {
	t.refreshChecks(s)
	st := terrainState{Selected: t.selected, Coverage: t.coverage.Fraction, Armed: t.armed, Shape: t.shape,
		Draft: t.draft, Invalid: t.invalid, Placement: make([]placementState, 0, len(t.checks))}
	if t.drag != nil && t.drag.live {
		st.Dragging = t.drag.kind
	}
	for _, c := range t.checks {
		st.Placement = append(st.Placement, placementState{c.ID, placementBody(c)})
	}
	if p := t.selectedPiece(s); p != nil {
		ps := &pieceState{ID: p.ID, Shape: shapeOf(p), Polygon: p.Polygon, Circle: p.Circle, Height: p.Height,
			Base: p.Base, Kind: p.Kind, Cover: p.Cover, CoverByClass: p.Cover, Move: p.Move, Standable: p.Standable}
		if c, ok := p.Cover.Uniform(); ok {
			ps.Cover = c
		}
		if c := t.check(p.ID); c != nil {
			b := placementBody(*c)
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
		b.Text = c.Reasons[0].Text + " [" + c.Reasons[0].Cite + "]"
	}
	return b
}

// --- palette -------------------------------------------------------------------------------------

// paletteButton is one button of a tool's palette, in screen pixels.
type paletteButton struct {
	render.Button
	do func(s *TableScene)
}

func (t *terrainTool) buttonAt(x, y float64) *paletteButton { return buttonAt(t.palette, x, y) }

func buttonAt(bs []paletteButton, x, y float64) *paletteButton {
	for i := range bs {
		b := &bs[i]
		if x >= float64(b.X) && x < float64(b.X+b.W) && y >= float64(b.Y) && y < float64(b.Y+b.H) {
			return b
		}
	}
	return nil
}

// TopReserver is a tool that keeps a band at the top of the screen for itself (the layout tools'
// palettes): a fitted table stays below ReserveTop, in device pixels.
type TopReserver interface {
	ReserveTop(s *TableScene) float64
}

// ReserveTop is the bottom of the palette and its hint line.
func (t *terrainTool) ReserveTop(s *TableScene) float64 {
	t.layoutPalette(s)
	return float64(paletteRect(s, t.palette).Max.Y)
}

// ReserveTop is the bottom of the palette and its hint line.
func (t *unitsTool) ReserveTop(s *TableScene) float64 {
	t.layoutPalette(s)
	return float64(paletteRect(s, t.palette).Max.Y)
}

// paletteTop is the screen y where a palette starts: below the heads-up panel and below the
// page's toolbar (the top the page reserved, see the reserve command).
func paletteTop(s *TableScene) float64 {
	k := s.Scale()
	n := float64(len(s.hudLines()))
	return math.Max(8*k+hudFontSize*k*(1.35*n+0.65)+6*k, (s.pageTop+4)*k)
}

// flowButtons lays out buttons left to right from (x0, y), wrapping at the screen's right edge;
// each spec is its text, swatch, active flag and action. It returns the buttons and the y below.
type buttonSpec struct {
	text   string
	swatch color.RGBA
	active bool
	do     func(s *TableScene)
	gap    bool // extra space before this button (a new group)
}

const paletteFont = 11 // CSS px

// buttonWidths remembers measured button widths (palettes are laid out every tick).
var buttonWidths = map[buttonWidthKey]float64{}

type buttonWidthKey struct {
	text   string
	size   float64
	swatch bool
}

func flowButtons(s *TableScene, specs []buttonSpec, y float64) ([]paletteButton, float64) {
	k := s.Scale()
	size := paletteFont * k
	h := size * 1.7
	x0 := 8 * k
	right := s.screen.W - 8*k
	x := x0
	var out []paletteButton
	for _, sp := range specs {
		wk := buttonWidthKey{sp.text, size, sp.swatch.A != 0}
		w, ok := buttonWidths[wk]
		if !ok {
			w = render.ButtonWidth(sp.text, size, sp.swatch.A != 0)
			buttonWidths[wk] = w
		}
		if sp.gap && x > x0 {
			x += 6 * k
		}
		if x > x0 && x+w > right {
			x, y = x0, y+h+3*k
		}
		out = append(out, paletteButton{render.Button{X: float32(x), Y: float32(y), W: float32(w), H: float32(h),
			Text: sp.text, Swatch: sp.swatch, Active: sp.active}, sp.do})
		x += w + 3*k
	}
	return out, y + h + 3*k
}

func kindSwatch(kind string) color.RGBA {
	switch kind {
	case "area":
		return render.AreaEdge
	case "depression":
		return render.DepressEdge
	}
	return render.SolidFill
}

// layoutPalette places the terrain palette's buttons: the shapes and the mirror, then the presets.
func (t *terrainTool) layoutPalette(s *TableScene) {
	var specs []buttonSpec
	for _, sh := range []string{"rect", "circle", "polygon", "draw"} {
		sh := sh
		specs = append(specs, buttonSpec{text: T("terrain.shape." + sh), active: t.shape == sh,
			do: func(s *TableScene) { t.arm(s, t.armed, sh) }})
	}
	specs = append(specs, buttonSpec{text: T("terrain.mirror"), gap: true,
		do: func(s *TableScene) { _, _ = s.Command("layoutMirror", nil) }})
	for i, p := range maps.TerrainPresets {
		name := p.Name
		specs = append(specs, buttonSpec{text: presetLabel(p.Label), swatch: kindSwatch(p.Kind), active: t.armed == name, gap: i == 0,
			do: func(s *TableScene) {
				if t.armed == name {
					t.arm(s, "", t.shape)
				} else {
					t.arm(s, name, t.shape)
				}
			}})
	}
	t.palette, _ = flowButtons(s, specs, paletteTop(s))
}

func drawButtons(s *TableScene, screen *ebiten.Image, bs []paletteButton, cx, cy float64) {
	rb := make([]render.Button, len(bs))
	for i, b := range bs {
		rb[i] = b.Button
		rb[i].Hot = cx >= float64(b.X) && cx < float64(b.X+b.W) && cy >= float64(b.Y) && cy < float64(b.Y+b.H)
	}
	render.Buttons(screen, rb, paletteFont*s.Scale(), float32(s.Scale()))
}

// paletteKey is what a palette's cached image depends on.
type paletteKey struct {
	screen        Screen
	top           float64
	armed, shape  string
	side          string
	n, hot        int
	lang          string
	first, length int
}

// paletteRect is the screen rectangle of a palette and the hint line below it.
func paletteRect(s *TableScene, bs []paletteButton) image.Rectangle {
	k := s.Scale()
	last := bs[len(bs)-1]
	bottom := float64(last.Y+last.H) + 3*k + 2*paletteFont*k + 2*k
	return image.Rect(0, int(math.Floor(float64(bs[0].Y)-2*k)), int(s.screen.W), int(math.Ceil(bottom)))
}

// hotButton identifies the button under the pointer (-1 when none).
func hotButton(bs []paletteButton, x, y float64) int {
	for i := range bs {
		b := &bs[i]
		if x >= float64(b.X) && x < float64(b.X+b.W) && y >= float64(b.Y) && y < float64(b.Y+b.H) {
			return i
		}
	}
	return -1
}

// drawPaletteCached draws a palette and its hint from its cache.
func drawPaletteCached(s *TableScene, screen *ebiten.Image, c *overlayCache, bs []paletteButton, hint string, key paletteKey,
	cx, cy float64) {
	if len(bs) == 0 {
		return
	}
	key.screen, key.top, key.hot, key.lang = s.screen, float64(bs[0].Y), hotButton(bs, cx, cy), Language()
	key.first, key.length = int(bs[len(bs)-1].Y), len(hint)
	c.drawRect(screen, paletteRect(s, bs), key, func(dst *ebiten.Image) {
		drawButtons(s, dst, bs, cx, cy)
		last := bs[len(bs)-1]
		k := s.Scale()
		render.Panel(dst, []string{hint}, 8*k, float64(last.Y+last.H)+3*k, paletteFont*k)
	})
}

func (t *terrainTool) drawPalette(s *TableScene, screen *ebiten.Image) {
	if len(t.palette) == 0 {
		t.layoutPalette(s)
	}
	hint := T("terrain.hint")
	if p, ok := maps.TerrainPresetNamed(t.armed); ok {
		if t.shape == "draw" {
			hint = T("terrain.hintDraw", presetLabel(p.Label))
		} else {
			hint = T("terrain.hintArmed", presetLabel(p.Label))
		}
	}
	drawPaletteCached(s, screen, &t.paletteCache, t.palette, hint, paletteKey{armed: t.armed, shape: t.shape}, t.cursorX, t.cursorY)
}
