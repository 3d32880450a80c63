package table

import (
	"reflect"
	"strings"
	"testing"
)

// TestMoveKeywordsLoad: Schwerfällig ("plodding"), Agile X and Tactical X are read into their
// fields, named by String, written back by Save and read back equal; a negative X is a fault.
func TestMoveKeywordsLoad(t *testing.T) {
	f := mustLoad(t, edit(t, "units_on_table.1.keywords", raw(`{"plodding": true, "agile": 1, "tactical": 2}`)))
	k := f.UnitsOnTable[1].Keywords
	if !k.Plodding || k.Agile != (KeywordX{true, 1}) || k.Tactical != (KeywordX{true, 2}) || k.IsZero() {
		t.Fatalf("keywords %+v", k)
	}
	if got := k.String(); got != "Agile 1, Tactical 2, Plodding" {
		t.Errorf("String() = %q", got)
	}
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"agile": 1,`) || !strings.Contains(string(out), `"tactical": 2,`) || !strings.Contains(string(out), `"plodding": true`) {
		t.Errorf("Save wrote\n%s", out)
	}
	back := mustLoad(t, out)
	if !reflect.DeepEqual(back.UnitsOnTable[1].Keywords, k) {
		t.Errorf("round trip %+v, want %+v", back.UnitsOnTable[1].Keywords, k)
	}
	for _, c := range []struct{ doc, want string }{
		{`{"agile": -1}`, `units_on_table[1].keywords.agile: must not be negative, got -1`},
		{`{"tactical": "2"}`, `units_on_table[1].keywords.tactical: must be a number, got string`},
		{`{"plodding": 1}`, `units_on_table[1].keywords.plodding: must be`},
	} {
		_, err := Load(edit(t, "units_on_table.1.keywords", raw(c.doc)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want %q", c.doc, err, c.want)
		}
	}
}

// TestActivationWeaponKeywords: the weapon keywords Sperrig ("cumbersome") and Rammen X ("ram")
// are read, named, written back and read back equal; a negative Ram X and a non-boolean
// cumbersome are faults (D134, D135).
func TestActivationWeaponKeywords(t *testing.T) {
	f := mustLoad(t, edit(t, "units_on_table.1.keywords", raw(`{"cumbersome": true, "ram": 2}`)))
	k := f.UnitsOnTable[1].Keywords
	if !k.Cumbersome || k.Ram != (KeywordX{true, 2}) || k.IsZero() {
		t.Fatalf("keywords %+v", k)
	}
	if got := k.String(); got != "Ram 2, Cumbersome" {
		t.Errorf("String() = %q", got)
	}
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	if back := mustLoad(t, out); !reflect.DeepEqual(back.UnitsOnTable[1].Keywords, k) {
		t.Errorf("round trip %+v, want %+v", back.UnitsOnTable[1].Keywords, k)
	}
	for _, c := range []struct{ doc, want string }{
		{`{"ram": -1}`, `units_on_table[1].keywords.ram: must not be negative, got -1`},
		{`{"cumbersome": 1}`, `units_on_table[1].keywords.cumbersome: must be`},
	} {
		if _, err := Load(edit(t, "units_on_table.1.keywords", raw(c.doc))); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want %q", c.doc, err, c.want)
		}
	}
}
