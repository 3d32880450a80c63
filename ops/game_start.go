package ops

import (
	"holotable/rules"
	"holotable/table"
)

// KindGameStart ends the game's setup and begins round 1's command phase
// (rules.World.StartGame): every unit deployed, both sides named. Any side may start it.
const KindGameStart Kind = "game.start"

// GameStart starts the game.
type GameStart struct{}

func init() {
	Register[GameStart](KindGameStart)
	RegisterWords(map[string][2]string{"op.game.start": {"the game begins", "das Spiel beginnt"}})
}

func (o *GameStart) Kind() Kind      { return KindGameStart }
func (o *GameStart) Describe() Words { return Words{Key: "op.game.start"} }

func (o *GameStart) Plan(s *State) (Patch, error) {
	return gameStep(s, "", table.NoColour, func(w *rules.World) (rules.Step, error) { return w.StartGame() })
}
