package scenes

import (
	"encoding/json"
	"strings"
	"testing"

	"holotable/render"
)

// TestHUDBesideToolbar (issue 17 item 11): at 1024×700 the page's toolbar starts 340 CSS px from
// the left and, wrapped in two rows, ends 40 px down. The first heads-up line (its text at
// 8 + 6.5 = 14.5 px, above 40) takes the form that stops 4 px short of the toolbar: without
// "holotable · " and the zoom, the only one that fits 340 − 4 − 8 = 328 px; the second line (at
// 14.5 + 13·1.35 = 32.05 px, still beside it) drops the cursor readout. Without the page (left 0)
// or below the toolbar (a one-row toolbar ending at 30), the full forms stay.
func TestHUDBesideToolbar(t *testing.T) {
	s := NewTableScene("test", testDoc())
	scr := Screen{W: 1024, H: 700, Scale: 1}
	tick(s, Input{Screen: scr, ScreenChanged: true, X: 500, Y: 300})
	full := s.hudLines()
	if !strings.HasPrefix(full[0], "holotable · ") || !strings.Contains(full[1], "cursor") {
		t.Fatalf("without the page's left: %q", full)
	}
	if _, err := s.Command("reserve", json.RawMessage(`{"top": 40, "bottom": 34, "dock": 72, "left": 340}`)); err != nil {
		t.Fatal(err)
	}
	tick(s, Input{Screen: scr, X: 500, Y: 300})
	size := float64(hudFontSize)
	if w := render.PanelWidth([]string{full[0]}, size); w <= 328 {
		t.Fatalf("the full first line is %v px wide: the test needs one wider than 328", w)
	}
	lines := s.hudLines()
	for i, l := range lines[:2] {
		if w := render.PanelWidth([]string{l}, size); w > 328 {
			t.Errorf("line %d %q is %v px wide beside the toolbar at 340", i, l, w)
		}
	}
	if strings.HasPrefix(lines[0], "holotable") || strings.Contains(lines[1], "cursor") {
		t.Errorf("beside the toolbar: %q", lines)
	}
	// Below a toolbar that ends at 30 px the second line keeps its cursor.
	if _, err := s.Command("reserve", json.RawMessage(`{"top": 30, "bottom": 34, "dock": 72, "left": 340}`)); err != nil {
		t.Fatal(err)
	}
	if l := s.hudLines(); !strings.Contains(l[1], "cursor") {
		t.Errorf("below the toolbar the second line lost its cursor: %q", l)
	}
	for _, bad := range []string{`{"left": -1}`, `{"left": 30000}`} {
		if _, err := s.Command("reserve", json.RawMessage(bad)); err == nil || !strings.Contains(err.Error(), "left") {
			t.Errorf("reserve %s: %v", bad, err)
		}
	}
}

// TestHUDTouchHint (issue 17 item 11): a page on a touch screen says so in reserve, and the hint
// speaks of fingers before the first touch; without it the mouse's hint stays.
func TestHUDTouchHint(t *testing.T) {
	s := NewTableScene("test", testDoc())
	scr := Screen{W: 390, H: 844, Scale: 1}
	tick(s, Input{Screen: scr, ScreenChanged: true})
	if l := s.hudLines(); l[1] != T("hud.hint") || !strings.Contains(l[1], "wheel") {
		t.Fatalf("before: %q", l)
	}
	if _, err := s.Command("reserve", json.RawMessage(`{"top": 44, "bottom": 34, "dock": 72, "touch": true}`)); err != nil {
		t.Fatal(err)
	}
	if l := s.hudLines(); l[1] != T("hud.hintTouch") || strings.Contains(l[1], "wheel") {
		t.Errorf("on a touch screen: %q", l)
	}
	// The same page on a screen without touch (a window moved, an emulation ended): the mouse's.
	if _, err := s.Command("reserve", json.RawMessage(`{"top": 44, "bottom": 34, "dock": 72}`)); err != nil {
		t.Fatal(err)
	}
	if l := s.hudLines(); l[1] != T("hud.hint") {
		t.Errorf("after touch: false: %q", l)
	}
}

// TestHUDCommand: the hud query gives the lines as drawn, the first text at the panel's top 8
// plus its padding 6.5, each 13·1.35 px below the last, and does not end the message.
func TestHUDCommand(t *testing.T) {
	s := NewTableScene("test", testDoc())
	tick(s, Input{Screen: Screen{W: 1024, H: 700, Scale: 1}, ScreenChanged: true})
	s.SetMessage("kept")
	raw, err := s.Command("hud", nil)
	if err != nil {
		t.Fatal(err)
	}
	lines := raw.([]hudLine)
	if len(lines) < 2 || lines[0].Text != s.hudLines()[0] || !near(lines[0].Top, 14.5) || !near(lines[1].Top, 14.5+13*1.35) ||
		!near(lines[0].Right, 8+render.PanelWidth([]string{lines[0].Text}, 13)) {
		t.Errorf("hud = %+v", lines)
	}
	if s.message != "kept" {
		t.Errorf("the hud query ended the message: %q", s.message)
	}
}

