package rules

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"testing"

	"github.com/golang/geo/r2"
)

// TestArcsRotateWithFacing (property): turning a notched mini by θ and every target about the
// mini's centre by θ leaves every arc answer unchanged, for the default and for custom arc lines.
// Facings and turns are multiples of 0.5° and the targets' bases keep clear of the arc lines by
// more than rounding (a target within 1e-6 of a line is skipped: on the line either answer is
// right within epsilon).
func TestArcsRotateWithFacing(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	doc := `{"format":"holotable/1","battlefield":{"width":200,"depth":200},
	 "units_on_table":[{"id":"tank","side":"red","type":"ground",%s"minis":[{"id":"tk-1","leader":true,"x":100,"y":100,"base":"large","height":3,"facing":%g}]},
	  {"id":"t","side":"blue","type":"trooper","minis":[{"id":"t-1","leader":true,"x":%g,"y":%g,"base":"small","height":1.65}]}]}`
	for n := 0; n < 400; n++ {
		arcs := ""
		if n%2 == 1 {
			arcs = `"arcs":[20,170,200,300],`
		}
		f := float64(rng.Intn(720)) / 2
		theta := float64(rng.Intn(720)) / 2
		rho, phi := 2+rng.Float64()*40, rng.Float64()*2*math.Pi
		p := r2.Point{X: 100 + rho*math.Cos(phi), Y: 100 + rho*math.Sin(phi)}
		q := r2.Point{X: 100 + rho*math.Cos(phi+theta*math.Pi/180), Y: 100 + rho*math.Sin(phi+theta*math.Pi/180)}
		w1 := world(t, fmt.Sprintf(doc, arcs, f, p.X, p.Y))
		w2 := world(t, fmt.Sprintf(doc, arcs, f+theta, q.X, q.Y))
		m1, _ := w1.Mini("tk-1")
		t1, _ := w1.Mini("t-1")
		near := false
		for _, a := range Arcs {
			c, _ := w1.ArcCone(m1, a)
			d := c.Distance(t1.Foot)
			// Distance to the cone's lines: skip targets whose base edge is within 1e-6 of a line.
			if d > 0 && d < 1e-6 {
				near = true
			}
		}
		if near {
			continue
		}
		for _, a := range Arcs {
			x, err := w1.InArc("tk-1", "t", a)
			if err != nil {
				t.Fatal(err)
			}
			y, _ := w2.InArc("tk-1", "t", a)
			if x.InArc != y.InArc {
				t.Fatalf("case %d: %s arc facing %v with the target at %v: %v; turned by %v: %v", n, a, f, p, x.InArc, theta, y.InArc)
			}
		}
		// A point target in exactly one arc (or on a line, in two): ArcsHolding agrees with InArc.
		holding, _ := w1.ArcsHolding(m1, t1.Foot)
		for _, a := range Arcs {
			x, _ := w1.InArc("tk-1", "t-1", a)
			if x.InArc != slices.Contains(holding, a) {
				t.Fatalf("case %d: ArcsHolding %v, InArc(%s) %v", n, holding, a, x.InArc)
			}
		}
	}
}

