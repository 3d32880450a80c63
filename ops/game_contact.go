package ops

import (
	"holotable/rules"
	"holotable/table"
)

// KindGameContact marks two minis of different units as treated as in base contact, or takes the
// mark away (rules.World.SetContact, RRG 2.0 Toleranzbereich L1865–1894): the melee and move
// rules honour the game's pairs. Either side may set it (the pair is both sides' call).
const KindGameContact Kind = "game.contact"

// GameContact marks (On) or clears the pair A, B.
type GameContact struct {
	A  string `op:"a"`
	B  string `op:"b"`
	On bool   `op:"on,omitempty"`
}

func init() {
	Register[GameContact](KindGameContact)
	RegisterWords(map[string][2]string{
		"op.game.contact":    {"%s and %s in base contact", "%s und %s in Basiskontakt"},
		"op.game.contactOff": {"%s and %s not in base contact", "%s und %s nicht in Basiskontakt"},
	})
}

func (o *GameContact) Kind() Kind { return KindGameContact }
func (o *GameContact) Describe() Words {
	if !o.On {
		return Words{Key: "op.game.contactOff", Args: []any{o.A, o.B}}
	}
	return Words{Key: "op.game.contact", Args: []any{o.A, o.B}}
}

func (o *GameContact) Plan(s *State) (Patch, error) {
	return gameStep(s, "a", table.NoColour, func(w *rules.World) (rules.Step, error) {
		return w.SetContact(o.A, o.B, o.On)
	})
}
