package ops

import (
	"holotable/rules"
	"holotable/table"
)

// KindGameHeal takes wound or other tokens from a unit, or restores its minis defeated this round
// (rules.World.Heal): Treat X: Capacity Y and Repair X: Capacity Y used by the active unit on a
// friendly unit at range 1 in sight (one wound token on the card per use), or a card's effect /
// the players' Golden Rule (ability "effect"). The unit's owner heals it; undone as one.
const KindGameHeal Kind = "game.heal"

// GameHeal is one use of a healing ability on Unit: Ability "treat", "repair" or "effect"; for
// Treat and Repair the unit By using it, the Card that has the keyword and its X and Capacity.
// Wounds lists the minis a wound token is taken from (one entry per token), Tokens the tokens
// taken away (one entry per token), Restore the defeated minis restored.
type GameHeal struct {
	Unit     string   `op:"unit"`
	Ability  string   `op:"ability"`
	By       string   `op:"by,omitempty"`
	Card     string   `op:"card,omitempty"`
	X        int      `op:"x,omitempty"`
	Capacity int      `op:"capacity,omitempty"`
	Wounds   []string `op:"wounds,omitempty"`
	Tokens   []string `op:"tokens,omitempty"`
	Restore  []string `op:"restore,omitempty"`
}

func init() {
	Register[GameHeal](KindGameHeal)
	RegisterWords(map[string][2]string{"op.game.heal": {"%s healed (%s)", "%s geheilt (%s)"}})
}

func (o *GameHeal) Kind() Kind { return KindGameHeal }
func (o *GameHeal) Describe() Words {
	return Words{Key: "op.game.heal", Args: []any{o.Unit, o.Ability}}
}

func (o *GameHeal) Plan(s *State) (Patch, error) {
	a, err := rules.ParseHealAbility(o.Ability)
	if err != nil {
		return Patch{}, refuse("ability", codeGameField, rules.CiteGameFormat, err.Error())
	}
	h := rules.Heal{Unit: o.Unit, Ability: a, By: o.By, Card: o.Card, X: o.X, Capacity: o.Capacity, Wounds: o.Wounds, Restore: o.Restore}
	for _, w := range o.Tokens {
		k, err := table.ParseTokenKind(w)
		if err != nil {
			return Patch{}, refuse("tokens", codeGameField, rules.CiteGameFormat, err.Error())
		}
		h.Tokens = append(h.Tokens, k)
	}
	return gameStep(s, "unit", s.World().ColourOfUnit(o.Unit), func(w *rules.World) (rules.Step, error) {
		return w.Heal(h)
	})
}
