package scenes

import (
	"slices"
	"strings"
	"testing"

	"holotable/render"
)

// TestFitPanelLines: a canvas panel's line that would run past the width it has is wrapped at its
// spaces, every piece within the width, the words kept in order; lines that fit stay as they
// are. The German move line below is 1 030 px wide at 13 px and ran off a 390 px phone.
func TestFitPanelLines(t *testing.T) {
	const size = 13.0
	long := "Bewegen red-atst-1 · Geschwindigkeit 2 (Einheit 2, max. 2) · Taktisch 1 · Richtung 90° · Knick 0° · 100% des Werkzeugs · Ende oder Geist ziehen"
	short := "zulässig"
	maxW := 390.0 - 16
	got := fitPanelLines([]string{short, long}, size, maxW)
	if got[0] != short || len(got) < 3 {
		t.Fatalf("%q", got)
	}
	for _, l := range got {
		if w := render.PanelWidth([]string{l}, size); w > maxW {
			t.Errorf("%q is %.1f px wide, more than %v", l, w, maxW)
		}
	}
	if words := strings.Fields(strings.Join(got[1:], " ")); !slices.Equal(words, strings.Fields(long)) {
		t.Errorf("the words changed: %q", words)
	}
	if wide := fitPanelLines([]string{long}, size, 2000); len(wide) != 1 || wide[0] != long {
		t.Errorf("a line that fits was changed: %q", wide)
	}
}
