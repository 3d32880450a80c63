package rules

import (
	"math"
	"slices"
	"testing"

	"github.com/golang/geo/r2"

	"holotable/geometry"
)

// meleeDoc: stormtroopers (melee weapon) west of rebels (melee weapon), an imperial probe squad
// near the rebels, all troopers on small bases (r 0.5315).
const meleeDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "units_on_table":[
  {"id":"storm","side":"red","type":"trooper","speed":3,"keywords":{"meleeWeapon":true},"minis":[
   {"id":"st-1","leader":true,"x":10,"y":18,"base":"small","height":1.65},
   {"id":"st-2","x":9,"y":19.2,"base":"small","height":1.65},
   {"id":"st-3","x":9,"y":16.8,"base":"small","height":1.65}]},
  {"id":"rebels","side":"blue","type":"trooper","keywords":{"meleeWeapon":true},"minis":[
   {"id":"rb-1","leader":true,"x":18,"y":18,"base":"small","height":1.65},
   {"id":"rb-2","x":19.6,"y":19.4,"base":"small","height":1.65},
   {"id":"rb-3","x":19.6,"y":16.4,"base":"small","height":1.65}]},
  {"id":"scouts","side":"blue","type":"trooper","minis":[{"id":"sc-1","leader":true,"x":17,"y":30,"base":"small","height":1.65}]},
  {"id":"probe","side":"red","type":"trooper","minis":[{"id":"pr-1","leader":true,"x":40,"y":30,"base":"small","height":1.65}]}]}`

// TestChargeIntoContact follows "Einen Nahkampf beginnen" (seed 000 Nahkampf L8200–8250): the
// stormtroopers' leader makes a speed-3 move east that stops in base contact with the rebel leader
// (at 18 − 1.063 = 16.937: the fraction 6.937/7.953 of the full move, which the answer offers when
// the full move overshoots); its followers are placed touching rebels, in cohesion; the rebels,
// who have a melee weapon, move their minis not in contact into contact with the stormtroopers.
func TestChargeIntoContact(t *testing.T) {
	w := world(t, meleeDoc)
	full, err := w.Charge(ChargeQuery{Target: "rebels", Move: ManeuverQuery{Mini: "st-1", Speed: 3, HasSpeed: true}}, ContactFlags{})
	if err != nil {
		t.Fatal(err)
	}
	wantFrac := (18 - 1.063 - 10) / (6.89 + 1.063)
	if full.Legal || !near(full.ContactAt, wantFrac, 1e-9) {
		t.Fatalf("the full move overshoots: legal %v, contact at %v (want %v)", full.Legal, full.ContactAt, wantFrac)
	}
	a, err := w.Charge(ChargeQuery{Target: "rebels", Move: ManeuverQuery{Mini: "st-1", Speed: 3, HasSpeed: true, Fraction: full.ContactAt, HasFraction: true}}, ContactFlags{})
	if err != nil {
		t.Fatal(err)
	}
	if !a.Legal || !slices.Equal(a.Touching, []string{"rb-1"}) || len(a.Others) != 0 {
		t.Fatalf("charge: legal %v touching %v others %v: %v", a.Legal, a.Touching, a.Others, a.Reasons)
	}
	// Every follower touches a rebel, stays in cohesion with the moved leader, overlaps nothing.
	ld := geometry.Circle(r2.Point{X: a.Move.X, Y: a.Move.Y}, 0.5315)
	placed := map[string]MiniPlace{"st-1": {X: a.Move.X, Y: a.Move.Y}}
	for _, pl := range a.Followers {
		if !pl.OK {
			t.Fatalf("%s not placed: %v", pl.ID, pl.Reasons)
		}
		placed[pl.ID] = MiniPlace{X: pl.X, Y: pl.Y}
		foot := geometry.Circle(r2.Point{X: pl.X, Y: pl.Y}, 0.5315)
		if geometry.Distance(ld, foot) > 2.95+1e-6 {
			t.Errorf("%s out of cohesion", pl.ID)
		}
	}
	w2 := w.With(placed)
	storm, _ := w2.Unit("storm")
	rebels, _ := w2.Unit("rebels")
	for _, m := range storm.Minis {
		if !w2.touchesUnit(m, rebels, ContactFlags{}) {
			t.Errorf("%s does not touch a rebel", m.ID)
		}
	}
	if c, _ := w2.Cohesion("storm"); !c.OK {
		t.Errorf("stormtroopers out of cohesion: %v", c.Out)
	}
	// The reply: the rebels not in contact move into contact, in cohesion with rb-1.
	if len(a.Reply) == 0 {
		t.Fatal("no reply although the rebels have a melee weapon")
	}
	for _, pl := range a.Reply {
		if pl.OK {
			placed[pl.ID] = MiniPlace{X: pl.X, Y: pl.Y}
		}
	}
	w3 := w.With(placed)
	rebels3, _ := w3.Unit("rebels")
	storm3, _ := w3.Unit("storm")
	for _, m := range rebels3.Minis {
		if !w3.touchesUnit(m, storm3, ContactFlags{}) {
			t.Errorf("rebel %s not in contact after the reply", m.ID)
		}
	}
	if c, _ := w3.Cohesion("rebels"); !c.OK {
		t.Errorf("rebels out of cohesion after the reply: %v", c.Out)
	}
	if got := w3.EngagedWith(storm3, ContactFlags{}); !slices.Equal(got, []string{"rebels"}) {
		t.Errorf("engaged with %v", got)
	}
}

// TestChargeRefusals: a unit without a melee weapon cannot start a melee (Nahkampf L8249–8250), a
// unit may not move into base contact with two enemy units (L8241–8247), a friendly unit is no
// target.
func TestChargeRefusals(t *testing.T) {
	w := world(t, meleeDoc)
	if _, err := w.Charge(ChargeQuery{Target: "storm", Move: ManeuverQuery{Mini: "sc-1", Speed: 1, HasSpeed: true}}, ContactFlags{}); err == nil {
		t.Error("the scouts (no melee weapon) charged")
	}
	if _, err := w.Charge(ChargeQuery{Target: "probe", Move: ManeuverQuery{Mini: "st-1", Speed: 1, HasSpeed: true}}, ContactFlags{}); err == nil {
		t.Error("charged a friendly unit")
	}
	// Two enemy units: the scouts stand where the leader's end also touches them.
	w2 := w.With(map[string]MiniPlace{"sc-1": {X: 16.937, Y: 19.063}})
	frac := (18 - 1.063 - 10) / (6.89 + 1.063)
	a, err := w2.Charge(ChargeQuery{Target: "rebels", Move: ManeuverQuery{Mini: "st-1", Speed: 3, HasSpeed: true, Fraction: frac, HasFraction: true}}, ContactFlags{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Legal || !slices.Equal(a.Others, []string{"scouts"}) {
		t.Errorf("touching two enemy units: legal %v others %v", a.Legal, a.Others)
	}
}

// TestWithdraw: "Eine Einheit kann sich bei einem Rückzug in den Nahkampf mit einer anderen
// feindlichen Einheit bewegen. Der Rückzug darf jedoch nicht so durchgeführt werden, dass die
// Einheit am Ende wieder im Nahkampf mit der Einheit ist, von der sie sich zurückgezogen hat"
// (seed 000 Rückzug L9516–9520), a speed-1 move (L9495–9497). The stormtrooper leader stands in
// base contact with the rebel leader: a withdraw west (4.013) leaves; a partial one that stays in
// contact is not legal; one that ends touching the scouts (another enemy unit) is legal; an
// unengaged unit does not withdraw.
func TestWithdraw(t *testing.T) {
	w := world(t, meleeDoc)
	w = w.With(map[string]MiniPlace{"st-1": {X: 16.937, Y: 18}, "st-2": {X: 16.2, Y: 19.2}, "st-3": {X: 16.2, Y: 16.8},
		"sc-1": {X: 16.937 - 4.013, Y: 16.937}})
	away, err := w.Withdraw(ManeuverQuery{Mini: "st-1", Heading: 90}, ContactFlags{})
	if err != nil {
		t.Fatal(err)
	}
	if !away.Legal || !slices.Equal(away.From, []string{"rebels"}) || !near4(away.Move.Y, 18+4.013) {
		t.Errorf("withdraw north: legal %v from %v end (%v, %v): %v", away.Legal, away.From, away.Move.X, away.Move.Y, away.Reasons)
	}
	stay, _ := w.Withdraw(ManeuverQuery{Mini: "st-1", Heading: 90, Fraction: 0, HasFraction: true}, ContactFlags{})
	if stay.Legal {
		t.Error("a withdraw that stays in contact is legal")
	}
	into, _ := w.Withdraw(ManeuverQuery{Mini: "st-1", Heading: 180}, ContactFlags{})
	if !into.Legal || math.Abs(into.Move.X-(16.937-4.013)) > 1e-9 {
		t.Errorf("withdraw west towards the scouts: legal %v x %v: %v", into.Legal, into.Move.X, into.Reasons)
	}
	if touches, _ := w.UnitTouches("storm", map[string]MiniPlace{"st-1": {X: into.Move.X, Y: into.Move.Y}}, ContactFlags{}); !slices.Contains(touches, "scouts") {
		t.Errorf("the leader at the scouts touches %v", touches)
	}
	if _, err := w.Withdraw(ManeuverQuery{Mini: "pr-1", Heading: 0}, ContactFlags{}); err == nil {
		t.Error("an unengaged unit withdrew")
	}
}
