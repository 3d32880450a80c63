package geometry

import (
	"math"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/s1"
)

// AngularWindow is the range of directions under which the shape s is seen from the point o: the
// angles, measured counter-clockwise from the unit direction base, of the rays from o that meet
// s, widened by margin on each side. It is an s1.Interval (closed, on the circle: it wraps at ±π;
// s1.Interval.IsInverted when it runs across), the one angular-window type of the sight
// questions and the heat map. It is the full interval when o lies within tol of s, or when the
// range spans π − tol or more (then every direction may meet s).
//
// Each outline vertex's angle is taken within π of the first vertex's, so a window across ±π
// stays whole; a rounded shape widens each vertex's angle by asin(R/d). Angles come from atan2
// (math.Atan2 bit for bit), so the same shape, point and base give the same window on every
// platform.
func AngularWindow(o, base r2.Point, s Shape, tol, margin float64) s1.Interval {
	if len(s.core) == 0 || s.DistanceToPoint(o) <= tol {
		return s1.FullInterval()
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	var ref float64
	for k, p := range s.core {
		v := p.Sub(o)
		a := atan2(base.Cross(v), base.Dot(v))
		if k == 0 {
			ref = a
		} else {
			for a-ref > math.Pi {
				a -= 2 * math.Pi
			}
			for ref-a > math.Pi {
				a += 2 * math.Pi
			}
		}
		h := 0.0
		if s.r > 0 {
			d := norm(v)
			if d <= s.r+tol {
				return s1.FullInterval()
			}
			h = math.Asin(s.r / d)
		}
		lo, hi = fmin(lo, a-h), fmax(hi, a+h)
	}
	if hi-lo >= math.Pi-tol {
		return s1.FullInterval()
	}
	return WindowOf(lo-margin, hi+margin)
}

// WindowOf is the angular window from lo to hi (radians, lo ≤ hi, hi − lo < 2π; either may lie
// outside [−π, π]) as an s1.Interval.
func WindowOf(lo, hi float64) s1.Interval {
	return s1.IntervalFromEndpoints(reduceAngle(lo), reduceAngle(hi))
}

// reduceAngle brings an angle into [−π, π]: by one turn when it lies within a turn of that range
// (every window AngularWindow makes), else by math.Remainder.
func reduceAngle(x float64) float64 {
	if x >= -3*math.Pi && x <= 3*math.Pi {
		return wrapAngle(x)
	}
	return math.Remainder(x, 2*math.Pi)
}

// WindowAround is the window of the directions within h of the angle a (a within 2π of [−π, π],
// 0 ≤ h < π): the cheap form for the hot loops, where a comes from atan2.
func WindowAround(a, h float64) s1.Interval {
	return s1.IntervalFromEndpoints(wrapAngle(a-h), wrapAngle(a+h))
}

// wrapAngle brings an angle within 2π of [−π, π] into [−π, π].
func wrapAngle(x float64) float64 {
	switch {
	case x > math.Pi:
		return x - 2*math.Pi
	case x < -math.Pi:
		return x + 2*math.Pi
	}
	return x
}

// Unwrapped is window w as a range lo ≤ hi on the real line: lo in [−π, π], hi = lo + w's
// length (so hi may exceed π for a window across ±π). The full interval is [−π, π].
func Unwrapped(w s1.Interval) (lo, hi float64) {
	if w.IsInverted() {
		return w.Lo, w.Hi + 2*math.Pi
	}
	return w.Lo, w.Hi
}
