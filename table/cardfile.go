package table

import "fmt"

// The unit-card file: the card values and keywords entered for units on one table, exported so
// that another table can import them (docs/format-game.md "Unit-card files"):
//
//	{"format": "holotable-cards/1", "cards": [
//	  {"name": "Stormtroopers", "keywords": {"precise": 1}, "wounds": 1, "courage": 1, "defence": "red",
//	   "surge": {"attack": "hit"}, "weapons": [{"name": "E-11", "min": 1, "max": 3, "dice": {"red": 1}}]}
//	]}
//
// An entry is a unit "card" object with a required, unique "name" (the unit's name, the game
// record's Name) and the unit's "keywords".

// CardsFormat is the format string of a unit-card file.
const CardsFormat = "holotable-cards/1"

// CardEntry is one entry of a unit-card file: a unit's card (Card.Name is the unit's name) and
// its keywords.
type CardEntry struct {
	Card     UnitCard
	Keywords Keywords
}

// LoadUnitCards reads a unit-card file strictly, as Load reads a table file; a fault is one line
// naming the field ("cards[2].weapons[0].max: must be at least 2, got 1").
func LoadUnitCards(data []byte) ([]CardEntry, error) {
	return guard(func() []CardEntry {
		root := asObject("", decode(data))
		root.require("format")
		if v, _ := root.str("format"); v != CardsFormat {
			fail("format", "unknown format %q (a unit-card file is %q)", v, CardsFormat)
		}
		for _, k := range sortedKeys(root.m) {
			if k != "format" && k != "cards" {
				fail(root.field(k), "unknown field (known: format, cards)")
			}
		}
		root.require("cards")
		arr, _ := root.array("cards")
		var out []CardEntry
		first := map[string]string{}
		for i, raw := range arr {
			p := index("cards", i)
			co := asObject(p, raw)
			name := co.id("name")
			if f, dup := first[name]; dup {
				fail(co.field("name"), "%q is given twice (first at %s)", name, f)
			}
			first[name] = p
			c := loadCardObject(co)
			delete(c.Extra, "keywords")
			if len(c.Extra) == 0 {
				c.Extra = nil
			}
			out = append(out, CardEntry{Card: *c, Keywords: loadKeywords(co)})
		}
		return out
	})
}

// SaveUnitCards writes a unit-card file, entries in the order given. Every entry needs a name,
// and names are unique; the output is checked with LoadUnitCards.
func SaveUnitCards(cards []CardEntry) ([]byte, error) {
	list := make([]any, len(cards))
	for i := range cards {
		c := cards[i].Card
		if c.Name == "" {
			return nil, newError(index("cards", i)+".name", "missing")
		}
		d := ordered{{"name", c.Name}}
		if !cards[i].Keywords.IsZero() {
			d.add("keywords", keywordsDoc(cards[i].Keywords))
		}
		c.Name = ""
		d = append(d, cardDoc(&c)...)
		list[i] = d
	}
	return writeChecked(ordered{{"format", CardsFormat}, {"cards", list}}, func(out []byte) error {
		_, err := LoadUnitCards(out)
		return err
	})
}

// CardEntryOf is the entry of unit u under name: a copy of its card (an empty one when it has
// none) and keywords.
func CardEntryOf(u *Unit, name string) CardEntry {
	var c UnitCard
	if u.Card != nil {
		c = cloneCard(*u.Card)
	}
	c.Name = name
	return CardEntry{Card: c, Keywords: u.Keywords.clone()}
}

// ApplyCard gives the unit with id unitID (on the table or in the game's reserve) the entry's card
// and keywords, which replace the unit's. An unknown id is an error and changes nothing.
func (f *File) ApplyCard(unitID string, e CardEntry) error {
	u := f.findUnit(unitID)
	if u == nil {
		return fmt.Errorf("no unit %q on the table or in the reserve", unitID)
	}
	c := cloneCard(e.Card)
	u.Card = &c
	u.Keywords = e.Keywords.clone()
	return nil
}

// findUnit is the unit with the id on the table or in the game's reserve, or nil.
func (f *File) findUnit(id string) *Unit {
	for i := range f.UnitsOnTable {
		if f.UnitsOnTable[i].ID == id {
			return &f.UnitsOnTable[i]
		}
	}
	if f.Game != nil {
		for i := range f.Game.Reserve {
			if f.Game.Reserve[i].ID == id {
				return &f.Game.Reserve[i]
			}
		}
	}
	return nil
}

// cloneCard copies a card's lists and maps.
func cloneCard(c UnitCard) UnitCard {
	if c.WoundsFrom != nil {
		m := make(map[string]int, len(c.WoundsFrom))
		for k, v := range c.WoundsFrom {
			m[k] = v
		}
		c.WoundsFrom = m
	}
	if c.Weapons != nil {
		ws := make([]Weapon, len(c.Weapons))
		for i, w := range c.Weapons {
			w.Keywords = w.Keywords.clone()
			ws[i] = w
		}
		c.Weapons = ws
	}
	if c.Extra != nil {
		m := make(map[string]any, len(c.Extra))
		for k, v := range c.Extra {
			m[k] = v
		}
		c.Extra = m
	}
	return c
}
