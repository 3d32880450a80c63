package maps

import (
	"strings"
	"testing"

	"holotable/table"
)

func TestCatalogParses(t *testing.T) {
	c, err := ParseCatalog(catalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Units) != 169 {
		t.Errorf("%d units, want 169 (shared/data/README.md counts)", len(c.Units))
	}
	count := map[Faction]int{}
	for _, u := range c.Units {
		count[u.Faction]++
	}
	want := map[Faction]int{Empire: 42, Mercenary: 11, Rebels: 47, Republic: 34, Separatists: 35}
	for f, n := range want {
		if count[f] != n {
			t.Errorf("%s: %d units, want %d", f, count[f], n)
		}
	}
	if !strings.Contains(c.License, "MIT") || !strings.Contains(c.Copyright, "SWLegion Dev Foundation") {
		t.Errorf("licence fields lost: %q, %q", c.License, c.Copyright)
	}
	// No two upgrade names fold to the same name (LookupUpgrade would be ambiguous).
	seen := map[string]string{}
	for k := range c.UpgradeMinis {
		if o, dup := seen[FoldName(k)]; dup {
			t.Errorf("upgrades %q and %q fold to the same name", k, o)
		}
		seen[FoldName(k)] = k
	}
}

func TestCatalogRefusesBadData(t *testing.T) {
	for _, tc := range []struct{ name, edit, old, fault string }{
		{"unknown field", `"points": 44`, `"pointz": 44`, "unknown field"},
		{"bad rank", `"rank": "corps"`, `"rank": "grunt"`, "unknown rank"},
		{"bad type", `"type": "trooper"`, `"type": "walker"`, "unknown type"},
		{"bad base", `"base": "small"`, `"base": "tiny"`, "unknown base"},
		{"speed", `"speed": 2`, `"speed": 4`, "speed 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := strings.Replace(string(catalogJSON), tc.edit, tc.old, 1)
			if data == string(catalogJSON) {
				t.Fatalf("edit %q not found", tc.edit)
			}
			_, err := ParseCatalog([]byte(data))
			if err == nil || !strings.Contains(err.Error(), tc.fault) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("got %v, want one line with %q", err, tc.fault)
			}
		})
	}
}

// Every unit is found by its own key in its own faction, and keys differing only in case or
// spacing find it too.
func TestLookupEveryUnitByKey(t *testing.T) {
	c := UnitCatalog()
	for i := range c.Units {
		u := &c.Units[i]
		for _, name := range []string{u.Key, strings.ToUpper(u.Key), "  " + strings.ReplaceAll(u.Key, " ", "  ") + " "} {
			m, err := c.LookupUnit(u.Faction, name)
			if err != nil {
				t.Fatalf("%s %q: %v", u.Faction, name, err)
			}
			if m.Unit != u || m.How != MatchKey || m.Note != "" {
				t.Fatalf("%s %q: got %s %q (%s, %q)", u.Faction, name, m.Unit.Faction, m.Unit.Key, m.How, m.Note)
			}
		}
	}
}

