package rules

import (
	"math"

	"holotable/table"
)

// CourageAnswer compares a unit's suppression with its courage (CiteSuppressedUnit, CitePanic):
// Known is false when the courage cannot be told (no card value entered) — then nothing else is
// decided. UsedCourage is the courage the panic check uses (a friendly commander's at range 1–3
// when higher, CiteCommanderCourage; 0 when the unit has none, "–", which counts as infinite).
type CourageAnswer struct {
	Known       bool
	Suppression int
	Courage     int  // the unit's own (0 with NoCourage)
	NoCourage   bool // "–": never suppressed, never panics
	UsedCourage int
	Commander   string // the commander whose courage is used, "" for the unit's own
	Suppressed  bool   // suppression ≥ courage: loses 1 action (droid troopers never)
	Panicked    bool   // suppression ≥ 2 × the courage used
	Reasons     []Reason
}

// isDroid reports whether a unit's card type line says droid trooper (its game record).
func isDroid(r *table.GameUnit) bool { return r != nil && r.CardType == "Droid Trooper" }

// courageOf is a unit's courage from its card: the value, whether it is "–", whether known.
func courageOf(u *Unit) (value int, none, known bool) {
	c := u.Card
	switch {
	case c == nil:
		return 0, false, false
	case c.NoCourage:
		return 0, true, true
	case c.HasCourage:
		return c.Courage, false, true
	}
	return 0, false, false
}

// CourageCheck answers whether unit is suppressed or panicked now: its suppression tokens against
// its courage, or for the panic check a friendly commander's at range 1–3 when that is higher
// (not in Spezialeinsätze, CiteSpecOpsCourage). Vehicles have no courage; a trooper unit with "–"
// never panics; a droid trooper is never suppressed but may panic (CiteDroid).
func (w *World) CourageCheck(unit string) (CourageAnswer, error) {
	// A transported unit rallies as usual when activated, and a transported commander's courage
	// may be used, each from its vehicle's place (CiteTransportedGame, L10872–10875).
	u, err := w.carriedWorld(unit).Unit(unit)
	if err != nil {
		return CourageAnswer{}, err
	}
	r, err := w.record(unit)
	if err != nil {
		return CourageAnswer{}, err
	}
	a := CourageAnswer{Suppression: r.Tokens[table.TokenSuppression]}
	if u.Type == table.Ground || u.Type == table.Repulsor {
		a.Known = true
		a.Reasons = []Reason{say("courage.vehicle", CiteSuppressedUnit, []string{unit}, unit)}
		return a, nil
	}
	value, none, known := courageOf(u)
	if !known {
		a.Reasons = []Reason{say("courage.unknown", CiteSuppressedUnit, []string{unit}, unit)}
		return a, nil
	}
	a.Known, a.Courage, a.NoCourage = true, value, none
	if none {
		a.Reasons = []Reason{say("courage.none", CiteNoCourage, []string{unit}, unit)}
		return a, nil
	}
	a.UsedCourage = value
	a.Reasons = append(a.Reasons, say("courage.value", CiteSuppressedUnit, []string{unit}, unit, a.Suppression, value))
	if a.Suppression >= value {
		if isDroid(r) {
			a.Reasons = append(a.Reasons, say("courage.droid", CiteDroid, []string{unit}))
		} else {
			a.Suppressed = true
			a.Reasons = append(a.Reasons, say("courage.suppressed", CiteSuppressedUnit, []string{unit}))
		}
	} else {
		a.Reasons = append(a.Reasons, say("courage.calm", CiteSuppressedUnit, []string{unit}))
	}
	if a.Suppression >= 2*value && w.File.Ruleset != "specops" {
		// A friendly commander's courage at range 1–3 may be used instead ("–" counts as infinite).
		best, bestID, bestBand, infinite := value, "", 0, false
		for _, o := range w.sideUnits(r.Colour) {
			or := w.File.Game.Unit(o.ID)
			if o.ID == unit || or == nil || (or.Rank != table.RankCommander && or.Tokens[table.TokenCommander] == 0) {
				continue
			}
			cv, cnone, cknown := courageOf(o)
			if !cknown {
				continue
			}
			rg, err := w.carriedWorld(o.ID, unit).Range(o.ID, unit, false)
			if err != nil || rg.Band > 3 {
				continue
			}
			if cnone && !infinite {
				infinite, bestID, bestBand = true, o.ID, rg.Band
			} else if !infinite && cv > best {
				best, bestID, bestBand = cv, o.ID, rg.Band
			}
		}
		if bestID != "" {
			a.Commander = bestID
			shown := best
			if infinite {
				shown = 0
			}
			a.Reasons = append(a.Reasons, say("courage.commander", CiteCommanderCourage, []string{unit, bestID}, unit, bestBand, bestID, shown))
			if infinite {
				a.UsedCourage = 0
				a.Reasons = append(a.Reasons, say("courage.none", CiteCommanderCourage, []string{bestID}, bestID))
				return a, nil
			}
			a.UsedCourage = best
		}
	}
	if a.Suppression >= 2*a.UsedCourage {
		a.Panicked = true
		a.Reasons = append(a.Reasons, say("courage.panic", CitePanic, []string{unit}, a.UsedCourage))
	}
	return a, nil
}

// PanicEdge is the battlefield edge a panicked unit flees toward: the nearest to its leader's base
// (CitePanicEdge). Edges lists it (several when they tie within epsilon; the players choose),
// Distance is the gap from the base to it, Heading the direction straight to it in degrees. The
// route around terrain is the players' (the rulebook's "as efficiently as possible"): this is the
// direction offered, not a path.
type PanicEdgeAnswer struct {
	Edges    []string // "west" (x = 0), "east" (x = width), "south" (y = 0), "north" (y = depth)
	Distance float64
	Heading  float64
	Reasons  []Reason
}

// PanicEdge answers the nearest battlefield edge of unit's leader.
func (w *World) PanicEdge(unit string) (PanicEdgeAnswer, error) {
	u, err := w.Unit(unit)
	if err != nil {
		return PanicEdgeAnswer{}, err
	}
	m := u.Leader
	bf := w.File.Battlefield
	r := m.Radius()
	edges := []struct {
		name    string
		d, head float64
	}{{"west", m.X - r, 180}, {"east", bf.Width - m.X - r, 0}, {"south", m.Y - r, 270}, {"north", bf.Depth - m.Y - r, 90}}
	best := math.Inf(1)
	for _, e := range edges {
		best = math.Min(best, e.d)
	}
	a := PanicEdgeAnswer{Distance: math.Max(0, best)}
	for _, e := range edges {
		if e.d <= best+w.File.Profile.Epsilon {
			a.Edges = append(a.Edges, e.name)
			if len(a.Edges) == 1 {
				a.Heading = e.head
			}
		}
	}
	if len(a.Edges) == 1 {
		a.Reasons = []Reason{say("panic.edge", CitePanicEdge, []string{m.ID}, unit, edgeWords[a.Edges[0]], round4(a.Distance), a.Heading)}
	} else {
		a.Reasons = []Reason{say("panic.edges", CitePanicEdge, []string{m.ID}, unit, edgeWords[a.Edges[0]], edgeWords[a.Edges[1]], round4(a.Distance))}
	}
	return a, nil
}
