package scenes

import (
	"errors"

	"holotable/maps"
)

// The terrain tool's word on a built-in layout (issue 17 item 5): while the table shows a built-in
// layout's terrain unchanged (maps.LayoutOf), the tool names it, and a fixed layout — the example
// table, drawn by hand, most of its pieces within range 1 of another — says that it does not claim
// the competitive placement rule, so that its marks read as facts about the layout rather than as
// faults of the app's own table. The layout made in Setup (maps/competitive.json) says it obeys it.

func init() {
	RegisterStrings(map[string][2]string{
		"terrain.layoutFixed":       {"%s: not laid out by the competitive placement rule", "%s: nicht nach der kompetitiven Geländeplatzierung gestellt"},
		"terrain.layoutCompetitive": {"%s: every piece beyond range 1 of every other", "%s: jedes Teil jenseits von Reichweite 1 aller anderen"},
		"layout.none":               {"no built-in layout %q", "kein eingebauter Aufbau %q"},
		"layout.done":               {"layout: %s", "Aufbau: %s"},
	})
	// layouts → the built-in layouts [{name, title, placement}] in the current language.
	// layout {"name": "competitive"} replaces the table with that built-in layout (an undoable
	// import, as newTable), so that a layout is chosen in the app and not only by ?map=.
	// The page's menu offers the layouts (web/ui.js LAYOUTS): a label and a button per layout.
	words := map[string][2]string{
		"ui.layout":     {"Layout", "Aufbau"},
		"ui.layout.tip": {"Replace the table with this built-in layout (undo brings yours back)", "Den Tisch durch diesen eingebauten Aufbau ersetzen (Rückgängig holt Ihren zurück)"},
	}
	for _, l := range maps.Layouts {
		words["ui.layout."+l.Name] = l.Title
	}
	RegisterStrings(words)
	passiveCommands["layouts"] = true // a read (action.go)
	RegisterCommand("layouts", func(s *TableScene, _ jsonRaw) (any, error) {
		type ref struct {
			Name      string `json:"name"`
			Title     string `json:"title"`
			Placement string `json:"placement"`
		}
		out := make([]ref, len(maps.Layouts))
		for i, l := range maps.Layouts {
			out[i] = ref{l.Name, layoutTitle(l), l.Placement.String()}
		}
		return out, nil
	})
	RegisterCommand("layout", func(s *TableScene, arg jsonRaw) (any, error) {
		var a struct{ Name string }
		if err := argInto(arg, &a); err != nil {
			return nil, err
		}
		l, ok := maps.LayoutNamed(a.Name)
		data, found := maps.Get(a.Name)
		if !ok || !found {
			return nil, errors.New(T("layout.none", a.Name))
		}
		if err := s.doc.Import(data); err != nil {
			return nil, err
		}
		s.setPreview(nil, nil)
		s.fit()
		s.message = T("layout.done", layoutTitle(l))
		return nil, nil
	})
}

// layoutTitle is the layout's title in the current language.
func layoutTitle(l maps.Layout) string {
	if Language() == "de" {
		return l.Title[1]
	}
	return l.Title[0]
}

// layoutNote is the line the terrain tool shows for a built-in layout ("" for any other table).
func layoutNote(l maps.Layout, ok bool) string {
	if !ok {
		return ""
	}
	title := layoutTitle(l)
	if l.Placement == maps.Competitive {
		return T("terrain.layoutCompetitive", title)
	}
	return T("terrain.layoutFixed", title)
}
