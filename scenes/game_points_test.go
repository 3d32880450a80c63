package scenes

import (
	"strings"
	"testing"

	"holotable/army"
)

// TestPointSizeText: the game sizes by points (army.PointSizes), at and past their limits.
func TestPointSizeText(t *testing.T) {
	for _, c := range []struct {
		points int
		want   string
	}{{1, "Recon (up to 600)"}, {600, "Recon (up to 600)"}, {601, "Escalation (up to 800)"}, {1000, "Standard (up to 1000)"},
		{1001, "Grand Army (up to 1600)"}, {1601, "above Grand Army (1600)"}} {
		if got := pointSizeText(c.points); got != c.want {
			t.Errorf("%d points: %q, want %q", c.points, got, c.want)
		}
	}
}

// TestImportShowsSize: an imported list's points and game size are on the message line and on
// its side in the panel's state.
func TestImportShowsSize(t *testing.T) {
	s := gameScene(t)
	data, _ := army.Example("rebel-800")
	edMust(t, s, "game", map[string]any{"action": "import", "colour": "blue", "list": string(data)})
	msg := s.message
	st := gameCmd(t, s, map[string]any{"action": "state"})
	side := st.Sides[0]
	if side.Points != 796 || side.Size != "Escalation (up to 800)" || !strings.Contains(msg, "796 points: Escalation (up to 800)") {
		t.Fatalf("side %+v, message %q", side, msg)
	}
}
