package geometry

import (
	"cmp"
	"math"
	"slices"

	"github.com/golang/geo/r2"
)

// UnionArea is the exact area of the union of the shapes, clipped to the rectangle clip (for
// example the part of the table its terrain covers: overlaps count once, whatever sticks out over
// the edge not at all). Shapes of any kind are taken: circles, stadiums, polygons convex or not,
// rounded convex polygons.
//
// Method: a vertical sweep. Each shape is split into primitives whose union it is exactly (a
// polygon; a circle; a core grown by R is its core, a rectangle along each core edge and a disc
// at each core vertex). The sweep's x-events are every polygon vertex, every circle's leftmost and
// rightmost point, every crossing of two primitive outlines, every crossing of an outline with the
// clip rectangle's top or bottom edge, and the clip's left and right edges. Between two
// consecutive events no outline piece starts, ends or crosses another, so the vertical order of
// the pieces over the slab is fixed, and the union's cross-section there is a fixed set of
// intervals, each from one outline piece (a line segment, a circle's upper or lower arc, or a clip
// edge) up to another. Its length is integrated over the slab in closed form: the trapezoid rule
// for a line (exact), and ∫√(r²−u²)du = ½(u√(r²−u²) + r²·asin(u/r)) for an arc. Which pieces bound
// the union is read off at the slab's middle.
//
// Cost: O(E² + S·E) for E outline pieces and S slabs (a 17-piece table takes microseconds). Shapes
// that miss the clip rectangle cost nothing beyond a bounding-box test. An empty or inverted clip
// rectangle gives 0.
func UnionArea(shapes []Shape, clip r2.Rect) float64 {
	if !(clip.X.Hi > clip.X.Lo) || !(clip.Y.Hi > clip.Y.Lo) {
		return 0
	}
	var u unionSweep
	for _, s := range shapes {
		u.addShape(s, clip)
	}
	if len(u.polys) == 0 && len(u.circles) == 0 {
		return 0
	}
	xs := u.events(clip)
	total := 0.0
	for i := 0; i+1 < len(xs); i++ {
		a, b := xs[i], xs[i+1]
		if !(b > a) {
			continue
		}
		total += u.slab(a, b, clip.Y.Lo, clip.Y.Hi)
	}
	return total
}

// unionSweep holds the primitives of a UnionArea call and its scratch buffers.
type unionSweep struct {
	polys   []areaPoly
	circles []areaCircle
	ivs     []areaInterval
	ys      []areaEnd
}

type areaPoly struct {
	pts []r2.Point
	box r2.Rect
}

type areaCircle struct {
	c r2.Point
	r float64
}

func (c areaCircle) box() r2.Rect {
	return r2.RectFromCenterSize(c.c, r2.Point{X: 2 * c.r, Y: 2 * c.r})
}

// addShape splits s into polygons and circles whose union is s, keeping those that reach clip.
func (u *unionSweep) addShape(s Shape, clip r2.Rect) {
	if len(s.core) == 0 || !s.bounds.Intersects(clip) {
		return
	}
	core, r := s.core, s.r
	switch len(core) {
	case 1:
		u.addCircle(core[0], r, clip)
		return
	case 2:
		u.addCircle(core[0], r, clip)
		u.addCircle(core[1], r, clip)
		u.addEdgeRect(core[0], core[1], r, clip)
		return
	}
	u.addPoly(core, clip)
	if r > 0 { // a convex core grown by r: edge rectangles and vertex discs
		for i, p := range core {
			u.addCircle(p, r, clip)
			u.addEdgeRect(p, core[(i+1)%len(core)], r, clip)
		}
	}
}

func (u *unionSweep) addCircle(c r2.Point, r float64, clip r2.Rect) {
	ci := areaCircle{c, r}
	if r > 0 && ci.box().Intersects(clip) {
		u.circles = append(u.circles, ci)
	}
}

