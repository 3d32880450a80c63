package rules

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"

	"github.com/golang/geo/r2"

	"holotable/geometry"
)

// ChargeQuery is a unit starting a melee with the enemy unit Target: its leader's move (Move, a
// standard maneuver of the leader, usually partial so that it stops in base contact).
type ChargeQuery struct {
	Move   ManeuverQuery
	Target string
}

// ChargeAnswer is a unit starting a melee (RRG 2.0 Nahkampf L8200–8250; CiteMeleeStart): the
// leader's move, which minis of the target its end touches, the charging unit's other minis placed
// in base contact with the same enemy unit in cohesion (or, without room, in cohesion only), and the
// defender's reply: its minis not yet in contact moved into contact with the charging unit, if it
// has a melee weapon.
type ChargeAnswer struct {
	Move      ManeuverAnswer
	Legal     bool
	Touching  []string // minis of Target the leader's end touches, sorted
	Others    []string // other enemy units the leader's end touches (must be none), sorted
	ContactAt float64  // when the end touches no target mini or is not legal: the fraction of the full move at which the leader first touches one (−1: never)
	Followers []Placement
	Reply     []Placement // nil when the defender has no melee weapon
	Reasons   []Reason
}

// Charge answers a unit starting a melee. It is legal when the unit has a melee weapon, Target is
// an enemy unit, the leader's move is legal, and its end is in base contact with a mini of Target
// and with no mini of another enemy unit (a unit may never be moved into base contact with two
// enemy units; CiteMeleeOneUnit). The placements are a proposal the players may change: the
// followers, in file order, each at the nearest spot (to where it stood relative to its leader)
// touching a mini of Target that passes the cohesion and placement tests of PlaceFollowers and
// touches no other enemy unit; a follower with no such spot goes where PlaceFollowers' search
// finds room in cohesion (still touching no other enemy unit). The reply places the defender's
// minis that touch no charging mini, in file order, at the nearest spot touching a charging mini in
// cohesion with their own leader, who stays where he is (docs/decisions.md D30). Spots are taken
// on rings round the minis to touch, a quarter of the placed mini's base apart, each checked
// exactly.
func (w *World) Charge(q ChargeQuery, flags ContactFlags) (ChargeAnswer, error) {
	m, err := w.Mini(q.Move.Mini)
	if err != nil {
		return ChargeAnswer{}, err
	}
	u := m.Unit
	tgt, err := w.Unit(q.Target)
	if err != nil {
		return ChargeAnswer{}, err
	}
	switch {
	case !u.Keywords.MeleeWeapon:
		return ChargeAnswer{}, fmt.Errorf("unit %s has no melee weapon: it cannot start a melee", u.ID)
	case !Enemies(u, tgt):
		return ChargeAnswer{}, fmt.Errorf("unit %s is not an enemy of %s", tgt.ID, u.ID)
	case q.Move.Mode != ModeStandard:
		return ChargeAnswer{}, fmt.Errorf("a melee is started with a standard move, not a %s", q.Move.Mode)
	}
	mv, err := w.maneuver(m, q.Move, moveOpts{})
	if err != nil {
		return ChargeAnswer{}, err
	}
	ans := ChargeAnswer{Move: mv, ContactAt: -1}
	end := r2.Point{X: mv.X, Y: mv.Y}
	after := flags.Without(m.ID)
	endFoot := geometry.Circle(end, m.Radius())
	p := w.File.Profile
	for _, t := range tgt.Minis {
		if after.Has(m.ID, t.ID) || geometry.Distance(endFoot, t.Foot) <= p.ContactTolerance+p.Epsilon && math.Abs(m.Z-t.Z) < p.BaseThickness {
			ans.Touching = append(ans.Touching, t.ID)
		}
	}
	slices.Sort(ans.Touching)
	ans.Others = slices.DeleteFunc(w.touchingEnemies(u, m.ID, end, m.Radius(), m.Z, after), func(id string) bool { return id == tgt.ID })
	ans.Reasons = append(ans.Reasons, Reason{Rule: "melee.start", Cite: CiteMeleeStart,
		Text: fmt.Sprintf("%s starts a melee with %s: its leader moves into base contact with a mini of %s", u.ID, tgt.ID, tgt.ID), IDs: []string{u.ID, tgt.ID}})
	if len(ans.Touching) == 0 || !mv.Legal {
		ans.ContactAt = contactAt(mv.Planned, m.Radius(), tgt.Minis)
	}
	switch {
	case !mv.Legal:
		ans.Reasons = append(ans.Reasons, mv.Reasons...)
	case len(ans.Touching) == 0:
		ans.Reasons = append(ans.Reasons, Reason{Rule: "melee.short", Cite: CiteMeleeStart,
			Text: fmt.Sprintf("the leader's end touches no mini of %s", tgt.ID), IDs: []string{tgt.ID}})
	case len(ans.Others) > 0:
		ans.Reasons = append(ans.Reasons, Reason{Rule: "melee.two", Cite: CiteMeleeOneUnit,
			Text: fmt.Sprintf("the leader's end would also touch %s: a unit may not be moved into base contact with two enemy units", joinIDs(ans.Others)), IDs: ans.Others})
	default:
		ans.Legal = true
	}
	if !ans.Legal {
		return ans, nil
	}
	// The followers, on the table as it is after the leader's move.
	moved := map[string]MiniPlace{m.ID: {X: end.X, Y: end.Y, Z: m.Z, Facing: mv.Facing}}
	w2 := w.With(moved)
	ans.Followers = w2.placeInContact(u.ID, tgt.ID, m.Centre(), after, true)
	for _, pl := range ans.Followers {
		moved[pl.ID] = MiniPlace{X: pl.X, Y: pl.Y, Z: w2.miniZ(pl.ID), Facing: mv.Facing}
	}
	if tgt.Keywords.MeleeWeapon {
		w3 := w.With(moved)
		ans.Reply = w3.placeInContact(tgt.ID, u.ID, tgt.Leader.Centre(), after, false)
		ans.Reasons = append(ans.Reasons, Reason{Rule: "melee.reply", Cite: CiteMeleeStart,
			Text: fmt.Sprintf("%s has a melee weapon: its minis not in base contact are moved into contact with %s", tgt.ID, u.ID), IDs: []string{tgt.ID}})
	} else {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "melee.noreply", Cite: CiteMeleeStart,
			Text: fmt.Sprintf("%s has no melee weapon: its minis stay where they are", tgt.ID), IDs: []string{tgt.ID}})
	}
	return ans, nil
}

