package army

import (
	"math"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/table"
)

func defaultTable(t *testing.T) *table.File {
	t.Helper()
	f, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// Both example lists go into the default table's reserve: every unit with its minis on the right
// bases, as tall as their silhouettes, the leader first, and a game record; the file stays valid
// and the original is untouched.
func TestAddToReserve(t *testing.T) {
	f := defaultTable(t)
	rebels, imperials := importFile(t, "rebel-800.json"), importFile(t, "imperial-800.json")
	g, err := rebels.AddTo(f, table.Blue, "Rebels")
	if err != nil {
		t.Fatal(err)
	}
	g, err = imperials.AddTo(g, table.Red, "Empire")
	if err != nil {
		t.Fatal(err)
	}
	if f.Game != nil {
		t.Fatal("AddTo changed its input")
	}
	gm := g.Game
	if gm.Phase != table.PhaseSetup || gm.Round != 1 || gm.Rounds != 6 || gm.Blue.Side != "Rebels" || gm.Red.Side != "Empire" {
		t.Fatalf("game %+v", gm)
	}
	if len(gm.Reserve) != 19 || len(gm.Units) != 19 {
		t.Fatalf("%d reserve units, %d records; want 10 + 9", len(gm.Reserve), len(gm.Units))
	}
	if got := strings.Join(gm.Red.Hand, ","); got != "Implacable,New Ways to Motivate Them,Master of Evil,Ambush,Push,Assault,Standing Orders" {
		t.Fatalf("red hand %s", got)
	}
	if len(gm.Blue.Deck.Objectives) != 4 || gm.Blue.Points != 796 || gm.Blue.Faction != "rebels" {
		t.Fatalf("blue %+v", gm.Blue)
	}
	// The A-A5's oblong base joins the profile at its width; small keeps the profile's 1.063.
	if g.Profile.Bases["long"] != 3.93701 || g.Profile.Bases["small"] != 1.063 {
		t.Fatalf("bases %v", g.Profile.Bases)
	}
	for _, tc := range []struct {
		id, base string
		minis    int
		height   float64
		leader   string // the "from" of the first mini
		rank     table.Rank
	}{
		{"rebel-troopers-1", "small", 6, 1.65, "", table.RankCorps},
		{"rebel-troopers-2", "small", 5, 1.65, "", table.RankCorps},
		{"rebel-commandos-1", "small", 2, 1.65, "DH-447 Sniper", table.RankSpecial},
		{"a-a5-speeder-truck-1", "long", 1, 3.591, "", table.RankHeavy},
		{"stormtroopers-1", "small", 6, 1.65, "", table.RankCorps},
		{"scout-troopers-1", "small", 2, 1.65, "DLT-19X Sniper", table.RankSpecial},
		{"at-st-1", "huge", 1, 8.84, "", table.RankHeavy},
		{"74-z-speeder-bikes-1", "medium", 2, 1.561, "", table.RankSupport},
		{"e-web-heavy-blaster-team-1", "large", 1, 2.707, "", table.RankSupport},
	} {
		var u *table.Unit
		for i := range gm.Reserve {
			if gm.Reserve[i].ID == tc.id {
				u = &gm.Reserve[i]
			}
		}
		if u == nil {
			t.Fatalf("no reserve unit %s", tc.id)
		}
		if len(u.Minis) != tc.minis || !u.Minis[0].Leader || u.Minis[0].From != tc.leader {
			t.Errorf("%s: %d minis, first %+v", tc.id, len(u.Minis), u.Minis[0])
		}
		for k, m := range u.Minis {
			if m.BaseName != tc.base || m.Base != g.Profile.Bases[tc.base] || m.Height != tc.height || (k > 0 && m.Leader) {
				t.Errorf("%s mini %d: base %s %g height %g leader %v", tc.id, k, m.BaseName, m.Base, m.Height, m.Leader)
			}
		}
		if rec := gm.Unit(tc.id); rec == nil || rec.Rank != tc.rank || rec.OrderTokens != 1 {
			t.Errorf("%s: record %+v", tc.id, rec)
		}
	}
	// Two Stormtrooper squads get two ids; the minis of the first say which upgrade added them.
	var from []string
	for _, u := range gm.Reserve {
		if u.ID == "stormtroopers-1" {
			for _, m := range u.Minis {
				from = append(from, m.From)
			}
		}
	}
	if strings.Join(from, "|") != "||||DLT-19 Stormtrooper|Stormtrooper" {
		t.Errorf("stormtroopers-1 minis from %q", from)
	}
	if gm.Unit("stormtroopers-2") == nil {
		t.Error("the second squad has no record")
	}
}

func TestAddToRefusals(t *testing.T) {
	f := defaultTable(t)
	a := importFile(t, "rebel-800.json")
	g, err := a.AddTo(f, table.Blue, "Rebels")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		colour table.Colour
		side   string
		fault  string
	}{
		{table.Blue, "Rebels 2", "blue has an army already"},
		{table.Red, "Rebels", `blue already plays the side "Rebels"`},
		{table.NoColour, "X", "colour must be blue or red"},
		{table.Red, " ", "the side needs a name"},
	} {
		if _, err := a.AddTo(g, tc.colour, tc.side); err == nil || !strings.Contains(err.Error(), tc.fault) {
			t.Errorf("%v %q: got %v, want %q", tc.colour, tc.side, err, tc.fault)
		}
	}
}

// On a table in millimetres the heights and new bases are in millimetres; a Spezialeinsätze
// table's game lasts 4 rounds.
func TestAddToMillimetres(t *testing.T) {
	f, err := table.Load([]byte(`{"format": "holotable/1", "ruleset": "specops", "units": "mm", "battlefield": {"width": 914.4, "depth": 914.4}}`))
	if err != nil {
		t.Fatal(err)
	}
	g, err := importFile(t, "rebel-800.json").AddTo(f, table.Red, "Rebels")
	if err != nil {
		t.Fatal(err)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	if g.Game.Rounds != 4 || !near(g.Profile.Bases["long"], 3.93701*25.4) || !near(g.Game.Reserve[0].Minis[0].Height, 1.65*25.4) {
		t.Fatalf("rounds %d long %g height %g", g.Game.Rounds, g.Profile.Bases["long"], g.Game.Reserve[0].Minis[0].Height)
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{"Stormtroopers": "stormtroopers", "74-Z Speeder Bikes": "74-z-speeder-bikes",
		"LAAT/LE Patrol Transport": "laat-le-patrol-transport", "C-3P0": "c-3p0", "!!": "unit", "Rebel  Troopers ": "rebel-troopers"} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
}
