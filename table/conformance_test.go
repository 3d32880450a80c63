package table

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// conformanceDir holds the project's copy of the public conformance cases.
const conformanceDir = "../testdata/conformance"

// conformanceCase is one case file and whether its expect file says it is invalid (exit 2).
type conformanceCase struct {
	name    string
	data    []byte
	invalid bool
}

func conformanceCases(t testing.TB) []conformanceCase {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(conformanceDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []conformanceCase
	for _, p := range paths {
		if strings.HasSuffix(p, ".expect.json") {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		exp, err := os.ReadFile(strings.TrimSuffix(p, ".json") + ".expect.json")
		if err != nil {
			t.Fatal(err)
		}
		var e struct {
			ExitCode *int `json:"exitCode"`
		}
		if err := json.Unmarshal(exp, &e); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		cases = append(cases, conformanceCase{
			name:    strings.TrimSuffix(filepath.Base(p), ".json"),
			data:    data,
			invalid: e.ExitCode != nil && *e.ExitCode == 2,
		})
	}
	if len(cases) < 34 {
		t.Fatalf("found %d conformance cases in %s, want 34", len(cases), conformanceDir)
	}
	return cases
}

// wantConformanceFault is the fault Load must report for each invalid public case.
var wantConformanceFault = map[string]string{
	"23-error-self-intersecting-polygon": "terrain[1].polygon: edges 0 and 2 cross",
	"24-error-two-leaders":               `units_on_table[1]: 2 leaders (exactly one mini must have "leader": true)`,
	"25-error-malformed-field":           "units_on_table[1].minis[0].x: must be a number, got string",
}

func TestConformanceFiles(t *testing.T) {
	for _, c := range conformanceCases(t) {
		t.Run(c.name, func(t *testing.T) {
			f, err := Load(c.data)
			if c.invalid {
				if err == nil {
					t.Fatal("loaded an invalid case")
				}
				if want := wantConformanceFault[c.name]; err.Error() != want {
					t.Errorf("got  %q\nwant %q", err.Error(), want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if f.Extra["note"] == nil {
				t.Error("the note was not kept")
			}
			var top map[string]json.RawMessage
			if err := json.Unmarshal(c.data, &top); err != nil {
				t.Fatal(err)
			}
			var queries []json.RawMessage
			json.Unmarshal(top["queries"], &queries)
			if len(f.Queries) != len(queries) {
				t.Errorf("%d queries, file has %d", len(f.Queries), len(queries))
			}
		})
	}
}

func TestConformanceMillimetres(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(conformanceDir, "22-millimetres.json"))
	if err != nil {
		t.Fatal(err)
	}
	f := mustLoad(t, data)
	if f.Units != "mm" || f.Profile.RangeSegment != 152.4 || f.Profile.Bases["small"] != 27 || f.Profile.Epsilon != 0.0001 {
		t.Errorf("profile %+v", f.Profile)
	}
	// The profile given in the file equals the scaled defaults, up to rounding.
	def := DefaultProfile("mm")
	for i := range def.MoveTools {
		if !near(f.Profile.MoveTools[i], def.MoveTools[i]) {
			t.Errorf("moveTools[%d] %v, scaled default %v", i, f.Profile.MoveTools[i], def.MoveTools[i])
		}
	}
	if r, ok := f.Lookup("e"); !ok || r.Unit.Side != "" || r.Unit.Leader().ID != "e-1" {
		t.Errorf("unit e: %+v", r)
	}
}

func TestRoundTrip(t *testing.T) {
	inputs := map[string][]byte{"base": []byte(baseDoc), "minimal": []byte(minimal), "dice": []byte(diceDoc)}
	for _, c := range conformanceCases(t) {
		if !c.invalid {
			inputs[c.name] = c.data
		}
	}
	for name, data := range inputs {
		t.Run(name, func(t *testing.T) {
			f := mustLoad(t, data)
			out, err := Save(f)
			if err != nil {
				t.Fatal(err)
			}
			g, err := Load(out)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if !reflect.DeepEqual(f, g) {
				t.Errorf("Load(Save(f)) differs from f\nf: %+v\ng: %+v", f, g)
			}
			again, err := Save(g)
			if err != nil || string(again) != string(out) {
				t.Errorf("Save is not deterministic (err %v)", err)
			}
		})
	}
}
