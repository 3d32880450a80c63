package swm

import (
	"fmt"
	"slices"
	"strings"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/rules"
	"holotable/table"
)

// Cover (seed 004 L352, L550–580, L606–634, L806–808; the digest's §1.16 B). The attacker picks
// one corner c of a square of its space. The target has cover from c when some line from c to a
// point of the target's space passes through a wall, a square with another character, or a
// low-object square; lines that only run along a wall or a square's edge, or touch a square at a
// corner, are ignored. The union of those lines is H, the convex hull of c and the target space's
// corners, so with closed walls and squares:
//
//   - a wall gives cover from c when its relative interior meets int H and c is not on the wall's
//     line (a line through c can only run along such a wall, never through it);
//   - a cover square S gives cover when int S meets int H.
//
// Cover squares are the squares of every character other than attacker and target (none for a
// Sniper, L1394) and every low-object square that is neither in nor adjacent to the attacker's
// space (L568–570, L614) — a low-object square under the target counts. The target has cover when
// it is not adjacent to the attacker (L554) and has cover from every corner: the attacker picks
// its best. The tests are geometry's convex-polygon predicates (SegmentEntersInterior, Overlap),
// whose tolerance geometry.Eps = 1e-9 is far below the least depth by which a lattice segment or
// square can enter a lattice polygon (a rational with denominator below L² ≈ 2·10⁴).

// Cover is the answer to "does the defender have cover against the attacker".
type Cover struct {
	LOS      bool `json:"los"`
	Adjacent bool `json:"adjacent"`
	Cover    bool `json:"cover"`
	// Corner is the attacker's corner from which the defender has no cover (when Cover is false
	// and the defender is not adjacent).
	Corner *table.Point `json:"corner"`
	// By names what gives cover from the attacker's corners (when Cover is true): for each source,
	// a description, e.g. "figure rebel", "the low objects on square (4,2)", "the wall from (3,3)
	// to (8,3)" — the sources from the corner that has the fewest.
	By      []string       `json:"by"`
	Reasons []rules.Reason `json:"reasons"`
}

// CoverOf answers cover for the figure attacker attacking defender (figure ids). The attacker's
// Sniper ability drops other characters from the cover sources.
func (b *Board) CoverOf(attacker, defender string) (Cover, error) {
	ga, ia, err := b.Figure(attacker)
	if err != nil {
		return Cover{}, err
	}
	gd, id, err := b.Figure(defender)
	if err != nil {
		return Cover{}, err
	}
	if ia == id {
		return Cover{}, fmt.Errorf("figure '%s' cannot attack itself", attacker)
	}
	return b.cover(ia, id, ga.Abilities.Has(table.AbilitySniper), SpaceOf(gd)), nil
}

// cover answers cover for figure ia attacking figure id (standing on space d).
func (b *Board) cover(ia, id int, sniper bool, d Space) Cover {
	a := SpaceOf(b.f.Figures[ia])
	res := Cover{}
	los := b.los(a, d)
	res.LOS = los.Visible
	if !res.LOS {
		res.Reasons = []rules.Reason{{Rule: "cover", Cite: CiteLOS,
			Text: "no line of sight: the defender cannot be attacked, so cover does not arise"}}
		return res
	}
	if a.Touches(d) {
		res.Adjacent = true
		res.Reasons = []rules.Reason{{Rule: "cover-adjacent", Cite: CiteCoverAdj,
			Text: "the defender is adjacent to the attacker (next to it, in line of sight): an adjacent enemy never has cover"}}
		return res
	}
	squares := b.coverSquares(ia, id, sniper, a)
	best := -1
	var bestBy []string
	for _, c := range a.Corners() {
		by := b.coverFrom(c, d, squares)
		if len(by) == 0 {
			cc := c
			res.Corner = &cc
			res.Reasons = []rules.Reason{{Rule: "cover", Cite: CiteCover, Text: fmt.Sprintf(
				"from the attacker's corner %v every line to the defender's space is clear of walls, other characters and low objects: no cover", c)},
				{Rule: "cover-ignored", Cite: CiteCoverIgnored, Text: "lines along a wall or a square's edge, or touching a square's corner, do not give cover"}}
			if sniper {
				res.Reasons = append(res.Reasons, rules.Reason{Rule: "sniper", Cite: CiteSniper, Text: "the attacker is a Sniper: other characters are ignored"})
			}
			return res
		}
		if best < 0 || len(by) < best {
			best, bestBy = len(by), by
		}
	}
	res.Cover, res.By = true, bestBy
	res.Reasons = []rules.Reason{{Rule: "cover", Cite: CiteCover, Text: fmt.Sprintf(
		"from each of the attacker's %d corners some line to the defender's space passes through a wall, another character's square or low objects; from the best: %s",
		len(a.Corners()), strings.Join(bestBy, ", "))},
		{Rule: "cover-bonus", Cite: CiteCoverAdj, Text: "the defender has cover: +4 Defense, once"}}
	for _, s := range bestBy {
		switch {
		case strings.HasPrefix(s, "figure"):
			res.Reasons = append(res.Reasons, rules.Reason{Rule: "cover-characters", Cite: CiteCoverChars, Text: "characters give cover, friend or foe"})
		case strings.HasPrefix(s, "the low"):
			res.Reasons = append(res.Reasons, rules.Reason{Rule: "cover-low", Cite: CiteCoverLow,
				Text: "low objects give cover unless they are in or next to the attacker's space"})
		case strings.HasPrefix(s, "the wall"):
			res.Reasons = append(res.Reasons, rules.Reason{Rule: "cover-wall", Cite: CiteCoverWall, Text: "a wall gives cover where it does not block line of sight"})
		}
	}
	return res
}

