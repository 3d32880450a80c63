package table

import (
	"reflect"
	"strings"
	"testing"
)

// TestKeywordsAndArcsLoad: every keyword of spec v1.1 (and the app's) is read into its typed field,
// an unknown key is kept, arcs are read as given, and a unit without them has none.
func TestKeywordsAndArcsLoad(t *testing.T) {
	f := mustLoad(t, edit(t,
		"units_on_table.1.keywords", raw(`{"speeder": 1.5, "hover": 2, "sideNotches": true, "fullPivot": true,
			"expertClimber": false, "jump": 1, "meleeWeapon": true, "transport": {"capacity": 2, "open": true, "drop": 1},
			"reposition": true, "gunslinger": 3}`),
		"units_on_table.1.arcs", raw(`[30, 150, 210, 330]`),
		"units_on_table.0.keywords", raw(`{"hover": "ground", "expertClimber": true}`)))
	b := f.UnitsOnTable[1]
	want := Keywords{Speeder: KeywordX{true, 1.5}, Hover: Hover{HoverAir, 2}, SideNotches: true, FullPivot: true,
		Jump: KeywordX{true, 1}, MeleeWeapon: true, Transport: Transport{Capacity: 2, Open: true}, Reposition: true,
		Extra: map[string]any{"gunslinger": mustNumber("3")}}
	if !reflect.DeepEqual(b.Keywords, want) {
		t.Errorf("keywords\ngot  %+v\nwant %+v", b.Keywords, want)
	}
	if b.Arcs != (Arcs{30, 150, 210, 330}) || b.ArcLines() != b.Arcs {
		t.Errorf("arcs %v, lines %v", b.Arcs, b.ArcLines())
	}
	a := f.UnitsOnTable[0]
	if a.Keywords.Hover != (Hover{Kind: HoverGround}) || !a.Keywords.ExpertClimber || a.Keywords.Speeder.Has {
		t.Errorf("unit a keywords %+v", a.Keywords)
	}
	if a.Arcs != (Arcs{}) || a.ArcLines() != DefaultArcs {
		t.Errorf("unit a: arcs %v (want none), lines %v (want the default)", a.Arcs, a.ArcLines())
	}
	if got := b.Keywords.String(); got != "Speeder 1.5, Hover: Air 2, side notches, Full Pivot, Jump 1, melee weapon, Transport 2: Open, Reposition" {
		t.Errorf("String() = %q", got)
	}
	if (Keywords{}).String() != "none" || !(Keywords{}).IsZero() || b.Keywords.IsZero() {
		t.Error("the zero Keywords")
	}
	for k, s := range map[HoverKind]string{HoverNone: "none", HoverGround: "ground", HoverAir: "air"} {
		if k.String() != s {
			t.Errorf("%d.String() = %q, want %q", k, k.String(), s)
		}
	}
}

func mustNumber(s string) any {
	v := decode([]byte(s))
	return v
}

// TestKeywordsRoundTrip: Save writes keywords (known keys in order, unknown ones after) and given
// arcs, Load reads them back equal; the explicit default arcs stay explicit, none stay none.
func TestKeywordsRoundTrip(t *testing.T) {
	f := mustLoad(t, edit(t,
		"units_on_table.1.keywords", raw(`{"zeta": [1, 2], "hover": 0, "speeder": 0, "transport": {"capacity": 1}}`),
		"units_on_table.1.arcs", raw(`[45, 135, 225, 315]`)))
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"\"keywords\": {\n        \"speeder\": 0,\n        \"hover\": 0,\n        \"transport\": {\"capacity\": 1, \"open\": false, \"light\": false},\n        \"zeta\": [1, 2]\n      },",
		`"arcs": [45, 135, 225, 315]`,
	} {
		if !strings.Contains(string(out), s) {
			t.Errorf("saved file lacks %s:\n%s", s, out)
		}
	}
	if strings.Count(string(out), `"arcs"`) != 1 || strings.Count(string(out), `"keywords"`) != 1 {
		t.Errorf("arcs or keywords written for a unit that has none:\n%s", out)
	}
	g := mustLoad(t, out)
	if !reflect.DeepEqual(f, g) {
		t.Errorf("Load(Save(f)) differs:\n%s", out)
	}
}

