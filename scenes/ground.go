package scenes

import (
	"hash/maphash"
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/render"
)

// groundCache keeps the ground of the table layer — background, table, grids and terrain — in an
// image of its own, so that redrawing the layer while only bases change (a mini dragged in the
// measure tool, a unit in the units tool, a move preview) does not fill the terrain again.
// Anti-aliased vector fills are what software WebGL finds slowest; measured in the browser while
// a mini is dragged, redrawing the terrain was about a third of the frame's Draw time.
//
// The cache is keyed by what the ground is drawn from, in screen values: the table rectangle,
// the grid lines, the line width and every piece's look, height and outline.
type groundCache struct {
	img *ebiten.Image
	sig uint64
	ok  bool
}

var groundSeed = maphash.MakeSeed()

// groundSig is the signature of a ground drawn from these screen values.
func groundSig(bounds image.Rectangle, table [4]float32, lw float32, grids [4][]float32, pieces []render.Piece) uint64 {
	var h maphash.Hash
	h.SetSeed(groundSeed)
	var buf [8]byte
	u32 := func(v uint32) {
		buf[0], buf[1], buf[2], buf[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
		h.Write(buf[:4])
	}
	f32 := func(v float32) { u32(math.Float32bits(v)) }
	for _, v := range []int{bounds.Min.X, bounds.Min.Y, bounds.Max.X, bounds.Max.Y} {
		u32(uint32(v))
	}
	for _, v := range table {
		f32(v)
	}
	f32(lw)
	for _, g := range grids {
		u32(uint32(len(g)))
		for _, v := range g {
			f32(v)
		}
	}
	u32(uint32(len(pieces)))
	for _, p := range pieces {
		u32(uint32(p.Look))
		f32(p.Height)
		u32(uint32(len(p.Points)))
		for _, v := range p.Points {
			f32(v)
		}
		f32(p.CX)
		f32(p.CY)
		f32(p.R)
	}
	return h.Sum64()
}

// target returns the image to draw the ground into when sig differs from what the cache holds
// (or the screen size changed), and nil when the cached ground is still right.
func (g *groundCache) target(bounds image.Rectangle, sig uint64) *ebiten.Image {
	if g.img == nil || g.img.Bounds() != bounds {
		if g.img != nil {
			g.img.Deallocate()
		}
		g.img = ebiten.NewImageWithOptions(bounds, nil)
		g.ok = false
	}
	if g.ok && g.sig == sig {
		return nil
	}
	g.sig, g.ok = sig, true
	return g.img
}
