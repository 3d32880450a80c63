package geometry

import (
	"math"
	"sort"

	"github.com/golang/geo/r2"
)

// feature is one piece of a footprint's outline, relative to the eye: a segment p–q, or a circle
// with centre p and radius r. owner says whose outline it is (-1 for the target, else a blocker
// index).
type feature struct {
	circle bool
	p, q   r2.Point
	r      float64
	owner  int
}

// criticalAngles lists, sorted and within the window, every ray angle at which the structure of
// a slice can change: the window's edges, the directions of outline vertices, the tangents to
// outline circles, and the angles where two slice bounds cross. A slice bound is c/ρ_F(θ), where
// ρ_F is the distance to outline piece F along the ray and c the height of a top or bottom face
// (or 1, for two outlines crossing top-down); two bounds cross where c1/ρ_F1 = c2/ρ_F2, that is
// where a point q of F1 has its multiple (c2/c1)·q on F2 — an intersection of F1 with F2 scaled
// about the eye, found in closed form (segment–segment, segment–circle, circle–circle).
func (c *sightCtx) criticalAngles(set []int) []float64 {
	angles := append(c.angles[:0], c.lo, c.hi)
	add := func(v r2.Point) {
		if norm(v) <= Eps {
			return
		}
		if a := c.angle(v); a > c.lo && a < c.hi {
			angles = append(angles, a)
		}
	}
	feats := c.features(c.feats[:0], c.targetShapes(), -1, add)
	// Heights that bound slices everywhere: the target's, and those of blockers the target may
	// stand over (their bounds at the target point's own distance).
	common := c.common[:0]
	tb := c.target[0].Foot.Bounds()
	for _, t := range c.target {
		common = append(common, t.Z.Lo-c.eye.Z, t.Z.Hi-c.eye.Z)
		tb = tb.Union(t.Foot.Bounds())
	}
	for _, b := range set {
		v := c.blockers[b]
		feats = c.features(feats, []Shape{v.Foot}, b, add)
		if v.Foot.Bounds().Intersects(tb) {
			common = append(common, v.Z.Lo-c.eye.Z, v.Z.Hi-c.eye.Z)
		}
	}
	own := func(owner int) (float64, float64) {
		if owner < 0 {
			return common[0], common[1]
		}
		v := c.blockers[owner]
		return v.Z.Lo - c.eye.Z, v.Z.Hi - c.eye.Z
	}
	zs := c.zs[:0]
	for i := range feats {
		for j := i + 1; j < len(feats); j++ {
			f, g := feats[i], feats[j]
			if f.owner == g.owner && (f.owner < 0 || c.blockers[f.owner].Foot.convex) {
				continue
			}
			a0, a1 := own(f.owner)
			b0, b1 := own(g.owner)
			zs = append(append(zs[:0], common...), a0, a1, b0, b1)
			c.ratios = ratioSet(c.ratios[:0], zs)
			for _, k := range c.ratios {
				scaledHits(f, g, k, add)
			}
		}
	}
	sort.Float64s(angles)
	out := angles[:0]
	for i, a := range angles {
		if i == 0 || a > out[len(out)-1] {
			out = append(out, a)
		}
	}
	c.angles, c.feats, c.common, c.zs = out, feats, common, zs
	return out
}

// targetShapes lists the target's distinct footprints.
func (c *sightCtx) targetShapes() []Shape {
	var out []Shape
	for _, t := range c.target {
		dup := false
		for _, s := range out {
			if sameShape(s, t.Foot) {
				dup = true
			}
		}
		if !dup {
			out = append(out, t.Foot)
		}
	}
	return out
}

func sameShape(a, b Shape) bool {
	if a.r != b.r || len(a.core) != len(b.core) {
		return false
	}
	for i := range a.core {
		if a.core[i] != b.core[i] {
			return false
		}
	}
	return true
}

