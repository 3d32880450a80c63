package swm

import (
	"cmp"
	"fmt"
	"slices"
	"sync"

	"holotable/rules"
	"holotable/table"
)

// Line of sight (seed 004 L336, L344, L578–580, L1222): two spaces A and B see each other when a
// segment from a point of A's interior to a point of B's touches no wall, where the walls W are
// closed sets (a touch blocks, a line along a wall blocks, a line through a wall's corner
// blocks):
//
//	LOS(A, B) ⇔ ∃ p ∈ int A, q ∈ int B: [p, q] ∩ W = ∅.
//
// Such a segment exists exactly when some line through int A and int B has no wall on its closed
// gap between A and B (from where it leaves A to where it enters B). The exact search (the
// digest's §1.16 A) enumerates those lines: whether a line is clear changes only where it passes
// a critical point — a lattice point on the boundary of A or B, or an end of a wall inside the
// convex hull of A ∪ B — so in the space of lines the clear ones are unions of cells of the
// arrangement of the pencils through the critical points. Every cell has a vertex, a line ℓ₀
// through two critical points, on its boundary, and the cells around ℓ₀ are reached by turning ℓ₀
// a little about a pivot between two consecutive critical points on it, or beyond its last one,
// either way. The turn is exact: the direction d0 becomes K·d0 ± d0⊥, an angle below 1/K, and
// K = 2L² + 1 (L² = W² + H²) keeps it below the least angle at which the turned line could reach
// another critical point (a lattice point off ℓ₀ is at least 1/|d0| ≥ 1/L from it and at most 2L
// from the pivot). A bevelled wall end is not part of its wall, so the clear set need not be open
// there: when a wall near the spaces has one, the lines through the critical points themselves,
// and those turned about a critical point, are tried too.
//
// Lines ℓ₀ whose gap a wall crosses transversally inside itself and strictly inside the gap are
// skipped: every line near them is blocked by the same wall. Before the search, segments between
// sample points of the two spaces are tried (a clear one is a proof; they only save time).

// sampleGrid is the number of sample points per side of a space for the fast accept (k × k).
const sampleGrid = 2

// LOS is the answer to "do these spaces see each other".
type LOS struct {
	Visible bool `json:"los"`
	// Line is a clear sight line when Visible: from a point inside the first space to a point
	// inside the second, in squares.
	Line [2][2]float64 `json:"line"`
	// Method says what settled it: "same" (the spaces overlap), "sample" (a sample segment was
	// clear) or "exact" (the exact search found a clear line, or proved there is none).
	Method string `json:"method"`
	// Candidates is how many lines the exact search tested.
	Candidates int            `json:"candidates"`
	Reasons    []rules.Reason `json:"reasons"`
}

// Sees reports whether the spaces have line of sight, without reasons.
func (b *Board) Sees(a, c Space) bool {
	return b.los(a, c).Visible
}

// LOS answers line of sight between two spaces on the map, with its reasons.
func (b *Board) LOS(a, c Space) LOS {
	r := b.los(a, c)
	switch {
	case r.Method == "same":
		r.Reasons = []rules.Reason{{Rule: "los", Cite: CiteLOS, Text: fmt.Sprintf("the %v and the %v overlap", a, c)}}
	case r.Visible:
		r.Reasons = []rules.Reason{{Rule: "los", Cite: CiteLOSOne, Text: fmt.Sprintf(
			"the line from (%s) to (%s) touches no wall or closed door: one clear line is enough",
			coord(r.Line[0]), coord(r.Line[1]))}}
	default:
		r.Reasons = []rules.Reason{{Rule: "los", Cite: CiteLOSCorner, Text: fmt.Sprintf(
			"every line from the %v to the %v touches a wall or closed door, runs along one or cuts its corner (exact search, %d candidate lines)",
			a, c, r.Candidates)}}
	}
	r.Reasons = append(r.Reasons, rules.Reason{Rule: "los-blockers", Cite: CiteLOSBlockers,
		Text: "characters, low objects, difficult terrain, pits and open doors do not block line of sight"})
	return r
}

func coord(p [2]float64) string { return fmt.Sprintf("%.4g, %.4g", p[0], p[1]) }

// losScratch is the search's working memory, reused between calls.
type losScratch struct {
	runs  []*run
	crit  []table.Point
	on    []int
	hull  []table.Point
	lines map[lineKey]struct{}
}

// lineKey names a line through lattice points: its primitive direction (dx > 0, or dx = 0 and
// dy > 0) and the offset p × d of its points.
type lineKey struct{ dx, dy, c int64 }

var scratchPool = sync.Pool{New: func() any { return new(losScratch) }}

