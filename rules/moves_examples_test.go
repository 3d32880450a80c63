package rules

import (
	"fmt"
	"slices"
	"testing"

	"github.com/golang/geo/r2"

	"holotable/geometry"
)

// The rulebook's worked examples and procedures for the moves beyond the standard move, each
// citing its lines in seed 000 (German RRG 2.0).

// TestExampleCompulsoryEndsShort: "Falls sie das nicht kann … kann sie stattdessen eine
// Teilbewegung durchführen. Dabei muss sie sich so weit wie möglich entlang der Bewegungshilfe
// bewegen. Falls die Einheit auf diese Weise eine Teilbewegung durchführt, erleidet die Einheit
// Wunden in Höhe ihrer Maximalgeschwindigkeit" (seed 000 L12155–12163, Gleiter X L6762–6771). A
// Speeder 1 bike (medium base, speed 3) meets a 12"-high building 5" ahead: it stops touching it,
// 15 − 0.9845 = 14.0155, and suffers 3 wounds; the same move on open ground is full, no wounds.
func TestExampleCompulsoryEndsShort(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "terrain":[{"id":"bldg","polygon":[[15,14],[20,14],[20,22],[15,22]],"height":12,"kind":"solid","cover":"heavy","move":"impassable"}],
	 "units_on_table":[
	  {"id":"bike","side":"red","type":"repulsor","speed":3,"keywords":{"speeder":1},"minis":[{"id":"bk-1","leader":true,"x":10,"y":18,"base":"medium","height":2,"facing":0,"hover":0.5}]},
	  {"id":"bike2","side":"red","type":"repulsor","speed":3,"keywords":{"speeder":1},"minis":[{"id":"bk-2","leader":true,"x":10,"y":30,"base":"medium","height":2,"facing":0,"hover":0.5}]}]}`)
	a := maneuver(t, w, ManeuverQuery{Mini: "bk-1", Mode: ModeCompulsory})
	if !near4(a.X, 14.0155) || a.Y != 18 || a.Wounds != 3 || !a.Legal || a.BlockedBy != "bldg" || a.MaxSpeed != 3 {
		t.Errorf("short: %+v", a)
	}
	b := maneuver(t, w, ManeuverQuery{Mini: "bk-2", Mode: ModeCompulsory})
	if !near4(b.X, 10+6.89+1.969) || b.Wounds != 0 || b.Blocked {
		t.Errorf("open: %+v", b)
	}
}

// TestExampleBARCEndsBehindClones: "Nach der Zwangsbewegung einer BARC-Gleiter-Miniatur wäre die
// Endposition direkt hinter einer „Klontruppen der Phase 1“-Einheit … die Zwangsbewegung gilt als
// vollständig durchgeführt" (seed 000 L1833–1844). Only bases count: the BARC's full end touches
// the clone's base (gap 0), so the move is full and legal, with no wounds.
func TestExampleBARCEndsBehindClones(t *testing.T) {
	end := 10 + 6.89 + 1.969
	w := world(t, fmtDoc(`{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[
	  {"id":"barc","side":"blue","type":"repulsor","speed":3,"keywords":{"speeder":1},"minis":[{"id":"barc-1","leader":true,"x":10,"y":18,"base":"medium","height":2.2,"facing":0,"hover":0.6}]},
	  {"id":"clones","side":"blue","type":"trooper","minis":[{"id":"cl-1","leader":true,"x":%g,"y":18,"base":"small","height":1.65}]}]}`, end+0.9845+0.5315))
	a := maneuver(t, w, ManeuverQuery{Mini: "barc-1", Mode: ModeCompulsory})
	if !near4(a.X, end) || a.Wounds != 0 || !a.Legal || len(a.EndClash) != 0 {
		t.Errorf("BARC: %+v", a)
	}
}

// TestExampleDewbackPivotsBeforeReposition: "Eine Taurücken-Miniatur versucht, eine Drehung
// durchzuführen, bevor sie das Schlüsselwort Neupositionieren verwendet und sich bewegt. Eine
// andere Miniatur steht an der Stelle, die der Schwanz des Taurücken einnehmen würde" (seed 000
// L1815–1824): only bases count while a mini moves (L1808–1814), and a round base sweeps nothing
// when it turns about its centre, so the pivot and the move are legal with the trooper standing
// by; the Dewback ends facing its new way, 4.919 further on.
func TestExampleDewbackPivotsBeforeReposition(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[
	  {"id":"dewback","side":"red","type":"creature","keywords":{"reposition":true,"meleeWeapon":true},"minis":[{"id":"dw-1","leader":true,"x":20,"y":18,"base":"medium","height":2.2,"facing":0}]},
	  {"id":"rebels","side":"blue","type":"trooper","minis":[{"id":"rb-1","leader":true,"x":18.2,"y":18,"base":"small","height":1.65}]}]}`)
	a, err := w.Reposition(RepositionQuery{Move: ManeuverQuery{Mini: "dw-1", Speed: 1, HasSpeed: true}, Turn: 90}, ContactFlags{})
	if err != nil {
		t.Fatal(err)
	}
	if !a.Legal || len(a.Pivot.Swept) != 0 || a.Facing != 90 || !near4(a.Move.X, 20) || !near4(a.Move.Y, 18+4.919) {
		t.Errorf("Dewback: legal %v swept %v facing %v end (%v, %v)", a.Legal, a.Pivot.Swept, a.Facing, a.Move.X, a.Move.Y)
	}
	after, err := w.Reposition(RepositionQuery{Move: ManeuverQuery{Mini: "dw-1", Speed: 1, HasSpeed: true}, Turn: -45, After: true}, ContactFlags{})
	if err != nil || !after.Legal || after.Facing != 315 || !near4(after.Move.X, 24.919) {
		t.Errorf("pivot after: %+v %v", after, err)
	}
	if _, err := w.Reposition(RepositionQuery{Move: ManeuverQuery{Mini: "rb-1", Speed: 1, HasSpeed: true}, Turn: 10}, ContactFlags{}); err == nil {
		t.Error("a unit without Reposition repositioned")
	}
}

