package scenes

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"

	"holotable/maps"
	"holotable/ops"
	"holotable/table"
)

// The terrain tool's page commands (JSON argument → result); each change is one op:
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

func init() {
	RegisterCommand("terrainAdd", cmdTerrainAdd)
	RegisterCommand("terrainArm", cmdTerrainArm)
	RegisterCommand("terrainSelect", cmdTerrainSelect)
	RegisterCommand("terrainSet", cmdTerrainSet)
	RegisterCommand("terrainDuplicate", cmdTerrainDuplicate)
	RegisterCommand("terrainDelete", cmdTerrainDelete)
	RegisterCommand("terrainPresets", cmdTerrainPresets)
	RegisterCommand("layoutMirror", cmdLayoutMirror)
}

func terrainToolOf(s *TableScene) *terrainTool { return toolOf[*terrainTool](s, "terrain") }

// editStep is the grid edited coordinates are rounded to (0.01 in the file's unit).
const editStep = 0.01

// presetPiece is a new piece of preset p with the given shape centred on (x, y), lengths scaled
// by k (ops.LengthScale of the file).
func presetPiece(p maps.TerrainPreset, shape string, x, y, k float64) (table.Terrain, error) {
	t := table.Terrain{Height: p.Height * k, Kind: p.Kind, Cover: p.Cover, Move: p.Move, Standable: p.Kind == table.Solid}
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
	at := func(dx, dy float64) [2]float64 { return [2]float64{ops.Snap(x+dx*k, 1e-4), ops.Snap(y+dy*k, 1e-4)} }
	switch shape {
	case "rect":
		t.Polygon = [][2]float64{at(-w/2, -d/2), at(w/2, -d/2), at(w/2, d/2), at(-w/2, d/2)}
	case "circle":
		t.Circle = &table.Circle{X: x, Y: y, R: ops.Snap(r*k, 1e-4)}
	case "polygon":
		if p.Shape == "polygon" {
			for _, q := range p.Points {
				t.Polygon = append(t.Polygon, at(q[0], q[1]))
			}
		} else { // an octagon in the preset's box
			for i := range 8 {
				a := (float64(i) + 0.5) * math.Pi / 4
				t.Polygon = append(t.Polygon, at(w/2*math.Cos(a), d/2*math.Sin(a)))
			}
		}
	default:
		return t, fmt.Errorf("%s", T("terrain.badShape", shape))
	}
	return t, nil
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

// addPiece adds t (its id made from stem) in one op and selects it; it returns the id.
func addPiece(c Context, stem string, t table.Terrain) (string, error) {
	t.ID = ops.UniqueID(c.State().File(), stem)
	if err := c.Submit(&ops.TerrainAdd{Piece: t}); err != nil {
		return "", errors.New(T("terrain.refused", errText(err)))
	}
	c.SetMessage("")
	return t.ID, nil
}

func cmdTerrainAdd(s *TableScene, arg jsonRaw) (any, error) {
	f := s.State().File()
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
	t, err := presetPiece(p, a.Shape, x, y, ops.LengthScale(f))
	if err != nil {
		return nil, err
	}
	id, err := addPiece(s, p.Name, t)
	if err != nil {
		return nil, err
	}
	terrainToolOf(s).selected = id
	return map[string]string{"id": id}, nil
}

func cmdTerrainArm(s *TableScene, arg jsonRaw) (any, error) {
	a := struct{ Preset, Shape string }{}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	t := terrainToolOf(s)
	if a.Preset == "" {
		t.arm("", t.shape)
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
	t.arm(a.Preset, a.Shape)
	return nil, nil
}

func cmdTerrainSelect(s *TableScene, arg jsonRaw) (any, error) {
	a := struct{ ID string }{}
	if err := argIDInto(arg, &a.ID); err != nil {
		return nil, err
	}
	if a.ID != "" && pieceIndex(s.State().File(), a.ID) < 0 {
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
	if pieceIndex(s.State().File(), id) < 0 {
		return "", fmt.Errorf("%s", T("terrain.noPiece", id))
	}
	return id, nil
}

// submitPiece commits an op on a piece; a refusal is the message.
func submitPiece(c Context, o ops.Op) error {
	err := c.Submit(o)
	c.Preview(nil)
	if err != nil {
		err = errors.New(T("terrain.refused", errText(err)))
		c.SetMessage(err.Error())
		return err
	}
	c.SetMessage("")
	return nil
}

// classWords reads cover or move: one word for every class, or an object by class whose missing
// classes keep their current values (cur, in class order).
func classWords[V any](field string, raw json.RawMessage, names []string, cur []*V, parse func(string) (V, error)) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		v, err := parse(one)
		if err != nil {
			return errors.New(T("cmd.badArg", field+": "+err.Error()))
		}
		for _, c := range cur {
			*c = v
		}
		return nil
	}
	var by map[string]string
	if err := json.Unmarshal(raw, &by); err != nil {
		return errors.New(T("cmd.badArg", err.Error()))
	}
	for k := range by {
		known := false
		for _, n := range names {
			known = known || n == k
		}
		if !known {
			return errors.New(T("cmd.noClass", k, strings.Join(names, ", ")))
		}
	}
	for i, n := range names {
		if w, ok := by[n]; ok {
			v, err := parse(w)
			if err != nil {
				return errors.New(T("cmd.badArg", field+"."+n+": "+err.Error()))
			}
			*cur[i] = v
		}
	}
	return nil
}

func cmdTerrainSet(s *TableScene, arg jsonRaw) (any, error) {
	a := struct {
		ID           string
		Height, Base *float64
		Kind         *table.TerrainKind
		Cover, Move  json.RawMessage
		Standable    *bool
	}{}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	if a.ID == "" {
		a.ID = terrainToolOf(s).selected
	}
	f := s.State().File()
	i := pieceIndex(f, a.ID)
	if i < 0 {
		return nil, fmt.Errorf("%s", T("terrain.noPiece", a.ID))
	}
	p := f.Terrain[i]
	o := &ops.TerrainSet{Piece: a.ID, Height: a.Height, Base: a.Base, PieceKind: a.Kind, Standable: a.Standable}
	if a.Kind != nil && a.Standable == nil { // a new kind brings its default
		o.Standable = ptrTo(*a.Kind == table.Solid)
	}
	if len(a.Cover) > 0 && string(a.Cover) != "null" {
		c := p.Cover
		if err := classWords("cover", a.Cover, []string{"trooper", "creature", "vehicle"}, []*table.Cover{&c.Trooper, &c.Creature, &c.Vehicle}, table.ParseCover); err != nil {
			return nil, err
		}
		o.Cover = &c
	}
	if len(a.Move) > 0 && string(a.Move) != "null" {
		m := p.Move
		if err := classWords("move", a.Move, []string{"trooper", "ground", "repulsor"}, []*table.Passage{&m.Trooper, &m.Ground, &m.Repulsor}, table.ParsePassage); err != nil {
			return nil, err
		}
		o.Move = &m
	}
	return nil, submitPiece(s, o)
}

func ptrTo[T any](v T) *T { return &v }

func cmdTerrainDuplicate(s *TableScene, arg jsonRaw) (any, error) {
	id, err := pieceArg(s, arg)
	if err != nil {
		return nil, err
	}
	f := s.State().File()
	k := 2 * ops.LengthScale(f)
	t := ops.Translated(f.Terrain[pieceIndex(f, id)], k, -k)
	newID, err := addPiece(s, trailingNumber.ReplaceAllString(id, ""), t)
	if err != nil {
		return nil, err
	}
	terrainToolOf(s).selected = newID
	return map[string]string{"id": newID}, nil
}

// deletePiece deletes the piece id (one op) and drops it from the terrain tool's selection.
func deletePiece(c Context, t *terrainTool, id string) error {
	if err := submitPiece(c, &ops.TerrainDelete{Piece: id}); err != nil {
		return err
	}
	if t.selected == id {
		t.selected = ""
	}
	return nil
}

func cmdTerrainDelete(s *TableScene, arg jsonRaw) (any, error) {
	id, err := pieceArg(s, arg)
	if err != nil {
		return nil, err
	}
	return nil, deletePiece(s, terrainToolOf(s), id)
}

func cmdTerrainPresets(s *TableScene, _ jsonRaw) (any, error) {
	type preset struct {
		Name  string            `json:"name"`
		Label string            `json:"label"`
		Kind  table.TerrainKind `json:"kind"`
		Shape string            `json:"shape"`
	}
	out := make([]preset, 0, len(maps.TerrainPresets))
	for _, p := range maps.TerrainPresets {
		out = append(out, preset{p.Name, presetLabel(p.Label), p.Kind, p.Shape})
	}
	return out, nil
}

func cmdLayoutMirror(s *TableScene, _ jsonRaw) (any, error) {
	return nil, submitPiece(s, &ops.LayoutMirror{})
}
