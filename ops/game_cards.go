package ops

import (
	"strings"

	"holotable/rules"
	"holotable/table"
)

// KindGameCards imports a unit-card file (holotable-cards/1, docs/format-game.md): each card's
// values and keywords go to every unit of the game (on the table or in the reserve) whose game
// record has the card's name (folding case), replacing what it had. A file that names no unit of
// the game is refused. Card values are a side's own: an author acting for one side gives cards
// only to that side's units.
const KindGameCards Kind = "game.cards"

// GameCards applies the unit-card file Cards (its text).
type GameCards struct {
	Cards string `op:"cards"`
}

func init() {
	Register[GameCards](KindGameCards)
	RegisterWords(map[string][2]string{"op.game.cards": {"unit cards entered", "Einheitenkarten eingetragen"}})
}

func (o *GameCards) Kind() Kind      { return KindGameCards }
func (o *GameCards) Describe() Words { return Words{Key: "op.game.cards"} }

func (o *GameCards) Plan(s *State) (Patch, error) {
	cards, err := table.LoadUnitCards([]byte(o.Cards))
	if err != nil {
		return Patch{}, refuse("cards", codeGameField, rules.CiteGameFormat, err.Error())
	}
	f := s.File()
	if f.Game == nil {
		return Patch{}, refuse("cards", codeGameRules, rules.CiteGameFormat, "no game on this table: import an army first")
	}
	data, err := table.Save(f)
	if err != nil {
		return Patch{}, refuse("cards", codeGameRules, rules.CiteGameFormat, err.Error())
	}
	g, err := table.Load(data)
	if err != nil {
		return Patch{}, refuse("cards", codeGameRules, rules.CiteGameFormat, err.Error())
	}
	actor := AuthorSide(s.author)
	var changed []string
	for _, r := range g.Game.Units {
		if actor != table.NoColour && r.Colour != actor {
			continue
		}
		for _, c := range cards {
			if strings.EqualFold(c.Card.Name, r.Name) {
				if err := g.ApplyCard(r.Unit, c); err != nil {
					continue // a unit wholly defeated: no card to give
				}
				changed = append(changed, r.Unit)
			}
		}
	}
	if len(changed) == 0 {
		return Patch{}, refuse("cards", codeGameField, rules.CiteGameFormat, "no card names a unit of the game")
	}
	var onTable []string
	for _, id := range changed {
		if unitAt(f, id) >= 0 {
			onTable = append(onTable, id)
		}
	}
	return stepPatch(s, rules.Step{File: g, Changed: onTable}), nil
}
