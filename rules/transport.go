package rules

import (
	"fmt"
	"slices"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/table"
)

// TransportAnswer is an embark or a disembark: the leader's speed-1 move and whether the whole is
// legal.
type TransportAnswer struct {
	Move  ManeuverAnswer
	Legal bool
	// ContactAt (embark only): when the end does not touch the vehicle, the fraction of the full
	// move at which the leader's base first touches it (−1: never), as ChargeAnswer's.
	ContactAt float64
	Reasons   []Reason
}

// mayCarry is the sentence why vehicle v (carrying carried units already) cannot carry unit u, or
// nil: v is a friendly vehicle with Transport X and room; it carries trooper units, a light one
// only single-mini trooper units on round bases (RRG 2.0 Transporter X L10799–10821, Leichter
// Transporter X L8077–8096).
func mayCarry(v, u *Unit, carried int) error {
	t := v.Keywords.Transport
	switch {
	case v == u:
		return fmt.Errorf("unit %s cannot carry itself", u.ID)
	case t.Capacity == 0:
		return fmt.Errorf("unit %s is no transport", v.ID)
	case Enemies(u, v):
		return fmt.Errorf("unit %s is not a friendly vehicle of %s", v.ID, u.ID)
	case !u.IsTrooper():
		return fmt.Errorf("a transport carries trooper units; %s is %s", u.ID, u.Type)
	case t.Light && (u.Type != table.Trooper || len(u.Minis) != 1):
		return fmt.Errorf("%s is a light transport: it carries single-mini trooper units on round bases only", v.ID)
	case carried >= t.Capacity:
		return fmt.Errorf("%s carries %d of %d units already", v.ID, carried, t.Capacity)
	}
	return nil
}

// EmbarkQuery is a unit embarking: its leader's speed-1 move (Move, standard; its speed is set to
// 1) ending in base contact with the transport Vehicle (a unit id), which carries Carried units
// already.
type EmbarkQuery struct {
	Move    ManeuverQuery
	Vehicle string
	Carried int
}

// Embark answers a unit embarking on a friendly transport (RRG 2.0 Ein- und Aussteigen
// L5132–5145; CiteEmbark): a speed-1 move that places its leader in base contact with the vehicle,
// which must be able to carry it; an engaged unit cannot move. After it, the unit is taken off the
// table and measures from the vehicle (MeasuresFrom).
func (w *World) Embark(q EmbarkQuery, flags ContactFlags) (TransportAnswer, error) {
	m, err := w.Mini(q.Move.Mini)
	if err != nil {
		return TransportAnswer{}, err
	}
	v, err := w.Unit(q.Vehicle)
	if err != nil {
		return TransportAnswer{}, err
	}
	if err := mayCarry(v, m.Unit, q.Carried); err != nil {
		return TransportAnswer{}, err
	}
	if q.Move.Mode != ModeStandard {
		return TransportAnswer{}, fmt.Errorf("embarking is a speed-1 move, not a %s", q.Move.Mode)
	}
	q.Move.Speed, q.Move.HasSpeed = 1, true
	mv, err := w.maneuver(m, q.Move, moveOpts{})
	if err != nil {
		return TransportAnswer{}, err
	}
	ans := TransportAnswer{Move: mv, ContactAt: -1}
	end := geometry.Circle(r2.Point{X: mv.X, Y: mv.Y}, m.Radius())
	p := w.File.Profile
	touches := false
	for _, o := range v.Minis {
		if geometry.Distance(end, o.Foot) <= p.ContactTolerance+p.Epsilon {
			touches = true
		}
	}
	if !touches || !mv.Legal {
		ans.ContactAt = contactAt(mv.Planned, m.Radius(), v.Minis)
	}
	engaged := w.EngagedWith(m.Unit, flags)
	ans.Legal = mv.Legal && touches && len(engaged) == 0
	ans.Reasons = append(ans.Reasons, Reason{Rule: "embark", Cite: CiteEmbark,
		Text: fmt.Sprintf("%s embarks on %s with a speed-1 move of %s into base contact with it", m.Unit.ID, v.ID, m.ID), IDs: []string{m.Unit.ID, v.ID}})
	switch {
	case !mv.Legal:
		ans.Reasons = append(ans.Reasons, mv.Reasons...)
	case !touches:
		ans.Reasons = append(ans.Reasons, Reason{Rule: "embark.short", Cite: CiteEmbark,
			Text: fmt.Sprintf("the leader's end is not in base contact with %s", v.ID), IDs: []string{v.ID}})
	case len(engaged) > 0:
		ans.Reasons = append(ans.Reasons, Reason{Rule: "embark.engaged", Cite: CiteEngaged,
			Text: fmt.Sprintf("%s is engaged with %s: it cannot move but to withdraw", m.Unit.ID, joinIDs(engaged)), IDs: engaged})
	}
	return ans, nil
}

// DisembarkQuery is a transported unit disembarking from Vehicle: its leader is first placed with
// its base centre at Place, in base contact with the vehicle, then makes Move (a standard move of
// the leader; its speed is set to 1) from there.
type DisembarkQuery struct {
	Vehicle string
	Place   r2.Point
	Move    ManeuverQuery
}

