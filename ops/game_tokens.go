package ops

import (
	"holotable/rules"
	"holotable/table"
)

// KindGameTokens adds tokens of one kind to a unit, or takes them away (a negative delta): aim,
// dodge, standby, suppression and the rest of RRG §10 (rules.World.ChangeTokens: tokens lie beside
// their unit; no suppression for a vehicle or a unit without courage; one standby token; a trooper
// gaining suppression loses its standby). The unit's owner changes its tokens.
const KindGameTokens Kind = "game.tokens"

// GameTokens changes Unit's tokens of kind Token by Delta.
type GameTokens struct {
	Unit  string `op:"unit"`
	Token string `op:"token"`
	Delta int    `op:"delta"`
}

func init() {
	Register[GameTokens](KindGameTokens)
	RegisterWords(map[string][2]string{"op.game.tokens": {"%s: %+d %s", "%s: %+d %s"}})
}

func (o *GameTokens) Kind() Kind { return KindGameTokens }
func (o *GameTokens) Describe() Words {
	return Words{Key: "op.game.tokens", Args: []any{o.Unit, o.Delta, o.Token}}
}

func (o *GameTokens) Plan(s *State) (Patch, error) {
	k, err := table.ParseTokenKind(o.Token)
	if err != nil {
		return Patch{}, refuse("token", codeGameField, rules.CiteGameFormat, err.Error())
	}
	if o.Delta == 0 {
		return Patch{}, refuse("delta", codeGameField, rules.CiteGameFormat, "must not be 0")
	}
	return gameStep(s, "unit", s.World().ColourOfUnit(o.Unit), func(w *rules.World) (rules.Step, error) {
		return w.ChangeTokens(o.Unit, k, o.Delta)
	})
}
