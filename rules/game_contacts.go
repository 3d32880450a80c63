package rules

import (
	"slices"

	"holotable/table"
)

// SetContact marks minis a and b, of two different units on the table, as treated as in base
// contact although their bases do not touch (on), or takes the mark away (!on): the players'
// call when non-base parts of the minis keep them apart (CiteTolerance), which the melee and move
// rules then honour (GameContacts). The pair is kept in byte order (game.contacts). Refused: a
// mini not on the table, two minis of one unit, marking a pair marked already or clearing one
// that is not, a game that is over.
func (w *World) SetContact(a, b string, on bool) (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	if g.Phase == table.PhaseOver {
		return Step{}, refuse("game.over", CiteGameEnd, nil)
	}
	ma, err := w.Mini(a)
	if err != nil {
		return Step{}, refuse("contact.notMini", CiteTolerance, []string{a}, a)
	}
	mb, err := w.Mini(b)
	if err != nil {
		return Step{}, refuse("contact.notMini", CiteTolerance, []string{b}, b)
	}
	if ma.Unit == mb.Unit {
		return Step{}, refuse("contact.sameUnit", CiteTolerance, []string{a, b}, a, b, ma.Unit.ID)
	}
	pair := [2]string{a, b}
	if b < a {
		pair = [2]string{b, a}
	}
	k := slices.Index(g.Contacts, pair)
	switch {
	case on && k >= 0:
		return Step{}, refuse("contact.already", CiteTolerance, []string{a, b}, a, b)
	case !on && k < 0:
		return Step{}, refuse("contact.absent", CiteTolerance, []string{a, b}, a, b)
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	ng := f.Game
	if on {
		ng.Contacts = append(ng.Contacts, pair)
		return done(f, nil, []Reason{say("contact.set", CiteTolerance, []string{a, b}, a, b)})
	}
	ng.Contacts = slices.Delete(ng.Contacts, k, k+1)
	if len(ng.Contacts) == 0 {
		ng.Contacts = nil
	}
	return done(f, nil, []Reason{say("contact.cleared", CiteTolerance, []string{a, b}, a, b)})
}

// MovedContacts splits the game contact pairs of before (game.contacts) by after, the same table
// after a change: a pair one of whose minis stands at a new place in after (x, y, z or facing
// changed) is dropped — the minis are treated as in base contact "until one of them is moved to a
// new position" (CiteTolerance, D114) — and the others are kept, in order. A mini missing from
// after keeps its pair here (a defeated mini's pair goes with it, applyWounds). nil, nil without a
// game or pairs.
func MovedContacts(before, after *table.File) (kept, dropped [][2]string) {
	if before.Game == nil || len(before.Game.Contacts) == 0 {
		return nil, nil
	}
	place := func(f *table.File, id string) (table.Mini, bool) {
		ref, ok := f.Lookup(id)
		if !ok || ref.Mini == nil {
			return table.Mini{}, false
		}
		return *ref.Mini, true
	}
	moved := func(id string) bool {
		a, ok := place(before, id)
		b, ok2 := place(after, id)
		return ok && ok2 && (a.X != b.X || a.Y != b.Y || a.Z != b.Z || a.Facing != b.Facing)
	}
	for _, c := range before.Game.Contacts {
		if moved(c[0]) || moved(c[1]) {
			dropped = append(dropped, c)
		} else {
			kept = append(kept, c)
		}
	}
	return kept, dropped
}
