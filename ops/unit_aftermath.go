package ops

import (
	"holotable/rules"
	"holotable/table"
)

// withAftermath is p, a move's patch planned on s, followed — when the table has a game state and
// the move leaves something in it (rules.Aftermath: a compulsory move's wounds, displaced units'
// suppression) — by the game step rules.World.MoveAftermath makes on the table after the move:
// the game state replaced and the moving unit's defeated minis taken off (D69's stepPatch).
// Without a game state p is returned as it is, so a table without a game and its old records
// replay exactly as before (D65, D87).
func withAftermath(s *State, p Patch, q rules.Aftermath) (Patch, error) {
	if s.File().Game == nil || q.Empty() {
		return p, nil
	}
	moved, err := p.apply(s.File(), true)
	if err != nil {
		return Patch{}, err
	}
	after := NewState(moved)
	st, err := after.World().MoveAftermath(q)
	if err != nil {
		return Patch{}, stepFault("woundOrder", err)
	}
	return p.Then(stepPatch(after, st)), nil
}

// aftermathOf is the game state's part of the move of u in mode at speed described by a, asked
// on w (the moving unit's wounds when a compulsory move fell short, its entry in the move record —
// a full standard move at max speed as such, rules.FullAtMaxSpeed —, the tokens of its Agile X
// and Tactical X after a standard move action) with the owner's wound order and new leader.
func aftermathOf(w *rules.World, u *table.Unit, mode rules.ManeuverMode, speed int, a rules.ManeuverAnswer, order []string, newLeader string, displaced []string) rules.Aftermath {
	return rules.Aftermath{Unit: u.ID, Wounds: a.Wounds, WoundOrder: order, NewLeader: newLeader, Displaced: displaced,
		Move: rules.RecordedMove(u, rules.MadeMove(mode, w.FullAtMaxSpeed(mode, speed, a.MoveAnswer))), Keywords: rules.TriggersMoveKeywords(u, mode)}
}

// moveLimits refuses a move of kind e (table.MoveNone: any move but embark and disembark) of unit
// when the game's move record forbids it now (rules.World.MoveLimits: the activation's history).
func moveLimits(s *State, unit string, e table.MoveEvent) error {
	if why := s.World().MoveLimits(unit, e); len(why) > 0 {
		return refuseWith("unit", why)
	}
	return nil
}