// Disembark answers a transported unit disembarking (RRG 2.0 Ein- und Aussteigen L5151–5181;
// CiteDisembark): its leader placed in base contact with the vehicle — on the table, overlapping
// nothing, not in base contact with an enemy — then a speed-1 move from there that may not end in
// base contact with an enemy. The unit's other minis are not on the table while it is transported:
// the table file may still list them where the app keeps them, and they are ignored here.
func (w *World) Disembark(q DisembarkQuery, flags ContactFlags) (TransportAnswer, error) {
	m, err := w.Mini(q.Move.Mini)
	if err != nil {
		return TransportAnswer{}, err
	}
	if !m.Leader {
		return TransportAnswer{}, fmt.Errorf("mini '%s' is not a unit leader", m.ID)
	}
	v, err := w.Unit(q.Vehicle)
	if err != nil {
		return TransportAnswer{}, err
	}
	if err := mayCarry(v, m.Unit, 0); err != nil {
		return TransportAnswer{}, err
	}
	if q.Move.Mode != ModeStandard {
		return TransportAnswer{}, fmt.Errorf("disembarking is a speed-1 move, not a %s", q.Move.Mode)
	}
	placed := *m
	pm := *m.Mini
	pm.X, pm.Y = q.Place.X, q.Place.Y
	placed.Mini = &pm
	placed.Foot = geometry.Circle(q.Place, m.Radius())
	ignore := map[string]bool{}
	for _, o := range m.Unit.Minis {
		if o != m {
			ignore[o.ID] = true
		}
	}
	p := w.File.Profile
	ans := TransportAnswer{}
	no := func(format string, args ...any) (TransportAnswer, error) {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "disembark.place", Cite: CiteDisembark, Text: fmt.Sprintf(format, args...), IDs: []string{m.ID, v.ID}})
		return ans, nil
	}
	touches := false
	for _, o := range v.Minis {
		if geometry.Distance(placed.Foot, o.Foot) <= p.ContactTolerance+p.Epsilon {
			touches = true
		}
	}
	r, bf := m.Radius(), w.File.Battlefield
	switch {
	case !touches:
		return no("%s is placed in base contact with %s first; at (%.4g, %.4g) it is not", m.ID, v.ID, q.Place.X, q.Place.Y)
	case q.Place.X-r < -table.EdgeSlack(w.File.Units) || q.Place.Y-r < -table.EdgeSlack(w.File.Units) ||
		q.Place.X+r > bf.Width+table.EdgeSlack(w.File.Units) || q.Place.Y+r > bf.Depth+table.EdgeSlack(w.File.Units):
		return no("%s's base would leave the table", m.ID)
	}
	if c := overlapping(placed.Foot, moveOpts{ignore: ignore}.apply(w.endShapes(&placed, false, noPassOver), true)); len(c) > 0 {
		return no("placed there, %s would overlap %s", m.ID, joinIDs(c))
	}
	if en := w.touchingEnemies(m.Unit, m.ID, q.Place, r, m.Z, flags.Without(m.ID)); len(en) > 0 {
		return no("a disembarking leader is not placed in base contact with an enemy (%s)", joinIDs(en))
	}
	q.Move.Speed, q.Move.HasSpeed = 1, true
	mv, err := w.maneuver(&placed, q.Move, moveOpts{ignore: ignore})
	if err != nil {
		return TransportAnswer{}, err
	}
	ans.Move = mv
	en := w.touchingEnemies(m.Unit, m.ID, r2.Point{X: mv.X, Y: mv.Y}, r, m.Z, flags.Without(m.ID))
	ans.Legal = mv.Legal && len(en) == 0
	ans.Reasons = append(ans.Reasons, Reason{Rule: "disembark", Cite: CiteDisembark,
		Text: fmt.Sprintf("%s disembarks from %s: placed in base contact with it, then a speed-1 move", m.Unit.ID, v.ID), IDs: []string{m.Unit.ID, v.ID}})
	if !mv.Legal {
		ans.Reasons = append(ans.Reasons, mv.Reasons...)
	}
	if len(en) > 0 {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "disembark.enemy", Cite: CiteDisembark,
			Text: fmt.Sprintf("the speed-1 move may not end in base contact with an enemy (%s)", joinIDs(en)), IDs: slices.Clone(en)})
	}
	return ans, nil
}

// MeasuresFrom says what a transported unit's range and line of sight are measured from and to:
// the base of the vehicle carrying it (RRG 2.0 Transportiert L10843–10848, L10930–10938;
// CiteTransported). It returns the vehicle unit, whose id the range, LOS and cover questions take
// in place of the transported unit's.
func (w *World) MeasuresFrom(vehicle string) (*Unit, Reason, error) {
	v, err := w.Unit(vehicle)
	if err != nil {
		return nil, Reason{}, err
	}
	if v.Keywords.Transport.Capacity == 0 {
		return nil, Reason{}, fmt.Errorf("unit %s is no transport", v.ID)
	}
	return v, Reason{Rule: "transport.measure", Cite: CiteTransported,
		Text: fmt.Sprintf("a unit carried by %s measures range and line of sight from and to %s's base", v.ID, v.Leader.ID), IDs: []string{v.ID}}, nil
}
