package geometry

import (
	"math"
	"slices"
	"sync"

	"github.com/golang/geo/r1"
	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"
)

// Sight is the answer to a visibility query: can an eye see some point of a target volume past a
// set of blockers, and which blockers hide part of it.
type Sight struct {
	// Visible: some point P of the target can be joined to the eye by a segment that passes
	// through the interior of no blocker. Its negation is "fully hidden".
	Visible bool
	// Hiders are the indices (ascending) of the blockers that hide some part of the target: for
	// each, some segment from the eye to a point of the target passes through its interior
	// (whether or not another blocker hides the same point).
	Hiders []int
	// Witness, when Visible, is a point of the target that the eye sees: the segment from the
	// eye to it passes through the interior of no blocker. The zero vector when not Visible.
	Witness r3.Vector
}

// See answers the visibility query for an eye point, a target made of one or more convex vertical
// prisms (a mini's cylinder; a repulsor's base disc plus its raised body), and blockers.
//
// The answer is exact up to the grazing tolerance Eps: no fixed sample of rays decides it. See
// the package documentation ("Visibility") for the method.
func See(eye r3.Vector, target []Volume, blockers []Volume) Sight {
	c := newSightCtx(eye, target, blockers)
	defer c.release()
	var s Sight
	s.Visible = c.visible()
	if s.Visible {
		s.Witness = c.witness
	}
	for _, b := range c.relevant {
		if c.hides(b) {
			s.Hiders = append(s.Hiders, b)
		}
	}
	return s
}

// Visible reports whether the eye sees some point of the target past the blockers (See's
// Visible, without the list of hiders).
func Visible(eye r3.Vector, target []Volume, blockers []Volume) bool {
	c := newSightCtx(eye, target, blockers)
	defer c.release()
	return c.visible()
}

// Hides reports whether some segment from the eye to a point of the target passes through the
// interior of the blocker.
func Hides(eye r3.Vector, target []Volume, blocker Volume) bool {
	one := [1]Volume{blocker}
	c := newSightCtx(eye, target, one[:])
	defer c.release()
	return len(c.relevant) == 1 && c.hides(0)
}

// View is one eye and one target prepared for several questions against one list of volumes:
// is the target seen past the first n of them, and does volume i hide part of it. It shares the
// work the separate calls would repeat (the target's window, the culling of volumes). Close it
// when done.
type View struct {
	c       *sightCtx
	witness r3.Vector
	seen    bool
}

// NewView prepares questions from eye about target against vols.
func NewView(eye r3.Vector, target []Volume, vols []Volume) *View {
	return &View{c: newSightCtx(eye, target, vols)}
}

// VisiblePast reports whether some point of the target is seen past vols[:n] (the others do not
// block): Visible(eye, target, vols[:n]).
func (v *View) VisiblePast(n int) bool {
	rel := v.c.relevant
	k := 0
	for k < len(rel) && rel[k] < n {
		k++
	}
	v.seen = v.c.visibleAmong(rel[:k])
	v.witness = r3.Vector{}
	if v.seen {
		v.witness = v.c.witness
	}
	return v.seen
}

// Witness is the point of the target the last VisiblePast call found seen past its blockers, and
// true; the zero vector and false when the last call answered false or there was none.
func (v *View) Witness() (r3.Vector, bool) { return v.witness, v.seen }

// Hides reports whether vols[i] hides some part of the target: Hides(eye, target, vols[i]).
func (v *View) Hides(i int) bool {
	for _, b := range v.c.relevant {
		if b == i {
			return v.c.hides(i)
		}
	}
	return false
}

// Close returns the view's memory for reuse; the view must not be used afterwards.
func (v *View) Close() { v.c.release(); v.c = nil }

// sightCtx holds one query. Rays leave the eye's top-down position o; a ray is named by its
// angle θ from base, the direction towards the target. In the vertical half-plane of a ray a
// point is named by its horizontal distance ρ from the eye (or w = 1/ρ) and the slope
// m = (z − eye.Z)/ρ of the segment that joins it to the eye.
type sightCtx struct {
	eye      r3.Vector
	o        r2.Point
	base     r2.Point // unit vector
	lo, hi   float64  // angular window of the target, relative to base
	inside   bool     // the eye stands over the target's footprint
	rhoMax   float64  // top-down distance to the target's farthest point
	target   []Volume
	blockers []Volume
	relevant []int // blockers that can meet a segment from the eye to the target
	// witness, when visible() found a visible point, is that point (tests check it).
	witness r3.Vector
	// Scratch space reused between queries (see ctxPool).
	angles []float64
	feats  []feature
	common []float64
	zs     []float64
	ratios []float64
	rel    []r2.Point
	one    [1]int
	sc     sliceScratch
}

