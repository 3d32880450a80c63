package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Dice are data: a die is a name, a colour and its faces. The same form serves the files of
// maps/dice/ (one die per file, its id the file name; LoadDie) and a table's optional top-level
// "dice" list (the custom dice made in the app, saved with the table; each with an "id"). See
// docs/format-dice.md.
//
// A die's System picks the symbols its faces may show:
//
//	legion     attack dice: hit, critical, surge, blank; defence dice: block, surge, blank
//	           (RRG 2.0 Würfel L11885–11921)
//	rebellion  6 sides: hit, direct-hit, special, blank (Rebellion seed 001 L921–930)
//	destiny    6 sides: melee, ranged, indirect, shield, resource, disrupt, discard, focus, special,
//	           blank, none (Destiny seed 002 L306–422); blank and special show value 0 (L314);
//	           a face may be a modifier (L332–338) or carry a resource cost (L328–330)
//	anything else (swm, a game of the user's): any lower-case symbol words
//
// Only Destiny dice have modifier sides and resource costs.

// Die kinds: which side of an attack a die is rolled for (Legion), or "any".
const (
	DieAttack  = "attack"
	DieDefence = "defence"
	DieAny     = "any"
)

// The systems whose dice LoadDie checks beyond the common rules.
const (
	SystemLegion    = "legion"
	SystemRebellion = "rebellion"
	SystemDestiny   = "destiny"
)

// Limits of a die: no physical die has more sides, and a face table longer than its sides is
// impossible.
const (
	MaxDieSides = 1000
	MaxDice     = 100 // custom dice in one table
)

// Die is one die definition. A die file of maps/dice has no "id" (the file name is its id); a
// table's die has one. Colour and Cite may be empty in a table ("" = not given); Extra keeps the
// unknown fields of a table's die (a die file refuses them).
type Die struct {
	ID     string    `json:"-"`
	Name   string    `json:"name"`
	System string    `json:"system"`
	Kind   string    `json:"kind"`
	Colour string    `json:"colour,omitempty"` // "#rrggbb"
	Sides  int       `json:"sides"`
	Faces  []DieFace `json:"faces"`
	Cite   string    `json:"cite"`
	// Extra holds a table die's fields this version does not know (nil when none).
	Extra map[string]any `json:"-"`
}

// DieFace is one kind of side of a die: its symbol, an optional number, on how many sides it is,
// and for Destiny whether it is a modifier side ("+", L332–338) and its resource cost (L328–330).
type DieFace struct {
	Symbol   string `json:"symbol"`
	Value    int    `json:"value,omitempty"`
	Count    int    `json:"count"`
	Modifier bool   `json:"modifier,omitempty"`
	Cost     int    `json:"cost,omitempty"`
}

var (
	symbolRE = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)
	colourRE = regexp.MustCompile(`^#[0-9a-f]{6}$`)
)

// systemSymbols are the symbols a die of a checked system may show, by kind ("" = any kind).
var systemSymbols = map[string]map[string][]string{
	SystemLegion: {
		DieAttack:  {"hit", "critical", "surge", "blank"},
		DieDefence: {"block", "surge", "blank"},
	},
	SystemRebellion: {"": {"hit", "direct-hit", "special", "blank"}},
	SystemDestiny: {"": {"melee", "ranged", "indirect", "shield", "resource", "disrupt", "discard",
		"focus", "special", "blank", "none"}},
}

// systemNames are the checked systems as a sentence names them.
var systemNames = map[string]string{SystemLegion: "Legion", SystemRebellion: "Rebellion", SystemDestiny: "Destiny"}

// sixSided are the systems whose dice are d6 (Rebellion L921; Destiny L166–168: "all six sides").
var sixSided = map[string]string{
	SystemRebellion: "Rebellion (seed 001 L921) uses six-sided dice",
	SystemDestiny:   "a Destiny die shows all six sides on its card (seed 002 L166–168)",
}

var dieFields = []string{"name", "system", "kind", "colour", "sides", "faces", "cite"}
var faceFields = []string{"symbol", "value", "count", "modifier", "cost"}

// LoadDie parses and checks one die file of maps/dice (no "id"; unknown fields are faults). The
// error is an *Error naming the field ("faces[1].count: must be at least 1, got 0").
func LoadDie(data []byte) (Die, error) {
	return guard(func() Die {
		o := asObject("", decode(data))
		if extra := o.extra(dieFields...); extra != nil {
			k := sortedKeys(extra)[0]
			fail(o.field(k), "unknown field (a die file holds %s)", strings.Join(dieFields, ", "))
		}
		return loadDieBody(o, true)
	})
}