// features appends the outline pieces of shapes (relative to the eye) and reports their vertex
// and tangent directions through add.
func (c *sightCtx) features(dst []feature, shapes []Shape, owner int, add func(r2.Point)) []feature {
	for _, s := range shapes {
		n := len(s.core)
		rel := c.rel[:0]
		for _, p := range s.core {
			rel = append(rel, p.Sub(c.o))
		}
		c.rel = rel
		if s.r == 0 {
			for i := 0; i < n; i++ {
				add(rel[i])
				if c.segmentInWindow(rel[i], rel[(i+1)%n]) {
					dst = append(dst, feature{p: rel[i], q: rel[(i+1)%n], owner: owner})
				}
			}
			continue
		}
		for _, p := range rel {
			d := norm(p)
			if d <= s.r {
				dst = append(dst, feature{circle: true, p: p, r: s.r, owner: owner})
				continue
			}
			h := math.Asin(s.r / d)
			a := c.angle(p)
			if a+h < c.lo || a-h > c.hi {
				continue
			}
			dst = append(dst, feature{circle: true, p: p, r: s.r, owner: owner})
			a = atan2(p.Y, p.X)
			add(r2.Point{X: math.Cos(a - h), Y: math.Sin(a - h)})
			add(r2.Point{X: math.Cos(a + h), Y: math.Sin(a + h)})
		}
		edges := n
		if n == 2 {
			edges = 1
		}
		if n == 1 {
			edges = 0
		}
		for i := 0; i < edges; i++ {
			p, q := rel[i], rel[(i+1)%n]
			nrm := q.Sub(p).Ortho().Normalize().Mul(s.r)
			for _, side := range []r2.Point{nrm, nrm.Mul(-1)} {
				a, b := p.Add(side), q.Add(side)
				add(a)
				add(b)
				if c.segmentInWindow(a, b) {
					dst = append(dst, feature{p: a, q: b, owner: owner})
				}
			}
		}
	}
	return dst
}

// segmentInWindow reports whether some ray of the window meets the segment pq (relative to the
// eye). A segment on a line through the eye is kept.
func (c *sightCtx) segmentInWindow(p, q r2.Point) bool {
	if c.inside || p.Cross(q) == 0 {
		return true
	}
	a, b := c.angle(p), c.angle(q)
	if a > b {
		a, b = b, a
	}
	if b-a > math.Pi { // the short arc runs behind the eye, away from the window
		return false
	}
	return b >= c.lo && a <= c.hi
}

// ratioSet lists the distinct positive finite ratios y/x of heights in zs, and 1.
func ratioSet(out, zs []float64) []float64 {
	out = append(out, 1)
	for _, x := range zs {
		if x == 0 {
			continue
		}
		for _, y := range zs {
			k := y / x
			if k <= 0 || math.IsInf(k, 0) || k == 1 {
				continue
			}
			dup := false
			for _, e := range out {
				if e == k {
					dup = true
					break
				}
			}
			if !dup {
				out = append(out, k)
			}
		}
	}
	return out
}

// scaledHits reports through add every point q of f whose multiple k·q lies on g (so that the
// distance to g along the ray through q is k times the distance to f).
func scaledHits(f, g feature, k float64, add func(r2.Point)) {
	// g scaled by 1/k about the eye.
	gs := feature{circle: g.circle, p: g.p.Mul(1 / k), q: g.q.Mul(1 / k), r: g.r / k}
	switch {
	case !f.circle && !gs.circle:
		if x, ok := segmentIntersection(f.p, f.q, gs.p, gs.q); ok {
			add(x)
		}
	case !f.circle && gs.circle:
		segmentCircleHits(f.p, f.q, gs.p, gs.r, add)
	case f.circle && !gs.circle:
		segmentCircleHits(gs.p, gs.q, f.p, f.r, add)
	default:
		circleCircleHits(f.p, f.r, gs.p, gs.r, add)
	}
}

// segmentIntersection is the single crossing point of the closed segments ab and cd, if they
// cross at one point (parallel segments report none).
func segmentIntersection(a, b, c, d r2.Point) (r2.Point, bool) {
	r, s := b.Sub(a), d.Sub(c)
	den := r.Cross(s)
	if den == 0 {
		return r2.Point{}, false
	}
	w := c.Sub(a)
	t := w.Cross(s) / den
	u := w.Cross(r) / den
	const slack = 1e-12
	if t < -slack || t > 1+slack || u < -slack || u > 1+slack {
		return r2.Point{}, false
	}
	return a.Add(r.Mul(t)), true
}

// segmentCircleHits reports the points where the closed segment ab meets the circle (c, r).
func segmentCircleHits(a, b, c r2.Point, r float64, add func(r2.Point)) {
	d := b.Sub(a)
	L := norm(d)
	if L == 0 {
		return
	}
	u := d.Mul(1 / L)
	lo, hi, ok := LineCircle(a, u, c, r)
	if !ok {
		return
	}
	for _, t := range [2]float64{lo, hi} {
		if t >= -1e-12*L && t <= L*(1+1e-12) {
			add(a.Add(u.Mul(t)))
		}
	}
}

// circleCircleHits reports the points where the circles (c1, r1) and (c2, r2) meet.
func circleCircleHits(c1 r2.Point, r1 float64, c2 r2.Point, r2v float64, add func(r2.Point)) {
	if p, q, ok := CircleCrossings(c1, r1, c2, r2v); ok {
		add(p)
		add(q)
	}
}