// sliceScratch is the slice tests' working space, kept with the context: fixed arrays on the
// stack would be cleared on every call (under WebAssembly a memory.fill each), and the tests run
// for every critical angle and every stretch between chord ends.
type sliceScratch struct {
	chords          []chord
	ivs             []r1.Interval
	bps, ks, slopes []float64
	ws              []float64
	gaps            []interval
}

// ctxPool recycles query contexts and their scratch slices: a query allocates next to nothing.
var ctxPool = sync.Pool{New: func() any { return new(sightCtx) }}

func (c *sightCtx) release() {
	c.target, c.blockers = nil, nil
	ctxPool.Put(c)
}

func newSightCtx(eye r3.Vector, target []Volume, blockers []Volume) *sightCtx {
	c := ctxPool.Get().(*sightCtx)
	c.eye, c.o, c.target, c.blockers = eye, r2.Point{X: eye.X, Y: eye.Y}, target, blockers
	c.relevant, c.inside, c.rhoMax, c.witness = c.relevant[:0], false, 0, r3.Vector{}
	if len(target) == 0 {
		return c
	}
	tb := target[0].Foot.Bounds()
	zlo, zhi := math.Inf(1), math.Inf(-1)
	for _, t := range target {
		tb = tb.Union(t.Foot.Bounds())
		zlo, zhi = fmin(zlo, t.Z.Lo), fmax(zhi, t.Z.Hi)
	}
	dir := tb.Center().Sub(c.o)
	if norm(dir) <= Eps {
		c.base = r2.Point{X: 1}
	} else {
		c.base = dir.Normalize()
	}
	c.lo, c.hi = math.Inf(1), math.Inf(-1)
	for _, t := range target {
		lo, hi, in := c.angularExtent(t.Foot)
		if in {
			c.inside = true
		}
		c.lo, c.hi = fmin(c.lo, lo), fmax(c.hi, hi)
	}
	if c.inside {
		c.lo, c.hi = -math.Pi, math.Pi
	}
	for _, t := range target {
		for _, p := range t.Foot.core {
			c.rhoMax = fmax(c.rhoMax, norm(p.Sub(c.o))+t.Foot.r)
		}
	}
	fan := tb.AddPoint(c.o)
	// The window's edge directions, for a trigonometry-free first cut.
	dlo, dhi := c.dir(c.lo), c.dir(c.hi)
	for i, b := range blockers {
		if b.Z.Hi-b.Z.Lo <= Eps {
			continue
		}
		// Every segment from the eye to the target stays within [min(eye, zlo), max(eye, zhi)].
		if b.Z.Hi <= fmin(eye.Z, zlo)+Eps || b.Z.Lo >= fmax(eye.Z, zhi)-Eps {
			continue
		}
		bb := b.Foot.Bounds()
		if !fan.Intersects(bb) {
			continue
		}
		// Wholly beyond the target's farthest point: nothing it could hide is in front of it.
		near := r2.Point{X: fmax(bb.X.Lo-c.o.X, fmax(0, c.o.X-bb.X.Hi)), Y: fmax(bb.Y.Lo-c.o.Y, fmax(0, c.o.Y-bb.Y.Hi))}
		if near.Dot(near) >= c.rhoMax*c.rhoMax {
			continue
		}
		if !c.inside && c.hi-c.lo < math.Pi {
			// The box lies wholly outside the wedge of the window: every corner beyond one edge.
			outLo, outHi := true, true
			for _, v := range bb.Vertices() {
				v = v.Sub(c.o)
				outLo = outLo && dlo.Cross(v) < 0
				outHi = outHi && v.Cross(dhi) < 0
			}
			if outLo || outHi {
				continue
			}
		}
		if !c.inside && c.hi-c.lo < math.Pi && c.outsideWedge(b.Foot, dlo, dhi) {
			continue
		}
		c.relevant = append(c.relevant, i)
	}
	return c
}

// angle is the angle of the direction v (relative to the eye) from base, in (−π, π].
func (c *sightCtx) angle(v r2.Point) float64 {
	return atan2(c.base.Cross(v), c.base.Dot(v))
}

