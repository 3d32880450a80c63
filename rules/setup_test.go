package rules

import (
	"fmt"
	"strings"
	"testing"

	"holotable/table"
)

// setupDoc is a 72×36 legion table with terrain, units and a setup object (JSON fragments).
func setupDoc(terrain, units, setup string) string {
	return `{"format":"holotable/1","battlefield":{"width":72,"depth":36},"terrain":[` + terrain +
		`],"units_on_table":[` + units + `],"setup":` + setup + `}`
}

// sideUnit is a unit of side with round 1" bases at the given centres (the first is the leader).
func sideUnit(id, side string, xy ...[2]float64) string {
	var ms []string
	for i, p := range xy {
		ms = append(ms, fmt.Sprintf(`{"id":"%s-%d","x":%g,"y":%g,"base":1,"height":1.65,"leader":%v}`, id, i+1, p[0], p[1], i == 0))
	}
	return fmt.Sprintf(`{"id":%q,"side":%q,"type":"trooper","speed":2,"minis":[%s]}`, id, side, strings.Join(ms, ","))
}

// The draft of docs/format-setup.md's example: after four turns breakthrough, the-long-march and
// limited-visibility are the left-most cards left.
const exampleDraft = `{"objectives":["recover-the-supplies","breakthrough","key-positions"],
 "deployments":["battle-lines","the-long-march","disarray"],
 "conditions":["clear-conditions","limited-visibility","supply-drop"],
 "steps":[{"action":"eliminate","row":"deployment"},{"action":"eliminate","row":"condition"},{"action":"pass"},{"action":"eliminate","row":"objective"}]}`

// battleLinesDraft leaves battle-lines (blue y ≤ 6, red y ≥ 30 with blue's edge south),
// breakthrough and limited-visibility.
const battleLinesDraft = `{"objectives":["recover-the-supplies","breakthrough","key-positions"],
 "deployments":["battle-lines","the-long-march","disarray"],
 "conditions":["clear-conditions","limited-visibility","supply-drop"],
 "steps":[{"action":"eliminate","row":"objective"},{"action":"eliminate","row":"condition"},{"action":"pass"},{"action":"pass"}]}`

// TestReplayDraftExample: the example of docs/format-setup.md replays to the cards it names, and
// the draft is done after 2 opportunities each (RRG 2.0 L849–857).
func TestReplayDraftExample(t *testing.T) {
	w := world(t, setupDoc("", sideUnit("r", "Rebels", [2]float64{10, 3})+","+sideUnit("e", "Empire", [2]float64{10, 33}),
		`{"blue":"Rebels","red":"Empire","blueEdge":"south","phase":"tokens","draft":`+exampleDraft+`}`))
	d, err := ReplayDraft(w.File.Setup)
	if err != nil {
		t.Fatal(err)
	}
	if c := d.Chosen(); !d.Done() || c != [3]string{"breakthrough", "the-long-march", "limited-visibility"} {
		t.Fatalf("done %v, chosen %v", d.Done(), c)
	}
	sc, err := w.SetupCards()
	if err != nil {
		t.Fatal(err)
	}
	// The Long March with blue's edge south: blue x ≥ 54, red x ≤ 18 (cards_test).
	if !sc.Final || sc.Deployment.ID != "the-long-march" || len(sc.Zones) != 2 {
		t.Fatalf("cards %+v", sc)
	}
	if err := CheckSetup(w.File); err != nil {
		t.Errorf("the example is consistent, CheckSetup says %v", err)
	}
}

