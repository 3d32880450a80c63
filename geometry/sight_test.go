package geometry

import (
	"reflect"
	"testing"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"
)

const smallR = 1.063 / 2

func rect(x0, y0, x1, y1 float64) Shape {
	s, err := NewPolygon([]r2.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}})
	if err != nil {
		panic(err)
	}
	return s
}

func trooper(x, y float64) []Volume { return []Volume{Cylinder(r2.Point{X: x, Y: y}, smallR, 0, 1.65)} }

func eyeOf(x, y, z float64) r3.Vector { return r3.Vector{X: x, Y: y, Z: z} }

// TestSightHandCases are worked by hand (the derivations are in the comments; several are the
// public conformance cases' notes).
func TestSightHandCases(t *testing.T) {
	wall := Prism(rect(20, 14, 21, 22), 0, 3)
	low := Prism(rect(20, 3, 20.5, 9), 0, 0.8)
	wallN := Prism(rect(30, 18.1705, 30.3, 24), 0, 5)
	wallS := Prism(rect(30, 12, 30.3, 18.0205), 0, 5)
	wallE1 := Prism(rect(30, 27, 30.3, 31.05), 0, 5)
	wallE2 := Prism(rect(30, 30.95, 30.3, 35), 0, 5)
	tower := Prism(rect(8, 14, 14, 22), 0, 3)
	wall1 := Prism(rect(20, 14, 20.5, 22), 0, 2)
	tank := Cylinder(r2.Point{X: 16, Y: 18}, 3.937/2, 0, 3)
	bunker := Prism(rect(30, 14, 36, 22), 0, 2.5)
	cases := []struct {
		name     string
		eye      r3.Vector
		target   []Volume
		blockers []Volume
		visible  bool
		hiders   []int
	}{
		// Every segment from (10,18,1.65) to a mini at (30,18) stays below z 1.65 < 3 and crosses
		// the wall.
		{"behind a tall wall", eyeOf(10, 18, 1.65), trooper(30, 18), []Volume{wall}, false, []int{0}},
		// A ray clears the wall corner (20,22) only with slope dy/dx ≥ 0.4; the nearest point of
		// (30,27) has slope 8.47/20.53 = 0.413.
		{"beside the wall", eyeOf(10, 18, 1.65), trooper(30, 27), []Volume{wall}, true, nil},
		// The centre of (40,30) has slope exactly 0.4: half hidden.
		{"half behind the wall", eyeOf(10, 18, 1.65), trooper(40, 30), []Volume{wall}, true, []int{0}},
		// Over a 0.8-high wall: the head is seen, the base is hidden (z 0.364 at the wall).
		{"over a low wall", eyeOf(10, 6, 1.65), trooper(24, 6), []Volume{low}, true, []int{0}},
		// A 0.15" gap between two 5-high walls: a sliver of the target is seen.
		{"through a 0.15 gap", eyeOf(10, 18, 1.65), trooper(32, 18), []Volume{wallN, wallS}, true, []int{0, 1}},
		{"back through the gap", eyeOf(32, 18, 1.65), trooper(10, 18), []Volume{wallN, wallS}, true, []int{1}},
		// The walls overlap by 0.1: no gap.
		{"overlapping walls", eyeOf(10, 31, 1.65), trooper(32, 31), []Volume{wallE1, wallE2}, false, []int{0, 1}},
		// From the 3-high tower (eye z 4.65) over a 2-high wall.
		{"from a tower", eyeOf(12, 18, 4.65), trooper(30, 18), []Volume{tower, wall1}, true, nil},
		{"up at the tower", eyeOf(30, 18, 1.65), []Volume{Cylinder(r2.Point{X: 12, Y: 18}, smallR, 3, 4.65)}, []Volume{tower, wall1}, true, []int{0}},
		{"under the roof edge", eyeOf(12, 18, 4.65), trooper(14.9, 18), []Volume{tower, wall1}, false, []int{0}},
		// A ground vehicle (huge base, height 3) between two troopers.
		{"behind a tank", eyeOf(8, 18, 1.65), trooper(24, 18), []Volume{tank}, false, []int{0}},
		// Standing on a 2.5-high bunker: from below the roof the bases are hidden by it; from
		// above (eye 5.15) every segment stays above the roof (the base bottom is only grazed).
		{"elevated, from below", eyeOf(14, 18, 1.65), []Volume{Cylinder(r2.Point{X: 31.5, Y: 17}, smallR, 2.5, 4.15)}, []Volume{bunker}, true, []int{0}},
		{"elevated, from above", eyeOf(14, 30, 5.15), []Volume{Cylinder(r2.Point{X: 31.5, Y: 17}, smallR, 2.5, 4.15)}, []Volume{bunker}, true, nil},
		{"no blockers", eyeOf(0, 0, 1), trooper(5, 5), nil, true, nil},
	}
	for _, tc := range cases {
		got := See(tc.eye, tc.target, tc.blockers)
		if got.Visible != tc.visible || !reflect.DeepEqual(got.Hiders, tc.hiders) {
			t.Errorf("%s: got visible %v hiders %v, want %v %v", tc.name, got.Visible, got.Hiders, tc.visible, tc.hiders)
		}
	}
}
