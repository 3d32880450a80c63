package rules

import (
	"fmt"
	"sort"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"

	"holotable/geometry"
	"holotable/table"
)

// LOSAnswer is a line-of-sight answer between two minis.
type LOSAnswer struct {
	LOS         bool     // some point of the target (mini or base) is seen from the eye
	FullyHidden bool     // no point is seen: the target cannot be wounded by this mini
	BlockedBy   []string // blockers that hide some part of the target, sorted
	Reasons     []Reason
	// Eye is the viewpoint sight is taken from; Witness, when LOS, is a point of the target seen
	// from it (the app draws the sight ray from Eye to Witness). Witness is zero when not LOS.
	Eye, Witness r3.Vector
}

// losBlockers lists what can block sight from a to b, with the id of each volume: solid
// terrain, and ground and repulsor minis other than a and b. Troopers of every type never block
// (RRG 2.0 Truppler L10992–10993); area terrain and depressions never block.
func (w *World) losBlockers(a, b *Mini) ([]geometry.Volume, []string) {
	vehicle := func(m *Mini) bool { return m.Unit.Type == table.Ground || m.Unit.Type == table.Repulsor }
	if !vehicle(a) && !vehicle(b) {
		return w.losVols, w.losIDs
	}
	var vols []geometry.Volume
	var ids []string
	for i, v := range w.losVols {
		if m := w.losMinis[i]; m != nil && (m == a || m == b) {
			continue
		}
		vols, ids = append(vols, v), append(ids, w.losIDs[i])
	}
	return vols, ids
}

// unitSightSet is losBlockers for a looking at any mini of v, culled once for the whole unit:
// only volumes whose box meets the box of a's eye and v's bases can block (each query culls
// exactly again). Vehicles of v stay in; per mini, losBlockersAmong drops the mini itself.
func (w *World) unitSightSet(a *Mini, v *Unit) ([]geometry.Volume, []string, []*Mini) {
	fan := r2.RectFromPoints(a.Centre())
	for _, m := range v.Minis {
		fan = fan.Union(m.Foot.Bounds())
	}
	// Count, then fill slices of the exact size (this runs for every pair of units).
	n := 0
	for i := range w.losVols {
		if w.losMinis[i] != a && w.losVols[i].Foot.Bounds().Intersects(fan) {
			n++
		}
	}
	// Room for 8 more volumes after them: Cover appends the candidates on a mini's line there.
	vols, ids, owners := make([]geometry.Volume, 0, n+8), make([]string, 0, n), make([]*Mini, 0, n)
	for i := range w.losVols {
		if w.losMinis[i] != a && w.losVols[i].Foot.Bounds().Intersects(fan) {
			vols, ids, owners = append(vols, w.losVols[i]), append(ids, w.losIDs[i]), append(owners, w.losMinis[i])
		}
	}
	return vols, ids, owners
}

// sight runs the exact visibility query from a's eye to b's volume; witness is a seen point of b
// when visible.
func (w *World) sight(a, b *Mini) (visible bool, hiders []string, witness r3.Vector) {
	vols, ids := w.losBlockers(a, b)
	s := geometry.See(a.Eye(), b.Volume(), vols)
	seen := map[string]bool{}
	for _, i := range s.Hiders {
		if id := ids[i]; !seen[id] {
			seen[id] = true
			hiders = append(hiders, id)
		}
	}
	sort.Strings(hiders)
	return s.Visible, hiders, s.Witness
}

// visibleFrom is sight without the hiders: can a see any part of b.
func (w *World) visibleFrom(a, b *Mini) bool {
	vols, _ := w.losBlockers(a, b)
	return geometry.Visible(a.Eye(), b.Volume(), vols)
}

// LOS answers whether mini from sees mini to: some segment from from's eye (the highest point
// above its base centre) to a point of to's volume passes through no blocker's interior.
func (w *World) LOS(from, to string) (LOSAnswer, error) {
	a, err := w.Mini(from)
	if err != nil {
		return LOSAnswer{}, err
	}
	b, err := w.Mini(to)
	if err != nil {
		return LOSAnswer{}, err
	}
	vis, hiders, witness := w.sight(a, b)
	ans := LOSAnswer{LOS: vis, FullyHidden: !vis, BlockedBy: hiders, Eye: a.Eye(), Witness: witness}
	if ans.BlockedBy == nil {
		ans.BlockedBy = []string{}
	}
	eye := a.Eye()
	ans.Reasons = append(ans.Reasons, Reason{Rule: "los.eye", Cite: CiteLOS,
		Text: fmt.Sprintf("sight is taken from %s's eye at height %.4g above its base centre, to any part of %s or its base", from, eye.Z, to),
		IDs:  []string{from, to}})
	ans.Reasons = append(ans.Reasons, Reason{Rule: "los.blockers", Cite: CiteLOSTroopers,
		Text: "solid terrain and ground and repulsor vehicles block sight; troopers (also creatures and emplacements), area terrain and depressions never do"})
	switch {
	case !vis:
		ans.Reasons = append(ans.Reasons, Reason{Rule: "los.hidden", Cite: CiteHidden,
			Text: fmt.Sprintf("every segment from the eye to %s passes through %s: fully hidden", to, joinIDs(hiders)), IDs: hiders})
	case len(hiders) > 0:
		ans.Reasons = append(ans.Reasons, Reason{Rule: "los.partial", Cite: CiteLOS,
			Text: fmt.Sprintf("%s is seen; part of it is hidden by %s", to, joinIDs(hiders)), IDs: hiders})
	default:
		ans.Reasons = append(ans.Reasons, Reason{Rule: "los.clear", Cite: CiteLOS,
			Text: fmt.Sprintf("nothing hides any part of %s", to)})
	}
	return ans, nil
}

// VisibleMinis lists the minis of unit defender that mini attacker sees (some point of each in
// line of sight), in the unit's order — the per-mini LOS answers for one attacking mini against
// one unit, with the blockers culled once for the whole unit.
func (w *World) VisibleMinis(attacker, defender string) ([]string, error) {
	a, err := w.Mini(attacker)
	if err != nil {
		return nil, err
	}
	v, err := w.Unit(defender)
	if err != nil {
		return nil, err
	}
	return w.visibleMinis(a, v, false), nil
}

// visibleMinis lists the minis of v that a sees, in v's order (only the first when first is set):
// per mini the blockers are losBlockers(a, b), culled once for the whole unit.
func (w *World) visibleMinis(a *Mini, v *Unit, first bool) []string {
	vols, _, owners := w.unitSightSet(a, v)
	var seen []string
	var own []geometry.Volume
	for _, b := range v.Minis {
		set := vols
		if b.Unit.Type == table.Ground || b.Unit.Type == table.Repulsor {
			own = own[:0]
			for i, vol := range vols {
				if owners[i] != b {
					own = append(own, vol)
				}
			}
			set = own
		}
		if geometry.Visible(a.Eye(), b.Volume(), set) {
			seen = append(seen, b.ID)
			if first {
				break
			}
		}
	}
	return seen
}
