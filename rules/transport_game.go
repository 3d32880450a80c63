package rules

import "holotable/table"

// A transported unit in the game's rounds (issue 14/15). A unit carried by a transport is off the
// table (D89) but still on the battlefield for the game: it is given orders and its order token
// goes into the pool, it activates and rallies when activated, and a transported commander or
// operative issues orders and keeps its side able to play command cards (RRG 2.0 Transportiert
// L10857–10871, CiteTransportedGame). What it may do once active is the transport's business
// (transport_actions.go: in a closed transport only disembark). Objective cards' text does not
// apply to it (L10891–10892), so scoring keeps to the units on the table (unitsOf).

// CiteTransportedGame is the rule that a transported unit takes part in the round as usual.
const CiteTransportedGame = "RRG 2.0 Transportiert L10857–10875 (a transported unit removes tokens at the end of the round, rallies when activated, is given orders, a transported commander or operative issues them, and a transported commander's courage may be used)"

// sideUnits lists colour's units on the battlefield: those on the table in table order, then
// those carried by its transports, each standing in its vehicle's place (StandIn) so that range
// to and from it is measured from the vehicle.
func (w *World) sideUnits(c table.Colour) []*Unit {
	out := w.unitsOf(c)
	for _, v := range w.File.UnitsOnTable {
		for _, cu := range v.Carried {
			if w.ColourOfUnit(cu.ID) != c {
				continue
			}
			if u, err := w.carriedWorld(cu.ID).Unit(cu.ID); err == nil {
				out = append(out, u)
			}
		}
	}
	return out
}

// carriedWorld is the world in which unit id stands in its vehicle's place when it is carried
// (w itself when it is not).
func (w *World) carriedWorld(ids ...string) *World {
	sw, _ := w.StandIn(ids...)
	return sw
}

// inPlay reports whether unit id is on the table or carried by a transport on it.
func (w *World) inPlay(id string) bool {
	if _, err := w.Unit(id); err == nil {
		return true
	}
	_, ok := w.Transported(id)
	return ok
}

// entryOf is the id of the table entry that holds unit's minis: the unit's own when it stands on
// the table, its vehicle's when it is carried (D138), so that a step changing those minis names
// the entry its patch must carry; ok is false when the unit is neither.
func (w *World) entryOf(unit string) (string, bool) {
	if _, err := w.Unit(unit); err == nil {
		return unit, true
	}
	if tr, ok := w.Transported(unit); ok {
		return tr.Vehicle.ID, true
	}
	return "", false
}
