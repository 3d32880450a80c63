package table

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// polygonJSON is a convex polygon of n vertices round (cx, cy) with radius r, as JSON.
func polygonJSON(n int, cx, cy, r float64) string {
	pts := make([]string, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts[i] = fmt.Sprintf("[%.6f, %.6f]", cx+r*math.Cos(a), cy+r*math.Sin(a))
	}
	return "[" + strings.Join(pts, ", ") + "]"
}

// piecesJSON is n terrain pieces of k vertices each, on a grid over the 72 × 36 table.
func piecesJSON(n, k int) string {
	out := make([]string, n)
	for i := range out {
		cx, cy := 1+float64(i%32)*2.2, 1+float64(i/32%16)*2.2
		out[i] = fmt.Sprintf(`{"id": "t%d", "polygon": %s, "height": 1}`, i, polygonJSON(k, cx, cy, 0.9))
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// unitsJSON is n trooper units of m minis each (small bases), on a grid over the 72 × 36 table.
func unitsJSON(n, m int) string {
	var out []string
	k := 0
	for i := range n {
		var minis []string
		for j := range m {
			x, y := 0.6+float64(k%64)*1.1, 0.6+float64(k/64%32)*1.1
			k++
			minis = append(minis, fmt.Sprintf(`{"id": "m%d-%d", "leader": %t, "x": %.2f, "y": %.2f, "base": 1, "height": 1}`, i, j, j == 0, x, y))
		}
		out = append(out, fmt.Sprintf(`{"id": "u%d", "type": "trooper", "minis": [%s]}`, i, strings.Join(minis, ", ")))
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// listJSON is n copies of item(i), as a JSON array.
func listJSON(n int, item func(i int) string) string {
	out := make([]string, n)
	for i := range out {
		out[i] = item(i)
	}
	return "[" + strings.Join(out, ", ") + "]"
}

func tokenJSON(i int) string {
	return fmt.Sprintf(`{"id": "k%d", "x": %d, "y": %d, "r": 0.5}`, i, 1+i%70, 1+i/70)
}

func queryJSON(i int) string {
	return fmt.Sprintf(`{"id": "q%d", "kind": "distance", "a": "a-1", "b": "b-1"}`, i)
}

// limitCases break one limit each: counts and sizes are too large (TooLarge), single numbers out
// of their range are invalid.
var limitCases = []struct {
	faultCase
	tooLarge bool
}{
	{faultCase{name: "file too large", data: []byte(strings.Replace(baseDoc, `"format"`, `"note": "`+strings.Repeat("x", MaxFileBytes)+`", "format"`, 1)),
		want: fmt.Sprintf(`file: %d bytes, more than the limit of 2097152 (too large)`, len(baseDoc)+MaxFileBytes+12)}, true},
	{faultCase{name: "battlefield too wide", edits: []any{"battlefield.width", 1001}, want: `battlefield.width: 1001 in, more than the limit of 1000 in (too large)`}, true},
	{faultCase{name: "battlefield too deep in mm", edits: []any{"units", "mm", "battlefield.depth", 25401}, want: `battlefield.depth: 25401 mm, more than the limit of 25400 mm (too large)`}, true},
	{faultCase{name: "polygon vertices", edits: []any{"terrain.0.polygon", raw(polygonJSON(257, 20, 20, 5))}, want: `terrain[0].polygon: 257 vertices, more than the limit of 256 (too large)`}, true},
	{faultCase{name: "vertices in all", edits: []any{"terrain", raw(piecesJSON(17, 250))}, want: `terrain[16].polygon: 4250 vertices in the polygons so far, more than the limit of 4096 (too large)`}, true},
	{faultCase{name: "pieces", edits: []any{"terrain", raw(piecesJSON(257, 3))}, want: `terrain: 257 pieces, more than the limit of 256 (too large)`}, true},
	{faultCase{name: "units", edits: []any{"units_on_table", raw(unitsJSON(257, 1)), "queries", del}, want: `units_on_table: 257 units, more than the limit of 256 (too large)`}, true},
	{faultCase{name: "minis of a unit", edits: []any{"units_on_table", raw(unitsJSON(1, 257)), "queries", del}, want: `units_on_table[0].minis: 257 minis, more than the limit of 256 (too large)`}, true},
	{faultCase{name: "minis in all", edits: []any{"units_on_table", raw(unitsJSON(5, 250)), "queries", del, "terrain", del, "tokens", del},
		want: `units_on_table[4].minis: 1250 minis in the units so far, more than the limit of 1024 (too large)`}, true},
	{faultCase{name: "tokens", edits: []any{"tokens", raw(listJSON(257, tokenJSON))}, want: `tokens: 257 tokens, more than the limit of 256 (too large)`}, true},
	{faultCase{name: "queries", edits: []any{"queries", raw(listJSON(4097, queryJSON))}, want: `queries: 4097 queries, more than the limit of 4096 (too large)`}, true},

	{faultCase{name: "integer beyond 32 bits", edits: []any{"queries.0", raw(`{"id": "w", "kind": "within", "from": "a", "to": "b", "band": 2147483648}`)},
		want: `queries[0].band: must be an integer from -2147483648 to 2147483647, got 2147483648`}, false},
	{faultCase{name: "terrain height", edits: []any{"terrain.0.height", 1e300}, want: `terrain[0].height: must be within ±1000 (in), got 1e+300`}, false},
	{faultCase{name: "terrain base", edits: []any{"terrain.0.base", -1001}, want: `terrain[0].base: must be within ±1000 (in), got -1001`}, false},
	{faultCase{name: "polygon far off the table", edits: []any{"terrain.0.polygon.2", raw(`[12, 110]`)}, want: `terrain[0].polygon[2]: (12, 110) lies more than 72 off the table (72 × 36)`}, false},
	{faultCase{name: "circle far off the table", edits: []any{"terrain.1.circle.x", -73}, want: `terrain[1].circle: (-73, 20) lies more than 72 off the table (72 × 36)`}, false},
	{faultCase{name: "circle radius", edits: []any{"terrain.1.circle.r", 2000}, want: `terrain[1].circle.r: must be within ±1000 (in), got 2000`}, false},
	{faultCase{name: "mini height", edits: []any{"units_on_table.0.minis.0.height", 5000}, want: `units_on_table[0].minis[0].height: must be within ±1000 (in), got 5000`}, false},
	{faultCase{name: "mini z", edits: []any{"units_on_table.0.minis.0.z", -1e9}, want: `units_on_table[0].minis[0].z: must be within ±1000 (in), got -1000000000`}, false},
	{faultCase{name: "mini hover", edits: []any{"units_on_table.1.minis.0.hover", 1e200}, want: `units_on_table[1].minis[0].hover: must be within ±1000 (in), got 1e+200`}, false},
	{faultCase{name: "mini base", edits: []any{"units_on_table.1.minis.0.base", 1e6}, want: `units_on_table[1].minis[0].base: must be within ±1000 (in), got 1000000`}, false},
	{faultCase{name: "token off the table", edits: []any{"tokens.0.x", 1e154}, want: `tokens[0]: does not touch the table (centre 1e+154, 18, radius 0.75; table 72 × 36)`}, false},
	{faultCase{name: "token radius", edits: []any{"tokens.0.r", 1e154}, want: `tokens[0].r: must be within ±1000 (in), got 1e+154`}, false},
	{faultCase{name: "rangeSegment", edits: []any{"profile", raw(`{"rangeSegment": 1e300}`)}, want: `profile.rangeSegment: must be within ±1000 (in), got 1e+300`}, false},
	{faultCase{name: "moveTools", edits: []any{"profile", raw(`{"moveTools": [3, 5, 1e300]}`)}, want: `profile.moveTools[2]: must be at most the table's perimeter 216, got 1e+300`}, false},
	{faultCase{name: "bases", edits: []any{"profile", raw(`{"bases": {"titan": 1001}}`)}, want: `profile.bases.titan: must be within ±1000 (in), got 1001`}, false},
	{faultCase{name: "baseThickness", edits: []any{"profile", raw(`{"baseThickness": 1e9}`)}, want: `profile.baseThickness: must be within ±1000 (in), got 1000000000`}, false},
	{faultCase{name: "contactTolerance", edits: []any{"profile", raw(`{"contactTolerance": 1e9}`)}, want: `profile.contactTolerance: must be within ±1000 (in), got 1000000000`}, false},
}

// TestLimits: each limit is enforced with its one line, a count or size as too large, a number
// outside its range as invalid.
func TestLimits(t *testing.T) {
	for _, c := range limitCases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Load(c.doc(t))
			var te *Error
			if f != nil || !errors.As(err, &te) {
				t.Fatalf("Load = %v, %v; want %q", f != nil, err, c.want)
			}
			if got := err.Error(); got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
			if te.TooLarge != c.tooLarge {
				t.Errorf("TooLarge = %v, want %v", te.TooLarge, c.tooLarge)
			}
		})
	}
}

// TestAtTheLimits: a file at every count limit at once loads — the largest file holotable
// accepts short of the byte limit.
func TestAtTheLimits(t *testing.T) {
	data := []byte(fmt.Sprintf(`{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}, "terrain": %s,
		"units_on_table": %s, "tokens": %s, "queries": %s}`, piecesJSON(MaxPieces, MaxVertices/MaxPieces),
		unitsJSON(MaxUnits, MaxMinis/MaxUnits), listJSON(MaxTokens, tokenJSON), listJSON(MaxQueries, queryJSON)))
	if len(data) > MaxFileBytes {
		t.Fatalf("%d bytes", len(data))
	}
	f, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	nv, nm := 0, 0
	for _, p := range f.Terrain {
		nv += len(p.Polygon)
	}
	for _, u := range f.UnitsOnTable {
		nm += len(u.Minis)
	}
	if len(f.Terrain) != MaxPieces || nv != MaxVertices || len(f.UnitsOnTable) != MaxUnits || nm != MaxMinis ||
		len(f.Tokens) != MaxTokens || len(f.Queries) != MaxQueries {
		t.Fatalf("%d pieces, %d vertices, %d units, %d minis, %d tokens, %d queries", len(f.Terrain), nv, len(f.UnitsOnTable), nm, len(f.Tokens), len(f.Queries))
	}
	t.Logf("%d bytes", len(data))
}
