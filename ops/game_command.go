package ops

import (
	"holotable/rules"
	"holotable/table"
)

// The command phase's ops (RRG 2.0 Kommandophase L7810–7881, rules/game_command.go): a side's
// command card, the roll that breaks a tie for priority, and a side's orders.
const (
	// KindGameCard: Colour plays a command card of its hand (rules.World.PlayCommandCard): its
	// name and pips, how many orders it issues, and the unit type or units it names. When both
	// sides have played, priority is decided (a tie waits for game.priority).
	KindGameCard Kind = "game.card"
	// KindGamePriority: the roll of one red defence die by the player holding the round counter
	// that breaks a tie (rules.World.RollPriority): block gives that player priority, surge or
	// blank the opponent. A random roll carries its face; any side may enter it.
	KindGamePriority Kind = "game.priority"
	// KindGameOrders: Colour's commander (or operative) issues the card's orders to the units
	// named (rules.World.IssueOrders); the rest go into the pool. Once both sides have issued, the
	// activation phase begins with the side that has priority.
	KindGameOrders Kind = "game.orders"
)

// GameCard plays the command card Name with Pips pips for Colour.
type GameCard struct {
	Colour   table.Colour   `op:"colour"`
	Name     string         `op:"name"`
	Pips     int            `op:"pips"`
	Orders   int            `op:"orders,omitempty"`
	UnitType table.UnitType `op:"unitType,omitempty"`
	Units    []string       `op:"units,omitempty"`
}

// GamePriority is the tie roll's Face ("block", "surge" or "blank").
type GamePriority struct {
	Face string `op:"face"`
}

// GameOrders issues Colour's orders from Commander to Units.
type GameOrders struct {
	Colour    table.Colour `op:"colour"`
	Commander string       `op:"commander"`
	Units     []string     `op:"units"`
}

func init() {
	Register[GameCard](KindGameCard)
	Register[GamePriority](KindGamePriority)
	Register[GameOrders](KindGameOrders)
	RegisterWords(map[string][2]string{
		"op.game.card":     {"%s plays %s (%d pips)", "%s spielt %s (%d Punkte)"},
		"op.game.priority": {"priority roll: %s", "Prioritätswurf: %s"},
		"op.game.orders":   {"%s: %s issues orders to %d unit(s)", "%s: %s erteilt %d Einheit(en) Befehle"},
	})
}

func (o *GameCard) Kind() Kind { return KindGameCard }
func (o *GameCard) Describe() Words {
	return Words{Key: "op.game.card", Args: []any{colourWords(o.Colour), o.Name, o.Pips}}
}

func (o *GameCard) Plan(s *State) (Patch, error) {
	if err := needColour("colour", o.Colour); err != nil {
		return Patch{}, err
	}
	card := table.CommandCard{Name: o.Name, Pips: o.Pips, Orders: o.Orders, UnitType: o.UnitType, Units: o.Units}
	return gameStep(s, "colour", o.Colour, func(w *rules.World) (rules.Step, error) {
		return w.PlayCommandCard(o.Colour, card)
	})
}

func (o *GamePriority) Kind() Kind      { return KindGamePriority }
func (o *GamePriority) Describe() Words { return Words{Key: "op.game.priority", Args: []any{o.Face}} }

func (o *GamePriority) Plan(s *State) (Patch, error) {
	return gameStep(s, "face", table.NoColour, func(w *rules.World) (rules.Step, error) {
		return w.RollPriority(o.Face)
	})
}

func (o *GameOrders) Kind() Kind { return KindGameOrders }
func (o *GameOrders) Describe() Words {
	return Words{Key: "op.game.orders", Args: []any{colourWords(o.Colour), o.Commander, len(o.Units)}}
}

func (o *GameOrders) Plan(s *State) (Patch, error) {
	if err := needColour("colour", o.Colour); err != nil {
		return Patch{}, err
	}
	return gameStep(s, "units", o.Colour, func(w *rules.World) (rules.Step, error) {
		return w.IssueOrders(o.Colour, o.Commander, o.Units)
	})
}
