package maps

import (
	"strings"
	"testing"
)

func TestLoadCardsAll(t *testing.T) {
	cards, err := LoadCards()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"objective":  {"breakthrough", "intercept-the-transmissions", "key-positions", "recover-the-supplies"},
		"deployment": {"advanced-positions", "battle-lines", "danger-close", "disarray", "hemmed-in", "major-offensive", "roll-out", "the-long-march"},
		"condition":  {"clear-conditions", "hostile-environment", "limited-visibility", "rapid-reinforcements", "supply-drop"},
	}
	got := map[string][]string{}
	for _, c := range cards {
		got[c.Type] = append(got[c.Type], c.ID)
	}
	for typ, ids := range want {
		if strings.Join(got[typ], ",") != strings.Join(ids, ",") {
			t.Errorf("%s cards %v, want %v", typ, got[typ], ids)
		}
	}
	if len(cards) != 17 || cards[0].Type != "objective" || cards[16].Type != "condition" {
		t.Fatalf("%d cards, first %s, last %s: want 17 in draft row order", len(cards), cards[0].Type, cards[len(cards)-1].Type)
	}
}

// Every deployment card: the 12×6 range-unit frame, geometry "not in the seeds" with its
// reconstruction marked inferred, and the number of zones per colour of its (inferred) map.
func TestDeploymentCardsData(t *testing.T) {
	zones := map[string][2]int{ // blue, red
		"battle-lines": {1, 1}, "major-offensive": {1, 1}, "disarray": {2, 2}, "the-long-march": {1, 1},
		"advanced-positions": {1, 1}, "danger-close": {1, 1}, "hemmed-in": {1, 2}, "roll-out": {1, 1},
	}
	for id, n := range zones {
		c, err := CardByID(id)
		if err != nil {
			t.Fatal(err)
		}
		if c.Frame != [2]float64{12, 6} || c.Geometry != GeometryNotInSeeds || !strings.Contains(c.Inferred, "inferred") {
			t.Errorf("%s: frame %v geometry %q inferred %q", id, c.Frame, c.Geometry, c.Inferred)
		}
		if len(c.Zones.Blue) != n[0] || len(c.Zones.Red) != n[1] {
			t.Errorf("%s: %d blue and %d red zones, want %v", id, len(c.Zones.Blue), len(c.Zones.Red), n)
		}
	}
	d, _ := CardByID("disarray")
	if d.MinPerZone != 1 || !strings.Contains(d.Cite, "L993") {
		t.Errorf("disarray: minPerZone %d cite %q; the seed's rule (L993–1001) is at least 1 unit per zone", d.MinPerZone, d.Cite)
	}
}

// The data the rulebook states, checked against the text.
func TestObjectiveAndConditionData(t *testing.T) {
	it, _ := CardByID("intercept-the-transmissions")
	if len(it.Tokens) != 3 || it.Tokens[0] != (CardToken{0.5, 0.5, it.Tokens[0].Cite}) ||
		it.Tokens[1].FX != 0.25 || it.Tokens[2].FX != 0.75 || it.Tokens[1].FY != 0.5 {
		t.Errorf("intercept tokens %+v: want the centre and halfway to each short edge", it.Tokens)
	}
	rs, _ := CardByID("recover-the-supplies")
	if p := rs.Placement; p == nil || p.Count != 4 || p.BeyondZones != 1 || p.BeyondTokens != 1 || !p.NotUnderTerrain || p.First != "blue" || len(rs.Tokens) != 1 {
		t.Errorf("recover the supplies: %+v %+v", rs.Placement, rs.Tokens)
	}
	kp, _ := CardByID("key-positions")
	if p := kp.Placement; p == nil || p.On != "terrain" || !p.TerrainOutsideZones || p.BeyondMarkedTerrain != 1 || p.CountInferred == "" {
		t.Errorf("key positions: %+v", kp.Placement)
	}
	lv, _ := CardByID("limited-visibility")
	if len(lv.Effects) != 2 || lv.Effects[0].Round != 1 || lv.Effects[0].Range != 2 || lv.Effects[1].Round != 2 || lv.Effects[1].Range != 3 {
		t.Errorf("limited visibility effects %+v", lv.Effects)
	}
	rr, _ := CardByID("rapid-reinforcements")
	if len(rr.Effects) != 2 || rr.Effects[0].Min != 1 || rr.Effects[0].Max != 2 || rr.Effects[1].Range != 2 || !rr.Effects[1].IfPossible {
		t.Errorf("rapid reinforcements effects %+v", rr.Effects)
	}
	sd, _ := CardByID("supply-drop")
	if sd.Geometry != GeometryNotInSeeds || len(sd.Effects[1].Cards) != 16 {
		t.Errorf("supply drop: geometry %q, %d supply cards", sd.Geometry, len(sd.Effects[1].Cards))
	}
	cc, _ := CardByID("clear-conditions")
	if len(cc.Effects) != 0 {
		t.Errorf("clear conditions has effects %+v", cc.Effects)
	}
}

