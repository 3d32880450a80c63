package scenes

import (
	"encoding/json"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestMoveLinesOnPhone: on a phone (the page docks its panels below a table on a window under
// 700 CSS px) the move tool's lines go to the page's panel (MoveToolState.Lines) instead of being
// drawn over the table's top, where they covered a third of the turned table; on a wide window
// and without the page they are drawn on the canvas and the state carries none.
func TestMoveLinesOnPhone(t *testing.T) {
	for _, tc := range []struct {
		name    string
		scr     Screen
		reserve string
		phone   bool
	}{
		{"phone", Screen{W: 390, H: 844, Scale: 1}, `{"top": 44, "bottom": 34, "dock": 112, "left": 120, "touch": true}`, true},
		{"phone at scale 2", Screen{W: 780, H: 1688, Scale: 2}, `{"top": 44, "bottom": 34, "dock": 112, "left": 120, "touch": true}`, true},
		{"1440×900", Screen{W: 1440, H: 900, Scale: 1}, `{"top": 36, "bottom": 34, "dock": 72, "left": 700}`, false},
		{"phone without the page", Screen{W: 390, H: 844, Scale: 1}, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := moveScene(t, testDoc())
			tick(s, Input{Screen: tc.scr, ScreenChanged: true})
			if tc.reserve != "" {
				if _, err := s.Command("reserve", json.RawMessage(tc.reserve)); err != nil {
					t.Fatal(err)
				}
			}
			mustCommand(t, s, "moveSelect", "red-1")
			tick(s, Input{Screen: tc.scr})
			s.Draw(ebiten.NewImage(int(tc.scr.W), int(tc.scr.H)))
			st := moveState(t, s)
			if got := len(st.Lines) > 0; got != tc.phone {
				t.Fatalf("lines for the page %q, want them %v", st.Lines, tc.phone)
			}
			if tc.phone && st.Lines[0] == "" {
				t.Errorf("empty first line: %q", st.Lines)
			}
		})
	}
}
