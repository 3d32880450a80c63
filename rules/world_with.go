package rules

import "holotable/table"

// MiniPlace is where a mini stands: its base centre, the elevation of its base bottom and its
// facing.
type MiniPlace struct {
	X, Y, Z, Facing float64
}

// PlaceOf is where the mini stands now.
func (m *Mini) PlaceOf() MiniPlace { return MiniPlace{X: m.X, Y: m.Y, Z: m.Z, Facing: m.Facing} }

// With returns a World over a copy of the table in which the minis named in moved stand where it
// says (ids it does not know are ignored); w and its file are not changed. The rules that place
// several minis one after another (a charge's followers and the defender's reply, displaced minis
// put back, a unit after a climb) ask it about the table as it will be.
func (w *World) With(moved map[string]MiniPlace) *World {
	f := *w.File
	f.UnitsOnTable = make([]table.Unit, len(w.File.UnitsOnTable))
	for i, u := range w.File.UnitsOnTable {
		copied := false
		for j, m := range u.Minis {
			p, ok := moved[m.ID]
			if !ok {
				continue
			}
			if !copied {
				u.Minis, copied = append([]table.Mini(nil), u.Minis...), true
			}
			u.Minis[j].X, u.Minis[j].Y, u.Minis[j].Z, u.Minis[j].Facing = p.X, p.Y, p.Z, p.Facing
		}
		f.UnitsOnTable[i] = u
	}
	return NewWorld(&f)
}
