package scenes

import (
	"strings"
	"testing"

	"holotable/ops"
)

// TestWeakPointTag (RRG 2.0 Schwachstelle X: Heck/Seiten L9923–9939): the AT-ST at (36, 3.5) gets
// Weak Point 1: Rear and 2: Sides from the units panel's command and turns to facing 270; the
// Fleet Troopers' leader at (28, 33.5) lies at atan2(30, −8) = 104.93° from it, 194.93° from its
// facing: in its rear arc (135°–225°), not a side arc. With the troopers selected (round bases:
// before, no arcs were asked) the AT-ST's tag says the rear applies (Impact 1) and the sides do
// not, as rules.World.WeakPoints answers; its words are English and German; the explanation of an
// attack on the AT-ST carries the rules' weak-point reasons.
func TestWeakPointTag(t *testing.T) {
	d := newTestDoc(t)
	s := NewTableScene("test", d)
	tick(s, Input{ScreenChanged: true})
	mustCommand(t, s, "unitKeywords", map[string]any{"unit": "red-atst-1", "weakRear": 1, "weakSides": 2})
	if err := s.Submit(&ops.UnitPivot{Unit: "red-atst-1", Facing: 270}); err != nil {
		t.Fatal(err)
	}
	mustCommand(t, s, "select", "blue-fleet-1-1")
	st := measureState(t, s)
	var tag *ArcTagState
	for _, lb := range st.Labels {
		if lb.Unit == "red-atst-1" {
			tag = lb.Arcs
		} else if lb.Arcs != nil {
			t.Errorf("%s has arcs on its tag with a trooper selected: %+v", lb.Unit, lb.Arcs)
		}
	}
	want := []WeakTagState{{Side: "rear", X: 1, Applies: true}, {Side: "sides", X: 2, Applies: false}}
	if tag == nil || len(tag.Weak) != 2 || tag.Weak[0] != want[0] || tag.Weak[1] != want[1] || tag.In != nil {
		t.Fatalf("the AT-ST's tag: %+v, want weak %+v", tag, want)
	}
	wp, err := d.World().WeakPoints("blue-fleet-1", "red-atst-1")
	if err != nil || wp.Impact != 1 || !wp.Sides[0].Applies || wp.Sides[1].Applies {
		t.Fatalf("the rules: %+v %v", wp, err)
	}
	lines := tag.lines()
	en := lines[0].Text + " | " + lines[1].Text
	SetLanguage("de")
	de := tag.lines()[0].Text + " | " + tag.lines()[1].Text
	SetLanguage("en")
	if en != "Weak Point 1: Rear: Impact 1 from here | Weak Point 2: Sides: not from here" ||
		de != "Schwachstelle 1: Heck: Wucht 1 von hier | Schwachstelle 2: Seiten: nicht von hier" {
		t.Errorf("tag lines\nen %q\nde %q", en, de)
	}
	mustCommand(t, s, "explain", map[string]string{"attacker": "blue-fleet-1", "defender": "red-atst-1"})
	x := measureState(t, s).Explain
	var found bool
	for _, r := range x.Reasons {
		found = found || strings.Contains(r.Text, "Weak Point 1: rear gives the attack Impact 1")
	}
	if !found {
		t.Errorf("the explanation lacks the weak point: %+v", x.Reasons)
	}
}
