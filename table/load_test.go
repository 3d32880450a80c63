package table

import (
	"math"
	"reflect"
	"testing"
)

// minimal is the smallest valid file: everything else is a default.
const minimal = `{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}}`

func mustLoad(t *testing.T, data []byte) *File {
	t.Helper()
	f, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func TestDefaultsInches(t *testing.T) {
	f := mustLoad(t, []byte(minimal))
	want := &File{
		Format:      Format,
		Ruleset:     "legion",
		Units:       "in",
		Battlefield: Battlefield{72, 36},
		Profile: Profile{
			RangeSegment:     6,
			MoveTools:        [3]float64{2.95, 4.92, 6.89},
			MaxBend:          90,
			Bases:            map[string]float64{"small": 1.063, "medium": 1.969, "large": 2.756, "huge": 3.937},
			BaseThickness:    0.118,
			ContactTolerance: 0.01,
			Epsilon:          1e-6,
		},
	}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("got  %+v\nwant %+v", f, want)
	}
}

func TestDefaultsMillimetres(t *testing.T) {
	f := mustLoad(t, []byte(`{"format": "holotable/1", "units": "mm", "battlefield": {"width": 1830, "depth": 915}}`))
	p := f.Profile
	in := DefaultProfile("in")
	checks := []struct {
		name      string
		got, want float64
	}{
		{"rangeSegment", p.RangeSegment, 152.4},
		{"moveTools[0]", p.MoveTools[0], 74.93},
		{"moveTools[1]", p.MoveTools[1], 124.968},
		{"moveTools[2]", p.MoveTools[2], 175.006},
		{"maxBend (an angle, not scaled)", p.MaxBend, 90},
		{"small", p.Bases["small"], 1.063 * 25.4},
		{"medium", p.Bases["medium"], 1.969 * 25.4},
		{"large", p.Bases["large"], 2.756 * 25.4},
		{"huge", p.Bases["huge"], 3.937 * 25.4},
		{"baseThickness", p.BaseThickness, 2.9972},
		{"contactTolerance", p.ContactTolerance, 0.254},
		{"epsilon (a length, scaled)", p.Epsilon, 2.54e-5},
	}
	for _, c := range checks {
		if !near(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	// Every length is exactly 25.4 times the inch default.
	if !near(p.RangeSegment, in.RangeSegment*25.4) || !near(p.Epsilon, in.Epsilon*25.4) || len(p.Bases) != 4 {
		t.Errorf("mm profile %+v is not the inch profile %+v scaled", p, in)
	}
}

func TestPartialProfile(t *testing.T) {
	f := mustLoad(t, []byte(`{"format": "holotable/1", "units": "mm", "battlefield": {"width": 1830, "depth": 915},
		"profile": {"rangeSegment": 150, "bases": {"small": 27, "oblong": 60}}}`))
	p := f.Profile
	if p.RangeSegment != 150 || p.Bases["small"] != 27 || p.Bases["oblong"] != 60 {
		t.Errorf("given values not kept: %+v", p)
	}
	if !near(p.Bases["medium"], 1.969*25.4) || !near(p.MoveTools[1], 124.968) || p.MaxBend != 90 || !near(p.Epsilon, 2.54e-5) {
		t.Errorf("missing values not defaulted (in mm): %+v", p)
	}
	if len(p.Bases) != 5 {
		t.Errorf("bases %v: want the 4 defaults with small overridden plus oblong", p.Bases)
	}
}

func TestPieceDefaults(t *testing.T) {
	f := mustLoad(t, []byte(`{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36},
		"terrain": [
			{"id": "s", "polygon": [[0,0],[1,0],[0,1]], "height": 2},
			{"id": "w", "circle": {"x": 5, "y": 5, "r": 1}, "height": 3, "kind": "area", "cover": "light", "move": {"trooper": "difficult"}},
			{"id": "c", "circle": {"x": 9, "y": 5, "r": 1}, "height": 0, "kind": "depression", "cover": {"trooper": "heavy"}, "standable": true}
		],
		"units_on_table": [
			{"id": "g", "type": "ground", "minis": [{"id": "g1", "leader": true, "x": 20, "y": 20, "base": "large", "height": 3}]},
			{"id": "r", "type": "repulsor", "speed": 3, "minis": [{"id": "r1", "leader": true, "x": 30, "y": 20, "base": 2.2, "height": 3, "hover": 0.5, "z": 1, "facing": 45}]},
			{"id": "l", "type": "ground", "coverGiven": "light", "minis": [{"id": "l1", "leader": true, "x": 40, "y": 20, "base": "huge", "height": 3}]},
			{"id": "t", "type": "trooper", "minis": [{"id": "t1", "leader": true, "x": 50, "y": 20, "base": "small", "height": 1.6}]}
		],
		"tokens": [{"id": "k", "x": 1, "y": 1, "r": 0.5}]}`))

	s, w, c := f.Terrain[0], f.Terrain[1], f.Terrain[2]
	if s.Kind != Solid || !s.Standable || s.Base != 0 || s.Cover != (CoverByClass{CoverNone, CoverNone, CoverNone}) || s.Move != (MoveByClass{Open, Open, Open}) {
		t.Errorf("solid defaults: %+v", s)
	}
	if w.Standable || w.Cover != (CoverByClass{CoverLight, CoverLight, CoverLight}) || w.Move != (MoveByClass{Difficult, Open, Open}) {
		t.Errorf("area: %+v", w)
	}
	if !c.Standable || c.Cover != (CoverByClass{CoverHeavy, CoverNone, CoverNone}) {
		t.Errorf("depression: %+v", c)
	}
	g, r, l, tr := f.UnitsOnTable[0], f.UnitsOnTable[1], f.UnitsOnTable[2], f.UnitsOnTable[3]
	if g.Speed != 2 || g.CoverGiven != CoverHeavy || g.Side != "" {
		t.Errorf("ground defaults: %+v", g)
	}
	if r.Speed != 3 || r.CoverGiven != CoverNone {
		t.Errorf("repulsor: %+v", r)
	}
	if l.CoverGiven != CoverLight || tr.CoverGiven != CoverNone {
		t.Errorf("coverGiven: %q %q", l.CoverGiven, tr.CoverGiven)
	}
	wantR1 := Mini{ID: "r1", Leader: true, X: 30, Y: 20, Base: 2.2, Height: 3, Z: 1, Facing: 45, Hover: 0.5}
	if r.Minis[0] != wantR1 {
		t.Errorf("mini: %+v, want %+v", r.Minis[0], wantR1)
	}
	if m := g.Minis[0]; m.BaseName != "large" || m.Base != 2.756 || m.Z != 0 || m.Hover != 0 {
		t.Errorf("named base: %+v", m)
	}
	if tk := f.Tokens[0]; tk != (Token{ID: "k", X: 1, Y: 1, R: 0.5}) {
		t.Errorf("token: %+v", tk)
	}
}

func TestQueries(t *testing.T) {
	f := mustLoad(t, []byte(`{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}, "queries": [
		{"id": "d", "kind": "distance", "a": "x", "b": "y"},
		{"id": "r", "kind": "range", "from": "u", "to": "v"},
		{"id": "w", "kind": "within", "from": "u", "to": "v", "band": 2},
		{"id": "l", "kind": "los", "from": "m", "to": "n"},
		{"id": "c", "kind": "cover", "attacker": "u", "defender": "v", "suppressed": true, "coverX": 1, "sharpshooter": 2, "blast": false},
		{"id": "m", "kind": "move", "mini": "m", "speed": 3, "bend": -45, "comment": "left"},
		{"id": "m2", "kind": "move", "mini": "m", "speed": 1, "heading": 90, "fraction": 0.5},
		{"id": "h", "kind": "cohesion", "unit": "u"},
		{"id": "k", "kind": "contact", "a": "x", "b": "y"}
	]}`))
	want := []Query{
		{ID: "d", Kind: "distance", A: "x", B: "y", Fraction: 1, Has: map[string]bool{"a": true, "b": true}},
		{ID: "r", Kind: "range", From: "u", To: "v", Fraction: 1, Has: map[string]bool{"from": true, "to": true}},
		{ID: "w", Kind: "within", From: "u", To: "v", Band: 2, Fraction: 1, Has: map[string]bool{"from": true, "to": true, "band": true}},
		{ID: "l", Kind: "los", From: "m", To: "n", Fraction: 1, Has: map[string]bool{"from": true, "to": true}},
		{ID: "c", Kind: "cover", Attacker: "u", Defender: "v", Suppressed: true, CoverX: 1, Sharpshooter: 2, Fraction: 1,
			Has: map[string]bool{"attacker": true, "defender": true, "suppressed": true, "coverX": true, "sharpshooter": true, "blast": true}},
		{ID: "m", Kind: "move", Mini: "m", MoveSpeed: 3, Bend: -45, Fraction: 1,
			Has: map[string]bool{"mini": true, "speed": true, "bend": true}, Extra: map[string]any{"comment": "left"}},
		{ID: "m2", Kind: "move", Mini: "m", MoveSpeed: 1, Heading: 90, Fraction: 0.5,
			Has: map[string]bool{"mini": true, "speed": true, "heading": true, "fraction": true}},
		{ID: "h", Kind: "cohesion", Unit: "u", Fraction: 1, Has: map[string]bool{"unit": true}},
		{ID: "k", Kind: "contact", A: "x", B: "y", Fraction: 1, Has: map[string]bool{"a": true, "b": true}},
	}
	if len(f.Queries) != len(want) {
		t.Fatalf("%d queries, want %d", len(f.Queries), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(f.Queries[i], want[i]) {
			t.Errorf("query %d:\ngot  %+v\nwant %+v", i, f.Queries[i], want[i])
		}
	}
}

func TestExtraKept(t *testing.T) {
	f := mustLoad(t, edit(t, "note", "a layout", "terrain.0.colour", "grey",
		"units_on_table.0.minis.0.name", "Sgt <Rex>", "tokens.0.face", raw(`{"up": true, "n": 1.50}`),
		"units_on_table.1.painted", true))
	if f.Extra["note"] != "a layout" || f.Terrain[0].Extra["colour"] != "grey" || f.UnitsOnTable[1].Extra["painted"] != true {
		t.Errorf("extras: %v %v %v", f.Extra, f.Terrain[0].Extra, f.UnitsOnTable[1].Extra)
	}
	if got := f.UnitsOnTable[0].Minis[0].Extra; got != `{"name":"Sgt <Rex>"}` {
		t.Errorf("mini extra %s", got)
	}
	if got := f.Tokens[0].Extra; got != `{"face":{"n":1.50,"up":true}}` {
		t.Errorf("token extra %s", got)
	}
	if f.Terrain[1].Extra != nil || f.UnitsOnTable[0].Extra != nil || f.UnitsOnTable[0].Minis[1].Extra != "" {
		t.Errorf("extras where there are none")
	}
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	g := mustLoad(t, out)
	if !reflect.DeepEqual(f, g) {
		t.Errorf("extras lost in a save:\n%s", out)
	}
}
