package army

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"holotable/maps"
	"holotable/table"
)

// Army is a list resolved against the unit catalog and the battle cards.
type Army struct {
	List    *List
	Faction maps.Faction
	// Points is the list's own total when it gives one (upgrades included), else the sum of the
	// imported units' card points (the catalog holds no upgrade costs); CardPoints is that sum.
	Points, CardPoints int
	// Size is the game size the points fit (PointSizes), SizeOK false when above every size.
	Size   PointSize
	SizeOK bool
	Units  []Unit
	Deck   BattleDeck
	// Unknown has one line per name that was not imported (units, battle cards); Notes one line
	// per name imported some other way than by its plain key (a renamed title, another faction's
	// entry, an oblong base drawn round).
	Unknown, Notes []string
}

// Unit is one imported unit.
type Unit struct {
	Name    string // the catalog key: card name + title
	Listed  string // the name as the list wrote it
	Catalog *maps.CatalogUnit
	Rank    table.Rank
	Type    table.UnitType
	// CardType is the card's type line ("Droid Trooper"): the rules read it for droid troopers.
	CardType string
	// Base is the catalog base name; Diameter its diameter in inches — for an oblong base (long,
	// snail) its width, as the table format's bases are round (Oblong says so).
	Base     string
	Diameter float64
	Oblong   bool
	// Minis are the unit's minis, the leader first.
	Minis            []Mini
	SilhouetteHeight float64 // inches
	Speed            int
	Points           int // the card's points, without upgrades
	OrderTokens      int
	Upgrades         []string
	Loadout          []string
}

// Mini is one mini of an imported unit: whether it is the leader and where it comes from ("" for
// the unit card, else the upgrade's catalog name).
type Mini struct {
	Leader bool
	From   string
}

// BattleDeck is the list's battle deck as card ids of maps/cards, by row.
type BattleDeck struct {
	Scenario                            string
	Objectives, Deployments, Conditions []string
}

// Import reads and resolves a list held in memory (ReadArmy).
func Import(data []byte) (*Army, error) { return ReadArmy(bytes.NewReader(data)) }

// ReadArmy reads a list (Read: at most MaxListBytes) and resolves it against the embedded catalog
// (Resolve). It fails with one line, and nothing is imported, when the list cannot be read or
// names no unit the catalog knows.
func ReadArmy(r io.Reader) (*Army, error) {
	l, err := Read(r)
	if err != nil {
		return nil, err
	}
	a := Resolve(l, maps.UnitCatalog())
	if len(a.Units) == 0 {
		if len(l.Units) == 0 {
			return nil, fmt.Errorf("list: units: the list names no unit")
		}
		return nil, fmt.Errorf("list: units: none of the %d units is in the catalog (%s)", len(l.Units), a.Unknown[0])
	}
	return a, nil
}

// Resolve looks every unit and battle card of l up in the catalog c and in maps/cards. What
// cannot be found is named in Unknown, one line each, and left out; the rest is imported.
func Resolve(l *List, c *maps.Catalog) *Army {
	a := &Army{List: l, Faction: l.Faction}
	for i, lu := range l.Units {
		m, err := c.LookupUnit(l.Faction, lu.Name)
		if err != nil {
			a.Unknown = append(a.Unknown, fmt.Sprintf("units[%d]: %v; not imported", i, err))
			continue
		}
		if m.Note != "" {
			a.Notes = append(a.Notes, fmt.Sprintf("units[%d]: %s", i, m.Note))
		}
		u := unitOf(m.Unit, lu, c, func(note string) { a.Notes = append(a.Notes, fmt.Sprintf("units[%d]: %s", i, note)) })
		a.CardPoints += u.Points
		a.Units = append(a.Units, u)
	}
	a.Points = l.Points
	if a.Points == 0 {
		a.Points = a.CardPoints
	}
	a.Size, a.SizeOK = SizeOf(a.Points)
	a.Deck = resolveDeck(l.Deck, func(line string) { a.Unknown = append(a.Unknown, line) })
	return a
}

// unitOf builds the imported unit of catalog entry cu with the list's upgrades. Minis: the
// card's, then those of its required upgrades and of its equipped upgrades that add minis, in
// that order; an upgrade whose mini is a leader (or, for a heavy weapon team, the first upgrade
// that adds a mini) puts its first mini at the front as the leader.
func unitOf(cu *maps.CatalogUnit, lu ListUnit, c *maps.Catalog, note func(string)) Unit {
	u := Unit{Name: cu.Key, Listed: lu.Name, Catalog: cu, Rank: cu.Rank, Type: cu.Type, CardType: cu.CardType,
		Base: cu.Base, SilhouetteHeight: cu.SilhouetteHeight, Speed: cu.Speed, Points: cu.Points,
		OrderTokens: cu.OrderTokens, Upgrades: lu.Upgrades, Loadout: lu.Loadout}
	shape := c.BaseShapes[cu.Base]
	u.Diameter = shape.Diameter
	if shape.Shape == "oblong" {
		u.Diameter, u.Oblong = shape.Width, true
		note(fmt.Sprintf("%s stands on a %s base (%s mm, oblong); the table's bases are round, so it is placed as a round base %.4g\" across",
			cu.Key, cu.Base, strings.Trim(string(shape.MM), "[]"), shape.Width))
	}
	for range cu.Minis {
		u.Minis = append(u.Minis, Mini{})
	}
	seen := map[string]bool{}
	leaderAt := -1
	add := func(m maps.UpgradeMatch) {
		if seen[m.Name] {
			return
		}
		seen[m.Name] = true
		if m.Note != "" {
			note(m.Note)
		}
		first := len(u.Minis)
		for range m.Minis {
			u.Minis = append(u.Minis, Mini{From: m.Name})
		}
		if leaderAt < 0 && (m.Leader || cu.HeavyWeaponTeam) {
			leaderAt = first
		}
	}
	for _, r := range cu.Required {
		if m, ok := c.LookupUpgrade(r); ok {
			add(m)
		}
	}
	for _, up := range lu.Upgrades {
		if m, ok := c.LookupUpgrade(up); ok {
			add(m)
		}
	}
	if leaderAt < 0 {
		leaderAt = 0
	}
	lead := u.Minis[leaderAt]
	lead.Leader = true
	u.Minis = append([]Mini{lead}, append(u.Minis[:leaderAt:leaderAt], u.Minis[leaderAt+1:]...)...)
	return u
}

// resolveDeck finds the deck's cards in maps/cards (maps.CardByName); a card that is not there,
// or is in the wrong row, is one line of unknown.
func resolveDeck(d Deck, unknown func(string)) BattleDeck {
	out := BattleDeck{Scenario: d.Scenario}
	for _, row := range []struct {
		field, kind string
		names       []string
		into        *[]string
	}{
		{"objective", "objective", d.Objectives, &out.Objectives},
		{"deployment", "deployment", d.Deployments, &out.Deployments},
		{"conditions", "condition", d.Conditions, &out.Conditions},
	} {
		for i, name := range row.names {
			c, ok := maps.CardByName(name)
			switch {
			case !ok:
				unknown(fmt.Sprintf("battlefieldDeck.%s[%d]: battle card %q is not in maps/cards; not imported", row.field, i, name))
			case c.Type != row.kind:
				unknown(fmt.Sprintf("battlefieldDeck.%s[%d]: %q is a %s card, not a %s card; not imported", row.field, i, name, c.Type, row.kind))
			default:
				*row.into = append(*row.into, c.ID)
			}
		}
	}
	return out
}
