package maps

// The unit catalog: maps/units/legion-units.json, the facts an imported army list needs to put
// its units on a table — base, number of minis, speed, silhouette height, rank, points — for 169
// units of the five factions, and the upgrades that add minis. It is derived from the MIT-licensed
// Tabletop Simulator mod swlegion/tts (maps/units/README.md says what each field is, where it comes
// from and how the file was cut from shared/data/legion-units.json; maps/units/LICENSE the licence).
// It holds names and numbers only: no card text, weapons, wounds or courage (those are entered per
// table, table.UnitCard).
//
// Lookup finds the unit a list names: exactly by its key (card name + " " + title, as the mod
// does, case-insensitively), by the mod's list-builder label, or — for lists written before the
// catalog renamed a title — by the card name when exactly one unit of the army's faction has it
// (shared/docs/online-notes.md "Name drift").

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"holotable/table"
)

//go:embed units/legion-units.json
var catalogJSON []byte

// Faction is one of the catalog's five factions. In the file and in JSON it is its String.
type Faction uint8

// Factions. FactionAny is the zero value: no faction (look in every faction).
const (
	FactionAny Faction = iota
	Empire
	Rebels
	Republic
	Separatists
	Mercenary
)

var factionNames = [...]string{"", "empire", "rebels", "republic", "separatists", "mercenary"}

// String is the catalog's word: "empire", "rebels", "republic", "separatists", "mercenary"; ""
// for FactionAny.
func (f Faction) String() string {
	if int(f) < len(factionNames) {
		return factionNames[f]
	}
	return fmt.Sprintf("Faction(%d)", uint8(f))
}

// ParseFaction reads a catalog faction word.
func ParseFaction(s string) (Faction, error) {
	for i, n := range factionNames {
		if i > 0 && n == s {
			return Faction(i), nil
		}
	}
	return FactionAny, fmt.Errorf("unknown faction %q (empire, rebels, republic, separatists or mercenary)", s)
}

// MarshalText writes the faction's word.
func (f Faction) MarshalText() ([]byte, error) {
	if f == FactionAny || int(f) >= len(factionNames) {
		return nil, fmt.Errorf("maps: no word for %v", f)
	}
	return []byte(f.String()), nil
}

// UnmarshalText reads the faction's word.
func (f *Faction) UnmarshalText(b []byte) error {
	v, err := ParseFaction(string(b))
	if err != nil {
		return err
	}
	*f = v
	return nil
}

// CatalogUnit is one unit card of the catalog.
type CatalogUnit struct {
	Faction     Faction        `json:"faction"`
	Rank        table.Rank     `json:"rank"`
	Name        string         `json:"name"`        // the card's name: "Stormtroopers"
	Title       string         `json:"title"`       // "" when the card has none
	Key         string         `json:"key"`         // Name + " " + Title, or Name: what a list names
	DisplayName string         `json:"displayName"` // the mod's list-builder label, "" when none
	CardType    string         `json:"cardType"`    // the card's type line: "Trooper", "Droid Trooper", "Ground Vehicle", …
	Type        table.UnitType `json:"type"`        // the table's unit type
	Base        string         `json:"base"`        // a Bases name
	Minis       int            `json:"minis"`       // minis of the bare unit, the leader first
	// HeavyWeaponTeam: the first equipped upgrade that adds a mini becomes the leader (Strike
	// Teams). Required: upgrades the unit always has; they add their minis.
	HeavyWeaponTeam  bool     `json:"heavyWeaponTeam"`
	Required         []string `json:"required"`
	Speed            int      `json:"speed"`
	SilhouetteHeight float64  `json:"silhouetteHeight"` // inches: the mini's height for line of sight
	OrderTokens      int      `json:"orderTokens"`
	Points           int      `json:"points"`
}

// UpgradeMinis is an upgrade card that adds minis to its unit.
type UpgradeMinis struct {
	Slot   string `json:"slot"`
	Minis  int    `json:"minis"`
	Leader bool   `json:"leader"` // the added mini becomes the unit leader
}

