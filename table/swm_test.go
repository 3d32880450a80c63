package table

import (
	"reflect"
	"strings"
	"testing"
)

// swmDoc is a small valid grid table that the fault cases break one field at a time.
const swmDoc = `{
 "format": "holotable/1",
 "ruleset": "swm",
 "grid": {"width": 8, "height": 6},
 "terrain": [
  "........",
  "..l.....",
  "..d..##.",
  "........",
  "p.......",
  "........"
 ],
 "walls": [{"from": [4, 0], "to": [4, 2], "bevel": "to"}, {"from": [4, 4], "to": [8, 4], "colour": "magenta"}],
 "doors": [{"id": "door", "from": [4, 2], "to": [4, 3], "state": "held-open", "heldBy": "droid"}],
 "figures": [
  {"id": "luke", "name": "Luke Skywalker", "side": "rebels", "x": 1, "y": 1, "abilities": ["accurate-shot"]},
  {"id": "rancor", "side": "empire", "x": 5, "y": 0, "size": "large", "speed": 8, "reach": 2, "abilities": ["rigid", "melee-attack"], "hp": 180},
  {"id": "droid", "side": "empire", "x": 6, "y": 5, "size": "small", "speed": 4}
 ],
 "doorSquares": "touch",
 "queries": [
  {"id": "q1", "kind": "los", "from": "luke", "to": "rancor"},
  {"id": "q2", "kind": "reach", "figure": "luke", "double": true, "x": 3, "y": 3, "why": "kept"}
 ],
 "note": "kept too"
}`

func TestLoadSWM(t *testing.T) {
	f, err := LoadSWM([]byte(swmDoc))
	if err != nil {
		t.Fatal(err)
	}
	if f.Width != 8 || f.Height != 6 || len(f.Squares) != 48 {
		t.Fatalf("grid %d × %d, %d squares", f.Width, f.Height, len(f.Squares))
	}
	for _, c := range []struct {
		x, y int
		want Square
	}{{2, 1, SquareLow}, {2, 2, SquareDifficult}, {5, 2, SquareSolid}, {0, 4, SquarePit}, {7, 5, SquareOpen}} {
		if got := f.At(c.x, c.y); got != c.want {
			t.Errorf("square (%d,%d) is %v, want %v", c.x, c.y, got, c.want)
		}
	}
	if w := f.Walls[0]; w.From != (Point{4, 0}) || w.To != (Point{4, 2}) || w.Bevel != BevelTo || !w.Bevel.Open(false) || w.Bevel.Open(true) {
		t.Errorf("wall %+v", w)
	}
	if f.Walls[1].Extra["colour"] != "magenta" {
		t.Errorf("wall extra %v", f.Walls[1].Extra)
	}
	if d := f.Doors[0]; d.State != DoorHeldOpen || d.State.Blocks() || d.HeldBy != "droid" {
		t.Errorf("door %+v", d)
	}
	r := f.Figures[1]
	if r.Size != SizeLarge || r.Size.Squares() != 2 || r.Speed != 8 || r.Reach != 2 || !r.Abilities.Has(AbilityRigid) ||
		!r.Abilities.Has(AbilityMeleeAttack) || r.Abilities.Has(AbilityFlight) || r.Extra["hp"] == nil {
		t.Errorf("rancor %+v", r)
	}
	if l := f.Figures[0]; l.Size != SizeMedium || l.Speed != 6 || l.Reach != 1 || l.Name != "Luke Skywalker" {
		t.Errorf("luke %+v", l)
	}
	if f.DoorSquares != DoorTouch || len(f.Queries) != 2 || !f.Queries[1].Double || !f.Queries[1].Has["x"] || f.Queries[1].Y != 3 ||
		f.Queries[1].Extra["why"] != "kept" || f.Extra["note"] != "kept too" {
		t.Errorf("doorSquares %v queries %+v extra %v", f.DoorSquares, f.Queries, f.Extra)
	}
	// Save and load again: nothing lost, and Save is deterministic.
	out, err := SaveSWM(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := LoadSWM(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !reflect.DeepEqual(f, g) {
		t.Errorf("LoadSWM(SaveSWM(f)) != f\n%s", out)
	}
	if again, _ := SaveSWM(g); string(again) != string(out) {
		t.Errorf("SaveSWM is not deterministic")
	}
	// The smallest grid table: everything defaulted.
	min, err := LoadSWM([]byte(`{"format": "holotable/1", "ruleset": "swm", "grid": {"width": 1, "height": 1}}`))
	if err != nil || min.Squares[0] != SquareOpen || min.Walls != nil || min.Figures != nil || min.Queries != nil {
		t.Errorf("minimal grid table: %+v %v", min, err)
	}
}

// RulesetOf tells a grid table from a Legion table without loading either, and each loader
// refuses the other's files with one line.
func TestRulesetOf(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{swmDoc, "swm"},
		{baseDoc, "legion"},
		{`{"format": "holotable/1", "ruleset": "specops"}`, "specops"},
		{`{"format": "holotable/1", "ruleset": "chess"}`, "chess"},
	} {
		got, err := RulesetOf([]byte(c.doc))
		if err != nil || got != c.want {
			t.Errorf("RulesetOf = %q, %v; want %q", got, err, c.want)
		}
	}
	for _, c := range []struct{ doc, want string }{
		{`[1]`, "file: must be an object"},
		{`{"format": "holotable/2"}`, "format: unknown format"},
		{`{"ruleset": "swm"}`, "format: missing"},
		{`{`, "file: not JSON"},
	} {
		if _, err := RulesetOf([]byte(c.doc)); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("RulesetOf(%s) = %v, want %q", c.doc, err, c.want)
		}
	}
	if _, err := Load([]byte(swmDoc)); err == nil || !strings.HasPrefix(err.Error(), `ruleset: "swm" is a grid table`) {
		t.Errorf("Load of a grid table: %v", err)
	}
	if _, err := LoadSWM([]byte(baseDoc)); err == nil || !strings.HasPrefix(err.Error(), "ruleset: missing") {
		t.Errorf("LoadSWM of a Legion table: %v", err)
	}
}

