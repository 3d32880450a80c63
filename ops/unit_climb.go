package ops

import (
	"holotable/rules"
	"holotable/table"
)

// KindUnitClimb is a trooper unit's leader clambering or climbing onto a piece of solid terrain it
// touches (spec scenario-v1 v1.1 "Climbing and clambering"; RRG 2.0 Klimmen und Klettern
// L7453–7621; rules.World.ClimbOnto): the leader is placed on the top, at the spot nearest where it
// stood, at the piece's height. The unit's other minis stay where they are for the players to place
// (vertical cohesion, rules.World.VerticalCohesion, says who is out). The actions it costs and the
// dice the unit rolls are the rules' answer, named in the op's answer, not written to the table.
// A climb the rules do not allow is refused with their reasons.
const KindUnitClimb Kind = "unit.climb"

// UnitClimb moves Unit's leader onto the piece Onto by Mode (clamber or climb).
type UnitClimb struct {
	Unit string          `op:"unit"`
	Onto string          `op:"onto"`
	Mode rules.ClimbMode `op:"mode"`
}

const codeClimbQuery = "climb.query"

func init() {
	Register[UnitClimb](KindUnitClimb)
	RegisterWords(map[string][2]string{
		"op.unit.climb":            {"%s climbs onto %s", "%s klettert auf %s"},
		"reason." + codeClimbQuery: {"%s", "%s"},
	})
}

func (o *UnitClimb) Kind() Kind      { return KindUnitClimb }
func (o *UnitClimb) Describe() Words { return Words{Key: "op.unit.climb", Args: []any{o.Unit, o.Onto}} }

// Answer asks w for the climb of the unit led by leader.
func (o *UnitClimb) Answer(w *rules.World, leader string) (rules.ClimbAnswer, error) {
	return w.ClimbOnto(leader, o.Onto, o.Mode)
}

func (o *UnitClimb) Plan(s *State) (Patch, error) {
	u, ru, err := s.ruleUnit("unit", o.Unit)
	if err != nil {
		return Patch{}, err
	}
	if err := moveLimits(s, u.ID, table.MoveClimb); err != nil {
		return Patch{}, err
	}
	a, err := o.Answer(s.World(), ru.Leader.ID)
	if err != nil {
		return Patch{}, refuse("", codeClimbQuery, rules.CiteClimb, err.Error())
	}
	if !a.Legal {
		return Patch{}, refuseWith("onto", illegalOnly(a.Reasons, "climb.place", "climb.clamber", "climb.climb", "climb.expert"))
	}
	var p Patch
	for mi := range u.Minis {
		m := &u.Minis[mi]
		if !m.Leader {
			continue
		}
		to := *m
		to.X, to.Y, to.Z = a.X, a.Y, a.Z
		p.edits = append(p.edits, &miniEdit{unit: u.ID, at: mi, from: m, to: &to})
	}
	return withAftermath(s, p, rules.Aftermath{Unit: u.ID, Move: rules.RecordedMove(u, table.MoveClimb)})
}
