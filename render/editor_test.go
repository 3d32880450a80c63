package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestEditorPixels: a square piece outlined in the selection colour 4 px wide, a square handle and
// a round knob on a stem, a drawn polygon's dots, and a palette button (plain and active): each
// opaque part is exact at its centre; away from them the background is untouched.
func TestEditorPixels(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)
	sq := Piece{Points: []float32{8, 8, 32, 8, 32, 32, 8, 32}}
	Outlines(img, []Outline{{Piece: sq, Color: EditSelected}, {Piece: Piece{CX: 48, CY: 16, R: 8}, Color: EditBad}}, 4)
	EditHandles(img, []EditHandle{{X: 20, Y: 50, R: 4}, {X: 50, Y: 50, R: 4, Round: true, Hot: true}},
		[][4]float32{{50, 30, 50, 46}}, 2)

	cases := []struct {
		name string
		x, y int
		want any
	}{
		{"outline on the left edge", 8, 20, EditSelected},
		{"outline on the top edge", 20, 8, EditSelected},
		{"inside the outline", 20, 20, Background},
		{"outside the outline", 2, 20, Background},
		{"circle outline right", 56, 16, EditBad},
		{"circle outline top", 48, 8, EditBad},
		{"inside the circle outline", 48, 16, Background},
		{"square handle face", 20, 50, HandleFill},
		{"square handle rim", 15, 50, HandleRim},
		{"hot knob face", 50, 50, HandleHot},
		{"knob stem", 50, 38, EditSelected},
		{"beside the stem", 44, 38, Background},
	}
	for _, c := range cases {
		if got := pixel(img, c.x, c.y); got != c.want {
			t.Errorf("%s (%d,%d) = %v, want %v", c.name, c.x, c.y, got, c.want)
		}
	}

	img.Fill(Background)
	Draft(img, []float32{10, 10, 40, 10}, 40, 40, EditDraft, 2)
	if got := pixel(img, 25, 10); got != EditDraft {
		t.Errorf("draft edge (25,10) = %v", got)
	}
	if got := pixel(img, 40, 25); got != EditDraft {
		t.Errorf("rubber band (40,25) = %v", got)
	}
	if got := pixel(img, 25, 30); got != Background {
		t.Errorf("inside the draft (25,30) = %v, want background (a draft is not filled)", got)
	}

	img.Fill(Background)
	Buttons(img, []Button{{X: 2, Y: 2, W: 28, H: 14, Text: ""}, {X: 34, Y: 2, W: 28, H: 14, Text: "", Active: true}}, 10, 1)
	for _, c := range []struct {
		x, y int
		want any
	}{{16, 9, ButtonFill}, {48, 9, ButtonActive}, {2, 9, ButtonEdge}, {16, 30, Background}} {
		if got := pixel(img, c.x, c.y); got != c.want {
			t.Errorf("button pixel (%d,%d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
	if w := ButtonWidth("building", 12, true); w < 12*3 || w > 12*8 {
		t.Errorf("ButtonWidth(building, 12) = %v", w)
	}
}
