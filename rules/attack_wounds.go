package rules

import (
	"slices"
	"strings"

	"holotable/table"
)

// WoundAssignment is where an attack's wounds go: each defending mini's wound tokens after it
// (Wounds, defeated minis included), what each took (Taken), the minis defeated in order, the
// wounds no mini that can be wounded could take (Lost), and the unit's leader afterwards ("" when
// the whole unit is defeated).
type WoundAssignment struct {
	Wounds   map[string]int
	Taken    map[string]int
	Defeated []string
	Lost     int
	Leader   string
	Reasons  []Reason
}

// threshold is a mini's wound threshold: its upgrade's own (WoundsFrom), else the card's, else 1
// when the card gives none (ok false then).
func threshold(u *Unit, m *Mini) (n int, ok bool) {
	if c := u.Card; c != nil {
		if t, has := c.WoundsFrom[m.From]; has && m.From != "" {
			return t, true
		}
		if c.Wounds > 0 {
			return c.Wounds, true
		}
	}
	return 1, false
}

// AssignWounds places n wounds on unit defender's minis (RRG 2.0 Wunden L11764–11884): only on
// the woundable minis (CiteWoundsHidden); a wounded mini first, the most wounded first
// (CiteWoundedFirst); the leader only when it is the only woundable mini left, the only wounded
// one, or the last (CiteLeaderLast); otherwise the controlling player's order (order: mini ids,
// tried first; then unit order). Each mini takes wounds up to its threshold and is then defeated
// (CiteWoundThreshold); when the leader is defeated and minis remain, newLeader (or the first
// remaining in unit order) leads (CiteNewLeader).
func (w *World) AssignWounds(defender string, woundable []string, n int, order []string, newLeader string) (WoundAssignment, error) {
	v, err := w.Unit(defender)
	if err != nil {
		return WoundAssignment{}, err
	}
	a := WoundAssignment{Wounds: map[string]int{}, Taken: map[string]int{}}
	if r := w.gameRecord(defender); r != nil {
		for id, k := range r.Wounds {
			a.Wounds[id] = k
		}
	}
	alive := append([]*Mini(nil), v.Minis...)
	leader := v.Leader
	canWound := map[string]bool{}
	for _, id := range woundable {
		canWound[id] = true
	}
	for _, m := range v.Minis {
		if _, ok := threshold(v, m); !ok {
			a.Reasons = append(a.Reasons, say("wounds.noThreshold", CiteWoundThreshold, []string{v.ID}, v.ID))
			break
		}
	}
	for n > 0 {
		var cands []*Mini
		for _, m := range alive {
			if canWound[m.ID] {
				cands = append(cands, m)
			}
		}
		if len(cands) == 0 {
			a.Lost = n
			a.Reasons = append(a.Reasons, say("wounds.lost", CiteWoundsHidden, nil, n))
			break
		}
		pick := pickWounded(cands, leader, a.Wounds)
		if pick == nil {
			for _, id := range order {
				for _, m := range cands {
					if m.ID == id && m != leader && pick == nil {
						pick = m
					}
				}
			}
		}
		if pick == nil {
			for _, m := range cands {
				if m != leader {
					pick = m
					break
				}
			}
		}
		if pick == nil {
			pick = leader // the only woundable mini left
			a.Reasons = append(a.Reasons, say("wounds.leader", CiteLeaderLast, []string{leader.ID}, leader.ID))
		}
		limit, _ := threshold(v, pick)
		take := min(n, limit-a.Wounds[pick.ID])
		a.Wounds[pick.ID] += take
		a.Taken[pick.ID] += take
		n -= take
		if a.Wounds[pick.ID] < limit {
			continue
		}
		a.Defeated = append(a.Defeated, pick.ID)
		for i, m := range alive {
			if m == pick {
				alive = append(alive[:i:i], alive[i+1:]...)
				break
			}
		}
		if pick == leader && len(alive) > 0 {
			leader = alive[0]
			for _, m := range alive {
				if m.ID == newLeader {
					leader = m
				}
			}
			a.Reasons = append(a.Reasons, say("wounds.newLeader", CiteNewLeader, []string{leader.ID}, pick.ID, leader.ID))
		}
	}
	if len(alive) > 0 {
		a.Leader = leader.ID
	}
	if len(a.Defeated) > 0 {
		a.Reasons = append(a.Reasons, say("wounds.defeated", CiteWoundThreshold, a.Defeated, strings.Join(a.Defeated, ", ")))
	}
	if len(alive) == 0 {
		a.Reasons = append(a.Reasons, say("wounds.unitDefeated", CiteDefeatedOff, []string{v.ID}, v.ID))
	}
	return a, nil
}