// TestKeywordAndArcFaults: each bad keyword or arc value is refused with one line naming it.
func TestKeywordAndArcFaults(t *testing.T) {
	cases := []struct {
		name  string
		edits []any
		want  string
	}{
		{"keywords not an object", []any{"units_on_table.1.keywords", raw(`["speeder"]`)}, `units_on_table[1].keywords: must be an object, got array`},
		{"speeder a string", []any{"units_on_table.1.keywords", raw(`{"speeder": "1"}`)}, `units_on_table[1].keywords.speeder: must be a number, got string`},
		{"speeder negative", []any{"units_on_table.1.keywords", raw(`{"speeder": -1}`)}, `units_on_table[1].keywords.speeder: must not be negative, got -1`},
		{"speeder true", []any{"units_on_table.1.keywords", raw(`{"speeder": true}`)}, `units_on_table[1].keywords.speeder: must be a number, got boolean`},
		{"hover word", []any{"units_on_table.1.keywords", raw(`{"hover": "air"}`)}, `units_on_table[1].keywords.hover: must be "ground" or a number (Hover: Air X), got "air"`},
		{"hover negative", []any{"units_on_table.1.keywords", raw(`{"hover": -0.5}`)}, `units_on_table[1].keywords.hover: must not be negative, got -0.5`},
		{"hover bool", []any{"units_on_table.1.keywords", raw(`{"hover": true}`)}, `units_on_table[1].keywords.hover: must be a number, got boolean`},
		{"side notches number", []any{"units_on_table.1.keywords", raw(`{"sideNotches": 1}`)}, `units_on_table[1].keywords.sideNotches: must be a boolean, got number`},
		{"full pivot null", []any{"units_on_table.1.keywords", raw(`{"fullPivot": null}`)}, `units_on_table[1].keywords.fullPivot: must be a boolean, got null`},
		{"expert climber string", []any{"units_on_table.0.keywords", raw(`{"expertClimber": "yes"}`)}, `units_on_table[0].keywords.expertClimber: must be a boolean, got string`},
		{"jump negative", []any{"units_on_table.0.keywords", raw(`{"jump": -2}`)}, `units_on_table[0].keywords.jump: must not be negative, got -2`},
		{"transport number", []any{"units_on_table.1.keywords", raw(`{"transport": 2}`)}, `units_on_table[1].keywords.transport: must be an object, got number`},
		{"transport no capacity", []any{"units_on_table.1.keywords", raw(`{"transport": {"open": true}}`)}, `units_on_table[1].keywords.transport.capacity: missing`},
		{"transport capacity 0", []any{"units_on_table.1.keywords", raw(`{"transport": {"capacity": 0}}`)}, `units_on_table[1].keywords.transport.capacity: must be at least 1, got 0`},
		{"weak point a number", []any{"units_on_table.1.keywords", raw(`{"weakPoint": 1}`)}, `units_on_table[1].keywords.weakPoint: must be an object, got number`},
		{"weak point empty", []any{"units_on_table.1.keywords", raw(`{"weakPoint": {}}`)}, `units_on_table[1].keywords.weakPoint.rear: a weak point names "rear" or "sides" (or both) with its X`},
		{"weak point 0", []any{"units_on_table.1.keywords", raw(`{"weakPoint": {"rear": 0}}`)}, `units_on_table[1].keywords.weakPoint.rear: must be at least 1 (Weak Point X), got 0`},
		{"weak point 1.5", []any{"units_on_table.1.keywords", raw(`{"weakPoint": {"sides": 1.5}}`)}, `units_on_table[1].keywords.weakPoint.sides: must be an integer, got 1.5`},
		{"weak point front", []any{"units_on_table.1.keywords", raw(`{"weakPoint": {"rear": 1, "front": 1}}`)}, `units_on_table[1].keywords.weakPoint.front: unknown field (known: rear, sides)`},
		{"arcs not an array", []any{"units_on_table.1.arcs", raw(`{"front": 90}`)}, `units_on_table[1].arcs: must be an array, got object`},
		{"arcs three", []any{"units_on_table.1.arcs", raw(`[45, 135, 225]`)}, `units_on_table[1].arcs: must be four increasing angles in (0, 360), got 3 values`},
		{"arcs five", []any{"units_on_table.1.arcs", raw(`[45, 135, 225, 315, 350]`)}, `units_on_table[1].arcs: must be four increasing angles in (0, 360), got 5 values`},
		{"arc zero", []any{"units_on_table.1.arcs", raw(`[0, 135, 225, 315]`)}, `units_on_table[1].arcs[0]: must be an angle in (0, 360), got 0`},
		{"arc 360", []any{"units_on_table.1.arcs", raw(`[45, 135, 225, 360]`)}, `units_on_table[1].arcs[3]: must be an angle in (0, 360), got 360`},
		{"arc negative", []any{"units_on_table.1.arcs", raw(`[-45, 135, 225, 315]`)}, `units_on_table[1].arcs[0]: must be an angle in (0, 360), got -45`},
		{"arcs decreasing", []any{"units_on_table.1.arcs", raw(`[45, 225, 135, 315]`)}, `units_on_table[1].arcs[2]: must be more than 225 (the arc lines increase), got 135`},
		{"arcs repeated", []any{"units_on_table.1.arcs", raw(`[45, 45, 225, 315]`)}, `units_on_table[1].arcs[1]: must be more than 45 (the arc lines increase), got 45`},
		{"arc a string", []any{"units_on_table.1.arcs", raw(`[45, "135", 225, 315]`)}, `units_on_table[1].arcs[1]: must be a number, got string`},
		{"maneuver without mode", []any{"queries.1", raw(`{"id": "q2", "kind": "maneuver", "mini": "a-1", "speed": 1}`)}, `queries[1].mode: missing`},
		{"maneuver mode a number", []any{"queries.1", raw(`{"id": "q2", "kind": "maneuver", "mini": "a-1", "mode": 1}`)}, `queries[1].mode: must be a string, got number`},
		{"maneuver heading a string", []any{"queries.1", raw(`{"id": "q2", "kind": "maneuver", "mini": "a-1", "mode": "standard", "heading": "north"}`)}, `queries[1].heading: must be a number, got string`},
		{"maneuver speed 1.5", []any{"queries.1", raw(`{"id": "q2", "kind": "maneuver", "mini": "a-1", "mode": "standard", "speed": 1.5}`)}, `queries[1].speed: must be an integer, got 1.5`},
		{"arc without arc", []any{"queries.1", raw(`{"id": "q2", "kind": "arc", "from": "b-1", "to": "a"}`)}, `queries[1].arc: missing`},
		{"arc to a number", []any{"queries.1", raw(`{"id": "q2", "kind": "arc", "from": "b-1", "to": 3, "arc": "front"}`)}, `queries[1].to: must be a string, got number`},
		{"climb without onto", []any{"queries.1", raw(`{"id": "q2", "kind": "climb", "mini": "a-1", "mode": "climb"}`)}, `queries[1].onto: missing`},
		{"climb mode null", []any{"queries.1", raw(`{"id": "q2", "kind": "climb", "mini": "a-1", "onto": "wall", "mode": null}`)}, `queries[1].mode: must be a string, got null`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Load(edit(t, c.edits...))
			if err == nil || f != nil {
				t.Fatalf("loaded (%v), want %q", err, c.want)
			}
			if err.Error() != c.want {
				t.Errorf("got  %q\nwant %q", err.Error(), c.want)
			}
		})
	}
}