// TestExampleObiWanTreatedAsInContact: "Diese Miniaturen werden so behandelt, als wären sie in
// Basiskontakt, bis eine von ihnen zu einer neuen Position bewegt wird" (seed 000 L1865–1894).
// Obi-Wan ends 0.3" from the AAT's base (its hull overhangs): flagged, the two units are in melee;
// a vehicle is never engaged (Handgemenge L6909–6934); once Obi-Wan moves, the flag ends.
func TestExampleObiWanTreatedAsInContact(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[
	  {"id":"obiwan","side":"blue","type":"trooper","keywords":{"meleeWeapon":true},"minis":[{"id":"ow-1","leader":true,"x":20,"y":18,"base":"small","height":1.7}]},
	  {"id":"aat","side":"red","type":"ground","minis":[{"id":"aat-1","leader":true,"x":22.2095,"y":18,"base":"large","height":3,"facing":180}]}]}`)
	ow, _ := w.Unit("obiwan")
	aat, _ := w.Unit("aat")
	var flags ContactFlags
	if w.InMelee(ow, aat, flags) {
		t.Fatal("in melee without contact")
	}
	if _, err := w.FlagContact(&flags, "ow-1", "aat-1"); err != nil {
		t.Fatal(err)
	}
	if !w.InMelee(ow, aat, flags) || !slices.Equal(w.MeleeWith(aat, flags), []string{"obiwan"}) {
		t.Error("flagged pair not in melee")
	}
	if e := w.EngagedWith(ow, flags); len(e) != 0 {
		t.Errorf("engaged with a vehicle: %v", e)
	}
	flags.Moved("ow-1")
	if w.InMelee(ow, aat, flags) || len(flags.Pairs()) != 0 {
		t.Error("the flag outlived Obi-Wan's move")
	}
	if _, err := w.FlagContact(&flags, "ow-1", "ow-1"); err == nil {
		t.Error("flagged a mini with itself")
	}
}

// TestExampleLukeJumps: "Lukes Ausgangsposition ist ein Geländeteil mit Höhe 1. Er darf seine
// Bewegung auf einem Geländeteil mit Höhe 2 oder niedriger beenden" and "Luke Skywalkers
// Startposition befindet sich oben auf einem Geländeteil mit Höhe 2. Er darf entscheiden, seine
// Bewegung an einem beliebigen Punkt des Schlachtfelds zu beenden, der unterhalb seiner
// Startposition liegt" (seed 000 L10384–10398). Height 1 = 6". From the 6" block Luke (Jump 1,
// speed 2: 4.92 + 1.063 = 5.983) jumps onto the 12" tower; the 15" spire stops him; from the tower
// he jumps down to the table, 12" below; a 3"-high crate on the way is ignored.
func TestExampleLukeJumps(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "terrain":[
	  {"id":"block","polygon":[[8,16],[11,16],[11,20],[8,20]],"height":6,"kind":"solid","cover":"heavy","move":"impassable"},
	  {"id":"tower","polygon":[[12,16],[18,16],[18,20],[12,20]],"height":12,"kind":"solid","cover":"heavy","move":"impassable"},
	  {"id":"spire","polygon":[[12,26],[18,26],[18,30],[12,30]],"height":15,"kind":"solid","cover":"heavy","move":"impassable"},
	  {"id":"block2","polygon":[[8,26],[11,26],[11,30],[8,30]],"height":6,"kind":"solid","cover":"heavy","move":"impassable"},
	  {"id":"crate","polygon":[[20,7],[21,7],[21,9],[20,9]],"height":3,"kind":"solid","cover":"heavy","move":"impassable"},
	  {"id":"bog","polygon":[[24,6],[28,6],[28,10],[24,10]],"height":0,"kind":"area","cover":"none","move":"difficult"}],
	 "units_on_table":[
	  {"id":"luke","side":"blue","type":"trooper","keywords":{"jump":1,"meleeWeapon":true},"minis":[{"id":"lk-1","leader":true,"x":9.5,"y":18,"z":6,"base":"small","height":1.7}]},
	  {"id":"luke2","side":"blue","type":"trooper","keywords":{"jump":1},"minis":[{"id":"lk-2","leader":true,"x":9.5,"y":28,"z":6,"base":"small","height":1.7}]},
	  {"id":"luke3","side":"blue","type":"trooper","keywords":{"jump":1},"minis":[{"id":"lk-3","leader":true,"x":17,"y":8,"z":12,"base":"small","height":1.7}]},
	  {"id":"walker","side":"red","type":"trooper","minis":[{"id":"wk-1","leader":true,"x":9.5,"y":8,"base":"small","height":1.7}]}]}`)
	up, err := w.Jump(ManeuverQuery{Mini: "lk-1", Speed: 2, HasSpeed: true})
	if err != nil {
		t.Fatal(err)
	}
	if !up.Legal || up.Blocked || !near4(up.X, 9.5+5.983) || up.Z != 12 {
		t.Errorf("onto the tower: legal %v blocked %v x %v z %v", up.Legal, up.Blocked, up.X, up.Z)
	}
	short, _ := w.Jump(ManeuverQuery{Mini: "lk-2", Speed: 2, HasSpeed: true})
	if short.BlockedBy != "spire" || !near4(short.X, 12-0.5315) {
		t.Errorf("the 15\" spire: %+v", short.MoveAnswer)
	}
	down, _ := w.Jump(ManeuverQuery{Mini: "lk-3", Speed: 2, HasSpeed: true, Heading: 180})
	if !down.Legal || down.Z != 0 || !near4(down.X, 17-5.983) {
		t.Errorf("down from the tower: %+v z %v", down.MoveAnswer, down.Z)
	}
	// Difficult terrain is ignored: the bog does not lower the max speed.
	bog, _ := w.Jump(ManeuverQuery{Mini: "lk-3", Speed: 2, HasSpeed: true, Heading: 0})
	if bog.MaxSpeed != 2 || !bog.Legal {
		t.Errorf("through the bog: max speed %d legal %v", bog.MaxSpeed, bog.Legal)
	}
	if _, err := w.Jump(ManeuverQuery{Mini: "wk-1", Speed: 1, HasSpeed: true}); err == nil {
		t.Error("a unit without Jump X jumped")
	}
}

