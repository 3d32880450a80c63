package ops

import "holotable/table"

// KindUnitSet changes a unit's properties (the units panel): its side, its speed, the cover it
// gives when it is a ground vehicle, and the height of every one of its minis. Fields left out keep
// their values.
const KindUnitSet Kind = "unit.set"

// UnitSet sets the given properties of Unit.
type UnitSet struct {
	Unit       string       `op:"unit"`
	Side       *string      `op:"side"`
	Speed      *int         `op:"speed"`
	CoverGiven *table.Cover `op:"coverGiven"`
	Height     *float64     `op:"height"`
}

func init() {
	Register[UnitSet](KindUnitSet)
	RegisterWords(map[string][2]string{"op.unit.set": {"change %s", "%s ändern"}})
}

func (o *UnitSet) Kind() Kind      { return KindUnitSet }
func (o *UnitSet) Describe() Words { return Words{Key: "op.unit.set", Args: []any{o.Unit}} }

func (o *UnitSet) Plan(s *State) (Patch, error) {
	ui, u, err := s.unit("unit", o.Unit)
	if err != nil {
		return Patch{}, err
	}
	if o.CoverGiven != nil && *o.CoverGiven == table.CoverNone {
		return Patch{}, formatFault("coverGiven", `must be "light" or "heavy", got "none"`)
	}
	var p Patch
	if o.Side != nil || o.Speed != nil || o.CoverGiven != nil {
		to := *u // Minis as they are: the edit leaves them, and IDs lists them
		if o.Side != nil {
			to.Side = *o.Side
		}
		if o.Speed != nil {
			to.Speed = *o.Speed
		}
		if o.CoverGiven != nil {
			to.CoverGiven = *o.CoverGiven
		}
		p.edits = append(p.edits, &unitEdit{field: "unit", at: ui, from: u, to: &to})
	}
	if o.Height != nil {
		for mi := range u.Minis {
			m := &u.Minis[mi]
			to := *m
			to.Height = *o.Height
			p.edits = append(p.edits, &miniEdit{unit: u.ID, at: mi, from: m, to: &to})
		}
	}
	return p, nil
}