// TestNewQueriesLoad: the v1.1 query kinds read their fields; what their values mean is the
// judge's business (an unknown mode or arc name loads).
func TestNewQueriesLoad(t *testing.T) {
	f := mustLoad(t, []byte(`{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}, "queries": [
		{"id": "m", "kind": "maneuver", "mini": "t", "mode": "reverse", "speed": 2, "bend": 30, "fraction": 0.5},
		{"id": "c", "kind": "maneuver", "mini": "t", "mode": "compulsory"},
		{"id": "h", "kind": "maneuver", "mini": "t", "mode": "standard", "speed": 1, "heading": 0},
		{"id": "p", "kind": "maneuver", "mini": "t", "mode": "pivot"},
		{"id": "a", "kind": "arc", "from": "t", "to": "u", "arc": "side"},
		{"id": "k", "kind": "climb", "mini": "s", "onto": "bldg", "mode": "jump", "note": 1}
	]}`))
	want := []Query{
		{ID: "m", Kind: "maneuver", Mini: "t", Mode: "reverse", MoveSpeed: 2, Bend: 30, Fraction: 0.5,
			Has: map[string]bool{"mini": true, "mode": true, "speed": true, "bend": true, "fraction": true}},
		{ID: "c", Kind: "maneuver", Mini: "t", Mode: "compulsory", Fraction: 1, Has: map[string]bool{"mini": true, "mode": true}},
		{ID: "h", Kind: "maneuver", Mini: "t", Mode: "standard", MoveSpeed: 1, Fraction: 1,
			Has: map[string]bool{"mini": true, "mode": true, "speed": true, "heading": true}},
		{ID: "p", Kind: "maneuver", Mini: "t", Mode: "pivot", Fraction: 1, Has: map[string]bool{"mini": true, "mode": true}},
		{ID: "a", Kind: "arc", From: "t", To: "u", Arc: "side", Fraction: 1, Has: map[string]bool{"from": true, "to": true, "arc": true}},
		{ID: "k", Kind: "climb", Mini: "s", Onto: "bldg", Mode: "jump", Fraction: 1, Has: map[string]bool{"mini": true, "onto": true, "mode": true},
			Extra: map[string]any{"note": mustNumber("1")}},
	}
	if len(f.Queries) != len(want) {
		t.Fatalf("%d queries, want %d", len(f.Queries), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(f.Queries[i], want[i]) {
			t.Errorf("query %d:\ngot  %+v\nwant %+v", i, f.Queries[i], want[i])
		}
	}
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	// A heading given as 0 is written back: on a notched base its presence is the fault.
	if !strings.Contains(string(out), `"heading": 0`) {
		t.Errorf("the given heading 0 was dropped:\n%s", out)
	}
	if g := mustLoad(t, out); !reflect.DeepEqual(f, g) {
		t.Errorf("Load(Save(f)) differs:\n%s", out)
	}
}

// FuzzKeywordsAndQueries decodes a unit's keywords and arcs and a v1.1 query given as raw JSON
// text inside a valid file: Load never panics, a fault is one "field: fault" line, and what loads
// saves and loads back equal. The seeds (every keyword, the arcs, each new query kind) run in go
// test.
func FuzzKeywordsAndQueries(f *testing.F) {
	seeds := [][3]string{
		{`{"speeder": 1, "hover": "ground", "sideNotches": true, "fullPivot": true, "expertClimber": true, "jump": 2, "meleeWeapon": true, "transport": {"capacity": 2, "open": true, "light": false}, "reposition": true}`, `[30, 150, 210, 330]`,
			`{"id": "m", "kind": "maneuver", "mini": "b-1", "mode": "reverse", "speed": 2, "bend": -30, "fraction": 0.5}`},
		{`{"hover": 0.5, "gunslinger": {"x": [1, 2]}}`, `[10, 20, 340, 350]`, `{"id": "c", "kind": "maneuver", "mini": "b-1", "mode": "compulsory"}`},
		{`{}`, `[45, 135, 225, 315]`, `{"id": "a", "kind": "arc", "from": "b-1", "to": "a", "arc": "front"}`},
		{`{"speeder": -1}`, `[45, 135, 225]`, `{"id": "k", "kind": "climb", "mini": "a-1", "onto": "wall", "mode": "climb"}`},
		{`{"hover": "air"}`, `[0, 1, 2, 3]`, `{"id": "m", "kind": "maneuver", "mini": "a-1", "mode": "standard", "heading": "x"}`},
		{`[]`, `{}`, `{"id": "k", "kind": "climb", "mini": "a-1", "mode": 1}`},
		{`{"transport": {"capacity": 0}}`, `[45, 45, 225, 315]`, `{"id": "a", "kind": "arc", "from": "b-1"}`},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, keywords, arcs, query string) {
		doc := strings.Replace(baseDoc, `"type": "ground", "minis"`, `"type": "ground", "keywords": `+keywords+`, "arcs": `+arcs+`, "minis"`, 1)
		doc = strings.Replace(doc, `{"id": "q2", "kind": "move", "mini": "a-1", "speed": 2}`, query, 1)
		first, err := Load([]byte(doc))
		if err != nil {
			e, ok := err.(*Error)
			if !ok || first != nil || e.Field == "" || e.Fault == "" || strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("bad fault %T %q", err, err.Error())
			}
			return
		}
		out, err := Save(first)
		if err != nil {
			t.Fatalf("Save of a loaded file: %v", err)
		}
		second, err := Load(out)
		if err != nil || !reflect.DeepEqual(first, second) {
			t.Fatalf("Load(Save(f)) differs or fails (%v)\n%s", err, out)
		}
		for _, u := range first.UnitsOnTable {
			if a := u.ArcLines(); !(a[0] > 0 && a[0] < a[1] && a[1] < a[2] && a[2] < a[3] && a[3] < 360) {
				t.Fatalf("arcs %v loaded", a)
			}
		}
	})
}

