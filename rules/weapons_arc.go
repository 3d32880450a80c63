package rules

import (
	"fmt"
	"slices"

	"holotable/geometry"
)

// FixedArcMini is one attacking mini of a fixed-arc weapon: the defending minis in its arc and
// whether it may add the weapon's dice.
type FixedArcMini struct {
	ID    string
	InArc []string // defending minis in its arc, sorted
	May   bool     // at least one defending mini is in its arc
}

// FixedArcAnswer says which attacking minis may add the dice of a weapon with Fixed: Front or
// Fixed: Rear against the defending unit.
type FixedArcAnswer struct {
	Arc     Arc
	Minis   []FixedArcMini // the attacking unit's minis in file order
	Any     bool           // some attacking mini may add the weapon's dice
	Reasons []Reason
}

// FixedArc answers a weapon with Fixed: Front or Fixed: Rear (arc ArcFront or ArcRear) of the
// attacking unit against the defending unit (RRG 2.0 Fester Feuerwinkel: Front/Heck L6008–6031;
// CiteFixedArc): the defending unit is in an arc of a mini when some part of a defending mini's
// base lies in it; with several attacking minis each adds the weapon's dice only when at least one
// defending mini is in its own arc. The attacking minis stand on notched bases (round bases have
// no arcs). For the attack assistant: range and line of sight are asked separately.
func (w *World) FixedArc(attacker, defender string, arc Arc) (FixedArcAnswer, error) {
	au, err := w.Unit(attacker)
	if err != nil {
		return FixedArcAnswer{}, err
	}
	du, err := w.Unit(defender)
	if err != nil {
		return FixedArcAnswer{}, err
	}
	switch {
	case arc != ArcFront && arc != ArcRear:
		return FixedArcAnswer{}, fmt.Errorf("a fixed-arc weapon is Fixed: Front or Fixed: Rear, not %s", arc)
	case !au.Notched():
		return FixedArcAnswer{}, fmt.Errorf("unit %s stands on round bases: no firing arcs", au.ID)
	}
	ans := FixedArcAnswer{Arc: arc}
	for _, m := range au.Minis {
		cone, _ := w.ArcCone(m, arc)
		fm := FixedArcMini{ID: m.ID, InArc: []string{}}
		for _, d := range du.Minis {
			if w.inCone(cone, d.Foot) {
				fm.InArc = append(fm.InArc, d.ID)
			}
		}
		slices.Sort(fm.InArc)
		fm.May = len(fm.InArc) > 0
		ans.Any = ans.Any || fm.May
		text := fmt.Sprintf("%s's %s arc holds %s: it adds the weapon's dice", m.ID, arc, joinIDs(fm.InArc))
		if !fm.May {
			text = fmt.Sprintf("no mini of %s is in %s's %s arc: it adds no dice of the weapon", du.ID, m.ID, arc)
		}
		ans.Reasons = append(ans.Reasons, Reason{Rule: "arc.fixed", Cite: CiteFixedArc, Text: text, IDs: append([]string{m.ID}, fm.InArc...)})
		ans.Minis = append(ans.Minis, fm)
	}
	return ans, nil
}

// WeakSide is the arc a Weak Point X keyword names: Rear (the rear arc) or Sides (the left or the
// right arc). Its JSON form is its String.
type WeakSide int

// The Weak Point sides. WeakRear is the zero value.
const (
	WeakRear WeakSide = iota
	WeakSides
)

var weakSideWords = words[WeakSide]{"WeakSide", []string{"rear", "sides"}, fmt.Errorf("a weak point is rear or sides")}

// String returns "rear" or "sides".
func (s WeakSide) String() string { return weakSideWords.str(s) }

// ParseWeakSide reads "rear" or "sides".
func ParseWeakSide(s string) (WeakSide, bool) { return weakSideWords.parse(s) }

// MarshalText writes the side's word.
func (s WeakSide) MarshalText() ([]byte, error) { return weakSideWords.marshal(s) }

// UnmarshalText reads the side's word.
func (s *WeakSide) UnmarshalText(b []byte) error { return weakSideWords.unmarshal(s, b) }

// arcs are the arcs the side names.
func (s WeakSide) arcs() []Arc {
	if s == WeakSides {
		return []Arc{ArcLeft, ArcRight}
	}
	return []Arc{ArcRear}
}

// WeakPointQuery is an attack on a unit with Weak Point X: Side. Attacker is the attacking unit
// (its leader counts), or Token the area weapon's bomb or condition token, which counts as the
// attacker's leader; exactly one of them is given.
type WeakPointQuery struct {
	Attacker string
	Token    string
	Defender string
	Side     WeakSide
}

// WeakPointAnswer says whether the attack gains Impact X, and in which of the defender's arcs the
// attacker's leader is.
type WeakPointAnswer struct {
	Applies bool
	Arcs    []Arc // the defender's arcs (of those Side names) holding the attacker's leader
	Reasons []Reason
}

// WeakPoint answers whether an attack gains Impact X from the defender's Weak Point X: the
// attacker's unit leader (for an area weapon, its token) is in the named arc of the defender
// (RRG 2.0 Schwachstelle X L9923–9939; CiteWeakPoint): some part of its base (the token's disc)
// lies in the arc of the defending unit's leader, whose arcs are the unit's (docs/decisions.md
// D31).
func (w *World) WeakPoint(q WeakPointQuery) (WeakPointAnswer, error) {
	du, err := w.Unit(q.Defender)
	if err != nil {
		return WeakPointAnswer{}, err
	}
	if !du.Notched() {
		return WeakPointAnswer{}, fmt.Errorf("unit %s stands on round bases: no firing arcs", du.ID)
	}
	if !weakSideWords.valid(q.Side) {
		return WeakPointAnswer{}, weakSideWords.err
	}
	var who string
	var foot geometry.Shape
	switch {
	case (q.Attacker == "") == (q.Token == ""):
		return WeakPointAnswer{}, fmt.Errorf("a weak point is tested against the attacking unit or an area weapon's token, one of them")
	case q.Token != "":
		t, ok := w.byID[q.Token].(*Token)
		if !ok {
			return WeakPointAnswer{}, w.notA("token", q.Token)
		}
		who, foot = t.ID, t.Foot
	default:
		au, err := w.Unit(q.Attacker)
		if err != nil {
			return WeakPointAnswer{}, err
		}
		who, foot = au.Leader.ID, au.Leader.Foot
	}
	var ans WeakPointAnswer
	for _, a := range q.Side.arcs() {
		if w.shapeInArc(du.Leader, a, foot) {
			ans.Arcs = append(ans.Arcs, a)
		}
	}
	ans.Applies = len(ans.Arcs) > 0
	text := fmt.Sprintf("%s is in %s's %s arc: the attack gains Impact X from Weak Point X: %s", who, du.Leader.ID, arcList(ans.Arcs), q.Side)
	if !ans.Applies {
		text = fmt.Sprintf("%s is not in %s's %s arc(s): Weak Point X: %s does not apply", who, du.Leader.ID, arcList(q.Side.arcs()), q.Side)
	}
	ans.Reasons = []Reason{{Rule: "arc.weakpoint", Cite: CiteWeakPoint, Text: text, IDs: []string{who, du.Leader.ID}}}
	return ans, nil
}

// arcList names arcs for a sentence: "rear", "left and right".
func arcList(arcs []Arc) string {
	s := ""
	for i, a := range arcs {
		if i > 0 {
			s += " and "
		}
		s += a.String()
	}
	return s
}
