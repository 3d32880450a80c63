package table

import (
	"reflect"
	"strings"
	"testing"
)

const cardFile = `{"format": "holotable-cards/1", "cards": [
 {"name": "Stormtroopers", "keywords": {"precise": 1, "cover": 1}, "wounds": 1, "courage": 1, "defence": "red", "surge": {"attack": "hit"},
  "weapons": [{"name": "E-11", "min": 1, "max": 3, "dice": {"red": 1}},
              {"name": "DLT-19", "from": "DLT-19 Stormtrooper", "min": 1, "max": 4, "dice": {"red": 1, "black": 1}, "keywords": {"critical": 1}}]},
 {"name": "AT-RT", "keywords": {"armor": 0, "climbingVehicle": true}, "wounds": 6, "resilience": 3, "courage": "-", "defence": "white"}
]}`

// A unit's card exported from one table and imported into another gives that unit the same card
// and keywords; the file round-trips.
func TestUnitCardFileCarriesCards(t *testing.T) {
	cards, err := LoadUnitCards([]byte(cardFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(cards) != 2 || cards[0].Card.Name != "Stormtroopers" || cards[0].Keywords.Cover.X != 1 || cards[0].Keywords.Extra["precise"] == nil ||
		len(cards[0].Card.Weapons) != 2 || cards[0].Card.Weapons[1].From != "DLT-19 Stormtrooper" || !cards[1].Card.NoCourage {
		t.Fatalf("cards %+v", cards)
	}
	out, err := SaveUnitCards(cards)
	if err != nil {
		t.Fatal(err)
	}
	again, err := LoadUnitCards(out)
	if err != nil || !reflect.DeepEqual(cards, again) {
		t.Fatalf("round trip: %v\n%s", err, out)
	}

	// Into baseDoc's unit a, then through Save and Load: the table's unit has the card.
	f := mustLoad(t, []byte(baseDoc))
	if err := f.ApplyCard("a", cards[0]); err != nil {
		t.Fatal(err)
	}
	if err := f.ApplyCard("nope", cards[0]); err == nil {
		t.Fatal("an unknown unit took a card")
	}
	data, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	g := mustLoad(t, data)
	back := CardEntryOf(&g.UnitsOnTable[0], "Stormtroopers")
	if !reflect.DeepEqual(back, cards[0]) {
		t.Fatalf("exported again:\n%+v\nwant\n%+v", back, cards[0])
	}
	// Applying a card copies it: changing the entry afterwards leaves the table alone.
	cards[0].Card.Weapons[0].Dice.Red = 9
	if g.UnitsOnTable[0].Card.Weapons[0].Dice.Red != 1 {
		t.Fatal("the table shares the entry's weapons")
	}
}

func TestUnitCardFileFaults(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{`{"format": "holotable/1", "cards": []}`, `format: unknown format "holotable/1" (a unit-card file is "holotable-cards/1")`},
		{`{"format": "holotable-cards/1"}`, `cards: missing`},
		{`{"format": "holotable-cards/1", "cards": [], "x": 1}`, `x: unknown field (known: format, cards)`},
		{`{"format": "holotable-cards/1", "cards": [{"wounds": 1}]}`, `cards[0].name: missing`},
		{`{"format": "holotable-cards/1", "cards": [{"name": "A"}, {"name": "A"}]}`, `cards[1].name: "A" is given twice (first at cards[0])`},
		{`{"format": "holotable-cards/1", "cards": [{"name": "A", "keywords": {"cover": true}}]}`, `cards[0].keywords.cover: must be a number, got boolean`},
		{`{"format": "holotable-cards/1", "cards": [{"name": "A", "weapons": [{"name": "W", "min": 6, "dice": {"red": 1}}]}]}`, `cards[0].weapons[0].min: must be 1 to 5 (range bands), got 6`},
		{`{"format": "holotable-cards/1", "cards": [{"name": "A", "weapons": [{"name": "W", "melee": true, "dice": {"red": 1}, "range": 2}]}]}`, `cards[0].weapons[0].range: unknown field (known: name, from, melee, min, max, dice, keywords)`},
		{`[1]`, `file: must be an object, got array`},
	} {
		_, err := LoadUnitCards([]byte(c.doc))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.doc, err, c.want)
		}
	}
	if _, err := SaveUnitCards([]CardEntry{{}}); err == nil || err.Error() != "cards[0].name: missing" {
		t.Errorf("Save of a nameless card: %v", err)
	}
}

// FuzzUnitCards: LoadUnitCards never panics, refuses in one line, and what it reads
// SaveUnitCards writes back to the same entries.
func FuzzUnitCards(f *testing.F) {
	f.Add([]byte(cardFile))
	f.Add([]byte(`{"format": "holotable-cards/1", "cards": [{"name": "A", "courage": "-"}]}`))
	f.Add([]byte(`{"format": "holotable-cards/1", "cards": [{"name": "A", "weapons": [{"name": "W", "melee": true, "dice": {"white": 2}, "keywords": {"fixed": "rear"}}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		cards, err := LoadUnitCards(data)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("fault spans lines: %q", err)
			}
			return
		}
		out, err := SaveUnitCards(cards)
		if err != nil {
			t.Fatalf("Save of loaded cards: %v", err)
		}
		again, err := LoadUnitCards(out)
		if err != nil || !reflect.DeepEqual(cards, again) {
			t.Fatalf("round trip: %v\n%s", err, out)
		}
	})
}
