package rules

import (
	"fmt"
	"strings"
	"testing"
)

// scoreDoc: Battle Lines (blue south: blue's zone y 0–6, red's y 30–36), three objective tokens
// (radius 0.75) as Intercept the Transmissions puts them, a hill carrying a fourth. Blue: b1 at
// (36, 22), 2.7185 from obj-c; b2 at (18, 25), 5.7185 from obj-l; bx, a ground vehicle, at (54, 20);
// b4 at (10, 33), wholly in red's zone; b5 at (29.4685, 12) touching the hill. Red: r1 at (36, 14)
// and r2 at (40, 18), both 2.7185 from obj-c; r3 at (20, 3) in blue's zone. %s is the objective row.
const scoreDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "terrain":[{"id":"hill","polygon":[[30,10],[34,10],[34,14],[30,14]],"height":1,"kind":"solid","cover":"light"}],
 "units_on_table":[
  {"id":"b1","side":"Rebels","type":"trooper","minis":[{"id":"b1-1","leader":true,"x":36,"y":22,"base":"small","height":1.65}]},
  {"id":"b2","side":"Rebels","type":"trooper","minis":[{"id":"b2-1","leader":true,"x":18,"y":25,"base":"small","height":1.65}]},
  {"id":"bx","side":"Rebels","type":"ground","minis":[{"id":"bx-1","leader":true,"x":54,"y":20,"base":"large","height":3}]},
  {"id":"b4","side":"Rebels","type":"trooper","minis":[{"id":"b4-1","leader":true,"x":10,"y":33,"base":"small","height":1.65}]},
  {"id":"b5","side":"Rebels","type":"trooper","minis":[{"id":"b5-1","leader":true,"x":29.4685,"y":12,"base":"small","height":1.65}]},
  {"id":"r1","side":"Empire","type":"trooper","minis":[{"id":"r1-1","leader":true,"x":36,"y":14,"base":"small","height":1.65}]},
  {"id":"r2","side":"Empire","type":"trooper","minis":[{"id":"r2-1","leader":true,"x":40,"y":18,"base":"small","height":1.65}]},
  {"id":"r3","side":"Empire","type":"trooper","minis":[{"id":"r3-1","leader":true,"x":20,"y":3,"base":"small","height":1.65}]}],
 "tokens":[
  {"id":"obj-c","kind":"objective","x":36,"y":18,"r":0.75},{"id":"obj-l","kind":"objective","x":18,"y":18,"r":0.75},
  {"id":"obj-r","kind":"objective","x":54,"y":18,"r":0.75},{"id":"obj-h","kind":"objective","x":32,"y":12,"r":0.75}],
 "setup":{"blue":"Rebels","red":"Empire","blueEdge":"south","phase":"done",
  "draft":{"objectives":[%s],"deployments":["battle-lines","disarray","the-long-march"],
   "conditions":["clear-conditions","limited-visibility","supply-drop"],
   "steps":[{"action":"pass"},{"action":"pass"},{"action":"pass"},{"action":"pass"}]}},
 "game":{"round":%d,"rounds":6,"phase":"end","sides":{"blue":{"side":"Rebels"},"red":{"side":"Empire"}},
  "units":[%s],"claimed":{"obj-c":"b1","obj-l":"r3"}}}`

func scoreWorld(t *testing.T, objective string, round int) *World {
	rows := map[string]string{
		"intercept-the-transmissions": `"intercept-the-transmissions","breakthrough","key-positions"`,
		"breakthrough":                `"breakthrough","key-positions","recover-the-supplies"`,
		"key-positions":               `"key-positions","breakthrough","recover-the-supplies"`,
		"recover-the-supplies":        `"recover-the-supplies","breakthrough","key-positions"`,
	}
	var recs []string
	for _, id := range []string{"b1", "b2", "bx", "b4", "b5"} {
		recs = append(recs, fmt.Sprintf(`{"unit":%q,"colour":"blue","rank":"corps","points":40}`, id))
	}
	for _, id := range []string{"r1", "r2", "r3"} {
		recs = append(recs, fmt.Sprintf(`{"unit":%q,"colour":"red","rank":"corps","points":40}`, id))
	}
	return world(t, fmt.Sprintf(scoreDoc, rows[objective], round, strings.Join(recs, ",")))
}

// Each objective card's end-phase victory points, counted by hand from scoreDoc.
func TestScoreRound(t *testing.T) {
	for _, tc := range []struct {
		objective string
		round     int
		vp        [2]int
		lines     string
	}{
		// obj-c: blue b1 against red r1, r2 → red; obj-l: b2 → blue; obj-r: only the vehicle → nobody;
		// obj-h: b5 (2.4685 − 0.5315 − 0.75 = 1.187 away) against r1 (√20 − 1.2815 = 3.19) → a tie, nobody.
		{"intercept-the-transmissions", 2, [2]int{1, 1}, "red:1:obj-c blue:1:obj-l"},
		{"intercept-the-transmissions", 3, [2]int{0, 0}, ""},
		{"intercept-the-transmissions", 6, [2]int{2, 2}, "red:2:obj-c blue:2:obj-l"},
		// b4 wholly in red's zone, r3 wholly in blue's: one each, at the end of the game only.
		{"breakthrough", 5, [2]int{0, 0}, ""},
		{"breakthrough", 6, [2]int{1, 1}, "blue:1:b4 red:1:r3"},
		// The hill carries obj-h; b5 touches it, no red leader does.
		{"key-positions", 6, [2]int{1, 0}, "blue:1:hill"},
		// obj-c claimed by b1 (blue), obj-l by r3 (red).
		{"recover-the-supplies", 6, [2]int{1, 1}, "blue:1:obj-c red:1:obj-l"},
	} {
		t.Run(fmt.Sprintf("%s round %d", tc.objective, tc.round), func(t *testing.T) {
			a, err := scoreWorld(t, tc.objective, tc.round).ScoreRound()
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, l := range a.Lines {
				lines = append(lines, fmt.Sprintf("%s:%d:%s", l.Colour, l.VP, l.What))
				if len(l.Reasons) == 0 || l.Reasons[0].Cite == "" {
					t.Fatalf("line without a reason: %+v", l)
				}
			}
			if a.VP != tc.vp || strings.Join(lines, " ") != tc.lines {
				t.Fatalf("VP %v lines %q, want %v %q\n%v", a.VP, lines, tc.vp, tc.lines, a.Reasons)
			}
		})
	}
}

// Shifting Priorities (SO L383–414): control by unit leaders wholly within 3" of a marker, 1 VP
// each and 1 more for the primary. Markers (radius 0.75) at x 9, 18, 27 on y 18. Blue's leader at
// (18, 20): 2 + 0.5315 = 2.5315 ≤ 3.75 — within. Red's at (27, 21.2): 3.7315 ≤ 3.75 — within; at
// (27, 21.3) it would be 3.8315 — not.
func TestScoreShiftingPriorities(t *testing.T) {
	doc := `{"format":"holotable/1","ruleset":"specops","battlefield":{"width":36,"depth":36},
	 "units_on_table":[
	  {"id":"b","side":"Rebels","type":"trooper","minis":[{"id":"b-1","leader":true,"x":18,"y":20,"base":"small","height":1.65}]},
	  {"id":"r","side":"Empire","type":"trooper","minis":[{"id":"r-1","leader":true,"x":27,"y":%g,"base":"small","height":1.65}]}],
	 "tokens":[{"id":"m1","kind":"objective","x":9,"y":18,"r":0.75},{"id":"m2","kind":"objective","x":18,"y":18,"r":0.75},{"id":"m3","kind":"objective","x":27,"y":18,"r":0.75}],
	 "setup":{"blue":"Rebels","red":"Empire","blueEdge":"%s","mission":"shifting-priorities","phase":"done"},
	 "game":{"round":2,"rounds":4,"phase":"%s","primary":"%s","sides":{"blue":{"side":"Rebels"},"red":{"side":"Empire"}},
	  "units":[{"unit":"b","colour":"blue","rank":"corps"},{"unit":"r","colour":"red","rank":"corps"}]}}`
	for _, tc := range []struct {
		y             float64
		edge, primary string
		vp            [2]int
	}{
		{21.2, "south", "middle", [2]int{2, 1}}, // blue holds the middle marker, the primary
		{21.2, "south", "right", [2]int{1, 2}},  // red holds the right one
		{21.2, "north", "right", [2]int{1, 1}},  // seen from the north the right marker is m1: nobody's
		{21.3, "south", "", [2]int{1, 0}},       // red's leader is not wholly within 3"
	} {
		w := world(t, fmt.Sprintf(doc, tc.y, tc.edge, "end", tc.primary))
		a, err := w.ScoreRound()
		if err != nil || a.VP != tc.vp {
			t.Fatalf("%+v: VP %v %v\n%v", tc, a.VP, err, a.Lines)
		}
	}
	// The primary roll: from round 2, the black die's face picks the marker (crit: right).
	ok := stepper(t)
	w := world(t, fmt.Sprintf(doc, 21.2, "south", "command", ""))
	w = ok(w.SetPrimary("critical"))
	if w.File.Game.Primary != "right" {
		t.Fatalf("primary %q", w.File.Game.Primary)
	}
	w = ok(w.SetPrimary("blank"))
	if w.File.Game.Primary != "" {
		t.Fatalf("primary %q", w.File.Game.Primary)
	}
}
