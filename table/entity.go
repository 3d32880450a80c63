package table

import (
	"encoding/json"
	"strconv"
)

// Entities embedded in other JSON documents. Package ops writes terrain pieces, units, minis,
// tokens, setups and whole files into its operations: each is written exactly as Save writes it
// (the same keys in the same order, the same numbers), only compactly, and read back by the
// loader's own code, so that an entity in an operation obeys the same rules, in the same words, as
// in a table file. A fault names its field relative to the entity ("polygon: edges 1 and 4
// cross", "minis[0]: base leaves the table …"); the caller puts its own path in front.

// ParseJSON decodes data the way Load does before it reads a file: exactly one JSON value, no
// key given twice in an object, every number finite, at most 256 levels deep. Objects come back
// as map[string]any, arrays as []any, numbers as json.Number. A fault is an *Error.
func ParseJSON(data []byte) (v any, err error) {
	return guard(func() any { return decode(data) })
}

// Value is an entity as a table file writes it, ready to be written into another document.
type Value struct{ doc any }

// AppendJSON appends the value as compact JSON (no whitespace; keys in the file's order).
func (v Value) AppendJSON(dst []byte) ([]byte, error) {
	w := writer{compact: true}
	if err := w.value(v.doc, "", 0); err != nil {
		return dst, err
	}
	return append(dst, w.buf.Bytes()...), nil
}

// TerrainValue is the piece as a file writes it.
func TerrainValue(t Terrain) Value { return Value{terrainDoc(t)} }

// UnitValue is the unit as a file with profile p writes it (a mini's base by its name when p has
// that name with the mini's diameter).
func UnitValue(u Unit, p Profile) (Value, error) {
	d, err := unitDoc(u, p, "")
	return Value{d}, err
}

// MiniValue is the mini as a file with profile p writes it.
func MiniValue(m Mini, p Profile) (Value, error) {
	d, err := miniDoc(m, p, "")
	return Value{d}, err
}

// TokenValue is the token as a file writes it.
func TokenValue(t Token) (Value, error) {
	d, err := tokenDoc(t, "")
	return Value{d}, err
}

// SetupValue is the setup as a file writes it.
func SetupValue(s *Setup) Value { return Value{setupDoc(s)} }

// FileValue is the whole file as Save writes it.
func FileValue(f *File) (Value, error) {
	d, err := fileDoc(f)
	return Value{d}, err
}

// DecodeTerrain reads a terrain piece from its decoded JSON (ParseJSON), as Load reads one of f
// (lengths within f's unit's limits, near f's battlefield).
func DecodeTerrain(v any, f *File) (t Terrain, err error) {
	return guard(func() Terrain { return loadTerrain(asObject("", v), f, idSpace{}) })
}

// DecodeUnit reads a unit as Load reads one of f: base names from f's profile, every base on f's
// battlefield, mini ids unique within the unit (not checked against f's other ids).
func DecodeUnit(v any, f *File) (u Unit, err error) {
	return guard(func() Unit { return loadUnit(asObject("", v), f, idSpace{}) })
}

// DecodeMini reads a mini as Load reads one of f (its base name from f's profile, its base on f's
// battlefield).
func DecodeMini(v any, f *File) (m Mini, err error) {
	return guard(func() Mini { return loadMini(asObject("", v), f, idSpace{}) })
}

// DecodeToken reads a token as Load reads one of f (on f's battlefield).
func DecodeToken(v any, f *File) (t Token, err error) {
	return guard(func() Token { return loadToken(asObject("", v), f, idSpace{}) })
}

// DecodeSetup reads a setup object.
func DecodeSetup(v any) (s *Setup, err error) {
	return guard(func() *Setup { return loadSetupObject(asObject("", v)) })
}

// DecodeFile reads a whole table file from its decoded JSON, as Load does.
func DecodeFile(v any) (f *File, err error) {
	return guard(func() *File { return loadRoot(v) })
}

// CheckTerrain reports the first fault Load would find in the piece t as a piece of f, or nil.
func CheckTerrain(t Terrain, f *File) error {
	_, err := DecodeTerrain(generic(terrainDoc(t)), f)
	return err
}

