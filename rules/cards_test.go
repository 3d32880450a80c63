package rules

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/maps"
	"holotable/table"
)

func card(t *testing.T, id string) maps.Card {
	t.Helper()
	c, err := maps.CardByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func cardNear(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// Every deployment card's zones on 72×36 (blue's edge south), hand-computed from the cards'
// range-unit maps (1 range = 6"): area and bounding box of each zone, and a point inside.
func TestDeploymentZonesOn72x36(t *testing.T) {
	type zw struct {
		colour         table.Colour
		area           float64
		x0, y0, x1, y1 float64
		in, out        r2.Point
	}
	cases := map[string][]zw{
		// 12 × 1 range: 72 × 6 = 432 along each long edge.
		"battle-lines": {{table.Blue, 432, 0, 0, 72, 6, r2.Point{X: 36, Y: 3}, r2.Point{X: 36, Y: 7}},
			{table.Red, 432, 0, 30, 72, 36, r2.Point{X: 36, Y: 33}, r2.Point{X: 36, Y: 29}}},
		// L: 36 × 6 + 18 × 12 = 216 + 216 = 432.
		"major-offensive": {{table.Blue, 432, 36, 0, 72, 18, r2.Point{X: 60, Y: 12}, r2.Point{X: 40, Y: 12}},
			{table.Red, 432, 0, 18, 36, 36, r2.Point{X: 12, Y: 24}, r2.Point{X: 30, Y: 24}}},
		// 24 × 6 = 144 per zone, two per colour in opposite corners.
		"disarray": {{table.Blue, 144, 0, 0, 24, 6, r2.Point{X: 12, Y: 3}, r2.Point{X: 30, Y: 3}},
			{table.Blue, 144, 48, 30, 72, 36, r2.Point{X: 60, Y: 33}, r2.Point{X: 40, Y: 33}},
			{table.Red, 144, 0, 30, 24, 36, r2.Point{X: 12, Y: 33}, r2.Point{X: 12, Y: 3}},
			{table.Red, 144, 48, 0, 72, 6, r2.Point{X: 60, Y: 3}, r2.Point{X: 60, Y: 33}}},
		// 18 × 36 = 648 along each short edge.
		"the-long-march": {{table.Blue, 648, 54, 0, 72, 36, r2.Point{X: 60, Y: 18}, r2.Point{X: 50, Y: 18}},
			{table.Red, 648, 0, 0, 18, 36, r2.Point{X: 9, Y: 18}, r2.Point{X: 20, Y: 18}}},
		// 36 × 6 + 6 × 30 = 216 + 180 = 396.
		"advanced-positions": {{table.Blue, 396, 36, 0, 72, 36, r2.Point{X: 69, Y: 30}, r2.Point{X: 60, Y: 30}},
			{table.Red, 396, 0, 0, 36, 36, r2.Point{X: 3, Y: 3}, r2.Point{X: 12, Y: 3}}},
		// 6 × 36 + 36 × 6 − overlap... as cells: 6 + 4 + 3 = 13 cells of 36 = 468.
		"danger-close": {{table.Blue, 468, 36, 0, 72, 36, r2.Point{X: 40, Y: 33}, r2.Point{X: 50, Y: 3}},
			{table.Red, 468, 0, 0, 36, 36, r2.Point{X: 30, Y: 3}, r2.Point{X: 24, Y: 33}}},
		// 8 cells of 36 = 288 per zone.
		"hemmed-in": {{table.Blue, 288, 18, 0, 54, 12, r2.Point{X: 36, Y: 9}, r2.Point{X: 24, Y: 9}},
			{table.Red, 288, 0, 24, 30, 36, r2.Point{X: 15, Y: 27}, r2.Point{X: 21, Y: 27}},
			{table.Red, 288, 42, 24, 72, 36, r2.Point{X: 57, Y: 27}, r2.Point{X: 51, Y: 27}}},
		// 16 cells of 36 = 576.
		"roll-out": {{table.Blue, 576, 48, 0, 72, 36, r2.Point{X: 50, Y: 6}, r2.Point{X: 50, Y: 18}},
			{table.Red, 576, 0, 0, 24, 36, r2.Point{X: 20, Y: 30}, r2.Point{X: 20, Y: 18}}},
	}
	f := world(t, layoutDoc("", "")).File
	for id, want := range cases {
		c := card(t, id)
		zones, reasons, err := DeploymentZones(c, f, BlueSouth)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if len(zones) != len(want) {
			t.Fatalf("%s: %d zones, want %d", id, len(zones), len(want))
		}
		for i, z := range zones {
			w := want[i]
			b := z.Shape.Bounds()
			if z.Colour != w.colour || !cardNear(z.Shape.Area(), w.area) ||
				!cardNear(b.X.Lo, w.x0) || !cardNear(b.Y.Lo, w.y0) || !cardNear(b.X.Hi, w.x1) || !cardNear(b.Y.Hi, w.y1) {
				t.Errorf("%s %s: area %g bounds %v, want %s area %g [%g,%g → %g,%g]", id, z.Name(), z.Shape.Area(), b, w.colour, w.area, w.x0, w.y0, w.x1, w.y1)
			}
			if !z.Shape.ContainsPoint(w.in) || z.Shape.ContainsPoint(w.out) {
				t.Errorf("%s %s: contains %v %v, contains %v %v", id, z.Name(), w.in, z.Shape.ContainsPoint(w.in), w.out, z.Shape.ContainsPoint(w.out))
			}
		}
		last := reasons[len(reasons)-2]
		if last.Rule != "zone.inferred" || !strings.Contains(last.Text, "not in the seeds") {
			t.Errorf("%s: the reasons do not say the zones are inferred: %+v", id, reasons)
		}
	}
}

// With blue at the north edge the card turns half round: for the point-symmetric cards, blue's
// zones are then exactly where red's are with blue at the south edge.
func TestDeploymentZonesBlueNorth(t *testing.T) {
	f := world(t, layoutDoc("", "")).File
	for _, id := range []string{"battle-lines", "major-offensive", "the-long-march", "advanced-positions", "danger-close", "roll-out"} {
		c := card(t, id)
		south, _, _ := DeploymentZones(c, f, BlueSouth)
		north, _, err := DeploymentZones(c, f, BlueNorth)
		if err != nil {
			t.Fatal(err)
		}
		var redSouth, blueNorth []geometry.Shape
		for i := range south {
			if south[i].Colour == table.Red {
				redSouth = append(redSouth, south[i].Shape)
			}
			if north[i].Colour == table.Blue {
				blueNorth = append(blueNorth, north[i].Shape)
			}
		}
		for _, b := range blueNorth {
			match := false
			for _, r := range redSouth {
				if geometry.Inside(b, r) && geometry.Inside(r, b) {
					match = true
				}
			}
			if !match {
				t.Errorf("%s: blue's zone with blue north %v is none of red's zones with blue south", id, b.Core())
			}
		}
	}
	// Disarray: each colour's pair of corners maps onto itself when the card turns.
	ds, _, _ := DeploymentZones(card(t, "disarray"), f, BlueSouth)
	dn, _, _ := DeploymentZones(card(t, "disarray"), f, BlueNorth)
	if !geometry.Inside(dn[0].Shape, ds[1].Shape) || !geometry.Inside(dn[1].Shape, ds[0].Shape) || dn[0].Colour != table.Blue {
		t.Errorf("disarray north: %v %v", dn[0].Shape.Core(), dn[1].Shape.Core())
	}
	// Hemmed In is not symmetric: blue north puts blue's central zone at the north edge.
	hi, _, _ := DeploymentZones(card(t, "hemmed-in"), f, BlueNorth)
	if b := hi[0].Shape.Bounds(); hi[0].Colour != table.Blue || !cardNear(b.Y.Lo, 24) || !cardNear(b.Y.Hi, 36) || !cardNear(b.X.Lo, 18) || !cardNear(b.X.Hi, 54) {
		t.Errorf("hemmed-in blue north: %v", b)
	}
}

func TestDeploymentZonesScaleAndErrors(t *testing.T) {
	// In millimetres: 1828.8 × 914.4 at 152.4 per range; Battle Lines' blue zone is 1828.8 × 152.4.
	cm := world(t, `{"format":"holotable/1","units":"mm","battlefield":{"width":1828.8,"depth":914.4}}`).File
	zones, _, err := DeploymentZones(card(t, "battle-lines"), cm, BlueSouth)
	if err != nil {
		t.Fatal(err)
	}
	if a := zones[0].Shape.Area(); math.Abs(a-1828.8*152.4) > 1e-6 {
		t.Errorf("mm zone area %g, want %g", a, 1828.8*152.4)
	}
	sk := world(t, `{"format":"holotable/1","battlefield":{"width":36,"depth":36}}`).File
	if _, _, err := DeploymentZones(card(t, "battle-lines"), sk, BlueSouth); err == nil || !strings.Contains(err.Error(), "12 × 6 range") {
		t.Errorf("36×36: err %v, want the card's frame named", err)
	}
	f := world(t, layoutDoc("", "")).File
	if _, _, err := DeploymentZones(card(t, "battle-lines"), f, "west"); err == nil {
		t.Error("blue edge west accepted")
	}
	if _, _, err := DeploymentZones(card(t, "breakthrough"), f, BlueSouth); err == nil {
		t.Error("an objective card gave zones")
	}
}

// Intercept the Transmissions: the centre, and halfway between it and each short edge
// (RRG 2.0 L946–951): (36, 18), (18, 18), (54, 18) on 72×36; blue north swaps left and right.
func TestObjectiveTokens(t *testing.T) {
	f := world(t, layoutDoc("", "")).File
	for _, c := range []struct {
		id, edge string
		want     []r2.Point
	}{
		{"intercept-the-transmissions", BlueSouth, []r2.Point{{X: 36, Y: 18}, {X: 18, Y: 18}, {X: 54, Y: 18}}},
		{"intercept-the-transmissions", BlueNorth, []r2.Point{{X: 36, Y: 18}, {X: 54, Y: 18}, {X: 18, Y: 18}}},
		{"recover-the-supplies", BlueSouth, []r2.Point{{X: 36, Y: 18}}},
		{"breakthrough", BlueSouth, nil},
	} {
		pts, reasons, err := ObjectiveTokens(card(t, c.id), f, c.edge)
		if err != nil {
			t.Fatal(err)
		}
		if len(pts) != len(c.want) || len(reasons) != len(c.want) {
			t.Fatalf("%s %s: %v, want %v", c.id, c.edge, pts, c.want)
		}
		for i := range pts {
			if !cardNear(pts[i].X, c.want[i].X) || !cardNear(pts[i].Y, c.want[i].Y) || !strings.Contains(reasons[i].Cite, "L9") {
				t.Errorf("%s %s token %d: %v (%s), want %v", c.id, c.edge, i, pts[i], reasons[i].Cite, c.want[i])
			}
		}
	}
	// On the 36×36 skirmish table the same card gives (18, 18), (9, 18), (27, 18).
	sk := world(t, `{"format":"holotable/1","battlefield":{"width":36,"depth":36}}`).File
	pts, _, _ := ObjectiveTokens(card(t, "intercept-the-transmissions"), sk, BlueSouth)
	if len(pts) != 3 || !cardNear(pts[1].X, 9) || !cardNear(pts[2].X, 27) || !cardNear(pts[0].Y, 18) {
		t.Errorf("36×36: %v", pts)
	}
}

// Recover the Supplies placement (RRG 2.0 L901–906): beyond range 1 (more than 6") of every zone
// and every other objective token, on the table, under no terrain. Tokens of radius 0.5.
func TestObjectivePlacement(t *testing.T) {
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},"terrain":[`+
		square("box", 40, 16, 44, 20)+`],"tokens":[{"id":"o1","kind":"objective","x":36,"y":18,"r":0.5},{"id":"c1","kind":"condition","x":30,"y":10,"r":0.5}]}`)
	rs, bl, mo := card(t, "recover-the-supplies"), card(t, "battle-lines"), card(t, "major-offensive")
	cases := []struct {
		name      string
		dep       maps.Card
		x, y      float64
		self      string
		legal     bool
		zoneDist  float64
		nearTok   string
		tokDist   float64
		terrain   string
		offTable  bool
		wantRules string // the rule of a failing reason
	}{
		// 12.6 − 0.5 − 6 = 6.1 from the blue zone; the gap to o1 at (36, 18) is hypot(13, 5.4) − 1.
		{"beyond range 1 of the zone", bl, 23, 12.6, "", true, 6.1, "o1", math.Hypot(13, 5.4) - 1, "", false, ""},
		// 12.5 − 0.5 − 6 = 6: exactly range 1 is not beyond it.
		{"exactly range 1 of the zone", bl, 23, 12.5, "", false, 6, "o1", math.Hypot(13, 5.5) - 1, "", false, "token.zones"},
		{"inside a zone", bl, 23, 3, "", false, 0, "o1", math.Hypot(13, 15) - 1, "", false, "token.zones"},
		// Gap to o1: 36 − 29 − 1 = 6 exactly: within range 1.
		{"exactly range 1 of a token", bl, 29, 18, "", false, 11.5, "o1", 6, "", false, "token.tokens"},
		{"beyond range 1 of a token", bl, 28.9, 18, "", true, 11.5, "o1", 6.1, "", false, ""},
		// o1 itself being moved: no other objective token (c1 is a condition token).
		{"moving the token itself", bl, 36.5, 18, "o1", true, 11.5, "", math.Inf(1), "", false, ""},
		// The box [40,44] × [16,20]: a token at x 39.8 reaches 40.3 — under terrain. o1 is 3.8 − 1 = 2.8 away.
		{"under terrain", bl, 39.8, 18, "o1", false, 11.5, "", math.Inf(1), "box", false, "token.terrain"},
		{"touching terrain is not under it", bl, 39.5, 18, "o1", true, 11.5, "", math.Inf(1), "", false, ""},
		{"off the table", bl, 0.3, 18, "o1", false, 11.5, "", math.Inf(1), "", true, "token.offTable"},
		// Major Offensive, blue's L reaches x 54 up to y 18: (48, 18) is 54 − 48 − 0.5 = 5.5 from it.
		{"major offensive: near blue's L", mo, 48, 18, "o1", false, 5.5, "", math.Inf(1), "", false, "token.zones"},
		// (47, 24): nearest zone point is blue's corner (54, 18): hypot(7, 6) − 0.5.
		// The condition token c1 at (30, 10): a token at (30.8, 10) overlaps it (0.8 < 1).
		{"overlapping a condition token", bl, 30.8, 10, "o1", false, 3.5, "", math.Inf(1), "", false, "token.overlap"},
		{"major offensive: clear of the corner", mo, 47, 24, "o1", true, math.Hypot(7, 6) - 0.5, "", math.Inf(1), "", false, ""},
	}
	for _, c := range cases {
		a, err := w.ObjectivePlacement(ObjectivePlacementQuery{Objective: rs, Deployment: c.dep, BlueEdge: BlueSouth, X: c.x, Y: c.y, R: 0.5, Self: c.self})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		bad := a.Legal != c.legal || math.Abs(a.ZoneDistance-c.zoneDist) > 1e-9 || a.NearestToken != c.nearTok ||
			(c.nearTok != "" && math.Abs(a.TokenDistance-c.tokDist) > 1e-9) || a.OffTable != c.offTable ||
			strings.Join(a.UnderTerrain, ",") != c.terrain
		if c.wantRules != "" {
			found := false
			for _, r := range a.Reasons {
				found = found || (string(r.Rule) == c.wantRules && r.Cite != "")
			}
			bad = bad || !found
		}
		if bad {
			t.Errorf("%s: %+v", c.name, a)
		}
	}
	if _, err := w.ObjectivePlacement(ObjectivePlacementQuery{Objective: card(t, "breakthrough"), Deployment: bl, BlueEdge: BlueSouth, X: 1, Y: 1, R: 0.5}); err == nil {
		t.Error("breakthrough has no placed tokens, but the query was answered")
	}
}

// Key Positions (RRG 2.0 errata L12296–12307) with Battle Lines (zones y ≤ 6 and y ≥ 30).
func TestKeyPositions(t *testing.T) {
	w := world(t, layoutDoc(square("c1", 34, 16, 38, 20)+","+square("z", 10, 4, 14, 8)+","+square("edge", 10, 6, 14, 10)+","+
		square("near", 42, 16, 44, 20)+","+square("six", 44, 10, 46, 12)+","+square("far", 45, 16, 47, 20), ""))
	ids, d, _ := w.KeyPositionCentre()
	if strings.Join(ids, ",") != "c1" || d != 0 {
		t.Errorf("closest to the centre: %v at %g, want c1 at 0 (it covers the centre)", ids, d)
	}
	// Two pieces 2 from the centre (36, 18): blue chooses.
	tie := world(t, layoutDoc(square("t1", 30, 17, 34, 19)+","+square("t2", 38, 17, 42, 19)+","+square("t3", 36, 21, 37, 22), ""))
	ids, d, rs := tie.KeyPositionCentre()
	if strings.Join(ids, ",") != "t1,t2" || !cardNear(d, 2) || !strings.Contains(rs[0].Text, "blue chooses") {
		t.Errorf("tie: %v at %g %v", ids, d, rs)
	}
	kp, bl := card(t, "key-positions"), card(t, "battle-lines")
	cases := []struct {
		piece           string
		legal, fallback bool
		inZones, near   string
	}{
		{"z", false, false, "blue zone 1", ""}, // y 4–8 overlaps blue's zone y ≤ 6
		{"edge", true, false, "", ""},          // touches y = 6 only: completely outside
		{"near", false, true, "", "c1"},        // gap 42 − 38 = 4 to c1: within range 1
		{"six", true, false, "", ""},           // corner to corner: hypot(44 − 38, 16 − 12) = 7.21, beyond range 1
		{"far", true, false, "", ""},           // gap 45 − 38 = 7
		{"c1", false, false, "", ""},           // already marked
	}
	for _, c := range cases {
		a, err := w.KeyPosition(KeyPositionQuery{Objective: kp, Deployment: bl, BlueEdge: BlueSouth, Piece: c.piece, Marked: []string{"c1"}})
		if err != nil {
			t.Fatal(err)
		}
		if a.Legal != c.legal || a.Fallback != c.fallback || strings.Join(a.InZones, ",") != c.inZones || strings.Join(a.Near, ",") != c.near {
			t.Errorf("%s: %+v", c.piece, a)
		}
	}
	// Exactly range 1: a piece whose edge is 6 from c1's is within range 1.
	w6 := world(t, layoutDoc(square("c1", 34, 16, 38, 20)+","+square("x", 44, 16, 46, 20), ""))
	a, _ := w6.KeyPosition(KeyPositionQuery{Objective: kp, Deployment: bl, BlueEdge: BlueSouth, Piece: "x", Marked: []string{"c1"}})
	if a.Legal || !a.Fallback || strings.Join(a.Near, ",") != "c1" {
		t.Errorf("gap of exactly 6: %+v", a)
	}
	if _, err := w.KeyPosition(KeyPositionQuery{Objective: kp, Deployment: bl, BlueEdge: BlueSouth, Piece: "nope"}); err == nil {
		t.Error("unknown piece accepted")
	}
}

// Deployed units against Battle Lines (blue y ≤ 6) and Major Offensive (blue's L: y ≤ 6 from
// x 36, and x ≥ 54 up to y 18), bases of diameter 1.
func TestInZone(t *testing.T) {
	mini := func(id string, x, y float64) string {
		return fmt.Sprintf(`{"id":%q,"x":%g,"y":%g,"base":1,"height":1,"leader":%v}`, id, x, y, strings.HasSuffix(id, "a"))
	}
	w := world(t, layoutDoc("", `{"id":"u1","type":"trooper","speed":2,"minis":[`+mini("u1a", 10, 5.5)+","+mini("u1b", 11, 4)+`]},`+
		`{"id":"u2","type":"trooper","speed":2,"minis":[`+mini("u2a", 10, 5.4)+","+mini("u2b", 11, 5.6)+`]},`+
		`{"id":"u3","type":"trooper","speed":2,"minis":[`+mini("u3a", 54.6, 8)+`]},`+
		`{"id":"u4","type":"trooper","speed":2,"minis":[`+mini("u4a", 53.9, 8)+`]}`))
	f := w.File
	blz, _, _ := DeploymentZones(card(t, "battle-lines"), f, BlueSouth)
	moz, _, _ := DeploymentZones(card(t, "major-offensive"), f, BlueSouth)
	for _, c := range []struct {
		unit    string
		colour  table.Colour
		zones   []Zone
		ok      bool
		outside string
	}{
		{"u1", table.Blue, blz, true, ""},        // 5.5 + 0.5 = 6: touching the zone's edge from inside
		{"u2", table.Blue, blz, false, "u2b"},    // 5.6 + 0.5 = 6.1 > 6
		{"u1", table.Red, blz, false, "u1a,u1b"}, // blue's minis are in no red zone
		{"u3", table.Blue, moz, true, ""},        // x 54.1–55.1 at y 8: in the L's upright (x ≥ 54)
		{"u4", table.Blue, moz, false, "u4a"},    // x 53.4–54.4 at y 8: crosses x = 54
	} {
		a, err := w.InZone(c.unit, c.colour, c.zones)
		if err != nil {
			t.Fatal(err)
		}
		if a.OK != c.ok || strings.Join(a.Outside, ",") != c.outside || a.Reasons[0].Cite != CiteDeployZone {
			t.Errorf("%s %s: %+v", c.unit, c.colour, a)
		}
	}
	if _, err := w.InZone("u1", table.NoColour, blz); err == nil {
		t.Error("colour green accepted")
	}
}

func TestAttackLimit(t *testing.T) {
	lv, cc := card(t, "limited-visibility"), card(t, "clear-conditions")
	for _, c := range []struct {
		card    maps.Card
		round   int
		max     float64
		limited bool
	}{
		{lv, 1, 2, true}, {lv, 2, 3, true}, {lv, 3, 0, false}, {lv, 6, 0, false}, {cc, 1, 0, false},
	} {
		m, l, rs := AttackLimit(c.card, c.round)
		if m != c.max || l != c.limited || len(rs) != 1 || rs[0].Cite == "" {
			t.Errorf("%s round %d: %g %v %v", c.card.ID, c.round, m, l, rs)
		}
	}
}

// Disarray: blue's zones are [0, 24] × [0, 6] and [48, 72] × [30, 36].
func TestEveryZoneUsed(t *testing.T) {
	unit := func(id string, x, y float64) string {
		return fmt.Sprintf(`{"id":%q,"type":"trooper","speed":2,"minis":[{"id":"%s-l","x":%g,"y":%g,"base":1,"height":1,"leader":true}]}`, id, id, x, y)
	}
	w := world(t, layoutDoc("", unit("a", 10, 3)+","+unit("b", 20, 3)+","+unit("c", 60, 33)))
	zones, _, _ := DeploymentZones(card(t, "disarray"), w.File, BlueSouth)
	d := card(t, "disarray")
	if ok, empty, _, err := w.EveryZoneUsed(d, table.Blue, []string{"a", "b"}, zones); err != nil || ok || strings.Join(empty, ",") != "blue zone 2" {
		t.Errorf("a, b only: ok %v empty %v err %v", ok, empty, err)
	}
	if ok, empty, _, _ := w.EveryZoneUsed(d, table.Blue, []string{"a", "c"}, zones); !ok || len(empty) != 0 {
		t.Errorf("a, c: ok %v empty %v", ok, empty)
	}
	// Battle Lines asks for nothing.
	bz, _, _ := DeploymentZones(card(t, "battle-lines"), w.File, BlueSouth)
	if ok, _, _, _ := w.EveryZoneUsed(card(t, "battle-lines"), table.Blue, nil, bz); !ok {
		t.Error("battle lines with no units: not ok")
	}
}
