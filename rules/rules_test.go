package rules

import (
	"math"
	"reflect"
	"strconv"
	"testing"
)

// TestBand: hand-computed bands, including both sides of each line (seed 000 L9101–9105).
func TestBand(t *testing.T) {
	cases := []struct {
		d, seg float64
		want   int
	}{
		{0, 6, 1}, {0.5, 6, 1}, {6, 6, 1}, {6 + 1e-7, 6, 1}, {6 + 2e-6, 6, 2}, {5.999999, 6, 1},
		{12, 6, 2}, {12.01, 6, 3}, {30.5, 6, 6}, {36, 6, 6}, {152.4, 152.4, 1}, {152.5, 152.4, 2},
	}
	for _, c := range cases {
		if got := Band(c.d, c.seg, 1e-6); got != c.want {
			t.Errorf("Band(%g, %g) = %d, want %d", c.d, c.seg, got, c.want)
		}
	}
}

const twoSquads = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "terrain":[
  {"id":"rubble","polygon":[[40,10],[44,10],[44,14],[40,14]],"height":0.5,"kind":"area","cover":"light","move":{"trooper":"difficult"}},
  {"id":"ell","polygon":[[20,20],[26,20],[26,21],[21,21],[21,26],[20,26]],"height":3,"kind":"solid","cover":"heavy","move":{"trooper":"impassable","ground":"impassable","repulsor":"impassable"}}],
 "units_on_table":[
  {"id":"pair","side":"red","type":"trooper","minis":[
   {"id":"p-1","leader":true,"x":10,"y":10,"base":"small","height":1.65},
   {"id":"p-2","x":20,"y":10,"base":"small","height":1.65}]},
  {"id":"mid","side":"blue","type":"trooper","minis":[{"id":"m-1","leader":true,"x":15,"y":10,"base":"small","height":1.65}]},
  {"id":"corner","side":"blue","type":"trooper","minis":[
   {"id":"c-1","leader":true,"x":22.5,"y":22.5,"base":"small","height":1.65},
   {"id":"c-2","x":19,"y":22.5,"base":"small","height":1.65},
   {"id":"c-3","x":22.5,"y":19,"base":"small","height":1.65}]},
  {"id":"runner","side":"red","type":"trooper","minis":[{"id":"r-1","leader":true,"x":38,"y":12,"base":"small","height":1.65}]}]}`

// TestWithinTwoOrigins: "within" is measured from the nearest of the origin unit's minis. A
// huge base (r 1.9685) stands midway between two small ones 12 apart: its far side is
// 6 + 1.9685 − 0.5315 = 7.437 from either outline alone (not within 1 of either), but each of its
// points is within 6 of the nearer one: the worst points, on the bisector at y = 10 ± 1.9685, are
// hypot(6, 1.9685) − 0.5315 = 5.783 away.
func TestWithinTwoOrigins(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[
	  {"id":"pair","side":"red","type":"trooper","minis":[
	   {"id":"p-1","leader":true,"x":10,"y":10,"base":"small","height":1.65},
	   {"id":"p-2","x":22,"y":10,"base":"small","height":1.65}]},
	  {"id":"solo","side":"red","type":"trooper","minis":[{"id":"s-1","leader":true,"x":10,"y":10.0001,"base":"small","height":1.65,"z":3}]},
	  {"id":"big","side":"blue","type":"ground","minis":[{"id":"b-1","leader":true,"x":16,"y":10,"base":"huge","height":3}]}]}`)
	cases := []struct {
		from, to string
		band     int
		want     bool
	}{
		{"pair", "big", 1, true},
		{"solo", "big", 1, false}, // 6 + 1.9685 − 0.5315 = 7.437 > 6
		{"solo", "big", 2, true},
		// From the huge base to the pair: p-1's far side is 6 + 0.5315 − 1.9685 = 4.563 away.
		{"big", "pair", 1, true},
	}
	for _, c := range cases {
		got, err := w.Within(c.from, c.to, c.band)
		if err != nil {
			t.Fatal(err)
		}
		if got.Within != c.want {
			t.Errorf("within(%s → %s, %d) = %v, want %v", c.from, c.to, c.band, got.Within, c.want)
		}
	}
}

