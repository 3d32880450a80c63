package scenes

// Where a tool's palette stands (D78's open end, issue 17 item 4). With the page shell's dock
// the table is fitted once for the window and the table's shape, whatever the tool: a palette
// (terrain, units, setup, dice) no longer reserves a band at the top that pushes the table down
// by its height on a tool switch, but stands at the top of the dock, just below the fitted table,
// and the page's panel and message line keep the rest of the dock (Dock less the palette's band).
// Without the page (the native app) there is no dock, and a palette keeps its band at the top.

// PaletteTop is the screen y (device px) where a tool's palette starts: below the fitted table
// when the page docks its panels there, else PanelTop.
func (s *TableScene) PaletteTop() float64 {
	if s.pageDock <= 0 {
		return s.PanelTop()
	}
	b := s.fitCamera().Box(s.tableSize())
	return b.Y + b.H + 8*s.scale()
}

// paletteBand is the height (CSS px) the current tool's palette takes in the dock, 0 when it
// has none or there is no dock.
func (s *TableScene) paletteBand() float64 {
	r, ok := s.tool.(TopReserver)
	if !ok || s.pageDock <= 0 {
		return 0
	}
	bottom := r.ReserveTop(s)
	if bottom <= 0 {
		return 0
	}
	return (bottom - s.PaletteTop()) / s.scale()
}

// legendPx is the width (CSS px) the page keeps at the bottom right for its terrain legend
// (web/ui.css: #ht-bottom stops 280 px from the right).
const legendPx = 280

// cornerRight is the screen x (device px) where a tool's bottom-right text ends: 8 px from the
// right edge, or left of the page's terrain legend when the page docks its panels below the
// table (the legend stands at the bottom right of the dock) on a screen at least twice the
// legend's room wide (a phone's narrow screen keeps the whole width).
func cornerRight(c Context) float64 {
	k := c.Scale()
	if docked(c) && c.Screen().W >= 2*legendPx*k { // not a phone
		return c.Screen().W - legendPx*k
	}
	return c.Screen().W - 8*k
}

// docked reports whether the page docks its panels below the table (then a palette starts
// below the table, not at PanelTop).
func docked(c Context) bool { return c.PaletteTop() != c.PanelTop() }
