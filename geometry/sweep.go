package geometry

import (
	"math"

	"github.com/golang/geo/r1"
	"github.com/golang/geo/r2"
)

// SweepCircle moves a disc of radius r with its centre along the polyline path and returns the
// first distance t along the path (0 ≤ t ≤ PolylineLength(path)) at which the disc's interior
// starts to overlap the interior of s, with hit true; at that t the disc touches s. When nothing
// is hit it returns (PolylineLength(path), false).
//
// Exactly: the centre runs against G = s grown by r, the union of convex pieces (the polygon core,
// each core edge's rectangle of half width R = s.R + r, each core vertex's disc of radius R; for a
// concave polygon s this is still exactly s grown by r), clipped segment by segment in closed form.
//   - Hit or not: the move hits when the centre gets more than Eps deep into G along a stretch of
//     positive length (it enters G shrunk by Eps), which is Overlap's test. A disc that only
//     grazes s (touches it and leaves, or slides along it within Eps) is not a hit.
//   - Where: t is where the centre entered the interior of G on its way to that deep stretch: the
//     start of the run of interior chords (pieces of the path inside a piece of G whose midpoint
//     is more than Eps/64 inside that piece) that leads to it, followed back across path vertices.
//     The start of a chord is the exact crossing of a piece's outline; chords that only slide
//     along a piece's outline are not interior, so after sliding along a wall the hit is where the
//     disc turns into it.
//
// A disc that already overlaps s at the start (or touches it there and moves in) is a hit at t = 0.
func SweepCircle(path []r2.Point, r float64, s Shape) (t float64, hit bool) {
	if len(path) == 0 || len(s.core) == 0 || !(r >= 0) {
		return 0, false
	}
	R := s.r + r
	Rin := R - Eps
	reach := s.bounds.ExpandedByMargin(r)
	var ibuf, dbuf [16]r1.Interval
	total := 0.0
	comp := -1.0 // where the interior run that reaches the current vertex began, or -1
	moved := false
	for k := 0; k+1 < len(path); k++ {
		a, b := path[k], path[k+1]
		L := dist(a, b)
		if L == 0 {
			continue
		}
		moved = true
		if !segmentNearRect(a, b, reach) {
			total += L
			comp = -1
			continue
		}
		in := sweepChords(ibuf[:0], s.core, s.convex, R, a, b)
		var deep []r1.Interval
		if Rin > 0 {
			deep = clipCore(dbuf[:0], s.core, s.convex, Rin, a, b)
		} else {
			deep = in
		}
		for _, x := range deep {
			if !(x.Hi > x.Lo) {
				continue
			}
			lo := x.Lo
			for _, y := range in {
				if y.Lo <= x.Hi && x.Lo <= y.Hi {
					lo = math.Min(lo, y.Lo)
					break
				}
			}
			if lo*L <= Eps && comp >= 0 {
				return comp, true
			}
			return total + lo*L, true
		}
		if n := len(in); n > 0 && in[n-1].Hi*L >= L-Eps {
			if !(in[n-1].Lo*L <= Eps && comp >= 0) {
				comp = total + in[n-1].Lo*L
			}
		} else {
			comp = -1
		}
		total += L
	}
	if !moved && coreDist(s.core, path[0]) < Rin {
		return 0, true
	}
	return total, false
}

// sweepTau is how deep inside its piece a chord's midpoint must be for the chord to count as
// interior rather than as sliding along the piece's outline.
const sweepTau = Eps / 64

// sweepChords appends the merged interior chords of the segment ab in the core grown by R: the
// chords of the convex pieces (polygon core, edge rectangles, vertex discs) whose midpoint lies
// more than sweepTau inside the piece.
func sweepChords(dst []r1.Interval, core []r2.Point, convex bool, R float64, a, b r2.Point) []r1.Interval {
	d := b.Sub(a)
	start := len(dst)
	at := func(lo, hi float64) r2.Point { return a.Add(d.Mul((lo + hi) / 2)) }
	if len(core) >= 3 {
		if convex {
			if lo, hi, ok := clipConvexRing(a, d, core, 0, 1); ok && hi > lo && -coreSignedDist(core, at(lo, hi)) > sweepTau {
				dst = append(dst, r1.Interval{Lo: lo, Hi: hi})
			}
		} else {
			n := len(dst)
			dst = clipRing(dst, core, a, b)
			k := n
			for _, x := range dst[n:] {
				if x.Hi > x.Lo && -coreSignedDist(core, at(x.Lo, x.Hi)) > sweepTau {
					dst[k] = x
					k++
				}
			}
			dst = dst[:k]
		}
	}
	if R > 0 {
		for i, p := range core {
			if lo, hi, ok := clipDisc(a, d, p, R); ok && hi > lo && R-dist(at(lo, hi), p) > sweepTau {
				dst = append(dst, r1.Interval{Lo: lo, Hi: hi})
			}
			if len(core) == 1 || (len(core) == 2 && i == 1) {
				continue
			}
			q := core[(i+1)%len(core)]
			if lo, hi, ok := clipSlab(a, d, p, q, R); ok && hi > lo && slabDepth(at(lo, hi), p, q, R) > sweepTau {
				dst = append(dst, r1.Interval{Lo: lo, Hi: hi})
			}
		}
	}
	return append(dst[:start], mergeIntervals(dst[start:])...)
}