// Every fault is one line naming the field, found in the documented order.
func TestSWMFaults(t *testing.T) {
	cases := []struct {
		name   string
		edits  []any
		prefix string
	}{
		{"ruleset", []any{"ruleset", "legion"}, `ruleset: "legion" is not a grid table`},
		{"no grid", []any{"grid", del}, "grid: missing"},
		{"width 0", []any{"grid.width", raw("0")}, "grid.width: must be 1 to 100 squares, got 0"},
		{"height 101", []any{"grid.height", raw("101")}, "grid.height: must be 1 to 100 squares, got 101"},
		{"width 1.5", []any{"grid.width", raw("1.5")}, "grid.width: must be an integer"},
		{"rows", []any{"terrain", raw(`["........"]`)}, "terrain: 1 rows, grid.height is 6"},
		{"row length", []any{"terrain.3", "......."}, "terrain[3]: 7 characters, grid.width is 8"},
		{"row char", []any{"terrain.3", "...x...."}, `terrain[3]: character 3 is "x"`},
		{"row type", []any{"terrain.3", raw("7")}, "terrain[3]: must be a string, got number"},
		{"wall point", []any{"walls.0.from", raw("[4]")}, "walls[0].from: must be a point [x, y]"},
		{"wall off map", []any{"walls.0.to", raw("[4, 7]")}, "walls[0].to: (4,7) is off the map"},
		{"wall diagonal", []any{"walls.0.to", raw("[5, 2]")}, "walls[0].to: (4,0) to (5,2) is not along a grid line"},
		{"wall zero", []any{"walls.0.to", raw("[4, 0]")}, "walls[0].to: equals from"},
		{"wall coordinate", []any{"walls.0.from", raw(`[4, "0"]`)}, "walls[0].from[1]: must be a number, got string"},
		{"bevel", []any{"walls.0.bevel", "top"}, `walls[0].bevel: unknown bevel "top" (one of none, from, to, both)`},
		{"door on wall", []any{"doors.0.from", raw("[4, 1]")}, "doors[0]: lies along a wall (walls[0])"},
		{"door state", []any{"doors.0.state", "ajar"}, `doors[0].state: unknown state "ajar"`},
		{"held by no one", []any{"doors.0.state", "open"}, "doors[0].heldBy: a open door is held by no one"},
		{"held by a ghost", []any{"doors.0.heldBy", "ghost"}, `doors[0].heldBy: no figure "ghost"`},
		{"door id", []any{"doors.0.id", "luke"}, `figures[0].id: duplicate id "luke" (first used by doors[0])`},
		{"figure off map", []any{"figures.1.x", raw("7")}, "figures[1]: a large figure at (7,0) covers squares off the 8 × 6 map"},
		{"figure on solid", []any{"figures.0.x", raw("5"), "figures.0.y", raw("2")}, "figures[0]: stands on square (5,2), which is solid"},
		{"figure on pit", []any{"figures.0.x", raw("0"), "figures.0.y", raw("4")}, "figures[0]: stands on square (0,4), which is pit"},
		{"figures overlap", []any{"figures.2.x", raw("6"), "figures.2.y", raw("1")}, "figures[2]: shares square (6,1) with figures[1]"},
		{"figure across a wall", []any{"figures.1.x", raw("3")}, "figures[1]: straddles walls[0]"},
		{"figure across a closed door", []any{"doors.0.state", "closed", "doors.0.heldBy", del, "figures.1.x", raw("3"), "figures.1.y", raw("2")},
			"figures[1]: straddles doors[0]"},
		{"figure size", []any{"figures.1.size", "gargantuan"}, `figures[1].size: unknown size "gargantuan" (one of medium, small, large, huge)`},
		{"figure side", []any{"figures.1.side", del}, "figures[1].side: missing"},
		{"figure speed", []any{"figures.1.speed", raw("51")}, "figures[1].speed: must be 0 to 50 squares, got 51"},
		{"figure reach", []any{"figures.1.reach", raw("0")}, "figures[1].reach: must be 1 to 6"},
		{"ability", []any{"figures.1.abilities", raw(`["flight", "teleport"]`)}, `figures[1].abilities[1]: unknown ability "teleport"`},
		{"ability twice", []any{"figures.1.abilities", raw(`["rigid", "rigid"]`)}, `figures[1].abilities[1]: "rigid" listed twice`},
		{"figure x", []any{"figures.0.x", del}, "figures[0].x: missing"},
		{"door squares", []any{"doorSquares", "near"}, `doorSquares: unknown doorSquares "near"`},
		{"query kind", []any{"queries.0.kind", "move"}, `queries[0].kind: unknown kind "move"`},
		{"query field", []any{"queries.1.figure", del}, "queries[1].figure: missing"},
		{"query type", []any{"queries.1.double", "yes"}, "queries[1].double: must be a boolean, got string"},
		{"query id", []any{"queries.1.id", "q1"}, `queries[1].id: duplicate query id "q1"`},
	}
	for _, c := range cases {
		doc := editDoc(t, swmDoc, c.edits...)
		f, err := LoadSWM(doc)
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if f != nil || !strings.HasPrefix(err.Error(), c.prefix) || strings.ContainsAny(err.Error(), "\r\n") {
			t.Errorf("%s: %q, want it to start %q", c.name, err.Error(), c.prefix)
		}
	}
}

