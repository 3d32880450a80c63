package maps

import (
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"
	"sync"

	"holotable/table"
)

// Dice are data: one JSON file per die in maps/dice/ (file name = the die's id). A new die — of
// Legion or of another seed's game — is a new file and needs no code. The file form and its checks
// are package table's (table.LoadDie, docs/format-dice.md):
//
//	name    display name ("red attack die")
//	system  the game: "legion", "swm" (Star Wars Miniatures), "rebellion", "destiny", …
//	kind    "attack", "defence" or "any" (a die not tied to one side, e.g. a d20)
//	colour  optional, "#rrggbb"
//	sides   the number of sides of the physical die
//	faces   [{symbol, count, value?, modifier?, cost?}]: how many sides show that symbol (and
//	        number, if any); modifier and cost only on Destiny dice
//	cite    where the faces come from (seed and line, or a doc)
//
// Legion dice use the symbols of RRG 2.0 Würfel (L11885–11921): attack dice hit, critical, surge,
// blank; defence dice block, surge, blank.

//go:embed dice/*.json
var diceFiles embed.FS

// DieFace is one kind of side of a die (table.DieFace).
type DieFace = table.DieFace

// Die is one die definition loaded from maps/dice/<id>.json (table.Die).
type Die = table.Die

// Die kinds.
const (
	DieAttack  = table.DieAttack
	DieDefence = table.DieDefence
	DieAny     = table.DieAny
)

// Legion result symbols (RRG 2.0 Würfel L11885–11921).
const (
	SymHit      = "hit"
	SymCritical = "critical"
	SymSurge    = "surge"
	SymBlock    = "block"
	SymBlank    = "blank"
)

var idRE = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)

// ParseDie decodes and validates one die file. file names the file in errors ("maps/dice/x.json")
// and its base name without ".json" becomes the die's id. Errors are one line naming the file and
// the field at fault ("maps/dice/x.json: faces[1].count: must be 1 to 1000, got 0").
func ParseDie(file string, b []byte) (Die, error) {
	base := file[strings.LastIndexAny(file, "/\\")+1:]
	id := strings.TrimSuffix(base, ".json")
	if !idRE.MatchString(id) {
		return Die{}, fmt.Errorf("%s: id (file name) %q: must be lower-case letters, digits, '-' or '_'", file, id)
	}
	d, err := table.LoadDie(b)
	if err != nil {
		return Die{}, fmt.Errorf("%s: %v", file, err)
	}
	d.ID = id
	return d, nil
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
