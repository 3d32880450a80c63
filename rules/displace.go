package rules

import (
	"fmt"
	"math"
	"slices"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/table"
)

// Displacement is what one move displaces (RRG 2.0 Verdrängung L11342–11420; CiteDisplace): the
// minis set aside beside the table, the places of displaced leaders (marked), and the units that
// gain 1 suppression token (at most 1 per activation from displacement: the caller keeps count).
// The player who did not move re-places the minis (ReplaceSpot, ReplaceSpots).
type Displacement struct {
	Mover   string              // the displacing mini
	Minis   []string            // the displaced minis, sorted
	Units   []string            // their units, sorted: each gains 1 suppression
	Marks   map[string]r2.Point // each displaced leader's original base centre
	Levels  map[string]float64  // each displaced mini's original z (it goes back to its level)
	Blocked []string            // troopers that cannot be displaced and stop the move (engaged), sorted
	Reasons []Reason
}

// Displaceable reports whether mini m could be displaced now: a mini of a trooper unit (not a
// creature or emplacement trooper) whose unit is not engaged (CiteDisplace).
func (w *World) Displaceable(m *Mini, flags ContactFlags) bool {
	return m.Unit.Type == table.Trooper && len(w.EngagedWith(m.Unit, flags)) == 0
}

// Displaces reports whether the unit's moves displace troopers: ground vehicles (Hover: Ground
// units are written as ground) and creature troopers moving through them; a repulsor only at the
// end of a compulsory move (CiteDisplace).
func (u *Unit) Displaces(mode ManeuverMode) bool {
	switch u.Type {
	case table.Ground, table.Creature:
		return true
	case table.Repulsor:
		return mode == ModeCompulsory
	}
	return false
}

// DisplacingMove is Maneuver for a unit whose move displaces troopers (Unit.Displaces): the
// troopers it may displace do not stop it and may be ended on; engaged troopers cannot be displaced,
// and a ground vehicle or creature cannot move through them (they are obstacles); a repulsor's
// compulsory move may end on displaceable troopers only. It answers the move (whose end clashes
// leave out the displaced) and the Displacement. For any other unit it is Maneuver with an empty
// Displacement.
func (w *World) DisplacingMove(q ManeuverQuery, flags ContactFlags) (ManeuverAnswer, Displacement, error) {
	m, err := w.Mini(q.Mini)
	if err != nil {
		return ManeuverAnswer{}, Displacement{}, err
	}
	d := Displacement{Mover: m.ID, Marks: map[string]r2.Point{}, Levels: map[string]float64{}}
	if !m.Unit.Displaces(q.Mode) {
		mv, err := w.maneuver(m, q, moveOpts{})
		return mv, d, err
	}
	opts := moveOpts{endOK: map[string]bool{}}
	var engaged []*Mini
	for _, o := range w.Minis {
		if o.Unit == m.Unit || o.Unit.Type != table.Trooper {
			continue
		}
		if w.Displaceable(o, flags) {
			opts.endOK[o.ID] = true
		} else {
			engaged = append(engaged, o)
			if m.Unit.Type != table.Repulsor {
				opts.block = append(opts.block, obstacle{o.ID, &o.Foot})
			}
		}
	}
	mv, err := w.maneuver(m, q, opts)
	if err != nil {
		return ManeuverAnswer{}, Displacement{}, err
	}
	end := geometry.Circle(r2.Point{X: mv.X, Y: mv.Y}, m.Radius())
	for _, o := range w.Minis {
		if !opts.endOK[o.ID] {
			continue
		}
		hit := geometry.Overlap(end, o.Foot)
		if m.Unit.Type != table.Repulsor && !hit {
			_, hit = geometry.SweepCircle(mv.Path, m.Radius(), o.Foot)
		}
		if hit {
			d.add(o)
		}
	}
	for _, o := range engaged {
		if mv.BlockedBy == o.ID || slices.Contains(mv.EndClash, o.ID) {
			d.Blocked = append(d.Blocked, o.ID)
		}
	}
	d.finish()
	mv.Reasons = append(mv.Reasons, d.Reasons...)
	return mv, d, nil
}

