package rules

import (
	"math"

	"github.com/golang/geo/r2"
)

// What the app's move tool asks of a maneuver: where the tool leaves a notched base and how its
// far-end handle bends it (the tool's heading is fixed by the facing and the mode).

// ToolHeading is the direction the tool leaves a notched base facing facing in mode m: the facing,
// +180° for a reverse, +90° for a strafe left, −90° for a strafe right (spec v1.1; CiteNotches),
// in [0, 360).
func (m ManeuverMode) ToolHeading(facing float64) float64 { return normDeg(facing + m.offset()) }

// AimBend is the bend that turns the second half of the tool of q (its heading fixed) from the
// joint towards p, limited to ±maxBend: the far-end handle of a notched base's tool. When p is the
// joint the query's bend is kept.
func (w *World) AimBend(q MoveQuery, p r2.Point) (float64, error) {
	s, err := w.Tool(q)
	if err != nil {
		return 0, err
	}
	d := p.Sub(s.Joint)
	if d.Norm() == 0 {
		return q.Bend, nil
	}
	maxBend := w.File.Profile.MaxBend
	bend := turnDeg(math.Atan2(d.Y, d.X)*180/math.Pi - q.Heading)
	return math.Max(-maxBend, math.Min(maxBend, bend)), nil
}
