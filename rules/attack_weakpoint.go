package rules

import "maps"

// WeakPointSide is one side a defender's Weak Point X: Rear/Sides names (its X), whether the
// attacker's leader stands in its arcs (Applies), and in which (Arcs).
type WeakPointSide struct {
	Side    WeakSide
	X       int
	Applies bool
	Arcs    []Arc
}

// WeakPointsAnswer is what the defender's Weak Point keyword gives an attack: each side it names,
// the Impact X the attack gains (the largest X of the sides that apply; 0 when none does), and a
// reason per side.
type WeakPointsAnswer struct {
	Sides   []WeakPointSide
	Impact  int
	Reasons []Reason
}

// WeakPoints answers what the Weak Point X keyword of unit defender gives an attack by unit
// attacker (RRG 2.0 Schwachstelle X: Heck/Seiten L9923–9939; CiteWeakPoint): for each side the
// keyword names, whether the attacker's leader is in that arc of the defender (World.WeakPoint).
// A defender without the keyword, or on round bases (no arcs), gives nothing. The attack
// assistant adds Impact to the pool (Attack); the measure tool shows the sides.
func (w *World) WeakPoints(attacker, defender string) (WeakPointsAnswer, error) {
	u, err := w.Unit(attacker)
	if err != nil {
		return WeakPointsAnswer{}, err
	}
	v, err := w.Unit(defender)
	if err != nil {
		return WeakPointsAnswer{}, err
	}
	wp := v.Keywords.WeakPoint
	var ans WeakPointsAnswer
	if !wp.Has() || !v.Notched() {
		return ans, nil
	}
	for _, side := range []struct {
		s WeakSide
		x int
	}{{WeakRear, wp.Rear}, {WeakSides, wp.Sides}} {
		if side.x == 0 {
			continue
		}
		a, err := w.WeakPoint(WeakPointQuery{Attacker: u.ID, Defender: v.ID, Side: side.s})
		if err != nil {
			return WeakPointsAnswer{}, err
		}
		ans.Sides = append(ans.Sides, WeakPointSide{Side: side.s, X: side.x, Applies: a.Applies, Arcs: a.Arcs})
		if a.Applies {
			ans.Impact = max(ans.Impact, side.x)
			ans.Reasons = append(ans.Reasons, say("attack.weakPoint", CiteWeakPoint, []string{u.Leader.ID, v.ID}, u.Leader.ID, v.ID, arcsWord(a.Arcs), side.x, side.s.word(), side.x))
		} else {
			ans.Reasons = append(ans.Reasons, say("attack.noWeakPoint", CiteWeakPoint, []string{u.Leader.ID, v.ID}, u.Leader.ID, v.ID, arcsWord(side.s.arcs()), side.x, side.s.word()))
		}
	}
	return ans, nil
}

// word is the side as a word argument ("rear" / "Heck", "sides" / "Seiten").
func (s WeakSide) word() word { return word{s.String(), germanArcs[s.String()]} }

// arcsWord names arcs as a word argument: "rear", "left and right" / "links und rechts".
func arcsWord(arcs []Arc) word {
	var en, de string
	for i, a := range arcs {
		if i > 0 {
			en += " and "
			de += " und "
		}
		en += a.String()
		de += germanArcs[a.String()]
	}
	return word{en, de}
}

func init() {
	maps.Copy(gameWords, map[Code][2]string{
		"attack.weakPoint":   {"%s is in %s's %s arc: Weak Point %d: %s gives the attack Impact %d", "%[1]s ist im Feuerwinkel %[3]s von %[2]s: Schwachstelle %[4]d: %[5]s gibt dem Angriff Wucht %[6]d"},
		"attack.noWeakPoint": {"%s is not in %s's %s arc: Weak Point %d: %s does not apply", "%[1]s ist nicht im Feuerwinkel %[3]s von %[2]s: Schwachstelle %[4]d: %[5]s gilt nicht"},
	})
}