// BaseShape is the physical base of a catalog base name.
type BaseShape struct {
	Shape            string          `json:"shape"` // "round" or "oblong"
	MM               json.RawMessage `json:"mm"`    // 27, or [100, 175] for oblong bases
	Diameter         float64         `json:"diameter,omitempty"`
	ColliderDiameter float64         `json:"colliderDiameter,omitempty"`
	Width            float64         `json:"width,omitempty"`
	Length           float64         `json:"length,omitempty"`
	Notched          bool            `json:"notched"`
}

// Catalog is the parsed unit catalog. Treat it as read-only: UnitCatalog returns a shared value.
type Catalog struct {
	Source       string                  `json:"source"`
	License      string                  `json:"license"`
	Copyright    string                  `json:"copyright"`
	Commit       string                  `json:"commit"`
	UnitsSort    string                  `json:"units_sort"`
	Bases        map[string]float64      `json:"bases"`
	BaseShapes   map[string]BaseShape    `json:"baseShapes"`
	Silhouettes  map[string]float64      `json:"silhouettes"`
	UpgradeMinis map[string]UpgradeMinis `json:"upgradeMinis"`
	Units        []CatalogUnit           `json:"units"`
	// folded keys, names and labels of Units, and of UpgradeMinis (by FoldName), for the look-ups
	keys, names, labels []string
	upgrades            map[string]string
}

// ParseCatalog decodes and checks a catalog file (unknown fields are refused). The error is one
// line naming the unit or field at fault.
func ParseCatalog(data []byte) (*Catalog, error) {
	var c Catalog
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("units catalog: %v", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("units catalog: trailing data after the catalog object")
	}
	if err := c.check(); err != nil {
		return nil, fmt.Errorf("units catalog: %v", err)
	}
	c.index()
	return &c, nil
}

func (c *Catalog) check() error {
	for name, b := range c.BaseShapes {
		d, ok := c.Bases[name]
		switch {
		case !ok:
			return fmt.Errorf("baseShapes.%s: not in bases", name)
		case b.Shape == "round" && !(b.Diameter > 0 && b.Diameter == d):
			return fmt.Errorf("baseShapes.%s: diameter %g differs from bases (%g)", name, b.Diameter, d)
		case b.Shape == "oblong" && !(b.Width > 0 && b.Length > b.Width):
			return fmt.Errorf("baseShapes.%s: an oblong base needs 0 < width < length", name)
		case b.Shape != "round" && b.Shape != "oblong":
			return fmt.Errorf("baseShapes.%s: unknown shape %q", name, b.Shape)
		}
	}
	for name := range c.Bases {
		if _, ok := c.BaseShapes[name]; !ok {
			return fmt.Errorf("bases.%s: no baseShapes entry", name)
		}
	}
	for name, u := range c.UpgradeMinis {
		if u.Minis < 1 || strings.TrimSpace(name) == "" {
			return fmt.Errorf("upgradeMinis[%q]: needs a name and at least 1 mini", name)
		}
	}
	for i, u := range c.Units {
		want := u.Name
		if u.Title != "" {
			want += " " + u.Title
		}
		switch {
		case u.Faction == FactionAny:
			return fmt.Errorf("units[%d] %q: no faction", i, u.Key)
		case u.Rank == table.RankNone:
			return fmt.Errorf("units[%d] %q: no rank", i, u.Key)
		case u.Key != want:
			return fmt.Errorf("units[%d]: key %q is not name + title %q", i, u.Key, want)
		case u.Type == table.NoUnitType:
			return fmt.Errorf("units[%d] %q: unknown type %q", i, u.Key, u.Type)
		case c.BaseShapes[u.Base].Shape == "":
			return fmt.Errorf("units[%d] %q: unknown base %q", i, u.Key, u.Base)
		case u.Minis < 1:
			return fmt.Errorf("units[%d] %q: minis %d is less than 1", i, u.Key, u.Minis)
		case u.Speed < 1 || u.Speed > 3:
			return fmt.Errorf("units[%d] %q: speed %d is not 1, 2 or 3", i, u.Key, u.Speed)
		case !(u.SilhouetteHeight > 0):
			return fmt.Errorf("units[%d] %q: silhouetteHeight %g is not positive", i, u.Key, u.SilhouetteHeight)
		case u.OrderTokens < 1:
			return fmt.Errorf("units[%d] %q: orderTokens %d is less than 1", i, u.Key, u.OrderTokens)
		case u.Points < 0:
			return fmt.Errorf("units[%d] %q: negative points", i, u.Key)
		}
		for _, r := range u.Required {
			if _, ok := c.UpgradeMinis[r]; !ok {
				return fmt.Errorf("units[%d] %q: required upgrade %q is not in upgradeMinis", i, u.Key, r)
			}
		}
	}
	return nil
}