// CheckUnit reports the first fault Load would find in the unit u as a unit of f (f's profile and
// battlefield; its ids are not checked against f's other ids), or nil.
func CheckUnit(u Unit, f *File) error {
	d, err := unitDoc(u, f.Profile, "")
	if err != nil {
		return err
	}
	_, err = DecodeUnit(generic(d), f)
	return err
}

// CheckToken reports the first fault Load would find in the token t as a token of f, or nil.
func CheckToken(t Token, f *File) error {
	d, err := tokenDoc(t, "")
	if err != nil {
		return err
	}
	_, err = DecodeToken(generic(d), f)
	return err
}

// CheckSetup reports the first fault Load would find in the setup s, or nil (a nil s has none).
func CheckSetup(s *Setup) error {
	if s == nil {
		return nil
	}
	_, err := DecodeSetup(generic(setupDoc(s)))
	return err
}

// generic turns a document as the writer takes it (ordered objects, float64 and int numbers) into
// decoded JSON as the loader reads it (map[string]any, json.Number). A non-finite number becomes
// a json.Number the loader refuses, naming the field.
func generic(v any) any {
	switch t := v.(type) {
	case ordered:
		m := make(map[string]any, len(t))
		for _, e := range t {
			m[e.key] = generic(e.value)
		}
		return m
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, e := range t {
			m[k] = generic(e)
		}
		return m
	case []any:
		a := make([]any, len(t))
		for i, e := range t {
			a[i] = generic(e)
		}
		return a
	case float64:
		return json.Number(formatFloat(t))
	case int:
		return json.Number(strconv.Itoa(t))
	}
	return v
}

// CheckGameRefs checks f's game state against the rest of f as Load does: the units, minis and
// tokens it names are on the table (or in the reserve), and the ids of the reserve and of the
// defeated minis are used by nothing on the table. A fault is an *Error naming the field
// ("game.units[2].unit: no unit …"). A file without a game passes. An operation that removes or
// adds units, minis or tokens asks it of the file it makes.
func CheckGameRefs(f *File) error {
	_, err := ReloadGame(f)
	return err
}

// ReloadGame is f's game as Save writes it and Load reads it back as part of f — checked against
// f as CheckGameRefs checks it, in the form a loaded file has — without writing or reading the
// rest of f (nil for a file without a game). With the table's unit and mini counts within their
// limits it is what table.Reload would give of a file whose other parts are already loaded ones:
// the rules' game steps ask it of the copy they change (they change the game and a few units).
func ReloadGame(f *File) (*Game, error) {
	if f.Game == nil {
		return nil, nil
	}
	return guard(func() *Game {
		checkCount("units_on_table", "units", len(f.UnitsOnTable), MaxUnits)
		minis := 0
		for _, u := range f.UnitsOnTable {
			minis += len(u.Minis)
		}
		checkCount("units_on_table", "minis", minis, MaxMinis)
		ids := idSpace{}
		for i, t := range f.Terrain {
			ids[t.ID] = index("terrain", i)
		}
		for i, u := range f.UnitsOnTable {
			p := index("units_on_table", i)
			ids[u.ID] = p
			for j, m := range u.Minis {
				ids[m.ID] = index(p+".minis", j)
			}
			for k, c := range u.Carried {
				cp := index(p+".carried", k)
				ids[c.ID] = cp
				for j, m := range c.Minis {
					ids[m.ID] = index(cp+".minis", j)
				}
			}
		}
		for i, t := range f.Tokens {
			ids[t.ID] = index("tokens", i)
		}
		d, err := gameDoc(f.Game, f.Profile)
		if err != nil {
			fail("game", "%v", err)
		}
		return loadGame(asObject("", map[string]any{"game": generic(d)}), f, ids)
	})
}

// IDs are the ids the game holds besides the table's: the reserve's units and minis and the
// defeated minis (they share the table's one namespace).
func (g *Game) IDs() []string {
	if g == nil {
		return nil
	}
	var out []string
	for _, u := range g.Reserve {
		out = append(out, u.ID)
		for _, m := range u.Minis {
			out = append(out, m.ID)
		}
	}
	for _, u := range g.Units {
		for _, m := range u.Defeated {
			out = append(out, m.ID)
		}
	}
	return out
}