// TestHUDHintFollowsInput (D128): a touch brings the fingers' hint, the mouse used again brings
// the mouse's back, a tick with neither keeps the last; a page on a touch screen keeps the
// fingers' hint after the mouse too. The grid table's hint follows the same rule.
func TestHUDHintFollowsInput(t *testing.T) {
	s := NewTableScene("test", testDoc())
	scr := Screen{W: 1440, H: 900, Scale: 1}
	tick(s, Input{Screen: scr, ScreenChanged: true})
	steps := []struct {
		name string
		in   Input
		want string
	}{
		{"start", Input{X: 5, Y: 5}, "hud.hint"},
		{"a finger", Input{X: 700, Y: 400, Touch: true}, "hud.hintTouch"},
		{"nothing", Input{X: 700, Y: 400}, "hud.hintTouch"},
		{"the mouse moved", Input{X: 710, Y: 400, Mouse: true}, "hud.hint"},
		{"a finger again", Input{X: 700, Y: 400, Touch: true}, "hud.hintTouch"},
		{"a finger and the mouse", Input{X: 700, Y: 400, Touch: true, Mouse: true}, "hud.hintTouch"},
		{"a click", Input{X: 700, Y: 400, Mouse: true, LeftPressed: true, Left: true}, "hud.hint"},
	}
	for _, st := range steps {
		in := st.in
		in.Screen = scr
		tick(s, in)
		if l := s.hudLines(); !strings.HasPrefix(l[1], T(st.want)) {
			t.Errorf("%s: hint %q, want %q", st.name, l[1], T(st.want))
		}
	}
	if _, err := s.Command("reserve", json.RawMessage(`{"top": 44, "bottom": 34, "dock": 72, "touch": true}`)); err != nil {
		t.Fatal(err)
	}
	tick(s, Input{Screen: scr, X: 720, Y: 400, Mouse: true})
	if l := s.hudLines(); !strings.HasPrefix(l[1], T("hud.hintTouch")) {
		t.Errorf("a touch-screen page after the mouse: %q", l[1])
	}
}

// TestMouseUsed: the cursor moving, a button going down or the wheel turning is the mouse used;
// the first reading only remembers the cursor.
func TestMouseUsed(t *testing.T) {
	var m mouseState
	cases := []struct {
		x, y    int
		pressed bool
		wheel   float64
		want    bool
	}{
		{100, 100, false, 0, false}, // first reading
		{100, 100, false, 0, false}, // still
		{101, 100, false, 0, true},  // moved
		{101, 100, true, 0, true},   // a button
		{101, 100, false, -1, true}, // the wheel
		{101, 100, false, 0, false},
	}
	for i, c := range cases {
		if got := m.used(c.x, c.y, c.pressed, c.wheel); got != c.want {
			t.Errorf("reading %d (%d, %d, %v, %v): %v, want %v", i, c.x, c.y, c.pressed, c.wheel, got, c.want)
		}
	}
}

// TestHUDFitsPhone (issue 17 item 11): on a 390×844 phone the heads-up lines stand below the
// toolbar, and each fits the screen's width less the panel's 8 px margins, in English and German,
// for the mouse and for fingers, with and without a selected mini: the German touch hint
// "Ziehen: verschieben · Zwei Finger: zoomen · Basis antippen: wählen" ran off the screen's edge.
func TestHUDFitsPhone(t *testing.T) {
	defer SetLanguage("en")
	for _, lang := range []string{"en", "de"} {
		if err := SetLanguage(lang); err != nil {
			t.Fatal(err)
		}
		for _, touch := range []bool{false, true} {
			for _, sel := range []string{"", "red-1-1"} {
				s := NewTableScene("test", testDoc())
				scr := Screen{W: 390, H: 844, Scale: 1}
				tick(s, Input{Screen: scr, ScreenChanged: true})
				arg, _ := json.Marshal(map[string]any{"top": 44, "bottom": 34, "dock": 112, "left": 120, "touch": touch})
				if _, err := s.Command("reserve", arg); err != nil {
					t.Fatal(err)
				}
				if sel != "" {
					if _, err := s.Command("select", json.RawMessage(`"`+sel+`"`)); err != nil {
						t.Fatal(err)
					}
				}
				tick(s, Input{Screen: scr})
				for i, l := range s.hudLines()[:2] {
					if w := render.PanelWidth([]string{l}, hudFontSize); w > 390-16 {
						t.Errorf("%s touch %v selected %q: line %d %q is %.1f px wide, more than 374", lang, touch, sel, i, l, w)
					}
				}
				if hint := s.hudLines()[1]; sel == "" && touch && !strings.Contains(hint, map[string]string{"en": "pinch", "de": "Zwei Finger"}[lang]) {
					t.Errorf("%s: the touch hint %q", lang, hint)
				}
			}
		}
	}
}

// TestNarrowEdge: the scene calls a window a phone's exactly where the page does (web/ui.js
// phone(): innerWidth <= 700; web/ui.css @media (max-width: 700px)) — at 700 CSS px too, also
// at a device scale of 2 — so that the page's folded sheet and the scene's short heads-up forms
// and docked lines never meet a window one of them calls wide.
func TestNarrowEdge(t *testing.T) {
	for _, c := range []struct {
		scr    Screen
		narrow bool
	}{
		{Screen{W: 390, H: 844, Scale: 1}, true},
		{Screen{W: 700, H: 900, Scale: 1}, true},
		{Screen{W: 1400, H: 1800, Scale: 2}, true},
		{Screen{W: 701, H: 900, Scale: 1}, false},
		{Screen{W: 1402, H: 1800, Scale: 2}, false},
		{Screen{W: 1024, H: 700, Scale: 1}, false},
	} {
		s := measureScene(t)
		tick(s, Input{Screen: c.scr, ScreenChanged: true})
		if s.narrow() != c.narrow {
			t.Errorf("%+v: narrow %v, want %v", c.scr, s.narrow(), c.narrow)
		}
	}
}
