package table

import (
	"reflect"
	"strings"
	"testing"
)

// TestEntityRoundTrip: every entity of a file, written compactly and read back by its decoder,
// is the entity it was; the compact form is the indented form without its whitespace.
func TestEntityRoundTrip(t *testing.T) {
	f := handBuilt()
	f.Setup = &Setup{Blue: "red", Red: "blue", BlueEdge: "south", Phase: PhaseDraft,
		Draft:        &SetupDraft{Objectives: []string{"a"}, Deployments: []string{"b"}, Conditions: []string{"c"}, Steps: []DraftTurn{{Action: StepPass}}},
		TerrainTurns: []TerrainTurn{{Colour: Blue, Piece: "crate"}}, Deployed: []string{"u"}}
	f.Terrain[0].Extra = map[string]any{"note": "kept"}
	f.UnitsOnTable[0].Minis[1].Extra = `{"paint":"red"}`
	loaded := mustLoad(t, mustSave(t, f)) // the file as Load fills it
	roundTrip := func(name string, v Value, decode func(any) (any, error), want any) {
		t.Helper()
		b, err := v.AppendJSON([]byte("x"))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if string(b[:1]) != "x" || strings.ContainsAny(string(b), " \n") {
			t.Errorf("%s: not appended compactly: %s", name, b)
		}
		g, err := ParseJSON(b[1:])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := decode(g)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read back %+v, want %+v", name, got, want)
		}
	}
	for _, p := range loaded.Terrain {
		roundTrip("terrain "+p.ID, TerrainValue(p), func(v any) (any, error) { return DecodeTerrain(v, loaded) }, p)
	}
	for _, u := range loaded.UnitsOnTable {
		v, err := UnitValue(u, loaded.Profile)
		if err != nil {
			t.Fatal(err)
		}
		roundTrip("unit "+u.ID, v, func(v any) (any, error) { return DecodeUnit(v, loaded) }, u)
		for _, m := range u.Minis {
			v, err := MiniValue(m, loaded.Profile)
			if err != nil {
				t.Fatal(err)
			}
			roundTrip("mini "+m.ID, v, func(v any) (any, error) { return DecodeMini(v, loaded) }, m)
		}
	}
	for _, k := range loaded.Tokens {
		v, err := TokenValue(k)
		if err != nil {
			t.Fatal(err)
		}
		roundTrip("token "+k.ID, v, func(v any) (any, error) { return DecodeToken(v, loaded) }, k)
	}
	roundTrip("setup", SetupValue(loaded.Setup), func(v any) (any, error) { return DecodeSetup(v) }, loaded.Setup)
	fv, err := FileValue(loaded)
	if err != nil {
		t.Fatal(err)
	}
	roundTrip("file", fv, func(v any) (any, error) { return DecodeFile(v) }, loaded)
	compact, _ := fv.AppendJSON(nil)
	saved := mustSave(t, loaded)
	if strip := strings.NewReplacer("\n", "", " ", ""); strip.Replace(string(saved)) != string(compact) {
		t.Errorf("compact form is not the saved form without whitespace:\n%s\n%s", compact, saved)
	}
}

