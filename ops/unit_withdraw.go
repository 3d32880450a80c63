package ops

import (
	"github.com/golang/geo/r2"

	"holotable/rules"
	"holotable/table"
)

// KindUnitWithdraw is an engaged trooper unit's withdraw (RRG 2.0 Rückzug L9490–9537;
// rules.World.Withdraw): its leader's speed-1 standard move, which may not end in melee with a unit
// it withdraws from; its other minis placed by the rules in cohesion (World.PlaceFollowers), and
// none of them may then touch a unit it withdrew from either (World.UnitTouches). A withdraw the
// rules do not allow is refused with their reasons. A withdraw is a standard move (a speed-1 move,
// rules.CiteWithdrawIsStandard; D133): Schwerfällig refuses it after a standard move; it is
// recorded (table.MoveWithdraw) and uses the whole activation (rules.CiteWithdrawWhole); only a
// creature or emplacement trooper gains its Agile X and Tactical X tokens from it (the others
// resolve no keywords, rules.WithdrawTriggersKeywords).
const KindUnitWithdraw Kind = "unit.withdraw"

// UnitWithdraw withdraws Unit: its leader's speed-1 move along Heading (round bases only; a
// notched base moves along its facing), bent by Bend, stopped at Fraction of the full move.
type UnitWithdraw struct {
	Unit     string   `op:"unit"`
	Heading  *float64 `op:"heading"`
	Bend     float64  `op:"bend"`
	Fraction float64  `op:"fraction"`
}

const (
	codeWithdrawQuery = "withdraw.query"
	codeWithdrawTouch = "withdraw.followers"
)

func init() {
	Register[UnitWithdraw](KindUnitWithdraw)
	RegisterWords(map[string][2]string{
		"op.unit.withdraw":            {"%s withdraws", "%s zieht sich zurück"},
		"reason." + codeWithdrawQuery: {"%s", "%s"},
		"reason." + codeWithdrawTouch: {"placed in cohesion, the unit's minis would still touch %s, the unit it withdraws from", "in Formation aufgestellt, würden die Miniaturen der Einheit noch %s berühren, von der sie sich zurückzieht"},
	})
}

func (o *UnitWithdraw) Kind() Kind      { return KindUnitWithdraw }
func (o *UnitWithdraw) Describe() Words { return Words{Key: "op.unit.withdraw", Args: []any{o.Unit}} }

// Answer asks w for the withdraw of the unit led by leader.
func (o *UnitWithdraw) Answer(w *rules.World, leader string) (rules.WithdrawAnswer, error) {
	return w.Withdraw(moveQuery(leader, 1, o.Heading, o.Bend, o.Fraction), w.GameContacts())
}

func (o *UnitWithdraw) Plan(s *State) (Patch, error) {
	pm, err := planMove(s, o.Unit, "", table.MoveWithdraw, codeWithdrawQuery, rules.CiteWithdraw, o.Answer,
		func(a rules.WithdrawAnswer) (bool, []rules.Reason) {
			return moveIllegal(a.Legal, a.Move.MoveAnswer, a.Reasons, "withdraw")
		})
	if err != nil {
		return Patch{}, err
	}
	u, ru, w, a := pm.u, pm.ru, pm.w, pm.a
	pl, err := w.PlaceFollowers(u.ID, r2.Point{X: a.Move.X, Y: a.Move.Y})
	if err != nil {
		return Patch{}, refuse("", codeWithdrawQuery, rules.CiteWithdraw, err.Error())
	}
	at := map[string]rules.MiniPlace{ru.Leader.ID: {X: a.Move.X, Y: a.Move.Y, Z: ru.Leader.Z, Facing: a.Move.Facing}}
	for _, p := range pl {
		if p.OK {
			m, _ := w.Mini(p.ID)
			at[p.ID] = rules.MiniPlace{X: p.X, Y: p.Y, Z: m.Z, Facing: m.Facing}
		}
	}
	touched, err := w.UnitTouches(u.ID, at, w.GameContacts().Without(ru.Leader.ID))
	if err != nil {
		return Patch{}, refuse("", codeWithdrawQuery, rules.CiteWithdraw, err.Error())
	}
	for _, id := range touched {
		for _, from := range a.From {
			if id == from {
				return Patch{}, refuse("", codeWithdrawTouch, rules.CiteWithdraw, id)
			}
		}
	}
	var facing *float64
	if ru.Notched() {
		facing = &a.Move.Facing
	}
	return withAftermath(s, movedUnit(u, a.Move.X, a.Move.Y, pl, facing), rules.Aftermath{Unit: u.ID,
		Move: rules.RecordedMove(u, table.MoveWithdraw), Keywords: rules.WithdrawTriggersKeywords(u)})
}
