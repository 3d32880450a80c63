package table

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// baseDoc is a small valid file that the fault cases break one field at a time.
const baseDoc = `{
 "format": "holotable/1",
 "battlefield": {"width": 72, "depth": 36},
 "terrain": [
  {"id": "wall", "polygon": [[10, 10], [12, 10], [12, 14], [10, 14]], "height": 3, "kind": "solid", "cover": "heavy"},
  {"id": "rock", "circle": {"x": 30, "y": 20, "r": 2}, "height": 1}
 ],
 "units_on_table": [
  {"id": "a", "side": "red", "type": "trooper", "minis": [
   {"id": "a-1", "leader": true, "x": 5, "y": 5, "base": "small", "height": 1.65},
   {"id": "a-2", "x": 7, "y": 5, "base": "small", "height": 1.65}
  ]},
  {"id": "b", "side": "blue", "type": "ground", "minis": [
   {"id": "b-1", "leader": true, "x": 50, "y": 20, "base": 3, "height": 2.5}
  ]}
 ],
 "tokens": [{"id": "obj", "kind": "objective", "x": 36, "y": 18, "r": 0.75}],
 "queries": [
  {"id": "q1", "kind": "range", "from": "a", "to": "b", "attack": true},
  {"id": "q2", "kind": "move", "mini": "a-1", "speed": 2}
 ]
}`

// del as a value removes the field.
type deleteMarker struct{}

var del = deleteMarker{}

// edit returns baseDoc with the value at path (dot-separated keys and indices, e.g.
// "units_on_table.1.minis.0.x") set to v (raw JSON if v is a json.RawMessage) or deleted.
func edit(t testing.TB, edits ...any) []byte {
	t.Helper()
	return editDoc(t, baseDoc, edits...)
}

