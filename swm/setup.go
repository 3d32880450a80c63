package swm

import (
	"fmt"
	"slices"

	"holotable/rules"
	"holotable/table"
)

// Setting up (the digest's §1.16 J for what is not drawing: seed 004 L134, L479–481, L491).
// Each squad sets up within 4 squares of a short edge of the map, the other squad at the opposite
// edge, one character per square; the map's centre decides the tie-breaker after ten rounds
// without damage.

// Zone is a block of squares: x ∈ [X, X+W), y ∈ [Y, Y+H).
type Zone struct{ X, Y, W, H int }

// Contains reports whether the whole space lies in the zone.
func (z Zone) Contains(s Space) bool {
	return s.X >= z.X && s.Y >= z.Y && s.X+s.N <= z.X+z.W && s.Y+s.N <= z.Y+z.H
}

// deployDepth is how far from its short edge a squad sets up (L134, L479).
const deployDepth = 4

// Deployment returns the two deployment zones: the table's own when it marks them
// (table.SWMFile.Deployment), else the 4 squares along each short edge (the x edges of a square
// map). On a map 8 or fewer squares long the zones meet or overlap.
func (b *Board) Deployment() [2]Zone {
	if z := b.f.Deployment; len(z) == 2 {
		return [2]Zone{Zone(z[0]), Zone(z[1])}
	}
	return RuleDeployment(b.w, b.h)
}

// RuleDeployment is the rule's deployment zones on a w × h map (L134): 4 squares from each short
// edge.
func RuleDeployment(w, h int) [2]Zone {
	b := struct{ w, h int }{w, h}
	d := deployDepth
	if b.w >= b.h {
		d = min(d, b.w)
		return [2]Zone{{0, 0, d, b.h}, {b.w - d, 0, d, b.h}}
	}
	d = min(d, b.h)
	return [2]Zone{{0, 0, b.w, d}, {0, b.h - d, b.w, d}}
}

// Placement is the answer to "may this figure be set up here".
type Placement struct {
	OK      bool           `json:"ok"`
	Reasons []rules.Reason `json:"reasons"`
}

// CanDeploy checks figure g (its position, size and side) against zone z (one of Deployment's)
// and the figures already on the map (g itself, by id, excluded).
func (b *Board) CanDeploy(g table.Figure, z Zone) Placement {
	s := SpaceOf(g)
	var bad []rules.Reason
	refuse := func(cite, format string, a ...any) {
		bad = append(bad, rules.Reason{Rule: "deploy", Cite: cite, Text: fmt.Sprintf(format, a...), IDs: []string{g.ID}})
	}
	if !b.inSpace(s) {
		refuse(CiteSpace, "the %v is not on the %d × %d map", s, b.w, b.h)
		return Placement{Reasons: bad}
	}
	if !z.Contains(s) {
		refuse(CiteDeploy, "the %v is not within %d squares of the squad's short edge", s, deployDepth)
	}
	s.Squares(func(x, y int) {
		switch b.at(x, y) {
		case table.SquareSolid, table.SquarePit:
			refuse(CiteMoveBlock, "square (%d,%d) is %s: no one stands there", x, y, b.at(x, y))
		}
		if k := b.occupant[y*b.w+x]; k >= 0 && b.f.Figures[k].ID != g.ID {
			refuse(CiteDeploy, "square (%d,%d) holds %s: one character per square", x, y, b.f.Figures[k].ID)
		}
		if x > s.X && b.wallV(x, y) || y > s.Y && b.wallH(x, y) || x > s.X && y > s.Y && b.pointTouched(x, y) {
			refuse(CiteMoveBlock, "a wall runs through the %v at square (%d,%d)", s, x, y)
		}
	})
	if len(bad) > 0 {
		return Placement{Reasons: bad}
	}
	return Placement{OK: true, Reasons: []rules.Reason{{Rule: "deploy", Cite: CiteDeploy,
		Text: fmt.Sprintf("%s may set up on the %v", g.ID, s), IDs: []string{g.ID}}}}
}

// Centre returns the squares at the map's centre: 1, 2 or 4 squares, as the width and height are
// odd or even.
func (b *Board) Centre() []Space {
	xs, ys := centres(b.w), centres(b.h)
	var out []Space
	for _, y := range ys {
		for _, x := range xs {
			out = append(out, Square(x, y))
		}
	}
	return out
}

func centres(n int) []int {
	if n%2 == 1 {
		return []int{n / 2}
	}
	return []int{n/2 - 1, n / 2}
}

// FromCentre is one figure's distance to the map's centre squares (for the tie-breaker).
type FromCentre struct {
	ID       string `json:"id"`
	Side     string `json:"side"`
	Distance int    `json:"distance"` // −1: no count reaches
}

// ClosestToCentre lists every figure by its distance (counted as for range, its own square not
// counted, a figure on a centre square at 0) to the nearest centre square, closest first, and the
// reason. The seed does not say how "closest" is measured (L491); counting squares as for range is
// this package's reading.
func (b *Board) ClosestToCentre() ([]FromCentre, rules.Reason) {
	var out []FromCentre
	for _, g := range b.f.Figures {
		best := -1
		s := SpaceOf(g)
		for _, c := range b.Centre() {
			d := 0
			if !s.Overlaps(c) {
				dd := b.distance(s, c, false)
				d = dd.Squares
				if !dd.Reachable {
					d = -1
				}
			}
			if d >= 0 && (best < 0 || d < best) {
				best = d
			}
		}
		out = append(out, FromCentre{ID: g.ID, Side: g.Side, Distance: best})
	}
	slices.SortStableFunc(out, func(p, q FromCentre) int {
		switch {
		case p.Distance == q.Distance:
			return 0
		case p.Distance < 0:
			return 1
		case q.Distance < 0:
			return -1
		}
		return p.Distance - q.Distance
	})
	text := "no figures"
	if len(out) > 0 {
		text = fmt.Sprintf("%s (%s) is closest to the centre, %d squares", out[0].ID, out[0].Side, out[0].Distance)
	}
	return out, rules.Reason{Rule: "centre", Cite: CiteCentre, Text: text + " (counted as for range: how the seed measures it is not stated)"}
}
