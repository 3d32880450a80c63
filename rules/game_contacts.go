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
