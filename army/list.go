// Package army imports army lists: the JSON that Legion HQ and Tabletop Admiral export for the
// Tabletop Simulator mod ("TTS JSON"), read strictly, resolved against the unit catalog
// (maps.UnitCatalog) into units with their names, ranks, types, bases, minis (upgrades that add
// minis included, the leader first), silhouette heights, speeds and points, plus the list's
// command cards and battle deck. A name the catalog does not know is reported in one line and the
// rest is imported. Reserve turns an imported army into units for a table's reserve, ready to
// deploy. It knows no rules and draws nothing; it sits between maps and rules.
//
// Files: list.go (the list format: List, Parse, Read), army.go (Resolve: the catalog look-ups),
// points.go (the game sizes by points), reserve.go (units for a table).
package army

import (
	"fmt"
	"io"
	"strings"

	"holotable/maps"
	"holotable/table"
)

// MaxListBytes is the largest list Read accepts. A 1600-point list is a few kilobytes; a file
// beyond this is refused before it is parsed.
const MaxListBytes = 1 << 20

// List is an army list as the TTS list format writes it (the mod's importFromText, the project
// wiki's "List-Import-Format"; shared/docs/online-notes.md): the fields Legion HQ and Tabletop
// Admiral write, nothing else. Empty lists are nil.
type List struct {
	Author      string
	Points      int
	ArmyFaction string // as written: "rebel", "imperial", "empire", "republic", "separatist", "shadowcollective" or ""
	Faction     maps.Faction
	// CommandCards are the hand's cards (the rulebook adds Standing Orders), Contingencies the
	// face-down contingency cards, by name.
	CommandCards  []string
	Contingencies []string
	Units         []ListUnit
	Deck          Deck
	// Legion HQ's additions.
	ListName       string
	NumActivations int
	BattleForce    string
	ListLink       string
}

// ListUnit is one unit of a list: Name is the card name + " " + title (the catalog's key), the
// upgrades equipped and the loadout upgrades named.
type ListUnit struct {
	Name     string
	Upgrades []string
	Loadout  []string
}

// Deck is the list's battle deck (battlefieldDeck): the scenario ("standard" when written) and
// the objective, deployment and condition cards by name. Legion HQ writes its primary cards as
// deployment, secondary as objective and advantage as conditions.
type Deck struct {
	Scenario                            string
	Objectives, Deployments, Conditions []string
}

// listFields are the keys a list may have.
var (
	listFields = []string{"author", "points", "armyFaction", "commandCards", "contingencies", "units", "battlefieldDeck",
		"listname", "numActivations", "battleForce", "listlink"}
	unitFields = []string{"name", "upgrades", "loadout"}
	deckFields = []string{"scenario", "objective", "deployment", "conditions"}
)

// armyFactions maps a list's armyFaction to the catalog's faction (the mod's _loadArmyFromJson;
// the catalog's own words are read too). "" means the Shadow Collective, as in the mod.
var armyFactions = map[string]maps.Faction{
	"rebel": maps.Rebels, "rebels": maps.Rebels,
	"imperial": maps.Empire, "empire": maps.Empire,
	"republic":   maps.Republic,
	"separatist": maps.Separatists, "separatists": maps.Separatists,
	"shadowcollective": maps.Mercenary, "mercenary": maps.Mercenary, "": maps.Mercenary,
}

// Read reads one list from r: at most MaxListBytes (a longer input is refused with one line
// before anything is parsed), then Parse.
func Read(r io.Reader) (*List, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxListBytes+1))
	if err != nil {
		return nil, fmt.Errorf("list: %v", err)
	}
	if len(data) > MaxListBytes {
		return nil, TooLarge()
	}
	return Parse(data)
}

// TooLarge is the refusal of a list longer than MaxListBytes.
func TooLarge() error {
	return fmt.Errorf("list: file: larger than %d bytes (an army list is a few kilobytes); not read", MaxListBytes)
}

// Parse reads a list strictly: JSON syntax as table.Load reads it (no key twice, finite numbers),
// every field of the right type, no field the format does not have, and a known armyFaction. The
// error is one line, "list: field: fault".
func Parse(data []byte) (*List, error) {
	if len(data) > MaxListBytes {
		return nil, TooLarge()
	}
	raw, err := table.DecodeJSON(data)
	if err != nil {
		return nil, fmt.Errorf("list: %v", err)
	}
	l, err := table.Walk(func() *List { return walkList(raw) })
	if err != nil {
		return nil, fmt.Errorf("list: %v", err)
	}
	return l, nil
}

func walkList(raw any) *List {
	o := table.AsObject("", raw)
	o.Only(listFields...)
	l := &List{}
	l.Author = o.StrOr("author", "")
	if p, ok := o.Integer("points"); ok {
		if p < 0 {
			table.Fail(o.Field("points"), "must not be negative, got %d", p)
		}
		l.Points = p
	}
	o.Require("armyFaction")
	l.ArmyFaction, _ = o.Str("armyFaction")
	f, ok := armyFactions[strings.ToLower(strings.TrimSpace(l.ArmyFaction))]
	if !ok {
		table.Fail(o.Field("armyFaction"), "unknown faction %q (rebel, imperial, empire, republic, separatist, shadowcollective)", l.ArmyFaction)
	}
	l.Faction = f
	l.CommandCards = o.Strings("commandCards", false)
	l.Contingencies = o.Strings("contingencies", false)
	o.Require("units")
	arr, _ := o.Array("units")
	for i, ru := range arr {
		u := table.AsObject(table.Index(o.Field("units"), i), ru)
		u.Only(unitFields...)
		u.Require("name")
		name, _ := u.Str("name")
		if strings.TrimSpace(name) == "" {
			table.Fail(u.Field("name"), "must not be empty")
		}
		l.Units = append(l.Units, ListUnit{Name: name, Upgrades: u.Strings("upgrades", false), Loadout: u.Strings("loadout", false)})
	}
	if rd, ok := o.Get("battlefieldDeck"); ok {
		d := table.AsObject(o.Field("battlefieldDeck"), rd)
		d.Only(deckFields...)
		l.Deck = Deck{Scenario: d.StrOr("scenario", ""), Objectives: d.Strings("objective", true),
			Deployments: d.Strings("deployment", true), Conditions: d.Strings("conditions", true)}
	}
	l.ListName = o.StrOr("listname", "")
	if n, ok := o.Integer("numActivations"); ok {
		if n < 0 {
			table.Fail(o.Field("numActivations"), "must not be negative, got %d", n)
		}
		l.NumActivations = n
	}
	l.BattleForce = o.StrOr("battleForce", "")
	l.ListLink = o.StrOr("listlink", "")
	return l
}
