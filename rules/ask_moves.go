package rules

import "holotable/table"

// The judge's v1.1 queries (spec scenario-v1 "Facing, the other moves, firing arcs and climbing"):
// maneuver, arc and climb.

// askManeuver answers a maneuver query into a: x, y, facing, blocked, blockedBy, maxSpeed, legal,
// wounds.
func (w *World) askManeuver(q table.Query, a *Answer) {
	mode, ok := ParseManeuverMode(q.Mode)
	if !ok {
		a.Err = errModeWord
		return
	}
	r, err := w.Maneuver(ManeuverQuery{Mini: q.Mini, Mode: mode, Speed: q.MoveSpeed, Bend: q.Bend, Fraction: q.Fraction,
		Heading: q.Heading, HasSpeed: q.Has["speed"], HasFraction: q.Has["fraction"], HasHeading: q.Has["heading"]})
	a.Err, a.Reasons = err, r.Reasons
	var by any
	if r.BlockedBy != "" {
		by = r.BlockedBy
	}
	a.set("x", round4(r.X), "y", round4(r.Y), "facing", r.Facing, "blocked", r.Blocked, "blockedBy", by,
		"maxSpeed", r.MaxSpeed, "legal", r.Legal, "wounds", r.Wounds)
}

// askArc answers an arc query into a: inArc, minis.
func (w *World) askArc(q table.Query, a *Answer) {
	arc, ok := ParseArc(q.Arc)
	if !ok {
		a.Err = errArcWord
		return
	}
	r, err := w.InArc(q.From, q.To, arc)
	a.Err, a.Reasons = err, r.Reasons
	a.set("inArc", r.InArc, "minis", r.Minis)
}

// askClimb answers a climb query into a: x, y, z, actions, dice, legal.
func (w *World) askClimb(q table.Query, a *Answer) {
	mode, ok := ParseClimbMode(q.Mode)
	if !ok {
		a.Err = errClimbWord
		return
	}
	r, err := w.ClimbOnto(q.Mini, q.Onto, mode)
	a.Err, a.Reasons = err, r.Reasons
	a.set("x", round4(r.X), "y", round4(r.Y), "z", round4(r.Z), "actions", r.Actions, "dice", r.Dice, "legal", r.Legal)
}

// set appends the answer's fields, given as key, value pairs in spec order.
func (a *Answer) set(kv ...any) {
	for i := 0; i+1 < len(kv); i += 2 {
		a.Fields = append(a.Fields, Field{kv[i].(string), kv[i+1]})
	}
}