// TestArcLinesAndWords: the arc lines in table directions, the closed sets' words.
func TestArcLinesAndWords(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[{"id":"tank","side":"red","type":"ground","arcs":[30,150,210,330],"minis":[{"id":"tk-1","leader":true,"x":30,"y":18,"base":"large","height":3,"facing":-90}]},
	  {"id":"sq","side":"blue","type":"trooper","minis":[{"id":"sq-1","leader":true,"x":10,"y":10,"base":"small","height":1.65}]}]}`)
	m, _ := w.Mini("tk-1")
	lines, err := w.ArcLines(m)
	if err != nil || lines != [4]float64{300, 60, 120, 240} {
		t.Errorf("arc lines %v %v", lines, err)
	}
	sq, _ := w.Mini("sq-1")
	if _, err := w.ArcLines(sq); err == nil {
		t.Error("a trooper has arc lines")
	}
	for i, a := range Arcs {
		b, err := a.MarshalText()
		var back Arc
		if err != nil || back.UnmarshalText(b) != nil || back != a || a.String() != []string{"front", "left", "rear", "right"}[i] {
			t.Errorf("arc %d: %q %v %v", i, b, err, back)
		}
	}
	if _, err := Arc(7).MarshalText(); err == nil || Arc(7).String() != "Arc(7)" {
		t.Error("arc 7 has a word")
	}
	for m := ModeStandard; m <= ModeCompulsory; m++ {
		b, _ := m.MarshalText()
		var back ManeuverMode
		if back.UnmarshalText(b) != nil || back != m {
			t.Errorf("mode %v", m)
		}
	}
	var mode ManeuverMode
	if err := mode.UnmarshalText([]byte("pivot")); err == nil {
		t.Error("pivot is a maneuver mode")
	}
	for _, c := range []ClimbMode{Clamber, Climb} {
		b, _ := c.MarshalText()
		var back ClimbMode
		if back.UnmarshalText(b) != nil || back != c {
			t.Errorf("climb mode %v", c)
		}
	}
	if s, ok := ParseWeakSide("sides"); !ok || s != WeakSides || WeakRear.String() != "rear" {
		t.Error("weak sides")
	}
}

// weaponsDoc: a two-bike unit facing east (fixed front weapons) in a row north–south, an AT-ST
// facing east with Weak Point, rebels, and a bomb token.
const weaponsDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "units_on_table":[
  {"id":"bikes","side":"red","type":"repulsor","speed":3,"minis":[
   {"id":"bk-1","leader":true,"x":10,"y":10,"base":"medium","height":2,"facing":0,"hover":0.5},
   {"id":"bk-2","x":10,"y":26,"base":"medium","height":2,"facing":0,"hover":0.5}]},
  {"id":"rebels","side":"blue","type":"trooper","minis":[
   {"id":"rb-1","leader":true,"x":30,"y":9,"base":"small","height":1.65},
   {"id":"rb-2","x":31,"y":10.2,"base":"small","height":1.65}]},
  {"id":"atst","side":"blue","type":"ground","minis":[{"id":"at-1","leader":true,"x":50,"y":18,"base":"large","height":5,"facing":0}]},
  {"id":"behind","side":"red","type":"trooper","minis":[{"id":"bh-1","leader":true,"x":40,"y":18,"base":"small","height":1.65}]},
  {"id":"beside","side":"red","type":"trooper","minis":[{"id":"bs-1","leader":true,"x":50,"y":30,"base":"small","height":1.65}]},
  {"id":"ahead","side":"red","type":"trooper","minis":[{"id":"ah-1","leader":true,"x":60,"y":18,"base":"small","height":1.65}]}],
 "tokens":[{"id":"bomb","kind":"bomb","x":44,"y":18,"r":0.5}]}`

// TestFixedArc: "kann jede Miniatur des Angreifers die Würfel einer Waffe mit festem Feuerwinkel
// nur dann beisteuern, wenn mindestens eine Miniatur des Verteidigers in ihrem Feuerwinkel ist"
// (seed 000 Fester Feuerwinkel L6024–6027). The rebels stand 20" east of bk-1, in its front arc
// (45° each side of east); bk-2 is 16" north of bk-1 and sees them 40.4° (rb-1) and 37° (rb-2)
// south of east: in its front arc too. Turned to face north, bk-2 has none in its front arc and
// adds no dice; bk-1 still does.
func TestFixedArc(t *testing.T) {
	w := world(t, weaponsDoc)
	a, err := w.FixedArc("bikes", "rebels", ArcFront)
	if err != nil {
		t.Fatal(err)
	}
	if !a.Any || len(a.Minis) != 2 || !a.Minis[0].May || !slices.Equal(a.Minis[0].InArc, []string{"rb-1", "rb-2"}) {
		t.Fatalf("front: %+v", a.Minis)
	}
	// bk-2 at (10, 26): rb-1 at (30, 9) is 17 south over 20 east (40.4° below east): in front;
	// rb-2 at (31, 10.2): 15.8 over 21 (37°): in front.
	if !a.Minis[1].May || len(a.Minis[1].InArc) != 2 {
		t.Errorf("bk-2: %+v", a.Minis[1])
	}
	w2 := w.With(map[string]MiniPlace{"bk-2": {X: 10, Y: 26, Facing: 90}})
	b, _ := w2.FixedArc("bikes", "rebels", ArcFront)
	if !b.Any || !b.Minis[0].May || b.Minis[1].May || len(b.Minis[1].InArc) != 0 {
		t.Errorf("bk-2 facing north: %+v", b.Minis)
	}
	if r, _ := w.FixedArc("bikes", "rebels", ArcRear); r.Any {
		t.Error("the rebels are in the bikes' rear arc")
	}
	if _, err := w.FixedArc("bikes", "rebels", ArcLeft); err == nil {
		t.Error("a Fixed: Left weapon")
	}
	if _, err := w.FixedArc("rebels", "bikes", ArcFront); err == nil {
		t.Error("troopers have fixed arcs")
	}
}

