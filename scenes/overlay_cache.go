package scenes

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// overlayCache keeps a tool's overlay drawn into an image of its own and redraws it only when
// its key (everything it depends on) changes: text and outlines over the whole table cost several
// passes on software-rendered WebGL, an unchanged overlay one copy.
type overlayCache struct {
	img *ebiten.Image
	key any
}

func (c *overlayCache) draw(screen *ebiten.Image, key any, draw func(dst *ebiten.Image)) {
	c.drawRect(screen, screen.Bounds(), key, draw)
}

// drawRect is draw for an overlay that covers only the screen rectangle r: the cached image is
// that small (a small copy per frame), and draw draws into it in screen coordinates.
func (c *overlayCache) drawRect(screen *ebiten.Image, r image.Rectangle, key any, draw func(dst *ebiten.Image)) {
	r = r.Intersect(screen.Bounds())
	if r.Empty() {
		return
	}
	if c.img == nil || c.img.Bounds() != r {
		if c.img != nil {
			c.img.Deallocate()
		}
		c.img = ebiten.NewImageWithOptions(r, nil)
		c.key = nil
	}
	if c.key == nil || c.key != key {
		c.img.Clear()
		draw(c.img)
		c.key = key
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
	screen.DrawImage(c.img, op)
}
