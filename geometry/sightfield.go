package geometry

import (
	"math"
	"math/bits"
	"slices"

	"github.com/golang/geo/r1"
	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"
	"github.com/golang/geo/s1"
)

// fieldLinear is the most blockers a SightField finds through bit masks per sector
// (SectorMasks) rather than through lists per sector.
const fieldLinear = MaxSectorWindows

// fieldBuckets is the number of angular sectors a SightField sorts its blockers into.
const fieldBuckets = 1024

// SightField answers many visibility questions from one eye against one fixed list of blockers
// (a heat map asks one per grid cell). Every answer equals the one the plain functions give —
// SeesCylinder(c, r, zlo, zhi) == Visible(eye, {Cylinder(c, r, zlo, zhi)}, blockers) — but the
// field first narrows the blockers to those that can matter and settles most targets by a
// certificate before it runs the exact search:
//
//   - the blockers are sorted into angular sectors around the eye; a target only meets blockers
//     of the sectors its angular window covers that come nearer the eye than the target's far
//     side and reach into the height range of its sight segments;
//   - seen: the segment to the target's top centre passes through none of them (a witness);
//   - hidden: one convex blocker holds the target's whole window and the segments to all 16
//     corners of an octagonal prism around the target pass through it. The set of points whose
//     segment from the eye passes through a convex body's interior is convex (it is the union of
//     the body's copies scaled by s ≥ 1 about the eye), so it then holds the whole prism.
//
// Only the remaining targets (those near a shadow's edge, or hidden by several blockers
// together) go through the exact search, with the narrowed list. A SightField is not safe for
// concurrent use.
type SightField struct {
	eye     r3.Vector
	o       r2.Point
	vols    []Volume
	info    []fieldBlocker
	lin     []linBlocker // what gather reads of each blocker, packed
	sectors *SectorMasks // the blockers but the thin ones, when there are at most fieldLinear
	buckets [][]int32    // fieldBuckets sectors, when there are more than fieldLinear blockers
	always  []int32      // blockers the eye stands in or next to: in every window
	stamp   []uint32
	gen     uint32
	parts   []fieldPart // the convex parts of the blockers the eye is not next to
	outers  []Shadow    // shadows of convex prisms holding concave or round blockers
	rel     []int32
	relVols []Volume
	cand    []int32   // parts tried by the certificate
	cuts    []float64 // its split angles
	target  [1]Volume
	core    [1]r2.Point
	// lastHidden is whether the last target asked about was hidden: it only orders the proofs.
	lastHidden bool
}

type fieldBlocker struct {
	dmin, dmax   float64     // least and greatest top-down distance from the eye to the footprint
	win          s1.Interval // angular window (absolute angles, shorter than π) unless always
	part0, part1 int32       // its convex parts: parts[part0:part1] (none when always)
	always       bool        // the eye is on or next to it: in every window
	outer        int32       // when ≥ 0, outers[outer] is the shadow of a convex prism holding it
}

// linBlocker is what gather's scan by masks reads of a blocker (its window full when the blocker
// is always in the window).
type linBlocker struct {
	win                  s1.Interval
	dmin, dmax, zlo, zhi float64
}

// fieldPart is one convex part of a blocker (the blocker itself when it is convex): a sight
// segment through its interior passes through the blocker's.
type fieldPart struct {
	vol    Volume
	win    s1.Interval // angular window, as fieldBlocker's
	shadow Shadow      // its shadow's planes when fast, else an inner prism's when cert (InnerShadow)
	fast   bool        // shadow is the part's own: it Holds and Excludes
	cert   bool        // shadow Holds only points whose segment from the eye passes through the part
}

