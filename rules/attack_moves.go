package rules

// What the attack assistant asks of melee and firing arcs, answered by the moves' rules
// (melee.go, arc.go): the game's "treated as in base contact" pairs (game.contacts) as their
// ContactFlags, and the fixed-arc test of one attacking mini.

// GameContacts are the game's "treated as in base contact" pairs (game.contacts) as the melee
// and move rules take them: the flags the app passes to Reposition, PivotBy, Withdraw, Charge and
// the others (none without a game).
func (w *World) GameContacts() ContactFlags { return w.contactFlags() }

// contactFlags are the game's treated-as-in-contact pairs as the melee rules take them (none
// without a game).
func (w *World) contactFlags() ContactFlags {
	var f ContactFlags
	if g := w.File.Game; g != nil {
		for _, c := range g.Contacts {
			f.Set(c[0], c[1])
		}
	}
	return f
}

// inFixedArc reports whether unit v is in mini m's front or rear arc (the arc lines of m's unit,
// CiteFixedArc: some part of a defending base in the cone), and whether m has arcs at all (a
// trooper's round base has none).
func (w *World) inFixedArc(m *Mini, v *Unit, arc string) (in, hasArcs bool) {
	a := ArcFront
	if arc == "rear" {
		a = ArcRear
	}
	cone, err := w.ArcCone(m, a)
	if err != nil {
		return false, false
	}
	for _, d := range v.Minis {
		if w.inCone(cone, d.Foot) {
			return true, true
		}
	}
	return false, true
}
