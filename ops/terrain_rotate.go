package ops

// KindTerrainRotate turns a polygon piece about the centre of its bounding box (the rotation knob).
const KindTerrainRotate Kind = "terrain.rotate"

// TerrainRotate turns Piece by Degrees counter-clockwise (Rotated: coordinates rounded to 1e-4,
// exact for multiples of 90°).
type TerrainRotate struct {
	Piece   string  `op:"piece"`
	Degrees float64 `op:"degrees"`
}

const codeRoundTurn = "terrain.roundTurn"

func init() {
	Register[TerrainRotate](KindTerrainRotate)
	RegisterWords(map[string][2]string{
		"op.terrain.rotate":       {"rotate %s", "%s drehen"},
		"reason." + codeRoundTurn: {"%s is a circle: turning it changes nothing", "%s ist ein Kreis: Drehen ändert nichts"},
	})
}

func (o *TerrainRotate) Kind() Kind { return KindTerrainRotate }
func (o *TerrainRotate) Describe() Words {
	return Words{Key: "op.terrain.rotate", Args: []any{o.Piece}}
}

func (o *TerrainRotate) Plan(s *State) (Patch, error) {
	i, p, err := s.piece("piece", o.Piece)
	if err != nil {
		return Patch{}, err
	}
	if p.Circle != nil {
		return Patch{}, refuse("piece", codeRoundTurn, CiteOps, o.Piece)
	}
	to := Rotated(*p, o.Degrees)
	return Patch{[]edit{&pieceEdit{field: "piece", at: i, from: p, to: &to}}}, nil
}
