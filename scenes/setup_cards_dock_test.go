package scenes

import (
	"encoding/json"
	"fmt"
	"testing"

	"holotable/render"
)

// TestDraftCardsInDock (issue 17 item 4: the battle cards covered blue-landspeeder-1): with the
// page's dock (toolbar 30 px, panel row 34, dock 72) the draft's nine cards stand below the fitted
// table and above the page's panel row, at every size tried — 1440×900 and 1024×700 beside the
// palette at the dock's right end, left of the terrain legend's 280 px (compact: the dock is
// 132 and 90 px high), 1024×768 there at full size, a 390×844 phone below the palette's hint —
// and never over a palette button. Without the page they stand below the palette at the top.
func TestDraftCardsInDock(t *testing.T) {
	for _, sz := range []struct {
		w, h    float64
		beside  bool
		compact bool
	}{{1440, 900, true, true}, {1024, 700, true, true}, {1024, 768, true, false}, {390, 844, false, false}} {
		t.Run(fmt.Sprintf("%vx%v", sz.w, sz.h), func(t *testing.T) {
			s := measureScene(t)
			scr := Screen{W: sz.w, H: sz.h, Scale: 1}
			tick(s, Input{Screen: scr, ScreenChanged: true})
			if _, err := s.Command("reserve", json.RawMessage(`{"top": 30, "bottom": 34, "dock": 72}`)); err != nil {
				t.Fatal(err)
			}
			edMust(t, s, "tool", "setup")
			setupCmd(t, s, map[string]any{"action": "start"})
			setupCmd(t, s, map[string]any{"action": "colours", "blue": "blue", "blueEdge": "north"})
			setupCmd(t, s, map[string]any{"action": "next"})
			setupCmd(t, s, setupRows)
			for _, done := range []bool{false, true} {
				if done { // the draft over: the hint names the three cards chosen, a long line
					for _, a := range []string{`{"action": "pass"}`, `{"action": "eliminate", "row": "condition"}`,
						`{"action": "eliminate", "row": "condition"}`, `{"action": "pass"}`} {
						if _, err := s.Command("setup", json.RawMessage(a)); err != nil {
							t.Fatal(err)
						}
					}
				}
				checkDraftCards(t, s, scr, sz.beside, sz.compact, done)
			}
			// Without the page (the native app) the palette is at the top and the cards below it
			// and its hint, full size, as before.
			s2 := measureScene(t)
			tick(s2, Input{Screen: scr, ScreenChanged: true})
			edMust(t, s2, "tool", "setup")
			setupCmd(t, s2, map[string]any{"action": "start"})
			setupCmd(t, s2, map[string]any{"action": "colours", "blue": "blue", "blueEdge": "north"})
			setupCmd(t, s2, map[string]any{"action": "next"})
			setupCmd(t, s2, setupRows)
			tool2 := toolOf[*setupTool](s2, "setup")
			tool2.layout(s2)
			band := paletteRect(s2, tool2.palette, tool2.hint(s2), tool2.hintEnd) // the buttons and the hint, below or beside them
			if c := tool2.cards[0]; len(tool2.cards) != 9 || c.x != 8 || c.h != draftCardH || c.y < float64(band.Max.Y) {
				t.Errorf("without the page: first card %+v, the palette and its hint end at %v", c, band.Max.Y)
			}
		})
	}
}

// checkDraftCards: the draft's nine cards stand below the fitted table and above the page's panel
// row, beside the palette left of the legend where beside is set, compact or not as said, and
// over neither a palette button nor the palette's hint.
func checkDraftCards(t *testing.T, s *TableScene, scr Screen, beside, compact, done bool) {
	t.Helper()
	tick(s, Input{Screen: scr})
	tool := toolOf[*setupTool](s, "setup")
	tool.layout(s)
	if len(tool.cards) != 9 {
		t.Fatalf("draft done %v: %d cards", done, len(tool.cards))
	}
	tb := s.fitCamera().Box(72, 36)
	tableBottom := tb.Y + tb.H
	floor := scr.H - (34 + 8)
	for _, c := range tool.cards {
		if c.y < tableBottom || c.y+c.h > floor+1e-9 {
			t.Errorf("draft done %v: card %s at y %v–%v, not between the table's bottom %v and the panel row %v", done, c.id, c.y, c.y+c.h, tableBottom, floor)
		}
		if beside && c.x+c.w > scr.W-legendPx+1e-9 {
			t.Errorf("card %s ends at x %v, over the legend from %v", c.id, c.x+c.w, scr.W-legendPx)
		}
		if got := c.h < draftCardH; got != compact || c.h < draftMinH || c.w < draftMinW {
			t.Errorf("draft done %v: card %s %v × %v, compact %v", done, c.id, c.w, c.h, compact)
		}
		hx, hy, _ := hintAt(s, tool.palette, tool.hint(s), tool.hintEnd)
		lines := hintLines(s, tool.hint(s), tool.hintEnd)
		hw, hh := render.PanelWidth(lines, paletteFont), render.PanelHeight(len(lines), paletteFont)
		if c.x < hx+hw && hx < c.x+c.w && c.y < hy+hh && hy < c.y+c.h {
			t.Errorf("card %s over the palette's hint at %v, %v (%v × %v)", c.id, hx, hy, hw, hh)
		}
		for _, b := range tool.palette {
			if c.x < float64(b.X+b.W) && float64(b.X) < c.x+c.w && c.y < float64(b.Y+b.H) && float64(b.Y) < c.y+c.h {
				t.Errorf("card %s over the palette's %q", c.id, b.Text)
			}
		}
	}
}
