package scenes

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestPlacementLabelsApart (issue 17 item 9's rule for tags, in the terrain tool): the labels of
// the pieces that break the placement rule on the default table (all 17 are within range 1 of
// another) never overlap each other and stay on the screen — on a 390×844 phone, where the
// small table had them piled up over each other and running off both edges, and at 1440×900 and
// 1024×700 — and the selected piece's label is drawn whatever else stands there.
func TestPlacementLabelsApart(t *testing.T) {
	for _, sz := range []struct{ w, h float64 }{{390, 844}, {1024, 700}, {1440, 900}} {
		t.Run(fmt.Sprintf("%vx%v", sz.w, sz.h), func(t *testing.T) {
			s := measureScene(t)
			scr := Screen{W: sz.w, H: sz.h, Scale: 1}
			tick(s, Input{Screen: scr, ScreenChanged: true})
			if _, err := s.Command("reserve", json.RawMessage(`{"top": 44, "bottom": 34, "dock": 112}`)); err != nil {
				t.Fatal(err)
			}
			edMust(t, s, "tool", "terrain")
			tool := toolOf[*terrainTool](s, "terrain")
			for _, sel := range []string{"", "ruin-6"} {
				tool.selected = sel
				tick(s, Input{Screen: scr, Fit: true})
				tool.cache = overlayCache{} // drawn anew
				s.Draw(ebiten.NewImage(int(sz.w), int(sz.h)))
				bad := 0
				for _, c := range tool.checks {
					if !c.OK {
						bad++
					}
				}
				boxes := tool.labelBox
				if bad == 0 || len(boxes) == 0 || len(boxes) > bad {
					t.Fatalf("selected %q: %d labels drawn for %d pieces that break the rule", sel, len(boxes), bad)
				}
				for i, r := range boxes {
					if r.x0 < 0 || r.x1 > sz.w || r.y0 < 0 {
						t.Errorf("selected %q: label %d at %v, off the %v × %v screen", sel, i, r, sz.w, sz.h)
					}
					if slices.ContainsFunc(boxes[:i], func(o box) bool { return r.overlaps(o, 0) }) {
						t.Errorf("selected %q: label %d at %v overlaps one drawn before it", sel, i, r)
					}
				}
				if sel != "" {
					if chk := tool.check(sel); chk == nil || chk.OK {
						t.Fatalf("%s breaks no rule: %+v", sel, chk)
					}
					p := s.File().Terrain[0]
					for _, q := range s.File().Terrain {
						if q.ID == sel {
							p = q
						}
					}
					x, _ := labelAnchor(screenPiece(s.Camera(), &p, s.File().Units))
					if first := boxes[0]; (first.x0+first.x1)/2 != x {
						t.Errorf("the selected %s's label is not the first drawn: %v, its anchor x %v", sel, first, x)
					}
				}
				t.Logf("selected %q: %d of %d labels drawn", sel, len(boxes), bad)
			}
		})
	}
}
