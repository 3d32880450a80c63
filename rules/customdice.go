package rules

import (
	"slices"

	"holotable/maps"
	"holotable/table"
)

// Custom dice: a table may carry dice of its own (table.File.Dice, table.SWMFile.Dice; their
// format is docs/format-dice.md). The dice a table offers are the embedded ones of maps/dice plus
// the table's; a table die with the id of an embedded one replaces it — that is how a player
// corrects a built-in die whose faces are an assumption (the Rebellion dice). Custom dice roll,
// pool and get their exact odds through the same code as the embedded ones (Roller, PoolFrom,
// PoolDistribution).

// DiceFor returns the dice offered with the custom dice of a table, sorted by id.
func DiceFor(custom []table.Die) []maps.Die {
	out := maps.Dice()
	for _, c := range custom {
		c.Faces = slices.Clone(c.Faces)
		if i := slices.IndexFunc(out, func(d maps.Die) bool { return d.ID == c.ID }); i >= 0 {
			out[i] = c
			continue
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b maps.Die) int {
		switch {
		case a.ID < b.ID:
			return -1
		case a.ID > b.ID:
			return 1
		}
		return 0
	})
	return out
}
