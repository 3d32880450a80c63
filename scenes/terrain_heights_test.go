package scenes

import (
	"testing"

	"holotable/render"
)

// TestLabelPoint: a height is written inside its piece — the box centre of a rectangle, a point
// inside an L whose box centre is outside it, the centre of a circle — and not on a piece too small.
func TestLabelPoint(t *testing.T) {
	rect := render.Piece{Points: []float32{0, 0, 100, 0, 100, 50, 0, 50}}
	// An L: the box is 0..100 × 0..100, its centre (50, 50) is outside the L (the notch 30..100 × 30..100).
	ell := render.Piece{Points: []float32{0, 0, 100, 0, 100, 30, 30, 30, 30, 100, 0, 100}}
	circle := render.Piece{CX: 10, CY: 20, R: 30}
	for _, c := range []struct {
		name string
		pc   render.Piece
		ok   bool
	}{{"rectangle", rect, true}, {"L", ell, true}, {"circle", circle, true}, {"small", render.Piece{Points: []float32{0, 0, 5, 0, 5, 5, 0, 5}}, false},
		{"thin and long (a barricade)", render.Piece{Points: []float32{0, 0, 80, 0, 80, 12, 0, 12}}, true}} {
		x, y, ok := labelPoint(c.pc, 20)
		if ok != c.ok {
			t.Errorf("%s: ok %v", c.name, ok)
			continue
		}
		if ok && len(c.pc.Points) > 0 && !inside(c.pc.Points, x, y) {
			t.Errorf("%s: (%v, %v) is outside", c.name, x, y)
		}
	}
	if x, y, _ := labelPoint(rect, 20); x != 50 || y != 25 {
		t.Errorf("rectangle: (%v, %v), want its centre (50, 25)", x, y)
	}
	if x, y, _ := labelPoint(ell, 20); inside(ell.Points, 50, 50) || !inside(ell.Points, x, y) {
		t.Errorf("L: (%v, %v)", x, y)
	}
	SetDisplayUnit("in")
	if got := heightText(3, "in"); got != `3"` {
		t.Errorf("heightText %q", got)
	}
	if got := heightText(25.4, "mm"); got != `1"` {
		t.Errorf("heightText mm %q", got)
	}
	SetDisplayUnit("cm")
	if got := heightText(3, "in"); got != "7.6 cm" {
		t.Errorf("heightText cm %q", got)
	}
	SetDisplayUnit("in")
}