// add records the displaced mini o.
func (d *Displacement) add(o *Mini) {
	d.Minis = append(d.Minis, o.ID)
	if !slices.Contains(d.Units, o.Unit.ID) {
		d.Units = append(d.Units, o.Unit.ID)
	}
	if o.Leader {
		d.Marks[o.ID] = o.Centre()
	}
	d.Levels[o.ID] = o.Z
}

// finish sorts the lists and writes the reasons.
func (d *Displacement) finish() {
	slices.Sort(d.Minis)
	slices.Sort(d.Units)
	slices.Sort(d.Blocked)
	if len(d.Minis) > 0 {
		d.Reasons = append(d.Reasons, Reason{Rule: "displace", Cite: CiteDisplace,
			Text: fmt.Sprintf("%s displaces %s: they are set aside and the other player re-places them; %s gain(s) 1 suppression", d.Mover, joinIDs(d.Minis), joinIDs(d.Units)),
			IDs:  d.Minis})
	}
	if len(d.Blocked) > 0 {
		d.Reasons = append(d.Reasons, Reason{Rule: "displace.engaged", Cite: CiteDisplace,
			Text: fmt.Sprintf("%s cannot be displaced (engaged): the move may not pass or end on it", joinIDs(d.Blocked)), IDs: d.Blocked})
	}
}

// PivotDisplacement is the Displacement of a pivot that displaces troopers (PivotAnswer.Displaced).
func (w *World) PivotDisplacement(mover string, displaced []string) Displacement {
	d := Displacement{Mover: mover, Marks: map[string]r2.Point{}, Levels: map[string]float64{}}
	for _, id := range displaced {
		if o, err := w.Mini(id); err == nil {
			d.add(o)
		}
	}
	d.finish()
	return d
}

// ReplaceAnswer says whether a displaced mini may be put back at a spot, and why not.
type ReplaceAnswer struct {
	Legal   bool
	Reasons []Reason
}

