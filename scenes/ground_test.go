package scenes

import (
	"image"
	"testing"

	"holotable/render"
)

// TestGroundSig: the ground's signature changes with everything the ground is drawn from and
// with nothing else.
func TestGroundSig(t *testing.T) {
	b := image.Rect(0, 0, 1024, 768)
	tbl := [4]float32{16, 160, 992, 496}
	grids := [4][]float32{{98.7, 181.3}, {242.7}, nil, nil}
	pieces := func() []render.Piece {
		return []render.Piece{
			{Look: render.LookBuilding, Points: []float32{10, 10, 20, 10, 20, 20}},
			{Look: render.LookCrater, CX: 50, CY: 60, R: 7},
		}
	}
	base := groundSig(b, tbl, 1, grids, pieces())
	if again := groundSig(b, tbl, 1, [4][]float32{{98.7, 181.3}, {242.7}, nil, nil}, pieces()); again != base {
		t.Fatal("the same ground gives two signatures")
	}
	moved := pieces()
	moved[0].Points[2] = 21
	kind := pieces()
	kind[1].Look = render.LookWater
	tall := pieces()
	tall[0].Height = 3
	circle := pieces()
	circle[1].R = 7.5
	cases := map[string]uint64{
		"screen size":         groundSig(image.Rect(0, 0, 1024, 769), tbl, 1, grids, pieces()),
		"table rectangle":     groundSig(b, [4]float32{17, 160, 992, 496}, 1, grids, pieces()),
		"line width":          groundSig(b, tbl, 2, grids, pieces()),
		"a range line":        groundSig(b, tbl, 1, [4][]float32{{98.7, 181.4}, {242.7}, nil, nil}, pieces()),
		"the fine grid":       groundSig(b, tbl, 1, [4][]float32{{98.7, 181.3}, {242.7}, {20}, nil}, pieces()),
		"a grid line moved":   groundSig(b, tbl, 1, [4][]float32{{98.7}, {181.3, 242.7}, nil, nil}, pieces()),
		"a vertex":            groundSig(b, tbl, 1, grids, moved),
		"a kind":              groundSig(b, tbl, 1, grids, kind),
		"a height":            groundSig(b, tbl, 1, grids, tall),
		"a radius":            groundSig(b, tbl, 1, grids, circle),
		"a piece less":        groundSig(b, tbl, 1, grids, pieces()[:1]),
		"no terrain, no grid": groundSig(b, tbl, 1, [4][]float32{}, nil),
	}
	for what, sig := range cases {
		if sig == base {
			t.Errorf("changing %s leaves the signature", what)
		}
	}
}
