package scenes

import (
	"image"
	"math"
	"strings"
	"testing"

	"holotable/rules"
	"holotable/table"
)

// TestArcTags: with the AT-ST (notched) selected, each enemy unit's tag says in which of its arcs
// the unit stands, exactly as the judge's arc queries answer (inArc per arc), and, for a notched
// enemy, in which of its arcs the AT-ST stands; the tag's words are English and German.
func TestArcTags(t *testing.T) {
	d := newTestDoc(t)
	s := NewTableScene("test", d)
	tick(s, Input{ScreenChanged: true})
	mustCommand(t, s, "select", "red-atst-1-1")
	st := measureState(t, s)
	w := d.World()
	seen := 0
	for _, lb := range st.Labels {
		if lb.Arcs == nil {
			t.Fatalf("%s: no arcs on the AT-ST's tag", lb.Unit)
		}
		var want []string
		for _, arc := range rules.Arcs {
			a := askJSON(t, w, table.Query{ID: "q", Kind: "arc", From: "red-atst-1-1", To: lb.Unit, Arc: arc.String()})
			if a["inArc"] == true {
				want = append(want, arc.String())
			}
		}
		if strings.Join(lb.Arcs.In, ",") != strings.Join(want, ",") {
			t.Errorf("%s: tag arcs %v, the judge says %v", lb.Unit, lb.Arcs.In, want)
		}
		seen += len(want)
	}
	if seen == 0 {
		t.Fatal("no enemy in any arc: the test proves nothing")
	}
	lines := st.Labels[0].Arcs
	en := lines.lines()[0].Text
	SetLanguage("de")
	de := lines.lines()[0].Text
	SetLanguage("en")
	if en == de || !strings.Contains(de, "Feuerwinkel") {
		t.Errorf("tag line en %q, de %q", en, de)
	}
}

// TestArcsDrawn: the AT-ST (facing 90, default arc lines) selected: its arc lines leave its base
// centre at 135°, 225°, 315° and 45° on the table, each arc's fan runs between its two lines (the
// front from 45° to 135°, across the facing), clipped to the table; a trooper has none.
func TestArcsDrawn(t *testing.T) {
	d := newTestDoc(t)
	s := NewTableScene("test", d)
	tick(s, Input{ScreenChanged: true})
	screen := image.Rect(0, 0, int(s.Screen().W), int(s.Screen().H))
	if _, ok := s.selectedArcs(screen); ok {
		t.Fatal("arcs with nothing selected")
	}
	mustCommand(t, s, "select", "red-atst-1-1")
	a, ok := s.selectedArcs(screen)
	if !ok {
		t.Fatal("no arcs for the AT-ST")
	}
	cam := s.Camera()
	bearing := func(x, y float32) float64 {
		wx, wy := cam.ScreenToWorld(float64(x), float64(y))
		return math.Mod(math.Atan2(wy-3.5, wx-36)*180/math.Pi+360, 360)
	}
	for i, want := range []float64{135, 225, 315, 45} {
		l := a.Lines[i]
		if cx, cy := cam.WorldToScreen(36, 3.5); math.Abs(float64(l[0])-cx) > 0.01 || math.Abs(float64(l[1])-cy) > 0.01 {
			t.Errorf("line %d starts at (%v, %v), the centre is (%v, %v)", i, l[0], l[1], cx, cy)
		}
		if b := bearing(l[2], l[3]); math.Abs(b-want) > 1e-3 {
			t.Errorf("line %d at %v°, want %v°", i, b, want)
		}
	}
	// Front: from the fourth line (45°) to the first (135°).
	front := a.Fans[rules.ArcFront]
	if b0, b1 := bearing(front[2], front[3]), bearing(front[len(front)-2], front[len(front)-1]); math.Abs(b0-45) > 1e-3 || math.Abs(b1-135) > 1e-3 {
		t.Errorf("front fan from %v° to %v°", b0, b1)
	}
	if !a.Clip.In(screen) || a.Clip.Empty() {
		t.Errorf("clip %v", a.Clip)
	}
	mustCommand(t, s, "select", "red-storm-1-1")
	if _, ok := s.selectedArcs(screen); ok {
		t.Error("a trooper has arcs")
	}
}