func (b *Board) los(a, c Space) LOS {
	if a.Overlaps(c) {
		return LOS{Visible: true, Method: "same"}
	}
	sc := scratchPool.Get().(*losScratch)
	defer scratchPool.Put(sc)

	// The walls near the two spaces: those meeting the convex hull of both (every segment between
	// them lies in it), found among the runs on the grid lines that cross the box around both.
	sc.hull = hullOf(sc.hull[:0], a, c)
	x0, y0 := min(a.X, c.X), min(a.Y, c.Y)
	x1, y1 := max(a.X+a.N, c.X+c.N), max(a.Y+a.N, c.Y+c.N)
	sc.runs = sc.runs[:0]
	hasOpen := false
	keep := func(r *run) {
		if runMeetsHull(r, sc.hull) {
			sc.runs = append(sc.runs, r)
			hasOpen = hasOpen || r.openLo || r.openHi
		}
	}
	for y := y0; y <= y1; y++ {
		for _, i := range b.hRuns[y] {
			if r := &b.runs[i]; r.hi >= x0 && r.lo <= x1 {
				keep(r)
			}
		}
	}
	for x := x0; x <= x1; x++ {
		for _, i := range b.vRuns[x] {
			if r := &b.runs[i]; r.hi >= y0 && r.lo <= y1 {
				keep(r)
			}
		}
	}
	if len(sc.runs) == 0 {
		return b.witness(newLine(2, int64(2*a.X+a.N), int64(2*a.Y+a.N), int64(2*(c.X-a.X)+c.N-a.N), int64(2*(c.Y-a.Y)+c.N-a.N)), a, c, "sample")
	}

	// Fast accept: the centres, then k × k sample points of each space.
	if r, ok := b.sampled(sc.runs, a, c); ok {
		return r
	}
	return b.exact(sc, a, c, hasOpen)
}

// sampled tries the segment between the centres of the spaces, then the segments between the
// sample points of the two spaces.
func (b *Board) sampled(runs []*run, a, c Space) (LOS, bool) {
	try := func(s int64, px, py, qx, qy int64) (LOS, bool) {
		l := newLine(s, px, py, qx-px, qy-py)
		up, uq := frac{px, 1}, frac{qx, 1}
		if l.swap {
			up, uq = frac{py, 1}, frac{qy, 1}
		}
		lo, hi := fmin(up, uq), fmax(up, uq)
		for _, r := range runs {
			if l.meets(r, lo, hi) {
				return LOS{}, false
			}
		}
		f := float64(s)
		return LOS{Visible: true, Method: "sample",
			Line: [2][2]float64{{float64(px) / f, float64(py) / f}, {float64(qx) / f, float64(qy) / f}}}, true
	}
	if r, ok := try(2, int64(2*a.X+a.N), int64(2*a.Y+a.N), int64(2*c.X+c.N), int64(2*c.Y+c.N)); ok {
		return r, true
	}
	const k = sampleGrid
	s := int64(2 * k)
	for i := 0; i < k*k; i++ {
		px := s*int64(a.X) + int64(2*(i%k)+1)*int64(a.N)
		py := s*int64(a.Y) + int64(2*(i/k)+1)*int64(a.N)
		for j := 0; j < k*k; j++ {
			qx := s*int64(c.X) + int64(2*(j%k)+1)*int64(c.N)
			qy := s*int64(c.Y) + int64(2*(j/k)+1)*int64(c.N)
			if r, ok := try(s, px, py, qx, qy); ok {
				return r, true
			}
		}
	}
	return LOS{}, false
}

