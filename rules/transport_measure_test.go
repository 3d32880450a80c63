package rules

import (
	"slices"
	"strings"
	"testing"

	"holotable/internal/tabletest"
	"holotable/table"
)

// carriedDoc is tabletest.Carried: t (open) carrying sq, c (closed) carrying cq, en and touch.
const carriedDoc = tabletest.Carried

// TestTransportedMeasures (RRG 2.0 Transportiert L10845–10849, L10877–10881, L10930–10943):
// sq, carried by the open t, measures from t's base: sq → en is 28 − 10 − 1.378 − 0.5315 =
// 16.0905, range 3 (12–18), exactly t's own range to en; en → sq is the same distance to t's base,
// and sq has heavy cover there (none on the open table before, "can be reduced": heavy is the
// cover). sq's rifle loses Fixed in the open transport (L10917–10918). The closed transport's cq
// neither attacks nor is attacked (L10851–10852); sq and touch, which touches t, trade no ranged
// attacks (L10949–10957) but may melee.
func TestTransportedMeasures(t *testing.T) {
	w := world(t, carriedDoc)
	const d = 28 - 10 - 1.378 - 0.5315
	a, err := w.Attack(AttackQuery{Attacker: "sq", Defender: "en"})
	if err != nil {
		t.Fatal(err)
	}
	if !a.Allowed || a.Band != 3 || !near4(a.Distance, d) || a.From != "sq-1" || a.To != "en-1" {
		t.Fatalf("sq → en: allowed %v band %d distance %v from %s to %s: %v", a.Allowed, a.Band, a.Distance, a.From, a.To, a.Reasons)
	}
	if !slices.Equal(a.Eligible, []string{"sq-1", "sq-2"}) || a.Cover != table.CoverNone {
		t.Errorf("sq → en: eligible %v cover %v", a.Eligible, a.Cover)
	}
	if !hasRule(a.Reasons, "transport.from") || !hasRule(a.Reasons, "transport.fixed") {
		t.Errorf("sq → en reasons: %v", a.Reasons)
	}
	own, err := w.Attack(AttackQuery{Attacker: "t", Defender: "en"})
	if err != nil || !near4(own.Distance, a.Distance) || own.Band != a.Band {
		t.Errorf("t → en: %v %v, sq's %v", own.Distance, err, a.Distance)
	}
	b, err := w.Attack(AttackQuery{Attacker: "en", Defender: "sq"})
	if err != nil {
		t.Fatal(err)
	}
	if !b.Allowed || b.Band != 3 || !near4(b.Distance, d) || b.Cover != table.CoverHeavy || !hasRule(b.Reasons, "transport.heavy") {
		t.Errorf("en → sq: allowed %v band %d distance %v cover %v: %v", b.Allowed, b.Band, b.Distance, b.Cover, b.Reasons)
	}
	if !slices.Equal(b.Woundable, []string{"sq-1", "sq-2"}) {
		t.Errorf("en → sq: woundable %v hidden %v", b.Woundable, b.Hidden)
	}
	for _, q := range []AttackQuery{{Attacker: "cq", Defender: "en"}, {Attacker: "en", Defender: "cq"}} {
		c, err := w.Attack(q)
		if err != nil || c.Allowed || !hasRule(c.Reasons, "transport.closed") {
			t.Errorf("%s → %s: allowed %v %v: %v", q.Attacker, q.Defender, c.Allowed, err, c.Reasons)
		}
	}
	for _, q := range []AttackQuery{{Attacker: "sq", Defender: "touch"}, {Attacker: "touch", Defender: "sq"}} {
		c, err := w.Attack(q)
		if err != nil || c.Allowed || !hasRule(c.Reasons, "transport.contact") {
			t.Errorf("%s → %s: allowed %v %v: %v", q.Attacker, q.Defender, c.Allowed, err, c.Reasons)
		}
		q.Melee = true
		if m, err := w.Attack(q); err != nil || hasRule(m.Reasons, "transport.contact") || !hasRule(m.Reasons, "attack.melee") {
			t.Errorf("melee %s → %s: %v %v", q.Attacker, q.Defender, err, m.Reasons)
		}
	}
	// The stand-in world: sq stands on t's base, t is off; w is unchanged.
	sw, why := w.StandIn("sq")
	u, err := sw.Unit("sq")
	if err != nil || len(why) != 2 || u.Leader.X != 10 || u.Leader.Base != 2.756 || u.Card.Weapons[0].Keywords.Fixed != "" {
		t.Errorf("stand-in: %v %v %+v", err, why, u)
	}
	if _, err := sw.Unit("t"); err == nil {
		t.Error("t is still in the stand-in world")
	}
	if tr, ok := w.Transported("sq"); !ok || tr.Vehicle.ID != "t" || !tr.Open || tr.Unit.Card.Weapons[0].Keywords.Fixed != "front" {
		t.Errorf("Transported: %+v %v", tr, ok)
	}
	// Two units of one transport (capacity 2) stand in its place together.
	two := world(t, strings.Replace(strings.Replace(carriedDoc, `"capacity":1,"open":true`, `"capacity":2,"open":true`, 1),
		`"carried":[{"id":"sq"`, `"carried":[{"id":"sq3","side":"blue","type":"trooper","minis":[{"id":"sq3-1","leader":true,"base":"small","height":1.65}]},{"id":"sq"`, 1))
	if both, _ := two.StandIn("sq", "sq3"); len(both.Units) != 5 {
		t.Errorf("sq and sq3 of t: %d units in the stand-in world, want 5 (t off, sq and sq3 on)", len(both.Units))
	}
	if same, why := w.StandIn("en"); same != w || why != nil {
		t.Error("StandIn of a unit on the table made a new world")
	}
}