// The limits hold: a file past them is refused before anything is built from it.
func TestSWMLimits(t *testing.T) {
	many := func(n int, item string) string {
		return "[" + strings.TrimSuffix(strings.Repeat(item+",", n), ",") + "]"
	}
	for _, c := range []struct {
		field, value, want string
	}{
		{"walls", many(MaxWalls+1, `{"from": [0, 0], "to": [1, 0]}`), "walls: 2001 walls, at most 2000"},
		{"doors", many(MaxDoors+1, `{"id": "d", "from": [0, 0], "to": [1, 0]}`), "doors: 501 doors, at most 500"},
		{"figures", many(MaxFigures+1, `{"id": "f", "side": "a", "x": 0, "y": 0}`), "figures: 101 figures, at most 100"},
		{"queries", many(MaxSWMQueries+1, `{"id": "q", "kind": "los", "from": "a", "to": "b"}`), "queries: 1001 queries, at most 1000"},
	} {
		doc := `{"format": "holotable/1", "ruleset": "swm", "grid": {"width": 4, "height": 4}, "` + c.field + `": ` + c.value + `}`
		if _, err := LoadSWM([]byte(doc)); err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.field, err, c.want)
		}
	}
}

// FuzzLoadSWM: LoadSWM never panics, every fault is one "Field: Fault" line, and whatever it
// accepts SaveSWM writes and LoadSWM reads back unchanged.
func FuzzLoadSWM(f *testing.F) {
	f.Add([]byte(swmDoc))
	f.Add([]byte(`{"format": "holotable/1", "ruleset": "swm", "grid": {"width": 1, "height": 1}}`))
	f.Add([]byte(`{"format": "holotable/1", "ruleset": "swm", "grid": {"width": 4, "height": 2}, "deployment": [{"x": 0, "y": 0, "w": 1, "h": 2}, {"x": 3, "y": 0, "w": 1, "h": 2}]}`))
	f.Add([]byte(`{"format": "holotable/1", "ruleset": "swm", "grid": {"width": 3, "height": 2}, "terrain": ["l#.", "pd."],
		"walls": [{"from": [0, 1], "to": [3, 1], "bevel": "both"}], "figures": [{"id": "a", "side": "x", "x": 2, "y": 1, "abilities": ["flight"]}],
		"queries": [{"id": "q", "kind": "within", "figure": "a", "n": 2, "mode": "commander"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		first, err := LoadSWM(data)
		if err != nil {
			e, ok := err.(*Error)
			if !ok || first != nil || e.Field == "" || e.Fault == "" || strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("bad fault %T %q", err, err)
			}
			return
		}
		out, err := SaveSWM(first)
		if err != nil {
			t.Fatalf("SaveSWM of a loaded file: %v", err)
		}
		second, err := LoadSWM(out)
		if err != nil || !reflect.DeepEqual(first, second) {
			t.Fatalf("LoadSWM(SaveSWM(f)) = %v, differs from f\n%s", err, out)
		}
	})
}
