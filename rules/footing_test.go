package rules

import (
	"strings"
	"testing"

	"github.com/golang/geo/r2"
)

// barricade2 is the default table's barricade-2: 5 wide, 0.8 deep, 1 high, difficult for troopers
// and not impassable — so a base on it is legal, and issue 17 saw a committed move stand two
// followers on it.
const barricade2 = `{"id":"barricade-2","kind":"solid","height":1,"polygon":[[17,7.5],[22,7.5],[22,8.3],[17,8.3]],
 "cover":{"trooper":"heavy"},"move":{"trooper":"difficult","ground":"open","repulsor":"open"}}`

// stormSquad is red-storm-2 of the default table by itself: leader (18.5, 2.2), followers in two
// rows 1.5 apart.
func stormSquad(terrain string, z float64) string {
	doc := squad([][3]any{{"f2", 17, 2.2}, {"f3", 20, 2.2}, {"f4", 17.75, 3.7}, {"f5", 19.25, 3.7}, {"f6", 20.75, 3.7}}, terrain, "")
	doc = strings.Replace(doc, `"x":10,"y":10`, `"x":18.5,"y":2.2`, 1)
	if z != 0 {
		doc = strings.ReplaceAll(doc, `"base":"small"`, `"base":"small","z":`+ftoa(z))
	}
	return doc
}

// TestPlaceFollowersBarricade (issue 17 item 7): the leader moves 4 straight ahead to (18.5, 6.2).
// The back row's offset spots (17.75, 7.7), (19.25, 7.7), (20.75, 7.7) lie on barricade-2
// (y 7.5–8.3): legal, but no player stands a mini on a barricade 0.8 deep. Open ground in cohesion
// is there (below the barricade, beside the leader), so every follower stands on it: none
// overlaps the barricade, none says place.terrain, and the unit is in cohesion. The front row's
// offsets (17, 6.2) and (20, 6.2) are open ground and kept exactly.
func TestPlaceFollowersBarricade(t *testing.T) {
	w := world(t, stormSquad(barricade2, 0))
	to := r2.Point{X: 18.5, Y: 6.2}
	got, err := w.PlaceFollowers("u", to)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range got {
		m, _ := w.Mini(p.ID)
		if !p.OK || len(p.Terrain) > 0 || len(w.footing(m, r2.Point{X: p.X, Y: p.Y})) > 0 {
			t.Errorf("%s at (%.4f, %.4f): %+v, want OK on open ground", p.ID, p.X, p.Y, p)
		}
		for _, r := range p.Reasons {
			if r.Rule == "place.terrain" {
				t.Errorf("%s: %v", p.ID, r)
			}
		}
	}
	for _, k := range []struct {
		i    int
		x, y float64
	}{{0, 17, 6.2}, {1, 20, 6.2}} {
		if p := got[k.i]; !p.Kept || p.X != k.x || p.Y != k.y {
			t.Errorf("%s: %+v, want kept at (%g, %g)", p.ID, p, k.x, k.y)
		}
	}
	if c, _ := applied(t, w, "u", to, got).Cohesion("u"); !c.OK {
		t.Errorf("after placing: %+v", c)
	}
}

