package ops

import (
	"holotable/rules"
	"holotable/table"
)

// KindUnitPivot turns a unit on notched bases (vehicles, creatures, emplacements) to a facing: its
// leader, and its other minis with it (rules.CiteParallel). A unit on round bases does not pivot
// (World.Pivot's reason). A turn of more than one pivot's 90° is allowed here, as the tool shows
// it: the players decide whether it took more than one.
const KindUnitPivot Kind = "unit.pivot"

// UnitPivot turns Unit to Facing (degrees, counter-clockwise from +x).
type UnitPivot struct {
	Unit   string  `op:"unit"`
	Facing float64 `op:"facing"`
}

const codePivotQuery = "pivot.query"

func init() {
	Register[UnitPivot](KindUnitPivot)
	RegisterWords(map[string][2]string{
		"op.unit.pivot":            {"pivot %s", "%s drehen"},
		"reason." + codePivotQuery: {"%s", "%s"},
	})
}

func (o *UnitPivot) Kind() Kind      { return KindUnitPivot }
func (o *UnitPivot) Describe() Words { return Words{Key: "op.unit.pivot", Args: []any{o.Unit}} }

func (o *UnitPivot) Plan(s *State) (Patch, error) {
	ui, u, err := s.unit("unit", o.Unit)
	if err != nil {
		return Patch{}, err
	}
	if err := moveLimits(s, u.ID, table.MoveNone); err != nil {
		return Patch{}, err
	}
	w := s.World()
	a, err := w.Pivot(w.Units[ui].Leader.ID, o.Facing)
	if err != nil {
		return Patch{}, refuse("facing", codePivotQuery, rules.CitePivot, err.Error())
	}
	if !a.Notched {
		return Patch{}, refuseWith("unit", a.Reasons)
	}
	var p Patch
	for mi := range u.Minis {
		m := &u.Minis[mi]
		to := *m
		to.Facing = o.Facing
		if to != *m {
			p.edits = append(p.edits, &miniEdit{unit: u.ID, at: mi, from: m, to: &to})
		}
	}
	return p, nil
}
