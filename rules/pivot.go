package rules

import (
	"fmt"
	"math"
	"slices"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/table"
)

// PivotLimit is how far one pivot of the unit may turn each way: 90°, or 360° with Full Pivot
// (CitePivot, CiteFullPivot).
func (u *Unit) PivotLimit() float64 {
	if u.Keywords.FullPivot {
		return 360
	}
	return MaxPivot
}

// PivotQuery turns a notched mini about its base centre by Turn degrees (counter-clockwise
// positive; a Full Pivot may turn up to ±360). Foot is the mini's base as it stands when the base
// is not the round disc the table file gives it (an elongated vehicle base); nil for the disc.
type PivotQuery struct {
	Mini string
	Turn float64
	Foot *geometry.Shape
}

// PivotBy answers a pivot by a signed turn (RRG 2.0 Drehung L5017–5051; CitePivot): only notched
// bases pivot; the turn is at most the unit's PivotLimit each way; the base turns about its centre,
// and a base that is not round may not overlap another mini's base at any moment of the turn
// unless it displaces that mini: a ground vehicle's displaces the trooper minis it sweeps
// (displaceable ones: not engaged); any other base it sweeps stops the pivot (CitePivotSweep). The
// sweep is exact (geometry.RotationSweepCoreDistance). A round base sweeps nothing new.
func (w *World) PivotBy(q PivotQuery, flags ContactFlags) (PivotAnswer, error) {
	m, err := w.Mini(q.Mini)
	if err != nil {
		return PivotAnswer{}, err
	}
	if math.IsNaN(q.Turn) || math.IsInf(q.Turn, 0) {
		return PivotAnswer{}, fmt.Errorf("a turn of %g is not a number of degrees", q.Turn)
	}
	u := m.Unit
	a := PivotAnswer{Facing: normDeg(m.Facing + q.Turn), Turn: q.Turn, Notched: u.Notched(), Limit: u.PivotLimit()}
	a.Knob = m.Centre().Add(dirDeg(a.Facing).Mul(m.Radius()))
	cite := CitePivot
	if u.Keywords.FullPivot {
		cite = CiteFullPivot
	}
	switch {
	case !a.Notched:
		a.Reasons = append(a.Reasons, Reason{Rule: "pivot.round", Cite: CitePivot,
			Text: fmt.Sprintf("%s stands on a round base: troopers do not pivot, their facing does not matter", m.ID), IDs: []string{m.ID}})
		return a, nil
	case math.Abs(q.Turn) > a.Limit+1e-9:
		a.Reasons = append(a.Reasons, Reason{Rule: "pivot.far", Cite: cite,
			Text: fmt.Sprintf("%s turns %+.4g°, more than one pivot's %g°", m.ID, q.Turn, a.Limit), IDs: []string{m.ID}})
		return a, nil
	}
	foot := m.Foot
	if q.Foot != nil {
		foot = *q.Foot
	}
	displaces := u.Type == table.Ground && q.Foot != nil
	for _, o := range w.Minis {
		if o.Unit == u {
			continue
		}
		if d := geometry.RotationSweepCoreDistance(foot, m.Centre(), q.Turn, o.Foot); d < foot.R()+o.Foot.R()-geometry.Eps {
			a.Swept = append(a.Swept, o.ID)
			if displaces && w.Displaceable(o, flags) {
				a.Displaced = append(a.Displaced, o.ID)
			} else {
				a.Blocked = append(a.Blocked, o.ID)
			}
		}
	}
	slices.Sort(a.Swept)
	a.Legal = len(a.Blocked) == 0
	a.Reasons = append(a.Reasons, Reason{Rule: "pivot.ok", Cite: cite,
		Text: fmt.Sprintf("%s turns %+.4g°, within %g°", m.ID, q.Turn, a.Limit), IDs: []string{m.ID}})
	if len(a.Displaced) > 0 {
		a.Reasons = append(a.Reasons, Reason{Rule: "pivot.displace", Cite: CitePivotSweep,
			Text: fmt.Sprintf("the turning base sweeps %s, which it displaces", joinIDs(a.Displaced)), IDs: a.Displaced})
	}
	if len(a.Blocked) > 0 {
		a.Reasons = append(a.Reasons, Reason{Rule: "pivot.blocked", Cite: CitePivotSweep,
			Text: fmt.Sprintf("the turning base would overlap %s, which it cannot displace", joinIDs(a.Blocked)), IDs: a.Blocked})
	}
	return a, nil
}