// loadDice reads a table's optional "dice" list.
func loadDice(root object) []Die {
	arr, ok := root.arrayAtMost("dice", MaxDice)
	if !ok {
		return nil
	}
	var out []Die
	seen := map[string]string{}
	for i, raw := range arr {
		o := asObject(index("dice", i), raw)
		id := o.id("id")
		if !symbolRE.MatchString(id) {
			fail(o.field("id"), "%q: must be lower-case letters, digits, '-' or '_', starting with a letter", id)
		}
		if first, dup := seen[id]; dup {
			fail(o.field("id"), "duplicate die id %q (first used by %s)", id, first)
		}
		seen[id] = o.path
		d := loadDieBody(o, false)
		d.ID = id
		d.Extra = o.extra(append([]string{"id"}, dieFields...)...)
		out = append(out, d)
	}
	return out
}

// loadDieBody reads and checks the fields every die has; a die file must cite its source, a
// table's die may leave it out.
func loadDieBody(o object, needCite bool) Die {
	d := Die{}
	d.Name = o.strOr("name", "")
	if strings.TrimSpace(d.Name) == "" {
		fail(o.field("name"), "missing (a die needs a name)")
	}
	o.require("system")
	d.System, _ = o.str("system")
	if !symbolRE.MatchString(d.System) {
		fail(o.field("system"), "%q: must be a lower-case word such as \"legion\"", d.System)
	}
	d.Kind = o.strOr("kind", DieAny)
	if d.Kind != DieAttack && d.Kind != DieDefence && d.Kind != DieAny {
		fail(o.field("kind"), "%q: must be %q, %q or %q", d.Kind, DieAttack, DieDefence, DieAny)
	}
	d.Colour = o.strOr("colour", "")
	if d.Colour != "" && !colourRE.MatchString(d.Colour) {
		fail(o.field("colour"), "%q: must be #rrggbb in lower-case hex", d.Colour)
	}
	o.require("sides")
	d.Sides, _ = o.integer("sides")
	if d.Sides < 2 || d.Sides > MaxDieSides {
		fail(o.field("sides"), "must be 2 to %d, got %d", MaxDieSides, d.Sides)
	}
	if why, ok := sixSided[d.System]; ok && d.Sides != 6 {
		fail(o.field("sides"), "must be 6, got %d: %s", d.Sides, why)
	}
	d.Cite = o.strOr("cite", "")
	if needCite && strings.TrimSpace(d.Cite) == "" {
		fail(o.field("cite"), "missing (say where the faces come from)")
	}
	allowed, checked := systemSymbols[d.System]
	var symbols []string
	if checked {
		var ok bool
		if symbols, ok = allowed[d.Kind]; !ok {
			if symbols, ok = allowed[""]; !ok {
				fail(o.field("kind"), "%q: a %s die is %q or %q", d.Kind, systemNames[d.System], DieAttack, DieDefence)
			}
		}
	}

	o.require("faces")
	arr, _ := o.array("faces")
	if len(arr) == 0 {
		fail(o.field("faces"), "empty (a die needs at least one face)")
	}
	if len(arr) > d.Sides {
		fail(o.field("faces"), "%d faces on a die of %d sides", len(arr), d.Sides)
	}
	type faceKey struct {
		sym      string
		val      int
		modifier bool
		cost     int
	}
	seen := map[faceKey]bool{}
	sum := 0
	for i, raw := range arr {
		fo := asObject(index(o.field("faces"), i), raw)
		if extra := fo.extra(faceFields...); extra != nil {
			fail(fo.field(sortedKeys(extra)[0]), "unknown field (a face holds %s)", strings.Join(faceFields, ", "))
		}
		what := systemNames[d.System]
		if d.System == SystemLegion {
			what += " " + d.Kind
		}
		f := loadFace(fo, d.System, what, symbols)
		k := faceKey{f.Symbol, f.Value, f.Modifier, f.Cost}
		if seen[k] {
			fail(fo.path, "the same face (symbol %q, value %d) is listed twice; give its count instead", f.Symbol, f.Value)
		}
		seen[k] = true
		sum += f.Count
		if sum > d.Sides {
			break // reported below
		}
		d.Faces = append(d.Faces, f)
	}
	if sum != d.Sides {
		fail(o.field("faces"), "counts add up to %d, but sides is %d", sum, d.Sides)
	}
	return d
}

