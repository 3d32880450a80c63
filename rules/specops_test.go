package rules

import (
	"fmt"
	"strings"
	"testing"
)

// specopsDoc is a 36×36 specops table (inches, or mm with every length × 25.4) with the given
// terrain, units, tokens and mission.
func specopsDoc(units, terrain, tokens, mission string, mm bool) string {
	u := "in"
	if mm {
		u = "mm"
	}
	w := 36.0
	if mm {
		w *= 25.4
	}
	setup := ""
	if mission != "" {
		setup = fmt.Sprintf(`,"setup":{"phase":"tokens","blue":"blue","red":"red","mission":%q}`, mission)
	}
	return fmt.Sprintf(`{"format":"holotable/1","ruleset":"specops","units":%q,"battlefield":{"width":%g,"depth":%g},"terrain":[%s],"units_on_table":[%s],"tokens":[%s]%s}`,
		u, w, w, terrain, units, tokens, setup)
}

// oneMini is a unit of one mini with a round base of diameter base at (x, y).
func oneMini(id, side, typ string, x, y, base, height float64) string {
	return fmt.Sprintf(`{"id":%q,"side":%q,"type":%q,"speed":2,"minis":[{"id":"%s-1","x":%g,"y":%g,"base":%g,"height":%g,"leader":true}]}`,
		id, side, typ, id, x, y, base, height)
}

// TestSprint: Sprint is a speed-1 move (SO L112–115), the same move the tool makes at speed 1;
// Transmit the Codes' faster sprint is speed 2 (SO L300–301); Legion has no Sprint.
func TestSprint(t *testing.T) {
	w := world(t, specopsDoc(oneMini("a", "red", "trooper", 10, 10, 1, 1.65), "", "", "transmit-the-codes", false))
	for _, c := range []struct {
		faster bool
		speed  int
		cite   string
	}{{false, 1, CiteSprint}, {true, 2, "SO L300–301"}} {
		a, err := w.Sprint(SprintQuery{Mini: "a-1", Heading: 90, Fraction: 1, Faster: c.faster})
		if err != nil {
			t.Fatal(err)
		}
		mv, err := w.Move(MoveQuery{Mini: "a-1", Speed: c.speed, Heading: 90, Fraction: 1})
		if err != nil {
			t.Fatal(err)
		}
		if a.Speed != c.speed || a.Move.X != mv.X || a.Move.Y != mv.Y || a.Reasons[0].Cite != c.cite || !strings.Contains(a.Reasons[0].Text, "no climbing") {
			t.Errorf("faster %v: speed %d end (%v, %v), want speed %d end (%v, %v); %+v", c.faster, a.Speed, a.Move.X, a.Move.Y, c.speed, mv.X, mv.Y, a.Reasons[0])
		}
	}
	noMission := world(t, specopsDoc(oneMini("a", "red", "trooper", 10, 10, 1, 1.65), "", "", "", false))
	if _, err := noMission.Sprint(SprintQuery{Mini: "a-1", Heading: 90, Fraction: 1, Faster: true}); err == nil {
		t.Error("a faster sprint without a mission accepted")
	}
	legion := world(t, layoutDoc("", oneMini("a", "red", "trooper", 10, 10, 1, 1.65)))
	if _, err := legion.Sprint(SprintQuery{Mini: "a-1", Heading: 90, Fraction: 1}); err == nil {
		t.Error("Sprint on a Legion table accepted")
	}
}

// TestInInches: Transmit the Codes' 3" hand-off (SO L308–310) from a 1" base to a 1" token: the
// gap between the outlines 3.00" is in, 3.01" is not; the same table in mm gives the same answers.
func TestInInches(t *testing.T) {
	for _, mm := range []bool{false, true} {
		k := 1.0
		if mm {
			k = 25.4
		}
		for _, c := range []struct {
			tx  float64
			in  bool
			gap float64
		}{{14, true, 3}, {14.01, false, 3.01}, {12, true, 1}} {
			tok := fmt.Sprintf(`{"id":"code","kind":"condition","x":%g,"y":%g,"r":%g}`, c.tx*k, 10*k, 0.5*k)
			w := world(t, specopsDoc(oneMini("a", "red", "trooper", 10*k, 10*k, 1*k, 1.65*k), "", tok, "transmit-the-codes", mm))
			a, err := w.InInches("handoff", "a-1", "code")
			if err != nil {
				t.Fatal(err)
			}
			if a.In != c.in || !cardNear(roundTo4(a.Distance), c.gap) || a.Inches != 3 || a.Reasons[0].Cite == "" {
				t.Errorf("mm %v, token at %g: in %v, %v\"; want %v, %v\"", mm, c.tx, a.In, a.Distance, c.in, c.gap)
			}
		}
	}
	w := world(t, specopsDoc(oneMini("a", "red", "trooper", 10, 10, 1, 1.65), "", `{"id":"code","kind":"condition","x":12,"y":10,"r":0.5}`, "transmit-the-codes", false))
	if _, err := w.InInches("detonate", "a-1", "code"); err == nil {
		t.Error("a distance the mission does not give accepted")
	}
}

