package geometry

import (
	"testing"

	"github.com/golang/geo/r2"
)

func TestPolyline(t *testing.T) {
	path := []r2.Point{pt(0, 0), pt(3, 4), pt(3, 4), pt(3, 10)}
	if l := PolylineLength(path); l != 11 {
		t.Errorf("length %v, want 11", l)
	}
	cases := []struct {
		t    float64
		want r2.Point
	}{
		{-1, pt(0, 0)}, {0, pt(0, 0)}, {2.5, pt(1.5, 2)}, {5, pt(3, 4)}, {8, pt(3, 7)}, {11, pt(3, 10)}, {20, pt(3, 10)},
	}
	for _, c := range cases {
		if got := PolylinePoint(path, c.t); !near(got.X, c.want.X, 1e-15) || !near(got.Y, c.want.Y, 1e-15) {
			t.Errorf("PolylinePoint(%v) = %v, want %v", c.t, got, c.want)
		}
	}
	if PolylineLength(nil) != 0 || PolylineLength(path[:1]) != 0 || PolylinePoint(nil, 3) != (r2.Point{}) || PolylinePoint(path[:1], 3) != pt(0, 0) {
		t.Error("degenerate paths")
	}
}
