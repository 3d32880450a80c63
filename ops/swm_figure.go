package ops

import (
	"slices"

	"holotable/table"
)

// Figures of the grid table (seed 004 L134, L1152–1166): swm.figure.add places one, swm.figure.move
// puts its anchor square elsewhere, swm.figure.edit changes what its stat card says that the grid
// rules read, swm.figure.remove takes it away. Where a figure may stand is the grid table's check
// (table.LoadSWM: on the map, not on a pit or a solid square, alone, across no wall or closed door).
const (
	KindSWMFigureAdd    Kind = "swm.figure.add"
	KindSWMFigureMove   Kind = "swm.figure.move"
	KindSWMFigureEdit   Kind = "swm.figure.edit"
	KindSWMFigureRemove Kind = "swm.figure.remove"
)

// GridFigure is what a figure's stat card says that the grid rules read: its name ("" none), side
// (figures of other sides are enemies), size (1 to 3 squares a side), speed, Melee Reach and the
// abilities of table.Ability.
type GridFigure struct {
	Name      string          `op:"name,omitempty"`
	Side      string          `op:"side"`
	Size      table.Size      `op:"size,omitempty"`
	Speed     int             `op:"speed"`
	Reach     int             `op:"reach"`
	Abilities []table.Ability `op:"abilities,omitempty"`
}

// FigureOf is the card of figure g, as the ops write it.
func FigureOf(g table.Figure) GridFigure {
	return GridFigure{Name: g.Name, Side: g.Side, Size: g.Size, Speed: g.Speed, Reach: g.Reach, Abilities: g.Abilities.List()}
}

// SWMFigureAdd places the figure FigureID with its anchor (least x and y) square at X, Y.
type SWMFigureAdd struct {
	FigureID string     `op:"figureId"`
	X        int        `op:"x"`
	Y        int        `op:"y"`
	Figure   GridFigure `op:"figure"`
}

// SWMFigureMove puts the figure's anchor square at X, Y (the editor's move, not a move in the
// game: no reach or cost is asked).
type SWMFigureMove struct {
	FigureID string `op:"figureId"`
	X        int    `op:"x"`
	Y        int    `op:"y"`
}

// SWMFigureEdit replaces the figure's card; its place and its unknown fields stay.
type SWMFigureEdit struct {
	FigureID string     `op:"figureId"`
	Figure   GridFigure `op:"figure"`
}

// SWMFigureRemove takes the figure away.
type SWMFigureRemove struct {
	FigureID string `op:"figureId"`
}

func init() {
	Register[SWMFigureAdd](KindSWMFigureAdd)
	Register[SWMFigureMove](KindSWMFigureMove)
	Register[SWMFigureEdit](KindSWMFigureEdit)
	Register[SWMFigureRemove](KindSWMFigureRemove)
	RegisterWords(map[string][2]string{
		"op.swm.figure.add":    {"place figure %s", "Figur %s aufstellen"},
		"op.swm.figure.move":   {"move figure %s to (%d,%d)", "Figur %s nach (%d,%d) stellen"},
		"op.swm.figure.edit":   {"edit figure %s", "Figur %s bearbeiten"},
		"op.swm.figure.remove": {"remove figure %s", "Figur %s entfernen"},
	})
}

func (o *SWMFigureAdd) Kind() Kind    { return KindSWMFigureAdd }
func (o *SWMFigureMove) Kind() Kind   { return KindSWMFigureMove }
func (o *SWMFigureEdit) Kind() Kind   { return KindSWMFigureEdit }
func (o *SWMFigureRemove) Kind() Kind { return KindSWMFigureRemove }
func (o *SWMFigureAdd) Describe() Words {
	return Words{Key: "op.swm.figure.add", Args: []any{o.FigureID}}
}
func (o *SWMFigureMove) Describe() Words {
	return Words{Key: "op.swm.figure.move", Args: []any{o.FigureID, o.X, o.Y}}
}
func (o *SWMFigureEdit) Describe() Words {
	return Words{Key: "op.swm.figure.edit", Args: []any{o.FigureID}}
}
func (o *SWMFigureRemove) Describe() Words {
	return Words{Key: "op.swm.figure.remove", Args: []any{o.FigureID}}
}