// editDoc is edit of another document.
func editDoc(t testing.TB, base string, edits ...any) []byte {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(base))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(edits); i += 2 {
		path, v := edits[i].(string), edits[i+1]
		parts := strings.Split(path, ".")
		cur := doc
		for _, p := range parts[:len(parts)-1] {
			switch c := cur.(type) {
			case map[string]any:
				cur = c[p]
			case []any:
				n, _ := strconv.Atoi(p)
				cur = c[n]
			}
		}
		last := parts[len(parts)-1]
		if raw, ok := v.(json.RawMessage); ok {
			var x any
			d := json.NewDecoder(strings.NewReader(string(raw)))
			d.UseNumber()
			if err := d.Decode(&x); err != nil {
				t.Fatalf("bad raw %s: %v", raw, err)
			}
			v = x
		}
		switch c := cur.(type) {
		case map[string]any:
			if v == del {
				delete(c, last)
			} else {
				c[last] = v
			}
		case []any:
			n, _ := strconv.Atoi(last)
			c[n] = v
		default:
			t.Fatalf("edit %s: not a container", path)
		}
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type raw = json.RawMessage

func TestBaseDocLoads(t *testing.T) {
	if _, err := Load([]byte(baseDoc)); err != nil {
		t.Fatal(err)
	}
}

// faultCase is a broken file, given whole (data) or as edits of baseDoc, and its exact fault.
type faultCase struct {
	name  string
	data  []byte // used when edits is nil
	edits []any
	want  string
}

// doc returns the case's file.
func (c faultCase) doc(t testing.TB) []byte {
	if c.edits != nil {
		return edit(t, c.edits...)
	}
	return c.data
}

var faultCases = []faultCase{
	// Not JSON, not an object.
	{name: "empty", data: []byte(""), want: `file: not JSON: empty input`},
	{name: "truncated", data: []byte(`{"format": "holotable/1"`), want: `file: not JSON: unexpected end of input`},
	{name: "syntax", data: []byte("{\n  \"format\": x}"), want: `file: not JSON: invalid character 'x' looking for beginning of value (line 2, column 13)`},
	{name: "trailing data", data: []byte(`{} {}`), want: `file: not JSON: invalid character '{' after top-level value (line 1, column 4)`},
	{name: "array", data: []byte(`[1, 2]`), want: `file: must be an object, got array`},
	{name: "duplicate key", data: []byte(`{"format": "holotable/1", "format": "holotable/1"}`), want: `file: key "format" given twice`},
	{name: "duplicate nested key", data: []byte(strings.Replace(baseDoc, `"width": 72,`, `"width": 72, "width": 72,`, 1)), want: `battlefield: key "width" given twice`},
	{name: "too deep", data: []byte(`{"x": ` + strings.Repeat("[", 300) + strings.Repeat("]", 300) + `}`),
		want: "x" + strings.Repeat("[0]", maxDepth-1) + ": nested deeper than 256 levels"},

	// Top level.
	{name: "format missing", edits: []any{"format", del}, want: `format: missing`},
	{name: "format unknown", edits: []any{"format", "holotable/2"}, want: `format: unknown format "holotable/2"`},
	{name: "format type", edits: []any{"format", 1}, want: `format: must be a string, got number`},
	{name: "ruleset unknown", edits: []any{"ruleset", "skirmish"}, want: `ruleset: unknown ruleset "skirmish"`},
	{name: "units unknown", edits: []any{"units", "cm"}, want: `units: unknown units "cm"`},
	{name: "units null", edits: []any{"units", nil}, want: `units: must be a string, got null`},
	{name: "battlefield missing", edits: []any{"battlefield", del}, want: `battlefield: missing`},
	{name: "battlefield type", edits: []any{"battlefield", raw(`[72, 36]`)}, want: `battlefield: must be an object, got array`},
	{name: "battlefield width zero", edits: []any{"battlefield.width", 0}, want: `battlefield.width: must be positive, got 0`},
	{name: "battlefield depth missing", edits: []any{"battlefield.depth", del}, want: `battlefield.depth: missing`},
	{name: "battlefield depth negative", edits: []any{"battlefield.depth", -36}, want: `battlefield.depth: must be positive, got -36`},
	{name: "terrain not array", edits: []any{"terrain", raw(`{}`)}, want: `terrain: must be an array, got object`},
	{name: "terrain element", edits: []any{"terrain.1", "rock"}, want: `terrain[1]: must be an object, got string`},

	// Numbers.
	{name: "non-finite", data: []byte(strings.Replace(baseDoc, `"height": 3,`, `"height": 1e999,`, 1)), want: `terrain[0].height: must be a finite number, got 1e999`},
	{name: "non-finite unknown field", data: []byte(strings.Replace(baseDoc, `"format"`, `"note": {"x": [-1e400]}, "format"`, 1)), want: `note.x[0]: must be a finite number, got -1e400`},
	{name: "number as string", edits: []any{"units_on_table.1.minis.0.x", "20"}, want: `units_on_table[1].minis[0].x: must be a number, got string`},
	{name: "number null", edits: []any{"terrain.0.height", nil}, want: `terrain[0].height: must be a number, got null`},

	// Ids.
	{name: "id missing", edits: []any{"terrain.0.id", del}, want: `terrain[0].id: missing`},
	{name: "id empty", edits: []any{"tokens.0.id", ""}, want: `tokens[0].id: must not be empty`},
	{name: "id type", edits: []any{"units_on_table.0.id", 7}, want: `units_on_table[0].id: must be a string, got number`},
	{name: "duplicate terrain id", edits: []any{"terrain.1.id", "wall"}, want: `terrain[1].id: duplicate id "wall" (first used by terrain[0])`},
	{name: "mini id = terrain id", edits: []any{"units_on_table.0.minis.1.id", "rock"}, want: `units_on_table[0].minis[1].id: duplicate id "rock" (first used by terrain[1])`},
	{name: "token id = unit id", edits: []any{"tokens.0.id", "b"}, want: `tokens[0].id: duplicate id "b" (first used by units_on_table[1])`},
	{name: "unit id = mini id", edits: []any{"units_on_table.1.id", "a-2"}, want: `units_on_table[1].id: duplicate id "a-2" (first used by units_on_table[0].minis[1])`},
	{name: "duplicate query id", edits: []any{"queries.1.id", "q1"}, want: `queries[1].id: duplicate query id "q1" (first used by queries[0])`},

	// Terrain.
	{name: "polygon two points", edits: []any{"terrain.0.polygon", raw(`[[0, 0], [1, 1]]`)}, want: `terrain[0].polygon: needs at least 3 vertices, has 2`},
	{name: "polygon bow tie", edits: []any{"terrain.0.polygon", raw(`[[10, 10], [14, 14], [14, 10], [10, 14]]`)}, want: `terrain[0].polygon: edges 0 and 2 cross`},
	{name: "polygon folds back", edits: []any{"terrain.0.polygon", raw(`[[0, 0], [2, 0], [1, 0]]`)}, want: `terrain[0].polygon: edges 0 and 1 overlap`},
	{name: "polygon repeated vertex", edits: []any{"terrain.0.polygon", raw(`[[0, 0], [2, 0], [2, 0], [0, 2]]`)}, want: `terrain[0].polygon: edge 1 has zero length (vertices 1 and 2 coincide)`},
	{name: "polygon not array", edits: []any{"terrain.0.polygon", "square"}, want: `terrain[0].polygon: must be an array, got string`},
	{name: "polygon point arity", edits: []any{"terrain.0.polygon.2", raw(`[12, 14, 0]`)}, want: `terrain[0].polygon[2]: must be a point [x, y], got 3 numbers`},
	{name: "polygon point type", edits: []any{"terrain.0.polygon.1", raw(`{"x": 12, "y": 10}`)}, want: `terrain[0].polygon[1]: must be a point [x, y], got object`},
	{name: "polygon coordinate", edits: []any{"terrain.0.polygon.1", raw(`[12, "10"]`)}, want: `terrain[0].polygon[1][1]: must be a number, got string`},
	{name: "polygon and circle", edits: []any{"terrain.0.circle", raw(`{"x": 1, "y": 1, "r": 1}`)}, want: `terrain[0]: has both polygon and circle (give exactly one)`},
	{name: "neither polygon nor circle", edits: []any{"terrain.1.circle", del}, want: `terrain[1]: has neither polygon nor circle (give exactly one)`},
	{name: "circle r zero", edits: []any{"terrain.1.circle.r", 0}, want: `terrain[1].circle.r: must be positive, got 0`},
	{name: "circle x missing", edits: []any{"terrain.1.circle.x", del}, want: `terrain[1].circle.x: missing`},
	{name: "terrain height missing", edits: []any{"terrain.1.height", del}, want: `terrain[1].height: missing`},
	{name: "terrain height negative", edits: []any{"terrain.0.height", -1}, want: `terrain[0].height: must not be negative, got -1`},
	{name: "terrain base above height", edits: []any{"terrain.0.base", 3.5}, want: `terrain[0].base: 3.5 is above the height 3`},
	{name: "terrain kind unknown", edits: []any{"terrain.0.kind", "lava"}, want: `terrain[0].kind: unknown kind "lava"`},
	{name: "cover unknown word", edits: []any{"terrain.0.cover", "medium"}, want: `terrain[0].cover: unknown cover "medium"`},
	{name: "cover by class unknown", edits: []any{"terrain.0.cover", raw(`{"trooper": "heavy", "vehicle": "total"}`)}, want: `terrain[0].cover.vehicle: unknown cover "total"`},
	{name: "cover by class type", edits: []any{"terrain.0.cover", raw(`{"creature": 2}`)}, want: `terrain[0].cover.creature: must be a string, got number`},
	{name: "cover type", edits: []any{"terrain.0.cover", true}, want: `terrain[0].cover: must be a string or an object by class, got boolean`},
	{name: "move unknown", edits: []any{"terrain.0.move", raw(`{"ground": "slow"}`)}, want: `terrain[0].move.ground: unknown move "slow"`},
	{name: "move type", edits: []any{"terrain.0.move", raw(`["open"]`)}, want: `terrain[0].move: must be a string or an object by class, got array`},
	{name: "standable type", edits: []any{"terrain.0.standable", "yes"}, want: `terrain[0].standable: must be a boolean, got string`},

	// Units.
	{name: "unit type unknown", edits: []any{"units_on_table.0.type", "droid"}, want: `units_on_table[0].type: unknown type "droid"`},
	{name: "unit type missing", edits: []any{"units_on_table.0.type", del}, want: `units_on_table[0].type: missing`},
	{name: "unit speed 4", edits: []any{"units_on_table.0.speed", 4}, want: `units_on_table[0].speed: must be 1, 2 or 3, got 4`},
	{name: "unit speed 0", edits: []any{"units_on_table.0.speed", 0}, want: `units_on_table[0].speed: must be 1, 2 or 3, got 0`},
	{name: "unit speed fraction", edits: []any{"units_on_table.0.speed", 2.5}, want: `units_on_table[0].speed: must be an integer, got 2.5`},
	{name: "coverGiven none", edits: []any{"units_on_table.1.coverGiven", "none"}, want: `units_on_table[1].coverGiven: must be "light" or "heavy", got "none"`},
	{name: "two leaders", edits: []any{"units_on_table.0.minis.1.leader", true}, want: `units_on_table[0]: 2 leaders (exactly one mini must have "leader": true)`},
	{name: "no leader", edits: []any{"units_on_table.1.minis.0.leader", false}, want: `units_on_table[1]: no leader (exactly one mini must have "leader": true)`},
	{name: "leader type", edits: []any{"units_on_table.1.minis.0.leader", "true"}, want: `units_on_table[1].minis[0].leader: must be a boolean, got string`},
	{name: "no minis", edits: []any{"units_on_table.1.minis", raw(`[]`)}, want: `units_on_table[1].minis: empty (a unit needs at least one mini)`},
	{name: "minis missing", edits: []any{"units_on_table.1.minis", del}, want: `units_on_table[1].minis: missing`},

	// Minis.
	{name: "mini y missing", edits: []any{"units_on_table.0.minis.1.y", del}, want: `units_on_table[0].minis[1].y: missing`},
	{name: "mini base missing", edits: []any{"units_on_table.0.minis.1.base", del}, want: `units_on_table[0].minis[1].base: missing`},
	{name: "mini height missing", edits: []any{"units_on_table.0.minis.1.height", del}, want: `units_on_table[0].minis[1].height: missing`},
	{name: "mini base unknown name", edits: []any{"units_on_table.0.minis.0.base", "tiny"}, want: `units_on_table[0].minis[0].base: unknown base "tiny" (profile.bases has huge, large, medium, small)`},
	{name: "mini base zero", edits: []any{"units_on_table.1.minis.0.base", 0}, want: `units_on_table[1].minis[0].base: must be positive, got 0`},
	{name: "mini base type", edits: []any{"units_on_table.1.minis.0.base", true}, want: `units_on_table[1].minis[0].base: must be a base name or a diameter, got boolean`},
	{name: "mini height negative", edits: []any{"units_on_table.0.minis.0.height", -1.65}, want: `units_on_table[0].minis[0].height: must not be negative, got -1.65`},
	{name: "mini hover negative", edits: []any{"units_on_table.1.minis.0.hover", -0.5}, want: `units_on_table[1].minis[0].hover: must not be negative, got -0.5`},
	{name: "mini z type", edits: []any{"units_on_table.1.minis.0.z", "up"}, want: `units_on_table[1].minis[0].z: must be a number, got string`},
	{name: "mini off the left edge", edits: []any{"units_on_table.0.minis.0.x", 0.5}, want: `units_on_table[0].minis[0]: base leaves the table (centre 0.5, 5, radius 0.5315; table 72 × 36)`},
	{name: "mini off the far edge", edits: []any{"units_on_table.1.minis.0.y", 35}, want: `units_on_table[1].minis[0]: base leaves the table (centre 50, 35, radius 1.5; table 72 × 36)`},

	// Tokens.
	{name: "token r zero", edits: []any{"tokens.0.r", 0}, want: `tokens[0].r: must be positive, got 0`},
	{name: "token r missing", edits: []any{"tokens.0.r", del}, want: `tokens[0].r: missing`},
	{name: "token x type", edits: []any{"tokens.0.x", raw(`[36]`)}, want: `tokens[0].x: must be a number, got array`},

	// Profile.
	{name: "profile type", edits: []any{"profile", "default"}, want: `profile: must be an object, got string`},
	{name: "rangeSegment zero", edits: []any{"profile", raw(`{"rangeSegment": 0}`)}, want: `profile.rangeSegment: must be positive, got 0`},
	{name: "moveTools two", edits: []any{"profile", raw(`{"moveTools": [3, 5]}`)}, want: `profile.moveTools: must hold 3 numbers (speed 1, 2, 3), got 2`},
	{name: "moveTools negative", edits: []any{"profile", raw(`{"moveTools": [3, -5, 7]}`)}, want: `profile.moveTools[1]: must be positive, got -5`},
	{name: "moveTools type", edits: []any{"profile", raw(`{"moveTools": 3}`)}, want: `profile.moveTools: must be an array, got number`},
	{name: "maxBend zero", edits: []any{"profile", raw(`{"maxBend": 0}`)}, want: `profile.maxBend: must be more than 0 and at most 180 degrees, got 0`},
	{name: "maxBend 181", edits: []any{"profile", raw(`{"maxBend": 181}`)}, want: `profile.maxBend: must be more than 0 and at most 180 degrees, got 181`},
	{name: "bases zero", edits: []any{"profile", raw(`{"bases": {"small": 0}}`)}, want: `profile.bases.small: must be positive, got 0`},
	{name: "bases odd name", edits: []any{"profile", raw(`{"bases": {"very big": "3"}}`)}, want: `profile.bases["very big"]: must be a number, got string`},
	{name: "bases empty name", edits: []any{"profile", raw(`{"bases": {"": 1}}`)}, want: `profile.bases: base name must not be empty`},
	{name: "baseThickness negative", edits: []any{"profile", raw(`{"baseThickness": -0.1}`)}, want: `profile.baseThickness: must not be negative, got -0.1`},
	{name: "contactTolerance negative", edits: []any{"profile", raw(`{"contactTolerance": -0.01}`)}, want: `profile.contactTolerance: must not be negative, got -0.01`},
	{name: "epsilon zero", edits: []any{"profile", raw(`{"epsilon": 0}`)}, want: `profile.epsilon: must be positive, got 0`},
	{name: "epsilon huge", edits: []any{"profile", raw(`{"epsilon": 0.5}`)}, want: `profile.epsilon: too large, got 0.5 (must be less than rangeSegment/100 = 0.06)`},
	{name: "rangeSegment tiny", edits: []any{"profile", raw(`{"rangeSegment": 0.00001}`)}, want: `profile.rangeSegment: too small for the default epsilon 0.000001 (must be more than 100 × epsilon)`},

	// Queries.
	{name: "queries type", edits: []any{"queries", raw(`{}`)}, want: `queries: must be an array, got object`},
	{name: "query kind unknown", edits: []any{"queries.1.kind", "foo"}, want: `queries[1].kind: unknown kind "foo"`},
	{name: "query kind missing", edits: []any{"queries.0.kind", del}, want: `queries[0].kind: missing`},
	{name: "query id missing", edits: []any{"queries.0.id", del}, want: `queries[0].id: missing`},
	{name: "query speed string", edits: []any{"queries.1.speed", "2"}, want: `queries[1].speed: must be a number, got string`},
	{name: "query speed fraction", edits: []any{"queries.1.speed", 1.5}, want: `queries[1].speed: must be an integer, got 1.5`},
	{name: "query required field", edits: []any{"queries.0.to", del}, want: `queries[0].to: missing`},
	{name: "query attack type", edits: []any{"queries.0.attack", "yes"}, want: `queries[0].attack: must be a boolean, got string`},
	{name: "query from type", edits: []any{"queries.0.from", 1}, want: `queries[0].from: must be a string, got number`},
	{name: "query fraction type", edits: []any{"queries.1.fraction", nil}, want: `queries[1].fraction: must be a number, got null`},
	{name: "query band huge", edits: []any{"queries.0", raw(`{"id": "w", "kind": "within", "from": "a", "to": "b", "band": 1e30}`)}, want: `queries[0].band: must be an integer from -2147483648 to 2147483647, got 1e30`},
}

func TestFaults(t *testing.T) { runFaults(t, faultCases) }

// runFaults loads each case and checks that it is refused with exactly its fault, as one
// "Field: Fault" line, and no File.
func runFaults(t *testing.T, cases []faultCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Load(c.doc(t))
			if err == nil {
				t.Fatalf("loaded, want %q", c.want)
			}
			if f != nil {
				t.Errorf("got a File with the error")
			}
			var te *Error
			if !errors.As(err, &te) {
				t.Fatalf("error %T, want *table.Error", err)
			}
			if got := err.Error(); got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
			if te.Field+": "+te.Fault != err.Error() || strings.ContainsAny(err.Error(), "\n\r") {
				t.Errorf("message is not Field: Fault on one line: %q", err.Error())
			}
		})
	}
}

