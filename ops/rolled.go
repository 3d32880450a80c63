package ops

import (
	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

// Rolled is an op whose outcome is partly random and carried in the op (D69): Roll replaces that
// part — the faces — with dice rolled by r for the table the op is about to be planned against
// (s), and leaves the player's choices as they are. Whoever makes the op rolls it: the hot-seat
// app with its own roller, an online server with its own (D84), so that on an online table the
// log holds the server's faces whatever a client wrote, and a replay never rolls.
type Rolled interface {
	Op
	Roll(s *State, r *rules.Roller) error
}

var (
	_ Rolled = (*GamePriority)(nil)
	_ Rolled = (*GameRally)(nil)
)

// Roll rolls the tie's die: one red defence die, the round-counter holder's
// (rules.CitePriority; rules.World.RollPriority reads the face).
func (o *GamePriority) Roll(_ *State, r *rules.Roller) error {
	tally, err := r.RollDefence(1, "red")
	if err != nil {
		return err
	}
	o.Face = ""
	for _, k := range defenceSymbols {
		if tally[k] > 0 {
			o.Face = k
		}
	}
	return nil
}

// Roll rolls the rally: one white defence die per suppression token the unit has on s's table
// (none: no faces).
func (o *GameRally) Roll(s *State, r *rules.Roller) error {
	n := 0
	if g := s.File().Game; g != nil {
		if u := g.Unit(o.Unit); u != nil {
			n = u.Tokens[table.TokenSuppression]
		}
	}
	o.Faces = []string{}
	if n == 0 {
		return nil
	}
	tally, err := r.RollDefence(n, "white")
	if err != nil {
		return err
	}
	for _, k := range defenceSymbols {
		for range tally[k] {
			o.Faces = append(o.Faces, k)
		}
	}
	return nil
}

// defenceSymbols are a defence die's faces, in the order the ops list them.
var defenceSymbols = []string{maps.SymBlock, maps.SymSurge, maps.SymBlank}
