package ops

import (
	"slices"

	"holotable/rules"
	"holotable/table"
)

// Whose grid figures an op may change on an online table (D132). A grid figure has a side (its
// squad's name), not a seat; the room's two seats take the squads of the grid as it was opened —
// the grid of the log's last swm.import, else the log's first grid — in the order the file lists
// them: a squad named "blue" or "red" is that seat's, and the others, in the order their first
// figure comes in the file, take the seats still free, blue first (the example map's rebels are
// blue, its empire red). Squads the opened grid did not have are neither seat's, like units of
// neither side (owner.go). An op of a seat's that adds, moves, edits or removes a figure of the
// other seat's squad — or edits a figure into it — is refused with rules.PermOfferFigure, which
// the app turns into an offer (OfferTo, D85). Undo, redo and the offers keep their own checks.

// GridSeats maps the squads of grid g to the seats: "blue" and "red" to themselves, the others by
// their first figure's place in the file to the seats still free (blue, then red); the rest to
// none.
func GridSeats(g *table.SWMFile) map[string]table.Colour {
	out := map[string]table.Colour{}
	if g == nil {
		return out
	}
	free := []table.Colour{table.Blue, table.Red}
	for _, f := range g.Figures {
		if c, err := table.ParseColour(f.Side); err == nil && (c == table.Blue || c == table.Red) {
			out[f.Side] = c
			free = slices.DeleteFunc(free, func(x table.Colour) bool { return x == c })
		}
	}
	for _, f := range g.Figures {
		if _, ok := out[f.Side]; ok {
			continue
		}
		out[f.Side] = table.NoColour
		if len(free) > 0 {
			out[f.Side], free = free[0], free[1:]
		}
	}
	return out
}

// openedGrid is the grid the log's seats took their squads from: the table of the last
// swm.import in the log, else the log's first grid.
func (l *Log) openedGrid() *table.SWMFile {
	for i := len(l.entries) - 1; i >= 0; i-- {
		if o, ok := l.entries[i].Op.(*SWMImport); ok {
			return o.Table
		}
	}
	return l.first.grid
}

// needGridOwner refuses op (planned against s as patch p) when its author is a seat and p changes
// a figure of the other seat's squad (before or after the change).
func needGridOwner(s *State, op Op, p Patch) error {
	side := AuthorSide(s.author)
	if side == table.NoColour || ownChecked(op.Kind()) || s.log == nil {
		return nil
	}
	var seats map[string]table.Colour
	var rs []rules.Reason
	for _, e := range p.edits {
		ge, ok := e.(*gridEdit)
		if !ok || ge.part != gridFigures {
			continue
		}
		if seats == nil {
			seats = GridSeats(s.log.openedGrid())
		}
		for _, f := range changedFigures(ge.from, ge.to) {
			if c := seats[f.Side]; c != table.NoColour && c != side && !slices.ContainsFunc(rs, func(r rules.Reason) bool { return r.IDs[0] == f.ID }) {
				rs = append(rs, rules.FigureOffer(f.ID, f.Side, c))
			}
		}
	}
	if len(rs) == 0 {
		return nil
	}
	return refuseWith("", rs)
}

// changedFigures lists the figures of from that to lacks or holds changed, and the figures of to
// that from lacks or holds changed (a figure edited appears as it was and as it will be).
func changedFigures(from, to *table.SWMFile) []table.Figure {
	var out []table.Figure
	diff := func(a, b *table.SWMFile) {
		if a == nil {
			return
		}
		for _, f := range a.Figures {
			if b == nil {
				out = append(out, f)
				continue
			}
			if k := figureAt(b, f.ID); k < 0 || !sameFigure(b.Figures[k], f) {
				out = append(out, f)
			}
		}
	}
	diff(from, to)
	diff(to, from)
	return out
}

// sameFigure reports whether two figures are the same in every field the grid ops write.
func sameFigure(a, b table.Figure) bool {
	return a.ID == b.ID && a.X == b.X && a.Y == b.Y && a.Name == b.Name && a.Side == b.Side && a.Size == b.Size &&
		a.Speed == b.Speed && a.Reach == b.Reach && a.Abilities == b.Abilities
}