// coverSquare is a square that gives cover, and what it is ("" for low objects: named when they
// are found).
type coverSquare struct {
	x, y int
	what string
}

// coverSquares lists the squares that give cover against attacker ia: other characters' squares
// (unless Sniper) and low objects neither in nor next to the attacker's space.
func (b *Board) coverSquares(ia, id int, sniper bool, a Space) []coverSquare {
	var out []coverSquare
	if !sniper {
		for i, g := range b.f.Figures {
			if i == ia || i == id {
				continue
			}
			SpaceOf(g).Squares(func(x, y int) {
				out = append(out, coverSquare{x, y, "figure " + g.ID})
			})
		}
	}
	near := Space{a.X - 1, a.Y - 1, a.N + 2}
	for _, i := range b.low {
		if x, y := i%b.w, i/b.w; !near.Contains(x, y) {
			out = append(out, coverSquare{x, y, ""})
		}
	}
	return out
}

// coverFrom lists what gives the defender's space d cover from the corner c.
func (b *Board) coverFrom(c table.Point, d Space, squares []coverSquare) []string {
	pts := []table.Point{c, {X: d.X, Y: d.Y}, {X: d.X + d.N, Y: d.Y}, {X: d.X + d.N, Y: d.Y + d.N}, {X: d.X, Y: d.Y + d.N}}
	hull := hullPoints(nil, pts)
	poly := make([]r2.Point, len(hull))
	for i, p := range hull {
		poly[i] = r2.Point{X: float64(p.X), Y: float64(p.Y)}
	}
	h, err := geometry.NewConvexPolygon(poly)
	if err != nil {
		panic("swm: the hull of a corner and a space is a convex polygon: " + err.Error())
	}
	box := h.Bounds()
	var by []string
	for i := range b.runs {
		r := &b.runs[i]
		p, q := r.ends()
		pf, qf := r2.Point{X: float64(p.X), Y: float64(p.Y)}, r2.Point{X: float64(q.X), Y: float64(q.Y)}
		if !box.Intersects(r2.RectFromPoints(pf, qf)) {
			continue
		}
		if r.horizontal && r.c == c.Y || !r.horizontal && r.c == c.X {
			continue // c is on the wall's line: lines from c only run along it
		}
		if h.SegmentEntersInterior(pf, qf) {
			by = append(by, r.String())
		}
	}
	shape := h.Shape()
	for _, s := range squares {
		sq := r2.RectFromPoints(r2.Point{X: float64(s.x), Y: float64(s.y)}, r2.Point{X: float64(s.x + 1), Y: float64(s.y + 1)})
		if !box.Intersects(sq) {
			continue
		}
		if geometry.Overlap(shape, b.shapes[s.y*b.w+s.x]) {
			what := s.what
			if what == "" {
				what = fmt.Sprintf("the low objects on square (%d,%d)", s.x, s.y)
			}
			if !slices.Contains(by, what) {
				by = append(by, what)
			}
		}
	}
	return by
}

// squareShape is square (x, y) as a geometry polygon.
func squareShape(x, y int) geometry.Shape {
	fx, fy := float64(x), float64(y)
	s, err := geometry.NewPolygon([]r2.Point{{X: fx, Y: fy}, {X: fx + 1, Y: fy}, {X: fx + 1, Y: fy + 1}, {X: fx, Y: fy + 1}})
	if err != nil {
		panic("swm: a unit square is a polygon: " + err.Error())
	}
	return s
}
