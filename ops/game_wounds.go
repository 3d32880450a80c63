package ops

import (
	"holotable/rules"
)

// KindGameWounds places wounds on a unit outside an attack (rules.World.SufferWounds): a climb's
// blocks, a compulsory move cut short, a card's effect, the players' Golden Rule. Every mini of
// the unit can take them; a wounded mini first, then the controlling player's order, the leader
// last; a defeated mini leaves the table into the unit's game record, and the new leader is the
// player's choice. The unit's owner places them (it assigns its own wounds); undone as one.
const KindGameWounds Kind = "game.wounds"

// GameWounds places Wounds wounds on Unit: Order (mini ids) first, NewLeader when the leader falls.
type GameWounds struct {
	Unit      string   `op:"unit"`
	Wounds    int      `op:"wounds"`
	Order     []string `op:"order,omitempty"`
	NewLeader string   `op:"newLeader,omitempty"`
}

func init() {
	Register[GameWounds](KindGameWounds)
	RegisterWords(map[string][2]string{"op.game.wounds": {"%s suffers %d wounds", "%s erleidet %d Wunden"}})
}

func (o *GameWounds) Kind() Kind { return KindGameWounds }
func (o *GameWounds) Describe() Words {
	return Words{Key: "op.game.wounds", Args: []any{o.Unit, o.Wounds}}
}

func (o *GameWounds) Plan(s *State) (Patch, error) {
	if o.Wounds < 1 {
		return Patch{}, refuse("wounds", codeGameField, rules.CiteWoundsSuffered, "must be at least 1")
	}
	return gameStep(s, "unit", s.World().ColourOfUnit(o.Unit), func(w *rules.World) (rules.Step, error) {
		return w.SufferWounds(o.Unit, o.Wounds, o.Order, o.NewLeader)
	})
}