// TestMoveHandCases: tool geometry (r + L/2, then L/2 + r), stopping at impassable terrain, and
// difficult terrain lowering max speed.
func TestMoveHandCases(t *testing.T) {
	w := world(t, twoSquads)
	r := 1.063 / 2
	cases := []struct {
		q        MoveQuery
		x, y     float64
		by       string
		maxSpeed int
		legal    bool
	}{
		// Straight east at speed 1: 2.95 + 1.063 = 4.013; passes through m-1 (a trooper) but ends
		// on it? m-1 is at x 15, end at 14.013: centres 0.987 apart < 1.063 → overlap, not legal.
		{MoveQuery{Mini: "p-1", Speed: 1, Heading: 0, Fraction: 1}, 14.013, 10, "", 2, false},
		// North at speed 2: 4.92 + 1.063 = 5.983.
		{MoveQuery{Mini: "p-1", Speed: 2, Heading: 90, Fraction: 1}, 10, 15.983, "", 2, true},
		// c-1 inside the L heading west at y 22.5: stops with its edge on x = 21 → 21 + r.
		{MoveQuery{Mini: "c-1", Speed: 1, Heading: 180, Fraction: 1}, 21 + r, 22.5, "ell", 2, true},
		// r-1 east into the rubble (difficult for troopers): max speed 1, speed 2 not legal.
		{MoveQuery{Mini: "r-1", Speed: 2, Heading: 0, Fraction: 1}, 43.983, 12, "", 1, false},
		// Half a speed-2 move north stops at the joint: r + L/2 = 0.5315 + 2.46.
		{MoveQuery{Mini: "r-1", Speed: 2, Heading: 90, Fraction: 0.5}, 38, 12 + r + 2.46, "", 2, true},
	}
	for _, c := range cases {
		got, err := w.Move(c.q)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got.X-c.x) > 1e-9 || math.Abs(got.Y-c.y) > 1e-9 || got.BlockedBy != c.by || got.MaxSpeed != c.maxSpeed || got.Legal != c.legal {
			t.Errorf("%+v: got (%.6f, %.6f) by %q max %d legal %v; want (%.6f, %.6f) %q %d %v",
				c.q, got.X, got.Y, got.BlockedBy, got.MaxSpeed, got.Legal, c.x, c.y, c.by, c.maxSpeed, c.legal)
		}
	}
	for _, bad := range []MoveQuery{
		{Mini: "p-2", Speed: 1, Fraction: 1},                      // not a leader
		{Mini: "p-1", Speed: 4, Fraction: 1},                      // speed outside 1–3
		{Mini: "p-1", Speed: 1, Bend: 91, Fraction: 1},            // bend beyond the tool
		{Mini: "p-1", Speed: 1, Fraction: 1.5},                    // fraction outside 0–1
		{Mini: "nobody", Speed: 1, Fraction: 1},                   // no such mini
		{Mini: "p-1", Speed: 1, Heading: math.NaN(), Fraction: 1}, // not an angle
	} {
		if _, err := w.Move(bad); err == nil {
			t.Errorf("%+v: want an error", bad)
		}
	}
	// Any finite heading is an angle: 1e308° (which answered x null once, issue 18) is
	// 1e308 mod 360 and ends on the table.
	got, err := w.Move(MoveQuery{Mini: "p-1", Speed: 1, Heading: 1e308, Fraction: 1})
	bf := w.File.Battlefield
	if err != nil || !(got.X >= 0 && got.X <= bf.Width && got.Y >= 0 && got.Y <= bf.Depth) {
		t.Errorf("heading 1e308: %+v, %v", got, err)
	}
}

// TestCohesionAroundCorner: c-1 stands inside the L's corner; c-2 and c-3 are outside its two
// arms, 2.437 from c-1 edge to edge, but the arms are impassable: reaching them needs a path
// round an arm end (at 26 or 26 along the other arm), far longer than 4.013. A mini that only a
// bent path reaches is in cohesion (see TestCohesionBentPath).
func TestCohesionAroundCorner(t *testing.T) {
	w := world(t, twoSquads)
	got, err := w.Cohesion("corner")
	if err != nil {
		t.Fatal(err)
	}
	if got.OK || !reflect.DeepEqual(got.Out, []string{"c-2", "c-3"}) {
		t.Errorf("cohesion %+v, want out [c-2 c-3]", got)
	}
}

