package ops

import (
	"slices"

	"github.com/golang/geo/r2"

	"holotable/rules"
	"holotable/table"
)

// KindUnitDisembark is a carried unit disembarking (RRG 2.0 Ein- und Aussteigen L5151–5181;
// rules.World.Disembark): its leader placed with its base centre at (X, Y), in base contact with
// its transport (not overlapping anything, not touching an enemy), then a speed-1 standard move
// from there that may not end touching an enemy; its other minis placed by the rules in cohesion
// (World.PlaceFollowers). The unit comes back onto the table (the last unit of units_on_table)
// and leaves the transport's "carried" list. Refused with the rules' reasons, or when a mini finds
// no spot in cohesion; undone, the unit is carried again.
const KindUnitDisembark Kind = "unit.disembark"

// UnitDisembark puts Unit back on the table from its transport: the leader first at (X, Y), then
// its speed-1 move along Heading (round bases), bent by Bend, stopped at Fraction (0: no move).
type UnitDisembark struct {
	Unit     string   `op:"unit"`
	X        float64  `op:"x"`
	Y        float64  `op:"y"`
	Heading  *float64 `op:"heading"`
	Bend     float64  `op:"bend"`
	Fraction float64  `op:"fraction"`
}

const (
	codeDisembarkQuery = "disembark.query"
	codeDisembarkRoom  = "disembark.room"
	codeNotCarried     = "disembark.notCarried"
)

func init() {
	Register[UnitDisembark](KindUnitDisembark)
	RegisterWords(map[string][2]string{
		"op.unit.disembark":            {"%s disembarks", "%s steigt aus"},
		"reason." + codeDisembarkQuery: {"%s", "%s"},
	})
}

func (o *UnitDisembark) Kind() Kind      { return KindUnitDisembark }
func (o *UnitDisembark) Describe() Words { return Words{Key: "op.unit.disembark", Args: []any{o.Unit}} }

// Disembarking is the table the rules see while a carried unit disembarks: the file with the unit
// standing on the table (every mini at the leader's first place, where PlaceFollowers moves them
// from) and out of its transport, and the unit as it stands there.
func Disembarking(f *table.File, vi int, c *table.Unit, at r2.Point) (*table.File, *table.Unit) {
	g := *f
	g.UnitsOnTable = slices.Clone(f.UnitsOnTable)
	v := g.UnitsOnTable[vi]
	v.Carried = slices.DeleteFunc(slices.Clone(v.Carried), func(x table.Unit) bool { return x.ID == c.ID })
	if len(v.Carried) == 0 {
		v.Carried = nil
	}
	g.UnitsOnTable[vi] = v
	u := *c
	u.Minis = slices.Clone(c.Minis)
	z := 0.0
	if len(v.Minis) > 0 {
		z = f.UnitsOnTable[vi].Minis[0].Z
		for _, m := range v.Minis {
			if m.Leader {
				z = m.Z
			}
		}
	}
	for i := range u.Minis {
		u.Minis[i].X, u.Minis[i].Y, u.Minis[i].Z = at.X, at.Y, z
	}
	g.UnitsOnTable = append(g.UnitsOnTable, u)
	return &g, &g.UnitsOnTable[len(g.UnitsOnTable)-1]
}

// Answer asks the rules for the disembark on the table d (Disembarking's), the unit's leader
// leader, from transport vehicle.
func (o *UnitDisembark) Answer(w *rules.World, vehicle, leader string) (rules.TransportAnswer, error) {
	q := rules.DisembarkQuery{Vehicle: vehicle, Place: r2.Point{X: o.X, Y: o.Y},
		Move: moveQuery(leader, 1, o.Heading, o.Bend, o.Fraction)}
	return w.Disembark(q, w.GameContacts())
}

func (o *UnitDisembark) Plan(s *State) (Patch, error) {
	vi, v, c, err := s.carriedUnit("unit", o.Unit)
	if err != nil {
		return Patch{}, err
	}
	if err := moveLimits(s, o.Unit, table.MoveDisembark); err != nil {
		return Patch{}, err
	}
	event, _ := s.World().DisembarkEvent(o.Unit, v.ID)
	d, du := Disembarking(s.File(), vi, c, r2.Point{X: o.X, Y: o.Y})
	w := rules.NewWorld(d)
	var leader string
	for _, m := range du.Minis {
		if m.Leader {
			leader = m.ID
		}
	}
	a, err := o.Answer(w, v.ID, leader)
	if err != nil {
		return Patch{}, refuse("", codeDisembarkQuery, rules.CiteDisembark, err.Error())
	}
	if !a.Legal {
		why := IllegalReasons(a.Move.MoveAnswer)
		for _, r := range a.Reasons {
			if r.Rule == "disembark.place" || r.Rule == "disembark.enemy" {
				why = append(why, r)
			}
		}
		return Patch{}, refuseWith("", why)
	}
	pl, err := w.PlaceFollowers(du.ID, r2.Point{X: a.Move.X, Y: a.Move.Y})
	if err != nil {
		return Patch{}, refuse("", codeDisembarkQuery, rules.CiteDisembark, err.Error())
	}
	placed := *du
	placed.Minis = slices.Clone(du.Minis)
	for i := range placed.Minis {
		m := &placed.Minis[i]
		if m.Leader {
			m.X, m.Y = a.Move.X, a.Move.Y
			continue
		}
		ok := false
		for _, p := range pl {
			if p.ID == m.ID && p.OK {
				m.X, m.Y, ok = p.X, p.Y, true
			}
		}
		if !ok {
			return Patch{}, refuse("", codeDisembarkRoom, rules.CiteRestore, m.ID)
		}
	}
	to := d.UnitsOnTable[vi]
	var p Patch
	p.edits = append(p.edits, &unitEdit{field: "unit", at: vi, from: v, to: &to},
		&unitEdit{field: "unit", at: len(s.File().UnitsOnTable), to: &placed})
	return withAftermath(s, p, rules.Aftermath{Unit: o.Unit, Move: event})
}
