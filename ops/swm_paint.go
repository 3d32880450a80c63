package ops

import (
	"slices"

	"holotable/table"
)

// KindSWMPaint sets the kind of every square of a rectangle of the grid table (the map editor's
// brush and its drag): open, low object, difficult, pit or solid (seed 004 L754–830).
const KindSWMPaint Kind = "swm.paint"

// SWMPaint paints the squares x … x+w−1, y … y+h−1 Square. It is refused when a square is off the
// map, when every square already is Square, and when the grid would not load (a figure left
// standing on a pit or a solid square).
type SWMPaint struct {
	X      int          `op:"x"`
	Y      int          `op:"y"`
	W      int          `op:"w"`
	H      int          `op:"h"`
	Square table.Square `op:"square"`
}

func init() {
	Register[SWMPaint](KindSWMPaint)
	RegisterWords(map[string][2]string{"op.swm.paint": {"paint %d squares %s", "%d Felder %s malen"}})
}

func (o *SWMPaint) Kind() Kind { return KindSWMPaint }
func (o *SWMPaint) Describe() Words {
	return Words{Key: "op.swm.paint", Args: []any{max(0, o.W) * max(0, o.H), o.Square.String()}}
}

func (o *SWMPaint) Plan(s *State) (Patch, error) {
	g, err := s.gridOr("x")
	if err != nil {
		return Patch{}, err
	}
	switch {
	case o.W < 1 || o.H < 1:
		return Patch{}, formatFault("w", "a rectangle of %d × %d squares: both sides must be at least 1", o.W, o.H)
	case o.X < 0 || o.X+o.W > g.Width:
		return Patch{}, formatFault("x", "squares %d…%d are off the %d × %d map (x is 0…%d)", o.X, o.X+o.W-1, g.Width, g.Height, g.Width-1)
	case o.Y < 0 || o.Y+o.H > g.Height:
		return Patch{}, formatFault("y", "rows %d…%d are off the %d × %d map (y is 0…%d)", o.Y, o.Y+o.H-1, g.Width, g.Height, g.Height-1)
	}
	if _, err := o.Square.MarshalText(); err != nil {
		return Patch{}, formatFault("square", "%v", err)
	}
	next := *g
	next.Squares = slices.Clone(g.Squares)
	changed := false
	for y := o.Y; y < o.Y+o.H; y++ {
		for x := o.X; x < o.X+o.W; x++ {
			i := y*g.Width + x
			changed = changed || next.Squares[i] != o.Square
			next.Squares[i] = o.Square
		}
	}
	if !changed {
		return Patch{}, refuse("square", codeGridSame, CiteGrid)
	}
	return gridPatch("x", gridSquares, g, &next), nil
}
