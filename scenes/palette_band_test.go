package scenes

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"testing"

	"holotable/render"
)

// TestFitAbove: fitAbove on hand-computed views. A 72 × 36 table in a 358 × 600 portrait view
// with a 100 px band: turned into 358 × 500, zoom min(358/36, 500/72) = 6.944…; upright it
// would be 358/72 = 4.972…. With a 450 px band the turned fit (150/72 = 2.08) is smaller than
// upright: upright over the whole view. A landscape view is upright whatever the band.
func TestFitAbove(t *testing.T) {
	v := Rect{X: 16, Y: 100, W: 358, H: 600}
	c := fitAbove(72, 36, v, 100)
	if !c.Turned || math.Abs(c.Zoom-500.0/72) > 1e-12 {
		t.Errorf("band 100: %+v, want turned at %v", c, 500.0/72)
	}
	if b := c.Box(72, 36); b.Y+b.H > v.Y+v.H-100+1e-9 || b.Y < v.Y-1e-9 {
		t.Errorf("band 100: the table spans y %v–%v, not within %v–%v", b.Y, b.Y+b.H, v.Y, v.Y+v.H-100)
	}
	if c := fitAbove(72, 36, v, 450); c.Turned || c != Fit(72, 36, v) {
		t.Errorf("band 450: %+v, want upright %+v", c, Fit(72, 36, v))
	}
	land := Rect{X: 16, Y: 40, W: 1400, H: 700}
	if c := fitAbove(72, 36, land, 120); c != Fit(72, 36, land) {
		t.Errorf("landscape: %+v, want %+v", c, Fit(72, 36, land))
	}
}

// TestPaletteBelowTurnedTable (D155; issue 17 item 11, the table fills the phone's screen): on a
// 390 × 844 phone with the page's dock, each tool with a palette (terrain, units, dice, the setup
// in its terrain phase) shows the table turned and larger than upright, fitted into the room
// above its palette: the palette's rows start below the table and end above the page's dock,
// and the table stands at the top of the view, as in Measure. At 1440 × 900 the table stays
// upright, the same rectangle as in Measure.
func TestPaletteBelowTurnedTable(t *testing.T) {
	for _, sz := range []struct {
		w, h  float64
		phone bool
	}{{390, 844, true}, {1440, 900, false}} {
		s := measureScene(t)
		scr := Screen{W: sz.w, H: sz.h, Scale: 1}
		tick(s, Input{Screen: scr, ScreenChanged: true})
		if _, err := s.Command("reserve", json.RawMessage(`{"top": 30, "bottom": 34, "dock": 112}`)); err != nil {
			t.Fatal(err)
		}
		tick(s, Input{Screen: scr, Fit: true})
		measure := s.Camera()
		upright := Fit(72, 36, s.fitView()).Zoom
		for _, tool := range []string{"terrain", "units", "dice", "setup"} {
			edMust(t, s, "tool", tool)
			if tool == "setup" {
				setupCmd(t, s, map[string]any{"action": "start"})
			}
			tick(s, Input{Screen: scr})
			tick(s, Input{Screen: scr})
			c := s.Camera()
			if c != s.fitCamera() {
				t.Errorf("%v, %s: %+v, not the fit %+v", sz.w, tool, c, s.fitCamera())
			}
			if !sz.phone {
				if c != measure {
					t.Errorf("%v, %s: %+v, Measure had %+v", sz.w, tool, c, measure)
				}
				continue
			}
			b := c.Box(72, 36)
			r := s.tool.(TopReserver)
			bottom := r.ReserveTop(s)
			if !c.Turned || c.Zoom <= upright*1.1 {
				t.Errorf("phone, %s: %+v, want turned and larger than upright (%v)", tool, c, upright)
			}
			if math.Abs(b.Y-measure.Box(72, 36).Y) > 1e-9 {
				t.Errorf("phone, %s: the table's top at %v, Measure's at %v", tool, b.Y, measure.Box(72, 36).Y)
			}
			if top := s.PaletteTop(); top < b.Y+b.H || bottom <= top {
				t.Errorf("phone, %s: the palette spans %v–%v, the table ends at %v", tool, top, bottom, b.Y+b.H)
			}
			if dock := sz.h - 112; bottom > dock+1e-9 {
				t.Errorf("phone, %s: the palette ends at %v, in the page's dock from %v", tool, bottom, dock)
			}
		}
	}
}

