package table

import (
	"encoding/json"
	"testing"
)

// TestEnumWords: every value of the closed sets has its file word as String, text form and
// Parse…, in the file's order; a word outside the set is refused in the loader's words, a value
// outside it has no text form.
func TestEnumWords(t *testing.T) {
	check := func(name string, words []string, str func(int) string, parse func(string) (int, error), marshal func(int) ([]byte, error)) {
		for i, w := range words {
			if w == "" {
				continue
			}
			if got := str(i); got != w {
				t.Errorf("%s %d: String %q, want %q", name, i, got, w)
			}
			if v, err := parse(w); err != nil || v != i {
				t.Errorf("%s: Parse(%q) = %d, %v", name, w, v, err)
			}
			if b, err := marshal(i); err != nil || string(b) != w {
				t.Errorf("%s %d: MarshalText %q, %v", name, i, b, err)
			}
		}
		if _, err := parse("lava"); err == nil {
			t.Errorf("%s: parsed lava", name)
		}
		if _, err := marshal(len(words)); err == nil {
			t.Errorf("%s: wrote %d", name, len(words))
		}
	}
	check("Cover", []string{"none", "light", "heavy"}, func(i int) string { return Cover(i).String() },
		func(s string) (int, error) { v, err := ParseCover(s); return int(v), err },
		func(i int) ([]byte, error) { return Cover(i).MarshalText() })
	check("TerrainKind", []string{"solid", "area", "depression"}, func(i int) string { return TerrainKind(i).String() },
		func(s string) (int, error) { v, err := ParseTerrainKind(s); return int(v), err },
		func(i int) ([]byte, error) { return TerrainKind(i).MarshalText() })
	check("Passage", []string{"open", "difficult", "impassable"}, func(i int) string { return Passage(i).String() },
		func(s string) (int, error) { v, err := ParsePassage(s); return int(v), err },
		func(i int) ([]byte, error) { return Passage(i).MarshalText() })
	check("UnitType", []string{"", "trooper", "creature", "emplacement", "ground", "repulsor"}, func(i int) string { return UnitType(i).String() },
		func(s string) (int, error) { v, err := ParseUnitType(s); return int(v), err },
		func(i int) ([]byte, error) { return UnitType(i).MarshalText() })
	if _, err := ParseCover("lava"); err == nil || err.Error() != `unknown cover "lava"` {
		t.Errorf("ParseCover: %v", err)
	}
	if _, err := ParseUnitType(""); err == nil || err.Error() != `unknown type ""` {
		t.Errorf("ParseUnitType: %v", err)
	}
	if _, err := NoUnitType.MarshalText(); err == nil {
		t.Error("NoUnitType written")
	}
	if TerrainKind(7).String() != "TerrainKind(7)" || !Ground.Vehicle() || Creature.Vehicle() {
		t.Error("String out of range, Vehicle")
	}
	// A struct of them in JSON: the words.
	b, _ := json.Marshal(struct {
		C CoverByClass
		K TerrainKind
		T UnitType
	}{CoverByClass{CoverLight, CoverNone, CoverHeavy}, Area, Repulsor})
	if string(b) != `{"C":{"trooper":"light","creature":"none","vehicle":"heavy"},"K":"area","T":"repulsor"}` {
		t.Errorf("JSON %s", b)
	}
	var back struct{ K TerrainKind }
	if err := json.Unmarshal([]byte(`{"K":"depression"}`), &back); err != nil || back.K != Depression {
		t.Errorf("UnmarshalText: %v %v", back.K, err)
	}
}
