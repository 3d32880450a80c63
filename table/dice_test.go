package table

import (
	"reflect"
	"strings"
	"testing"
)

// A table with custom dice: a Rebellion black combat die and a Destiny card die with a modifier
// side and a side with a resource cost.
const diceDoc = `{
 "format": "holotable/1",
 "battlefield": {"width": 36, "depth": 36},
 "dice": [
  {"id": "rebellion-black", "name": "black combat die", "system": "rebellion", "kind": "any", "colour": "#202020", "sides": 6,
   "faces": [{"symbol": "hit", "count": 2}, {"symbol": "direct-hit", "count": 1}, {"symbol": "special", "count": 1}, {"symbol": "blank", "count": 2}],
   "cite": "assumed"},
  {"id": "destiny-card", "name": "a card's die", "system": "destiny", "sides": 6, "note": "kept",
   "faces": [{"symbol": "ranged", "value": 1, "count": 1}, {"symbol": "ranged", "value": 2, "count": 1},
             {"symbol": "ranged", "value": 2, "modifier": true, "count": 1}, {"symbol": "resource", "value": 1, "count": 1},
             {"symbol": "focus", "value": 1, "cost": 1, "count": 1}, {"symbol": "blank", "count": 1}]}
 ]
}`

// A table's dice load with their faces (TestSaveRoundTrip takes diceDoc through Save and Load),
// and each exports as a die file that LoadDie (what maps/dice reads) accepts with the same faces.
func TestDiceRoundTrip(t *testing.T) {
	f, err := Load([]byte(diceDoc))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Dice) != 2 {
		t.Fatalf("%d dice, want 2", len(f.Dice))
	}
	d := f.Dice[1]
	if d.ID != "destiny-card" || d.Kind != DieAny || d.Cite != "" || d.Extra["note"] != "kept" {
		t.Errorf("destiny die %+v", d)
	}
	if !d.Faces[2].Modifier || d.Faces[2].Value != 2 || d.Faces[4].Cost != 1 {
		t.Errorf("destiny faces %+v", d.Faces)
	}
	for _, d := range f.Dice {
		b, err := SaveDie(d)
		if err != nil {
			t.Fatal(err)
		}
		e, err := LoadDie(b)
		if err != nil {
			t.Fatalf("%s: %v\n%s", d.ID, err, b)
		}
		if !reflect.DeepEqual(e.Faces, d.Faces) || e.Name != d.Name || e.System != d.System || e.Colour != d.Colour || e.Sides != d.Sides {
			t.Errorf("%s exported as %+v", d.ID, e)
		}
		if d.Cite == "" && e.Cite != ExportCite {
			t.Errorf("%s: exported cite %q", d.ID, e.Cite)
		}
		if strings.Contains(string(b), `"id"`) {
			t.Errorf("%s: a die file has no id:\n%s", d.ID, b)
		}
	}
}