// TestPaletteHintFitsPhone: on a 390 px phone each palette's hint, in English and German, armed
// and not, stands inside the screen (wrapped at its spaces: the terrain tool's "… Del: delete ·
// Esc: cancel" and the units tool's hint ran off the right edge), and the palette's rectangle
// holds every line of it; at 1440 px it stays one line. On a touch screen, armed or not, the hint
// speaks of taps, not of clicks, Shift or keys (mouseWords).
func TestPaletteHintFitsPhone(t *testing.T) {
	defer SetLanguage(Language())
	for _, lang := range []string{"en", "de"} {
		SetLanguage(lang)
		for _, w := range []float64{390, 1440} {
			s := measureScene(t)
			scr := Screen{W: w, H: 844, Scale: 1}
			tick(s, Input{Screen: scr, ScreenChanged: true})
			if _, err := s.Command("reserve", json.RawMessage(`{"top": 30, "bottom": 34, "dock": 112}`)); err != nil {
				t.Fatal(err)
			}
			terrain := toolOf[*terrainTool](s, "terrain")
			units := toolOf[*unitsTool](s, "units")
			for _, c := range []struct {
				name string
				tool string
				hint func() string
				arm  func()
			}{
				{"terrain", "terrain", func() string { return terrain.hintText(s) }, func() { terrain.armed = "ruins" }},
				{"units", "units", func() string { return units.hintText(s) }, func() { units.armed = "trooper" }},
				{"dice", "dice", func() string { return TFor(s.Fingers(), "dice.hint") }, func() {}},
			} {
				edMust(t, s, "tool", c.tool)
				for round := range 4 { // not armed, then armed; each with a mouse, then on a touch screen
					armed, touch := round >= 2, round%2 == 1
					if round == 2 {
						c.arm()
					}
					s.touchPg = touch // touch screens get the forms that speak of taps
					tick(s, Input{Screen: scr})
					lines := hintLines(s, c.hint(), 0)
					if touch && mouseWords.MatchString(c.hint()) {
						t.Errorf("%s %s (armed %v) on a touch screen: %q speaks of %q", lang, c.name, armed, c.hint(), mouseWords.FindString(c.hint()))
					}
					if !touch && !mouseWords.MatchString(c.hint()) { // the words to look for are the mouse hints' own
						t.Errorf("%s %s (armed %v) with a mouse: %q names no click or key", lang, c.name, armed, c.hint())
					}
					if w == 1440 && len(lines) != 1 {
						t.Errorf("%s %s at 1440: %d lines", lang, c.name, len(lines))
					}
					for _, l := range lines {
						if pw := render.PanelWidth([]string{l}, paletteFont); 8+pw > w-8+1e-9 {
							t.Errorf("%s %s at %v: %q is %.0f px wide", lang, c.name, w, l, pw)
						}
					}
					pal := paletteOf(s) // as the tick left it
					last := pal[len(pal)-1]
					// The hint stands below the rows, or on a wide screen beside the last row where
					// its one line fits there: right of its buttons, within the screen, centred on
					// the row; the palette's band ends below it either way.
					x, y, inline := hintAt(s, pal, c.hint(), 0)
					hw, hh := render.PanelWidth(lines, paletteFont), render.PanelHeight(len(lines), paletteFont)
					if inline {
						if w == 390 || x < float64(last.X+last.W) || x+hw > w-8+1e-9 || math.Abs(y+hh/2-float64(last.Y)-float64(last.H)/2) > 1e-9 {
							t.Errorf("%s %s at %v: the hint beside the last row at x %v–%v, y %v (the row %+v)", lang, c.name, w, x, x+hw, y, last.Button)
						}
					} else if x != 8 || y != float64(last.Y+last.H)+3 {
						t.Errorf("%s %s at %v: the hint below the rows at %v, %v", lang, c.name, w, x, y)
					}
					if w == 1440 && !inline && float64(last.X+last.W)+12+hw <= w-8 {
						t.Errorf("%s %s at 1440: the hint fits beside the last row but stands below it", lang, c.name)
					}
					if need, end := y+hh, s.tool.(TopReserver).ReserveTop(s); end < need {
						t.Errorf("%s %s at %v: the palette ends at %v, its hint at %v", lang, c.name, w, end, need)
					}
				}
			}
		}
	}
}

