package maps

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Dice are data: one JSON file per die in maps/dice/ (file name = the die's id). A new die — of
// Legion or of another seed's game — is a new file and needs no code. The file holds:
//
//	name    display name ("red attack die")
//	system  the game: "legion", "swm" (Star Wars Miniatures), "rebellion", "destiny", …
//	kind    "attack", "defence" or "any" (a die not tied to one side, e.g. a d20)
//	sides   the number of sides of the physical die
//	faces   [{symbol, count, value?}]: how many sides show that symbol (and number, if any)
//	cite    where the faces come from (seed and line, or a doc)
//
// Legion dice use the symbols of RRG 2.0 Würfel (L11885–11921): attack dice hit, critical, surge,
// blank; defence dice block, surge, blank.

//go:embed dice/*.json
var diceFiles embed.FS

// DieFace is one kind of side of a die: its symbol, an optional number, and on how many sides it is.
type DieFace struct {
	Symbol string `json:"symbol"`
	Value  int    `json:"value,omitempty"`
	Count  int    `json:"count"`
}

// Die is one die definition loaded from maps/dice/<id>.json.
type Die struct {
	ID     string    `json:"-"`
	Name   string    `json:"name"`
	System string    `json:"system"`
	Kind   string    `json:"kind"`
	Sides  int       `json:"sides"`
	Faces  []DieFace `json:"faces"`
	Cite   string    `json:"cite"`
}

// Die kinds.
const (
	DieAttack  = "attack"
	DieDefence = "defence"
	DieAny     = "any"
)

// Legion result symbols (RRG 2.0 Würfel L11885–11921).
const (
	SymHit      = "hit"
	SymCritical = "critical"
	SymSurge    = "surge"
	SymBlock    = "block"
	SymBlank    = "blank"
)

var symbolRE = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)

// legionSymbols are the symbols a Legion die of each kind may carry.
var legionSymbols = map[string][]string{
	DieAttack:  {SymHit, SymCritical, SymSurge, SymBlank},
	DieDefence: {SymBlock, SymSurge, SymBlank},
}

// ParseDie decodes and validates one die file. file names the file in errors ("maps/dice/x.json")
// and its base name without ".json" becomes the die's id. Errors are one line naming the file and
// the field at fault.
func ParseDie(file string, b []byte) (Die, error) {
	var d Die
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		return Die{}, fmt.Errorf("%s: %v", file, err)
	}
	if dec.More() {
		return Die{}, fmt.Errorf("%s: trailing data after the die object", file)
	}
	base := file[strings.LastIndexAny(file, "/\\")+1:]
	d.ID = strings.TrimSuffix(base, ".json")
	if err := d.validate(); err != nil {
		return Die{}, fmt.Errorf("%s: %v", file, err)
	}
	return d, nil
}

func (d Die) validate() error {
	switch {
	case !symbolRE.MatchString(d.ID):
		return fmt.Errorf("id (file name) %q: must be lower-case letters, digits, '-' or '_'", d.ID)
	case strings.TrimSpace(d.Name) == "":
		return fmt.Errorf("name: missing")
	case !symbolRE.MatchString(d.System):
		return fmt.Errorf("system %q: must be a lower-case word such as \"legion\"", d.System)
	case d.Kind != DieAttack && d.Kind != DieDefence && d.Kind != DieAny:
		return fmt.Errorf("kind %q: must be %q, %q or %q", d.Kind, DieAttack, DieDefence, DieAny)
	case d.Sides < 2:
		return fmt.Errorf("sides %d: must be at least 2", d.Sides)
	case len(d.Faces) == 0:
		return fmt.Errorf("faces: none given")
	case strings.TrimSpace(d.Cite) == "":
		return fmt.Errorf("cite: missing (say where the faces come from)")
	}
	var allowed []string
	if d.System == "legion" {
		var ok bool
		if allowed, ok = legionSymbols[d.Kind]; !ok {
			return fmt.Errorf("kind %q: a Legion die is %q or %q", d.Kind, DieAttack, DieDefence)
		}
	}
	seen := map[DieFace]bool{}
	sum := 0
	for i, f := range d.Faces {
		switch {
		case !symbolRE.MatchString(f.Symbol):
			return fmt.Errorf("faces[%d].symbol %q: must be a lower-case word", i, f.Symbol)
		case allowed != nil && !hasString(allowed, f.Symbol):
			return fmt.Errorf("faces[%d].symbol %q: a Legion %s die shows only %s", i, f.Symbol, d.Kind, strings.Join(allowed, ", "))
		case f.Count < 1:
			return fmt.Errorf("faces[%d].count %d: must be at least 1", i, f.Count)
		case f.Value < 0:
			return fmt.Errorf("faces[%d].value %d: must not be negative", i, f.Value)
		}
		k := DieFace{Symbol: f.Symbol, Value: f.Value}
		if seen[k] {
			return fmt.Errorf("faces[%d]: symbol %q value %d listed twice", i, f.Symbol, f.Value)
		}
		seen[k] = true
		sum += f.Count
	}
	if sum != d.Sides {
		return fmt.Errorf("faces: counts add up to %d, but sides is %d", sum, d.Sides)
	}
	return nil
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Probability returns how many of the die's sides show symbol (any value), over Sides.
func (d Die) Probability(symbols ...string) (num, den int) {
	for _, f := range d.Faces {
		if hasString(symbols, f.Symbol) {
			num += f.Count
		}
	}
	return num, d.Sides
}

// LoadDice parses and validates every embedded die, sorted by id. The first bad file is the error.
func LoadDice() ([]Die, error) {
	names, err := fs.Glob(diceFiles, "dice/*.json")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := make([]Die, 0, len(names))
	for _, n := range names {
		b, err := diceFiles.ReadFile(n)
		if err != nil {
			return nil, fmt.Errorf("maps/%s: %v", n, err)
		}
		d, err := ParseDie("maps/"+n, b)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// loadedDice parses the embedded dice once.
var loadedDice = sync.OnceValues(LoadDice)

// Dice returns a copy of every embedded die, sorted by id. The embedded files are checked by the
// tests, so a bad file is a programming error and panics.
func Dice() []Die {
	ds, err := loadedDice()
	if err != nil {
		panic("maps: " + err.Error())
	}
	out := make([]Die, len(ds))
	for i, d := range ds {
		d.Faces = append([]DieFace(nil), d.Faces...)
		out[i] = d
	}
	return out
}

// DieByID returns the embedded die with that id ("red-attack"), and whether it exists.
func DieByID(id string) (Die, bool) {
	ds, err := loadedDice()
	if err != nil {
		panic("maps: " + err.Error())
	}
	for _, d := range ds {
		if d.ID == id {
			d.Faces = append([]DieFace(nil), d.Faces...)
			return d, true
		}
	}
	return Die{}, false
}
