package ops

import (
	"slices"

	"holotable/rules"
)

// withMovedContacts is p followed by the edit that drops the game's "treated as in base contact"
// pairs (game.contacts) of which p moves a mini to a new place (rules.MovedContacts, D114): the
// same op that moves the mini ends the pair, so one undo brings both back. Undo and redo replay
// their patches as they are. p unchanged when there is no pair, p moves none of their minis, or p
// does not apply (its own fault is reported by the caller).
func withMovedContacts(op Op, s *State, p Patch) Patch {
	f := s.File()
	if f == nil || f.Game == nil || len(f.Game.Contacts) == 0 || op.Kind() == KindUndo || op.Kind() == KindRedo {
		return p
	}
	ids := p.IDs()
	if !slices.ContainsFunc(f.Game.Contacts, func(c [2]string) bool {
		_, a := slices.BinarySearch(ids, c[0])
		_, b := slices.BinarySearch(ids, c[1])
		return a || b
	}) {
		return p
	}
	g, err := p.apply(f, false)
	if err != nil || g.Game == nil {
		return p
	}
	kept, dropped := rules.MovedContacts(f, g)
	if len(dropped) == 0 {
		return p
	}
	ng := *g.Game
	ng.Contacts = nil
	for _, c := range g.Game.Contacts {
		if slices.Contains(kept, c) {
			ng.Contacts = append(ng.Contacts, c)
		}
	}
	return p.Then(Patch{[]edit{&gameEdit{field: "game", from: g.Game, to: &ng}}})
}