func roundTo4(v float64) float64 { return float64(int64(v*1e4+0.5)) / 1e4 }

// TestVehicleAtCentre: Disabled Vehicle's vehicle stands at the centre (18, 18) (SO L332–334).
func TestVehicleAtCentre(t *testing.T) {
	for _, c := range []struct {
		x  float64
		ok bool
	}{{18, true}, {18.5, false}} {
		w := world(t, specopsDoc(oneMini("v", "blue", "ground", c.x, 18, 3, 2.5), "", "", "disabled-vehicle", false))
		ok, rs, err := w.VehicleAtCentre("v-1")
		if err != nil || ok != c.ok || rs[0].Cite != CiteVehicle {
			t.Errorf("vehicle at (%g, 18): %v %+v %v", c.x, ok, rs, err)
		}
	}
}

// TestDetonator: SO L361–368 — 10 white attack dice, one less per full inch between the unit
// leader and the vehicle, in line of sight only. The leader's base is 1" across, the vehicle's 3":
// a leader at (18, y) is 18 − y − 0.5 − 1.5 = 16 − y from the vehicle at (18, 18).
func TestDetonator(t *testing.T) {
	wall := `{"id":"wall","polygon":[[15,12.5],[21,12.5],[21,13],[15,13]],"height":4}`
	for _, c := range []struct {
		name    string
		y       float64
		terrain string
		los     bool
		full    int
		dice    int
	}{
		{"6 inches", 10, "", true, 6, 4},
		{"6.99 inches", 9.01, "", true, 6, 4},
		{"7 inches", 9, "", true, 7, 3},
		{"half an inch", 15.5, "", true, 0, 10},
		{"15 inches: none", 1, "", true, 15, 0},
		{"behind a wall", 10, wall, false, 6, 0},
	} {
		w := world(t, specopsDoc(oneMini("v", "blue", "ground", 18, 18, 3, 2.5)+","+oneMini("r", "red", "trooper", 18, c.y, 1, 1.65), c.terrain, "", "disabled-vehicle", false))
		a, err := w.Detonator("r-1", "v-1")
		if err != nil {
			t.Fatal(err)
		}
		if a.LOS != c.los || a.FullInches != c.full || a.Dice != c.dice || a.Reasons[0].Cite != CiteDetonator {
			t.Errorf("%s: LOS %v, %v\" = %d full inches, %d dice; want %v, %d, %d", c.name, a.LOS, a.Distance, a.FullInches, a.Dice, c.los, c.full, c.dice)
		}
	}
	w := world(t, specopsDoc(oneMini("v", "blue", "ground", 18, 18, 3, 2.5)+","+oneMini("r", "red", "trooper", 18, 10, 1, 1.65), "", "", "transmit-the-codes", false))
	if _, err := w.Detonator("r-1", "v-1"); err == nil {
		t.Error("a detonator in a mission without one accepted")
	}
}

// TestSpecOpsMarkers: a mission's markers go wholly on the table and overlap no other token; where
// is on the mission map, which is not in the seeds, and the reasons say so.
func TestSpecOpsMarkers(t *testing.T) {
	w := world(t, specopsDoc("", "", `{"id":"ambush-1","kind":"ambush","x":10,"y":10,"r":0.5}`, "disabled-vehicle", false))
	for _, c := range []struct {
		x, y float64
		ok   bool
	}{{20, 20, true}, {10.9, 10, false}, {0.4, 20, false}} {
		a, err := w.PlaceToken(TokenQuery{Kind: "ambush", X: c.x, Y: c.y, R: 0.5})
		if err != nil {
			t.Fatal(err)
		}
		if a.OK != c.ok || a.Reasons[0].Cite != CiteSpecOpsMarkers {
			t.Errorf("marker at (%g, %g): %+v", c.x, c.y, a)
		}
	}
}
