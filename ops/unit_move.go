package ops

import (
	"github.com/golang/geo/r2"

	"holotable/rules"
	"holotable/table"
)

// KindUnitMove is a unit's standard move as the move tool made it: the movement tool at a speed,
// laid against the leader along a heading with a bend at its joint, the leader moved a fraction of
// the way. Where the leader ends is package rules' answer (World.Move), and so is where the other
// minis go (World.PlaceFollowers: in cohesion; a mini for which no legal spot is found stays
// where it was) and, for notched bases, the facing every mini takes (World.EndFacing). A move
// rules do not allow is refused with rules' reasons.
const KindUnitMove Kind = "unit.move"

// UnitMove moves Unit: its leader with the movement tool at Speed (1–3), Heading and Bend in
// degrees, Fraction of the full move (0–1).
type UnitMove struct {
	Unit     string  `op:"unit"`
	Speed    int     `op:"speed"`
	Heading  float64 `op:"heading"`
	Bend     float64 `op:"bend"`
	Fraction float64 `op:"fraction"`
}

const codeMoveQuery = "move.query"

func init() {
	Register[UnitMove](KindUnitMove)
	RegisterWords(map[string][2]string{
		"op.unit.move":            {"move %s", "%s bewegen"},
		"reason." + codeMoveQuery: {"%s", "%s"},
	})
}

func (o *UnitMove) Kind() Kind      { return KindUnitMove }
func (o *UnitMove) Describe() Words { return Words{Key: "op.unit.move", Args: []any{o.Unit}} }

// Query is the rules' move query of the op.
func (o *UnitMove) Query(leader string) rules.MoveQuery {
	return rules.MoveQuery{Mini: leader, Speed: o.Speed, Heading: o.Heading, Bend: o.Bend, Fraction: o.Fraction}
}

// IllegalReasons are the reasons that make a move not legal (the edge, the speed, the end), as
// rules gives them.
func IllegalReasons(a rules.MoveAnswer) []rules.Reason {
	var why []rules.Reason
	for _, r := range a.Reasons {
		switch r.Rule {
		case "move.edge", "move.speed", "move.end":
			why = append(why, r)
		}
	}
	return why
}

func (o *UnitMove) Plan(s *State) (Patch, error) {
	ui, u, err := s.unit("unit", o.Unit)
	if err != nil {
		return Patch{}, err
	}
	if err := moveLimits(s, u.ID, table.MoveStandard); err != nil {
		return Patch{}, err
	}
	w := s.World()
	ru := w.Units[ui]
	q := o.Query(ru.Leader.ID)
	a, err := w.Move(q)
	if err != nil {
		return Patch{}, refuse("", codeMoveQuery, rules.CiteMove, err.Error())
	}
	if !a.Legal {
		return Patch{}, refuseWith("", IllegalReasons(a))
	}
	pl, err := w.PlaceFollowers(u.ID, r2.Point{X: a.X, Y: a.Y})
	if err != nil {
		return Patch{}, refuse("", codeMoveQuery, rules.CiteMove, err.Error())
	}
	facing, err := w.EndFacing(q, a)
	if err != nil {
		return Patch{}, refuse("", codeMoveQuery, rules.CiteMove, err.Error())
	}
	var f *float64
	if ru.Notched() {
		f = &facing // rules.CiteParallel: notched minis face as their leader
	}
	full := w.FullAtMaxSpeed(rules.ModeStandard, o.Speed, a)
	return withAftermath(s, movedUnit(u, a.X, a.Y, pl, f), rules.Aftermath{Unit: u.ID, Move: rules.RecordedMove(u, rules.MadeMove(rules.ModeStandard, full)),
		Keywords: rules.TriggersMoveKeywords(u, rules.ModeStandard)})
}

// movedUnit is the patch that puts u's leader at (x, y), every other mini where pl places it OK
// (the others stay), and, when facing is given, every mini facing it.
func movedUnit(u *table.Unit, x, y float64, pl []rules.Placement, facing *float64) Patch {
	var p Patch
	for mi := range u.Minis {
		m := &u.Minis[mi]
		to := *m
		if m.Leader {
			to.X, to.Y = x, y
		} else {
			for _, pp := range pl {
				if pp.ID == m.ID && pp.OK {
					to.X, to.Y = pp.X, pp.Y
				}
			}
		}
		if facing != nil {
			to.Facing = *facing
		}
		if to != *m {
			p.edits = append(p.edits, &miniEdit{unit: u.ID, at: mi, from: m, to: &to})
		}
	}
	return p
}
