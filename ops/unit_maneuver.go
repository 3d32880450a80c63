package ops

import (
	"github.com/golang/geo/r2"

	"holotable/rules"
	"holotable/table"
)

// KindUnitManeuver is a move of a unit on notched bases in one of the modes the move tool offers
// (spec scenario-v1 v1.1 "The maneuver query"; rules-legion.md §5): a standard, reverse, strafe or
// compulsory move, optionally with Reposition's one pivot before or after a standard move. Where
// the leader ends and which way it faces are package rules' answers (World.Maneuver, or
// World.Reposition with a turn); the other minis go where World.PlaceFollowers puts them (a mini for
// which no legal spot is found stays where it was) and face as their leader (rules.CiteParallel).
// A move the unit may not make, or one rules do not allow, is refused with rules' reasons. A
// compulsory move is always made; when it ends short the unit suffers wounds equal to its speed,
// which the op's answer (ManeuverAnswer) names; when the table has a game state (docs/format-game.md)
// the op also puts them on the unit's minis, in the owner's WoundOrder (rules.World.MoveAftermath).
const KindUnitManeuver Kind = "unit.maneuver"

// UnitManeuver moves Unit's leader in Mode: with the tool of Speed (1–3; none for a compulsory
// move, which is made at the unit's speed), bent by Bend degrees, stopped at Fraction of the full
// move (none: the full move; none for a compulsory move). Turn, when given, is Reposition's pivot
// in degrees (counter-clockwise positive), made before the move or, with After, after it.
type UnitManeuver struct {
	Unit     string             `op:"unit"`
	Mode     rules.ManeuverMode `op:"mode"`
	Speed    int                `op:"speed,omitempty"`
	Bend     float64            `op:"bend"`
	Fraction *float64           `op:"fraction"`
	Turn     *float64           `op:"turn"`
	After    bool               `op:"after,omitempty"`
	// WoundOrder and NewLeader are the owner's choice for the wounds of a compulsory move that
	// ends short, when the table has a game state (rules.Aftermath; absent: the rules' order).
	WoundOrder []string `op:"woundOrder,omitempty"`
	NewLeader  string   `op:"newLeader,omitempty"`
}

const codeManeuverQuery = "maneuver.query"

func init() {
	Register[UnitManeuver](KindUnitManeuver)
	RegisterWords(map[string][2]string{
		"op.unit.maneuver.standard":     {"%s: standard move", "%s: Standardbewegung"},
		"op.unit.maneuver.reverse":      {"%s: reverse", "%s: Rückwärtsbewegung"},
		"op.unit.maneuver.strafe-left":  {"%s: strafe left", "%s: Seitwärtsbewegung links"},
		"op.unit.maneuver.strafe-right": {"%s: strafe right", "%s: Seitwärtsbewegung rechts"},
		"op.unit.maneuver.compulsory":   {"%s: compulsory move", "%s: Zwangsbewegung"},
		"reason." + codeManeuverQuery:   {"%s", "%s"},
	})
}

func (o *UnitManeuver) Kind() Kind { return KindUnitManeuver }
func (o *UnitManeuver) Describe() Words {
	return Words{Key: "op.unit.maneuver." + o.Mode.String(), Args: []any{o.Unit}}
}

// ruleUnit finds the unit id (the op's field names it) in the file and in the rules' world.
func (s *State) ruleUnit(field, id string) (*table.Unit, *rules.Unit, error) {
	ui, u, err := s.unit(field, id)
	if err != nil {
		return nil, nil, err
	}
	return u, s.World().Units[ui], nil
}

// Query is the rules' maneuver query of the op for the unit's leader.
func (o *UnitManeuver) Query(leader string) rules.ManeuverQuery {
	q := rules.ManeuverQuery{Mini: leader, Mode: o.Mode, Speed: o.Speed, Bend: o.Bend, HasSpeed: o.Speed != 0}
	if o.Fraction != nil {
		q.Fraction, q.HasFraction = *o.Fraction, true
	}
	return q
}

// ManeuverResult is what the op does, as rules answer it: where the leader ends and faces, the
// move's answer, Reposition's pivot when it has one, and whether it is legal with the reasons that
// make it not.
type ManeuverResult struct {
	Move    rules.ManeuverAnswer
	Pivot   *rules.PivotAnswer // Reposition's pivot, nil without a turn
	X, Y    float64            // where the leader ends
	Facing  float64            // the facing every mini of the unit ends with
	Legal   bool
	Illegal []rules.Reason // why it is not legal (empty when it is)
	Reasons []rules.Reason // every reason rules gave
}

// Answer asks w for the op's move of the unit led by leader.
func (o *UnitManeuver) Answer(w *rules.World, leader string) (ManeuverResult, error) {
	q := o.Query(leader)
	if o.Turn == nil {
		a, err := w.Maneuver(q)
		if err != nil {
			return ManeuverResult{}, err
		}
		return ManeuverResult{Move: a, X: a.X, Y: a.Y, Facing: a.Facing, Legal: a.Legal,
			Illegal: IllegalReasons(a.MoveAnswer), Reasons: a.Reasons}, nil
	}
	flags := w.GameContacts()
	r, err := w.Reposition(rules.RepositionQuery{Move: q, Turn: *o.Turn, After: o.After}, flags)
	if err != nil {
		return ManeuverResult{}, err
	}
	res := ManeuverResult{Move: r.Move, Pivot: &r.Pivot, X: r.Move.X, Y: r.Move.Y, Facing: r.Facing, Legal: r.Legal,
		Illegal: IllegalReasons(r.Move.MoveAnswer), Reasons: r.Reasons}
	if !r.Pivot.Legal {
		for _, why := range r.Pivot.Reasons {
			if why.Rule == "pivot.far" || why.Rule == "pivot.blocked" {
				res.Illegal = append(res.Illegal, why)
			}
		}
	}
	return res, nil
}

func (o *UnitManeuver) Plan(s *State) (Patch, error) {
	pm, err := planMove(s, o.Unit, "mode", rules.MoveKind(o.Mode), codeManeuverQuery, rules.CiteMove, o.Answer,
		func(a ManeuverResult) (bool, []rules.Reason) { return a.Legal, a.Illegal })
	if err != nil {
		return Patch{}, err
	}
	u, w, a := pm.u, pm.w, pm.a
	pl, err := w.PlaceFollowers(u.ID, r2.Point{X: a.X, Y: a.Y})
	if err != nil {
		return Patch{}, refuse("", codeManeuverQuery, rules.CiteMove, err.Error())
	}
	p := movedUnit(u, a.X, a.Y, pl, &a.Facing) // rules.CiteParallel: notched minis face as their leader
	return withAftermath(s, p, aftermathOf(w, u, o.Mode, o.Speed, a.Move, o.WoundOrder, o.NewLeader, nil))
}