// TestCohesionBentPath: a wall (x from 8 to wallEnd, y 12–12.3) stands between the leader at
// (10, 10) and a mini at (10, 13.4), 2.337 apart edge to edge. With the wall ending at x 10 the
// straight path is blocked (the base is 0.5315 wide) but a bent tool goes round the wall's end:
// in cohesion. With the wall ending at 11 no path of length ≤ 4.013 goes round: out.
func TestCohesionBentPath(t *testing.T) {
	doc := func(wallEnd float64) string {
		return `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
		 "terrain":[{"id":"wall","polygon":[[8,12],[` + ftoa(wallEnd) + `,12],[` + ftoa(wallEnd) + `,12.3],[8,12.3]],"height":3,"kind":"solid","cover":"heavy","move":{"trooper":"impassable"}}],
		 "units_on_table":[{"id":"u","side":"red","type":"trooper","minis":[
		  {"id":"l","leader":true,"x":10,"y":10,"base":"small","height":1.65},
		  {"id":"m","x":10,"y":13.4,"base":"small","height":1.65}]}]}`
	}
	w := world(t, doc(10))
	if mv, _ := w.Move(MoveQuery{Mini: "l", Speed: 1, Heading: 90, Fraction: 3.4 / 4.013}); mv.BlockedBy != "wall" {
		t.Fatalf("the straight path should be blocked by the wall: %+v", mv)
	}
	if got, _ := w.Cohesion("u"); !got.OK {
		t.Errorf("wall ending at 10: %+v, want in cohesion (a bent path goes round)", got)
	}
	if got, _ := world(t, doc(11)).Cohesion("u"); got.OK {
		t.Errorf("wall ending at 11: %+v, want out of cohesion", got)
	}
}

func ftoa(x float64) string {
	b, _ := jsonNumber(x)
	return b
}

// TestSpecOpsDifficultIsOpen: under Spezialeinsätze difficult terrain counts as open.
func TestSpecOpsDifficultIsOpen(t *testing.T) {
	for _, ruleset := range []string{"legion", "specops"} {
		w := world(t, `{"format":"holotable/1","ruleset":"`+ruleset+`","battlefield":{"width":36,"depth":36},
		 "terrain":[{"id":"rubble","polygon":[[14,8],[17,8],[17,12],[14,12]],"height":0.5,"kind":"area","cover":"none","move":{"trooper":"difficult"}}],
		 "units_on_table":[{"id":"u","side":"red","type":"trooper","minis":[{"id":"l","leader":true,"x":10,"y":10,"base":"small","height":1.65}]}]}`)
		got, err := w.Move(MoveQuery{Mini: "l", Speed: 2, Fraction: 1})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{"legion": 1, "specops": 2}[ruleset]
		if got.MaxSpeed != want {
			t.Errorf("%s: max speed %d, want %d", ruleset, got.MaxSpeed, want)
		}
	}
}