// Bad dice are refused with one line naming the field.
func TestDiceFaults(t *testing.T) {
	cases := []struct {
		name, dice, want string
	}{
		{"no id", `[{"name": "x", "system": "swm", "sides": 2, "faces": [{"symbol": "a", "count": 2}]}]`, "dice[0].id: missing"},
		{"bad id", `[{"id": "Big Die", "name": "x", "system": "swm", "sides": 2, "faces": [{"symbol": "a", "count": 2}]}]`, "dice[0].id: \"Big Die\""},
		{"duplicate id", `[{"id": "a", "name": "x", "system": "swm", "sides": 2, "faces": [{"symbol": "a", "count": 2}]},
			{"id": "a", "name": "y", "system": "swm", "sides": 2, "faces": [{"symbol": "a", "count": 2}]}]`, "dice[1].id: duplicate die id \"a\""},
		{"rebellion d8", `[{"id": "a", "name": "x", "system": "rebellion", "sides": 8, "faces": [{"symbol": "hit", "count": 8}]}]`, "dice[0].sides: must be 6, got 8"},
		{"rebellion symbol", `[{"id": "a", "name": "x", "system": "rebellion", "sides": 6, "faces": [{"symbol": "critical", "count": 6}]}]`, "dice[0].faces[0].symbol: \"critical\": a Rebellion die shows only hit, direct-hit, special, blank"},
		{"modifier outside destiny", `[{"id": "a", "name": "x", "system": "swm", "sides": 2, "faces": [{"symbol": "a", "count": 2, "modifier": true}]}]`, "dice[0].faces[0].modifier: only Destiny dice"},
		{"blank with value", `[{"id": "a", "name": "x", "system": "destiny", "sides": 6, "faces": [{"symbol": "blank", "value": 1, "count": 6}]}]`, "dice[0].faces[0].value: a Destiny blank side has value 0"},
		{"special modifier", `[{"id": "a", "name": "x", "system": "destiny", "sides": 6, "faces": [{"symbol": "special", "modifier": true, "count": 6}]}]`, "dice[0].faces[0].modifier: a Destiny special side cannot be a modifier"},
		{"counts", `[{"id": "a", "name": "x", "system": "swm", "sides": 6, "faces": [{"symbol": "a", "count": 5}]}]`, "dice[0].faces: counts add up to 5, but sides is 6"},
		{"too many counts", `[{"id": "a", "name": "x", "system": "swm", "sides": 2, "faces": [{"symbol": "a", "count": 1}, {"symbol": "b", "count": 5}]}]`, "dice[0].faces: counts add up to 6, but sides is 2"},
		{"negative cost", `[{"id": "a", "name": "x", "system": "destiny", "sides": 6, "faces": [{"symbol": "focus", "value": 1, "cost": -1, "count": 6}]}]`, "dice[0].faces[0].cost: must be 0 to 1000, got -1"},
		{"face field", `[{"id": "a", "name": "x", "system": "swm", "sides": 2, "faces": [{"symbol": "a", "count": 2, "colour": "#000000"}]}]`, "dice[0].faces[0].colour: unknown field"},
		{"colour", `[{"id": "a", "name": "x", "system": "swm", "colour": "#FFF", "sides": 2, "faces": [{"symbol": "a", "count": 2}]}]`, "dice[0].colour: \"#FFF\""},
		{"huge", `[{"id": "a", "name": "x", "system": "swm", "sides": 100000, "faces": [{"symbol": "a", "count": 2}]}]`, "dice[0].sides: must be 2 to 1000"},
		{"not a list", `{"a": 1}`, "dice: must be an array, got object"},
	}
	for _, c := range cases {
		doc := `{"format": "holotable/1", "battlefield": {"width": 36, "depth": 36}, "dice": ` + c.dice + `}`
		f, err := Load([]byte(doc))
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if f != nil || !strings.HasPrefix(err.Error(), c.want) || strings.ContainsAny(err.Error(), "\r\n") {
			t.Errorf("%s: %q, want it to start %q", c.name, err.Error(), c.want)
		}
	}
}

// FuzzLoadDie: LoadDie never panics, faults are one line with a field, and what it accepts
// SaveDie writes and LoadDie reads back unchanged.
func FuzzLoadDie(f *testing.F) {
	f.Add([]byte(`{"name": "d6", "system": "swm", "kind": "any", "sides": 6, "faces": [{"symbol": "number", "value": 1, "count": 6}], "cite": "c"}`))
	f.Add([]byte(`{"name": "x", "system": "destiny", "sides": 6, "faces": [{"symbol": "ranged", "value": 2, "modifier": true, "count": 3}, {"symbol": "focus", "value": 1, "cost": 2, "count": 3}], "cite": "c"}`))
	f.Add([]byte(`{"name": "x", "system": "legion", "kind": "defence", "sides": 6, "faces": [{"symbol": "block", "count": 6}], "cite": "c", "colour": "#ff0000"}`))
	f.Add([]byte(`{"name": "x"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := LoadDie(data)
		if err != nil {
			e, ok := err.(*Error)
			if !ok || e.Field == "" || e.Fault == "" || strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("bad fault %T %q", err, err)
			}
			return
		}
		out, err := SaveDie(d)
		if err != nil {
			t.Fatalf("SaveDie of a loaded die: %v", err)
		}
		e, err := LoadDie(out)
		if err != nil || !reflect.DeepEqual(d, e) {
			t.Fatalf("LoadDie(SaveDie(d)) = %+v, %v; want %+v\n%s", e, err, d, out)
		}
	})
}