// miniZ is the elevation of the mini with the id.
func (w *World) miniZ(id string) float64 {
	if m, err := w.Mini(id); err == nil {
		return m.Z
	}
	return 0
}

// placeInContact places the minis of unit (all but its leader; with charging false only those
// touching no mini of other) at the nearest spots touching a mini of other, in cohesion with the
// unit's leader where it stands in w, touching no third enemy unit. oldLeader is where the leader
// stood before (followers keep their offset from it as the spot to be near); with charging, a
// mini with no spot in contact goes to the nearest spot in cohesion PlaceFollowers' rings offer.
func (w *World) placeInContact(unit, other string, oldLeader r2.Point, flags ContactFlags, charging bool) []Placement {
	u, _ := w.Unit(unit)
	v, _ := w.Unit(other)
	ld := u.Leader
	obs := w.moveObstacles(ld, true)
	// Where the unit's minis stand for the others' placement: charging followers are lifted until
	// placed; the defender's minis stand where they are until moved.
	stand := map[string]geometry.Shape{ld.ID: ld.Foot}
	var moving []*Mini
	for _, m := range u.Minis {
		if m == ld {
			continue
		}
		if !charging {
			stand[m.ID] = m.Foot
			if w.touchesUnit(m, v, flags) {
				continue
			}
		}
		moving = append(moving, m)
	}
	var out []Placement
	for _, m := range moving {
		delete(stand, m.ID)
		taken := make([]geometry.Shape, 0, len(stand))
		for _, id := range slices.Sorted(maps.Keys(stand)) {
			taken = append(taken, stand[id])
		}
		ok := func(c r2.Point) bool {
			others := slices.DeleteFunc(w.touchingEnemies(u, m.ID, c, m.Radius(), m.Z, flags), func(id string) bool { return id == other })
			return len(others) == 0 && w.spotFault(u, ld, m, c, taken, obs) == ""
		}
		near := m.Centre()
		if charging {
			near = ld.Centre().Add(m.Centre().Sub(oldLeader))
		}
		pl := Placement{ID: m.ID, X: m.X, Y: m.Y}
		for _, c := range contactSpots(v.Minis, m.Radius(), near) {
			if ok(c) {
				pl.X, pl.Y, pl.OK = c.X, c.Y, true
				pl.Reasons = append(pl.Reasons, Reason{Rule: "melee.contact", Cite: CiteMeleeStart,
					Text: fmt.Sprintf("%s placed in base contact with %s, in cohesion with %s", m.ID, other, ld.ID), IDs: []string{m.ID, other}})
				break
			}
		}
		if !pl.OK && charging {
			for _, c := range w.candidates(ld.Centre(), ld.Radius(), m.Radius(), near) {
				if ok(c) {
					pl.X, pl.Y, pl.OK = c.X, c.Y, true
					pl.Reasons = append(pl.Reasons, Reason{Rule: "melee.cohesion", Cite: CiteMeleeStart,
						Text: fmt.Sprintf("no room for %s in base contact with %s: placed in cohesion with %s", m.ID, other, ld.ID), IDs: []string{m.ID}})
					break
				}
			}
		}
		if !pl.OK {
			pl.Reasons = append(pl.Reasons, Reason{Rule: "melee.stay", Cite: CiteMeleeStart,
				Text: fmt.Sprintf("no spot in base contact with %s in cohesion found for %s: it stays where it is", other, m.ID), IDs: []string{m.ID}})
		}
		stand[m.ID] = geometry.Circle(r2.Point{X: pl.X, Y: pl.Y}, m.Radius())
		out = append(out, pl)
	}
	return out
}

