package ops

import "holotable/table"

// KindTerrainAdd places a new terrain piece (a preset clicked on the table, a polygon drawn, a
// duplicate): the piece as it will be in the file, its id not yet used in the file.
const KindTerrainAdd Kind = "terrain.add"

// TerrainAdd appends Piece to the terrain.
type TerrainAdd struct {
	Piece table.Terrain `op:"piece"`
}

func init() {
	Register[TerrainAdd](KindTerrainAdd)
	RegisterWords(map[string][2]string{"op.terrain.add": {"add %s", "%s hinzufügen"}})
}

func (o *TerrainAdd) Kind() Kind      { return KindTerrainAdd }
func (o *TerrainAdd) Describe() Words { return Words{Key: "op.terrain.add", Args: []any{o.Piece.ID}} }

func (o *TerrainAdd) Plan(s *State) (Patch, error) {
	p := CopyPiece(o.Piece)
	return Patch{[]edit{&pieceEdit{field: "piece", at: len(s.File().Terrain), to: &p}}}, nil
}
