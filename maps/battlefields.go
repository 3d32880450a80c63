package maps

import "slices"

// Battlefield is a table size the app offers, in inches: its id, English and German label, the
// rulesets it is for, and where the rulebook gives it.
type Battlefield struct {
	ID       string
	Label    [2]string
	Width    float64
	Depth    float64
	Rulesets []string
	Cite     string
}

// Battlefields lists the table sizes: the standard 3' × 6', the epic army's 4' × 6' and the
// 3' × 3' of skirmish and Spezialeinsätze. The first of a ruleset is its default.
var Battlefields = []Battlefield{
	{ID: "6x3", Label: [2]string{"6' × 3' (standard, 800 points)", "6' × 3' (Standard, 800 Punkte)"}, Width: 72, Depth: 36,
		Rulesets: []string{"legion"}, Cite: "RRG 2.0 Spielaufbau step 1 L814–820, Schlachtfeld L9786–9789 (about 90 × 180 cm for 800 points)"},
	{ID: "6x4", Label: [2]string{"6' × 4' (epic army, 1600 points)", "6' × 4' (epische Armee, 1600 Punkte)"}, Width: 72, Depth: 48,
		Rulesets: []string{"legion"}, Cite: "RRG 2.0 Epische Armee L13310–13325 (up to 1600 points on about 120 × 180 cm)"},
	{ID: "3x3", Label: [2]string{"3' × 3' (skirmish)", "3' × 3' (Skirmish)"}, Width: 36, Depth: 36,
		Rulesets: []string{"specops", "legion"}, Cite: "RRG 2.0 Schlachtfeld L9790–9791 (skirmish, 500 points, about 90 × 90 cm); SO L32–33 (Spezialeinsätze, 36\" × 36\")"},
}

// BattlefieldFor returns the battlefield with the given id ("" for the ruleset's default) that
// the ruleset may use, and whether there is one.
func BattlefieldFor(ruleset, id string) (Battlefield, bool) {
	for _, b := range Battlefields {
		if (id == "" || b.ID == id) && slices.Contains(b.Rulesets, ruleset) {
			return b, true
		}
	}
	return Battlefield{}, false
}
