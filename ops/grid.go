package ops

import (
	"cmp"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"holotable/table"
)

// A grid table on the log (D116). The State holds a grid table (table.SWMFile) beside the table
// file: swm.import puts one there (or replaces it), table.import takes it away, and the swm.* ops
// edit it (swm_*.go). The Legion file is not touched by a grid op, nor the grid by a Legion op, so
// a log, a record, undo and redo, tablecheck -replay and the server's rooms take grid ops as they
// take any op.
//
// A grid edit replaces one part of the grid table — its squares, walls, doors, figures or
// deployment zones — or the whole of it. It holds the grid as it was before the op and as it is
// after; applied, it checks that the part is still what it was before (else a conflict: someone changed it since) and puts
// in the part of the grid after, so that an undo of a wall edit is not refused because somebody
// moved a figure since. A grid table is never changed in place: every edit makes a new one.

// CiteGrid is the citation of a grid op's refusals that are the grid table format's.
const CiteGrid = "holotable grid table (docs/format-swm.md)"

const (
	codeNoGrid    = "op.noGrid"
	codeGridSame  = "op.gridSame"
	codeGridTable = "op.gridTable"
)

func init() {
	RegisterWords(map[string][2]string{
		"reason." + codeNoGrid:    {"the table is not a grid table", "der Tisch ist kein Rastertisch"},
		"reason." + codeGridSame:  {"this changes nothing", "das ändert nichts"},
		"reason." + codeGridTable: {"the grid table would not load: %s", "der Rastertisch ließe sich nicht laden: %s"},
		"thing.grid table":        {"grid table", "Rastertisch"},
		"thing.door":              {"door", "Tür"},
		"thing.figure":            {"figure", "Figur"},
	})
}

// gridPart is what a grid edit replaces: a closed set.
type gridPart uint8

const (
	gridWhole gridPart = iota // the whole grid table (nil: none)
	gridSquares
	gridWalls
	gridDoors
	gridFigures
	gridZones
	gridParts
)

var gridPartNames = [gridParts]string{"grid table", "terrain", "walls", "doors", "figures", "deployment"}

func (p gridPart) String() string {
	if p < gridParts {
		return gridPartNames[p]
	}
	return fmt.Sprintf("gridPart(%d)", uint8(p))
}

// same reports whether a and b (both non-nil) hold the same part p.
func (p gridPart) same(a, b *table.SWMFile) bool {
	if a == b {
		return true
	}
	switch p {
	case gridSquares:
		return a.Width == b.Width && a.Height == b.Height && slices.Equal(a.Squares, b.Squares)
	case gridWalls:
		return reflect.DeepEqual(a.Walls, b.Walls)
	case gridDoors:
		return reflect.DeepEqual(a.Doors, b.Doors)
	case gridFigures:
		return reflect.DeepEqual(a.Figures, b.Figures)
	case gridZones:
		return slices.Equal(a.Deployment, b.Deployment)
	}
	return reflect.DeepEqual(a, b)
}

// put copies part p of from into g.
func (p gridPart) put(g, from *table.SWMFile) {
	switch p {
	case gridSquares:
		g.Squares = from.Squares
	case gridWalls:
		g.Walls = from.Walls
	case gridDoors:
		g.Doors = from.Doors
	case gridFigures:
		g.Figures = from.Figures
	case gridZones:
		g.Deployment = from.Deployment
	}
}

// gridEdit replaces part of the grid table (from: as it was, to: as it will be; for gridWhole
// either may be nil: no grid table).
type gridEdit struct {
	field    string
	part     gridPart
	from, to *table.SWMFile
}

func (e *gridEdit) apply(b *builder) error {
	cur := b.grid
	if e.part == gridWhole {
		if (cur == nil) != (e.from == nil) || (cur != nil && !e.part.same(cur, e.from)) {
			return conflict(e.field, "grid table", "grid")
		}
		b.grid = e.to
		return nil
	}
	if cur == nil || !e.part.same(cur, e.from) {
		return conflict(e.field, "grid table", e.part.String())
	}
	g := *cur
	e.part.put(&g, e.to)
	b.grid = &g
	return nil
}

func (e *gridEdit) inverse() edit {
	return &gridEdit{field: e.field, part: e.part, from: e.to, to: e.from}
}

func (e *gridEdit) ids(add func(string)) {}

func (e *gridEdit) written() (string, checkTarget) { return e.field, checkTarget{} }

// Grid reports whether the patch changes the grid table (or puts one there or takes it away).
func (p Patch) Grid() bool {
	return slices.ContainsFunc(p.edits, func(e edit) bool { _, ok := e.(*gridEdit); return ok })
}

// checkGrid checks the patched grid g as LoadSWM would, when the patch wrote part of it; the
// fault is named by the field of the first grid edit, with the file's own field in its words.
func (p Patch) checkGrid(g *table.SWMFile) error {
	i := slices.IndexFunc(p.edits, func(e edit) bool { ge, ok := e.(*gridEdit); return ok && ge.to != nil })
	if i < 0 || g == nil {
		return nil
	}
	if err := table.CheckSWM(g); err != nil {
		field, _ := p.edits[i].written()
		return gridFault(field, err)
	}
	return nil
}

// gridFault is a fault LoadSWM found in the grid an op would make, named by the op's field.
func gridFault(field string, err error) *Refusal {
	var te *table.Error
	if errors.As(err, &te) {
		return refuse(field, codeGridTable, CiteGrid, te.Error())
	}
	return refuse(field, codeGridTable, CiteGrid, err.Error())
}

// grid is the state's grid table, or the refusal of an op that needs one.
func (s *State) gridOr(field string) (*table.SWMFile, error) {
	if s.grid == nil {
		return nil, refuse(field, codeNoGrid, CiteGrid)
	}
	return s.grid, nil
}

// gridPatch is the patch that replaces part of s's grid g with what next holds.
func gridPatch(field string, part gridPart, g, next *table.SWMFile) Patch {
	return Patch{[]edit{&gridEdit{field: field, part: part, from: g, to: next}}}
}

// gridPoint reads a lattice point [x, y] of the grid (0 ≤ x ≤ Width, 0 ≤ y ≤ Height).
func gridPoint(field string, p [2]int, g *table.SWMFile) (table.Point, error) {
	if p[0] < 0 || p[0] > g.Width || p[1] < 0 || p[1] > g.Height {
		return table.Point{}, formatFault(field, "point (%d,%d) is off the %d × %d grid (corners 0…%d, 0…%d)",
			p[0], p[1], g.Width, g.Height, g.Width, g.Height)
	}
	return table.Point{X: p[0], Y: p[1]}, nil
}

// gridSegment reads a segment along a grid line, at least one square long.
func gridSegment(from, to [2]int, g *table.SWMFile) (a, b table.Point, err error) {
	if a, err = gridPoint("from", from, g); err != nil {
		return
	}
	if b, err = gridPoint("to", to, g); err != nil {
		return
	}
	switch {
	case a == b:
		err = formatFault("to", "is the same point as from: a wall or door is at least one square long")
	case a.X != b.X && a.Y != b.Y:
		err = formatFault("to", "%v–%v is not along a grid line (walls and doors are horizontal or vertical)", a, b)
	}
	return
}

// unitEdges calls fn for each unit edge of the grid-line segment a–b, from a to b: its two ends.
func unitEdges(a, b table.Point, fn func(p, q table.Point)) {
	dx, dy := cmp.Compare(b.X, a.X), cmp.Compare(b.Y, a.Y)
	for p := a; p != b; {
		q := table.Point{X: p.X + dx, Y: p.Y + dy}
		fn(p, q)
		p = q
	}
}
