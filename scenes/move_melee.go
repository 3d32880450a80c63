package scenes

import (
	"errors"

	"github.com/golang/geo/r2"
	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
	"holotable/rules"
)

// Melee in the move tool (issue 14; RRG 2.0 Nahkampf L8200–8250, Rückzug L9490–9537): an engaged
// unit's move is a withdraw — speed 1, one unit.withdraw op —, and a unit with a melee weapon whose
// tool reaches an enemy unit charges it: key M (or the command moveCharge) stops the move where the
// leader first touches that unit (the rules' ContactAt) and makes one unit.charge op, the followers
// placed in contact by the rules; Shift+M (moveCharge with reply) adds the defender's reply, the
// other side's choice in a game at one screen. A commit (Enter) whose end already touches one
// enemy unit charges it too. Refusals carry the rules' reasons.
//
// Commands: moveCharge ({target, reply}; target "" is the first enemy unit the tool reaches).

func init() {
	RegisterCommand("moveCharge", func(s *TableScene, arg jsonRaw) (any, error) {
		var v struct {
			Target string
			Reply  bool
		}
		if err := argInto(arg, &v); err != nil {
			return nil, err
		}
		t, err := moveToolOf(s)
		if err != nil {
			return nil, err
		}
		if err := t.charge(s, v.Target, v.Reply); err != nil {
			return nil, err
		}
		return t.State(s), nil
	})
	RegisterStrings(map[string][2]string{
		"move.engaged":          {"%s is engaged with %s: its move is a withdraw (speed 1)", "%s ist im Nahkampf mit %s: seine Bewegung ist ein Rückzug (Geschwindigkeit 1)"},
		"move.withdrawn":        {"%s withdrew", "%s hat sich zurückgezogen"},
		"move.chargeHint":       {"the tool reaches %s: M charges it · Shift+M with the defender's reply", "das Werkzeug erreicht %s: M greift an · Umschalt+M mit Erwiderung des Verteidigers"},
		"move.chargeHint.touch": {"the tool reaches %s: Charge (below) charges it", "das Werkzeug erreicht %s: Angreifen (unten) greift an"},
		"ui.move.charge":        {"Charge %s", "%s angreifen"},
		"ui.move.chargeReply":   {"Charge %s, it replies", "%s angreifen, mit Erwiderung"},
		"ui.move.chargeTip":     {"M; with the defender's reply: Shift+M", "M; mit Erwiderung des Verteidigers: Umschalt+M"},
		"move.charged":          {"%s charged %s", "%s hat %s angegriffen"},
		"move.chargedBack":      {"%s charged %s; %s replied", "%s hat %s angegriffen; %s hat erwidert"},
		"move.noTarget":         {"the tool reaches no enemy unit", "das Werkzeug erreicht keine feindliche Einheit"},
	})
}

// engagedWith are the enemy units the unit being moved is engaged with (nil when none).
func (t *moveTool) engagedWith(c Context) []string {
	w := c.World()
	u, err := w.Unit(t.unit)
	if err != nil {
		return nil
	}
	return w.EngagedWith(u, w.GameContacts())
}

// heading is the tool's heading as a move op takes it: given for round bases, nil for notched ones.
func (t *moveTool) opHeading(c Context) *float64 {
	if t.maneuvering(c) {
		return nil
	}
	h := t.heading
	return &h
}

// withdrawOp is the op a commit makes for an engaged unit, nil when it is not engaged.
func (t *moveTool) withdrawOp(c Context) ops.Op {
	if len(t.engagedWith(c)) == 0 || t.mode != rules.ModeStandard {
		return nil
	}
	return &ops.UnitWithdraw{Unit: t.unit, Heading: t.opHeading(c), Bend: t.bend, Fraction: t.fraction}
}

// chargeTarget is the first enemy unit (nearest along the tool) the leader's full move reaches and
// the fraction where it first touches it; "" when the unit has no melee weapon or reaches none.
func (t *moveTool) chargeTarget(c Context) (string, float64) {
	if _, err := t.answer(c); err != nil {
		return "", 0
	}
	if t.melee.key == t.key && t.melee.asked {
		return t.melee.target, t.melee.at
	}
	target, at := t.askChargeTarget(c)
	t.melee = meleeCache{key: t.key, asked: true, target: target, at: at}
	return target, at
}