// dir is the unit direction at angle θ from base.
func (c *sightCtx) dir(theta float64) r2.Point {
	s, co := math.Sincos(theta)
	return r2.Point{X: c.base.X*co - c.base.Y*s, Y: c.base.X*s + c.base.Y*co}
}

// angularExtent is the range of angles (from base) under which s is seen from the eye
// (AngularWindow), and whether the eye stands on s (then the range is meaningless). A shape
// wrapping around the eye, or across the direction opposite base, reports in = true.
func (c *sightCtx) angularExtent(s Shape) (lo, hi float64, in bool) {
	w := AngularWindow(c.o, c.base, s, Eps, 0)
	if w.IsFull() || w.IsInverted() {
		return 0, 0, true
	}
	return w.Lo, w.Hi, false
}

// outsideWedge reports whether s lies wholly on the far side of one edge of the window's wedge
// (the half-plane beyond the ray at angle lo or at hi, through the eye), by more than its
// radius: then no ray of the window meets it. Conservative: a shape it keeps may still miss the
// window (behind the eye), which the slice tests settle exactly.
func (c *sightCtx) outsideWedge(s Shape, dlo, dhi r2.Point) bool {
	outLo, outHi := true, true
	for _, p := range s.core {
		v := p.Sub(c.o)
		outLo = outLo && dlo.Cross(v) < -s.r
		outHi = outHi && v.Cross(dhi) < -s.r
		if !outLo && !outHi {
			return false
		}
	}
	return outLo || outHi
}

// visible decides whether some point of the target is visible past every relevant blocker.
func (c *sightCtx) visible() bool { return c.visibleAmong(c.relevant) }

// visibleAmong decides whether some point of the target is visible past the blockers rel (a
// subset of the relevant ones).
func (c *sightCtx) visibleAmong(rel []int) bool {
	if len(c.target) == 0 {
		return false
	}
	if c.inside && c.seenFromAbove() {
		return true
	}
	// Cheap certificates first: the ray to the target's centre and the window's edges.
	for _, th := range [...]float64{0, c.lo, c.hi} {
		if th >= c.lo && th <= c.hi && c.slice(th, rel, false) {
			return true
		}
	}
	// A blocker that hides the whole target alone settles it. Such a blocker hides the whole
	// slice through the target's centre, which few blockers do.
	for _, b := range rel {
		c.one[0] = b
		if !c.inside && !c.slice(0, c.one[:], false) && !c.search(c.one[:], false) {
			return false
		}
	}
	return c.search(rel, false)
}

// hides decides whether blocker b hides some part of the target.
func (c *sightCtx) hides(b int) bool {
	c.one[0] = b
	set := c.one[:]
	for _, th := range [...]float64{0, c.lo, c.hi} {
		if th >= c.lo && th <= c.hi && c.slice(th, set, true) {
			return true
		}
	}
	return c.search(set, true)
}

// seenFromAbove handles an eye standing over the target's footprint: the vertical segment to the
// nearest point of the target is tested directly.
func (c *sightCtx) seenFromAbove() bool {
	for _, t := range c.target {
		if !t.Foot.ContainsPoint(c.o) {
			continue
		}
		// The nearest point of the target straight above or below the eye (the eye itself when
		// it is inside the target; then only an eye buried in a blocker fails to see it).
		z := fmax(t.Z.Lo, fmin(t.Z.Hi, c.eye.Z))
		p := r3.Vector{X: c.eye.X, Y: c.eye.Y, Z: z}
		clear := true
		for _, b := range c.relevant {
			if SegmentThroughVolume(c.eye, p, c.blockers[b]) {
				clear = false
				break
			}
		}
		if clear {
			c.witness = p
			return true
		}
	}
	return false
}

// search evaluates the slices at every critical angle of the window and between each two
// consecutive ones (see the package documentation for why this is complete).
func (c *sightCtx) search(set []int, hidesMode bool) bool {
	angles := c.criticalAngles(set)
	for i, th := range angles {
		if c.slice(th, set, hidesMode) {
			return true
		}
		if i+1 < len(angles) {
			if mid := (th + angles[i+1]) / 2; mid > th && c.slice(mid, set, hidesMode) {
				return true
			}
		}
	}
	return false
}

// chord is one stretch (ρ from Lo to Hi) of a ray inside a blocker footprint, with the blocker's
// bottom and top relative to the eye.
type chord struct {
	lo, hi   float64
	clo, chi float64
}

