package scenes

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/render"
)

// MessageScene shows a message (for example why a map could not be loaded).
type MessageScene struct {
	lines  []string
	screen Screen
}

// NewMessageScene shows text, one line per "\n".
func NewMessageScene(text string) *MessageScene {
	return &MessageScene{lines: strings.Split(text, "\n")}
}

// Update only records the screen.
func (s *MessageScene) Update(in *Input) error {
	s.screen = in.Screen
	return nil
}

// Draw draws the message in the top-left corner.
func (s *MessageScene) Draw(screen *ebiten.Image) {
	k := s.screen.Scale
	if k <= 0 {
		k = 1
	}
	screen.Fill(render.Background)
	render.Panel(screen, s.lines, 16*k, 16*k, 16*k)
}
