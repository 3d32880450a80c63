package ops

import "holotable/table"

// KindTerrainSet changes a terrain piece's properties (the terrain panel): its height and base,
// and re-classes it — its kind, the cover it gives each defender class, the movement class it is
// for each mover class, whether it can be stood on. Fields left out keep their values.
const KindTerrainSet Kind = "terrain.set"

// TerrainSet sets the given properties of Piece.
type TerrainSet struct {
	Piece     string              `op:"piece"`
	Height    *float64            `op:"height"`
	Base      *float64            `op:"base"`
	PieceKind *table.TerrainKind  `op:"kind"`
	Cover     *table.CoverByClass `op:"cover"`
	Move      *table.MoveByClass  `op:"move"`
	Standable *bool               `op:"standable"`
}

func init() {
	Register[TerrainSet](KindTerrainSet)
	RegisterWords(map[string][2]string{"op.terrain.set": {"change %s", "%s ändern"}})
}

func (o *TerrainSet) Kind() Kind      { return KindTerrainSet }
func (o *TerrainSet) Describe() Words { return Words{Key: "op.terrain.set", Args: []any{o.Piece}} }

func (o *TerrainSet) Plan(s *State) (Patch, error) {
	i, p, err := s.piece("piece", o.Piece)
	if err != nil {
		return Patch{}, err
	}
	to := CopyPiece(*p)
	if o.Height != nil {
		to.Height = *o.Height
	}
	if o.Base != nil {
		to.Base = *o.Base
	}
	if o.PieceKind != nil {
		to.Kind = *o.PieceKind
	}
	if o.Cover != nil {
		to.Cover = *o.Cover
	}
	if o.Move != nil {
		to.Move = *o.Move
	}
	if o.Standable != nil {
		to.Standable = *o.Standable
	}
	return Patch{[]edit{&pieceEdit{field: "piece", at: i, from: p, to: &to}}}, nil
}
