package scenes

import (
	"encoding/json"
	"regexp"
	"strings"
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

// keyWords are what a touch screen's words must not ask for: a click, a key or Shift (mouseWords),
// Enter, "keys 1 2 3", or a single letter key ("M charges it", "E embarks", "B disembarks").
var keyWords = regexp.MustCompile(`(?i)click|klick|shift|umschalt|\besc\b|\bdel\b|\bentf\b|\benter\b|\bkeys?\b|\btasten?\b|(?-i:(^|[·:(] ?)[A-Z]: |: [A-Z] [a-zäöü])`)

// TestTouchFormsSpeakOfTaps: every string with a touch form (TFor's ".touch"), in English and
// German, asks for taps and the page's buttons, never for a click or a key; and the move tool's
// lines on a phone that says it is a touch screen (the page's dock shows them) use those forms —
// on the phone's sheet they read "keys 1 2 3: speed · Enter: move · Esc: put away".
func TestTouchFormsSpeakOfTaps(t *testing.T) {
	defer SetLanguage(Language())
	i18nMu.RLock()
	var keys []string
	for k := range strings_ {
		if strings.HasSuffix(k, ".touch") {
			keys = append(keys, k)
		}
	}
	i18nMu.RUnlock()
	if len(keys) < 20 {
		t.Fatalf("only %d touch forms: %q", len(keys), keys)
	}
	for _, lang := range []string{"en", "de"} {
		SetLanguage(lang)
		for _, k := range keys {
			if w := T(k); keyWords.MatchString(w) {
				t.Errorf("%s %s: %q asks for %q", lang, k, w, keyWords.FindString(w))
			}
		}
		s := moveScene(t, testDoc())
		scr := Screen{W: 390, H: 844, Scale: 1}
		tick(s, Input{Screen: scr, ScreenChanged: true})
		if _, err := s.Command("reserve", json.RawMessage(`{"top": 44, "bottom": 34, "dock": 112, "left": 120, "touch": true}`)); err != nil {
			t.Fatal(err)
		}
		look := func(when string) {
			t.Helper()
			tick(s, Input{Screen: scr})
			s.Draw(ebiten.NewImage(int(scr.W), int(scr.H)))
			st := moveState(t, s)
			if len(st.Lines) == 0 {
				t.Fatalf("%s %s: no lines", lang, when)
			}
			for _, l := range st.Lines {
				if keyWords.MatchString(l) {
					t.Errorf("%s %s: %q asks for %q", lang, when, l, keyWords.FindString(l))
				}
			}
		}
		look("before a unit is picked")
		mustCommand(t, s, "moveSelect", "red-1")
		look("with the tool placed")
	}
}