// TestWeakPoint: "falls der Einheitenführer des Angreifers im angegebenen Feuerwinkel des
// Verteidigers ist, erhält der Angriffspool Wucht X" and "gilt der Bomben‑ oder Bedingungsmarker als
// der Einheitenführer des Angreifers" (seed 000 Schwachstelle X L9923–9936). The AT-ST faces east:
// a trooper 10" west is in its rear arc, one 12" north in its left arc, one ahead in neither; the
// bomb token 6" behind it counts as the attacker's leader.
func TestWeakPoint(t *testing.T) {
	w := world(t, weaponsDoc)
	cases := []struct {
		q     WeakPointQuery
		apply bool
		arcs  []Arc
	}{
		{WeakPointQuery{Attacker: "behind", Defender: "atst", Side: WeakRear}, true, []Arc{ArcRear}},
		{WeakPointQuery{Attacker: "beside", Defender: "atst", Side: WeakRear}, false, nil},
		{WeakPointQuery{Attacker: "beside", Defender: "atst", Side: WeakSides}, true, []Arc{ArcLeft}},
		{WeakPointQuery{Attacker: "ahead", Defender: "atst", Side: WeakSides}, false, nil},
		{WeakPointQuery{Attacker: "ahead", Defender: "atst", Side: WeakRear}, false, nil},
		{WeakPointQuery{Token: "bomb", Defender: "atst", Side: WeakRear}, true, []Arc{ArcRear}},
	}
	for _, c := range cases {
		a, err := w.WeakPoint(c.q)
		if err != nil {
			t.Fatal(err)
		}
		if a.Applies != c.apply || !slices.Equal(a.Arcs, c.arcs) {
			t.Errorf("%+v: applies %v arcs %v, want %v %v", c.q, a.Applies, a.Arcs, c.apply, c.arcs)
		}
	}
	for _, q := range []WeakPointQuery{
		{Defender: "atst"}, {Attacker: "behind", Token: "bomb", Defender: "atst"}, {Attacker: "atst", Defender: "rebels"},
		{Token: "behind", Defender: "atst"}, {Attacker: "behind", Defender: "atst", Side: WeakSide(5)},
	} {
		if _, err := w.WeakPoint(q); err == nil {
			t.Errorf("%+v answered", q)
		}
	}
}

// TestArcReasonText: the arc answer's reason names the arc's directions on the table, the facing
// and the lines, and the minis in it (built without fmt, so checked word for word).
func TestArcReasonText(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[{"id":"tank","side":"red","type":"ground","arcs":[30,150,210,330],"minis":[{"id":"tk-1","leader":true,"x":30,"y":18,"base":"large","height":3,"facing":-90.5}]},
	  {"id":"sq","side":"blue","type":"trooper","minis":[{"id":"sq-1","leader":true,"x":30,"y":8,"base":"small","height":1.65},{"id":"sq-2","x":31,"y":8,"base":"small","height":1.65}]}]}`)
	a, err := w.InArc("tk-1", "sq", ArcFront)
	if err != nil {
		t.Fatal(err)
	}
	want := "tk-1's front arc runs from 239.5° to 299.5° (facing 269.5° + its arc lines 30, 150, 210, 330): part of the base of sq-1, sq-2 lies in it"
	if len(a.Reasons) != 1 || a.Reasons[0].Text != want || !slices.Equal(a.Reasons[0].IDs, []string{"tk-1", "sq-1", "sq-2"}) {
		t.Errorf("got  %q %v\nwant %q", a.Reasons[0].Text, a.Reasons[0].IDs, want)
	}
	b, _ := w.InArc("tk-1", "sq-2", ArcRear)
	if want := "tk-1's rear arc runs from 59.5° to 119.5° (facing 269.5° + its arc lines 30, 150, 210, 330): no part of the base of sq-2 lies in it"; b.Reasons[0].Text != want {
		t.Errorf("got  %q\nwant %q", b.Reasons[0].Text, want)
	}
}

// TestAppend4: numbers to 4 decimals without trailing zeros, negative ones, large ones.
func TestAppend4(t *testing.T) {
	for x, want := range map[float64]string{0: "0", 30: "30", 239.5: "239.5", 359.99996: "360", 0.00004: "0", -0.5: "-0.5",
		12.3456789: "12.3457", 100.0001: "100.0001", -720.25: "-720.25", 1e30: "1e+30", 1000: "1000", 12345.5: "12345.5", 7: "7", 45.05: "45.05"} {
		if got := string(append4(nil, x)); got != want {
			t.Errorf("append4(%v) = %q, want %q", x, got, want)
		}
	}
}
