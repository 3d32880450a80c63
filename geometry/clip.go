package geometry

import (
	"cmp"
	"math"
	"slices"

	"github.com/golang/geo/r1"
	"github.com/golang/geo/r2"
)

// ClipSegment returns where the segment ab lies in the closed shape s: the parameters t ∈ [0,1]
// with a + t(b−a) in s, as sorted, disjoint, merged intervals (nil when the segment misses s). A
// touch at a single point is a zero-length interval [t, t]. It is exact in closed form, without
// tolerance (the Eps of ContainsPoint is not added):
//
//   - a convex polygon core clips by Cyrus–Beck (at most one interval);
//   - a concave polygon core is cut at every meeting of the line ab with its outline (proper
//     crossings, vertices on the line, and edges along the line, which are kept as intervals) and
//     each piece between cuts is kept when its midpoint is inside; so a segment through a vertex,
//     along an edge, across a notch or wholly inside comes out right;
//   - a circle solves the quadratic;
//   - a core grown by R > 0 (convex) is the union of the core, each edge's capsule and each
//     vertex's disc, which is one interval.
//
// A segment of zero length gives [0, 1] when its point is in s (distance to the core ≤ R).
func (s Shape) ClipSegment(a, b r2.Point) []r1.Interval {
	if len(s.core) == 0 || !segmentNearRect(a, b, s.bounds) {
		return nil
	}
	return clipCore(nil, s.core, s.convex, s.r, a, b)
}

// segmentNearRect reports whether the bounding box of ab meets the closed box r.
func segmentNearRect(a, b r2.Point, r r2.Rect) bool {
	return max(a.X, b.X) >= r.X.Lo && min(a.X, b.X) <= r.X.Hi &&
		max(a.Y, b.Y) >= r.Y.Lo && min(a.Y, b.Y) <= r.Y.Hi
}

// clipCore appends to dst the sorted merged intervals of t ∈ [0,1] where a + t(b−a) lies in the
// core grown by R (R ≥ 0; a concave polygon core may be grown here too: the result is then the
// union of the polygon and its edge capsules, which is the exact grown region).
func clipCore(dst []r1.Interval, core []r2.Point, convex bool, R float64, a, b r2.Point) []r1.Interval {
	if !finite(a) || !finite(b) || len(core) == 0 || !(R >= 0) {
		return dst
	}
	d := b.Sub(a)
	if d.X == 0 && d.Y == 0 {
		if coreDist(core, a) <= R {
			dst = append(dst, r1.Interval{Lo: 0, Hi: 1})
		}
		return dst
	}
	start := len(dst)
	switch {
	case R == 0 && len(core) == 1:
		c := core[0]
		if orient(a, b, c) == 0 && onSegment(a, b, c) {
			t := c.Sub(a).Dot(d) / d.Dot(d)
			dst = append(dst, r1.Interval{Lo: t, Hi: t})
		}
	case R == 0 && len(core) == 2:
		if lo, hi, ok := clipOnSegment(a, b, core[0], core[1]); ok {
			dst = append(dst, r1.Interval{Lo: lo, Hi: hi})
		}
	case R == 0 && convex:
		if lo, hi, ok := clipConvexRing(a, d, core, 0, 1); ok {
			dst = append(dst, r1.Interval{Lo: lo, Hi: hi})
		}
	case R == 0:
		dst = clipRing(dst, core, a, b)
	case convex:
		// One interval: the least entry and the greatest exit over the pieces.
		lo, hi := math.Inf(1), math.Inf(-1)
		take := func(l, h float64, ok bool) {
			if ok {
				lo, hi = min(lo, l), max(hi, h)
			}
		}
		if len(core) >= 3 {
			take(clipConvexRing(a, d, core, 0, 1))
		}
		for i := range core {
			take(clipDisc(a, d, core[i], R))
			if j := i + 1; j < len(core) || len(core) >= 3 {
				take(clipSlab(a, d, core[i], core[j%len(core)], R))
			}
		}
		if lo <= hi {
			dst = append(dst, r1.Interval{Lo: lo, Hi: hi})
		}
	default:
		// A concave polygon grown by R (used by the movement sweep): polygon ∪ edge capsules.
		dst = clipRing(dst, core, a, b)
		for i := range core {
			if l, h, ok := clipDisc(a, d, core[i], R); ok {
				dst = append(dst, r1.Interval{Lo: l, Hi: h})
			}
			if l, h, ok := clipSlab(a, d, core[i], core[(i+1)%len(core)], R); ok {
				dst = append(dst, r1.Interval{Lo: l, Hi: h})
			}
		}
	}
	return append(dst[:start], mergeIntervals(dst[start:])...)
}