// TestEntityChecks: the checks find what Load would find, naming the field relative to the
// entity, in Load's words.
func TestEntityChecks(t *testing.T) {
	f := mustLoad(t, mustSave(t, handBuilt()))
	p := f.Terrain[0]
	bad := p
	bad.Polygon = [][2]float64{{0, 0}, {2, 2}, {2, 0}, {0, 2}}
	if err := CheckTerrain(bad, f); err == nil || !strings.HasPrefix(err.Error(), "polygon: ") {
		t.Errorf("crossed polygon: %v", err)
	}
	bad = p
	bad.Kind = 7 // out of the set: written as its Go form, refused by the loader
	if err := CheckTerrain(bad, f); err == nil || err.Error() != `kind: unknown kind "TerrainKind(7)"` {
		t.Errorf("unknown kind: %v", err)
	}
	bad = p
	bad.Base = 2
	if err := CheckTerrain(bad, f); err == nil || err.Error() != "base: 2 is above the height 1" {
		t.Errorf("base above height: %v", err)
	}
	if err := CheckTerrain(p, f); err != nil {
		t.Errorf("valid piece: %v", err)
	}
	u := f.UnitsOnTable[0]
	u.Minis = append([]Mini(nil), u.Minis...)
	u.Minis[1].X = 35.9
	if err := CheckUnit(u, f); err == nil || !strings.HasPrefix(err.Error(), "minis[1]: base leaves the table") {
		t.Errorf("mini off the table: %v", err)
	}
	u.Minis[1].X = 12
	u.Minis[1].Leader = true
	if err := CheckUnit(u, f); err == nil || !strings.Contains(err.Error(), "2 leaders") {
		t.Errorf("two leaders: %v", err)
	}
	u.Minis[1].Leader = false
	u.Speed = 4
	if err := CheckUnit(u, f); err == nil || err.Error() != "speed: must be 1, 2 or 3, got 4" {
		t.Errorf("speed 4: %v", err)
	}
	if err := CheckToken(Token{ID: "k", X: 1, Y: 1}, f); err == nil || err.Error() != "r: must be positive, got 0" {
		t.Errorf("token radius 0: %v", err)
	}
	nan := Token{ID: "k", X: 1, Y: 1, R: 1}
	nan.X = nan.X * (1 / zero())
	if err := CheckToken(nan, f); err == nil || !strings.HasPrefix(err.Error(), "x: ") {
		t.Errorf("token at infinity: %v", err)
	}
	if err := CheckSetup(&Setup{Blue: "a", Red: "a", Phase: PhaseTerrain}); err == nil || !strings.HasPrefix(err.Error(), "red: is the same side") {
		t.Errorf("same sides: %v", err)
	}
	if err := CheckSetup(nil); err != nil {
		t.Errorf("no setup: %v", err)
	}
	if _, err := ParseJSON([]byte(`{"a":1,"a":2}`)); err == nil || !strings.Contains(err.Error(), `key "a" given twice`) {
		t.Errorf("duplicate key: %v", err)
	}
}

func zero() float64 { return 0 }

func mustSave(t *testing.T, f *File) []byte {
	t.Helper()
	b, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCheckGameRefs: a file whose game names what is gone, or whose table uses an id of the
// game's reserve, is refused as Load refuses it, naming the game's field; the game's own ids are
// listed by Game.IDs.
func TestCheckGameRefs(t *testing.T) {
	f := mustLoad(t, edit(t, withGame()...))
	if err := CheckGameRefs(f); err != nil {
		t.Fatalf("the loaded file: %v", err)
	}
	if got := f.Game.IDs(); !reflect.DeepEqual(got, []string{"r", "r-1", "r-2", "a-3"}) {
		t.Errorf("IDs %v", got)
	}
	var none *Game
	if none.IDs() != nil || CheckGameRefs(mustLoad(t, []byte(baseDoc))) != nil {
		t.Error("a file without a game")
	}
	without := func(unit string) *File {
		g := *f
		g.UnitsOnTable = nil
		for _, u := range f.UnitsOnTable {
			if u.ID != unit {
				g.UnitsOnTable = append(g.UnitsOnTable, u)
			}
		}
		return &g
	}
	noToken := *f
	noToken.Tokens = nil
	taken := *f
	taken.UnitsOnTable = append(append([]Unit(nil), f.UnitsOnTable...), Unit{ID: "r", Side: "blue", Type: Trooper,
		Minis: []Mini{{ID: "x-1", Leader: true, X: 60, Y: 30, Base: 1.063, Height: 1.65}}})
	for name, c := range map[string]struct {
		f    *File
		want string
	}{
		"the commander gone":        {without("b"), `game.sides.blue.commander: no unit "b" on the table`},
		"a wounded unit gone":       {without("a"), `game.units[0].wounds.a-2: no mini "a-2" of unit "a" on the table`},
		"the claimed token gone":    {&noToken, `game.claimed.obj: no token "obj" on the table`},
		"a reserve id on the table": {&taken, `game.reserve[0].id: duplicate id "r" (first used by units_on_table[2])`},
	} {
		err := CheckGameRefs(c.f)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %s", name, err, c.want)
		}
	}
}