// slice decides the question in the vertical half-plane of the ray at angle θ: is some target
// point in it visible past every blocker of set (hidesMode false), or hidden by the single
// blocker of set (hidesMode true)?
func (c *sightCtx) slice(theta float64, set []int, hidesMode bool) bool {
	u := c.dir(theta)
	sc := &c.sc
	for _, t := range c.target {
		ra, rb, ok := targetChord(t.Foot, c.o, u)
		if !ok {
			continue
		}
		if c.inside {
			ra = fmax(ra, Eps)
			if rb < ra {
				continue
			}
		}
		chords := sc.chords[:0]
		for _, b := range set {
			v := c.blockers[b]
			sc.ivs = v.Foot.interiorChords(c.o, u, rb, sc.ivs[:0])
			for _, iv := range sc.ivs {
				chords = append(chords, chord{iv.Lo, iv.Hi, v.Z.Lo - c.eye.Z, v.Z.Hi - c.eye.Z})
			}
		}
		sc.chords = chords
		if rho, m, ok := regionTest(ra, rb, t.Z.Lo-c.eye.Z, t.Z.Hi-c.eye.Z, chords, hidesMode, sc); ok {
			p := c.o.Add(u.Mul(rho))
			c.witness = r3.Vector{X: p.X, Y: p.Y, Z: c.eye.Z + m*rho}
			return true
		}
	}
	return false
}

// targetChord is the closed stretch [ra, rb] of the ray o + ρu over the convex footprint s,
// including a ray that only touches it.
func targetChord(s Shape, o, u r2.Point) (ra, rb float64, ok bool) {
	if len(s.core) == 1 {
		w := s.core[0].Sub(o)
		b := u.Dot(w)
		h := u.Cross(w)
		disc := s.r*s.r - h*h
		if disc < 0 {
			if disc < -1e-12*s.r*s.r {
				return 0, 0, false
			}
			disc = 0
		}
		sq := math.Sqrt(disc)
		ra, rb = b-sq, b+sq
	} else {
		var buf [4]r1.Interval
		ch := s.interiorChords(o, u, math.Inf(1), buf[:0])
		if len(ch) == 0 {
			return 0, 0, false
		}
		ra, rb = ch[0].Lo, ch[len(ch)-1].Hi
	}
	if rb < 0 {
		return 0, 0, false
	}
	return fmax(ra, 0), rb, true
}

// safeDiv is c/x for x ≥ 0, with the limit as x → 0+ when x = 0.
func safeDiv(c, x float64) float64 {
	if x > 0 {
		return c / x
	}
	switch {
	case c > 0:
		return math.Inf(1)
	case c < 0:
		return math.Inf(-1)
	}
	return 0
}

// regionTest decides one slice. The target's points in it are ρ ∈ [ra, rb] with slopes
// m ∈ [c0/ρ, c1/ρ]. A chord (ρin, ρout) of a blocker with bottom and top clo, chi (relative to
// the eye) hides a target point at distance ρ exactly when ρ > ρin and
//
//	m ∈ ( min(clo/ρin, clo/min(ρ, ρout)), max(chi/ρin, chi/min(ρ, ρout)) )   (open)
//
// because the segment's height along the chord is linear in the distance. With w = 1/ρ every
// bound is a constant or c·w, so between consecutive chord ends the slice is a planar
// arrangement of lines in (w, m); its uncovered part, if any, contains a point at a candidate w
// (an end of the range or where two bounds cross), which is tested exactly.
//
// It returns a point of the answer: the distance ρ and slope m of a visible (or hidden) target
// point.
func regionTest(ra, rb, c0, c1 float64, chords []chord, hidesMode bool, sc *sliceScratch) (rho, m float64, ok bool) {
	bps := append(sc.bps[:0], ra, rb)
	for _, ch := range chords {
		if ch.lo > ra && ch.lo < rb {
			bps = append(bps, ch.lo)
		}
		if ch.hi > ra && ch.hi < rb {
			bps = append(bps, ch.hi)
		}
	}
	slices.Sort(bps)
	sc.bps = bps
	for i := 0; i+1 < len(bps); i++ {
		r1v, r2v := bps[i], bps[i+1]
		if i > 0 && r2v == r1v {
			continue
		}
		if rho, m, ok := subRangeTest(r1v, r2v, c0, c1, chords, hidesMode, sc); ok {
			return rho, m, true
		}
	}
	return 0, 0, false
}

// interval is an open interval of slopes hiding target points, shrunk by the grazing tolerance.
type interval struct{ a, b float64 }

