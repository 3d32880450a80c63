package geometry

import "math"

// atan2 is math.Atan2, bit for bit, in one function. Go's WebAssembly backend pays for every
// call, and math.Atan2 makes three (atan2, atan, satan) besides its polynomial; the sight fields
// and the exact visibility search take an angle for every cell, outline vertex and critical
// point. TestAtan2 compares it with math.Atan2 on special and random arguments. (math has no
// assembly Atan2 but on s390x, so this is the same arithmetic math does on every platform the
// project builds for.)
func atan2(y, x float64) float64 {
	// The special cases, as math.atan2.
	switch {
	case math.IsNaN(y) || math.IsNaN(x):
		return math.NaN()
	case y == 0:
		if x >= 0 && !math.Signbit(x) {
			return math.Copysign(0, y)
		}
		return math.Copysign(math.Pi, y)
	case x == 0:
		return math.Copysign(math.Pi/2, y)
	case math.IsInf(x, 0):
		if math.IsInf(x, 1) {
			if math.IsInf(y, 0) {
				return math.Copysign(math.Pi/4, y)
			}
			return math.Copysign(0, y)
		}
		if math.IsInf(y, 0) {
			return math.Copysign(3*math.Pi/4, y)
		}
		return math.Copysign(math.Pi, y)
	case math.IsInf(y, 0):
		return math.Copysign(math.Pi/2, y)
	}
	// q = atan(y/x), as math.atan and math.satan: the argument reduced to [0, 0.66], then
	// math.xatan's rational approximation.
	t := y / x
	q := t
	if t != 0 {
		a := math.Abs(t)
		const (
			morebits = 6.123233995736765886130e-17 // pi/2 = PIO2 + Morebits
			tan3pio8 = 2.41421356237309504880      // tan(3*pi/8)
			p0       = -8.750608600031904122785e-01
			p1       = -1.615753718733365076637e+01
			p2       = -7.500855792314704667340e+01
			p3       = -1.228866684490136173410e+02
			p4       = -6.485021904942025371773e+01
			q0       = +2.485846490142306297962e+01
			q1       = +1.650270098316988542046e+02
			q2       = +4.328810604912902668951e+02
			q3       = +4.853903996359136964868e+02
			q4       = +1.945506571482613964425e+02
		)
		r := a
		switch {
		case a > tan3pio8:
			r = 1 / a
		case a > 0.66:
			r = (a - 1) / (a + 1)
		}
		z := r * r
		z = z * ((((p0*z+p1)*z+p2)*z+p3)*z + p4) / (((((z+q0)*z+q1)*z+q2)*z+q3)*z + q4)
		z = r*z + r
		switch {
		case a > tan3pio8:
			q = math.Pi/2 - z + morebits
		case a > 0.66:
			q = math.Pi/4 + z + 0.5*morebits
		default:
			q = z
		}
		if t < 0 {
			q = -q
		}
	}
	if x < 0 {
		if q <= 0 {
			return q + math.Pi
		}
		return q - math.Pi
	}
	return q
}