// pickWounded is the wounded mini that must take the next wound: the non-leader with the most
// wounds (unit order on a tie), else the wounded leader; nil when none is wounded.
func pickWounded(cands []*Mini, leader *Mini, wounds map[string]int) *Mini {
	var best *Mini
	for _, m := range cands {
		if m != leader && wounds[m.ID] > 0 && (best == nil || wounds[m.ID] > wounds[best.ID]) {
			best = m
		}
	}
	if best == nil && leader != nil && wounds[leader.ID] > 0 {
		for _, m := range cands {
			if m == leader {
				return leader
			}
		}
	}
	return best
}

// applyWounds writes an assignment into the changed copy f: wound tokens on the minis left, the
// defeated minis moved off the table into the unit's game record (as they last stood), the
// leader flag, and a unit with no mini left removed from the table (its claims dropped where they
// lie, its contact flags gone). A carried unit's minis are in its vehicle's carried list: a
// defeated one leaves it (with no place, as it was carried), a unit with none left leaves the list.
func applyWounds(f *table.File, unit string, a WoundAssignment) {
	k := f.UnitIndex(unit)
	var u, vehicle *table.Unit
	if k >= 0 {
		u = &f.UnitsOnTable[k]
	} else if vi, ci, ok := f.Carrier(unit); ok { // a carried unit (D138): in its vehicle's list
		vehicle = &f.UnitsOnTable[vi]
		k, u = ci, &vehicle.Carried[ci]
	}
	r := f.Game.Unit(unit)
	r.Wounds = nil
	var keep []table.Mini
	for _, m := range u.Minis {
		if slices.Contains(a.Defeated, m.ID) {
			m.Leader = false
			r.Defeated = append(r.Defeated, m)
			if r.DefeatedIn == nil {
				r.DefeatedIn = map[string]int{}
			}
			r.DefeatedIn[m.ID] = f.Game.Round
			continue
		}
		m.Leader = m.ID == a.Leader
		if n := a.Wounds[m.ID]; n > 0 {
			if r.Wounds == nil {
				r.Wounds = map[string]int{}
			}
			r.Wounds[m.ID] = n
		}
		keep = append(keep, m)
	}
	g := f.Game
	var contacts [][2]string
	for _, c := range g.Contacts {
		if !slices.Contains(a.Defeated, c[0]) && !slices.Contains(a.Defeated, c[1]) {
			contacts = append(contacts, c)
		}
	}
	g.Contacts = contacts
	if len(keep) > 0 {
		u.Minis = keep
		return
	}
	if vehicle != nil {
		vehicle.Carried = append(vehicle.Carried[:k], vehicle.Carried[k+1:]...)
	} else {
		f.UnitsOnTable = append(f.UnitsOnTable[:k], f.UnitsOnTable[k+1:]...)
	}
	for tok, by := range g.Claimed {
		if by == unit {
			delete(g.Claimed, tok)
		}
	}
	if g.Active == unit {
		g.Active = ""
	}
	for _, c := range table.Colours {
		if s := g.Side(c); s.Commander == unit {
			s.Commander = ""
		}
	}
}