// NewSightField prepares visibility questions from eye against blockers. The slice must not
// change while the field is in use.
func NewSightField(eye r3.Vector, blockers []Volume) *SightField {
	f := &SightField{eye: eye, o: r2.Point{X: eye.X, Y: eye.Y}, vols: blockers}
	f.info = make([]fieldBlocker, len(blockers))
	f.stamp = make([]uint32, len(blockers))
	f.core[0] = f.o
	f.target[0] = Volume{Foot: Shape{core: f.core[:], convex: true}}
	if len(blockers) <= fieldLinear { // (with none too: gather reads the masks or the buckets)
		f.sectors = NewSectorMasks()
		f.rel = make([]int32, 0, len(blockers))
	}
	for i, b := range blockers {
		fb := fieldBlocker{dmin: b.Foot.DistanceToPoint(f.o), dmax: farthestFrom(b.Foot, f.o), outer: -1}
		win := f.window(b.Foot)
		masked := f.sectors != nil && b.Z.Hi-b.Z.Lo > Eps // thin blockers are in no mask
		if win.IsFull() {
			fb.always = true
			f.always = append(f.always, int32(i))
			if masked {
				f.sectors.AddAll(i)
			}
		} else {
			fb.win = win
			lo, hi := Unwrapped(win)
			const per = fieldBuckets / (2 * math.Pi)
			if f.buckets == nil && len(blockers) > fieldLinear {
				f.buckets = make([][]int32, fieldBuckets)
			}
			for k := int(math.Floor(lo * per)); k <= int(math.Floor(hi*per)) && f.buckets != nil; k++ {
				kk := ((k % fieldBuckets) + fieldBuckets) % fieldBuckets
				f.buckets[kk] = append(f.buckets[kk], int32(i))
			}
			if masked {
				f.sectors.Add(i, lo, hi)
			}
			fb.part0 = int32(len(f.parts))
			if b.Foot.convex {
				f.parts = append(f.parts, fieldPart{vol: b, win: win})
			} else {
				for _, ring := range convexParts(b.Foot.core) {
					ps := newShape(ring, 0)
					f.parts = append(f.parts, fieldPart{vol: Volume{Foot: ps, Z: b.Z}, win: f.window(ps)})
				}
			}
			fb.part1 = int32(len(f.parts))
			if !b.Foot.convex || b.Foot.r > 0 {
				if sh, ok := NewShadow(eye, Volume{Foot: newShape(outerPolygon(b.Foot), 0), Z: b.Z}); ok {
					fb.outer = int32(len(f.outers))
					f.outers = append(f.outers, sh)
				}
			}
			for p := fb.part0; p < fb.part1; p++ {
				fp := &f.parts[p]
				fp.shadow, fp.fast, fp.cert = InnerShadow(eye, fp.vol)
			}
		}
		f.info[i] = fb
		lb := linBlocker{win: fb.win, dmin: fb.dmin, dmax: fb.dmax, zlo: b.Z.Lo, zhi: b.Z.Hi}
		if fb.always {
			lb.win = s1.FullInterval()
		}
		f.lin = append(f.lin, lb)
	}
	return f
}

// farthestFrom is the greatest distance from o to a point of s.
func farthestFrom(s Shape, o r2.Point) float64 {
	d := 0.0
	for _, p := range s.core {
		d = fmax(d, norm(p.Sub(o)))
	}
	return d + s.r
}

// Eye is the field's eye.
func (f *SightField) Eye() r3.Vector { return f.eye }

// window is the angular window (absolute, radians) under which s is seen from the eye, widened by
// a margin so that rounding never drops a sector; full when the eye is on or next to s.
func (f *SightField) window(s Shape) s1.Interval {
	return AngularWindow(f.o, r2.Point{X: 1}, s, 1e-6, 1e-7)
}