// exact is the critical-line search.
func (b *Board) exact(sc *losScratch, a, c Space, hasOpen bool) LOS {
	crit := sc.crit[:0]
	crit = boundaryPoints(crit, a)
	crit = boundaryPoints(crit, c)
	for _, r := range sc.runs {
		p, q := r.ends()
		if inHull(sc.hull, p) {
			crit = append(crit, p)
		}
		if inHull(sc.hull, q) {
			crit = append(crit, q)
		}
	}
	sortPoints(crit)
	n := 0
	for i, p := range crit {
		if i == 0 || p != crit[n-1] {
			crit[n] = p
			n++
		}
	}
	crit = crit[:n]
	sc.crit = crit

	res := LOS{Method: "exact"}
	if sc.lines == nil {
		sc.lines = map[lineKey]struct{}{}
	}
	clear(sc.lines)
	for i := 0; i < len(crit); i++ {
		for j := i + 1; j < len(crit); j++ {
			dx, dy := int64(crit[j].X-crit[i].X), int64(crit[j].Y-crit[i].Y)
			g := gcd(abs64(dx), abs64(dy))
			dx, dy = dx/g, dy/g
			if dx < 0 || dx == 0 && dy < 0 {
				dx, dy = -dx, -dy
			}
			l0 := newLine(1, int64(crit[i].X), int64(crit[i].Y), dx, dy)
			ca, okA := l0.chordOf(a)
			cb, okB := l0.chordOf(c)
			if !okA || !okB {
				continue
			}
			// Each line once.
			key := lineKey{dx, dy, int64(crit[i].X)*dy - int64(crit[i].Y)*dx}
			if _, done := sc.lines[key]; done {
				continue
			}
			sc.lines[key] = struct{}{}
			if robustlyBlocked(l0, ca, cb, sc.runs) {
				continue
			}
			// The critical points on ℓ₀, in order along it.
			on := sc.on[:0]
			for k := range crit {
				if cross(crit[k], crit[i], dx, dy) == 0 {
					on = append(on, k)
				}
			}
			along := func(k int) int64 { return int64(crit[k].X)*dx + int64(crit[k].Y)*dy }
			slices.SortFunc(on, func(x, y int) int { return cmp.Compare(along(x), along(y)) })
			sc.on = on
			try := func(mx, my, ddx, ddy int64) bool {
				res.Candidates++
				l := newLine(2, mx, my, ddx, ddy)
				if r, ok := b.clearLine(l, a, c, sc.runs); ok {
					res.Visible, res.Line = true, r
					return true
				}
				return false
			}
			turn := func(mx, my int64) bool {
				kdx, kdy := b.k*dx, b.k*dy
				return try(mx, my, kdx-dy, kdy+dx) || try(mx, my, kdx+dy, kdy-dx)
			}
			p0, pn := crit[on[0]], crit[on[len(on)-1]]
			if turn(int64(2*p0.X)-2*dx, int64(2*p0.Y)-2*dy) || turn(int64(2*pn.X)+2*dx, int64(2*pn.Y)+2*dy) {
				return res
			}
			for k := 0; k+1 < len(on); k++ {
				p, q := crit[on[k]], crit[on[k+1]]
				if turn(int64(p.X+q.X), int64(p.Y+q.Y)) {
					return res
				}
			}
			if hasOpen {
				if try(int64(2*p0.X), int64(2*p0.Y), dx, dy) {
					return res
				}
				for _, k := range on {
					if turn(int64(2*crit[k].X), int64(2*crit[k].Y)) {
						return res
					}
				}
			}
		}
	}
	return res
}

// clearLine tests one candidate line: it must pass through the interiors of both spaces, and no
// wall may meet its closed gap between them. It returns a clear segment (lattice units) from the
// middle of the line's chord through a to the middle of its chord through c.
func (b *Board) clearLine(l line, a, c Space, runs []*run) ([2][2]float64, bool) {
	ca, okA := l.chordOf(a)
	cb, okB := l.chordOf(c)
	if !okA || !okB || !ca.inner || !cb.inner {
		return [2][2]float64{}, false
	}
	var lo, hi frac
	aFirst := !cb.lo.less(ca.hi)
	switch {
	case aFirst: // a, then c along u
		lo, hi = ca.hi, cb.lo
	case !ca.lo.less(cb.hi):
		lo, hi = cb.hi, ca.lo
	default:
		return [2][2]float64{}, false // cannot happen for spaces that do not overlap
	}
	for _, r := range runs {
		if l.meets(r, lo, hi) {
			return [2][2]float64{}, false
		}
	}
	// The witness's ends: inside each chord, between the gap and the nearest wall the line meets
	// inside the space (a space on the map holds none, but any two spaces may be asked about).
	end := func(ch chord, towardHi bool) [2]float64 {
		far := ch.lo // the chord's end away from the gap
		if !towardHi {
			far = ch.hi
		}
		for _, r := range runs {
			if slo, shi, ok := l.span(r); ok {
				if towardHi && shi.less(ch.hi) && far.less(shi) {
					far = shi
				}
				if !towardHi && ch.lo.less(slo) && slo.less(far) {
					far = slo
				}
			}
		}
		near := ch.hi
		if !towardHi {
			near = ch.lo
		}
		u := frac{far.n*near.d + near.n*far.d, 2 * far.d * near.d}
		x, y := l.point(u)
		return [2]float64{x / float64(l.s), y / float64(l.s)}
	}
	return [2][2]float64{end(ca, aFirst), end(cb, !aFirst)}, true
}

