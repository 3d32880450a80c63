package render

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestDicePixels: a square attack die and a cut-corner defence die, 20 px, rim 2 px: the body is
// the die's colour, the rim dark, the defence die's cut corner the background; a highlighted die
// has a rim in the selection colour.
func TestDicePixels(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)
	red := color.RGBA{0xc8, 0x32, 0x2c, 0xff}
	white := color.RGBA{0xf0, 0xf0, 0xf0, 0xff}
	Dice(img, []DieFace{
		{X: 4, Y: 4, S: 20, Fill: red},
		{X: 34, Y: 4, S: 20, Fill: white, Round: true},
		{X: 4, Y: 34, S: 20, Fill: white, Highlight: true},
	}, 10, 2)
	cases := []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"attack die body", 14, 14, red},
		{"attack die rim, left", 4, 14, HandleRim},
		{"attack die corner (square)", 5, 5, HandleRim},
		{"defence die body", 44, 14, white},
		{"defence die cut corner", 34, 4, Background},
		{"defence die rim, left middle", 34, 14, HandleRim},
		{"highlighted die rim", 4, 44, EditSelected},
		{"between the dice", 29, 14, Background},
	}
	for _, c := range cases {
		if got := pixel(img, c.x, c.y); got != c.want {
			t.Errorf("%s (%d,%d) = %v, want %v", c.name, c.x, c.y, got, c.want)
		}
	}
}
