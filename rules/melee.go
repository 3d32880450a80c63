package rules

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/table"
)

// ContactFlags are the pairs of minis the players treat as in base contact although their bases
// do not touch: when non-base parts keep two minis apart and no acceptable adjustment brings the
// bases together, the mover moves as far as possible and the two count as in base contact until
// one of them moves to a new position (RRG 2.0 Toleranzbereich L1865–1894; CiteTolerance). The
// rules cannot see non-base parts, so setting a flag is the players' declaration; every rule about
// base contact between minis (melee, engagement, withdraw, displacement) honours it. The zero
// value is empty and ready to use; it is a value the caller keeps with the game (not safe for
// concurrent writes).
type ContactFlags struct {
	pairs map[[2]string]bool
}

func flagKey(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

// Set records that minis a and b are treated as in base contact.
func (f *ContactFlags) Set(a, b string) {
	if f.pairs == nil {
		f.pairs = map[[2]string]bool{}
	}
	f.pairs[flagKey(a, b)] = true
}

// Has reports whether a and b are treated as in base contact.
func (f ContactFlags) Has(a, b string) bool { return f.pairs[flagKey(a, b)] }

// Moved drops every pair with the mini: a flag lasts until one of its two minis moves to a new
// position.
func (f *ContactFlags) Moved(mini string) { *f = f.Without(mini) }

// Without is a copy of the flags without the pairs of the mini (its flags after it moved).
func (f ContactFlags) Without(mini string) ContactFlags {
	var out ContactFlags
	for k := range f.pairs {
		if k[0] != mini && k[1] != mini {
			out.Set(k[0], k[1])
		}
	}
	return out
}

// Pairs lists the flagged pairs, each in byte order, sorted.
func (f ContactFlags) Pairs() [][2]string {
	out := make([][2]string, 0, len(f.pairs))
	for k := range f.pairs {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] || out[i][0] == out[j][0] && out[i][1] < out[j][1] })
	return out
}

// FlagContact checks a declaration that minis a and b be treated as in base contact and records
// it in flags: both must be minis of different units whose bases do not already touch (then no
// flag is needed). The reason says what the flag means and how long it lasts.
func (w *World) FlagContact(flags *ContactFlags, a, b string) (Reason, error) {
	ma, err := w.Mini(a)
	if err != nil {
		return Reason{}, err
	}
	mb, err := w.Mini(b)
	if err != nil {
		return Reason{}, err
	}
	switch {
	case ma.Unit == mb.Unit:
		return Reason{}, fmt.Errorf("%s and %s are minis of one unit", a, b)
	case w.basesTouch(ma, mb):
		return Reason{}, fmt.Errorf("%s and %s are in base contact already", a, b)
	}
	flags.Set(a, b)
	return Reason{Rule: "contact.flag", Cite: CiteTolerance,
		Text: fmt.Sprintf("%s and %s are treated as in base contact until one of them moves (%.4g apart)", a, b, geometry.Distance(ma.Foot, mb.Foot)),
		IDs:  []string{a, b}}, nil
}

// basesTouch is the base-contact test of two minis (spec "Base contact", as Contact answers it):
// the top-down gap at most contactTolerance and the base bottoms less than a base's thickness
// apart.
func (w *World) basesTouch(a, b *Mini) bool {
	p := w.File.Profile
	return geometry.Distance(a.Foot, b.Foot) <= p.ContactTolerance+p.Epsilon && math.Abs(a.Z-b.Z) < p.BaseThickness
}

// touching is basesTouch or a flagged pair.
func (w *World) touching(a, b *Mini, flags ContactFlags) bool {
	return flags.Has(a.ID, b.ID) || w.basesTouch(a, b)
}

// Enemies reports whether two units are on opposite sides (their sides differ).
func Enemies(u, v *Unit) bool { return u != v && u.Side != v.Side }

// IsTrooper reports whether the unit is a trooper unit in the rulebook's sense: troopers, creature
// troopers and emplacement troopers (RRG 2.0 Truppler L10961–11016); vehicles (ground, repulsor)
// are not.
func (u *Unit) IsTrooper() bool {
	switch u.Type {
	case table.Trooper, table.Creature, table.Emplacement:
		return true
	}
	return false
}

// InMelee reports whether units u and v are in melee: enemies with a mini of one in base contact
// (or treated so) with a mini of the other (CiteEngaged).
func (w *World) InMelee(u, v *Unit, flags ContactFlags) bool {
	if !Enemies(u, v) {
		return false
	}
	for _, a := range u.Minis {
		for _, b := range v.Minis {
			if w.touching(a, b, flags) {
				return true
			}
		}
	}
	return false
}

