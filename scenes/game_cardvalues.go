package scenes

import (
	"errors"
	"strconv"

	"holotable/ops"
	"holotable/table"
)

// A unit card's values entered in the game panel, and the game's cards exported (issue 15: "a
// unit's card values … are entered once in the Units panel and saved with the table, and
// exportable as a small unit-card file"; D115). The values are the card's wound threshold,
// courage, defence die and surge conversions; they go to the table as a one-card unit-card file
// (op game.cards), so every unit of the game with that card name gets them and one undo takes
// them back. Weapons and keywords come with a unit-card file (import) as before.

// cardValues is what the panel enters for the card of Unit: Wounds 0 is not given; Courage ""
// not given, "-" none, else a number; Defence "", "red" or "white"; SurgeAttack "", "hit" or
// "critical"; SurgeDefence "" or "block".
type cardValues struct {
	Unit                                        string
	Wounds                                      int
	Courage, Defence, SurgeAttack, SurgeDefence string
}

// cardValuesState is a unit card's values as the panel's editor shows them (cardValues' words).
type cardValuesState struct {
	Wounds       int    `json:"wounds,omitempty"`
	Courage      string `json:"courage,omitempty"`
	Defence      string `json:"defence,omitempty"`
	SurgeAttack  string `json:"surgeAttack,omitempty"`
	SurgeDefence string `json:"surgeDefence,omitempty"`
}

// valuesOf is a card's values in the editor's words (nil card: none given).
func valuesOf(c *table.UnitCard) cardValuesState {
	if c == nil {
		return cardValuesState{}
	}
	v := cardValuesState{Wounds: c.Wounds, Defence: c.Defence.String(), SurgeAttack: c.SurgeAttack, SurgeDefence: c.SurgeDefence}
	switch {
	case c.NoCourage:
		v.Courage = "-"
	case c.HasCourage:
		v.Courage = strconv.Itoa(c.Courage)
	}
	return v
}

// gameUnit is the unit id of the game on the table or in the reserve.
func gameUnit(f *table.File, id string) *table.Unit {
	if i := f.UnitIndex(id); i >= 0 {
		return &f.UnitsOnTable[i]
	}
	for i := range f.Game.Reserve {
		if f.Game.Reserve[i].ID == id {
			return &f.Game.Reserve[i]
		}
	}
	return nil
}

// setCardValues enters v as the card of v.Unit's game record name (its weapons and keywords kept).
func (t *gameTool) setCardValues(s Context, v cardValues) error {
	f := s.State().File()
	if f.Game == nil {
		return t.refuse(s, errors.New(T("play.noGame")))
	}
	r, u := f.Game.Unit(v.Unit), gameUnit(f, v.Unit)
	if r == nil || u == nil || r.Name == "" {
		return t.refuse(s, errors.New(T("play.cardNoName", v.Unit)))
	}
	e := table.CardEntryOf(u, r.Name)
	c := &e.Card
	c.Wounds = v.Wounds
	c.Courage, c.HasCourage, c.NoCourage = 0, false, false
	switch v.Courage {
	case "":
	case "-", "–":
		c.NoCourage = true
	default:
		n, err := strconv.Atoi(v.Courage)
		if err != nil || n < 1 {
			return t.refuse(s, errors.New(T("play.cardCourage", v.Courage)))
		}
		c.Courage, c.HasCourage = n, true
	}
	c.Defence = map[string]table.DefenceDie{"red": table.RedDefence, "white": table.WhiteDefence}[v.Defence]
	c.SurgeAttack, c.SurgeDefence = v.SurgeAttack, v.SurgeDefence
	data, err := table.SaveUnitCards([]table.CardEntry{e})
	if err != nil {
		return t.refuse(s, err)
	}
	return t.submit(s, &ops.GameCards{Cards: string(data)})
}

// exportCards is the game's unit cards as a unit-card file (holotable-cards/1): one entry per
// card name, from the first unit of the game (the table's, then the reserve's) that has it.
func exportCards(f *table.File) (string, error) {
	if f.Game == nil {
		return "", errors.New(T("play.noGame"))
	}
	var list []table.CardEntry
	seen := map[string]bool{}
	for _, r := range f.Game.Units {
		u := gameUnit(f, r.Unit)
		if u == nil || r.Name == "" || seen[r.Name] || (u.Card == nil && u.Keywords.IsZero()) {
			continue
		}
		seen[r.Name] = true
		list = append(list, table.CardEntryOf(u, r.Name))
	}
	data, err := table.SaveUnitCards(list)
	return string(data), err
}
