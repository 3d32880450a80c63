package rules

import (
	"math"
	"testing"

	"github.com/golang/geo/r2"
)

// TestToolHeading: the tool leaves along the facing (standard, compulsory), behind it (reverse),
// to the left (+90°) and to the right (−90°), reduced to [0, 360).
func TestToolHeading(t *testing.T) {
	for _, c := range []struct {
		m      ManeuverMode
		facing float64
		want   float64
	}{
		{ModeStandard, 30, 30}, {ModeCompulsory, 30, 30}, {ModeReverse, 30, 210}, {ModeReverse, 270, 90},
		{ModeStrafeLeft, 300, 30}, {ModeStrafeRight, 30, 300}, {ModeStrafeRight, 0, 270},
	} {
		if got := c.m.ToolHeading(c.facing); got != c.want {
			t.Errorf("%s facing %v: %v, want %v", c.m, c.facing, got, c.want)
		}
	}
}

// TestAimBend: with the tool's heading fixed at 0, a point straight beyond the joint is bend 0, one
// due north of the joint the bend clamps to maxBend (90° on the default profile), one at 45° is 45,
// and the joint itself keeps the bend.
func TestAimBend(t *testing.T) {
	w := maneuverWorld(t, 20, 18, 0, 40, 18, 0)
	q := MoveQuery{Mini: "ls-1", Speed: 1, Heading: 0, Bend: 12}
	s, err := w.Tool(q)
	if err != nil {
		t.Fatal(err)
	}
	j := s.Joint
	for _, c := range []struct {
		p    r2.Point
		want float64
	}{
		{j.Add(r2.Point{X: 3}), 0}, {j.Add(r2.Point{X: 1, Y: 1}), 45}, {j.Add(r2.Point{X: 1, Y: -1}), -45},
		{j.Add(r2.Point{X: -1, Y: 0.001}), w.File.Profile.MaxBend}, {j, 12},
	} {
		got, err := w.AimBend(q, c.p)
		if err != nil || math.Abs(got-c.want) > 1e-9 {
			t.Errorf("AimBend toward %v: %v, %v; want %v", c.p, got, err, c.want)
		}
	}
}