// TestNotFaults pins what Load accepts although it looks borderline.
func TestNotFaults(t *testing.T) {
	cases := []struct {
		name  string
		edits []any
	}{
		{"base touching the left edge", []any{"units_on_table.0.minis.0.x", 0.5315}},
		{"base touching the far corner", []any{"units_on_table.1.minis.0.x", 70.5, "units_on_table.1.minis.0.y", 34.5}},
		{"integer written as 2.0", []any{"units_on_table.0.speed", raw(`2.0`)}},
		{"speed 1 and 3", []any{"units_on_table.0.speed", 1, "units_on_table.1.speed", 3}},
		{"maxBend 180", []any{"profile", raw(`{"maxBend": 180}`)}},
		{"zero-height area", []any{"terrain.1.height", 0, "terrain.1.kind", "area"}},
		{"base equals height", []any{"terrain.0.base", 3}},
		{"cover object with missing classes", []any{"terrain.0.cover", raw(`{"trooper": "light"}`)}},
		{"move as one word", []any{"terrain.0.move", "impassable"}},
		{"query values out of range are the judge's business", []any{"queries.1", raw(`{"id": "q2", "kind": "move", "mini": "ghost", "speed": 7, "bend": 400, "fraction": -2}`)}},
		{"query naming nothing", []any{"queries.0.from", "nobody"}},
		{"query fields of another kind are unknown fields", []any{"queries.0.speed", "fast"}},
		{"unknown fields everywhere", []any{"note", "hi", "terrain.0.colour", "grey", "units_on_table.0.minis.0.name", "Sgt", "tokens.0.face", raw(`{"up": true}`)}},
		{"no terrain, units, tokens or queries", []any{"terrain", del, "units_on_table", del, "tokens", del, "queries", del}},
		{"specops and mm", []any{"ruleset", "specops", "units", "mm", "battlefield", raw(`{"width": 1830, "depth": 915}`), "units_on_table", del}},
		{"huge coordinates in unknown field", []any{"note", raw(`1e300`)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Load(edit(t, c.edits...)); err != nil {
				t.Fatal(err)
			}
		})
	}
}