// gather fills f.rel with the blockers that can matter for the cylinder (c, r, zlo, zhi): in its
// angular window, nearer than its far side, and within the height range of its sight segments.
// d and a are Polar(c). It reports false when the eye stands on the target's footprint (no
// window).
func (f *SightField) gather(c r2.Point, r, zlo, zhi, d, a float64) bool {
	f.rel = f.rel[:0]
	if d <= r+1e-6 {
		return false
	}
	f.gen++
	if f.gen == 0 { // wrapped: clear the stamps
		clear(f.stamp)
		f.gen = 1
	}
	// Half the window: asin(r/d) ≤ tan(asin(r/d)) = x/√(1−x²) (x = r/d < 1), a cheap upper bound.
	x := r / d
	h := x/math.Sqrt(1-x*x) + 1e-7
	if f.sectors != nil {
		// Few blockers: the sectors' masks name those whose window can meet the target's, in
		// table order; each is tested as matters does (inlined: this runs for every cell).
		e, far, near := f.eye.Z, d+r, d-r
		wlo, whi := a-h, a+h
		tw := WindowAround(a, h)
		m := f.sectors.Over(wlo, whi)
		// Thin blockers are in no mask; an always one's window is the whole line.
		dl, dh := fmax(0, e-zlo), fmax(0, zhi-e)
		for ; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			b := &f.lin[i]
			if b.dmin >= far || !b.win.Intersects(tw) {
				continue
			}
			frac := fmin(1, b.dmax/near)
			if b.zhi > e-dl*frac+Eps && b.zlo < e+dh*frac-Eps {
				f.rel = append(f.rel, int32(i))
			}
		}
		return true
	}
	const per = fieldBuckets / (2 * math.Pi)
	lo, hi := int(math.Floor((a-h)*per)), int(math.Floor((a+h)*per))
	for k := lo - 1; k <= hi; k++ {
		var list []int32
		if k < lo {
			list = f.always
		} else {
			list = f.buckets[((k%fieldBuckets)+fieldBuckets)%fieldBuckets]
		}
		for _, i := range list {
			if f.stamp[i] != f.gen {
				f.stamp[i] = f.gen
				if f.matters(i, d, r, zlo, zhi) {
					f.rel = append(f.rel, i)
				}
			}
		}
	}
	return true
}

// matters reports whether blocker i can meet a sight segment to the cylinder at distance d:
// it comes nearer than the cylinder's far side, and some segment is within its height range
// over it. Over a blocker no farther than dmax, a segment from the eye (height e) to a point at
// distance ρ ≥ d − r has risen or fallen at most min(1, dmax/(d − r)) of the way to its end.
func (f *SightField) matters(i int32, d, r, zlo, zhi float64) bool {
	b := &f.vols[i]
	fb := &f.info[i]
	if b.Z.Hi-b.Z.Lo <= Eps || fb.dmin >= d+r {
		return false
	}
	e := f.eye.Z
	frac := fmin(1, fb.dmax/(d-r))
	lowest := e - fmax(0, e-zlo)*frac
	highest := e + fmax(0, zhi-e)*frac
	return b.Z.Hi > lowest+Eps && b.Z.Lo < highest-Eps
}

// cylinder points the field's scratch target at the cylinder (c, r, zlo, zhi).
func (f *SightField) cylinder(c r2.Point, r, zlo, zhi float64) []Volume {
	// Only numbers are written: the footprint's core is f.core, set once by NewSightField, so
	// no pointer is stored here and the call needs no GC write barrier (under WebAssembly the
	// collector's barriers run on the one thread, for every cell of a heat map).
	f.core[0] = c
	t := &f.target[0]
	t.Foot.r = r
	t.Foot.bounds = r2.Rect{X: r1.Interval{Lo: c.X - r, Hi: c.X + r}, Y: r1.Interval{Lo: c.Y - r, Hi: c.Y + r}}
	t.Z = r1.Interval{Lo: zlo, Hi: zhi}
	return f.target[:]
}

// SeesCylinder reports whether the eye sees some point of the vertical cylinder over the disc
// (c, r) from zlo to zhi past the field's blockers: Visible(eye, {Cylinder(c, r, zlo, zhi)},
// blockers), exactly.
func (f *SightField) SeesCylinder(c r2.Point, r, zlo, zhi float64) bool {
	d, a := f.Polar(c)
	return f.SeesCylinderAt(c, r, zlo, zhi, d, a)
}

// Polar is c's top-down distance and direction (radians, as math.Atan2) from the eye.
func (f *SightField) Polar(c r2.Point) (d, a float64) {
	v := c.Sub(f.o)
	return norm(v), atan2(v.Y, v.X)
}

