package geometry

import (
	"math"
	"sort"

	"github.com/golang/geo/r1"
	"github.com/golang/geo/r2"
)

// interiorChords appends to dst the stretches [ρin, ρout] of the ray o + ρu (u a unit vector,
// 0 ≤ ρ ≤ maxRho) that lie in the open interior of s, each longer than Eps, in increasing order.
// A ray that only touches a vertex or runs along an edge yields no chord there.
//
// Method (exact up to float rounding, no sampling): every point where the ray meets the boundary
// is computed in closed form (edge crossings, edge endpoints lying on the ray, circle
// intersections); between two consecutive such points the ray is either wholly inside or wholly
// outside, which one test of the stretch's midpoint decides.
func (s Shape) interiorChords(o, u r2.Point, maxRho float64, dst []r1.Interval) []r1.Interval {
	if s.r > 0 && len(s.core) == 1 {
		// The interior by more than Eps: the circle shrunk by Eps (a ray passing within Eps of
		// the outline grazes it, however long the chord that leaves).
		lo, hi, ok := LineCircle(o, u, s.core[0], s.r-Eps)
		if !ok {
			return dst
		}
		lo, hi = fmax(lo, 0), fmin(hi, maxRho)
		if hi-lo > Eps {
			dst = append(dst, r1.Interval{Lo: lo, Hi: hi})
		}
		return dst
	}
	if s.r == 0 && s.convex {
		return s.convexChord(o, u, maxRho, dst)
	}
	var cuts [24]float64
	ts := append(cuts[:0], 0, maxRho)
	ts = s.boundaryHits(o, u, ts)
	sort.Float64s(ts)
	start := len(dst)
	for i := 0; i+1 < len(ts); i++ {
		a, b := fmax(ts[i], 0), fmin(ts[i+1], maxRho)
		if b-a <= Eps {
			continue
		}
		if !s.strictlyInside(o.Add(u.Mul((a + b) / 2))) {
			continue
		}
		if n := len(dst); n > start && a-dst[n-1].Hi <= Eps {
			dst[n-1].Hi = b
			continue
		}
		dst = append(dst, r1.Interval{Lo: a, Hi: b})
	}
	return dst
}

// convexChord is interiorChords for a convex polygon (Cyrus–Beck): the ray is inside by more
// than Eps while it is left of every counter-clockwise edge by more than Eps.
func (s Shape) convexChord(o, u r2.Point, maxRho float64, dst []r1.Interval) []r1.Interval {
	lo, hi := 0.0, maxRho
	n := len(s.core)
	for i := 0; i < n; i++ {
		p := s.core[i]
		e := s.core[(i+1)%n].Sub(p)
		// Signed (scaled) distance left of the edge: f(ρ) = f0 + ρ·fu, inside when f > Eps·|e|.
		// |e| is taken as |e.x| + |e.y| (no square root on this hot path): the margin is then
		// between Eps and √2·Eps, still far below any table length.
		f0 := e.Cross(o.Sub(p)) - Eps*(math.Abs(e.X)+math.Abs(e.Y))
		fu := e.Cross(u)
		switch {
		case fu == 0:
			if f0 <= 0 {
				return dst
			}
		case fu > 0:
			lo = fmax(lo, -f0/fu)
		default:
			hi = fmin(hi, -f0/fu)
		}
		if hi-lo <= Eps {
			return dst
		}
	}
	return append(dst, r1.Interval{Lo: lo, Hi: hi})
}

// boundaryHits appends the ray parameters ρ (any sign) at which the line o + ρu meets the
// boundary of s: for a grown core, the boundary of every edge band and vertex disc it is the union
// of, which is a superset of the true boundary hits and so a valid set of cuts.
func (s Shape) boundaryHits(o, u r2.Point, ts []float64) []float64 {
	n := len(s.core)
	if s.r == 0 {
		for i := 0; i < n; i++ {
			ts = lineSegmentHits(o, u, s.core[i], s.core[(i+1)%n], ts)
		}
		return ts
	}
	for i := 0; i < n; i++ {
		if lo, hi, ok := LineCircle(o, u, s.core[i], s.r); ok {
			ts = append(ts, lo, hi)
		}
	}
	edges := n
	if n == 2 {
		edges = 1
	}
	for i := 0; i < edges && n >= 2; i++ {
		p, q := s.core[i], s.core[(i+1)%n]
		nrm := q.Sub(p).Ortho().Normalize().Mul(s.r)
		for _, side := range []r2.Point{nrm, nrm.Mul(-1)} {
			ts = lineSegmentHits(o, u, p.Add(side), q.Add(side), ts)
		}
	}
	if n >= 3 {
		for i := 0; i < n; i++ {
			ts = lineSegmentHits(o, u, s.core[i], s.core[(i+1)%n], ts)
		}
	}
	return ts
}

// lineSegmentHits appends the parameters ρ at which the line o + ρu meets the closed segment pq:
// one crossing, or both endpoints when the segment lies on the line.
func lineSegmentHits(o, u, p, q r2.Point, ts []float64) []float64 {
	sp := u.Cross(p.Sub(o))
	sq := u.Cross(q.Sub(o))
	switch {
	case sp == 0 && sq == 0:
		return append(ts, u.Dot(p.Sub(o)), u.Dot(q.Sub(o)))
	case sp == 0:
		return append(ts, u.Dot(p.Sub(o)))
	case sq == 0:
		return append(ts, u.Dot(q.Sub(o)))
	case (sp < 0) != (sq < 0):
		x := p.Add(q.Sub(p).Mul(sp / (sp - sq)))
		return append(ts, u.Dot(x.Sub(o)))
	}
	return ts
}

// LineCircle returns the parameters lo ≤ hi at which the line o + ρu (u a unit vector) meets the
// circle (c, r), and false when it misses or only touches it.
func LineCircle(o, u, c r2.Point, r float64) (lo, hi float64, ok bool) {
	w := c.Sub(o)
	b := u.Dot(w)
	h := u.Cross(w) // signed distance of c from the line
	disc := r*r - h*h
	if disc <= 0 {
		return 0, 0, false
	}
	sq := math.Sqrt(disc)
	return b - sq, b + sq, true
}

// strictlyInside reports whether p lies in the open interior of s, farther than Eps from its
// outline.
func (s Shape) strictlyInside(p r2.Point) bool {
	if s.r > 0 {
		return coreDist(s.core, p) < s.r-Eps
	}
	// coreSignedDist(core, p) < −Eps, without a square root per edge: inside, and farther than
	// Eps from every edge.
	if len(s.core) < 3 || !ringContains(s.core, p) {
		return false
	}
	a := s.core[len(s.core)-1]
	for _, b := range s.core {
		if segDist2(p, a, b) <= Eps*Eps {
			return false
		}
		a = b
	}
	return true
}

// segDist2 is the squared distance from p to the closed segment ab.
func segDist2(p, a, b r2.Point) float64 {
	abx, aby := b.X-a.X, b.Y-a.Y
	apx, apy := p.X-a.X, p.Y-a.Y
	l2 := abx*abx + aby*aby
	dot := apx*abx + apy*aby
	if dot <= 0 || l2 == 0 {
		return apx*apx + apy*apy
	}
	if dot >= l2 {
		bx, by := p.X-b.X, p.Y-b.Y
		return bx*bx + by*by
	}
	c := apx*aby - apy*abx
	return c * c / l2
}
