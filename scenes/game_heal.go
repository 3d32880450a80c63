package scenes

import (
	"maps"
	"slices"

	"holotable/ops"
	"holotable/table"
)

// Healing in the game panel (D112): one wound token taken from a chosen mini, one poison, ion or
// damage token from the unit, or one mini defeated
// this round restored, by Treat or Repair (the active unit using the card named, with its X and
// Capacity) or by a card's effect (the Golden Rule) — each one game.heal op, undone as one.

// healArgs is the panel's heal command: Mini loses Count wound tokens (at least 1; one use of
// Treat X takes up to X), the unit one Token (poison, ion, a damage token), or Restore comes back.
type healArgs struct {
	Unit, Ability, By, Card string
	X, Capacity, Count      int
	Mini, Token, Restore    string
}

// heal submits the game.heal op of a; By defaults to the active unit for Treat and Repair.
func (t *gameTool) heal(s Context, a healArgs) error {
	op := &ops.GameHeal{Unit: a.Unit, Ability: a.Ability}
	if a.Ability != "effect" {
		op.By, op.Card, op.X, op.Capacity = a.By, a.Card, a.X, a.Capacity
		if g := s.State().File().Game; g != nil && op.By == "" {
			op.By = g.Active
		}
	}
	if a.Mini != "" {
		op.Wounds = []string{a.Mini}
		for range a.Count - 1 {
			op.Wounds = append(op.Wounds, a.Mini)
		}
	}
	if a.Token != "" {
		op.Tokens = []string{a.Token}
	}
	if a.Restore != "" {
		op.Restore = []string{a.Restore}
	}
	return t.submit(s, op)
}

// healable is what a unit's record offers to heal: its wounded minis (sorted by id), and its minis defeated in round (the ones that may be restored).
func healable(r *table.GameUnit, round int) (hurt, restorable []string) {
	hurt = slices.Sorted(maps.Keys(r.Wounds))
	for _, m := range r.Defeated {
		if r.DefeatedIn[m.ID] == round {
			restorable = append(restorable, m.ID)
		}
	}
	return hurt, restorable
}
