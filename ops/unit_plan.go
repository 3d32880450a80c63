package ops

import (
	"holotable/rules"
	"holotable/table"
)

// plannedMove is what planMove found for a move op: the unit in the file and in the rules' world,
// the world it asked, and the rules' answer.
type plannedMove[A any] struct {
	u  *table.Unit
	ru *rules.Unit
	w  *rules.World
	a  A
}

// planMove opens the Plan of a unit's move op: it finds the unit the op's field "unit" names (id),
// asks ask for the move of its leader on the state's world, and refuses at field with the rules'
// error (code, cite) when they cannot answer, or with the reasons illegal gives when it says the
// answer is not legal (ok false); first, when the game's move record forbids a move of kind e now
// (moveLimits; rules.MoveKind of the op's mode, table.MoveNone for a move of no limited kind).
// Every move op answers through it, so they refuse alike.
func planMove[A any](s *State, id, field string, e table.MoveEvent, code rules.Code, cite string,
	ask func(w *rules.World, leader string) (A, error),
	illegal func(A) (ok bool, why []rules.Reason)) (plannedMove[A], error) {
	u, ru, err := s.ruleUnit("unit", id)
	if err != nil {
		return plannedMove[A]{}, err
	}
	if err := moveLimits(s, u.ID, e); err != nil {
		return plannedMove[A]{}, err
	}
	w := s.World()
	a, err := ask(w, ru.Leader.ID)
	if err != nil {
		return plannedMove[A]{}, refuse(field, code, cite, err.Error())
	}
	if ok, why := illegal(a); !ok {
		return plannedMove[A]{}, refuseWith("", why)
	}
	return plannedMove[A]{u: u, ru: ru, w: w, a: a}, nil
}

// moveIllegal is why a move whose leader's move is mv is not legal, when legal says it is not: the
// move's own reasons, or — when the move itself is legal — the answer's reasons but those that say
// what the move is (the codes given).
func moveIllegal(legal bool, mv rules.MoveAnswer, reasons []rules.Reason, what ...rules.Code) (bool, []rules.Reason) {
	if legal {
		return true, nil
	}
	if !mv.Legal {
		return false, IllegalReasons(mv)
	}
	return false, illegalOnly(reasons, what...)
}