// SeesCylinderAt is SeesCylinder for a caller that already has (d, a) = Polar(c) (a heat map
// keeps every cell's).
func (f *SightField) SeesCylinderAt(c r2.Point, r, zlo, zhi, d, a float64) bool {
	target := f.cylinder(c, r, zlo, zhi)
	if !f.gather(c, r, zlo, zhi, d, a) {
		return Visible(f.eye, target, f.vols)
	}
	if len(f.rel) == 0 {
		return true
	}
	// Seen: the segment to the top centre, or to the top rim's leftmost or rightmost point as
	// the eye sees it (where a sliver past an edge shows), is clear.
	// Neighbouring cells mostly agree: after a hidden one, try the shadow proof first.
	if f.lastHidden && f.shadowed(c, r, zlo, zhi, d, a) {
		return false
	}
	u := c.Sub(f.o).Mul(r / d).Ortho()
	for _, p := range [3]r2.Point{c, c.Add(u), c.Sub(u)} {
		if f.clearTo(r3.Vector{X: p.X, Y: p.Y, Z: zhi}) {
			f.lastHidden = false
			return true
		}
	}
	// Hidden: convex parts whose shadows together hold the target.
	if !f.lastHidden && f.shadowed(c, r, zlo, zhi, d, a) {
		f.lastHidden = true
		return false
	}
	f.relVols = f.relVols[:0]
	for _, i := range f.rel {
		f.relVols = append(f.relVols, f.vols[i])
	}
	seen := Visible(f.eye, target, f.relVols)
	f.lastHidden = !seen
	return seen
}

// clearTo reports whether the segment from the eye to p passes through none of the relevant
// blockers (a convex blocker whose shadow plainly leaves p out needs no clipping).
func (f *SightField) clearTo(p r3.Vector) bool {
	for _, i := range f.rel {
		fb := &f.info[i]
		if fb.part1 == fb.part0+1 && f.parts[fb.part0].cert {
			fp := &f.parts[fb.part0]
			if fp.fast && fp.shadow.Excludes(p) {
				continue
			}
			if fp.shadow.Holds(p) {
				return false
			}
		}
		// A concave or round blocker lies in its outer prism: outside that shadow is outside its
		// own; and a segment through one of its convex parts passes through it.
		if fb.outer >= 0 && f.outers[fb.outer].Excludes(p) {
			continue
		}
		if fb.part1 > fb.part0+1 && f.throughPart(fb, p) {
			return false
		}
		if SegmentThroughVolume(f.eye, p, f.vols[i]) {
			return false
		}
	}
	return true
}

// throughPart reports whether one of fb's convex parts' shadows holds p (then the segment from the
// eye to p passes through the blocker).
func (f *SightField) throughPart(fb *fieldBlocker, p r3.Vector) bool {
	for k := fb.part0; k < fb.part1; k++ {
		if fp := &f.parts[k]; fp.cert && fp.shadow.Holds(p) {
			return true
		}
	}
	return false
}

