package swm

// The exact kernel of line of sight: a line through a lattice-rational point with an integer
// direction, the stretch of it inside a space, and whether a wall run meets a closed stretch of
// it. Everything is int64 and exact; nothing is rounded.
//
// Coordinates are lattice units times a scale s (2 for the exact search, whose pivots are
// half-integers; 2k for k × k samples per square). A line is m + t·d with m in scaled units; it is
// kept transposed so that its dominant axis is "u" (|du| ≥ |dv|, du > 0): every point of the line
// is named by its u coordinate, and the order of points along the line is the order of u. A u
// coordinate is a fraction: an integer where the line crosses a grid line u = c, or
// (mu·dv + (c − mv)·du)/dv where it crosses v = c.
//
// Magnitudes: the map is at most 100 squares a side (table.MaxGridSide), so scaled coordinates
// stay below 2000, and the perturbed directions of the exact search below 6·10⁶ (the factor K of
// los.go is 2L² + 1 with L² = W² + H² ≤ 20000). Numerators stay below 10¹¹ and every product
// compared below 10¹⁸ < 2⁶³.

// frac is the rational n/d with d > 0.
type frac struct{ n, d int64 }

func (a frac) less(b frac) bool { return a.n*b.d < b.n*a.d }
func (a frac) cmp(b frac) int {
	l, r := a.n*b.d, b.n*a.d
	switch {
	case l < r:
		return -1
	case l > r:
		return 1
	}
	return 0
}
func fmax(a, b frac) frac {
	if a.less(b) {
		return b
	}
	return a
}
func fmin(a, b frac) frac {
	if b.less(a) {
		return b
	}
	return a
}

// line is m + t·d in scaled units, transposed to (u, v) so that du > 0 and |dv| ≤ du.
type line struct {
	s              int64 // scale: scaled = s × lattice
	mu, mv, du, dv int64
	swap           bool // u is y
}

func newLine(s, mx, my, dx, dy int64) line {
	l := line{s: s}
	if abs64(dy) > abs64(dx) {
		l.swap = true
		mx, my, dx, dy = my, mx, dy, dx
	}
	if dx < 0 {
		dx, dy = -dx, -dy
	}
	l.mu, l.mv, l.du, l.dv = mx, my, dx, dy
	return l
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// uAtV is the u coordinate where the line crosses v = c (scaled); dv must not be 0.
func (l line) uAtV(c int64) frac {
	n, d := l.mu*l.dv+(c-l.mv)*l.du, l.dv
	if d < 0 {
		n, d = -n, -d
	}
	return frac{n, d}
}

// point returns the scaled (x, y) of the line's point at u (as float64, for a witness).
func (l line) point(u frac) (x, y float64) {
	uf := float64(u.n) / float64(u.d)
	vf := float64(l.mv) + (uf-float64(l.mu))*float64(l.dv)/float64(l.du)
	if l.swap {
		return vf, uf
	}
	return uf, vf
}

// chord is the stretch of a line inside a space: the closed u-interval [lo, hi] where the line
// meets the closed square block, and whether it passes through the block's interior.
type chord struct {
	lo, hi frac
	inner  bool
}

// chordOf returns the line's chord through space sp, and false when the line misses it.
func (l line) chordOf(sp Space) (chord, bool) {
	x0, y0 := int64(sp.X)*l.s, int64(sp.Y)*l.s
	x1, y1 := x0+int64(sp.N)*l.s, y0+int64(sp.N)*l.s
	u0, u1, v0, v1 := x0, x1, y0, y1
	if l.swap {
		u0, u1, v0, v1 = y0, y1, x0, x1
	}
	if l.dv == 0 {
		if l.mv < v0 || l.mv > v1 {
			return chord{}, false
		}
		return chord{frac{u0, 1}, frac{u1, 1}, v0 < l.mv && l.mv < v1}, true
	}
	a, b := l.uAtV(v0), l.uAtV(v1)
	if b.less(a) {
		a, b = b, a
	}
	lo, hi := fmax(frac{u0, 1}, a), fmin(frac{u1, 1}, b)
	if hi.less(lo) {
		return chord{}, false
	}
	return chord{lo, hi, lo.less(hi)}, true
}

// meets reports whether the run r meets the line at a point whose u lies in the closed interval
// [lo, hi] (an open end of the run is not part of it).
func (l line) meets(r *run, lo, hi frac) bool {
	c, a, b := int64(r.c)*l.s, int64(r.lo)*l.s, int64(r.hi)*l.s
	// Is the run at constant u (it crosses the line's dominant axis) or at constant v?
	if r.horizontal == l.swap { // vertical run and u = x, or horizontal run and u = y
		cu := frac{c, 1}
		if cu.less(lo) || hi.less(cu) {
			return false
		}
		// v at u = c, times du (du > 0).
		vn := l.mv*l.du + (c-l.mu)*l.dv
		lo, hi := a*l.du, b*l.du
		return (lo < vn || lo == vn && !r.openLo) && (vn < hi || vn == hi && !r.openHi)
	}
	if l.dv == 0 { // parallel: it meets only if it lies on the line
		if l.mv != c {
			return false
		}
		ra, rb := frac{a, 1}, frac{b, 1}
		okLo := ra.less(hi) || ra.cmp(hi) == 0 && !r.openLo
		okHi := lo.less(rb) || lo.cmp(rb) == 0 && !r.openHi
		return okLo && okHi
	}
	u := l.uAtV(c)
	if u.less(lo) || hi.less(u) {
		return false
	}
	ra, rb := frac{a, 1}, frac{b, 1}
	x, y := ra.cmp(u), u.cmp(rb)
	return (x < 0 || x == 0 && !r.openLo) && (y < 0 || y == 0 && !r.openHi)
}

// crossesInside reports whether the run crosses the line transversally at a point inside the run
// (not at an end) whose u lies strictly between lo and hi: every line near this one then meets the
// run too, between the same spaces.
func (l line) crossesInside(r *run, lo, hi frac) bool {
	c, a, b := int64(r.c)*l.s, int64(r.lo)*l.s, int64(r.hi)*l.s
	if r.horizontal == l.swap {
		cu := frac{c, 1}
		if !lo.less(cu) || !cu.less(hi) {
			return false
		}
		vn := l.mv*l.du + (c-l.mu)*l.dv
		return a*l.du < vn && vn < b*l.du
	}
	if l.dv == 0 {
		return false
	}
	u := l.uAtV(c)
	return lo.less(u) && u.less(hi) && (frac{a, 1}).less(u) && u.less(frac{b, 1})
}

// span returns the closed u-interval where the run, taken with both its ends, meets the line.
func (l line) span(r *run) (lo, hi frac, ok bool) {
	c, a, b := int64(r.c)*l.s, int64(r.lo)*l.s, int64(r.hi)*l.s
	if r.horizontal == l.swap {
		vn := l.mv*l.du + (c-l.mu)*l.dv
		if vn < a*l.du || vn > b*l.du {
			return frac{}, frac{}, false
		}
		return frac{c, 1}, frac{c, 1}, true
	}
	if l.dv == 0 {
		if l.mv != c {
			return frac{}, frac{}, false
		}
		return frac{a, 1}, frac{b, 1}, true
	}
	u := l.uAtV(c)
	if u.less(frac{a, 1}) || (frac{b, 1}).less(u) {
		return frac{}, frac{}, false
	}
	return u, u, true
}
