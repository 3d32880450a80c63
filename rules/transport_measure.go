package rules

import (
	"maps"
	"slices"

	"holotable/table"
)

// What a transported unit measures from (issue 14, D109). A unit carried by a transport is off
// the table (D89), yet the rulebook lets it be measured from and to: range and line of sight of a
// transported unit are its vehicle's (RRG 2.0 Transportiert L10845–10849, L10877–10881;
// CiteTransportedMeasure). In an open transport it attacks with range from the vehicle's base and
// line of sight as if the vehicle attacked (L10930–10933), is attacked with range and line of
// sight from the attacking leader to the vehicle as if the vehicle defended (L10935–10939), counts
// as having heavy cover, which may be reduced (L10941–10943), and its weapons lose Fixed
// (L10917–10918); in a closed one it neither attacks nor defends (L10851–10852); and it does not
// trade ranged attacks with an enemy unit its vehicle touches (L10949–10957).
//
// StandIn answers these exactly by asking the ordinary questions on a table made for them: the
// carried unit stands where its vehicle stands — every mini with the vehicle leader's base, height,
// place and facing, so range is measured from that base and line of sight from its eye — and the
// vehicle is taken off, so that it neither blocks nor obscures the lines it is the origin or
// target of.

// Cite sentences of the transported unit's measuring.
const (
	CiteTransportedMeasure = "RRG 2.0 Transportiert L10845–10849, L10877–10881 (range and line of sight from and to a transported unit are measured from and to its vehicle's base)"
	CiteTransportedClosed  = "RRG 2.0 Transportiert L10851–10852 (in a closed transport a unit cannot attack or be the defender)"
	CiteTransportedOpen    = "RRG 2.0 Transportiert L10917–10918, L10930–10943 (an open transport's unit attacks and is attacked with range and line of sight of its vehicle, has heavy cover, and its weapons lose Fixed)"
	CiteTransportedContact = "RRG 2.0 Transportiert L10949–10957 (a transported unit and an enemy unit in base contact with its vehicle cannot make ranged attacks against each other)"
)

func init() {
	maps.Copy(gameWords, map[Code][2]string{
		"transport.from":    {"%s is carried by %s: its range and line of sight are measured from and to %s's base", "%s wird von %s transportiert: ihre Reichweite und Sichtlinie werden von und zu der Basis von %s gemessen"},
		"transport.closed":  {"%s is in the closed transport %s: it cannot attack or be attacked", "%s ist im geschlossenen Transporter %s: sie kann weder angreifen noch angegriffen werden"},
		"transport.heavy":   {"%s is carried by the open transport %s: it has heavy cover (which can be reduced)", "%s wird vom offenen Transporter %s transportiert: sie hat starke Deckung (die reduziert werden kann)"},
		"transport.fixed":   {"%s's weapons lose Fixed while it is in the open transport %s", "die Waffen von %s verlieren Fester Feuerwinkel, solange sie im offenen Transporter %s ist"},
		"transport.contact": {"%s touches %s: the carried unit %s and %s cannot make ranged attacks against each other", "%s berührt %s: die transportierte Einheit %s und %s können keine Fernkampfangriffe gegeneinander durchführen"},
	})
}

// Transported is what a carried unit measures from: the unit (off the table, in Vehicle's
// carried list), its vehicle on the table, and whether the vehicle's transport is open.
type Transported struct {
	Unit    *table.Unit
	Vehicle *Unit
	Open    bool
}

// Transported finds the unit id among the units the transports on the table carry (ok false
// when it is not carried).
func (w *World) Transported(id string) (Transported, bool) {
	vi, ci, ok := w.File.Carrier(id)
	if !ok {
		return Transported{}, false
	}
	v := w.Units[vi]
	return Transported{Unit: &v.Carried[ci], Vehicle: v, Open: v.Keywords.Transport.Open}, true
}

