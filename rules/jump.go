package rules

import (
	"fmt"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/table"
)

// JumpAnswer is a Jump X move: the move, and the elevation its leader ends at.
type JumpAnswer struct {
	ManeuverAnswer
	Z float64 // the base bottom at the end: the top of the highest passed-over solid standable piece under the base, else the table (0)
}

// Jump answers a Jump X card action of a unit with Jump X (RRG 2.0 Springen X L10370–10423;
// CiteJump): a standard move (q's mode must be standard) during which terrain whose top is at most
// X·rangeSegment above the leader's base (measured from the start) is ignored — neither an obstacle
// nor impassable — and may be ended on, as may any terrain lower than the start; minis whose top is
// at most that high do not stop it, but it may not end overlapping a base; difficult terrain is
// ignored (max speed is the unit's speed). The leader ends on the top of the highest solid,
// standable piece it passed over that its end base overlaps, or on the table.
func (w *World) Jump(q ManeuverQuery) (JumpAnswer, error) {
	m, err := w.Mini(q.Mini)
	if err != nil {
		return JumpAnswer{}, err
	}
	u, p := m.Unit, w.File.Profile
	switch {
	case !u.Keywords.Jump.Has:
		return JumpAnswer{}, fmt.Errorf("unit %s has no Jump X", u.ID)
	case q.Mode != ModeStandard:
		return JumpAnswer{}, fmt.Errorf("Jump X is a standard move, not a %s", q.Mode)
	}
	// Checks of speed, bend, fraction and heading as for a standard maneuver, without moving.
	probe := q
	probe.Fraction, probe.HasFraction = 0, true
	if _, err := w.maneuver(m, probe, moveOpts{}); err != nil {
		return JumpAnswer{}, err
	}
	top := m.Z + u.Keywords.Jump.X*p.RangeSegment
	fraction := 1.0
	if q.HasFraction {
		fraction = q.Fraction
	}
	d0 := q.Heading
	if u.Notched() {
		d0 = m.Facing
	}
	ans := JumpAnswer{ManeuverAnswer: ManeuverAnswer{Mode: ModeStandard}}
	ans.MoveAnswer = w.run(toolRun{m: m, speed: q.Speed, d0: d0, bend: q.Bend, fraction: fraction, pass: passing{top, top}})
	ans.MaxSpeed = u.Speed
	ans.Difficult = nil
	ans.Legal = q.Speed <= u.Speed && ans.BlockedBy != "edge" && len(ans.EndClash) == 0
	ans.Reasons = append(ans.Reasons, Reason{Rule: "jump", Cite: CiteJump,
		Text: fmt.Sprintf("Jump %g: terrain and minis up to %.4g high (height %g above the start) are ignored, difficult terrain too", u.Keywords.Jump.X, top, u.Keywords.Jump.X),
		IDs:  []string{m.ID}})
	if len(ans.EndClash) > 0 {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "move.end", Cite: CiteJump,
			Text: fmt.Sprintf("the end position overlaps %s", joinIDs(ans.EndClash)), IDs: ans.EndClash})
	}
	w.endFacing(&ans.ManeuverAnswer, m, d0, q.Bend)
	end := geometry.Circle(r2.Point{X: ans.X, Y: ans.Y}, m.Radius())
	for _, t := range w.Terrain {
		if t.Kind == table.Solid && t.Standable && t.Height <= top+p.Epsilon && t.Height > ans.Z && geometry.Overlap(end, t.Foot) {
			ans.Z = t.Height
		}
	}
	return ans, nil
}