// shadowed reports whether the relevant blockers' convex parts hide every point of the octagonal
// prism around the cylinder (c, r, zlo, zhi), which holds the cylinder. The prism's angular
// window is cut at every part's window edge; each piece — the prism clipped to the wedge between
// two consecutive cuts, a convex prism — must lie wholly in the shadow of one part whose window
// holds the wedge. A part's shadow (the points whose segment from the eye passes through its
// interior) is convex, so the piece lies in it when all its corners do. Every point of the prism
// lies in some piece, so a yes is a proof; a no only means the exact search must decide.
func (f *SightField) shadowed(c r2.Point, r, zlo, zhi, d, a float64) bool {
	// First the common case: one part's shadow holds the whole cylinder.
	for _, i := range f.rel {
		fb := &f.info[i]
		for p := fb.part0; p < fb.part1; p++ {
			if fp := &f.parts[p]; fp.cert && fp.shadow.HoldsCylinder(c, r, zlo, zhi) {
				return true
			}
		}
	}
	rr := r / math.Cos(math.Pi/8) // the octagon's corner radius
	if d <= rr+1e-6 {
		return false
	}
	h := math.Asin(rr/d) + 1e-9
	lo, hi := a-h, a+h
	f.cand, f.cuts = f.cand[:0], append(f.cuts[:0], lo, hi)
	for _, i := range f.rel {
		fb := &f.info[i]
		for p := fb.part0; p < fb.part1; p++ {
			pl, ph := shiftNear(f.parts[p].win, a)
			if ph <= lo || pl >= hi {
				continue
			}
			f.cand = append(f.cand, p)
			if pl > lo {
				f.cuts = append(f.cuts, pl)
			}
			if ph < hi {
				f.cuts = append(f.cuts, ph)
			}
		}
	}
	if len(f.cand) == 0 {
		return false
	}
	slices.Sort(f.cuts)
	last := int32(-1)
	for k := 0; k+1 < len(f.cuts); k++ {
		w0, w1 := f.cuts[k], f.cuts[k+1]
		if w1-w0 <= 1e-12 {
			continue
		}
		var piece [12]r2.Point
		pts := f.wedgeOctagon(c, rr, w0, w1, piece[:0])
		if len(pts) == 0 {
			continue
		}
		ok := last >= 0 && f.partHolds(last, a, w0, w1, pts, zlo, zhi)
		for _, p := range f.cand {
			if ok {
				break
			}
			if p != last && f.partHolds(p, a, w0, w1, pts, zlo, zhi) {
				ok, last = true, p
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// octagonDirs are the unit directions of a regular octagon's corners.
var octagonDirs = func() (o [8]r2.Point) {
	for k := range o {
		s, c := math.Sincos(float64(k) * math.Pi / 4)
		o[k] = r2.Point{X: c, Y: s}
	}
	return o
}()

// shiftNear is window w as a range lo ≤ hi on the real line, shifted by a multiple of 2π so that
// it lies nearest the angle a.
func shiftNear(w s1.Interval, a float64) (float64, float64) {
	lo, hi := Unwrapped(w)
	mid := (lo + hi) / 2
	k := math.Round((a - mid) / (2 * math.Pi))
	return lo + k*2*math.Pi, hi + k*2*math.Pi
}

// partHolds reports whether part p's window holds the wedge [w0, w1] and the segments from the
// eye to the piece's corners (pts at heights zlo and zhi) all pass through p's interior.
func (f *SightField) partHolds(p int32, a, w0, w1 float64, pts []r2.Point, zlo, zhi float64) bool {
	pl, ph := shiftNear(f.parts[p].win, a)
	if pl > w0 || ph < w1 {
		return false
	}
	// Each corner: the part's (or an inner prism's) shadow holds it, or, unless that shadow is
	// the part's own, the segment to it passes through the part.
	fp := &f.parts[p]
	for _, z := range [2]float64{zhi, zlo} {
		for _, q := range pts {
			c := r3.Vector{X: q.X, Y: q.Y, Z: z}
			if fp.cert && fp.shadow.Holds(c) {
				continue
			}
			if fp.fast || !SegmentThroughVolume(f.eye, c, fp.vol) {
				return false
			}
		}
	}
	return true
}

// wedgeOctagon appends to dst the corners of the regular octagon of corner radius rr about c
// clipped to the wedge of directions [w0, w1] from the eye (a convex polygon, or nothing).
func (f *SightField) wedgeOctagon(c r2.Point, rr, w0, w1 float64, dst []r2.Point) []r2.Point {
	var a, b [12]r2.Point
	poly := a[:0]
	for _, u := range octagonDirs {
		poly = append(poly, c.Add(u.Mul(rr)))
	}
	s0, c0 := math.Sincos(w0)
	s1, c1 := math.Sincos(w1)
	// Keep the side left of the ray at w0, then the side right of the ray at w1.
	poly = clipHalf(poly, b[:0], f.o, r2.Point{X: c0, Y: s0}, 1)
	return clipHalf(poly, dst, f.o, r2.Point{X: c1, Y: s1}, -1)
}

// clipHalf clips the convex polygon poly to the half-plane where sgn·(u × (q − o)) ≥ 0
// (Sutherland–Hodgman), appending the result to dst.
func clipHalf(poly, dst []r2.Point, o, u r2.Point, sgn float64) []r2.Point {
	n := len(poly)
	for i := range n {
		p, q := poly[i], poly[(i+1)%n]
		sp, sq := sgn*u.Cross(p.Sub(o)), sgn*u.Cross(q.Sub(o))
		if sp >= 0 {
			dst = append(dst, p)
		}
		if (sp >= 0) != (sq >= 0) {
			dst = append(dst, p.Add(q.Sub(p).Mul(sp/(sp-sq))))
		}
	}
	return dst
}

// Obscurer is a volume prepared for many CylinderHiddenBy questions from one SightField's eye:
// the shadows of its convex parts or of a prism inside it (InnerShadow: a segment through one
// passes through the volume) and of a convex prism holding it (a cylinder wholly outside that
// shadow is not hidden by it).
type Obscurer struct {
	vol       Volume
	parts     []Shadow
	outer     Shadow
	outerFast bool
}

// NewObscurer prepares v for CylinderHiddenBy from the field's eye.
func (f *SightField) NewObscurer(v Volume) *Obscurer {
	o := &Obscurer{vol: v}
	outer := outerPolygon(v.Foot)
	o.outer, o.outerFast = NewShadow(f.eye, Volume{Foot: newShape(outer, 0), Z: v.Z})
	switch {
	case f.eyeOn(v.Foot):
	case v.Foot.r == 0 && len(v.Foot.core) >= 3:
		for _, ring := range convexParts(v.Foot.core) {
			if sh, _, ok := InnerShadow(f.eye, Volume{Foot: newShape(ring, 0), Z: v.Z}); ok {
				o.parts = append(o.parts, sh)
			}
		}
	case v.Foot.convex:
		if sh, _, ok := InnerShadow(f.eye, v); ok {
			o.parts = append(o.parts, sh)
		}
	}
	return o
}

// eyeOn reports whether the eye stands on or next to s.
func (f *SightField) eyeOn(s Shape) bool { return s.DistanceToPoint(f.o) <= 1e-6 }

// outerPolygon is a convex polygon holding s: its hull, with every core point replaced by a
// regular 16-gon circumscribing its disc when s is grown by a radius.
func outerPolygon(s Shape) []r2.Point {
	if s.r == 0 {
		return convexHull(s.core)
	}
	const k = 16
	return polygonsHull(s.core, s.r/math.Cos(math.Pi/k)*(1+1e-9), k)
}

// CylinderHiddenBy reports whether some segment from the eye to a point of the cylinder
// (c, r, zlo, zhi) passes through the interior of o's volume: Hides(eye,
// {Cylinder(c, r, zlo, zhi)}, volume), exactly. Certificates first: every sight segment passing
// above or below it, the cylinder wholly outside the outer shadow (no); a segment to the axis
// through a part's shadow or through the volume (yes); else the exact search.
func (f *SightField) CylinderHiddenBy(c r2.Point, r, zlo, zhi float64, o *Obscurer) bool {
	b := o.vol
	// No: every sight segment passes wholly above or below b (see gather).
	if near := norm(c.Sub(f.o)) - r; near > 1e-6 {
		e, frac := f.eye.Z, fmin(1, farthestFrom(b.Foot, f.o)/near)
		if b.Z.Hi <= e-fmax(0, e-zlo)*frac+Eps || b.Z.Lo >= e+fmax(0, zhi-e)*frac-Eps {
			return false
		}
	}
	axis := [3]float64{zlo, zhi, (zlo + zhi) / 2}
	for _, z := range axis {
		p := r3.Vector{X: c.X, Y: c.Y, Z: z}
		for k := range o.parts {
			if o.parts[k].Holds(p) {
				return true
			}
		}
	}
	if o.outerFast && o.outer.MissesCylinder(c, r, zlo, zhi) {
		return false
	}
	for _, z := range axis {
		if SegmentThroughVolume(f.eye, r3.Vector{X: c.X, Y: c.Y, Z: z}, b) {
			return true
		}
	}
	return Hides(f.eye, f.cylinder(c, r, zlo, zhi), b)
}
