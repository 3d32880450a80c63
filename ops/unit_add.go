package ops

import (
	"slices"

	"holotable/table"
)

// KindUnitAdd places a new unit (the units tool: a preset clicked on the table, its minis where
// package rules arranged them): the unit with its minis as they will be in the file, every id not
// yet used.
const KindUnitAdd Kind = "unit.add"

// UnitAdd appends Unit to the units on the table.
type UnitAdd struct {
	Unit table.Unit `op:"unit"`
}

func init() {
	Register[UnitAdd](KindUnitAdd)
	RegisterWords(map[string][2]string{"op.unit.add": {"add %s", "%s hinzufügen"}})
}

func (o *UnitAdd) Kind() Kind      { return KindUnitAdd }
func (o *UnitAdd) Describe() Words { return Words{Key: "op.unit.add", Args: []any{o.Unit.ID}} }

func (o *UnitAdd) Plan(s *State) (Patch, error) {
	u := o.Unit
	u.Minis = slices.Clone(u.Minis)
	return Patch{[]edit{&unitEdit{field: "unit", at: len(s.File().UnitsOnTable), to: &u}}}, nil
}