// index folds every unit's key, name and label and every upgrade's name once. ParseCatalog calls it; a
// Catalog built by hand is indexed by its first look-up (so not from two goroutines at once).
func (c *Catalog) index() {
	c.keys, c.names, c.labels = make([]string, len(c.Units)), make([]string, len(c.Units)), make([]string, len(c.Units))
	for i, u := range c.Units {
		c.keys[i], c.names[i], c.labels[i] = FoldName(u.Key), FoldName(u.Name), FoldName(u.DisplayName)
	}
	c.upgrades = make(map[string]string, len(c.UpgradeMinis))
	for k := range c.UpgradeMinis {
		c.upgrades[FoldName(k)] = k
	}
}

var loadedCatalog = sync.OnceValues(func() (*Catalog, error) { return ParseCatalog(catalogJSON) })

// UnitCatalog returns the embedded catalog, parsed once and shared: do not modify it. The file is
// checked by the tests, so a bad file is a programming error and panics.
func UnitCatalog() *Catalog {
	c, err := loadedCatalog()
	if err != nil {
		panic("maps: " + err.Error())
	}
	return c
}

// CatalogJSON returns a copy of the embedded catalog file.
func CatalogJSON() []byte { return append([]byte(nil), catalogJSON...) }

// How a name was matched.
const (
	MatchKey     = "key"     // the unit's key (card name + title), case-insensitively
	MatchDisplay = "display" // the mod's list-builder label
	MatchRenamed = "renamed" // the card name, with a title the catalog no longer has
)

// UnitMatch is a catalog unit found for a name, how it was found, and a note for the player when
// it was not the plain key of the army's faction.
type UnitMatch struct {
	Unit *CatalogUnit
	How  string
	Note string
}

