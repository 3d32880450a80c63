package ops

import "holotable/rules"

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

// aftermathOf is the game state's part of the move described by a (the moving unit's wounds when a
// compulsory move fell short) with the owner's wound order and new leader.
func aftermathOf(unit string, a rules.ManeuverAnswer, order []string, newLeader string, displaced []string) rules.Aftermath {
	return rules.Aftermath{Unit: unit, Wounds: a.Wounds, WoundOrder: order, NewLeader: newLeader, Displaced: displaced}
}