// slabDepth is how far m lies inside the rectangle swept by pq moved up to R to either side.
func slabDepth(m, p, q r2.Point, R float64) float64 {
	e := q.Sub(p)
	l := math.Sqrt(e.Dot(e))
	w := m.Sub(p)
	u := w.Dot(e) / l
	v := math.Abs(e.Cross(w)) / l
	return math.Min(R-v, math.Min(u, l-u))
}

// SweepInRect moves a disc of radius r with its centre along the polyline path inside the
// rectangle rect (the table) and returns the first distance t along the path at which the disc
// would leave it, with left true: t is the last point before that at which the disc's outline
// still lies in rect (it touches the edge there). The disc leaves when its centre gets more than
// Eps outside rect shrunk by r; running along an edge is not leaving. A disc that does not fit in
// rect, or starts outside it, leaves at t = 0. When it never leaves, it returns
// (PolylineLength(path), false).
func SweepInRect(path []r2.Point, r float64, rect r2.Rect) (t float64, left bool) {
	if len(path) == 0 {
		return 0, false
	}
	in := r2.Rect{X: r1.Interval{Lo: rect.X.Lo + r, Hi: rect.X.Hi - r},
		Y: r1.Interval{Lo: rect.Y.Lo + r, Hi: rect.Y.Hi - r}}
	out := in.ExpandedByMargin(Eps)
	if in.X.Lo > in.X.Hi || in.Y.Lo > in.Y.Hi || !out.ContainsPoint(path[0]) {
		return 0, true
	}
	total, lastIn := 0.0, 0.0
	for k := 0; k+1 < len(path); k++ {
		a, b := path[k], path[k+1]
		L := dist(a, b)
		if L == 0 {
			continue
		}
		_, hi, ok := clipRect(a, b.Sub(a), in)
		if !out.ContainsPoint(b) {
			if ok {
				return total + hi*L, true
			}
			return lastIn, true
		}
		if ok {
			lastIn = total + hi*L
		}
		total += L
	}
	return total, false
}

// clipRect is the parameters in [0,1] where a + t·d lies in the closed rectangle r.
func clipRect(a, d r2.Point, r r2.Rect) (float64, float64, bool) {
	lo, hi := narrow(0, 1, r.X.Lo-a.X, -d.X)
	lo, hi = narrow(lo, hi, a.X-r.X.Hi, d.X)
	lo, hi = narrow(lo, hi, r.Y.Lo-a.Y, -d.Y)
	lo, hi = narrow(lo, hi, a.Y-r.Y.Hi, d.Y)
	return lo, hi, lo <= hi
}

// OverlapAlong returns where along the polyline path a disc of radius r centred on the path
// overlaps s: the arc-length parameters t (0 ≤ t ≤ PolylineLength(path)) at which
// Overlap(Circle(PolylinePoint(path, t), r), s) holds, as sorted, disjoint, merged intervals
// (nil when the disc never overlaps s), appended to dst.
//
// Boundary: Overlap asks for a penetration of more than Eps; each interval returned here is the
// closed set where the centre lies within s.R + r − Eps/2 of the core, so its ends are half an Eps
// deeper than Overlap's edge. A point strictly inside an interval overlaps s; at an interval's end
// the disc touches s (penetration Eps/2) and does not overlap it by Overlap's test, with a margin
// of Eps/2 against rounding. Exact in closed form (the core grown by that radius, clipped segment
// by segment as ClipSegment does; a concave polygon core is grown exactly too).
func OverlapAlong(dst []r1.Interval, path []r2.Point, r float64, s Shape) []r1.Interval {
	R := s.r + r - Eps/2
	if len(s.core) == 0 || !(r > 0) || !(R > 0) {
		return dst
	}
	if len(path) == 1 {
		if coreDist(s.core, path[0]) <= R {
			dst = append(dst, r1.Interval{})
		}
		return dst
	}
	reach := s.bounds.ExpandedByMargin(r)
	var buf [16]r1.Interval
	start := len(dst)
	total := 0.0
	for k := 0; k+1 < len(path); k++ {
		a, b := path[k], path[k+1]
		L := dist(a, b)
		if L == 0 || !segmentNearRect(a, b, reach) {
			total += L
			continue
		}
		for _, x := range clipCore(buf[:0], s.core, s.convex, R, a, b) {
			dst = append(dst, r1.Interval{Lo: total + x.Lo*L, Hi: total + x.Hi*L})
		}
		total += L
	}
	// Merge across path vertices (the pieces of consecutive segments meet there).
	out := dst[start:]
	k := 0
	for _, x := range out {
		if k > 0 && x.Lo <= out[k-1].Hi {
			out[k-1].Hi = max(out[k-1].Hi, x.Hi)
			continue
		}
		out[k] = x
		k++
	}
	return dst[:start+k]
}
