package army

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/table"
)

// want is one imported unit as hand-checked against maps/units/legion-units.json: its catalog
// key, type, base, minis (the leader's source first), silhouette height and card points.
type want struct {
	key    string
	typ    table.UnitType
	base   string
	minis  []string // "" = a mini of the unit card, else the upgrade that adds it; [0] is the leader
	height float64
	points int
}

func importFile(t *testing.T, name string) *Army {
	t.Helper()
	data, ok := Example(strings.TrimSuffix(name, ".json"))
	if !ok {
		t.Fatalf("no example %s", name)
	}
	a, err := Import(data)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func checkUnits(t *testing.T, a *Army, ws []want) {
	t.Helper()
	if len(a.Units) != len(ws) {
		t.Fatalf("%d units, want %d (unknown: %q)", len(a.Units), len(ws), a.Unknown)
	}
	for i, w := range ws {
		u := a.Units[i]
		var minis []string
		for k, m := range u.Minis {
			if m.Leader != (k == 0) {
				t.Errorf("%s: mini %d leader %v; the leader comes first and only it", u.Name, k, m.Leader)
			}
			minis = append(minis, m.From)
		}
		if u.Name != w.key || u.Type != w.typ || u.Base != w.base || u.SilhouetteHeight != w.height || u.Points != w.points ||
			strings.Join(minis, "|") != strings.Join(w.minis, "|") {
			t.Errorf("unit %d: got %s %s %s minis %q height %g points %d\nwant %s %s %s minis %q height %g points %d",
				i, u.Name, u.Type, u.Base, minis, u.SilhouetteHeight, u.Points, w.key, w.typ, w.base, w.minis, w.height, w.points)
		}
	}
}

// The Imperial example: Vader, an Imperial Officer under his old title, two Stormtrooper squads
// (6 and 5 minis), Shoretroopers with the heavy weapon under its old name, a Scout Trooper strike
// team whose sniper leads it, an E-Web, an AT-ST and two speeder bikes.
func TestImportImperialExample(t *testing.T) {
	a := importFile(t, "imperial-800.json")
	checkUnits(t, a, []want{
		{"Darth Vader Dark Lord Of The Sith", table.Trooper, "small", []string{""}, 1.65, 190},
		{"Imperial Officer Ruthless Efficiency", table.Trooper, "small", []string{""}, 1.65, 55},
		{"Stormtroopers", table.Trooper, "small", []string{"", "", "", "", "DLT-19 Stormtrooper", "Stormtrooper"}, 1.65, 42},
		{"Stormtroopers", table.Trooper, "small", []string{"", "", "", "", "DLT-19 Stormtrooper"}, 1.65, 42},
		{"Shoretroopers", table.Trooper, "small", []string{"", "", "", "", "T-21B Shoretrooper", "Shoretrooper"}, 1.65, 52},
		{"Scout Troopers Strike Team", table.Trooper, "small", []string{"DLT-19X Sniper", ""}, 1.65, 20},
		{"E-Web Heavy Blaster Team", table.Emplacement, "large", []string{""}, 2.707, 60},
		{"AT-ST", table.Ground, "huge", []string{""}, 8.84, 145},
		{"74-Z Speeder Bikes", table.Repulsor, "medium", []string{"", ""}, 1.561, 70},
	})
	if a.Faction != maps.Empire || a.Points != 798 || a.CardPoints != 676 {
		t.Errorf("faction %s points %d card points %d, want empire 798 676", a.Faction, a.Points, a.CardPoints)
	}
	if a.Size.Name[0] != "Escalation" || !a.SizeOK {
		t.Errorf("798 points is an Escalation game, got %v", a.Size.Name)
	}
	if len(a.Unknown) != 0 {
		t.Errorf("unknown: %q", a.Unknown)
	}
	// The two old names are matched, and each is said in a note.
	notes := strings.Join(a.Notes, "\n")
	for _, s := range []string{`"Imperial Officer Ruthless Commander" matched by its card name`, `upgrade "T-21B Trooper" matched`} {
		if !strings.Contains(notes, s) {
			t.Errorf("notes lack %q:\n%s", s, notes)
		}
	}
	if got := strings.Join(a.Deck.Objectives, ","); got != "intercept-the-transmissions,key-positions,breakthrough,recover-the-supplies" {
		t.Errorf("objectives %s", got)
	}
	if len(a.Deck.Deployments) != 4 || len(a.Deck.Conditions) != 4 || a.Deck.Scenario != "standard" {
		t.Errorf("deck %+v", a.Deck)
	}
}

// The Rebel example (Legion HQ's additions included): Luke, Leia, two Rebel Trooper squads, Fleet
// Troopers, a commando strike team led by its sniper, Wookiees, an AT-RT, a T-47 and an A-A5 on
// its oblong base.
func TestImportRebelExample(t *testing.T) {
	a := importFile(t, "rebel-800.json")
	checkUnits(t, a, []want{
		{"Luke Skywalker Hero Of The Rebellion", table.Trooper, "small", []string{""}, 1.65, 120},
		{"Leia Organa Fearless And Inventive", table.Trooper, "small", []string{""}, 1.65, 75},
		{"Rebel Troopers", table.Trooper, "small", []string{"", "", "", "", "Z-6 Trooper", "Rebel Trooper"}, 1.65, 40},
		{"Rebel Troopers", table.Trooper, "small", []string{"", "", "", "", "Z-6 Trooper"}, 1.65, 40},
		{"Fleet Troopers", table.Trooper, "small", []string{"", "", "", "", "Scatter Gun Trooper", "Fleet Trooper"}, 1.65, 40},
		{"Rebel Commandos Strike Team", table.Trooper, "small", []string{"DH-447 Sniper", ""}, 1.65, 20},
		{"Wookiee Warriors Kashyyyk Resistance", table.Trooper, "small", []string{"", "", "", "Bowcaster Wookiee"}, 1.65, 72},
		{"AT-RT", table.Ground, "large", []string{""}, 2.576, 50},
		{"T-47 Airspeeder", table.Repulsor, "huge", []string{""}, 4.633, 125},
		{"A-A5 Speeder Truck", table.Repulsor, "long", []string{""}, 3.591, 65},
	})
	if a.List.ListName != "Hoth rearguard" || a.List.NumActivations != 10 || a.Points != 796 {
		t.Errorf("list %q activations %d points %d", a.List.ListName, a.List.NumActivations, a.Points)
	}
	truck := a.Units[9]
	if !truck.Oblong || truck.Diameter != 3.93701 {
		t.Errorf("A-A5: oblong %v diameter %g, want true and the long base's width 3.93701", truck.Oblong, truck.Diameter)
	}
	if !strings.Contains(strings.Join(a.Notes, "\n"), "A-A5 Speeder Truck stands on a long base (100, 175 mm, oblong)") {
		t.Errorf("no note on the oblong base: %q", a.Notes)
	}
	if a.Units[7].Rank != table.RankSupport || a.Units[0].Rank != table.RankCommander {
		t.Errorf("ranks %v %v", a.Units[7].Rank, a.Units[0].Rank)
	}
}

// Every unit of the catalog imports from a list that names it, in its own faction, with the
// card's minis and those of the upgrades it must take.
func TestEveryCatalogUnitImports(t *testing.T) {
	c := maps.UnitCatalog()
	word := map[maps.Faction]string{maps.Empire: "imperial", maps.Rebels: "rebel", maps.Republic: "republic",
		maps.Separatists: "separatist", maps.Mercenary: "shadowcollective"}
	for i := range c.Units {
		cu := &c.Units[i]
		list := fmt.Sprintf(`{"armyFaction": %q, "units": [{"name": %q}]}`, word[cu.Faction], cu.Key)
		a, err := Import([]byte(list))
		if err != nil {
			t.Fatalf("%s: %v", cu.Key, err)
		}
		if len(a.Units) != 1 || len(a.Unknown) != 0 {
			t.Fatalf("%s: %d units, unknown %q", cu.Key, len(a.Units), a.Unknown)
		}
		u := a.Units[0]
		n := cu.Minis
		for _, r := range cu.Required {
			n += c.UpgradeMinis[r].Minis
		}
		if u.Catalog != cu || len(u.Minis) != n || u.Base != cu.Base || u.Type != cu.Type || u.SilhouetteHeight != cu.SilhouetteHeight ||
			u.Points != cu.Points || u.Rank != cu.Rank || !u.Minis[0].Leader {
			t.Fatalf("%s: got %+v", cu.Key, u)
		}
	}
}

// Inferno Squad's required upgrades add their minis even when the list does not name them, and
// once when it does; the one whose mini is a leader leads.
func TestRequiredUpgrades(t *testing.T) {
	for _, list := range []string{
		`{"armyFaction": "imperial", "units": [{"name": "Imperial Special Forces Inferno Squad"}]}`,
		`{"armyFaction": "imperial", "units": [{"name": "Imperial Special Forces Inferno Squad", "upgrades": ["Gideon Hask", "Del Meeko"]}]}`,
	} {
		a, err := Import([]byte(list))
		if err != nil {
			t.Fatal(err)
		}
		var from []string
		for _, m := range a.Units[0].Minis {
			from = append(from, m.From)
		}
		// Gideon Hask's mini is a leader (upgradeMinis): it comes first.
		if got := strings.Join(from, "|"); got != "Gideon Hask||Del Meeko" {
			t.Errorf("minis from %q, want Gideon Hask leading, the card's mini, Del Meeko", got)
		}
	}
}

// An unknown unit is named in one line and the rest is imported; unknown battle cards likewise.
func TestUnknownNames(t *testing.T) {
	a, err := Import([]byte(`{"armyFaction": "rebel", "units": [{"name": "Rebel Troopers"}, {"name": "Ewok Hunters"}, {"name": "Stormtroopers"}],
		"battlefieldDeck": {"objective": ["Breakthrough", "Sabotage the Moisture Vaporators"], "deployment": ["Key Positions"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Units) != 1 || a.Units[0].Name != "Rebel Troopers" {
		t.Fatalf("imported %+v", a.Units)
	}
	want := []string{
		`units[1]: "Ewok Hunters" is not a rebels unit in the catalog; not imported`,
		`units[2]: "Stormtroopers" is not a rebels unit in the catalog (it is empire); not imported`,
		`battlefieldDeck.objective[1]: battle card "Sabotage the Moisture Vaporators" is not in maps/cards; not imported`,
		`battlefieldDeck.deployment[0]: "Key Positions" is a objective card, not a deployment card; not imported`,
	}
	if strings.Join(a.Unknown, "\n") != strings.Join(want, "\n") {
		t.Fatalf("unknown:\n%s\nwant:\n%s", strings.Join(a.Unknown, "\n"), strings.Join(want, "\n"))
	}
	if strings.Join(a.Deck.Objectives, ",") != "breakthrough" {
		t.Fatalf("objectives %q", a.Deck.Objectives)
	}
}

// Lists that cannot be read, or import nothing, are refused with one line naming the field.
func TestMalformedLists(t *testing.T) {
	for _, tc := range []struct{ name, list, fault string }{
		{"not JSON", `{"armyFaction": "rebel", "units": [`, "list: file: not JSON"},
		{"empty", ``, "list: file: not JSON: empty input"},
		{"array", `[]`, "list: file: must be an object, got array"},
		{"no faction", `{"units": []}`, "list: armyFaction: missing"},
		{"bad faction", `{"armyFaction": "hutt", "units": []}`, `list: armyFaction: unknown faction "hutt"`},
		{"no units", `{"armyFaction": "rebel"}`, "list: units: missing"},
		{"units not array", `{"armyFaction": "rebel", "units": {}}`, "list: units: must be an array, got object"},
		{"name number", `{"armyFaction": "rebel", "units": [{"name": 3}]}`, "list: units[0].name: must be a string, got number"},
		{"name empty", `{"armyFaction": "rebel", "units": [{"name": " "}]}`, "list: units[0].name: must not be empty"},
		{"upgrade null", `{"armyFaction": "rebel", "units": [{"name": "Rebel Troopers", "upgrades": [null]}]}`, "list: units[0].upgrades[0]: must be a string, got null"},
		{"unknown field", `{"armyFaction": "rebel", "units": [], "cheats": true}`, "list: cheats: unknown field"},
		{"unknown unit field", `{"armyFaction": "rebel", "units": [{"name": "Rebel Troopers", "count": 2}]}`, "list: units[0].count: unknown field"},
		{"duplicate key", `{"armyFaction": "rebel", "armyFaction": "imperial", "units": []}`, `list: file: key "armyFaction" given twice`},
		{"points", `{"armyFaction": "rebel", "points": 800.5, "units": []}`, "list: points: must be an integer, got 800.5"},
		{"trailing", `{"armyFaction": "rebel", "units": []} {}`, "list: file: not JSON"},
		{"deck twice", `{"armyFaction": "rebel", "units": [], "battlefieldDeck": {"objective": ["Breakthrough", "Breakthrough"]}}`, `list: battlefieldDeck.objective[1]: "Breakthrough" is listed twice`},
		{"nothing", `{"armyFaction": "rebel", "units": []}`, "list: units: the list names no unit"},
		{"nothing known", `{"armyFaction": "rebel", "units": [{"name": "Ewok Hunters"}]}`, `list: units: none of the 1 units is in the catalog (units[0]: "Ewok Hunters" is not a rebels unit`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := Import([]byte(tc.list))
			if err == nil {
				t.Fatalf("imported %+v", a)
			}
			if !strings.HasPrefix(err.Error(), tc.fault) || strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("got %q, want one line starting %q", err, tc.fault)
			}
		})
	}
}

// bigReader yields n bytes of list-looking text without holding them, and counts what is read.
type bigReader struct{ n, read int }

func (r *bigReader) Read(p []byte) (int, error) {
	if r.read >= r.n {
		return 0, io.EOF
	}
	k := min(len(p), r.n-r.read)
	for i := range k {
		p[i] = " \n"[(r.read+i)%2]
	}
	r.read += k
	return k, nil
}

// A 100 MB file is refused with one line before it is parsed, having read only one byte past
// the limit.
func TestTooLargeRefused(t *testing.T) {
	r := &bigReader{n: 100 << 20}
	_, err := Read(r)
	if err == nil || !strings.Contains(err.Error(), "larger than 1048576 bytes") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("got %v", err)
	}
	if r.read > MaxListBytes+1+32*1024 {
		t.Fatalf("read %d bytes of a 100 MB input; the limit is %d", r.read, MaxListBytes)
	}
	if _, err := Parse(bytes.Repeat([]byte(" "), MaxListBytes+1)); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Fatalf("Parse of an oversized slice: %v", err)
	}
	// Just under the limit is read (and then judged on its content).
	data := append([]byte(`{"armyFaction": "rebel", "units": [{"name": "Rebel Troopers"}]}`), bytes.Repeat([]byte(" "), MaxListBytes-100)...)
	if l, err := Read(bytes.NewReader(data)); err != nil || len(l.Units) != 1 {
		t.Fatalf("a list just under the limit: %v", err)
	}
}

func TestPointSizes(t *testing.T) {
	for _, tc := range []struct {
		points int
		name   string
		ok     bool
	}{{0, "Recon", true}, {600, "Recon", true}, {601, "Escalation", true}, {800, "Escalation", true},
		{1000, "Standard", true}, {1001, "Grand Army", true}, {1600, "Grand Army", true}, {1601, "Grand Army", false}} {
		s, ok := SizeOf(tc.points)
		if s.Name[0] != tc.name || ok != tc.ok {
			t.Errorf("%d points: %s %v, want %s %v", tc.points, s.Name[0], ok, tc.name, tc.ok)
		}
	}
}

// FuzzParse: any input either parses or is refused with one line; what parses resolves without
// panicking, and a parsed list written back as JSON parses to the same list.
func FuzzParse(f *testing.F) {
	for _, name := range Examples() {
		data, _ := Example(name)
		f.Add(data)
	}
	f.Add([]byte(`{"armyFaction": "", "units": [{"name": "Black Sun Vigo", "upgrades": ["Black Sun Enforcer"]}]}`))
	f.Add([]byte(`{"armyFaction": "rebel", "units": [{"name": "x"}], "battlefieldDeck": {"objective": ["y"]}}`))
	f.Add([]byte(`{"armyFaction": 1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse(data)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("a refusal spans lines: %q", err)
			}
			return
		}
		a := Resolve(l, maps.UnitCatalog())
		for _, u := range a.Units {
			if len(u.Minis) == 0 || !u.Minis[0].Leader {
				t.Fatalf("%s has no leader first", u.Name)
			}
		}
		back, err := json.Marshal(listJSON(l))
		if err != nil {
			t.Fatal(err)
		}
		l2, err := Parse(back)
		if err != nil {
			t.Fatalf("written back %s: %v", back, err)
		}
		if fmt.Sprint(*l2) != fmt.Sprint(*l) {
			t.Fatalf("round trip:\n%+v\n%+v", *l, *l2)
		}
	})
}

// listJSON is a List in the list format.
func listJSON(l *List) map[string]any {
	units := []any{}
	for _, u := range l.Units {
		units = append(units, map[string]any{"name": u.Name, "upgrades": orEmpty(u.Upgrades), "loadout": orEmpty(u.Loadout)})
	}
	return map[string]any{"author": l.Author, "points": l.Points, "armyFaction": l.ArmyFaction,
		"commandCards": orEmpty(l.CommandCards), "contingencies": orEmpty(l.Contingencies), "units": units,
		"battlefieldDeck": map[string]any{"scenario": l.Deck.Scenario, "objective": orEmpty(l.Deck.Objectives),
			"deployment": orEmpty(l.Deck.Deployments), "conditions": orEmpty(l.Deck.Conditions)},
		"listname": l.ListName, "numActivations": l.NumActivations, "battleForce": l.BattleForce, "listlink": l.ListLink}
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func TestExamples(t *testing.T) {
	if got := strings.Join(Examples(), ","); got != "imperial-800,rebel-800" {
		t.Fatalf("examples %s", got)
	}
	for _, bad := range []string{"", "../army", "imperial-800.json", "nope"} {
		if _, ok := Example(bad); ok {
			t.Errorf("Example(%q) found something", bad)
		}
	}
}
