package ops

import (
	"slices"
	"strings"

	"holotable/rules"
	"holotable/table"
)

// Whose units an op may change (issue 15, D83): an op whose author is a side ("blue", "red") may
// change only the units of that side and units of neither side (those without a game record).
// An op that would change a unit of the other side is refused with the rules' answer
// (rules.World.MayChange: "… is blue's unit: the change is offered to blue …"); on an online table
// the app then offers it to the owner, who accepts or refuses it. Any other author (the hot-seat
// screen's "local") acts for both sides. The game's ops are left to their own checks (game.go's
// needActor: an attack changes the defender's unit, and is the attacker's to make), and so are
// undo and redo (they take back the author's own op, which passed this check when it was made),
// and the offers (offer.go: a proposal accepted by its owner has both sides' consent).

// ownChecked reports whether ops of kind k have their own check of who may act, instead of the
// units they touch.
func ownChecked(k Kind) bool {
	return strings.HasPrefix(string(k), "game.") || strings.HasPrefix(string(k), "offer.") || k == KindUndo || k == KindRedo
}

// needOwner refuses op (planned against s as patch p) when its author acts for a side and p
// changes a unit of the other side.
func needOwner(s *State, op Op, p Patch) error {
	side := AuthorSide(s.author)
	if side == table.NoColour || ownChecked(op.Kind()) || s.file.Game == nil {
		return nil
	}
	units := p.Units()
	if len(units) == 0 {
		return nil
	}
	perm, err := s.World().MayChange(side, units...)
	if err != nil || perm.Allowed {
		return nil
	}
	var rs []rules.Reason
	for _, r := range perm.Reasons {
		if r.Rule == rules.PermOffer {
			rs = append(rs, r)
		}
	}
	return refuseWith("", rs)
}

// OfferTo is the owner a refused op may be offered to: the side whose unit the op would change
// (err a refusal of needOwner), or NoColour when err is not such a refusal.
func OfferTo(err error, f *table.File) table.Colour {
	r, ok := err.(*Refusal)
	if !ok || len(r.Reasons) == 0 {
		return table.NoColour
	}
	for _, x := range r.Reasons {
		if c := rules.OfferOwner(x); c != table.NoColour {
			return c // a grid figure's (D132)
		}
	}
	if !slices.ContainsFunc(r.Reasons, func(x rules.Reason) bool { return x.Rule == rules.PermOffer }) {
		return table.NoColour
	}
	if f == nil || f.Game == nil {
		return table.NoColour
	}
	for _, x := range r.Reasons {
		for _, id := range x.IDs {
			if u := f.Game.Unit(id); u != nil {
				return u.Colour
			}
		}
	}
	return table.NoColour
}

// Units lists, sorted, the ids of the units the patch changes: a unit put on, taken off or
// changed, a unit whose minis change, and every unit of both files for a whole-file edit.
func (p Patch) Units() []string {
	var out []string
	add := addOnce(&out)
	for _, e := range p.edits {
		switch e := e.(type) {
		case *unitEdit:
			add(e.id())
		case *miniEdit:
			add(e.unit)
		case *fileEdit:
			for _, f := range []*table.File{e.from, e.to} {
				for i := range f.UnitsOnTable {
					add(f.UnitsOnTable[i].ID)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}
