package scenes

import (
	"encoding/json"
	"math"
	"testing"
)

// TestPaletteInDock (issue 17 item 4, D78's open end): with the page's reserve (toolbar 40 px,
// panel row 34, dock 72) on a 1024×700 screen the 72×36 table is fitted to the width: zoom
// (1024 − 32)/72 = 13.778, its top below the heads-up lines at 16 + 13·(1.35·2 + 1) = 64.1 and
// its bottom at 64.1 + 36·13.778 = 560.1. Every tool — with a palette (terrain, units, setup,
// dice) or without — leaves the camera as it is; a palette starts 8 px below the table's bottom
// (568.1), and the dock the page gets is the room below the table (700 − 560.1 − 8 = 131.9) less
// the palette's band, never less than the 72 reserved.
func TestPaletteInDock(t *testing.T) {
	s := NewTableScene("test", testDoc())
	tick(s, Input{Screen: Screen{W: 1024, H: 700, Scale: 1}, ScreenChanged: true})
	if _, err := s.Command("reserve", json.RawMessage(`{"top": 40, "bottom": 34, "dock": 72}`)); err != nil {
		t.Fatal(err)
	}
	cam := s.Camera()
	if _, y := cam.WorldToScreen(0, 0); !near(y, 560.1) || !near(cam.Zoom, 992.0/72) {
		t.Fatalf("table bottom %v zoom %v, want 560.1, %v", y, cam.Zoom, 992.0/72)
	}
	if !near(s.PaletteTop(), 568.1) || !near(s.Dock(), 131.9) {
		t.Errorf("measure: palette top %v dock %v, want 568.1 and 131.9", s.PaletteTop(), s.Dock())
	}
	for _, tool := range []string{"move", "terrain", "units", "setup", "dice", "game", "measure"} {
		if err := s.SetTool(tool); err != nil {
			t.Fatal(err)
		}
		tick(s, Input{Screen: Screen{W: 1024, H: 700, Scale: 1}})
		if s.Camera() != cam {
			t.Errorf("%s: camera %+v, measure had %+v", tool, s.Camera(), cam)
		}
		band := 0.0
		if r, ok := s.Tool().(TopReserver); ok {
			bottom := r.ReserveTop(s)
			if bottom > 0 && bottom < 568.1 {
				t.Errorf("%s: its palette ends at %v, above the table's bottom", tool, bottom)
			}
			band = math.Max(0, bottom-568.1)
		}
		if want := math.Max(72, 131.9-band); !near(s.Dock(), want) {
			t.Errorf("%s: dock %v, want %v (palette band %v)", tool, s.Dock(), want, band)
		}
	}
}