// TestExampleRebelsClimb: "Der Einheitenführer der Rebellentruppen ist in Basiskontakt mit
// unpassierbarem Gelände, das eine Höhe von 1 hat. Der Rebellenspieler gibt 1 Bewegungsaktion aus
// … Der Rebellenspieler wirft 3 weiße Verteidigungswürfel (1 für jede Miniatur der Einheit) … Der
// überlebende Rebellentruppler wird in Formation platziert" (seed 000 L1779–1793, Klimmen und
// Klettern L7471–7491). The leader climbs onto the 5" building (1 action, 3 dice) and is placed
// just inside its edge; the survivor stands at the foot of the wall in base contact with it, within
// the speed-1 tool seen from above and within height 1: in cohesion (Vertikale Formation
// L1747–1760).
func TestExampleRebelsClimb(t *testing.T) {
	doc := `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "terrain":[{"id":"bldg","polygon":[[20,10],[28,10],[28,18],[20,18]],"height":5,"kind":"solid","cover":"heavy","move":"impassable"}],
	 "units_on_table":[{"id":"rebels","side":"blue","type":"trooper","minis":[
	  {"id":"rb-1","leader":true,"x":%g,"y":14,"z":%g,"base":"small","height":1.65},
	  {"id":"rb-2","x":18.5,"y":14.5,"base":"small","height":1.65},
	  {"id":"rb-3","x":%g,"y":13,"base":"small","height":1.65}]}]}`
	w := world(t, fmtDoc(doc, 19.4685, 0.0, 18.6))
	a, err := w.ClimbOnto("rb-1", "bldg", Climb)
	if err != nil {
		t.Fatal(err)
	}
	if !a.Legal || a.Actions != 1 || a.Dice != 3 || !near4(a.X, 20.5315) || a.Z != 5 {
		t.Fatalf("climb: %+v", a)
	}
	// After: the leader on the roof; rb-3 (the survivor) at the foot of the wall, touching it.
	w2 := world(t, fmtDoc(doc, 20.5315, 5.0, 19.4685))
	c, err := w2.VerticalCohesion(VerticalQuery{Unit: "rebels", Piece: "bldg"})
	if err != nil {
		t.Fatal(err)
	}
	if c.OK || !slices.Equal(c.Out, []string{"rb-2"}) {
		t.Errorf("rb-2 stands below off the wall (not touching it), rb-3 touches it: out %v", c.Out)
	}
}

