package scenes

import (
	"holotable/rules"
	"holotable/table"
)

// The draft dealt from blue's battle deck (issue 15: "the list's battle cards go into the setup's
// draft"; RRG 2.0 Spielaufbau step 5 L843–847: blue's battle deck, each category shuffled, three
// cards of each laid out). An army list's deck is stored with its side when it is imported
// (army.AddTo: table.GameSide.Deck); the setup's Deal takes its rows from it when blue has one.

// deckDeal deals the draft's rows from blue's battle deck of f's game (rules.DealDraft, shuffled
// with seed). from is false when blue has no deck (no game, or a list without battlefieldDeck):
// the draft is dealt from every battle card then. A deck that cannot be dealt (a row with fewer
// than three cards) is from with err set: the caller says why and deals from every card.
func deckDeal(f *table.File, seed uint64) (rows [3][]string, from bool, err error) {
	if f.Game == nil {
		return rows, false, nil
	}
	d := f.Game.Side(table.Blue).Deck
	if len(d.Objectives)+len(d.Deployments)+len(d.Conditions) == 0 {
		return rows, false, nil
	}
	o, p, c, err := rules.DealDraft(d, rules.SeededRoller(seed))
	if err != nil {
		return rows, true, err
	}
	return [3][]string{o, p, c}, true, nil
}
