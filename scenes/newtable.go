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
	})
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
