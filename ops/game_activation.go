package ops

import (
	"holotable/rules"
	"holotable/table"
)

// The activation phase's ops (RRG 2.0 Aktivierungsphase L2259–2302, rules/game_activation.go).
const (
	// KindGameActivate: Colour, whose turn it is, starts a unit's activation
	// (rules.World.Activate): a unit with a face-up order, or one of the rank drawn from the pool.
	// A random draw carries its outcome: the rank drawn and the ranks drawn before it that matched
	// no unit able to activate (discarded).
	KindGameActivate Kind = "game.activate"
	// KindGameRally: the active unit's rally (rules.World.Rally): the white defence dice rolled,
	// one per suppression token; then the courage check (a panic token given or taken away).
	KindGameRally Kind = "game.rally"
	// KindGameEndActivation: the active unit's activation ends (rules.World.EndActivation): its
	// order token face down; the turn passes.
	KindGameEndActivation Kind = "game.endActivation"
)

// GameActivate activates Unit for Colour; Rank and Discarded are a draw from the pool (left out
// for a unit with a face-up order).
type GameActivate struct {
	Colour    table.Colour `op:"colour"`
	Unit      string       `op:"unit"`
	Rank      table.Rank   `op:"rank,omitempty"`
	Discarded []table.Rank `op:"discarded,omitempty"`
	// DrawRoll names the room's draw entry (its id) Rank and Discarded were drawn in, on an online
	// table (D104); left out in hot-seat play and for a face-up order.
	DrawRoll string `op:"drawRoll,omitempty"`
}

// GameRally is Unit's rally with the faces rolled.
type GameRally struct {
	Unit  string   `op:"unit"`
	Faces []string `op:"faces"`
}

// GameEndActivation ends Unit's activation.
type GameEndActivation struct {
	Unit string `op:"unit"`
}

func init() {
	Register[GameActivate](KindGameActivate)
	Register[GameRally](KindGameRally)
	Register[GameEndActivation](KindGameEndActivation)
	RegisterWords(map[string][2]string{
		"op.game.activate":      {"%s activates %s", "%s aktiviert %s"},
		"op.game.rally":         {"%s rallies", "%s sammelt sich"},
		"op.game.endActivation": {"%s ends its activation", "%s beendet die Aktivierung"},
	})
}

func (o *GameActivate) Kind() Kind { return KindGameActivate }
func (o *GameActivate) Describe() Words {
	return Words{Key: "op.game.activate", Args: []any{colourWords(o.Colour), o.Unit}}
}

func (o *GameActivate) Plan(s *State) (Patch, error) {
	if err := needColour("colour", o.Colour); err != nil {
		return Patch{}, err
	}
	draw := rules.OrderDraw{Rank: o.Rank, Discarded: o.Discarded}
	return gameStep(s, "unit", o.Colour, func(w *rules.World) (rules.Step, error) {
		return w.Activate(o.Colour, o.Unit, draw)
	})
}

func (o *GameRally) Kind() Kind      { return KindGameRally }
func (o *GameRally) Describe() Words { return Words{Key: "op.game.rally", Args: []any{o.Unit}} }

func (o *GameRally) Plan(s *State) (Patch, error) {
	return gameStep(s, "unit", s.World().ColourOfUnit(o.Unit), func(w *rules.World) (rules.Step, error) {
		return w.Rally(o.Unit, o.Faces)
	})
}

func (o *GameEndActivation) Kind() Kind { return KindGameEndActivation }
func (o *GameEndActivation) Describe() Words {
	return Words{Key: "op.game.endActivation", Args: []any{o.Unit}}
}

func (o *GameEndActivation) Plan(s *State) (Patch, error) {
	return gameStep(s, "unit", s.World().ColourOfUnit(o.Unit), func(w *rules.World) (rules.Step, error) {
		return w.EndActivation(o.Unit)
	})
}