// A broken card is refused with one line naming the file and the field.
func TestParseCardErrors(t *testing.T) {
	const dep = `"type":"deployment","name":{"en":"X","de":""},"cite":"L1","geometry":"not in the seeds","inferred":"i","frame":[12,6]`
	cases := []struct{ json, want string }{
		{`{"id":"y",` + dep + `,"zones":{"blue":[[[0,0],[1,0],[1,1]]],"red":[[[0,5],[1,5],[1,6]]]}}`, `cards/x.json: id: "y" does not match`},
		{`{"id":"x",` + dep + `,"zones":{"blue":[[[0,0],[1,0],[1,1]]],"red":[[[0,5],[13,5],[1,6]]]}}`, `cards/x.json: zones.red[0][1]: point (13, 5) is outside the 12×6 frame`},
		{`{"id":"x",` + dep + `,"zones":{"blue":[[[0,0],[1,0]]],"red":[[[0,5],[1,5],[1,6]]]}}`, `cards/x.json: zones.blue[0]: 2 points`},
		{`{"id":"x",` + dep + `,"zones":{"blue":[[[0,0],[1,0],[1,1]]],"red":[]}}`, `cards/x.json: zones.red: no zone`},
		{`{"id":"x",` + dep + `}`, `cards/x.json: zones: missing`},
		{`{"id":"x",` + dep + `,"zone":{}}`, `cards/x.json: unknown field "zone"`},
		{`{"id":"x","type":"deployment","name":{"en":"X"},"cite":"L1","geometry":"not in the seeds","frame":[12,6]}`, `cards/x.json: inferred: missing`},
		{`{"id":"x","type":"objective","name":{"en":"X"},"cite":"","geometry":"rulebook"}`, `cards/x.json: cite: missing`},
		{`{"id":"x","type":"objective","name":{"en":"X"},"cite":"L1","geometry":"picture"}`, `cards/x.json: geometry: "picture"`},
		{`{"id":"x","type":"battle","name":{"en":"X"},"cite":"L1","geometry":"rulebook"}`, `cards/x.json: type: "battle"`},
		{`{"id":"x","type":"objective","name":{"en":"X"},"cite":"L1","geometry":"rulebook","tokens":[{"fx":1.5,"fy":0.5,"cite":"c"}]}`, `cards/x.json: tokens[0]: (1.5, 0.5)`},
		{`{"id":"x","type":"objective","name":{"en":"X"},"cite":"L1","geometry":"rulebook","placement":{"count":4,"first":"green","on":"battlefield","cite":"c"}}`, `cards/x.json: placement.first: "green"`},
		{`{"id":"x","type":"objective","name":{"en":"X"},"cite":"L1","geometry":"rulebook","effects":[{"kind":"k","cite":"c"}]}`, `cards/x.json: effects[0]: only condition cards`},
		{`{"id":"x","type":"condition","name":{"en":"X"},"cite":"L1","geometry":"rulebook","effects":[{"kind":"","cite":"c"}]}`, `cards/x.json: effects[0]: kind and cite are required`},
		{`{"id":"x","type":"condition","name":{"en":""},"cite":"L1","geometry":"rulebook"}`, `cards/x.json: name.en: missing`},
		{`{"id":"x","type":"condition","name":{"en":"X"},"cite":"L1","geometry":"rulebook","frame":[12,6]}`, `cards/x.json: zones: only deployment cards`},
		{`{"id":"x",`, `cards/x.json: unexpected EOF`},
	}
	for _, c := range cases {
		_, err := ParseCard("cards/x.json", []byte(c.json))
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s\n  error %v, want one line containing %q", c.json, err, c.want)
		}
	}
	if _, err := CardByID("../maps"); err == nil {
		t.Error("CardByID accepted a path")
	}
}

// CardByID hands out copies: changing one leaves the next look-up as the file says.
func TestCardByIDCopies(t *testing.T) {
	c, err := CardByID("battle-lines")
	if err != nil {
		t.Fatal(err)
	}
	c.Zones.Blue[0][0][0] = 99
	c.Name.EN = "x"
	again, _ := CardByID("battle-lines")
	if again.Zones.Blue[0][0][0] != 0 || again.Name.EN != "Battle Lines" {
		t.Fatalf("the cache was changed: %+v", again)
	}
	if _, err := CardByID("nope"); err == nil {
		t.Fatal("an unknown card")
	}
}