// ReplaceSpot answers whether the displaced mini may be re-placed with its base centre at at, on
// its original level, by the player who did not move (CiteDisplacePlace). w is the table after the
// displacing move, with the displaced minis still listed where they stood; placed holds where the
// displaced minis already put back now stand (the others are off the table). The spot must be on
// the table and overlap no base, token or terrain impassable for the mini's unit; a displaced
// leader must be within speed 1 of its marked place (edge to edge within the speed-1 tool); any
// other mini in cohesion with its leader where that stands (a displaced leader is placed first);
// and no displaced mini is placed in base contact with an enemy mini.
func (w *World) ReplaceSpot(d Displacement, mini string, at r2.Point, placed map[string]r2.Point) (ReplaceAnswer, error) {
	m, err := w.Mini(mini)
	if err != nil {
		return ReplaceAnswer{}, err
	}
	if !slices.Contains(d.Minis, mini) {
		return ReplaceAnswer{}, fmt.Errorf("%s was not displaced", mini)
	}
	p := w.File.Profile
	// The table as the other player sees it: placed minis where they were put, the rest of the
	// displaced off the table.
	moved := map[string]MiniPlace{}
	for id, c := range placed {
		moved[id] = MiniPlace{X: c.X, Y: c.Y, Z: d.Levels[id], Facing: w.miniFacing(id)}
	}
	moved[mini] = MiniPlace{X: at.X, Y: at.Y, Z: d.Levels[mini], Facing: m.Facing}
	w2 := w.With(moved)
	m2, _ := w2.Mini(mini)
	aside := map[string]bool{}
	for _, id := range d.Minis {
		if _, ok := placed[id]; !ok && id != mini {
			aside[id] = true
		}
	}
	var ans ReplaceAnswer
	no := func(format string, args ...any) (ReplaceAnswer, error) {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "displace.spot", Cite: CiteDisplacePlace, Text: fmt.Sprintf(format, args...), IDs: []string{mini}})
		return ans, nil
	}
	r := m.Radius()
	bf := w.File.Battlefield
	if e := table.EdgeSlack(w.File.Units); at.X-r < -e || at.Y-r < -e || at.X+r > bf.Width+e || at.Y+r > bf.Depth+e {
		return no("%s's base would leave the table", mini)
	}
	if c := overlapping(m2.Foot, moveOpts{ignore: aside}.apply(w2.endShapes(m2, false, noPassOver), true)); len(c) > 0 {
		return no("%s would overlap %s", mini, joinIDs(c))
	}
	if m.Leader {
		mark := geometry.Circle(d.Marks[mini], r)
		if g := geometry.Distance(mark, m2.Foot); g > p.MoveTools[0]+p.Epsilon {
			return no("a displaced leader goes back within speed 1 of its old place; %s would be %.4g from it", mini, g)
		}
	} else {
		ld := m2.Unit.Leader
		if _, off := aside[ld.ID]; off {
			return no("%s's leader %s was displaced too and is placed first", mini, ld.ID)
		}
		if g := geometry.Distance(ld.Foot, m2.Foot); g > p.MoveTools[0]+p.Epsilon {
			return no("%s would be %.4g from its leader, farther than the speed-1 tool", mini, g)
		}
		if math.Abs(m2.Z-ld.Z) > p.RangeSegment+p.Epsilon {
			return no("%s would stand more than height 1 from its leader", mini)
		}
		if !w2.reachableIgnoring(m2.Unit, ld, at, moveOpts{ignore: aside}.apply(w2.moveObstacles(ld, true), false), aside, noPassOver) {
			return no("%s's leader could not reach that spot with a speed-1 move", mini)
		}
	}
	if en := w2.touchingEnemies(m2.Unit, mini, at, r, m2.Z, ContactFlags{}); len(en) > 0 {
		return no("a displaced mini may not be placed in base contact with an enemy (%s)", joinIDs(en))
	}
	ans.Legal = true
	ans.Reasons = append(ans.Reasons, Reason{Rule: "displace.ok", Cite: CiteDisplacePlace,
		Text: fmt.Sprintf("%s may be put back at (%.4g, %.4g) on its level", mini, at.X, at.Y), IDs: []string{mini}})
	return ans, nil
}

// miniFacing is the facing of the mini with the id.
func (w *World) miniFacing(id string) float64 {
	if m, err := w.Mini(id); err == nil {
		return m.Facing
	}
	return 0
}

// ReplaceSpots lists legal spots for putting the displaced mini back, for the app to show: the
// points of a hexagonal grid, a quarter of its base apart, round its marked place (a leader) or
// its leader (any other), out to the distance the rules allow, each passing ReplaceSpot; nearest
// to where it stood first. A placement aid, not an answer of its own: every spot is checked
// exactly, but the grid does not list every legal point.
func (w *World) ReplaceSpots(d Displacement, mini string, placed map[string]r2.Point) ([]r2.Point, error) {
	m, err := w.Mini(mini)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(d.Minis, mini) {
		return nil, fmt.Errorf("%s was not displaced", mini)
	}
	r, L1 := m.Radius(), w.File.Profile.MoveTools[0]
	centre, reach := m.Centre(), L1+2*r
	if !m.Leader {
		ld := m.Unit.Leader
		centre = ld.Centre()
		if c, ok := placed[ld.ID]; ok {
			centre = c
		}
		reach = L1 + ld.Radius() + r
	}
	var out []r2.Point
	for _, c := range hexSpots(centre, r/2, reach) {
		if a, err := w.ReplaceSpot(d, mini, c, placed); err == nil && a.Legal {
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, func(a, b r2.Point) int {
		da, db := a.Sub(m.Centre()).Norm(), b.Sub(m.Centre()).Norm()
		switch {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		return 0
	})
	return out, nil
}