// mouseWords are what a hint for the mouse and keyboard says and a touch screen's must not:
// clicks (also in German words: "anklicken"), Shift and the keys Esc and Del (not "delete").
var mouseWords = regexp.MustCompile(`(?i)click|klick|shift|umschalt|\besc\b|\bdel\b|\bentf\b`)

// paletteOf is the current tool's palette buttons.
func paletteOf(s *TableScene) []paletteButton {
	switch t := s.tool.(type) {
	case *terrainTool:
		return t.palette
	case *unitsTool:
		return t.palette
	case *diceTool:
		return t.palette
	}
	return nil
}

// TestPaletteFingerSized: on a touch screen (the page's reserve says touch) every palette button
// is at least fingerPx (32 CSS px) high and its rows 6 px apart, at device scales 1 and 3; with a
// mouse they keep the small size (11 px text, 18.7 px high). On a 390 × 844 touch phone each
// palette tool fits the table the larger way round with its palette between the table and the
// page's dock: units and dice turned, the terrain tool's 24 buttons (their rows of fingers too tall for that) upright.
func TestPaletteFingerSized(t *testing.T) {
	for _, k := range []float64{1, 3} {
		for _, touch := range []bool{false, true} {
			s := measureScene(t)
			scr := Screen{W: 390 * k, H: 844 * k, Scale: k}
			tick(s, Input{Screen: scr, ScreenChanged: true})
			if _, err := s.Command("reserve", json.RawMessage(fmt.Sprintf(`{"top": 30, "bottom": 34, "dock": 112, "touch": %v}`, touch))); err != nil {
				t.Fatal(err)
			}
			tick(s, Input{Screen: scr, Fit: true})
			for _, tool := range []string{"terrain", "units", "dice"} {
				edMust(t, s, "tool", tool)
				tick(s, Input{Screen: scr})
				pal := paletteOf(s)
				for i, b := range pal {
					if h := float64(b.H) / k; (touch && h < fingerPx) || (!touch && math.Abs(h-paletteFont*1.7) > 1e-3) {
						t.Errorf("scale %v, touch %v, %s: %q is %.1f px high", k, touch, tool, b.Text, h)
					}
					if i > 0 && b.Y != pal[i-1].Y && touch && float64(b.Y-pal[i-1].Y-pal[i-1].H)/k < 6-1e-3 {
						t.Errorf("scale %v, %s: rows %v px apart", k, tool, float64(b.Y-pal[i-1].Y-pal[i-1].H)/k)
					}
				}
				if !touch || k != 1 {
					continue
				}
				c := s.Camera()
				up := Fit(72, 36, s.fitView())
				if want := tool != "terrain"; c.Turned != want || c.Zoom < up.Zoom-1e-9 {
					t.Errorf("touch phone, %s: %+v, want turned %v and at least upright's %v", tool, c, want, up.Zoom)
				}
				b := c.Box(72, 36)
				if top, end := s.PaletteTop(), s.tool.(TopReserver).ReserveTop(s); top < b.Y+b.H || end > 844-112+1e-9 {
					t.Errorf("touch phone, %s: the palette %v–%v, the table ends at %v, the dock starts at %v", tool, top, end, b.Y+b.H, 844-112)
				}
			}
		}
	}
}