// TestRepulsorTargetStand: a repulsor's transparent stand is not part of it. A wall hides its
// base disc and stand but not its raised body; another hides the body only up to 1.0 while the
// body starts at 1.5 — sight passes between the base and the body, under the wall's top? No:
// the wall is solid from 0 to 1.2, so the base (0–0.118) is hidden and the body (1.5–2.8) seen.
func TestRepulsorTargetStand(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "terrain":[{"id":"wall","polygon":[[19,14],[19.5,14],[19.5,22],[19,22]],"height":1.2,"kind":"solid","cover":"heavy"}],
	 "units_on_table":[
	  {"id":"a","side":"red","type":"trooper","minis":[{"id":"a-1","leader":true,"x":10,"y":18,"base":"small","height":1.65}]},
	  {"id":"sp","side":"blue","type":"repulsor","minis":[{"id":"sp-1","leader":true,"x":21.5,"y":18,"base":"large","height":2.8,"hover":1.5}]}]}`)
	got, err := w.LOS("a-1", "sp-1")
	if err != nil {
		t.Fatal(err)
	}
	if !got.LOS || !reflect.DeepEqual(got.BlockedBy, []string{"wall"}) {
		t.Errorf("LOS %+v, want seen, part hidden by the wall", got)
	}
}

// TestContactHeights: base contact across a step lower than a base's thickness.
func TestContactHeights(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[{"id":"u","side":"red","type":"trooper","minis":[
	  {"id":"a","leader":true,"x":10,"y":10,"base":"small","height":1.65},
	  {"id":"b","x":11.063,"y":10,"base":"small","height":1.65,"z":0.117},
	  {"id":"c","x":10,"y":11.063,"base":"small","height":1.65,"z":0.119}]}]}`)
	for _, c := range []struct {
		a, b string
		want bool
	}{{"a", "b", true}, {"a", "c", false}} {
		got, err := w.Contact(c.a, c.b)
		if err != nil {
			t.Fatal(err)
		}
		if got.Contact != c.want || got.Gap > 1e-9 {
			t.Errorf("contact(%s, %s) = %+v, want %v with gap 0", c.a, c.b, got, c.want)
		}
	}
}

// TestErrors: queries naming the wrong kind of thing answer with a sentence.
func TestErrors(t *testing.T) {
	w := world(t, twoSquads)
	if _, err := w.Range("p-1", "mid", true); err == nil {
		t.Error("range from a mini: want an error")
	}
	if _, err := w.LOS("pair", "m-1"); err == nil {
		t.Error("LOS from a unit: want an error")
	}
	if _, err := w.Distance("pair", "ell"); err == nil {
		t.Error("distance from a unit: want an error")
	}
	if _, err := w.Cohesion("ghost"); err == nil {
		t.Error("cohesion of nothing: want an error")
	}
}

func jsonNumber(x float64) (string, error) {
	return strconv.FormatFloat(x, 'f', -1, 64), nil
}

// TestVisibleMinisAgreesWithLOS: the unit-culled per-mini answers equal LOS one pair at a time.
func TestVisibleMinisAgreesWithLOS(t *testing.T) {
	w := benchWorld(t)
	for _, a := range w.Units {
		if a.Side != "red" {
			continue
		}
		for _, d := range w.Units {
			if d.Side != "blue" {
				continue
			}
			got, err := w.VisibleMinis(a.Leader.ID, d.ID)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, m := range d.Minis {
				if l, _ := w.LOS(a.Leader.ID, m.ID); l.LOS {
					want = append(want, m.ID)
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s → %s: VisibleMinis %v, LOS %v", a.ID, d.ID, got, want)
			}
		}
	}
}

// TestMoveOwnUnitCounts: the spec's move rule says the end may not overlap "any other base" and
// lists no exception for the mover's own unit (it makes one only for the cohesion test), so a
// leader ending on its own trooper is not legal, and a creature unit-mate stops it.
func TestMoveOwnUnitCounts(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[
	  {"id":"sq","side":"red","type":"trooper","minis":[
	   {"id":"l","leader":true,"x":10,"y":10,"base":"small","height":1.65},
	   {"id":"f","x":14.013,"y":10,"base":"small","height":1.65}]},
	  {"id":"beasts","side":"red","type":"creature","minis":[
	   {"id":"b1","leader":true,"x":10,"y":20,"base":"medium","height":2.2},
	   {"id":"b2","x":14,"y":20,"base":"medium","height":2.2}]}]}`)
	got, err := w.Move(MoveQuery{Mini: "l", Speed: 1, Fraction: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got.Legal || !reflect.DeepEqual(got.EndClash, []string{"f"}) || got.Blocked {
		t.Errorf("leader onto its own trooper: %+v", got)
	}
	// The creature b1 (r 0.9845) runs into b2 (centres 4 apart): it stops at 4 − 1.969 = 2.031.
	got, _ = w.Move(MoveQuery{Mini: "b1", Speed: 1, Fraction: 1})
	if got.BlockedBy != "b2" || math.Abs(got.X-(14-1.969)) > 1e-9 {
		t.Errorf("creature into its unit-mate: %+v", got)
	}
}
