package rules

import (
	"fmt"
)

// Star Wars: Destiny's dice (seed 002): every die belongs to a card and shows one of six sides
// with a value, a symbol, perhaps a resource cost and perhaps a "+" (a modifier). The face tables
// are the card's; the player types them in as a custom die (docs/format-dice.md).

const (
	CiteDestinyValue    = "Destiny (seed 002) Wert L310–314 (the number above the symbol; blank and special sides are 0)"
	CiteDestinyCost     = "Destiny (seed 002) Ressourcenkosten L328–330 (a side with a cost resolves only when the cost is paid)"
	CiteDestinyModifier = "Destiny (seed 002) Modifikator L332–338 (a + side resolves only together with a die showing the same symbol without +; the values add)"
	CiteDestinyResolve  = "Destiny (seed 002) L661–671, L414, L422 (dice showing the same symbol resolve together in one action; a blank side cannot be resolved)"
	CiteDestinyTotal    = "Destiny (seed 002) Gesamtwert L990–994 (the sum of the values the dice show)"
)

// DestinyResolution is what resolving a symbol of a rolled pool gives.
type DestinyResolution struct {
	Symbol string `json:"symbol"`
	// Dice are the indices (in the roll) of the dice resolved together.
	Dice    []int    `json:"dice"`
	Value   int      `json:"value"`
	Cost    int      `json:"cost"`
	Payable bool     `json:"payable"`
	Reasons []Reason `json:"reasons"`
}

// ResolveDestiny resolves every die of the roll showing symbol in one action, with the resources
// the player has: the dice without + and, when there is at least one, the modifiers (their values
// added); the costs added up must be paid.
func ResolveDestiny(r Roll, symbol string, resources int) (DestinyResolution, error) {
	if symbol == "blank" || symbol == "none" {
		return DestinyResolution{}, fmt.Errorf("dice: a %s side cannot be resolved (seed 002 L422, L320)", symbol)
	}
	res := DestinyResolution{Symbol: symbol, Dice: []int{}}
	var base, mods []int
	for i, d := range r.Dice {
		if d.Symbol != symbol {
			continue
		}
		if d.Modifier {
			mods = append(mods, i)
		} else {
			base = append(base, i)
		}
	}
	if len(base) == 0 {
		if len(mods) > 0 {
			return DestinyResolution{}, fmt.Errorf("dice: %d modifier side(s) showing %s and no die showing it without +: a modifier cannot be resolved alone (seed 002 L332–338)", len(mods), symbol)
		}
		return DestinyResolution{}, fmt.Errorf("dice: no die shows %s", symbol)
	}
	res.Dice = append(base, mods...)
	for _, i := range res.Dice {
		res.Value += r.Dice[i].Value
		res.Cost += r.Dice[i].Cost
	}
	res.Payable = res.Cost <= resources
	res.Reasons = []Reason{{Rule: "resolve", Cite: CiteDestinyResolve, Text: fmt.Sprintf("%d dice showing %s resolve together: value %d", len(res.Dice), symbol, res.Value)}}
	if len(mods) > 0 {
		res.Reasons = append(res.Reasons, Reason{Rule: "modifier", Cite: CiteDestinyModifier, Text: fmt.Sprintf("%d modifier side(s) add their values", len(mods))})
	}
	if res.Cost > 0 {
		verdict := "paid"
		if !res.Payable {
			verdict = fmt.Sprintf("not payable with %d", resources)
		}
		res.Reasons = append(res.Reasons, Reason{Rule: "cost", Cite: CiteDestinyCost, Text: fmt.Sprintf("cost %d: %s", res.Cost, verdict)})
	}
	return res, nil
}
