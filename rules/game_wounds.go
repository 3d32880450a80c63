package rules

import (
	"slices"

	"holotable/table"
)

// SufferWounds places n wounds on unit outside an attack — a climb's blocks, a compulsory move cut
// short, a card's effect, or the players' Golden Rule (CiteGoldenRule) — by the rules of an
// attack's wounds (AssignWounds, RRG 2.0 Wunden L11764–11884) except that no attacker's line of
// sight limits them: every mini of the unit can be wounded. A wounded mini takes the next wound
// (CiteWoundedFirst); otherwise the controlling player's order (order: the unit's mini ids, tried
// first) places them, the leader last (CiteLeaderLast); a mini at its threshold is defeated and
// leaves the table, and newLeader (else the first remaining mini) leads when the leader falls
// (CiteNewLeader); a unit with no mini left leaves the table (CiteDefeatedOff).
//
// Refused: n below 1 (CiteWoundsSuffered), a unit not on the table, an order or new leader naming
// no mini of the unit, a game that is over.
func (w *World) SufferWounds(unit string, n int, order []string, newLeader string) (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	if g.Phase == table.PhaseOver {
		return Step{}, refuse("game.over", CiteGameEnd, nil)
	}
	if _, err := w.record(unit); err != nil {
		return Step{}, err
	}
	// A transported unit suffers wounds as usual (RRG 2.0 Transportiert L10860–10861): its minis
	// are assigned in its vehicle's place, and applyWounds finds them in the vehicle's list.
	sw := w.carriedWorld(unit)
	u, err := sw.Unit(unit)
	if err != nil {
		return Step{}, refuse("game.notOnTable", CiteDefeatedOff, []string{unit}, unit)
	}
	if n < 1 {
		return Step{}, refuse("wounds.count", CiteWoundsSuffered, []string{unit}, n)
	}
	all := make([]string, len(u.Minis))
	for i, m := range u.Minis {
		all[i] = m.ID
	}
	for _, id := range append(slices.Clone(order), newLeader) {
		if id != "" && !slices.Contains(all, id) {
			return Step{}, refuse("wounds.notMini", CiteWoundsSuffered, []string{unit}, id, unit)
		}
	}
	a, err := sw.AssignWounds(unit, all, n, order, newLeader)
	if err != nil {
		return Step{}, err
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	applyWounds(f, unit, a)
	changed, _ := w.entryOf(unit) // found: sw.Unit found it above
	reasons := append([]Reason{say("wounds.suffered", CiteWoundsSuffered, []string{unit}, unit, n)}, a.Reasons...)
	return done(f, []string{changed}, reasons)
}

// CiteWoundsSuffered is the rule by which a unit suffers wounds, in an attack or outside one.
const CiteWoundsSuffered = "RRG 2.0 Wunden L11764–11884 (a unit that suffers wounds assigns them to its minis one by one, by the same order in or outside an attack)"
