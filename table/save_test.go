package table

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// handBuilt is a File built in code, as the app builds a new table.
func handBuilt() *File {
	return &File{
		Format: Format, Ruleset: "specops", Units: "in",
		Battlefield: Battlefield{36, 36},
		Profile:     DefaultProfile("in"),
		Terrain: []Terrain{
			{ID: "crate", Polygon: [][2]float64{{1, 1}, {3, 1}, {3, 2}}, Height: 1, Kind: Solid,
				Cover: CoverByClass{CoverHeavy, CoverHeavy, CoverHeavy}, Move: MoveByClass{Impassable, Impassable, Open}, Standable: true},
			{ID: "pond", Circle: &Circle{X: 20, Y: 20, R: 3}, Kind: Depression,
				Cover: CoverByClass{CoverLight, CoverNone, CoverNone}, Move: MoveByClass{Difficult, Difficult, Open}},
		},
		UnitsOnTable: []Unit{{ID: "u", Side: "red", Type: Trooper, Speed: 2, Minis: []Mini{
			{ID: "u1", Leader: true, X: 10, Y: 10, BaseName: "small", Base: 1.063, Height: 1.6},
			{ID: "u2", X: 12, Y: 10, Base: 1.2, Height: 1.6, Facing: 90},
		}}},
		Tokens: []Token{{ID: "t", Kind: "objective", X: 18, Y: 18, R: 0.75}},
	}
}

func TestSaveHandBuilt(t *testing.T) {
	f := handBuilt()
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	g := mustLoad(t, out)
	if !reflect.DeepEqual(f, g) {
		t.Errorf("round trip differs:\n%s", out)
	}
	for _, want := range []string{
		`"cover": "heavy"`, // one word when all classes agree
		`"cover": {"trooper": "light", "creature": "none", "vehicle": "none"}`,
		`"move": {"trooper": "impassable", "ground": "impassable", "repulsor": "open"}`,
		`"base": "small"`, `"base": 1.2`,
		`"epsilon": 0.000001`,
		`"bases": {"small": 1.063, "medium": 1.969, "large": 2.756, "huge": 3.937}`,
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), `"queries"`) {
		t.Error("queries written although there are none")
	}
}

func TestSaveBaseNameOnlyWhenItStillFits(t *testing.T) {
	f := handBuilt()
	f.UnitsOnTable[0].Minis[0].Base = 1.5 // resized by hand, name now stale
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	g := mustLoad(t, out)
	if m := g.UnitsOnTable[0].Minis[0]; m.Base != 1.5 || m.BaseName != "" {
		t.Errorf("mini %+v: want the diameter 1.5, no name", m)
	}
}

func TestSaveQueryOptionalFields(t *testing.T) {
	f := handBuilt()
	f.Queries = []Query{
		{ID: "m", Kind: "move", Mini: "u1", MoveSpeed: 2, Fraction: 1},                                                    // defaults not written
		{ID: "m2", Kind: "move", Mini: "u1", MoveSpeed: 1, Fraction: 1, Has: map[string]bool{"bend": true}},               // given: written
		{ID: "c", Kind: "cover", Attacker: "u", Defender: "v", Blast: true, Extra: map[string]any{"kind": "x", "z": 1.0}}, // set without Has: written
	}
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{
		`{"id": "m", "kind": "move", "mini": "u1", "speed": 2}`,
		`{"id": "m2", "kind": "move", "mini": "u1", "speed": 1, "bend": 0}`,
		`{"id": "c", "kind": "cover", "attacker": "u", "defender": "v", "blast": true, "z": 1}`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %s:\n%s", want, s)
		}
	}
}

func TestSaveRefusesInvalid(t *testing.T) {
	cases := []struct {
		name   string
		change func(f *File)
		want   string
	}{
		{"NaN", func(f *File) { f.Tokens[0].X = math.NaN() }, `tokens[0].x: must be a finite number, got NaN`},
		{"infinite", func(f *File) { f.Profile.MoveTools[2] = math.Inf(1) }, `profile.moveTools[2]: must be a finite number, got +Inf`},
		{"unknown base name", func(f *File) { f.UnitsOnTable[0].Minis[1].BaseName = "tiny"; f.UnitsOnTable[0].Minis[1].Base = 0 }, `units_on_table[0].minis[1].base: must be positive, got 0`},
		{"zero profile", func(f *File) { f.Profile = Profile{} }, `profile.rangeSegment: must be positive, got 0`},
		{"bad format", func(f *File) { f.Format = "" }, `format: unknown format ""`},
		{"unknown query kind", func(f *File) { f.Queries = []Query{{ID: "q", Kind: "foo"}} }, `queries[0].kind: unknown kind "foo"`},
		{"bad mini Extra", func(f *File) { f.UnitsOnTable[0].Minis[0].Extra = "[1]" }, `units_on_table[0].minis[0]: Extra is not a JSON object: json: cannot unmarshal array into Go value of type map[string]interface {}`},
		{"mini off the table", func(f *File) { f.UnitsOnTable[0].Minis[0].X = 0 }, `units_on_table[0].minis[0]: base leaves the table (centre 0, 10, radius 0.5315; table 36 × 36)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := handBuilt()
			c.change(f)
			out, err := Save(f)
			if err == nil {
				t.Fatalf("saved an invalid file:\n%s", out)
			}
			if err.Error() != c.want {
				t.Errorf("got  %q\nwant %q", err.Error(), c.want)
			}
		})
	}
	if _, err := Save(nil); err == nil {
		t.Error("Save(nil) succeeded")
	}
}