// TestVerticalFormation: the three conditions of the Vertikale Formation box (seed 000
// L1747–1760) and the level rules of Klimmen und Klettern L7531–7558: within the speed-1 tool
// seen from above, within height 1, and minis below a leader standing on the piece in base contact
// with it; none above the level the leader climbed to; after a move that ignored terrain height,
// at most that height apart; and on other levels only after such moves.
func TestVerticalFormation(t *testing.T) {
	doc := `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "terrain":[{"id":"roof","polygon":[[20,10],[28,10],[28,18],[20,18]],"height":6,"kind":"solid","cover":"heavy","move":"impassable"},
	            {"id":"mast","polygon":[[24,13],[25,13],[25,15],[24,15]],"height":12,"kind":"solid","cover":"heavy","move":"impassable"}],
	 "units_on_table":[{"id":"u","side":"blue","type":"trooper","minis":[
	  {"id":"u-1","leader":true,"x":21,"y":14,"z":6,"base":"small","height":1.65},
	  {"id":"u-2","x":19.4685,"y":12,"base":"small","height":1.65},
	  {"id":"u-3","x":22.5,"y":12,"z":6,"base":"small","height":1.65},
	  {"id":"u-4","x":%g,"y":%g,"z":%g,"base":"small","height":1.65}]}]}`
	cases := []struct {
		name    string
		x, y, z float64
		q       VerticalQuery
		out     []string
	}{
		{"below, touching the roof's wall; on the roof, in reach", 22.5, 16, 6, VerticalQuery{Unit: "u", Piece: "roof"}, []string{}},
		{"below but not touching the roof", 18.9, 16, 0, VerticalQuery{Unit: "u", Piece: "roof"}, []string{"u-4"}},
		{"above the level climbed to", 24.5, 15.4, 12, VerticalQuery{Unit: "u", Piece: "roof"}, []string{"u-4"}},
		{"more than height 1 below", 19.4685, 16, -0.5, VerticalQuery{Unit: "u", Piece: "roof"}, []string{"u-4"}},
		{"other levels without a climb", 22.5, 16, 6, VerticalQuery{Unit: "u"}, []string{"u-2"}},
		{"after a Hover: Air 1 move: 6 apart is allowed", 22.5, 16, 6, VerticalQuery{Unit: "u", Ignored: 6}, []string{}},
		{"after a move ignoring 3: 6 apart is not", 22.5, 16, 6, VerticalQuery{Unit: "u", Ignored: 3}, []string{"u-2"}},
		{"farther than the speed-1 tool seen from above", 26, 17.2, 6, VerticalQuery{Unit: "u", Piece: "roof"}, []string{"u-4"}},
	}
	for _, c := range cases {
		w := world(t, fmtDoc(doc, c.x, c.y, c.z))
		got, err := w.VerticalCohesion(c.q)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Out, c.out) || got.OK != (len(c.out) == 0) {
			t.Errorf("%s: out %v, want %v (%v)", c.name, got.Out, c.out, got.Reasons)
		}
	}
}

