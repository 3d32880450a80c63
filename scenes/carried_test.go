package scenes

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/internal/tabletest"
	"holotable/ops"
)

// embarkedDoc is tabletest.Transport with sq embarked on t: sq-1's full speed-1 move west ends at
// x 11.9095, in base contact with t (the fixture's comment), and the unit goes into t's carried
// list.
func embarkedDoc(t *testing.T) *Doc {
	t.Helper()
	d := docOf(t, []byte(tabletest.Transport))
	west := 180.0
	if err := d.Submit(&ops.UnitEmbark{Unit: "sq", Vehicle: "t", Heading: &west, Fraction: 1}); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestCarriedShown (D108; RRG 2.0 Ein- und Aussteigen L5146–5150, the matching ID tokens by the
// vehicle and by the unit): sq carried by t is in the page state (t's carried ids), in the Units
// panel's list with "in t" — with no unit selected and with one — and t's badge names it, in
// English and German; sq2, on the table, is listed nowhere.
func TestCarriedShown(t *testing.T) {
	d := embarkedDoc(t)
	s := editorScene(t, d, "units")
	snap := s.Snapshot()
	var tu *UnitState
	for i := range snap.Units {
		if snap.Units[i].ID == "t" {
			tu = &snap.Units[i]
		}
		if snap.Units[i].ID == "sq" {
			t.Errorf("sq is on the table in the state")
		}
	}
	if tu == nil || !slices.Equal(tu.Carried, []string{"sq"}) {
		t.Fatalf("t in the state: %+v", tu)
	}
	want := []CarriedState{{Unit: "sq", Vehicle: "t", Leader: "t-1", Side: "blue", Minis: 2, Text: "sq (2 minis) in t"}}
	if got := unitsStateOf(t, s).Carried; !slices.Equal(got, want) {
		t.Errorf("panel list %+v, want %+v", got, want)
	}
	mustCommand(t, s, "select", "sq2-1")
	if st := unitsStateOf(t, s); st.Unit == nil || st.Unit.ID != "sq2" || !slices.Equal(st.Carried, want) {
		t.Errorf("with sq2 selected: unit %+v, list %+v", st.Unit, st.Carried)
	}
	s.Draw(ebiten.NewImage(int(screen1.W), int(screen1.H))) // the badge is drawn (labels' pixels are render's tests)
	f := d.File()
	if b := carriedBadge(&f.UnitsOnTable[0]); b != "carries sq" {
		t.Errorf("badge %q", b)
	}
	if b := carriedBadge(&f.UnitsOnTable[1]); b != "" {
		t.Errorf("sq2's badge %q", b)
	}
	SetLanguage("de")
	defer SetLanguage("en")
	if b, l := carriedBadge(&f.UnitsOnTable[0]), carriedStates(f)[0].Text; b != "transportiert sq" || l != "sq (2 Miniaturen) in t" {
		t.Errorf("German: badge %q, line %q", b, l)
	}
	// Disembarked (undone), nothing is carried.
	mustCommand(t, s, "undo", nil)
	if st := unitsStateOf(t, s); len(st.Carried) != 0 || len(carriedStates(d.File())) != 0 {
		t.Errorf("after undo: %+v", st.Carried)
	}
}
