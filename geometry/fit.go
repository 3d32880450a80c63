package geometry

import (
	"math"

	"github.com/golang/geo/r2"
)

// NearestFit returns the centre c nearest to q at which a disc of radius r > 0 lies wholly in the
// closed region s (Inside(Circle(c, r), s)), and ok false when no such centre exists (the disc
// does not fit in s). Of centres equally near q (distances within tol), the one with the smaller
// x is taken, then (x within tol) the smaller y.
//
// The centres that fit form the closed set F = {c : the disc about c lies in s}; when q is in F
// the answer is q. Otherwise the nearest point of F lies on F's boundary, and that boundary is made
// of pieces of closed-form curves, so the nearest point is found among finitely many candidates,
// each tested with Inside (exact, no sampling):
//
//   - s a circle (point core, radius R): F is the disc of radius R − r about the centre (empty when
//     R < r); the candidate is the centre moved R − r towards q.
//   - s a core grown by R ≥ r (a stadium, or a convex polygon grown by its corner radius): F is the
//     core grown by R − r; the candidate is the core's point nearest q moved R − r towards q.
//   - a polygon core with R < r (every terrain polygon, R = 0; convex or not): F is the set of
//     points of the polygon at least d = r − R from its outline, bounded by the edges' lines moved
//     d inwards and by arcs of radius d about the vertices. Candidates: q's foot on each moved edge
//     line, the two points of each vertex circle on the line through q and the vertex (where the
//     circle's normal passes through q), and the corners of F — the crossings of two moved lines,
//     of a moved line and a vertex circle, of two vertex circles. A corner can only be the answer
//     when both its curves come nearer q than the best smooth candidate; other pairs are skipped.
//
// Cost: O(n²) tests of O(n) for an n-gon in the worst case; a few microseconds for a building.
func NearestFit(s Shape, r float64, q r2.Point, tol float64) (r2.Point, bool) {
	if len(s.core) == 0 || !(r > 0) {
		return r2.Point{}, false
	}
	fits := func(c r2.Point) bool { return Inside(Circle(c, r), s) }
	if fits(q) {
		return q, true
	}
	best := fitPick{q: q, tol: tol}
	if s.r >= r || len(s.core) < 3 {
		if s.r < r {
			return r2.Point{}, false // a circle or stadium narrower than the disc
		}
		// F is the core grown by R − r: from the core's point nearest q, R − r towards q.
		p := nearestOnCore(s.core, q)
		d := q.Sub(p)
		if n := norm(d); n > 0 {
			p = p.Add(d.Mul((s.r - r) / n))
		}
		if fits(p) {
			best.offer(p)
		}
		return best.c, best.ok
	}

	d := r - s.r
	n := len(s.core)
	lines := make([]fitLine, n) // edge i's line moved d inwards (the core is counter-clockwise)
	for i := range s.core {
		a, b := s.core[i], s.core[(i+1)%n]
		e := b.Sub(a)
		in := r2.Point{X: -e.Y, Y: e.X}.Mul(1 / norm(e))
		lines[i] = fitLine{o: a.Add(in.Mul(d)), u: e.Mul(1 / norm(e)), n: in}
	}
	try := func(c r2.Point) {
		if fits(c) {
			best.offer(c)
		}
	}
	// Smooth candidates: the foot of q on each moved line, the radial points of each vertex circle.
	for _, l := range lines {
		try(l.o.Add(l.u.Mul(q.Sub(l.o).Dot(l.u))))
	}
	for _, v := range s.core {
		w := q.Sub(v)
		if nw := norm(w); nw > 0 {
			try(v.Add(w.Mul(d / nw)))
			try(v.Sub(w.Mul(d / nw)))
		} else {
			try(v.Add(r2.Point{X: -d}))
		}
	}
	// Corners, from pairs of curves that both come nearer q than the best so far.
	lineNear := make([]float64, n)
	circNear := make([]float64, n)
	for i := range lines {
		lineNear[i] = math.Abs(q.Sub(lines[i].o).Dot(lines[i].n))
		circNear[i] = math.Abs(dist(q, s.core[i]) - d)
	}
	near := func(x float64) bool { return !best.ok || x <= best.d+tol }
	for i := range lines {
		for j := i + 1; j < n; j++ {
			if near(lineNear[i]) && near(lineNear[j]) {
				if c, ok := lineLine(lines[i], lines[j]); ok {
					try(c)
				}
			}
			if near(circNear[i]) && near(circNear[j]) {
				if a, b, ok := CircleCrossings(s.core[i], d, s.core[j], d); ok {
					try(a)
					try(b)
				}
			}
		}
		for j := 0; j < n; j++ {
			if near(lineNear[i]) && near(circNear[j]) {
				if lo, hi, ok := LineCircle(lines[i].o, lines[i].u, s.core[j], d); ok {
					try(lines[i].o.Add(lines[i].u.Mul(lo)))
					try(lines[i].o.Add(lines[i].u.Mul(hi)))
				}
			}
		}
	}
	return best.c, best.ok
}

// fitLine is a line through o with unit direction u and unit normal n (into the polygon).
type fitLine struct{ o, u, n r2.Point }

// lineLine is the crossing of two lines, false when they are parallel.
func lineLine(a, b fitLine) (r2.Point, bool) {
	den := a.u.Cross(b.u)
	if math.Abs(den) < 1e-12 {
		return r2.Point{}, false
	}
	t := b.o.Sub(a.o).Cross(b.u) / den
	return a.o.Add(a.u.Mul(t)), true
}

// fitPick keeps the best candidate: nearest to q, ties (within tol) to the smaller x, then y.
type fitPick struct {
	q   r2.Point
	tol float64
	c   r2.Point
	d   float64
	ok  bool
}

func (b *fitPick) offer(c r2.Point) {
	d := dist(c, b.q)
	better := !b.ok || d < b.d-b.tol ||
		(math.Abs(d-b.d) <= b.tol && (c.X < b.c.X-b.tol || (math.Abs(c.X-b.c.X) <= b.tol && c.Y < b.c.Y-b.tol)))
	if better {
		b.c, b.d, b.ok = c, d, true
	}
}

// nearestOnCore is the point of the core (point, segment, or polygon region) nearest p.
func nearestOnCore(core []r2.Point, p r2.Point) r2.Point {
	switch len(core) {
	case 1:
		return core[0]
	case 2:
		return footOnSeg(p, core[0], core[1])
	}
	if ringContains(core, p) {
		return p
	}
	best, bd := core[0], math.Inf(1)
	for i := range core {
		f := footOnSeg(p, core[i], core[(i+1)%len(core)])
		if d := dist(f, p); d < bd {
			best, bd = f, d
		}
	}
	return best
}

// footOnSeg is the point of the closed segment ab nearest p.
func footOnSeg(p, a, b r2.Point) r2.Point {
	e := b.Sub(a)
	l2 := e.Dot(e)
	if l2 == 0 {
		return a
	}
	t := math.Max(0, math.Min(1, p.Sub(a).Dot(e)/l2))
	return a.Add(e.Mul(t))
}