func finite(p r2.Point) bool {
	return !math.IsNaN(p.X) && !math.IsNaN(p.Y) && !math.IsInf(p.X, 0) && !math.IsInf(p.Y, 0)
}

// mergeIntervals clamps the intervals to [0,1], drops empty (and NaN) ones, sorts them and merges
// those that overlap or touch, in place.
func mergeIntervals(iv []r1.Interval) []r1.Interval {
	k := 0
	for _, x := range iv {
		lo, hi := max(x.Lo, 0), min(x.Hi, 1)
		if lo <= hi {
			iv[k] = r1.Interval{Lo: lo, Hi: hi}
			k++
		}
	}
	iv = iv[:k]
	if k < 2 {
		return iv
	}
	slices.SortFunc(iv, func(p, q r1.Interval) int { return cmp.Compare(p.Lo, q.Lo) })
	out := iv[:1]
	for _, x := range iv[1:] {
		last := &out[len(out)-1]
		if x.Lo <= last.Hi {
			last.Hi = max(last.Hi, x.Hi)
		} else {
			out = append(out, x)
		}
	}
	return out
}

// narrow intersects [lo, hi] with the parameters where f0 + t·f1 ≤ 0.
func narrow(lo, hi, f0, f1 float64) (float64, float64) {
	if f1 == 0 {
		if f0 > 0 {
			return 1, 0
		}
		return lo, hi
	}
	t := -f0 / f1
	if f1 > 0 {
		return lo, min(hi, t)
	}
	return max(lo, t), hi
}

// clipConvexRing is Cyrus–Beck: the parameters in [lo, hi] where a + t·d lies in the closed
// convex counter-clockwise polygon ring.
func clipConvexRing(a, d r2.Point, ring []r2.Point, lo, hi float64) (float64, float64, bool) {
	u := ring[len(ring)-1]
	for _, v := range ring {
		ex, ey := v.X-u.X, v.Y-u.Y // outward normal of a CCW edge: (ey, −ex)
		f0 := ey*(a.X-u.X) - ex*(a.Y-u.Y)
		f1 := ey*d.X - ex*d.Y
		if lo, hi = narrow(lo, hi, f0, f1); lo > hi {
			return lo, hi, false
		}
		u = v
	}
	return lo, hi, true
}

// clipDisc is the parameters in [0,1] where a + t·d lies in the closed disc (c, R); d ≠ 0.
func clipDisc(a, d, c r2.Point, R float64) (float64, float64, bool) {
	wx, wy := a.X-c.X, a.Y-c.Y
	dd := d.X*d.X + d.Y*d.Y
	t0 := -(wx*d.X + wy*d.Y) / dd
	h := math.Abs(wx*d.Y-wy*d.X) / math.Sqrt(dd) // distance from c to the line
	if !(h <= R) {
		return 1, 0, false
	}
	half := math.Sqrt((R-h)*(R+h)) / math.Sqrt(dd)
	lo, hi := max(t0-half, 0), min(t0+half, 1)
	return lo, hi, lo <= hi
}

// clipSlab is the parameters in [0,1] where a + t·d lies in the closed rectangle swept by the
// segment pq moved up to R to either side (the straight part of pq's capsule).
func clipSlab(a, d, p, q r2.Point, R float64) (float64, float64, bool) {
	e := q.Sub(p)
	ee := e.Dot(e)
	if ee == 0 {
		return 1, 0, false
	}
	w := a.Sub(p)
	along0, along1 := w.Dot(e), d.Dot(e)
	across0, across1 := e.Cross(w), e.Cross(d)
	m := R * math.Sqrt(ee)
	lo, hi := narrow(0, 1, -along0, -along1) // along ≥ 0
	lo, hi = narrow(lo, hi, along0-ee, along1)
	lo, hi = narrow(lo, hi, across0-m, across1)
	lo, hi = narrow(lo, hi, -across0-m, -across1)
	return lo, hi, lo <= hi
}

// clipOnSegment is where the segment ab meets the segment pq: an interval of t when they are
// collinear and overlap, a single t when they meet at one point.
func clipOnSegment(a, b, p, q r2.Point) (float64, float64, bool) {
	if !segmentsMeet(a, b, p, q) {
		return 1, 0, false
	}
	d := b.Sub(a)
	dd := d.Dot(d)
	if orient(a, b, p) == 0 && orient(a, b, q) == 0 {
		tp, tq := p.Sub(a).Dot(d)/dd, q.Sub(a).Dot(d)/dd
		lo, hi := max(min(tp, tq), 0), min(max(tp, tq), 1)
		return lo, hi, lo <= hi
	}
	e := q.Sub(p)
	den := d.Cross(e)
	if den == 0 {
		return 1, 0, false
	}
	t := max(0, min(1, p.Sub(a).Cross(e)/den))
	return t, t, true
}