// MeleeWith lists the ids of the enemy units u is in melee with, sorted.
func (w *World) MeleeWith(u *Unit, flags ContactFlags) []string {
	var out []string
	for _, v := range w.Units {
		if w.InMelee(u, v, flags) {
			out = append(out, v.ID)
		}
	}
	slices.Sort(out)
	return out
}

// EngagedWith lists the units u is engaged with: two trooper units in melee are engaged; vehicles
// are never engaged (CiteEngaged). Sorted.
func (w *World) EngagedWith(u *Unit, flags ContactFlags) []string {
	if !u.IsTrooper() {
		return nil
	}
	var out []string
	for _, v := range w.Units {
		if v.IsTrooper() && w.InMelee(u, v, flags) {
			out = append(out, v.ID)
		}
	}
	slices.Sort(out)
	return out
}

// touchingEnemies lists the enemy units (other than u) whose minis the base of radius r at c
// (a mini of u, on level z) touches, sorted.
func (w *World) touchingEnemies(u *Unit, id string, c r2.Point, r, z float64, flags ContactFlags) []string {
	p := w.File.Profile
	foot := geometry.Circle(c, r)
	seen := map[string]bool{}
	for _, o := range w.Minis {
		if !Enemies(u, o.Unit) || seen[o.Unit.ID] {
			continue
		}
		if flags.Has(id, o.ID) || geometry.Distance(foot, o.Foot) <= p.ContactTolerance+p.Epsilon && math.Abs(z-o.Z) < p.BaseThickness {
			seen[o.Unit.ID] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// WithdrawAnswer is a withdraw: the leader's speed-1 move, the units the unit was engaged with,
// and whether the withdraw is legal.
type WithdrawAnswer struct {
	Move    ManeuverAnswer
	From    []string // the units it withdraws from, sorted
	Legal   bool     // the move is legal and the leader's end is in melee with none of From
	Reasons []Reason
}

// Withdraw answers an engaged trooper unit's withdraw: its whole activation spent on a speed-1
// move of its leader (q's mode must be standard; its speed is 1) that may move into melee with
// another enemy unit but may not end in melee with a unit it withdrew from (CiteWithdraw). The
// leader's end decides; the other minis, placed in cohesion afterwards, must keep out of contact
// with those units too (UnitTouches checks a placement). A speed-X move is not slowed by difficult
// terrain, so max speed does not limit it. A flag in flags involving the leader ends with its move.
func (w *World) Withdraw(q ManeuverQuery, flags ContactFlags) (WithdrawAnswer, error) {
	m, err := w.Mini(q.Mini)
	if err != nil {
		return WithdrawAnswer{}, err
	}
	u := m.Unit
	if q.Mode != ModeStandard {
		return WithdrawAnswer{}, fmt.Errorf("a withdraw is a speed-1 move, not a %s", q.Mode)
	}
	from := w.EngagedWith(u, flags)
	if len(from) == 0 {
		return WithdrawAnswer{}, fmt.Errorf("unit %s is not engaged: it moves normally", u.ID)
	}
	q.Speed, q.HasSpeed = 1, true
	mv, err := w.maneuver(m, q, moveOpts{})
	if err != nil {
		return WithdrawAnswer{}, err
	}
	ans := WithdrawAnswer{Move: mv, From: from}
	ans.Reasons = append(ans.Reasons, Reason{Rule: "withdraw", Cite: CiteWithdraw,
		Text: fmt.Sprintf("%s withdraws from %s with a speed-1 move", u.ID, joinIDs(from)), IDs: append([]string{u.ID}, from...)})
	still := slices.DeleteFunc(w.touchingEnemies(u, m.ID, r2.Point{X: mv.X, Y: mv.Y}, m.Radius(), m.Z, flags.Without(m.ID)),
		func(id string) bool { return !slices.Contains(from, id) })
	ans.Legal = mv.Legal && len(still) == 0
	if len(still) > 0 {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "withdraw.still", Cite: CiteWithdraw,
			Text: fmt.Sprintf("the leader would end in base contact with %s, the unit it withdraws from", joinIDs(still)), IDs: still})
	}
	if !mv.Legal {
		ans.Reasons = append(ans.Reasons, mv.Reasons...)
	}
	return ans, nil
}

// UnitTouches lists the enemy units that the unit's minis would touch standing at the given
// places (minis not named stand where they are), sorted: the check for a withdrawing, charging or
// disembarking unit's placement.
func (w *World) UnitTouches(unit string, at map[string]MiniPlace, flags ContactFlags) ([]string, error) {
	u, err := w.Unit(unit)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, m := range u.Minis {
		p, ok := at[m.ID]
		if !ok {
			p = m.PlaceOf()
		}
		for _, id := range w.touchingEnemies(u, m.ID, r2.Point{X: p.X, Y: p.Y}, m.Radius(), p.Z, flags) {
			seen[id] = true
		}
	}
	return slices.Sorted(maps.Keys(seen)), nil
}
