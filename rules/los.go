package rules

import (
	"fmt"
	"sort"

	"holotable/geometry"
)

// LOSAnswer is a line-of-sight answer between two minis.
type LOSAnswer struct {
	LOS         bool     // some point of the target (mini or base) is seen from the eye
	FullyHidden bool     // no point is seen: the target cannot be wounded by this mini
	BlockedBy   []string // blockers that hide some part of the target, sorted
	Reasons     []Reason
}

// blocker is one volume that blocks sight, and whose it is.
type blocker struct {
	id  string
	vol geometry.Volume
}

// losBlockers lists what can block sight from a to b: solid terrain, and ground and repulsor
// minis other than a and b. Troopers of every type never block (RRG 2.0 Truppler L10992–10993);
// area terrain and depressions never block.
func (w *World) losBlockers(a, b *Mini) []blocker {
	var out []blocker
	for _, p := range w.Terrain {
		if p.Kind == "solid" {
			out = append(out, blocker{p.ID, p.Volume()})
		}
	}
	for _, m := range w.Minis {
		if m == a || m == b || (m.Unit.Type != "ground" && m.Unit.Type != "repulsor") {
			continue
		}
		for _, v := range m.Volume(w.File.Profile.BaseThickness) {
			out = append(out, blocker{m.ID, v})
		}
	}
	return out
}

// sight runs the exact visibility query from a's eye to b's volume.
func (w *World) sight(a, b *Mini) (visible bool, hiders []string) {
	bl := w.losBlockers(a, b)
	vols := make([]geometry.Volume, len(bl))
	for i, x := range bl {
		vols[i] = x.vol
	}
	s := geometry.See(a.Eye(), b.Volume(w.File.Profile.BaseThickness), vols)
	seen := map[string]bool{}
	for _, i := range s.Hiders {
		if id := bl[i].id; !seen[id] {
			seen[id] = true
			hiders = append(hiders, id)
		}
	}
	sort.Strings(hiders)
	return s.Visible, hiders
}

// visibleFrom is sight without the hiders: can a see any part of b.
func (w *World) visibleFrom(a, b *Mini) bool {
	bl := w.losBlockers(a, b)
	vols := make([]geometry.Volume, len(bl))
	for i, x := range bl {
		vols[i] = x.vol
	}
	return geometry.Visible(a.Eye(), b.Volume(w.File.Profile.BaseThickness), vols)
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
	vis, hiders := w.sight(a, b)
	ans := LOSAnswer{LOS: vis, FullyHidden: !vis, BlockedBy: hiders}
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