// TestCheckSetupFaults: each inconsistency is one fault naming its field.
func TestCheckSetupFaults(t *testing.T) {
	units := sideUnit("r", "Rebels", [2]float64{10, 3}) + "," + sideUnit("e", "Empire", [2]float64{10, 33}) + "," +
		sideUnit("x", "Mandalorians", [2]float64{40, 18})
	terrain := square("a", 10, 10, 14, 14) + "," + square("b", 40, 10, 44, 14)
	for _, c := range []struct{ name, ruleset, setup, field, fault string }{
		{"a mission in legion", "legion", `{"phase":"draft","mission":"disabled-vehicle"}`,
			"setup.mission", "only a specops game has a mission"},
		{"battle cards in specops", "specops", `{"phase":"draft","draft":` + exampleDraft + `}`,
			"setup.draft", "a specops game uses no battle cards"},
		{"an unknown mission", "specops", `{"phase":"draft","mission":"nope"}`,
			"setup.mission", `no mission "nope"`},
		{"two cards in a row", "legion", `{"phase":"draft","draft":{"objectives":["breakthrough","key-positions"],"deployments":["battle-lines","the-long-march","disarray"],"conditions":["clear-conditions","limited-visibility","supply-drop"]}}`,
			"setup.draft.objectives", "has 2 cards"},
		{"a card in the wrong row", "legion", `{"phase":"draft","draft":{"objectives":["battle-lines","breakthrough","key-positions"],"deployments":["recover-the-supplies","the-long-march","disarray"],"conditions":["clear-conditions","limited-visibility","supply-drop"]}}`,
			"setup.draft.objectives[0]", `"battle-lines" is a deployment card, not a objective card`},
		{"the last card of a row", "legion", `{"phase":"draft","draft":{"objectives":["recover-the-supplies","breakthrough","key-positions"],"deployments":["battle-lines","the-long-march","disarray"],"conditions":["clear-conditions","limited-visibility","supply-drop"],
			"steps":[{"action":"eliminate","row":"objective"},{"action":"eliminate","row":"objective"},{"action":"eliminate","row":"objective"}]}}`,
			"setup.draft.steps[2].row", "the objective row's last card key-positions cannot be discarded"},
		{"a fifth turn", "legion", `{"phase":"draft","draft":{"objectives":["recover-the-supplies","breakthrough","key-positions"],"deployments":["battle-lines","the-long-march","disarray"],"conditions":["clear-conditions","limited-visibility","supply-drop"],
			"steps":[{"action":"pass"},{"action":"pass"},{"action":"pass"},{"action":"pass"},{"action":"pass"}]}}`,
			"setup.draft.steps[4]", "the draft is over"},
		{"the same colour twice", "legion", `{"phase":"terrain","terrainTurns":[{"colour":"red","piece":"a"},{"colour":"red","piece":"b"}]}`,
			"setup.terrainTurns[1].colour", "red placed the previous piece too"},
		{"an unknown piece", "legion", `{"phase":"terrain","terrainTurns":[{"colour":"red","piece":"zz"}]}`,
			"setup.terrainTurns[0].piece", `no terrain piece "zz"`},
		{"a piece twice", "legion", `{"phase":"terrain","terrainTurns":[{"colour":"red","piece":"a"},{"colour":"blue","piece":"a"}]}`,
			"setup.terrainTurns[1].piece", `"a" was already placed at setup.terrainTurns[0]`},
		{"deployed before the colours", "legion", `{"phase":"deploy","deployed":["r"]}`,
			"setup.deployed[0]", "units are deployed before blue and red are chosen"},
		{"a third side deployed", "legion", `{"phase":"deploy","blue":"Rebels","red":"Empire","deployed":["x"]}`,
			"setup.deployed[0]", `unit "x" is on side "Mandalorians"`},
	} {
		doc := strings.Replace(setupDoc(terrain, units, c.setup), `"battlefield"`, fmt.Sprintf(`"ruleset":%q,"battlefield"`, c.ruleset), 1)
		w := world(t, doc)
		err := CheckSetup(w.File)
		if err == nil || !strings.HasPrefix(err.Error(), c.field+": ") || !strings.Contains(err.Error(), c.fault) {
			t.Errorf("%s: %v; want %s: …%s…", c.name, err, c.field, c.fault)
		}
	}
}

