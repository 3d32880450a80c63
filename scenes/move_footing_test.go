package scenes

import (
	"strings"
	"testing"

	"holotable/geometry"
	"holotable/table"
)

// TestMoveFollowersOpenGround (issue 17 item 7): on the default table red-storm-2 moves straight
// ahead 4 (heading 90, speed 2, fraction 4/5.983 of the 5.983 a full move runs), so that its back
// row's offsets land on barricade-2 (y 7.5–8.3). The committed move stands every mini clear of the
// barricade, and the message is the plain "moved".
func TestMoveFollowersOpenGround(t *testing.T) {
	d := newTestDoc(t)
	s := moveScene(t, d)
	mustCommand(t, s, "moveSelect", "red-storm-2")
	mustCommand(t, s, "moveSet", map[string]float64{"heading": 90, "bend": 0, "fraction": 4 / 5.983})
	mustCommand(t, s, "moveCommit", nil)
	w := d.World()
	var bar geometry.Shape
	for _, p := range w.Terrain {
		if p.ID == "barricade-2" {
			bar = p.Foot
		}
	}
	u, _ := w.Unit("red-storm-2")
	for _, m := range u.Minis {
		if geometry.Overlap(m.Foot, bar) {
			t.Errorf("%s at (%.3f, %.3f) stands on barricade-2", m.ID, m.X, m.Y)
		}
	}
	if got := s.Snapshot().Message; got != T("move.done", "red-storm-2") {
		t.Errorf("message %q", got)
	}
}

// TestMoveFollowersOnTerrainSaid: with no open ground in cohesion (the leader in a pocket between
// walls, low solid pieces above and below, as rules' TestPlaceFollowersNoOpenGround) the commit's
// message names the piece the follower had to stand on and the rule, in English and in German.
func TestMoveFollowersOnTerrainSaid(t *testing.T) {
	f, err := table.Load([]byte(`{"format":"holotable/1","battlefield":{"width":72,"depth":36},"terrain":[
	 {"id":"bar-n","kind":"solid","height":1,"polygon":[[0,7.5],[40,7.5],[40,11],[0,11]],"move":{"trooper":"difficult"}},
	 {"id":"bar-s","kind":"solid","height":1,"polygon":[[0,1],[40,1],[40,4.9],[0,4.9]],"move":{"trooper":"difficult"}},
	 {"id":"wall-w","kind":"solid","height":3,"polygon":[[10,4.9],[17.7,4.9],[17.7,7.5],[10,7.5]],"move":{"trooper":"impassable"}},
	 {"id":"wall-e","kind":"solid","height":3,"polygon":[[19.3,4.9],[30,4.9],[30,7.5],[19.3,7.5]],"move":{"trooper":"impassable"}}],
	 "units_on_table":[{"id":"u","side":"red","type":"trooper","minis":[
	  {"id":"u-1","leader":true,"x":18.5,"y":6.2,"base":"small","height":1.65},
	  {"id":"u-2","x":18.5,"y":9,"base":"small","height":1.65}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "de"} {
		t.Run(lang, func(t *testing.T) {
			if err := SetLanguage(lang); err != nil {
				t.Fatal(err)
			}
			defer func() { _ = SetLanguage("en") }()
			d, _ := NewDoc(f)
			s := moveScene(t, d)
			mustCommand(t, s, "moveSelect", "u")
			// Speed 1, a twentieth of the tool east: the leader stays in its pocket.
			mustCommand(t, s, "moveSpeed", 1)
			mustCommand(t, s, "moveSet", map[string]float64{"heading": 0, "bend": 0, "fraction": 0.05})
			mustCommand(t, s, "moveCommit", nil)
			msg := s.Snapshot().Message
			want := map[string][]string{
				"en": {"moved u", "no spot on open ground", "bar-", "Tolerance"},
				"de": {"u bewegt", "kein Platz auf freiem Boden", "bar-", "Toleranzbereich"},
			}[lang]
			for _, w := range want {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q lacks %q", msg, w)
				}
			}
		})
	}
}
