package geometry

import "github.com/golang/geo/r2"

// PolylineLength is the length of the polyline through path (0 for fewer than two points).
func PolylineLength(path []r2.Point) float64 {
	l := 0.0
	for i := 1; i < len(path); i++ {
		l += dist(path[i-1], path[i])
	}
	return l
}

// PolylinePoint is the point at distance t along the polyline path, t clamped to
// [0, PolylineLength(path)]: path[0] at t ≤ 0, the last point at t ≥ the length, and on the way
// the point a fraction (t − T)/L along the segment of length L that starts at distance T.
// An empty path gives the zero point.
func PolylinePoint(path []r2.Point, t float64) r2.Point {
	if len(path) == 0 {
		return r2.Point{}
	}
	if !(t > 0) {
		return path[0]
	}
	for i := 1; i < len(path); i++ {
		l := dist(path[i-1], path[i])
		if t < l {
			return path[i-1].Add(path[i].Sub(path[i-1]).Mul(t / l))
		}
		t -= l
	}
	return path[len(path)-1]
}