// TestDisplacementProcedure follows the procedure of Verdrängung (seed 000 L11342–11420): an AT-ST
// (ground vehicle, large base) makes a speed-2 move through a stormtrooper squad. The two troopers
// its base sweeps (the leader among them) are displaced — set aside, the leader's place marked —
// and the move may end where one of them stood; the squad gains 1 suppression. An engaged trooper
// cannot be displaced and stops the walker. The other player puts the minis back: the leader
// within speed 1 of its mark, the other in cohesion with it where it now stands, neither in base
// contact with an enemy, on its level.
func TestDisplacementProcedure(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[
	  {"id":"atst","side":"red","type":"ground","speed":2,"minis":[{"id":"at-1","leader":true,"x":10,"y":18,"base":"large","height":5,"facing":0}]},
	  {"id":"storm","side":"red","type":"trooper","minis":[
	   {"id":"st-1","leader":true,"x":14,"y":18.5,"base":"small","height":1.65},
	   {"id":"st-2","x":16.5,"y":17.5,"base":"small","height":1.65},
	   {"id":"st-3","x":15,"y":21.2,"base":"small","height":1.65}]},
	  {"id":"rebels","side":"blue","type":"trooper","minis":[{"id":"rb-1","leader":true,"x":12,"y":24,"base":"small","height":1.65}]},
	  {"id":"duel","side":"blue","type":"trooper","minis":[{"id":"du-1","leader":true,"x":30,"y":30,"base":"small","height":1.65}]},
	  {"id":"atst2","side":"red","type":"ground","speed":2,"minis":[{"id":"at-2","leader":true,"x":24,"y":30,"base":"large","height":5,"facing":0}]},
	  {"id":"storm2","side":"red","type":"trooper","minis":[{"id":"s2-1","leader":true,"x":28.937,"y":30,"base":"small","height":1.65}]}]}`)
	mv, d, err := w.DisplacingMove(ManeuverQuery{Mini: "at-1", Speed: 2, HasSpeed: true}, ContactFlags{})
	if err != nil {
		t.Fatal(err)
	}
	if !mv.Legal || mv.Blocked || !near4(mv.X, 10+4.92+2.756) {
		t.Fatalf("move: %+v", mv.MoveAnswer)
	}
	if !slices.Equal(d.Minis, []string{"st-1", "st-2"}) || !slices.Equal(d.Units, []string{"storm"}) || d.Marks["st-1"] != (r2.Point{X: 14, Y: 18.5}) {
		t.Fatalf("displaced %v units %v marks %v", d.Minis, d.Units, d.Marks)
	}
	// The engaged trooper s2-1 (in base contact with the enemy du-1) stops atst2.
	mv2, d2, _ := w.DisplacingMove(ManeuverQuery{Mini: "at-2", Speed: 2, HasSpeed: true}, ContactFlags{})
	if mv2.BlockedBy != "s2-1" || len(d2.Minis) != 0 || !slices.Equal(d2.Blocked, []string{"s2-1"}) {
		t.Errorf("engaged trooper: blocked by %q, displaced %v, blocked %v", mv2.BlockedBy, d2.Minis, d2.Blocked)
	}
	// Re-placing on the table after the move.
	after := w.With(map[string]MiniPlace{"at-1": {X: mv.X, Y: mv.Y, Facing: mv.Facing}})
	spot := func(id string, x, y float64, placed map[string]r2.Point) bool {
		a, err := after.ReplaceSpot(d, id, r2.Point{X: x, Y: y}, placed)
		if err != nil {
			t.Fatal(err)
		}
		return a.Legal
	}
	if spot("st-2", 14, 21.5, nil) {
		t.Error("a follower placed before its displaced leader")
	}
	if !spot("st-1", 13, 21.3, nil) {
		t.Error("the leader 1.9 from its mark refused")
	}
	if spot("st-1", 14, 25.5, nil) {
		t.Error("the leader placed beyond speed 1 of its mark")
	}
	if spot("st-1", 12, 22.937, nil) {
		t.Error("the leader placed in base contact with an enemy (rb-1)")
	}
	placed := map[string]r2.Point{"st-1": {X: 13, Y: 21.3}}
	if !spot("st-2", 16, 22.5, placed) {
		t.Error("the follower in cohesion with its re-placed leader refused")
	}
	if spot("st-2", 13.5, 21.5, placed) {
		t.Error("the follower placed on its leader")
	}
	spots, err := after.ReplaceSpots(d, "st-1", nil)
	if err != nil || len(spots) == 0 {
		t.Fatalf("no spots for the leader: %v", err)
	}
	for _, c := range spots {
		if g := geometry.Distance(geometry.Circle(c, 0.5315), geometry.Circle(r2.Point{X: 14, Y: 18.5}, 0.5315)); g > 2.95+1e-6 {
			t.Fatalf("spot %v is %v from the mark", c, g)
		}
	}
}

// TestPivotSweep: a non-round base may not overlap other bases during a pivot unless it displaces
// them, and a ground vehicle's displaces troopers (seed 000 Drehung L5040–5047); a pivot turns at
// most 90°, 360° with Full Pivot (L5020–5021, Volle Drehung L11548–11553). The walker's elongated
// base (a 4" stadium) swings its end past a trooper 2.5" above its centre when it turns 90°.
func TestPivotSweep(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[
	  {"id":"walker","side":"red","type":"ground","minis":[{"id":"wk-1","leader":true,"x":20,"y":18,"base":"large","height":5,"facing":0}]},
	  {"id":"skiff","side":"red","type":"repulsor","keywords":{"fullPivot":true},"minis":[{"id":"sk-1","leader":true,"x":50,"y":18,"base":"large","height":2,"facing":0,"hover":0.5}]},
	  {"id":"squad","side":"blue","type":"trooper","minis":[{"id":"sq-1","leader":true,"x":20,"y":20.5,"base":"small","height":1.65}]},
	  {"id":"mates","side":"blue","type":"trooper","minis":[{"id":"mt-1","leader":true,"x":50,"y":20.5,"base":"small","height":1.65}]},
	  {"id":"beast","side":"blue","type":"creature","minis":[{"id":"bs-1","leader":true,"x":22,"y":15.5,"base":"medium","height":2,"facing":0}]}]}`)
	long := geometry.Stadium(r2.Point{X: 18, Y: 18}, r2.Point{X: 22, Y: 18}, 1)
	pivot := func(mini string, turn float64, foot *geometry.Shape) PivotAnswer {
		a, err := w.PivotBy(PivotQuery{Mini: mini, Turn: turn, Foot: foot}, ContactFlags{})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	if a := pivot("wk-1", 30, &long); !a.Legal || len(a.Swept) != 0 {
		t.Errorf("30°: swept %v", a.Swept)
	}
	if a := pivot("wk-1", 90, &long); !a.Legal || !slices.Equal(a.Displaced, []string{"sq-1"}) {
		t.Errorf("90°: legal %v displaced %v blocked %v", a.Legal, a.Displaced, a.Blocked)
	}
	if a := pivot("wk-1", -90, &long); a.Legal || !slices.Equal(a.Blocked, []string{"bs-1"}) {
		t.Errorf("−90° into the creature: legal %v blocked %v", a.Legal, a.Blocked)
	}
	if a := pivot("wk-1", 120, nil); a.Legal || a.Limit != 90 {
		t.Errorf("120° without Full Pivot: %+v", a)
	}
	if a := pivot("wk-1", 90, nil); !a.Legal || len(a.Swept) != 0 || a.Facing != 90 {
		t.Errorf("the round base sweeps nothing: %+v", a)
	}
	skiffLong := geometry.Stadium(r2.Point{X: 48, Y: 18}, r2.Point{X: 52, Y: 18}, 1)
	if a := pivot("sk-1", 270, &skiffLong); a.Legal || !slices.Equal(a.Blocked, []string{"mt-1"}) || a.Limit != 360 {
		t.Errorf("a repulsor cannot displace by pivoting: %+v", a)
	}
	if a := pivot("sq-1", 10, nil); a.Legal || a.Notched {
		t.Errorf("a trooper pivoted: %+v", a)
	}
}

// fmtDoc is fmt.Sprintf for the table documents of the tests.
var fmtDoc = fmt.Sprintf