// FoldName folds a name for comparison: case-insensitive, runs of white space as one space.
func FoldName(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// LookupUnit finds the catalog unit a list names for an army of faction f (FactionAny: any
// faction). In order: the key in f; the key of a Shadow Collective mercenary (which the mod also
// lists under several factions) when every entry with that key holds the same facts; the
// list-builder label in f;
// the card name in f followed by an old title, when exactly one unit of f has that card name
// (the longest card name that prefixes the list's name wins). Anything else is an error sentence
// naming the name and why it is not known.
func (c *Catalog) LookupUnit(f Faction, name string) (UnitMatch, error) {
	n := FoldName(name)
	if n == "" {
		return UnitMatch{}, fmt.Errorf("an empty unit name")
	}
	inFaction := func(u *CatalogUnit) bool { return f == FactionAny || u.Faction == f }
	var keyed []*CatalogUnit
	if c.keys == nil {
		c.index()
	}
	for i := range c.Units {
		u := &c.Units[i]
		if c.keys[i] != n {
			continue
		}
		if inFaction(u) {
			return UnitMatch{Unit: u, How: MatchKey}, nil
		}
		keyed = append(keyed, u)
	}
	if len(keyed) > 0 {
		merc := false
		for _, u := range keyed {
			merc = merc || u.Faction == Mercenary
		}
		switch {
		case !merc:
			return UnitMatch{}, fmt.Errorf("%q is not a %s unit in the catalog (it is %s)", name, f, factionList(keyed))
		case sameFacts(keyed):
			u := keyed[0]
			note := ""
			if f != FactionAny {
				note = fmt.Sprintf("%q is not a %s unit in the catalog; taken from %s", name, f, factionList(keyed))
			}
			return UnitMatch{Unit: u, How: MatchKey, Note: note}, nil
		}
		return UnitMatch{}, fmt.Errorf("%q is not a %s unit, and the catalog's %s entries differ", name, f, factionList(keyed))
	}
	for i := range c.Units {
		u := &c.Units[i]
		if c.labels[i] != "" && c.labels[i] == n && inFaction(u) {
			return UnitMatch{Unit: u, How: MatchDisplay, Note: fmt.Sprintf("%q matched by its list-builder label: %s", name, u.Key)}, nil
		}
	}
	// A title the catalog renamed: the card name, a space, something else.
	best := 0
	var cands []*CatalogUnit
	for i := range c.Units {
		u := &c.Units[i]
		cn := c.names[i]
		if !inFaction(u) || len(cn) < best || !strings.HasPrefix(n, cn+" ") {
			continue
		}
		if len(cn) > best {
			best, cands = len(cn), cands[:0]
		}
		cands = append(cands, u)
	}
	switch {
	case len(cands) == 1:
		u := cands[0]
		return UnitMatch{Unit: u, How: MatchRenamed,
			Note: fmt.Sprintf("%q matched by its card name: the catalog has %q", name, u.Key)}, nil
	case len(cands) > 1:
		keys := make([]string, len(cands))
		for i, u := range cands {
			keys[i] = fmt.Sprintf("%q", u.Key)
		}
		return UnitMatch{}, fmt.Errorf("%q is not in the catalog, and its card name fits %d units: %s", name, len(cands), strings.Join(keys, ", "))
	}
	if f != FactionAny {
		return UnitMatch{}, fmt.Errorf("%q is not a %s unit in the catalog", name, f)
	}
	return UnitMatch{}, fmt.Errorf("%q is not in the catalog", name)
}

// sameFacts reports whether every unit holds the facts a table needs alike.
func sameFacts(us []*CatalogUnit) bool {
	facts := func(u *CatalogUnit) [12]any {
		return [12]any{u.Rank, u.Key, u.CardType, u.Type, u.Base, u.Minis, u.HeavyWeaponTeam,
			strings.Join(u.Required, "\x00"), u.Speed, u.SilhouetteHeight, u.OrderTokens, u.Points}
	}
	for _, u := range us[1:] {
		if facts(u) != facts(us[0]) {
			return false
		}
	}
	return true
}

func factionList(us []*CatalogUnit) string {
	var fs []string
	for _, u := range us {
		fs = append(fs, u.Faction.String())
	}
	sort.Strings(fs)
	return strings.Join(fs, ", ")
}

// UpgradeMatch is an upgrade that adds minis, found for a name: its catalog name, its entry, and
// a note when it was matched by an older name.
type UpgradeMatch struct {
	Name string
	UpgradeMinis
	Note string
}

// LookupUpgrade finds an upgrade that adds minis: by its name (case-insensitively), or — for an
// older name such as "T-21B Trooper" — by the words before its last one when exactly one upgrade
// with the same number of words starts with them ("T-21B Shoretrooper"). ok is false for an
// upgrade that adds no minis (most upgrades) or a name that fits none or several.
func (c *Catalog) LookupUpgrade(name string) (UpgradeMatch, bool) {
	n := FoldName(name)
	if n == "" {
		return UpgradeMatch{}, false
	}
	if c.upgrades == nil {
		c.index()
	}
	if k, ok := c.upgrades[n]; ok {
		return UpgradeMatch{Name: k, UpgradeMinis: c.UpgradeMinis[k]}, true
	}
	words := strings.Fields(n)
	if len(words) < 2 {
		return UpgradeMatch{}, false
	}
	prefix := strings.Join(words[:len(words)-1], " ") + " "
	var found []string
	for kn, k := range c.upgrades {
		if strings.HasPrefix(kn, prefix) && len(strings.Fields(kn)) == len(words) {
			found = append(found, k)
		}
	}
	if len(found) != 1 {
		return UpgradeMatch{}, false
	}
	k := found[0]
	return UpgradeMatch{Name: k, UpgradeMinis: c.UpgradeMinis[k],
		Note: fmt.Sprintf("upgrade %q matched by its first words: the catalog has %q", name, k)}, true
}
