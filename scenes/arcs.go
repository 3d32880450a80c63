package scenes

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/render"
	"holotable/rules"
)

// Firing arcs drawn on the table (issue 14; RRG 2.0 Feuerwinkel L6106–6148): when a mini on a
// notched base is selected, its four arc lines — rules.World.ArcLines: the unit's arc lines turned
// with its facing — are drawn from its base centre across the table, and the four arcs between them
// tinted (front, left, rear, right: render.ArcTints). They are part of the cached table layer (the
// layer is redrawn when the selection or the table changes). Which arc a target is in is rules'
// answer (World.InArc), shown in the measure tool's tag (arcs_tag.go).

// arcStep is the largest angle between two points of an arc's drawn edge: with the edge's points
// at twice the table's diagonal, every chord lies beyond the table (cos 22.5° > 1/2).
const arcStep = 45.0

// drawSelectedArcs draws the arcs of the selected mini when it stands on a notched base.
func (s *TableScene) drawSelectedArcs(screen *ebiten.Image) {
	if a, ok := s.selectedArcs(screen.Bounds()); ok {
		render.DrawFiringArcs(screen, &a)
	}
}

// selectedArcs are the arcs of the selected mini on a screen of bounds b; false when no mini on
// a notched base is selected.
func (s *TableScene) selectedArcs(b image.Rectangle) (render.FiringArcs, bool) {
	var a render.FiringArcs
	if s.selected == "" {
		return a, false
	}
	w := s.ShownWorld()
	m, err := w.Mini(s.selected)
	if err != nil || !m.Unit.Notched() {
		return a, false
	}
	lines, err := w.ArcLines(m)
	if err != nil {
		return a, false
	}
	f := s.File()
	reach := 2 * math.Hypot(f.Battlefield.Width, f.Battlefield.Depth)
	cam := s.cam
	cx, cy := cam.WorldToScreen(m.X, m.Y)
	at := func(deg float64) (float32, float32) {
		x, y := cam.WorldToScreen(m.X+reach*math.Cos(deg*math.Pi/180), m.Y+reach*math.Sin(deg*math.Pi/180))
		return float32(x), float32(y)
	}
	for i, arc := range rules.Arcs {
		// Arc i runs from line i−1 to line i counter-clockwise (the front from the fourth line to
		// the first, across the facing).
		from, to := lines[(int(arc)+3)%4], lines[arc]
		if to <= from {
			to += 360
		}
		fan := []float32{float32(cx), float32(cy)}
		n := int(math.Ceil((to - from) / arcStep))
		for j := 0; j <= n; j++ {
			x, y := at(from + (to-from)*float64(j)/float64(n))
			fan = append(fan, x, y)
		}
		a.Fans[i] = fan
		x, y := at(lines[i])
		a.Lines[i] = [4]float32{float32(cx), float32(cy), x, y}
	}
	tb := cam.Box(f.Battlefield.Width, f.Battlefield.Depth)
	a.Clip = image.Rect(int(math.Floor(tb.X)), int(math.Floor(tb.Y)), int(math.Ceil(tb.X+tb.W)), int(math.Ceil(tb.Y+tb.H))).Intersect(b)
	a.LineWidth = float32(1.2 * s.scale())
	return a, true
}
