package ops

import (
	"slices"

	"holotable/table"
)

// KindTerrainReshape gives a terrain piece a new outline (a corner, edge, radius or vertex handle
// dragged): a polygon for a polygon piece, a circle for a circle piece.
const KindTerrainReshape Kind = "terrain.reshape"

// TerrainReshape gives Piece the outline Polygon or Circle (exactly one, of the piece's shape).
type TerrainReshape struct {
	Piece   string        `op:"piece"`
	Polygon [][2]float64  `op:"polygon,omitempty"`
	Circle  *table.Circle `op:"circle"`
}

const codeOutline = "terrain.outline"

func init() {
	Register[TerrainReshape](KindTerrainReshape)
	RegisterWords(map[string][2]string{
		"op.terrain.resize":     {"resize %s", "Größe von %s ändern"},
		"op.terrain.reshape":    {"reshape %s", "%s umformen"},
		"reason." + codeOutline: {"give %s a new outline of its shape: a %s", "%s braucht einen neuen Umriss seiner Form: %s"},
		"terrain.shape.circle":  {"circle", "Kreis"},
		"terrain.shape.polygon": {"polygon", "Vieleck"},
	})
}

func (o *TerrainReshape) Kind() Kind { return KindTerrainReshape }

// Describe: a circle or a rectangle is resized, any other polygon reshaped.
func (o *TerrainReshape) Describe() Words {
	if o.Circle != nil || IsRect(o.Polygon) {
		return Words{Key: "op.terrain.resize", Args: []any{o.Piece}}
	}
	return Words{Key: "op.terrain.reshape", Args: []any{o.Piece}}
}

func (o *TerrainReshape) Plan(s *State) (Patch, error) {
	i, p, err := s.piece("piece", o.Piece)
	if err != nil {
		return Patch{}, err
	}
	to := CopyPiece(*p)
	switch {
	case p.Circle != nil && o.Circle != nil && o.Polygon == nil:
		c := *o.Circle
		to.Circle = &c
	case p.Circle == nil && o.Circle == nil && len(o.Polygon) > 0:
		to.Polygon = slices.Clone(o.Polygon)
	case p.Circle != nil:
		return Patch{}, refuse("circle", codeOutline, CiteOps, o.Piece, Words{Key: "terrain.shape.circle"})
	default:
		return Patch{}, refuse("polygon", codeOutline, CiteOps, o.Piece, Words{Key: "terrain.shape.polygon"})
	}
	return Patch{[]edit{&pieceEdit{field: "piece", at: i, from: p, to: &to}}}, nil
}
