package scenes

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/internal/tabletest"
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

// carryingTwoDoc is tabletest.Transport with t a Transport 2 carrying both squads, sq then sq2.
func carryingTwoDoc(t *testing.T) *Doc {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(tabletest.Transport), &doc); err != nil {
		t.Fatal(err)
	}
	units := doc["units_on_table"].([]any)
	tr := units[0].(map[string]any)
	tr["keywords"].(map[string]any)["transport"].(map[string]any)["capacity"] = 2
	for _, u := range units[1:] {
		for _, m := range u.(map[string]any)["minis"].([]any) {
			for _, k := range []string{"x", "y", "z", "facing"} {
				delete(m.(map[string]any), k)
			}
		}
	}
	tr["carried"] = units[1:]
	doc["units_on_table"] = units[:1]
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return docOf(t, b)
}

// TestDisembarkChooseCarried (D139; D110): t carries sq and sq2. The preview shows sq first and
// lists both; N chooses sq2 — its one mini previewed towards (4, 10), placed first at t's west
// side, 10 − 1.9095 = 8.0905 — and B disembarks sq2, not sq; N after the last comes back to the
// first; the page's moveDisembarkUnit chooses one, and refuses a unit t does not carry on one
// line. The panel line names the choice and the key, in English and German.
func TestDisembarkChooseCarried(t *testing.T) {
	d := carryingTwoDoc(t)
	s := moveScene(t, d)
	mustCommand(t, s, "moveSelect", "t")
	x, y := s.Camera().WorldToScreen(4, 10)
	tick(s, Input{X: x, Y: y})
	if p := moveState(t, s).Disembark; p == nil || p.Unit != "sq" || !slices.Equal(p.Carried, []string{"sq", "sq2"}) || len(p.Minis) != 2 {
		t.Fatalf("first preview %+v", p)
	}
	tick(s, Input{X: x, Y: y, Keys: []ebiten.Key{ebiten.KeyN}})
	p := moveState(t, s).Disembark
	if p == nil || p.Unit != "sq2" || !p.Legal || len(p.Minis) != 1 || p.Minis[0].ID != "sq2-1" || !near4(p.Place[0], 8.0905) {
		t.Fatalf("after N %+v", p)
	}
	lines := s.Tool().(*moveTool).transportLines(s)
	SetLanguage("de")
	de := s.Tool().(*moveTool).transportLines(s)
	SetLanguage("en")
	if len(lines) != 2 || !strings.Contains(lines[0], "t carries sq2") || lines[1] != "N: another carried unit (sq, sq2)" ||
		de[1] != "N: eine andere transportierte Einheit (sq, sq2)" {
		t.Errorf("panel lines %q / %q", lines, de)
	}
	s.Draw(ebiten.NewImage(int(screen1.W), int(screen1.H)))
	tick(s, Input{X: x, Y: y, Keys: []ebiten.Key{ebiten.KeyB}})
	if c := unitOf(t, s, "t").Carried; len(c) != 1 || c[0].ID != "sq" {
		t.Fatalf("B disembarked the wrong unit: still carried %+v (%s)", c, s.Snapshot().Message)
	}
	if m := tableMini(t, d.File(), "sq2-1"); !near4(m.X, p.Minis[0].X) || !near4(m.Y, p.Minis[0].Y) {
		t.Errorf("sq2-1 at (%v, %v), previewed %+v", m.X, m.Y, p.Minis[0])
	}
	mustCommand(t, s, "undo", nil)
	mustCommand(t, s, "moveSelect", "t")
	tick(s, Input{X: x, Y: y, Keys: []ebiten.Key{ebiten.KeyN}}) // sq2 → sq
	if p := moveState(t, s).Disembark; p == nil || p.Unit != "sq" {
		t.Errorf("N after the last: %+v", p)
	}
	mustCommand(t, s, "moveDisembarkUnit", "sq2")
	if p := moveState(t, s).Disembark; p == nil || p.Unit != "sq2" {
		t.Errorf("moveDisembarkUnit sq2: %+v", p)
	}
	rev := d.Rev()
	if _, err := command(t, s, "moveDisembarkUnit", "nope"); err == nil || strings.Contains(err.Error(), "\n") || d.Rev() != rev {
		t.Errorf("moveDisembarkUnit nope: %v", err)
	}
}
