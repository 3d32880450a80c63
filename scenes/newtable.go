package scenes

import (
	"fmt"

	"holotable/table"
)

// NewTableSize is the battlefield a new table of the ruleset gets: the standard 3'×6' (72×36 in)
// for Legion (RRG 2.0 Schlachtfeld L9783–9791) and 3'×3' (36×36 in) for Spezialeinsätze.
func NewTableSize(ruleset string) (width, depth float64, err error) {
	switch ruleset {
	case "legion":
		return 72, 36, nil
	case "specops":
		return 36, 36, nil
	}
	return 0, 0, fmt.Errorf("no ruleset %q (legion, specops)", ruleset)
}

// NewTableJSON is an empty table file of the ruleset, in inches, with the default profile.
func NewTableJSON(ruleset string) ([]byte, error) {
	w, d, err := NewTableSize(ruleset)
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
		"newTable.done": {"new %s table, %g×%g in", "neuer %s-Tisch, %g×%g Zoll"},
	})
	// newTable {"ruleset": "legion"|"specops"} replaces the table with an empty one of the
	// ruleset's standard size (an undoable edit).
	RegisterCommand("newTable", func(s *TableScene, arg jsonRaw) (any, error) {
		var a struct{ Ruleset string }
		a.Ruleset = "legion"
		if err := argInto(arg, &a); err != nil {
			return nil, err
		}
		data, err := NewTableJSON(a.Ruleset)
		if err != nil {
			return nil, err
		}
		if err := s.doc.Import(data); err != nil {
			return nil, err
		}
		s.SetPreview(nil)
		s.fit()
		w, d, _ := NewTableSize(a.Ruleset)
		s.message = T("newTable.done", a.Ruleset, w, d)
		return nil, nil
	})
}
