package ops

// KindTerrainMove moves a terrain piece by (dx, dy) (a drag): every coordinate is the old one plus
// the offset, cleaned (Translated).
const KindTerrainMove Kind = "terrain.move"

// TerrainMove moves Piece by (DX, DY).
type TerrainMove struct {
	Piece string  `op:"piece"`
	DX    float64 `op:"dx"`
	DY    float64 `op:"dy"`
}

func init() {
	Register[TerrainMove](KindTerrainMove)
	RegisterWords(map[string][2]string{"op.terrain.move": {"move %s", "%s verschieben"}})
}

func (o *TerrainMove) Kind() Kind      { return KindTerrainMove }
func (o *TerrainMove) Describe() Words { return Words{Key: "op.terrain.move", Args: []any{o.Piece}} }

func (o *TerrainMove) Plan(s *State) (Patch, error) {
	i, p, err := s.piece("piece", o.Piece)
	if err != nil {
		return Patch{}, err
	}
	to := Translated(*p, o.DX, o.DY)
	return Patch{[]edit{&pieceEdit{field: "piece", at: i, from: p, to: &to}}}, nil
}