func TestLookupUnit(t *testing.T) {
	c := UnitCatalog()
	for _, tc := range []struct {
		name    string
		faction Faction
		list    string
		key     string
		how     string
		fault   string
	}{
		{"plain", Empire, "Stormtroopers", "Stormtroopers", MatchKey, ""},
		{"case", Empire, "darth vader dark lord of the sith", "Darth Vader Dark Lord Of The Sith", MatchKey, ""},
		// online-notes.md "Name drift": an old title of the Imperial Officer.
		{"renamed title", Empire, "Imperial Officer Ruthless Commander", "Imperial Officer Ruthless Efficiency", MatchRenamed, ""},
		{"label", Empire, "Occupier Tank", "TX-225 GAVw Occupier Tank", MatchDisplay, ""},
		// A mercenary listed under several factions with the same facts: found from another one.
		{"mercenary elsewhere", Rebels, "Black Sun Vigo", "Black Sun Vigo", MatchKey, ""},
		// AT-RT is rebel and republic, no mercenary: a separatist list cannot take it.
		{"other faction", Separatists, "AT-RT", "", "", `"AT-RT" is not a separatists unit in the catalog (it is rebels, republic)`},
		{"other faction's unit", Rebels, "Stormtroopers", "", "", `"Stormtroopers" is not a rebels unit in the catalog (it is empire)`},
		{"faction picks", Republic, "AT-RT", "AT-RT", MatchKey, ""},
		{"unknown", Rebels, "Ewok Hunters", "", "", `"Ewok Hunters" is not a rebels unit`},
		{"empty", Rebels, "  ", "", "", "empty unit name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := c.LookupUnit(tc.faction, tc.list)
			if tc.fault != "" {
				if err == nil || !strings.Contains(err.Error(), tc.fault) {
					t.Fatalf("got %v, %v; want error with %q", m.Unit, err, tc.fault)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.Unit.Key != tc.key || m.How != tc.how {
				t.Fatalf("got %q by %s, want %q by %s", m.Unit.Key, m.How, tc.key, tc.how)
			}
			if tc.faction == Republic && m.Unit.Points != 60 {
				t.Fatalf("republic AT-RT has %d points, want the republic entry (60)", m.Unit.Points)
			}
			if (m.How != MatchKey || tc.name == "mercenary elsewhere") && m.Note == "" {
				t.Fatalf("a match other than the faction's own key needs a note")
			}
		})
	}
}

// Two card names that prefix a name equally long make the old-title match ambiguous.
func TestLookupUnitRenamedAmbiguous(t *testing.T) {
	c := &Catalog{Units: []CatalogUnit{
		{Faction: Empire, Rank: table.RankCorps, Name: "Scouts", Title: "A", Key: "Scouts A"},
		{Faction: Empire, Rank: table.RankCorps, Name: "Scouts", Title: "B", Key: "Scouts B"},
	}}
	if _, err := c.LookupUnit(Empire, "Scouts C"); err == nil || !strings.Contains(err.Error(), "fits 2 units") {
		t.Fatalf("got %v, want an ambiguity", err)
	}
	m, err := c.LookupUnit(Empire, "Scouts B")
	if err != nil || m.Unit.Key != "Scouts B" {
		t.Fatalf("the exact key must still match: %v %v", m, err)
	}
}

func TestLookupUpgrade(t *testing.T) {
	c := UnitCatalog()
	for _, tc := range []struct {
		list, name string
		minis      int
		leader, ok bool
		note       bool
	}{
		{"DLT-19 Stormtrooper", "DLT-19 Stormtrooper", 1, false, true, false},
		{"stormtrooper", "Stormtrooper", 1, false, true, false},
		// online-notes.md "Name drift": the old name of the Shoretroopers' heavy weapon.
		{"T-21B Trooper", "T-21B Shoretrooper", 1, false, true, true},
		{"Ahsoka Tano, Jedi Padawan", "Ahsoka Tano, Jedi Padawan", 1, true, true, false},
		{"Targeting Scopes", "", 0, false, false, false}, // adds no mini
		{"Comms", "", 0, false, false, false},
	} {
		m, ok := c.LookupUpgrade(tc.list)
		if ok != tc.ok || m.Name != tc.name || m.Minis != tc.minis || m.Leader != tc.leader || (m.Note != "") != tc.note {
			t.Errorf("%q: got %+v %v, want %q minis %d leader %v ok %v note %v", tc.list, m, ok, tc.name, tc.minis, tc.leader, tc.ok, tc.note)
		}
	}
}

func TestFactionAndRankWords(t *testing.T) {
	for _, f := range []Faction{Empire, Rebels, Republic, Separatists, Mercenary} {
		b, err := f.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var g Faction
		if err := g.UnmarshalText(b); err != nil || g != f {
			t.Fatalf("%s does not round-trip: %v %v", f, g, err)
		}
	}
	if _, err := FactionAny.MarshalText(); err == nil {
		t.Fatal("FactionAny has no word")
	}
	if _, err := ParseFaction("imperial"); err == nil {
		t.Fatal("a list's word is not a catalog faction")
	}
}