// TestTerrainTurn: competitive terrain placement (RRG 2.0 L1711–1717): the players alternate; a
// piece beyond range 1 (more than 6") of every other is legal, one within range 1 but touching
// none only as the fallback, one touching another never.
func TestTerrainTurn(t *testing.T) {
	a := square("a", 10, 10, 14, 14)
	for _, c := range []struct {
		name, other, turns string
		colour             table.Colour
		ok, fallback       bool
		rules              string // the reasons' rules, in order
	}{
		// b 26" right of a: beyond range 1; red placed a, so it is blue's turn.
		{"beyond range 1", square("b", 40, 10, 44, 14), `[{"colour":"red","piece":"a"}]`, table.Blue, true, false, "terrain.turn,placement.beyond"},
		{"out of turn", square("b", 40, 10, 44, 14), `[{"colour":"red","piece":"a"}]`, table.Red, false, false, "terrain.turn,placement.beyond"},
		{"the first piece", square("b", 40, 10, 44, 14), `[]`, table.Red, true, false, "terrain.turn,placement.beyond"},
		// b exactly 6" from a: within range 1 (beyond needs more than 6), touching nothing.
		{"within range 1", square("b", 20, 10, 22, 14), `[{"colour":"red","piece":"a"}]`, table.Blue, false, true, "terrain.turn,placement.within"},
		// b shares a's edge x = 14: touching.
		{"touching", square("b", 14, 10, 16, 12), `[{"colour":"red","piece":"a"}]`, table.Blue, false, false, "terrain.turn,placement.touching"},
	} {
		w := world(t, setupDoc(a+","+c.other, "", `{"phase":"terrain","terrainTurns":`+c.turns+`}`))
		got, err := w.TerrainTurn(c.colour, "b")
		if err != nil {
			t.Fatal(err)
		}
		var rs []string
		for _, r := range got.Reasons {
			rs = append(rs, string(r.Rule))
			if r.Cite == "" {
				t.Errorf("%s: reason %s has no citation", c.name, r.Rule)
			}
		}
		if got.OK != c.ok || got.Fallback != c.fallback || strings.Join(rs, ",") != c.rules {
			t.Errorf("%s: ok %v fallback %v reasons %v; want ok %v fallback %v (%+v)", c.name, got.OK, got.Fallback, rs, c.ok, c.fallback, got.Reasons)
		}
		if got.Reasons[0].Cite != CiteTerrainTurns {
			t.Errorf("%s: turn reason cites %q", c.name, got.Reasons[0].Cite)
		}
	}
	w := world(t, setupDoc(a, "", `{"phase":"terrain"}`))
	if _, err := w.TerrainTurn(table.NoColour, "a"); err == nil {
		t.Error("colour green accepted")
	}
	if _, err := w.TerrainTurn(table.Blue, "zz"); err == nil {
		t.Error("unknown piece accepted")
	}
}