func loadFace(o object, system, what string, symbols []string) DieFace {
	o.require("symbol")
	f := DieFace{}
	f.Symbol, _ = o.str("symbol")
	if !symbolRE.MatchString(f.Symbol) {
		fail(o.field("symbol"), "%q: must be a lower-case word", f.Symbol)
	}
	if symbols != nil && !slices.Contains(symbols, f.Symbol) {
		fail(o.field("symbol"), "%q: a %s die shows only %s", f.Symbol, what, strings.Join(symbols, ", "))
	}
	o.require("count")
	f.Count, _ = o.integer("count")
	if f.Count < 1 || f.Count > MaxDieSides {
		fail(o.field("count"), "must be 1 to %d, got %d", MaxDieSides, f.Count)
	}
	v, _ := o.integer("value")
	if v < 0 || v > 1000 {
		fail(o.field("value"), "must be 0 to 1000, got %d", v)
	}
	f.Value = v
	f.Modifier, _ = o.boolean("modifier")
	f.Cost, _ = o.integer("cost")
	if f.Cost < 0 || f.Cost > 1000 {
		fail(o.field("cost"), "must be 0 to 1000, got %d", f.Cost)
	}
	if system != SystemDestiny && (f.Modifier || f.Cost != 0) {
		k := "modifier"
		if !f.Modifier {
			k = "cost"
		}
		fail(o.field(k), "only Destiny dice have modifier sides and resource costs (seed 002 L328–338)")
	}
	if system == SystemDestiny && (f.Symbol == "blank" || f.Symbol == "special" || f.Symbol == "none") {
		if f.Value != 0 {
			fail(o.field("value"), "a Destiny %s side has value 0 (seed 002 L314), got %d", f.Symbol, f.Value)
		}
		if f.Modifier {
			fail(o.field("modifier"), "a Destiny %s side cannot be a modifier: a modifier adds its value to a die showing the same symbol (seed 002 L332–338)", f.Symbol)
		}
	}
	return f
}

// dieDoc is a die as written: the table form has the id first and unknown fields last; the file
// form (SaveDie) has no id.
func dieDoc(d Die, withID bool) ordered {
	var o ordered
	if withID {
		o.add("id", d.ID)
	}
	o.add("name", d.Name)
	o.add("system", d.System)
	o.add("kind", d.Kind)
	if d.Colour != "" {
		o.add("colour", d.Colour)
	}
	o.add("sides", d.Sides)
	faces := []any{}
	for _, f := range d.Faces {
		fo := ordered{{"symbol", f.Symbol}}
		if f.Value != 0 {
			fo.add("value", f.Value)
		}
		fo.add("count", f.Count)
		if f.Modifier {
			fo.add("modifier", true)
		}
		if f.Cost != 0 {
			fo.add("cost", f.Cost)
		}
		faces = append(faces, fo)
	}
	o.add("faces", faces)
	if withID || d.Cite != "" {
		o.add("cite", d.Cite)
	}
	if withID {
		o.addExtra(d.Extra)
	}
	return o
}

// ExportCite is the source a die file names when a custom die made in the app had none.
const ExportCite = "made in holotable's dice tool: the faces were entered by the user"

// SaveDie writes d as a die file of maps/dice (the file name is the id; no id inside): indented,
// fields in a fixed order, a missing cite replaced by ExportCite. The output is checked with
// LoadDie, so SaveDie never writes a file maps/dice would refuse.
func SaveDie(d Die) ([]byte, error) {
	if strings.TrimSpace(d.Cite) == "" {
		d.Cite = ExportCite
	}
	var w writer
	if err := w.value(dieDoc(d, false), "", 0); err != nil {
		return nil, err
	}
	w.buf.WriteByte('\n')
	out := w.buf.Bytes()
	if _, err := LoadDie(out); err != nil {
		return nil, fmt.Errorf("table: SaveDie would write an invalid die: %w", err)
	}
	return out, nil
}

// dicesDoc is the "dice" list of a table.
func dicesDoc(ds []Die) []any {
	out := make([]any, len(ds))
	for i, d := range ds {
		out[i] = dieDoc(d, true)
	}
	return out
}

// Probability returns how many of the die's sides show one of symbols (any value), over Sides.
func (d Die) Probability(symbols ...string) (num, den int) {
	for _, f := range d.Faces {
		if slices.Contains(symbols, f.Symbol) {
			num += f.Count
		}
	}
	return num, d.Sides
}
