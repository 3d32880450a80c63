package ops

import "strings"

// KindMinisMove puts minis where a player dragged them: each to its new base centre, and, when
// given, to a new elevation and facing. It is how a mini is dragged (measure and units tools), a
// whole unit dragged (every mini of it, with Unit naming the unit), and a follower placed after a
// move.
const KindMinisMove Kind = "minis.move"

// MinisMove moves every mini of Minis; Unit, when given, is the unit they all belong to (the
// history then names the unit).
type MinisMove struct {
	Unit  string      `op:"unit,omitempty"`
	Minis []MiniPlace `op:"minis"`
}

// MiniPlace is where one mini goes.
type MiniPlace struct {
	Mini   string   `op:"mini"`
	X      float64  `op:"x"`
	Y      float64  `op:"y"`
	Z      *float64 `op:"z"`
	Facing *float64 `op:"facing"`
}

const (
	codeNoMinis   = "minis.none"
	codeTwice     = "minis.twice"
	codeOtherUnit = "minis.otherUnit"
)

func init() {
	Register[MinisMove](KindMinisMove)
	RegisterWords(map[string][2]string{
		"op.minis.move":           {"move %s", "%s bewegen"},
		"reason." + codeNoMinis:   {"no mini to move", "keine Miniatur zu bewegen"},
		"reason." + codeTwice:     {"%s is listed twice", "%s steht zweimal in der Liste"},
		"reason." + codeOtherUnit: {"%s is not a mini of %s", "%s ist keine Miniatur von %s"},
	})
}

func (o *MinisMove) Kind() Kind { return KindMinisMove }

func (o *MinisMove) Describe() Words {
	if o.Unit != "" {
		return Words{Key: "op.minis.move", Args: []any{o.Unit}}
	}
	ids := make([]string, len(o.Minis))
	for i, m := range o.Minis {
		ids[i] = m.Mini
	}
	return Words{Key: "op.minis.move", Args: []any{strings.Join(ids, ", ")}}
}

func (o *MinisMove) Plan(s *State) (Patch, error) {
	if len(o.Minis) == 0 {
		return Patch{}, refuse("minis", codeNoMinis, CiteOps)
	}
	f := s.File()
	var p Patch
	seen := map[string]bool{}
	for i, mp := range o.Minis {
		field := index("minis", i)
		if seen[mp.Mini] {
			return Patch{}, refuse(field+".mini", codeTwice, CiteOps, mp.Mini)
		}
		seen[mp.Mini] = true
		ui, mi, err := s.mini(field+".mini", mp.Mini)
		if err != nil {
			return Patch{}, err
		}
		u := &f.UnitsOnTable[ui]
		if o.Unit != "" && u.ID != o.Unit {
			return Patch{}, refuse(field+".mini", codeOtherUnit, CiteOps, mp.Mini, o.Unit)
		}
		m := &u.Minis[mi]
		to := *m
		to.X, to.Y = mp.X, mp.Y
		if mp.Z != nil {
			to.Z = *mp.Z
		}
		if mp.Facing != nil {
			to.Facing = *mp.Facing
		}
		p.edits = append(p.edits, &miniEdit{field: field, unit: u.ID, at: mi, from: m, to: &to})
	}
	return p, nil
}
