package scenes

import (
	"encoding/json"
	"math"
	"testing"

	"holotable/maps"
)

// TestSideDock (D154): the page's dock stands as a column at the right of a grid table where the
// map loses at most 5 % of its size for it — the 24 × 16 example on 1440 × 900 — and below the
// table everywhere else: the grid on 1024 × 700 (the column would cost it 18 %), a phone, a
// Legion table (its palettes stand below the table), a page that offers no column. With the
// column the map stays clear of it and the dock is the column's height.
func TestSideDock(t *testing.T) {
	data, ok := maps.SWM("example")
	if !ok {
		t.Fatal("no example grid table")
	}
	for _, tc := range []struct {
		name    string
		grid    bool
		w, h    float64
		reserve string
		side    float64
	}{
		{"grid 1440×900", true, 1440, 900, `{"top": 36, "bottom": 34, "dock": 72, "side": 340}`, 340},
		{"grid 1440×900, no column offered", true, 1440, 900, `{"top": 36, "bottom": 34, "dock": 72}`, 0},
		{"grid 1024×700", true, 1024, 700, `{"top": 36, "bottom": 34, "dock": 72, "side": 340}`, 0},
		{"grid 390×844 (the page offers none)", true, 390, 844, `{"top": 44, "bottom": 34, "dock": 112}`, 0},
		{"legion 1440×900", false, 1440, 900, `{"top": 36, "bottom": 34, "dock": 72, "side": 340}`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s *TableScene
			if tc.grid {
				s = gridScene(t, string(data))
			} else {
				s = NewTableScene("test", testDoc())
			}
			scr := Screen{W: tc.w, H: tc.h, Scale: 1}
			tick(s, Input{Screen: scr, ScreenChanged: true})
			if _, err := s.Command("reserve", json.RawMessage(tc.reserve)); err != nil {
				t.Fatal(err)
			}
			tick(s, Input{Screen: scr})
			if got := s.DockSide(); got != tc.side {
				t.Fatalf("DockSide %v, want %v", got, tc.side)
			}
			tw, td := s.tableSize()
			b := s.cam.Box(tw, td)
			if tc.side == 0 {
				if b.Y+b.H > tc.h-s.Dock()-8+1e-9 {
					t.Errorf("the table's box %+v runs into the dock below it (%v px)", b, s.Dock())
				}
				return
			}
			// The column: from 8 px right of the map to the window's right margin, the window's
			// height less the toolbar; the map no smaller than 95 % of its size above a dock below.
			if right := tc.w - 8 - tc.side; b.X+b.W > right-8+1e-9 {
				t.Errorf("the map's box %+v reaches the column at x %v", b, right)
			}
			if d := s.Dock(); d != tc.h-36-8 {
				t.Errorf("the column is %v px high, want the window's height below the toolbar", d)
			}
			s.pageSide = 0
			below := s.fitCamera().Zoom
			if s.cam.Zoom < 0.95*below || math.IsNaN(s.cam.Zoom) {
				t.Errorf("the map's zoom %v beside the column, %v above a dock below", s.cam.Zoom, below)
			}
			t.Logf("zoom beside the column %.2f px per square, above the dock below %.2f", s.cam.Zoom, below)
		})
	}
}
