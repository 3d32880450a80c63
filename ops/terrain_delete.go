package ops

// KindTerrainDelete removes a terrain piece.
const KindTerrainDelete Kind = "terrain.delete"

// TerrainDelete removes Piece.
type TerrainDelete struct {
	Piece string `op:"piece"`
}

func init() {
	Register[TerrainDelete](KindTerrainDelete)
	RegisterWords(map[string][2]string{"op.terrain.delete": {"delete %s", "%s löschen"}})
}

func (o *TerrainDelete) Kind() Kind { return KindTerrainDelete }
func (o *TerrainDelete) Describe() Words {
	return Words{Key: "op.terrain.delete", Args: []any{o.Piece}}
}

func (o *TerrainDelete) Plan(s *State) (Patch, error) {
	i, p, err := s.piece("piece", o.Piece)
	if err != nil {
		return Patch{}, err
	}
	return Patch{[]edit{&pieceEdit{field: "piece", at: i, from: p}}}, nil
}