// addEdgeRect adds the rectangle swept by the segment pq moved r along both its normals.
func (u *unionSweep) addEdgeRect(p, q r2.Point, r float64, clip r2.Rect) {
	e := q.Sub(p)
	l := e.Norm()
	if !(r > 0) || !(l > 0) {
		return
	}
	n := r2.Point{X: -e.Y, Y: e.X}.Mul(r / l)
	u.addPoly([]r2.Point{p.Sub(n), q.Sub(n), q.Add(n), p.Add(n)}, clip)
}

func (u *unionSweep) addPoly(pts []r2.Point, clip r2.Rect) {
	box := r2.RectFromPoints(pts...)
	if box.Intersects(clip) {
		u.polys = append(u.polys, areaPoly{pts, box})
	}
}

// events lists the sweep's x-events inside the clip's x-range, sorted, without repeats.
func (u *unionSweep) events(clip r2.Rect) []float64 {
	xlo, xhi := clip.X.Lo, clip.X.Hi
	xs := []float64{xlo, xhi}
	add := func(x float64) {
		if x > xlo && x < xhi {
			xs = append(xs, x)
		}
	}
	addPt := func(p r2.Point) { add(p.X) }
	// Vertices, circle extremes, and crossings with the clip's bottom and top edges.
	for _, pg := range u.polys {
		for i, p := range pg.pts {
			add(p.X)
			q := pg.pts[(i+1)%len(pg.pts)]
			for _, y := range [2]float64{clip.Y.Lo, clip.Y.Hi} {
				if (p.Y < y) != (q.Y < y) {
					add(p.X + (y-p.Y)*(q.X-p.X)/(q.Y-p.Y))
				}
			}
		}
	}
	for _, c := range u.circles {
		add(c.c.X - c.r)
		add(c.c.X + c.r)
		for _, y := range [2]float64{clip.Y.Lo, clip.Y.Hi} {
			if d := y - c.c.Y; math.Abs(d) < c.r {
				h := math.Sqrt((c.r - d) * (c.r + d))
				add(c.c.X - h)
				add(c.c.X + h)
			}
		}
	}
	// Crossings of two primitives' outlines (edges of one polygon meet only at its vertices).
	for i, a := range u.polys {
		for _, b := range u.polys[i+1:] {
			if !a.box.Intersects(b.box) {
				continue
			}
			for k, p := range a.pts {
				q := a.pts[(k+1)%len(a.pts)]
				eb := r2.RectFromPoints(p, q)
				if !eb.Intersects(b.box) {
					continue
				}
				for m, s := range b.pts {
					t := b.pts[(m+1)%len(b.pts)]
					if !eb.Intersects(r2.RectFromPoints(s, t)) {
						continue
					}
					if x, ok := segmentIntersection(p, q, s, t); ok {
						add(x.X)
					}
				}
			}
		}
		for _, c := range u.circles {
			if !a.box.Intersects(c.box()) {
				continue
			}
			for k, p := range a.pts {
				segmentCircleHits(p, a.pts[(k+1)%len(a.pts)], c.c, c.r, addPt)
			}
		}
	}
	for i, a := range u.circles {
		for _, b := range u.circles[i+1:] {
			if a.box().Intersects(b.box()) {
				circleCircleHits(a.c, a.r, b.c, b.r, addPt)
			}
		}
	}
	slices.Sort(xs)
	out := xs[:1]
	for _, x := range xs[1:] {
		if x != out[len(out)-1] {
			out = append(out, x)
		}
	}
	return out
}

// areaCurve is one outline piece over a slab, as a function y(x): a line through (x0, y0) with
// slope m, the upper (sign +1) or lower (sign −1) arc of the circle (cx, cy, r), or the constant
// y0 (a clip edge: m = 0, r = 0).
type areaCurve struct {
	x0, y0, m  float64
	cx, cy, r  float64
	sign       float64
	isArc      bool
	isConstant bool
}