// robustlyBlocked reports whether a wall crosses ℓ₀ transversally, inside the wall and strictly
// inside the gap between the closed chords ca and cb: then every line near ℓ₀ is blocked too.
func robustlyBlocked(l line, ca, cb chord, runs []*run) bool {
	var lo, hi frac
	switch {
	case !cb.lo.less(ca.hi):
		lo, hi = ca.hi, cb.lo
	case !ca.lo.less(cb.hi):
		lo, hi = cb.hi, ca.lo
	default:
		return false
	}
	for _, r := range runs {
		if l.crossesInside(r, lo, hi) {
			return true
		}
	}
	return false
}

// witness returns the LOS of a line known to be clear (no walls near): its chords' midpoints.
func (b *Board) witness(l line, a, c Space, method string) LOS {
	seg, _ := b.clearLine(l, a, c, nil)
	return LOS{Visible: true, Method: method, Line: seg}
}

// cross is the cross product (p − o) × (dx, dy).
func cross(p, o table.Point, dx, dy int64) int64 {
	return int64(p.X-o.X)*dy - int64(p.Y-o.Y)*dx
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		return 1
	}
	return a
}

// boundaryPoints appends the lattice points on the boundary of the space.
func boundaryPoints(dst []table.Point, s Space) []table.Point {
	for i := 0; i < s.N; i++ {
		dst = append(dst,
			table.Point{X: s.X + i, Y: s.Y}, table.Point{X: s.X + s.N, Y: s.Y + i},
			table.Point{X: s.X + s.N - i, Y: s.Y + s.N}, table.Point{X: s.X, Y: s.Y + s.N - i})
	}
	return dst
}

// hullOf is the convex hull of the corners of two spaces, counter-clockwise.
func hullOf(dst []table.Point, a, c Space) []table.Point {
	pts := [8]table.Point{
		{X: a.X, Y: a.Y}, {X: a.X + a.N, Y: a.Y}, {X: a.X + a.N, Y: a.Y + a.N}, {X: a.X, Y: a.Y + a.N},
		{X: c.X, Y: c.Y}, {X: c.X + c.N, Y: c.Y}, {X: c.X + c.N, Y: c.Y + c.N}, {X: c.X, Y: c.Y + c.N},
	}
	return hullPoints(dst, pts[:])
}

// hullPoints appends to dst the convex hull of lattice points (sorted in place), counter-clockwise
// (Andrew's monotone chain; collinear and repeated points dropped).
func hullPoints(dst, ps []table.Point) []table.Point {
	sortPoints(ps)
	turn := func(o, p, q table.Point) int64 {
		return int64(p.X-o.X)*int64(q.Y-o.Y) - int64(p.Y-o.Y)*int64(q.X-o.X)
	}
	start := len(dst)
	for _, p := range ps { // lower hull
		for len(dst)-start >= 2 && turn(dst[len(dst)-2], dst[len(dst)-1], p) <= 0 {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	lower := len(dst) + 1
	for i := len(ps) - 2; i >= 0; i-- { // upper hull
		p := ps[i]
		for len(dst) >= lower && turn(dst[len(dst)-2], dst[len(dst)-1], p) <= 0 {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	return dst[:len(dst)-1]
}

// sortPoints sorts lattice points by y, then x.
func sortPoints(ps []table.Point) {
	slices.SortFunc(ps, func(p, q table.Point) int {
		if p.Y != q.Y {
			return p.Y - q.Y
		}
		return p.X - q.X
	})
}

// runMeetsHull reports whether the run (with its ends) meets the closed convex polygon h
// (counter-clockwise): no edge of h has both of the run's ends strictly outside it, and the run's
// line does not leave h wholly on one side (separating axes).
func runMeetsHull(r *run, h []table.Point) bool {
	p, q := r.ends()
	above, below := false, false
	for i := range h {
		o, n := h[i], h[(i+1)%len(h)]
		ex, ey := int64(n.X-o.X), int64(n.Y-o.Y)
		if ex*int64(p.Y-o.Y)-ey*int64(p.X-o.X) < 0 && ex*int64(q.Y-o.Y)-ey*int64(q.X-o.X) < 0 {
			return false
		}
		if r.horizontal {
			above, below = above || o.Y >= r.c, below || o.Y <= r.c
		} else {
			above, below = above || o.X >= r.c, below || o.X <= r.c
		}
	}
	return above && below
}

// inHull reports whether p lies in the closed convex polygon (counter-clockwise).
func inHull(h []table.Point, p table.Point) bool {
	for i := range h {
		o, q := h[i], h[(i+1)%len(h)]
		if int64(q.X-o.X)*int64(p.Y-o.Y)-int64(q.Y-o.Y)*int64(p.X-o.X) < 0 {
			return false
		}
	}
	return true
}
