package ops

import (
	"holotable/rules"
	"holotable/table"
)

// KindUnitCharge is a unit starting a melee (RRG 2.0 Nahkampf L8200–8250; rules.World.Charge):
// its leader's standard move (a standard move for every rule that counts them, D133: Schwerfällig,
// the move record, Agile X and Tactical X, Ram X) into base contact with a mini of the enemy unit Target and no other
// enemy unit, its other minis placed by the rules in base contact with the same unit in cohesion
// (or in cohesion only, where there is no room), and — when Reply is set, the defending player's
// choice — the defender's minis not yet in contact moved into contact with the charging unit (only
// a defender with a melee weapon replies). A charge the rules do not allow is refused with their
// reasons; the placements are the rules' (a mini for which no legal spot is found stays).
const KindUnitCharge Kind = "unit.charge"

// UnitCharge moves Unit into melee with Target: the leader's move at Speed (1–3), Heading (round
// bases only; a notched base moves along its facing), Bend, Fraction of the full move; Reply adds
// the defender's reply.
type UnitCharge struct {
	Unit     string   `op:"unit"`
	Target   string   `op:"target"`
	Speed    int      `op:"speed"`
	Heading  *float64 `op:"heading"`
	Bend     float64  `op:"bend"`
	Fraction float64  `op:"fraction"`
	Reply    bool     `op:"reply,omitempty"`
}

const (
	codeChargeQuery = "charge.query"
	codeNoReply     = "charge.noReply"
)

func init() {
	Register[UnitCharge](KindUnitCharge)
	RegisterWords(map[string][2]string{
		"op.unit.charge":            {"%s charges %s", "%s greift %s im Nahkampf an"},
		"reason." + codeChargeQuery: {"%s", "%s"},
		"reason." + codeNoReply:     {"%s has no melee weapon: it does not reply", "%s hat keine Nahkampfwaffe: keine Erwiderung"},
	})
}

func (o *UnitCharge) Kind() Kind { return KindUnitCharge }
func (o *UnitCharge) Describe() Words {
	return Words{Key: "op.unit.charge", Args: []any{o.Unit, o.Target}}
}

// moveQuery is the leader's standard maneuver of a move op: speed, bend, fraction, and the heading
// when one is given (round bases).
func moveQuery(leader string, speed int, heading *float64, bend, fraction float64) rules.ManeuverQuery {
	q := rules.ManeuverQuery{Mini: leader, Speed: speed, Bend: bend, Fraction: fraction, HasSpeed: true, HasFraction: true}
	if heading != nil {
		q.Heading, q.HasHeading = *heading, true
	}
	return q
}

// Answer asks w for the charge of the unit led by leader.
func (o *UnitCharge) Answer(w *rules.World, leader string) (rules.ChargeAnswer, error) {
	return w.Charge(rules.ChargeQuery{Move: moveQuery(leader, o.Speed, o.Heading, o.Bend, o.Fraction), Target: o.Target}, w.GameContacts())
}

func (o *UnitCharge) Plan(s *State) (Patch, error) {
	if _, _, err := s.ruleUnit("unit", o.Unit); err != nil {
		return Patch{}, err
	}
	ti, tu, err := s.unit("target", o.Target)
	if err != nil {
		return Patch{}, err
	}
	pm, err := planMove(s, o.Unit, "", table.MoveStandard, codeChargeQuery, rules.CiteMeleeStart, o.Answer,
		func(a rules.ChargeAnswer) (bool, []rules.Reason) {
			return moveIllegal(a.Legal, a.Move.MoveAnswer, a.Reasons, "melee.start")
		})
	if err != nil {
		return Patch{}, err
	}
	u, ru, w, a := pm.u, pm.ru, pm.w, pm.a
	var facing *float64
	if ru.Notched() {
		facing = &a.Move.Facing
	}
	p := movedUnit(u, a.Move.X, a.Move.Y, a.Followers, facing)
	if o.Reply {
		if a.Reply == nil {
			return Patch{}, refuse("reply", codeNoReply, rules.CiteMeleeStart, tu.ID)
		}
		ld := w.Units[ti].Leader
		r := movedUnit(tu, ld.X, ld.Y, a.Reply, nil)
		p.edits = append(p.edits, r.edits...)
	}
	// The charge's move is a standard move (D133): Schwerfällig, the record, Agile X and Tactical X.
	return withAftermath(s, p, aftermathOf(w, u, rules.ModeStandard, o.Speed, a.Move, nil, "", nil))
}

// illegalOnly drops the reasons that say what a move is (the rule codes given) and keeps those
// that say why it is not legal.
func illegalOnly(rs []rules.Reason, what ...rules.Code) []rules.Reason {
	var out []rules.Reason
	for _, r := range rs {
		keep := true
		for _, c := range what {
			if r.Rule == c {
				keep = false
			}
		}
		if keep {
			out = append(out, r)
		}
	}
	return out
}
