package scenes

import (
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
)

// TestDisembarkPreview (D110; RRG 2.0 Ein- und Aussteigen L5151–5181): with t (carrying sq) in
// the move tool and the pointer at (4, 10), the preview places sq-1 first touching t's west side
// at x 10 − 1.9095 = 8.0905, then moves it as far as the point: 4.0775 (TestMoveEmbarkDisembark's
// numbers); its ghosts are exactly where B then puts the minis. With sq2 standing on that first
// place, aiming east at (20, 10) is refused: the leader's place (11.9095, 10) is shown with the
// reason, and nothing is committed.
func TestDisembarkPreview(t *testing.T) {
	d := embarkedDoc(t)
	s := moveScene(t, d)
	mustCommand(t, s, "moveSelect", "t")
	x, y := s.Camera().WorldToScreen(4, 10)
	tick(s, Input{X: x, Y: y})
	st := moveState(t, s)
	p := st.Disembark
	if p == nil || !p.Legal || p.Unit != "sq" || !near4(p.Place[0], 8.0905) || !near4(p.Place[1], 10) || len(p.Minis) != 2 {
		t.Fatalf("preview %+v", p)
	}
	if !near4(p.Minis[0].X, 4.0775) || !near4(p.Minis[0].Y, 10) || p.Minis[0].ID != "sq-1" {
		t.Errorf("leader ghost %+v", p.Minis[0])
	}
	s.Draw(ebiten.NewImage(int(screen1.W), int(screen1.H)))
	rev := d.Rev()
	tick(s, Input{X: x, Y: y, Keys: []ebiten.Key{ebiten.KeyB}})
	if d.Rev() != rev+1 {
		t.Fatalf("B made no op: %s", s.Snapshot().Message)
	}
	var got []MiniState
	for _, id := range []string{"sq-1", "sq-2"} {
		m := tableMini(t, d.File(), id)
		got = append(got, MiniState{ID: m.ID, X: m.X, Y: m.Y, Base: m.Base, Leader: m.Leader})
	}
	if !slices.Equal(got, p.Minis) {
		t.Errorf("committed %+v, previewed %+v", got, p.Minis)
	}

	// Refused: sq2 stands where the leader would first be placed.
	mustCommand(t, s, "undo", nil)
	if err := d.Submit(&ops.MinisMove{Minis: []ops.MiniPlace{{Mini: "sq2-1", X: 12.2, Y: 10}}}); err != nil {
		t.Fatal(err)
	}
	mustCommand(t, s, "moveSelect", "t")
	x, y = s.Camera().WorldToScreen(20, 10)
	tick(s, Input{X: x, Y: y})
	p = moveState(t, s).Disembark
	if p == nil || p.Legal || len(p.Minis) != 0 || !near4(p.Place[0], 11.9095) || !strings.Contains(p.Reason, "overlap sq2-1") {
		t.Fatalf("refused preview %+v", p)
	}
	s.Draw(ebiten.NewImage(int(screen1.W), int(screen1.H)))
	SetLanguage("de")
	de := moveState(t, s).Disembark
	SetLanguage("en")
	if de == nil || de.Reason == p.Reason {
		t.Errorf("German reason %+v", de)
	}
}