// subRangeTest decides the slice for target points with ρ in [r1, r2], where no chord end lies
// strictly between r1 and r2.
func subRangeTest(r1, r2, c0, c1 float64, chords []chord, hidesMode bool, sc *sliceScratch) (rho, m float64, ok bool) {
	if r2 <= 0 {
		return 0, 0, false
	}
	wLo, wHi := 1/r2, 1/r1
	if r1 <= 0 {
		wHi = 1 / Eps
	}
	mid := (r1 + r2) / 2
	// Constants and slopes whose crossings are candidate w.
	ks := sc.ks[:0]
	slopes := append(sc.slopes[:0], c0, c1)
	for _, ch := range chords {
		if ch.lo >= mid { // starts after this stretch: hides nothing here
			continue
		}
		aIn, bIn := safeDiv(ch.clo, ch.lo), safeDiv(ch.chi, ch.lo)
		if ch.hi <= mid { // wholly in front: a constant interval
			ks = append(ks, fmin(aIn, ch.clo/ch.hi), fmax(bIn, ch.chi/ch.hi))
		} else { // the target point lies over the blocker's footprint
			ks = append(ks, aIn, bIn)
			slopes = append(slopes, ch.clo, ch.chi)
		}
	}
	sc.ks, sc.slopes = ks, slopes
	ws := append(sc.ws[:0], wLo, wHi)
	for _, k := range ks {
		if math.IsInf(k, 0) {
			continue
		}
		for _, s := range slopes {
			if s == 0 {
				continue
			}
			if w := k / s; w > wLo && w < wHi {
				ws = append(ws, w)
			}
		}
	}
	slices.Sort(ws)
	sc.ws = ws
	for i, w := range ws {
		if i > 0 && w == ws[i-1] {
			continue
		}
		if m, ok := pointTest(w, mid, c0, c1, chords, hidesMode, sc); ok {
			return 1 / w, m, true
		}
		if i+1 < len(ws) {
			if wm := (w + ws[i+1]) / 2; wm > w {
				if m, ok := pointTest(wm, mid, c0, c1, chords, hidesMode, sc); ok {
					return 1 / wm, m, true
				}
			}
		}
	}
	return 0, 0, false
}

// pointTest decides the slice for target points at the single distance ρ = 1/w (mid is any
// distance of the same stretch, used to classify the chords), and returns the slope of a point
// of the answer.
func pointTest(w, mid, c0, c1 float64, chords []chord, hidesMode bool, sc *sliceScratch) (float64, bool) {
	ivs := sc.gaps[:0]
	lo, hi := c0*w, c1*w
	tol := Eps * w
	for _, ch := range chords {
		if ch.lo >= mid {
			continue
		}
		var a, b float64
		if ch.hi <= mid {
			a = fmin(safeDiv(ch.clo, ch.lo), ch.clo/ch.hi)
			b = fmax(safeDiv(ch.chi, ch.lo), ch.chi/ch.hi)
		} else {
			a = fmin(safeDiv(ch.clo, ch.lo), ch.clo*w)
			b = fmax(safeDiv(ch.chi, ch.lo), ch.chi*w)
		}
		a, b = a+tol, b-tol
		if a >= b {
			continue
		}
		if hidesMode {
			if lo < hi {
				if x, y := fmax(lo, a), fmin(hi, b); x < y {
					return (x + y) / 2, true
				}
			} else if a < lo && lo < b {
				return lo, true
			}
			continue
		}
		ivs = append(ivs, interval{a, b})
	}
	if hidesMode {
		return 0, false
	}
	sc.gaps = ivs
	return uncovered(lo, hi, ivs)
}

// uncovered returns a point of the closed interval [lo, hi] that lies in none of the open
// intervals ivs, if there is one.
func uncovered(lo, hi float64, ivs []interval) (float64, bool) {
	for i := 1; i < len(ivs); i++ { // insertion sort by start: the lists are short
		for j := i; j > 0 && ivs[j].a < ivs[j-1].a; j-- {
			ivs[j], ivs[j-1] = ivs[j-1], ivs[j]
		}
	}
	cur := lo
	for _, iv := range ivs {
		if iv.a >= cur {
			// The gap [cur, iv.a]: its middle is the clearest witness.
			return (cur + fmin(iv.a, hi)) / 2, true
		}
		if iv.b > cur {
			cur = iv.b
			if cur > hi {
				return 0, false
			}
		}
	}
	return (cur + hi) / 2, cur <= hi
}