// touchesUnit reports whether mini m touches (or is treated as touching) a mini of unit v.
func (w *World) touchesUnit(m *Mini, v *Unit, flags ContactFlags) bool {
	for _, o := range v.Minis {
		if w.touching(m, o, flags) {
			return true
		}
	}
	return false
}

// contactSpots lists centres for a base of radius r touching one of the minis, on a ring round
// each at the touching distance, about r/2 apart along the ring, nearest to near first.
func contactSpots(minis []*Mini, r float64, near r2.Point) []r2.Point {
	var pts []r2.Point
	for _, o := range minis {
		rho := o.Radius() + r
		n := max(12, int(math.Ceil(2*math.Pi*rho/(r/2))))
		for i := 0; i < n; i++ {
			pts = append(pts, o.Centre().Add(dirDeg(360*float64(i)/float64(n)).Mul(rho)))
		}
	}
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].Sub(near).Norm() < pts[j].Sub(near).Norm() })
	return pts
}

// contactAt is the fraction of the full move along planned (the leader's path, its base of radius
// r) at which the base first touches one of minis (geometry.SweepCircle, closed form); −1 when it
// never does.
func contactAt(planned []r2.Point, r float64, minis []*Mini) float64 {
	at := -1.0
	total := geometry.PolylineLength(planned)
	for _, t := range minis {
		if d, hit := geometry.SweepCircle(planned, r, t.Foot); hit && total > 0 {
			if f := d / total; at < 0 || f < at {
				at = f
			}
		}
	}
	return at
}