// RepositionQuery is a standard move with Reposition: one pivot by Turn, either before the move
// (After false) or after it, never both. Foot is as in PivotQuery.
type RepositionQuery struct {
	Move  ManeuverQuery
	Turn  float64
	After bool
	Foot  *geometry.Shape
}

// RepositionAnswer is the pivot and the move of a Reposition, the facing at the end, and whether
// both are legal.
type RepositionAnswer struct {
	Pivot   PivotAnswer
	Move    ManeuverAnswer
	Facing  float64
	Legal   bool
	Reasons []Reason
}

// Reposition answers a standard move with one pivot before or after it, for a notched unit with
// Reposition (RRG 2.0 Neupositionieren L8373–8400; CiteReposition). Before: the pivot about the
// start, then the move along the new facing. After: the move, then the pivot about its end (its
// sweep tested where the base then stands). A non-round Foot is carried along (turned and moved
// with the base).
func (w *World) Reposition(q RepositionQuery, flags ContactFlags) (RepositionAnswer, error) {
	m, err := w.Mini(q.Move.Mini)
	if err != nil {
		return RepositionAnswer{}, err
	}
	u := m.Unit
	switch {
	case !u.Keywords.Reposition:
		return RepositionAnswer{}, fmt.Errorf("unit %s has no Reposition", u.ID)
	case !u.Notched():
		return RepositionAnswer{}, fmt.Errorf("unit %s stands on round bases: it does not pivot", u.ID)
	case q.Move.Mode != ModeStandard:
		return RepositionAnswer{}, fmt.Errorf("Reposition goes with a standard move, not a %s", q.Move.Mode)
	}
	var ans RepositionAnswer
	if !q.After {
		if ans.Pivot, err = w.PivotBy(PivotQuery{Mini: m.ID, Turn: q.Turn, Foot: q.Foot}, flags); err != nil {
			return RepositionAnswer{}, err
		}
		turned := *m
		tm := *m.Mini
		tm.Facing = m.Facing + q.Turn
		turned.Mini = &tm
		if ans.Move, err = w.maneuver(&turned, q.Move, moveOpts{}); err != nil {
			return RepositionAnswer{}, err
		}
	} else {
		if ans.Move, err = w.maneuver(m, q.Move, moveOpts{}); err != nil {
			return RepositionAnswer{}, err
		}
		end := r2.Point{X: ans.Move.X, Y: ans.Move.Y}
		w2 := w.With(map[string]MiniPlace{m.ID: {X: end.X, Y: end.Y, Z: m.Z, Facing: ans.Move.Facing}})
		var foot *geometry.Shape
		if q.Foot != nil {
			f := q.Foot.Rotate(m.Centre(), ans.Move.Facing-m.Facing).Translate(end.Sub(m.Centre()))
			foot = &f
		}
		if ans.Pivot, err = w2.PivotBy(PivotQuery{Mini: m.ID, Turn: q.Turn, Foot: foot}, flags.Without(m.ID)); err != nil {
			return RepositionAnswer{}, err
		}
	}
	if q.After {
		ans.Facing = answerDeg(ans.Move.Facing + q.Turn)
	} else {
		ans.Facing = ans.Move.Facing
	}
	ans.Legal = ans.Pivot.Legal && ans.Move.Legal
	when := "before"
	if q.After {
		when = "after"
	}
	ans.Reasons = append(ans.Reasons, Reason{Rule: "reposition", Cite: CiteReposition,
		Text: fmt.Sprintf("%s pivots %+.4g° %s its standard move and ends facing %g°", m.ID, q.Turn, when, ans.Facing), IDs: []string{m.ID}})
	ans.Reasons = append(ans.Reasons, ans.Pivot.Reasons...)
	ans.Reasons = append(ans.Reasons, ans.Move.Reasons...)
	return ans, nil
}
