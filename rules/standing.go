package rules

import (
	"fmt"
	"math"

	"holotable/geometry"
	"holotable/table"
)

// CiteStandOverlap is the rule a base that stands on another base or a token breaks; a base in
// impassable terrain breaks CiteImpassable, a unit out of cohesion CiteCohesion.
const CiteStandOverlap = "RRG 2.0 Bewegung L3949–4008 (a mini may not end overlapping another base or a token)"

// StandAnswer says whether a unit's minis stand where the rules let minis stand, and why not.
type StandAnswer struct {
	OK bool
	// Marked are the ids of the unit's minis at fault (sorted by the unit's order, once each).
	Marked []string
	// Faults are the broken rules, one reason each; Reasons end with the faults (or, when OK,
	// the one reason that all is well).
	Reasons []Reason
}

// Standing checks where unit's minis stand, as a drag or an edit leaves them (issue 17): no base
// overlaps another mini's base (of any unit, on the same level: base bottoms less than a base's
// thickness apart) or a token (CiteStandOverlap); no base overlaps terrain impassable for the
// unit unless the mini stands on its top (CiteImpassable); the unit is in cohesion (Cohesion's
// answer and reasons). A base touching another does not overlap it (geometry.Overlap). A unit
// not yet deployed (a setup's reserve) stands nowhere yet: it is OK, and other such units' minis
// are left out.
func (w *World) Standing(unit string) (StandAnswer, error) {
	u, err := w.Unit(unit)
	if err != nil {
		return StandAnswer{}, err
	}
	if !w.onBattlefield(u) {
		return StandAnswer{OK: true, Reasons: []Reason{{Rule: "stand.reserve", Cite: CiteDeploy, IDs: []string{u.ID},
			Text: fmt.Sprintf("%s is not deployed yet", u.ID)}}}, nil
	}
	ans := StandAnswer{OK: true}
	marked := map[string]bool{}
	fault := func(m *Mini, r Reason) {
		ans.OK = false
		if !marked[m.ID] {
			marked[m.ID] = true
			ans.Marked = append(ans.Marked, m.ID)
		}
		ans.Reasons = append(ans.Reasons, r)
	}
	p := w.File.Profile
	for _, m := range u.Minis {
		var over []string
		for _, o := range w.Minis {
			if o == m || !w.onBattlefield(o.Unit) || math.Abs(o.Z-m.Z) >= p.BaseThickness {
				continue
			}
			if o.Unit == u && o.ID < m.ID {
				continue // a pair of the unit's own is named once
			}
			if o.Foot.Bounds().Intersects(m.Foot.Bounds()) && geometry.Overlap(m.Foot, o.Foot) {
				over = append(over, o.ID)
			}
		}
		for _, k := range w.Tokens {
			if geometry.Overlap(m.Foot, k.Foot) {
				over = append(over, k.ID)
			}
		}
		if len(over) > 0 {
			fault(m, Reason{Rule: "stand.overlap", Cite: CiteStandOverlap, IDs: append([]string{m.ID}, over...),
				Text: fmt.Sprintf("%s's base overlaps %s", m.ID, joinIDs(over))})
		}
		for _, t := range w.Terrain {
			if m.Z >= t.Height-p.Epsilon || w.MoveClassFor(t, u) != table.Impassable || !geometry.Overlap(m.Foot, t.Foot) {
				continue
			}
			fault(m, Reason{Rule: "stand.impassable", Cite: CiteImpassable, IDs: []string{m.ID, t.ID},
				Text: fmt.Sprintf("%s stands in %s, impassable terrain for its unit", m.ID, t.ID)})
		}
	}
	coh, err := w.Cohesion(unit)
	if err != nil {
		return StandAnswer{}, err
	}
	if !coh.OK {
		for _, r := range coh.Reasons {
			if m, err := w.Mini(r.IDs[0]); err == nil {
				fault(m, r)
			}
		}
	}
	if ans.OK {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "stand.ok", Cite: CiteStandOverlap, IDs: []string{u.ID},
			Text: fmt.Sprintf("every mini of %s stands clear of other bases, tokens and impassable terrain, in cohesion", u.ID)})
	}
	return ans, nil
}
