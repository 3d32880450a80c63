package scenes

import (
	"holotable/maps"
	"holotable/table"
)

// Words the app shows that come from closed sets or built-in files (issue 17, item 3): a unit's
// type in the heads-up line, the length unit, the built-in dice's names. Names the players gave
// (sides, units, a table's own dice) stay as they are.

// typeWord is a unit type as the player reads it.
func typeWord(t table.UnitType) string { return T("unitType." + t.String()) }

// lengthWord is a table file's length unit ("in", "mm") as the player reads it.
func lengthWord(units string) string { return T("length." + units) }

// dieName is a die's name: a built-in die's in the current language, any other die's (a table's
// own, also one that replaces a built-in die under its id with another name) as it is written.
func dieName(d maps.Die) string {
	i18nMu.RLock()
	w, ok := strings_["dice.name."+d.ID]
	i18nMu.RUnlock()
	if !ok || w[0] != d.Name {
		return d.Name
	}
	return T("dice.name." + d.ID)
}

func init() {
	RegisterStrings(map[string][2]string{
		"unitType.trooper":          {"trooper", "Truppler"},
		"unitType.creature":         {"creature trooper", "Kreaturentruppler"},
		"unitType.emplacement":      {"emplacement trooper", "Stellungstruppler"},
		"unitType.ground":           {"ground vehicle", "Bodenfahrzeug"},
		"unitType.repulsor":         {"repulsor vehicle", "Repulsorfahrzeug"},
		"length.in":                 {"in", "Zoll"},
		"length.mm":                 {"mm", "mm"},
		"dice.name.red-attack":      {"red attack die", "roter Angriffswürfel"},
		"dice.name.black-attack":    {"black attack die", "schwarzer Angriffswürfel"},
		"dice.name.white-attack":    {"white attack die", "weißer Angriffswürfel"},
		"dice.name.red-defence":     {"red defence die", "roter Verteidigungswürfel"},
		"dice.name.white-defence":   {"white defence die", "weißer Verteidigungswürfel"},
		"dice.name.rebellion-black": {"Rebellion black combat die", "schwarzer Rebellion-Kampfwürfel"},
		"dice.name.rebellion-red":   {"Rebellion red combat die", "roter Rebellion-Kampfwürfel"},
		"dice.name.swm-d20":         {"d20", "W20"},
	})
}
