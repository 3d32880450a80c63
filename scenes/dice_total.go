package scenes

import (
	"fmt"
	"strings"

	"holotable/rules"
)

// What a roll that is neither a Legion attack nor a Legion defence pool reads as (D130). Its
// "total" is the sum of the faces' numbers (rules.Roll.Total): it means something for numbered
// dice (a d20, a d6), and nothing for symbol dice — a pool of red attack and white defence dice
// has no numbers, and "total 0" misread it. Such a roll reads as the count of each symbol it
// shows, in the order the symbols first came up; a roll with a numbered die shows its total.

func init() {
	RegisterStrings(map[string][2]string{
		"dice.rolled": {"rolled: %s", "geworfen: %s"},
	})
}

// numbered reports whether one of the rolled dice has numbered faces (a face with a value, or
// the symbol "number").
func (t *diceTool) numbered(r rules.Roll) bool {
	for _, rd := range r.Dice {
		if rd.Value != 0 || rd.Symbol == "number" {
			return true
		}
		d, _ := t.die(rd.Die)
		for _, f := range d.Faces {
			if f.Value != 0 || f.Symbol == "number" {
				return true
			}
		}
	}
	return false
}

// rolledLine is the result line of a roll that the surge step does not convert: the total of a
// pool with numbered dice, else how many dice show each symbol ("rolled: 2 × hit, 1 × block").
func (t *diceTool) rolledLine(r rules.Roll) string {
	if t.numbered(r) {
		return T("dice.total", r.Total)
	}
	var parts []string
	seen := map[string]bool{}
	for _, rd := range r.Dice {
		if seen[rd.Symbol] {
			continue
		}
		seen[rd.Symbol] = true
		parts = append(parts, fmt.Sprintf("%d × %s", r.Tally[rd.Symbol], symbolLabel(rules.RolledDie{Symbol: rd.Symbol})))
	}
	return T("dice.rolled", strings.Join(parts, ", "))
}