// TestPlaceConditionToken: with Limited Visibility chosen, a condition token (radius 0.5) goes
// wholly on the battlefield, under no terrain and overlapping no objective token
// (RRG 2.0 L3349–3350, L3360–3361).
func TestPlaceConditionToken(t *testing.T) {
	doc := setupDoc(square("wall", 30, 10, 34, 14), sideUnit("r", "Rebels", [2]float64{10, 3})+","+sideUnit("e", "Empire", [2]float64{10, 33}),
		`{"blue":"Rebels","red":"Empire","blueEdge":"south","phase":"tokens","draft":`+exampleDraft+`}`)
	doc = strings.Replace(doc, `"setup":`, `"tokens":[{"id":"obj-1","kind":"objective","x":50,"y":18,"r":0.5}],"setup":`, 1)
	w := world(t, doc)
	for _, c := range []struct {
		name string
		x, y float64
		ok   bool
		rule string // the failing reason's rule
		ids  string
	}{
		{"in the open", 20, 20, true, "", ""},
		{"under the wall", 34.4, 12, false, "token.terrain", "wall"}, // 0.4 from the wall's edge, radius 0.5
		{"clear of the wall", 34.6, 12, true, "", ""},
		{"on the objective token", 50.9, 18, false, "token.overlap", "obj-1"}, // centres 0.9 apart, radii 0.5 + 0.5
		{"off the table", 0.3, 20, false, "token.onTable", ""},
	} {
		got, err := w.PlaceToken(TokenQuery{Kind: "condition", X: c.x, Y: c.y, R: 0.5})
		if err != nil {
			t.Fatal(err)
		}
		if got.OK != c.ok {
			t.Errorf("%s: ok %v, want %v (%+v)", c.name, got.OK, c.ok, got.Reasons)
			continue
		}
		if c.rule == "" {
			continue
		}
		found := false
		for _, r := range got.Reasons {
			if string(r.Rule) == c.rule && strings.Join(r.IDs, ",") == c.ids {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no reason %s %s in %+v", c.name, c.rule, c.ids, got.Reasons)
		}
	}
	if _, err := w.PlaceToken(TokenQuery{Kind: "bane", X: 20, Y: 20, R: 0.5}); err == nil {
		t.Error("kind bane accepted")
	}
	if _, err := w.PlaceToken(TokenQuery{Kind: "condition", X: 20, Y: 20}); err == nil {
		t.Error("radius 0 accepted")
	}
}

// TestDeploy: with Battle Lines (blue y ≤ 6 with blue's edge south) a blue unit wholly in its zone
// and in cohesion deploys; one a little out of the zone does not, unless it has Infiltrate and
// every deployed enemy unit is beyond range 3 (more than 18"); none may touch an enemy base
// (RRG 2.0 L2794–2831, L7133–7147).
func TestDeploy(t *testing.T) {
	mk := func(red [2]float64, blue ...[2]float64) *World {
		return world(t, setupDoc("", sideUnit("b", "Rebels", blue...)+","+sideUnit("r", "Empire", red),
			`{"blue":"Rebels","red":"Empire","blueEdge":"south","phase":"deploy","draft":`+battleLinesDraft+`,"deployed":["r"]}`))
	}
	for _, c := range []struct {
		name       string
		red        [2]float64
		blue       [][2]float64
		infiltrate bool
		ok         bool
		failing    string // rules of the reasons that fail, in order
	}{
		{"in the zone", [2]float64{30, 33}, [][2]float64{{10, 3}, {11.5, 3}}, false, true, ""},
		// 5.5 + 0.5 = 6: touching the zone's edge from inside.
		{"on the zone's edge", [2]float64{30, 33}, [][2]float64{{10, 5.5}, {11.5, 5.5}}, false, true, ""},
		{"out of the zone", [2]float64{30, 33}, [][2]float64{{10, 5.6}, {11.5, 5.5}}, false, false, "deploy.zone"},
		// Infiltrate: 24" from red's base at y 33 (edge to edge 23 > 18).
		{"infiltrating, far", [2]float64{10, 33}, [][2]float64{{10, 9}, {11.5, 9}}, true, true, "deploy.zone"},
		// 10" from red's base: within range 3.
		{"infiltrating, near", [2]float64{10, 20}, [][2]float64{{10, 9}, {11.5, 9}}, true, false, "deploy.zone,infiltrate.near"},
		{"out of cohesion", [2]float64{30, 33}, [][2]float64{{10, 3}, {40, 3}}, false, false, "deploy.cohesion"},
		// Red's deployed mini stands in blue's zone; a blue base 1" from its centre touches it.
		{"touching an enemy", [2]float64{20, 3}, [][2]float64{{19, 3}, {17.5, 3}}, false, false, "deploy.contact"},
	} {
		w := mk(c.red, c.blue...)
		got, err := w.Deploy(DeployQuery{Unit: "b", Infiltrate: c.infiltrate})
		if err != nil {
			t.Fatal(err)
		}
		var failing []string
		for _, r := range got.Reasons {
			if r.Cite == "" {
				t.Errorf("%s: reason %s has no citation", c.name, r.Rule)
			}
			if strings.HasPrefix(r.Text, "not wholly") || strings.HasPrefix(r.Text, "out of cohesion") || strings.Contains(r.Text, "within range 3") || strings.HasPrefix(r.Text, "in base contact") {
				failing = append(failing, string(r.Rule))
			}
		}
		if got.OK != c.ok || strings.Join(failing, ",") != c.failing {
			t.Errorf("%s: ok %v failing %v; want ok %v failing %q (%+v)", c.name, got.OK, failing, c.ok, c.failing, got.Reasons)
		}
		// A refusal gives only what fails (issue 17, item 6): not the checks that passed.
		var faults []string
		for _, r := range got.Faults() {
			faults = append(faults, string(r.Rule))
		}
		if !c.ok && strings.Join(faults, ",") != c.failing {
			t.Errorf("%s: faults %v, want %q", c.name, faults, c.failing)
		}
	}
	// Without enemies on the battlefield Infiltrate may go anywhere.
	w := world(t, setupDoc("", sideUnit("b", "Rebels", [2]float64{10, 20})+","+sideUnit("r", "Empire", [2]float64{12, 20}),
		`{"blue":"Rebels","red":"Empire","blueEdge":"south","phase":"deploy","draft":`+battleLinesDraft+`}`))
	if got, err := w.Infiltrate("b"); err != nil || !got.OK || got.Reasons[0].Rule != "infiltrate.alone" {
		t.Errorf("infiltrate with no enemy deployed: %+v %v", got, err)
	}
}

// TestElongatedInZone: an elongated base may overhang its zone while it touches the battlefield
// edge inside the zone and at least half of it is inside (RRG 2.0 L2819–2824). Battle Lines, blue
// zone y ≤ 6: a 2 × 8 base standing on the edge at y 0–8 has 6/8 inside.
func TestElongatedInZone(t *testing.T) {
	w := world(t, setupDoc("", "", `{"blueEdge":"south","phase":"deploy","draft":`+battleLinesDraft+`}`))
	sc, err := w.SetupCards()
	if err != nil {
		t.Fatal(err)
	}
	rect := func(x0, y0, x1, y1 float64) [][2]float64 { return [][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} }
	for _, c := range []struct {
		name    string
		outline [][2]float64
		ok      bool
	}{
		{"wholly inside", rect(10, 1, 12, 5), true},
		{"on the edge, 6 of 8 inside", rect(10, 0, 12, 8), true},
		{"on the edge, 6 of 12 inside (exactly half)", rect(10, 0, 12, 12), true},
		{"on the edge, 6 of 14 inside", rect(10, 0, 12, 14), false},
		{"off the edge, 5 of 8 inside", rect(10, 1, 12, 9), false},
		{"over the table's edge", rect(10, -1, 12, 5), false},
	} {
		got, err := w.ElongatedInZone(c.outline, table.Blue, sc.Zones)
		if err != nil {
			t.Fatal(err)
		}
		if got.OK != c.ok || len(got.Reasons) == 0 || (got.Reasons[0].Cite != CiteElongated && got.Reasons[0].Cite != CiteEdge) {
			t.Errorf("%s: %+v", c.name, got)
		}
	}
	if _, err := w.ElongatedInZone([][2]float64{{0, 0}, {2, 2}, {2, 0}, {0, 2}}, table.Blue, sc.Zones); err == nil {
		t.Error("a self-intersecting outline accepted")
	}
}

// TestScout: Scout X is a speed-min(X, 3) standard move, regardless of the unit's max speed
// (RRG 2.0 L2965–2996).
func TestScout(t *testing.T) {
	w := world(t, setupDoc("", sideUnit("b", "Rebels", [2]float64{10, 3})+","+sideUnit("r", "Empire", [2]float64{10, 33}),
		`{"blue":"Rebels","red":"Empire","blueEdge":"south","phase":"deploy","draft":`+battleLinesDraft+`,"deployed":["b"]}`))
	for _, c := range []struct {
		x, speed int
		text     string
	}{{1, 1, "Scout 1: a speed-1 standard move, regardless of max speed 2"}, {3, 3, "Scout 3: a speed-3 standard move"}, {5, 3, "Scout 5 counts as Scout 3"}} {
		a, err := w.Scout(ScoutQuery{Mini: "b-1", X: c.x, Heading: 90, Fraction: 1})
		if err != nil {
			t.Fatal(err)
		}
		want, err := w.Move(MoveQuery{Mini: "b-1", Speed: c.speed, Heading: 90, Fraction: 1})
		if err != nil {
			t.Fatal(err)
		}
		if a.Speed != c.speed || !a.OK || a.Move.X != want.X || a.Move.Y != want.Y || !strings.HasPrefix(a.Reasons[0].Text, c.text) || a.Reasons[0].Cite != CiteScout {
			t.Errorf("Scout %d: speed %d ok %v end (%v, %v), want speed %d end (%v, %v); %+v", c.x, a.Speed, a.OK, a.Move.X, a.Move.Y, c.speed, want.X, want.Y, a.Reasons)
		}
	}
	if _, err := w.Scout(ScoutQuery{Mini: "b-1", X: 0}); err == nil {
		t.Error("Scout 0 accepted")
	}
}

// TestSetupStatePhases: the summary says where the setup is and what is still missing.
func TestSetupStatePhases(t *testing.T) {
	units := sideUnit("r", "Rebels", [2]float64{10, 3}) + "," + sideUnit("e", "Empire", [2]float64{10, 33})
	noSetup := strings.Replace(setupDoc("", units, "{}"), `,"setup":{}`, "", 1)
	if s := SetupState(world(t, noSetup)); s.Phase != "" || len(s.Missing) != 1 || s.Missing[0] != "no setup has been started" {
		t.Errorf("no setup: %+v", s)
	}
	s := SetupState(world(t, setupDoc(square("a", 10, 10, 14, 14), units, `{"phase":"terrain"}`)))
	if s.Phase != "terrain" || !strings.Contains(strings.Join(s.Missing, "|"), "blue and red are not chosen") {
		t.Errorf("terrain: %+v", s.Missing)
	}
	s = SetupState(world(t, setupDoc(square("a", 10, 10, 14, 14), units,
		`{"blue":"Rebels","red":"Empire","blueEdge":"south","phase":"tokens","draft":`+exampleDraft+`}`)))
	if !s.DraftDone || s.Objective == nil || s.Objective.ID != "breakthrough" || s.Deployment.ID != "the-long-march" || len(s.Zones) != 2 || s.Fault != "" {
		t.Errorf("tokens: done %v, fault %q, zones %d", s.DraftDone, s.Fault, len(s.Zones))
	}
	s = SetupState(world(t, setupDoc(square("a", 10, 10, 14, 14)+","+square("b", 40, 10, 44, 14), units,
		`{"phase":"terrain","terrainTurns":[{"colour":"red","piece":"a"},{"colour":"red","piece":"b"}]}`)))
	if !strings.HasPrefix(s.Fault, "setup.terrainTurns[1].colour: ") {
		t.Errorf("red placing twice: fault %q", s.Fault)
	}
}