// TestPlaceFollowersNoOpenGround: the leader stands at (18.5, 6.2) in a pocket 1.6 wide
// (x 17.7–19.3, y 4.9–7.5) between two impassable walls, closed above and below by low solid
// pieces 1 high from x 0 to 40 (y 7.5–11 and 1–4.9) reaching past the speed-1 tool (2.95 from the
// leader's base edge, y 5.6685 − 2.95 = 2.72 and 6.7315 + 2.95 = 9.68), so every spot in cohesion
// off the leader's base is on one of them or in a wall; the follower gets the nearest legal one, on a barricade, with
// place.terrain naming it and CiteFooting, in English and German.
func TestPlaceFollowersNoOpenGround(t *testing.T) {
	bar := func(id string, y0, y1 float64) string {
		return `{"id":"` + id + `","kind":"solid","height":1,"polygon":[[0,` + ftoa(y0) + `],[40,` + ftoa(y0) + `],[40,` + ftoa(y1) + `],[0,` + ftoa(y1) + `]],"move":{"trooper":"difficult"}}`
	}
	wall := func(id string, x0, x1 float64) string {
		return `{"id":"` + id + `","kind":"solid","height":3,"polygon":[[` + ftoa(x0) + `,4.9],[` + ftoa(x1) + `,4.9],[` + ftoa(x1) + `,7.5],[` + ftoa(x0) + `,7.5]],"move":{"trooper":"impassable"}}`
	}
	terrain := strings.Join([]string{bar("bar-n", 7.5, 11), bar("bar-s", 1, 4.9), wall("wall-w", 10, 17.7), wall("wall-e", 19.3, 30)}, ",")
	doc := squad([][3]any{{"f", 18.5, 10}}, terrain, "")
	doc = strings.Replace(doc, `"x":10,"y":10`, `"x":18.5,"y":11.5`, 1)
	w := world(t, doc)
	got, err := w.PlaceFollowers("u", r2.Point{X: 18.5, Y: 6.2})
	if err != nil {
		t.Fatal(err)
	}
	p := got[0]
	if !p.OK || len(p.Terrain) != 1 {
		t.Fatalf("%+v: want placed on one barricade", p)
	}
	last := p.Reasons[len(p.Reasons)-1]
	if last.Rule != "place.terrain" || last.Cite != CiteFooting || !strings.Contains(last.Text, p.Terrain[0]) {
		t.Errorf("last reason %+v, want place.terrain naming %s", last, p.Terrain[0])
	}
	if de, ok := German(last); !ok || !strings.Contains(de, "freiem Boden") {
		t.Errorf("German %q (%v)", de, ok)
	}
	if got := CiteName(last.Cite); !strings.Contains(got, "Tolerance") {
		t.Errorf("CiteName %q", got)
	}
}

// TestPlaceFollowersRoof: a leader on a standable building's roof (z 5.5, the roof 10×9, difficult
// for troopers: an impassable piece is refused by the end rules whatever the z) with its followers
// up there too: spots wholly on the roof are open ground, so each follower keeps its
// offset; footing lists the building for a base on the roof's edge, and for a base at z 0 beside
// the leader's spot (inside the building).
func TestPlaceFollowersRoof(t *testing.T) {
	bldg := `{"id":"bldg","kind":"solid","height":5.5,"polygon":[[12,13],[22,13],[22,22],[12,22]],"standable":true,"move":"difficult"}`
	doc := squad([][3]any{{"a", 11.5, 10}, {"b", 10, 11.5}}, bldg, "")
	doc = strings.ReplaceAll(doc, `"base":"small"`, `"base":"small","z":5.5`)
	w := world(t, doc)
	got, err := w.PlaceFollowers("u", r2.Point{X: 17, Y: 17})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range got {
		if !p.Kept || len(p.Terrain) > 0 {
			t.Errorf("%s: %+v, want kept on the roof", p.ID, p)
		}
	}
	m, _ := w.Mini("a")
	if on := w.footing(m, r2.Point{X: 12.2, Y: 17}); len(on) != 1 || on[0] != "bldg" {
		t.Errorf("half off the roof: %v, want [bldg]", on)
	}
	low := *m.Mini
	low.Z = 0
	ml := &Mini{Mini: &low, Unit: m.Unit}
	if on := w.footing(ml, r2.Point{X: 17, Y: 17}); len(on) != 1 {
		t.Errorf("inside the building at z 0: %v, want [bldg]", on)
	}
	if on := w.footing(ml, r2.Point{X: 11, Y: 17}); len(on) != 0 {
		t.Errorf("beside the building: %v, want open ground", on)
	}
}