func (c areaCurve) integral(a, b float64) float64 {
	switch {
	case c.isConstant:
		return c.y0 * (b - a)
	case c.isArc:
		return c.cy*(b-a) + c.sign*(arcPrimitive(b-c.cx, c.r)-arcPrimitive(a-c.cx, c.r))
	}
	return (c.y0 + c.m*((a+b)/2-c.x0)) * (b - a) // the line's value at the middle × width
}

// arcPrimitive is ∫₀ᵘ √(r² − t²) dt = ½(u·s + r²·asin(u/r)), s = √(r² − u²), for |u| ≤ r (u is
// clamped to [−r, r]). The angle is atan2(u, s) rather than asin(u/r): near u = ±r, where the
// slab ends at a circle's extreme, asin is ill-conditioned (a rounding of u/r by 1e-16 moves it by
// 1e-8), while s, from the exact difference r − u, stays accurate.
func arcPrimitive(u, r float64) float64 {
	u = math.Max(-r, math.Min(r, u))
	s := math.Sqrt(math.Max(0, (r-u)*(r+u)))
	return 0.5 * (u*s + r*r*atan2(u, s))
}

// areaEnd is a crossing of the slab's middle line with an outline piece.
type areaEnd struct {
	y float64
	c areaCurve
}

// areaInterval is one primitive's cross-section (or a merged run of them): from lo up to hi.
type areaInterval struct{ lo, hi areaEnd }

// slab is the area of the union inside the slab a < x < b and ylo ≤ y ≤ yhi.
func (u *unionSweep) slab(a, b, ylo, yhi float64) float64 {
	xm := (a + b) / 2
	ivs := u.ivs[:0]
	for _, pg := range u.polys {
		if !(pg.box.X.Lo < xm && xm < pg.box.X.Hi) {
			continue
		}
		ys := u.ys[:0]
		for i, p := range pg.pts {
			q := pg.pts[(i+1)%len(pg.pts)]
			if (p.X < xm) == (q.X < xm) {
				continue // no vertex lies on x = xm, so this also skips vertical edges
			}
			m := (q.Y - p.Y) / (q.X - p.X)
			ys = append(ys, areaEnd{p.Y + m*(xm-p.X), areaCurve{x0: p.X, y0: p.Y, m: m}})
		}
		slices.SortFunc(ys, func(a, b areaEnd) int { return cmp.Compare(a.y, b.y) })
		for k := 0; k+1 < len(ys); k += 2 {
			ivs = append(ivs, areaInterval{ys[k], ys[k+1]})
		}
		u.ys = ys
	}
	for _, c := range u.circles {
		d := xm - c.c.X
		if !(math.Abs(d) < c.r) {
			continue
		}
		h := math.Sqrt((c.r - d) * (c.r + d))
		arc := areaCurve{cx: c.c.X, cy: c.c.Y, r: c.r, isArc: true}
		lo, hi := arc, arc
		lo.sign, hi.sign = -1, 1
		ivs = append(ivs, areaInterval{areaEnd{c.c.Y - h, lo}, areaEnd{c.c.Y + h, hi}})
	}
	u.ivs = ivs
	if len(ivs) == 0 {
		return 0
	}
	slices.SortFunc(ivs, func(a, b areaInterval) int { return cmp.Compare(a.lo.y, b.lo.y) })
	total := 0.0
	emit := func(iv areaInterval) {
		if iv.hi.y <= ylo || iv.lo.y >= yhi {
			return
		}
		bottom, top := iv.lo.c, iv.hi.c
		if iv.lo.y < ylo {
			bottom = areaCurve{y0: ylo, isConstant: true}
		}
		if iv.hi.y > yhi {
			top = areaCurve{y0: yhi, isConstant: true}
		}
		total += top.integral(a, b) - bottom.integral(a, b)
	}
	cur := ivs[0]
	for _, iv := range ivs[1:] {
		if iv.lo.y <= cur.hi.y {
			if iv.hi.y > cur.hi.y {
				cur.hi = iv.hi
			}
			continue
		}
		emit(cur)
		cur = iv
	}
	emit(cur)
	return total
}
