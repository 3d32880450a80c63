package ops

import (
	"slices"

	"holotable/rules"
	"holotable/table"
)

// KindUnitEmbark is a trooper unit embarking on a friendly transport (RRG 2.0 Ein- und Aussteigen
// L5132–5145; rules.World.Embark): its leader's speed-1 standard move that ends in base contact
// with the transport Vehicle, which must have room (Transport X) for it; then the unit is taken off
// the table and kept in the transport's "carried" list, its minis without places (table/carried.go,
// docs/format-moves.md "Transports"). An embark the rules do not allow is refused with their
// reasons; undone, the unit stands where it stood.
const KindUnitEmbark Kind = "unit.embark"

// UnitEmbark embarks Unit on Vehicle: its leader's speed-1 move along Heading (round bases), bent
// by Bend, stopped at Fraction of the full move.
type UnitEmbark struct {
	Unit     string   `op:"unit"`
	Vehicle  string   `op:"vehicle"`
	Heading  *float64 `op:"heading"`
	Bend     float64  `op:"bend"`
	Fraction float64  `op:"fraction"`
}

const codeEmbarkQuery = "embark.query"

func init() {
	Register[UnitEmbark](KindUnitEmbark)
	RegisterWords(map[string][2]string{
		"op.unit.embark":              {"%s embarks on %s", "%s steigt in %s ein"},
		"reason." + codeEmbarkQuery:   {"%s", "%s"},
		"thing.carried unit":          {"unit or mini carried by a transport", "Einheit oder Miniatur in einem Transporter"},
		"reason." + codeDisembarkRoom: {"no spot in cohesion for %s after the disembark", "nach dem Aussteigen kein Platz in Formation für %s"},
		"reason." + codeNotCarried:    {"unit %s is carried by no transport", "Einheit %s sitzt in keinem Transporter"},
	})
}

func (o *UnitEmbark) Kind() Kind { return KindUnitEmbark }
func (o *UnitEmbark) Describe() Words {
	return Words{Key: "op.unit.embark", Args: []any{o.Unit, o.Vehicle}}
}

// Answer asks w for the embark of the unit led by leader on the op's vehicle, which carries
// carried units already.
func (o *UnitEmbark) Answer(w *rules.World, leader string, carried int) (rules.TransportAnswer, error) {
	q := rules.EmbarkQuery{Move: moveQuery(leader, 1, o.Heading, o.Bend, o.Fraction), Vehicle: o.Vehicle, Carried: carried}
	return w.Embark(q, w.GameContacts())
}

func (o *UnitEmbark) Plan(s *State) (Patch, error) {
	vi, v, err := s.unit("vehicle", o.Vehicle)
	if err != nil {
		return Patch{}, err
	}
	if err := moveLimits(s, o.Unit, table.MoveEmbark); err != nil {
		return Patch{}, err
	}
	pm, err := planMove(s, o.Unit, "vehicle", table.MoveNone, codeEmbarkQuery, rules.CiteEmbark,
		func(w *rules.World, leader string) (rules.TransportAnswer, error) {
			return o.Answer(w, leader, len(v.Carried))
		},
		func(a rules.TransportAnswer) (bool, []rules.Reason) {
			return moveIllegal(a.Legal, a.Move.MoveAnswer, a.Reasons, "embark")
		})
	if err != nil {
		return Patch{}, err
	}
	u := pm.u
	carried := *u
	carried.Minis = slices.Clone(u.Minis)
	for i := range carried.Minis {
		m := &carried.Minis[i]
		m.X, m.Y, m.Z, m.Facing = 0, 0, 0, 0 // off the table, in the transport
	}
	to := *v
	to.Carried = append(slices.Clip(v.Carried), carried)
	var p Patch
	p.edits = append(p.edits, &unitEdit{field: "vehicle", at: vi, from: v, to: &to},
		&unitEdit{field: "unit", at: unitAt(s.File(), u.ID), from: u})
	return withAftermath(s, p, rules.Aftermath{Unit: u.ID, Move: table.MoveEmbark})
}

// carriedUnit finds the carried unit id: its transport (index and unit) and the unit.
func (s *State) carriedUnit(field, id string) (int, *table.Unit, *table.Unit, error) {
	vi, ci, ok := s.file.Carrier(id)
	if !ok {
		return -1, nil, nil, refuse(field, codeNotCarried, rules.CiteDisembark, id)
	}
	v := &s.file.UnitsOnTable[vi]
	return vi, v, &v.Carried[ci], nil
}
