package render

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Firing arcs on screen (rules.World.ArcLines; RRG 2.0 Feuerwinkel L6106–6148): the four arc lines
// of a notched mini drawn from its base centre across the table, and the four arcs between them
// tinted — front, left, rear, right.

// ArcTints are the arcs' tints in the order of rules.Arcs (front, left, rear, right),
// non-premultiplied and translucent; ArcLineColor is the arc lines'.
var (
	ArcTints = [4]color.NRGBA{
		{0x9c, 0xff, 0xa8, 0x24}, // front: pale green
		{0x4a, 0x9d, 0xff, 0x20}, // left: blue
		{0xff, 0x4d, 0x4d, 0x24}, // rear: red
		{0xff, 0xd5, 0x4a, 0x1c}, // right: yellow
	}
	ArcLineColor = color.NRGBA{0xf4, 0xf4, 0xf4, 0xb0}
)

// FiringArcs is one mini's arcs on screen: Fans[i] is arc i as a polygon (x, y pairs: the base
// centre, then points along the arc's edge far beyond the table), Lines[i] the i-th arc line from
// the base centre to a point beyond the table (x0, y0, x1, y1); Clip is the table's rectangle,
// outside which nothing is drawn.
type FiringArcs struct {
	Fans      [4][]float32
	Lines     [4][4]float32
	Clip      image.Rectangle
	LineWidth float32
}

var arcFan, arcLines vector.Path

// DrawFiringArcs tints the four arcs and draws the arc lines, clipped to the table.
func DrawFiringArcs(dst *ebiten.Image, a *FiringArcs) {
	sub, ok := dst.SubImage(a.Clip).(*ebiten.Image)
	if !ok || a.Clip.Empty() {
		return
	}
	for i, fan := range a.Fans {
		if len(fan) < 6 {
			continue
		}
		arcFan.Reset()
		arcFan.MoveTo(fan[0], fan[1])
		for j := 2; j+1 < len(fan); j += 2 {
			arcFan.LineTo(fan[j], fan[j+1])
		}
		arcFan.Close()
		nfill(sub, &arcFan, ArcTints[i])
	}
	arcLines.Reset()
	for _, l := range a.Lines {
		addSegment(&arcLines, l[0], l[1], l[2], l[3], a.LineWidth)
	}
	nfill(sub, &arcLines, ArcLineColor)
}

var tickPath vector.Path

// Tick draws a facing mark: a line of width w from (x0, y0) to (x1, y1) in the hot handle's
// colour, on a dark rim.
func Tick(dst *ebiten.Image, x0, y0, x1, y1, w float32) {
	tickPath.Reset()
	addSegment(&tickPath, x0, y0, x1, y1, w+2)
	nfill(dst, &tickPath, HandleRim)
	tickPath.Reset()
	addSegment(&tickPath, x0, y0, x1, y1, w)
	nfill(dst, &tickPath, HandleHot)
}