// TestWeakPointKeyword: "weakPoint" (holotable's addition, docs/format-moves.md) reads the rear and
// side X, is written back after "fixed" with only the sides given, and names itself in String.
func TestWeakPointKeyword(t *testing.T) {
	f := mustLoad(t, edit(t, "units_on_table.1.keywords", raw(`{"weakPoint": {"sides": 1, "rear": 2}, "armor": true}`)))
	k := f.UnitsOnTable[1].Keywords
	if k.WeakPoint != (WeakPoint{Rear: 2, Sides: 1}) || !k.WeakPoint.Has() || k.IsZero() {
		t.Fatalf("weak point %+v", k.WeakPoint)
	}
	if got := k.String(); got != "Armor, Weak Point 2: Rear, Weak Point 1: Sides" {
		t.Errorf("String() = %q", got)
	}
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"weakPoint": {"rear": 2, "sides": 1}`) {
		t.Errorf("saved:\n%s", out)
	}
	if g := mustLoad(t, out); !reflect.DeepEqual(f, g) {
		t.Error("Load(Save(f)) differs")
	}
	f = mustLoad(t, edit(t, "units_on_table.1.keywords", raw(`{"weakPoint": {"rear": 1}}`)))
	if out, _ := Save(f); !strings.Contains(string(out), `"weakPoint": {"rear": 1}`) {
		t.Errorf("saved:\n%s", out)
	}
}
