package ops

// KindUnitDelete removes a unit with its minis.
const KindUnitDelete Kind = "unit.delete"

// UnitDelete removes Unit.
type UnitDelete struct {
	Unit string `op:"unit"`
}

func init() {
	Register[UnitDelete](KindUnitDelete)
	RegisterWords(map[string][2]string{"op.unit.delete": {"delete %s", "%s löschen"}})
}

func (o *UnitDelete) Kind() Kind      { return KindUnitDelete }
func (o *UnitDelete) Describe() Words { return Words{Key: "op.unit.delete", Args: []any{o.Unit}} }

func (o *UnitDelete) Plan(s *State) (Patch, error) {
	ui, u, err := s.unit("unit", o.Unit)
	if err != nil {
		return Patch{}, err
	}
	return Patch{[]edit{&unitEdit{field: "unit", at: ui, from: u}}}, nil
}