// meleeCache is chargeTarget's answer for a tool query and document revision.
type meleeCache struct {
	key    moveKey
	asked  bool
	target string
	at     float64
}

func (t *moveTool) askChargeTarget(c Context) (string, float64) {
	w := c.World()
	u, err := w.Unit(t.unit)
	if err != nil || !u.Keywords.MeleeWeapon || t.mode != rules.ModeStandard {
		return "", 0
	}
	best, at := "", 2.0
	for _, v := range w.Units {
		if !rules.Enemies(u, v) {
			continue
		}
		a, err := (&ops.UnitCharge{Unit: t.unit, Target: v.ID, Speed: t.speed, Heading: t.opHeading(c), Bend: t.bend, Fraction: 1}).Answer(w, t.leader)
		if err == nil && a.ContactAt >= 0 && a.ContactAt < at {
			best, at = v.ID, a.ContactAt
		}
		if err == nil && a.ContactAt < 0 && len(a.Touching) > 0 && at > 1 {
			best, at = v.ID, 1
		}
	}
	return best, at
}

// charge makes the unit charge target ("" the first unit the tool reaches), stopping where the
// leader first touches it, with the defender's reply when reply is set.
func (t *moveTool) charge(c Context, target string, reply bool) error {
	if t.unit == "" {
		return errors.New(T("move.noUnit"))
	}
	first, at := t.chargeTarget(c)
	if target == "" {
		target = first
	}
	if target == "" {
		return errors.New(T("move.noTarget"))
	}
	op := &ops.UnitCharge{Unit: t.unit, Target: target, Speed: t.speed, Heading: t.opHeading(c), Bend: t.bend, Fraction: t.fraction, Reply: reply}
	if target == first {
		op.Fraction = min(1, at)
	} else if a, err := op.Answer(c.World(), t.leader); err == nil && a.ContactAt >= 0 {
		op.Fraction = a.ContactAt
	}
	if err := c.Submit(op); err != nil {
		return errors.New(T("move.refused", errText(err)))
	}
	t.placed, t.fraction, t.bend, t.turn = false, 1, 0, nil
	if reply {
		c.SetMessage(T("move.chargedBack", t.unit, target, target))
	} else {
		c.SetMessage(T("move.charged", t.unit, target))
	}
	return nil
}

// commitMelee makes the commit's op when the move is a withdraw or ends touching one enemy unit
// (a charge); done is false when it is neither.
func (t *moveTool) commitMelee(c Context, end r2.Point) (done bool, err error) {
	if op := t.withdrawOp(c); op != nil {
		if err := c.Submit(op); err != nil {
			return true, errors.New(T("move.refused", errText(err)))
		}
		t.placed, t.fraction, t.bend = false, 1, 0
		c.SetMessage(T("move.withdrawn", t.unit))
		return true, nil
	}
	w := c.World()
	u, err := w.Unit(t.unit)
	if err != nil || !u.Keywords.MeleeWeapon || t.mode != rules.ModeStandard {
		return false, nil
	}
	touched, err := w.UnitTouches(t.unit, map[string]rules.MiniPlace{t.leader: {X: end.X, Y: end.Y, Z: u.Leader.Z, Facing: u.Leader.Facing}}, w.GameContacts())
	if err != nil || len(touched) == 0 {
		return false, nil
	}
	return true, t.charge(c, touched[0], false)
}

// meleeLines are the panel's lines about melee: engaged (a withdraw), or the unit the tool reaches.
func (t *moveTool) meleeLines(c Context) []string {
	if en := t.engagedWith(c); len(en) > 0 {
		return []string{T("move.engaged", t.unit, en[0])}
	}
	if target, _ := t.chargeTarget(c); target != "" {
		return []string{TFor(c.Fingers(), "move.chargeHint", target)}
	}
	return nil
}

// meleeKeys: M charges the unit the tool reaches, Shift+M with the defender's reply.
func (t *moveTool) meleeKeys(c Context, in *Input) {
	if t.unit == "" || in.Ctrl || !in.KeyPressed(ebiten.KeyM) {
		return
	}
	if err := t.charge(c, "", in.Shift); err != nil {
		c.SetMessage(err.Error())
	}
}
