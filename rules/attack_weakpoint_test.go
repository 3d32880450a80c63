package rules

import (
	"strings"
	"testing"
)

// TestAttackWeakPoint (RRG 2.0 Schwachstelle X: Heck/Seiten L9923–9939): the tank moved to
// (18, 14); sq's leader sq-1 at (10, 10) lies in direction atan2(−4, −8) = 206.57° from it. Facing
// 0 that is the rear arc (135°–225°): Weak Point 1: Rear gives the pool of three E-11 Impact 1.
// Facing 180 it is 26.57°, the front arc: no Impact, the reason says it does not apply. Facing 90
// it is 116.57°, the left arc (45°–135°): Weak Point 2: Sides gives Impact 2, and with Rear 1 as
// well the larger of those that apply, 2. German words the reason.
func TestAttackWeakPoint(t *testing.T) {
	e11 := map[string]string{"sq-1": "E-11", "sq-2": "E-11", "sq-3": "E-11"}
	for _, c := range []struct {
		facing, weak string
		impact       int
		rule         Code
		en, de       string
	}{
		{"0", `{"rear":1}`, 1, "attack.weakPoint", "sq-1 is in tank's rear arc: Weak Point 1: rear gives the attack Impact 1",
			"sq-1 ist im Feuerwinkel Heck von tank: Schwachstelle 1: Heck gibt dem Angriff Wucht 1"},
		{"180", `{"rear":1}`, 0, "attack.noWeakPoint", "sq-1 is not in tank's rear arc: Weak Point 1: rear does not apply",
			"sq-1 ist nicht im Feuerwinkel Heck von tank: Schwachstelle 1: Heck gilt nicht"},
		{"90", `{"sides":2}`, 2, "attack.weakPoint", "sq-1 is in tank's left arc: Weak Point 2: sides gives the attack Impact 2",
			"sq-1 ist im Feuerwinkel links von tank: Schwachstelle 2: Seiten gibt dem Angriff Wucht 2"},
		{"90", `{"rear":1,"sides":2}`, 2, "attack.weakPoint", "", ""},
	} {
		doc := strings.Replace(squadDoc, `"x":40,"y":30,"base":"huge","height":3,"facing":0`, `"x":18,"y":14,"base":"huge","height":3,"facing":`+c.facing, 1)
		doc = strings.Replace(doc, `"keywords":{"armor":true}`, `"keywords":{"armor":true,"weakPoint":`+c.weak+`}`, 1)
		w := world(t, doc)
		a, err := w.Attack(AttackQuery{Attacker: "sq", Defender: "tank", Weapons: e11})
		if err != nil {
			t.Fatalf("facing %s: %v", c.facing, err)
		}
		if a.Pool.Impact != c.impact {
			t.Errorf("facing %s, %s: Impact %d, want %d", c.facing, c.weak, a.Pool.Impact, c.impact)
		}
		var r *Reason
		for i := range a.Reasons {
			if a.Reasons[i].Rule == c.rule {
				r = &a.Reasons[i]
				break
			}
		}
		if r == nil || r.Cite != CiteWeakPoint {
			t.Fatalf("facing %s: no %s reason in %v", c.facing, c.rule, a.Reasons)
		}
		if c.en != "" && (r.Text != c.en || ReasonIn(*r, "de") != c.de) {
			t.Errorf("facing %s:\n%q\n%q", c.facing, r.Text, ReasonIn(*r, "de"))
		}
	}
	// Without the keyword, no reason and no Impact.
	a, _ := world(t, strings.Replace(squadDoc, `"x":40,"y":30,"base":"huge"`, `"x":18,"y":14,"base":"huge"`, 1)).Attack(AttackQuery{Attacker: "sq", Defender: "tank", Weapons: e11})
	if a.Pool == nil || a.Pool.Impact != 0 || hasRule(a.Reasons, "attack.weakPoint") || hasRule(a.Reasons, "attack.noWeakPoint") {
		t.Errorf("no weak point: %+v", a.Pool)
	}
}