// StandIn is the world in which each carried unit among ids stands in its vehicle's place (see
// above), with the reasons that say so, in ids' order; w itself (and no reasons) when none is
// carried. The world is made for questions of range, line of sight, cover and attack; it is not a
// table the file format would accept (the carried minis share one place).
func (w *World) StandIn(ids ...string) (*World, []Reason) {
	var f *table.File
	var why []Reason
	for _, id := range ids {
		tr, ok := w.Transported(id)
		if !ok {
			continue
		}
		if f == nil {
			g := *w.File
			g.UnitsOnTable = slices.Clone(w.File.UnitsOnTable)
			f = &g
		}
		vl := tr.Vehicle.Leader.Mini
		u := *tr.Unit
		u.Minis = slices.Clone(u.Minis)
		for i := range u.Minis {
			m := &u.Minis[i]
			m.X, m.Y, m.Z, m.Facing, m.Base, m.Height = vl.X, vl.Y, vl.Z, vl.Facing, vl.Base, vl.Height
		}
		if tr.Open && u.Card != nil {
			c := *u.Card
			c.Weapons = slices.Clone(c.Weapons)
			lost := false
			for i := range c.Weapons {
				if c.Weapons[i].Keywords.Fixed != "" {
					c.Weapons[i].Keywords.Fixed, lost = "", true
				}
			}
			u.Card = &c
			if lost {
				why = append(why, say("transport.fixed", CiteTransportedOpen, []string{u.ID}, u.ID, tr.Vehicle.ID))
			}
		}
		if k := slices.IndexFunc(f.UnitsOnTable, func(x table.Unit) bool { return x.ID == tr.Vehicle.ID }); k >= 0 {
			f.UnitsOnTable[k] = u
		} else { // a second unit of the same transport: the vehicle is off already
			f.UnitsOnTable = append(f.UnitsOnTable, u)
		}
		why = append([]Reason{say("transport.from", CiteTransportedMeasure, []string{u.ID, tr.Vehicle.ID}, u.ID, tr.Vehicle.ID, vl.ID)}, why...)
	}
	if f == nil {
		return w, nil
	}
	return NewWorld(f), why
}

// transportedAttack is Attack when the attacker or the defender is a carried unit: the attack
// asked on StandIn's world, its reasons first, then the transport's own rules — a closed
// transport's unit neither attacks nor defends, a carried defender has heavy cover (reducible),
// and an enemy unit touching the carrying vehicle and the carried unit trade no ranged attacks.
// ok is false when neither is carried.
func (w *World) transportedAttack(q AttackQuery) (AttackAnswer, bool, error) {
	ta, aCarried := w.Transported(q.Attacker)
	td, dCarried := w.Transported(q.Defender)
	if !aCarried && !dCarried {
		return AttackAnswer{}, false, nil
	}
	sw, why := w.StandIn(q.Attacker, q.Defender)
	heavy := dCarried && td.Open
	var carried []string // not engaged, whatever the vehicle touches (L10895–10898, L10953–10957)
	if aCarried {
		carried = append(carried, q.Attacker)
	}
	if dCarried {
		carried = append(carried, q.Defender)
	}
	a, err := sw.attack(q, attackOpts{heavy: heavy, carried: carried})
	if err != nil {
		return AttackAnswer{}, true, err
	}
	var own []Reason
	for _, t := range []struct {
		tr      Transported
		carried bool
		other   string
	}{{ta, aCarried, q.Defender}, {td, dCarried, q.Attacker}} {
		if !t.carried {
			continue
		}
		u := t.tr.Unit.ID
		if !t.tr.Open {
			a.Allowed = false
			own = append(own, say("transport.closed", CiteTransportedClosed, []string{u, t.tr.Vehicle.ID}, u, t.tr.Vehicle.ID))
			continue
		}
		if q.Melee {
			continue
		}
		o, err := w.Unit(t.other)
		if err != nil { // the other is carried too: its vehicle is what could touch
			if to, ok := w.Transported(t.other); ok {
				o = to.Vehicle
			} else {
				continue
			}
		}
		if w.InMelee(t.tr.Vehicle, o, w.contactFlags()) { // enemies in base contact
			a.Allowed = false
			own = append(own, say("transport.contact", CiteTransportedContact, []string{t.tr.Vehicle.ID, o.ID}, t.tr.Vehicle.ID, o.ID, u, t.other))
		}
	}
	if heavy {
		own = append(own, say("transport.heavy", CiteTransportedOpen, []string{q.Defender, td.Vehicle.ID}, q.Defender, td.Vehicle.ID))
	}
	a.Reasons = append(append(why, own...), a.Reasons...)
	return a, true, nil
}