// card checks c (field "figure") and writes it into g.
func (c GridFigure) card(g *table.Figure) error {
	switch {
	case c.Side == "":
		return formatFault("figure.side", "must not be empty")
	case c.Speed < 0 || c.Speed > table.MaxSpeed:
		return formatFault("figure.speed", "must be 0 to %d squares, got %d", table.MaxSpeed, c.Speed)
	case c.Reach < 1 || c.Reach > table.MaxReach:
		return formatFault("figure.reach", "must be 1 to %d (Melee Reach #), got %d", table.MaxReach, c.Reach)
	}
	if _, err := c.Size.MarshalText(); err != nil {
		return formatFault("figure.size", "%v", err)
	}
	var set table.Abilities
	for i, a := range c.Abilities {
		if _, err := a.MarshalText(); err != nil {
			return formatFault(index("figure.abilities", i), "%v", err)
		}
		if set.Has(a) {
			return formatFault(index("figure.abilities", i), "%s is given twice", a)
		}
		set = set.With(a)
	}
	g.Name, g.Side, g.Size, g.Speed, g.Reach, g.Abilities = c.Name, c.Side, c.Size, c.Speed, c.Reach, set
	return nil
}

// figure is the grid table and the index of its figure id.
func (s *State) figure(id string) (*table.SWMFile, int, error) {
	g, err := s.gridOr("figureId")
	if err != nil {
		return nil, -1, err
	}
	if i := figureAt(g, id); i >= 0 {
		return g, i, nil
	}
	return nil, -1, refuse("figureId", codeNoThing, CiteGrid, thing("figure"), id)
}

// withFigure is g with its figures list replaced by fs (nil when empty, as LoadSWM makes it).
func withFigure(g *table.SWMFile, fs []table.Figure) *table.SWMFile {
	next := *g
	if len(fs) == 0 {
		fs = nil
	}
	next.Figures = fs
	return &next
}

func (o *SWMFigureAdd) Plan(s *State) (Patch, error) {
	g, err := s.gridOr("figureId")
	if err != nil {
		return Patch{}, err
	}
	if err := gridIDFree("figureId", o.FigureID, g); err != nil {
		return Patch{}, err
	}
	f := table.Figure{ID: o.FigureID, X: o.X, Y: o.Y}
	if err := o.Figure.card(&f); err != nil {
		return Patch{}, err
	}
	return gridPatch("x", gridFigures, g, withFigure(g, append(slices.Clip(g.Figures), f))), nil
}

func (o *SWMFigureMove) Plan(s *State) (Patch, error) {
	g, i, err := s.figure(o.FigureID)
	if err != nil {
		return Patch{}, err
	}
	if g.Figures[i].X == o.X && g.Figures[i].Y == o.Y {
		return Patch{}, refuse("x", codeGridSame, CiteGrid)
	}
	fs := slices.Clone(g.Figures)
	fs[i].X, fs[i].Y = o.X, o.Y
	return gridPatch("x", gridFigures, g, withFigure(g, fs)), nil
}

func (o *SWMFigureEdit) Plan(s *State) (Patch, error) {
	g, i, err := s.figure(o.FigureID)
	if err != nil {
		return Patch{}, err
	}
	fs := slices.Clone(g.Figures)
	if err := o.Figure.card(&fs[i]); err != nil {
		return Patch{}, err
	}
	if fs[i].Name == g.Figures[i].Name && fs[i].Side == g.Figures[i].Side && fs[i].Size == g.Figures[i].Size &&
		fs[i].Speed == g.Figures[i].Speed && fs[i].Reach == g.Figures[i].Reach && fs[i].Abilities == g.Figures[i].Abilities {
		return Patch{}, refuse("figure", codeGridSame, CiteGrid)
	}
	return gridPatch("figure", gridFigures, g, withFigure(g, fs)), nil
}

func (o *SWMFigureRemove) Plan(s *State) (Patch, error) {
	g, i, err := s.figure(o.FigureID)
	if err != nil {
		return Patch{}, err
	}
	return gridPatch("figureId", gridFigures, g, withFigure(g, slices.Delete(slices.Clone(g.Figures), i, i+1))), nil
}
