package scenes

import (
	"errors"
	"fmt"

	"holotable/maps"
	"holotable/table"
)

// NewTableSize is the battlefield a new table of the ruleset gets: size is a maps.Battlefields id
// ("6x3", "6x4" or "3x3"), "" for the ruleset's default — the standard 3'×6' (72×36 in) for Legion
// (RRG 2.0 Schlachtfeld L9783–9791) and 3'×3' (36×36 in) for Spezialeinsätze.
func NewTableSize(ruleset, size string) (width, depth float64, err error) {
	if ruleset != "legion" && ruleset != "specops" {
		return 0, 0, errors.New(T("newTable.noRuleset", ruleset))
	}
	b, ok := maps.BattlefieldFor(ruleset, size)
	if !ok {
		return 0, 0, errors.New(T("newTable.noSize", ruleset, size))
	}
	return b.Width, b.Depth, nil
}

// NewTableJSON is an empty table file of the ruleset and size (NewTableSize), in inches, with the
// default profile.
func NewTableJSON(ruleset, size string) ([]byte, error) {
	w, d, err := NewTableSize(ruleset, size)
	if err != nil {
		return nil, err
	}
	f, err := table.Load([]byte(fmt.Sprintf(`{"format":%q,"ruleset":%q,"units":"in","battlefield":{"width":%g,"depth":%g}}`, table.Format, ruleset, w, d)))
	if err != nil {
		return nil, err
	}
	return table.Save(f)
}

func init() {
	RegisterStrings(map[string][2]string{
		"newTable.done":      {"new %s table, %g×%g in", "neuer %s-Tisch, %g×%g Zoll"},
		"newTable.noRuleset": {"no ruleset %q (legion, specops)", "kein Regelwerk %q (legion, specops)"},
		"newTable.noSize":    {"no %s table of size %q (6x3, 6x4, 3x3)", "kein %s-Tisch der Größe %q (6x3, 6x4, 3x3)"},
		"newTable.legion":    {"Legion", "Legion"},
		"newTable.specops":   {"Spec Ops", "Spezialeinsätze"},
		"ui.newTable":        {"New table", "Neuer Tisch"},
		"ui.newTable.tip":    {"replaces the table with an empty one of the ruleset and size chosen (undo takes it back)", "ersetzt den Tisch durch einen leeren des gewählten Regelwerks und der gewählten Größe (Rückgängig holt ihn zurück)"},
		"ui.newTable.size":   {"ruleset and table size", "Regelwerk und Tischgröße"},
	})
	// battlefields lists the new tables the menu offers: each ruleset's sizes (maps.Battlefields),
	// the default first, labelled in the page's language.
	RegisterCommand("battlefields", func(s *TableScene, arg jsonRaw) (any, error) { return newTableChoices(), nil })
	// newTable {"ruleset": "legion"|"specops", "size": ""|"6x3"|"6x4"|"3x3"} replaces the table
	// with an empty one of the ruleset and size (default: the ruleset's standard; an undoable edit).
	RegisterCommand("newTable", func(s *TableScene, arg jsonRaw) (any, error) {
		var a struct{ Ruleset, Size string }
		a.Ruleset = "legion"
		if err := argInto(arg, &a); err != nil {
			return nil, err
		}
		data, err := NewTableJSON(a.Ruleset, a.Size)
		if err != nil {
			return nil, err
		}
		if err := s.doc.Import(data); err != nil {
			return nil, err
		}
		s.setPreview(nil, nil)
		s.fit()
		w, d, _ := NewTableSize(a.Ruleset, a.Size)
		s.message = T("newTable.done", a.Ruleset, w, d)
		return nil, nil
	})
}

// newTableChoice is one new table the menu offers.
type newTableChoice struct {
	Ruleset string `json:"ruleset"`
	Size    string `json:"size"`
	Label   string `json:"label"`
}

// newTableChoices are the battlefields of Legion, then of Spezialeinsätze, each ruleset's
// default first (maps.Battlefields' order).
func newTableChoices() []newTableChoice {
	var out []newTableChoice
	for _, r := range []string{"legion", "specops"} {
		for _, b := range maps.Battlefields {
			if _, ok := maps.BattlefieldFor(r, b.ID); ok {
				out = append(out, newTableChoice{Ruleset: r, Size: b.ID, Label: T("newTable."+r) + " · " + inLanguage(b.Label)})
			}
		}
	}
	return out
}