// clipRing appends the pieces of the segment ab inside the closed simple polygon ring (convex or
// not), unmerged. The line ab cuts the outline at proper crossings, at vertices on the line and
// along edges on the line; every cut point in [0,1] is a boundary point (kept as [t, t]), every
// edge along the line is kept, and every piece between consecutive cuts is wholly inside or
// wholly outside, decided at its midpoint.
func clipRing(dst []r1.Interval, ring []r2.Point, a, b r2.Point) []r1.Interval {
	d := b.Sub(a)
	dd := d.Dot(d)
	var buf [64]float64
	cuts := append(buf[:0], 0, 1)
	keep := func(t float64) {
		if t >= 0 && t <= 1 {
			cuts = append(cuts, t)
			dst = append(dst, r1.Interval{Lo: t, Hi: t})
		}
	}
	n := len(ring)
	for i := 0; i < n; i++ {
		u, v := ring[i], ring[(i+1)%n]
		fu, fv := d.Cross(u.Sub(a)), d.Cross(v.Sub(a))
		switch {
		case fu == 0 && fv == 0: // edge along the line
			tu, tv := u.Sub(a).Dot(d)/dd, v.Sub(a).Dot(d)/dd
			lo, hi := min(tu, tv), max(tu, tv)
			if hi >= 0 && lo <= 1 {
				lo, hi = max(lo, 0), min(hi, 1)
				cuts = append(cuts, lo, hi)
				dst = append(dst, r1.Interval{Lo: lo, Hi: hi})
			}
		case fu == 0: // vertex on the line
			keep(u.Sub(a).Dot(d) / dd)
		case (fu < 0) != (fv < 0) && fv != 0: // proper crossing, found on the edge itself
			x := u.Add(v.Sub(u).Mul(fu / (fu - fv)))
			keep(x.Sub(a).Dot(d) / dd)
		}
	}
	slices.Sort(cuts)
	for k := 0; k+1 < len(cuts); k++ {
		t0, t1 := cuts[k], cuts[k+1]
		if t1 > t0 && ringContains(ring, a.Add(d.Mul((t0+t1)/2))) {
			dst = append(dst, r1.Interval{Lo: t0, Hi: t1})
		}
	}
	return dst
}

// SegmentMeets reports whether the closed segment ab comes within Eps of the closed shape s: it
// touches, grazes or crosses the outline, or lies inside. (Up to Eps it is ClipSegment(a, b) !=
// empty; the tolerance makes a segment through a corner meet it whatever the rounding of the
// coordinates, in inches as in their exact conversion to millimetres.) Edges whose box is farther
// than Eps from the segment's are passed over; for the others orientation tests decide, and the
// distances of the ends; one distance for a round core.
func SegmentMeets(a, b r2.Point, s Shape) bool {
	n := len(s.core)
	switch {
	case n == 0:
		return false
	case s.r > 0:
		if n == 1 {
			return distToSeg(s.core[0], a, b) <= s.r+Eps
		}
		return coreCoreDist([]r2.Point{a, b}, s.core) <= s.r+Eps
	case n >= 3:
		if ringContains(s.core, a) {
			return true
		}
		// The segment's box grown by Eps: most edges lie wholly to one side of it.
		x0, x1, y0, y1 := min(a.X, b.X)-Eps, max(a.X, b.X)+Eps, min(a.Y, b.Y)-Eps, max(a.Y, b.Y)+Eps
		for i := 0; i < n; i++ {
			c, d := s.core[i], s.core[(i+1)%n]
			if c.X < x0 && d.X < x0 || c.X > x1 && d.X > x1 || c.Y < y0 && d.Y < y0 || c.Y > y1 && d.Y > y1 {
				continue
			}
			if segmentsMeet(a, b, c, d) || nearSegment(a, c, d, Eps) || nearSegment(b, c, d, Eps) ||
				nearSegment(c, a, b, Eps) || nearSegment(d, a, b, Eps) {
				return true
			}
		}
		return false
	}
	return coreCoreDist([]r2.Point{a, b}, s.core) <= Eps
}

// nearSegment reports whether p lies within e of the segment uv, without a square root: the
// distance to the line first (which settles nearly every call), then to the nearer end. Two
// segments that do not meet are within e of each other when an end of one is within e of the
// other.
func nearSegment(p, u, v r2.Point, e float64) bool {
	d, w := v.Sub(u), p.Sub(u)
	dd, cr := d.Dot(d), d.Cross(w)
	if cr*cr > e*e*dd {
		return false
	}
	switch t := w.Dot(d); {
	case t < 0:
		return w.Dot(w) <= e*e
	case t > dd:
		pv := p.Sub(v)
		return pv.Dot(pv) <= e*e
	}
	return true
}
