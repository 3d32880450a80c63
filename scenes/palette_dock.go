package scenes

// Where a tool's palette stands (D78's open end, issue 17 item 4). With the page shell's dock
// the table is fitted once for the window and the table's shape, whatever the tool: a palette
// (terrain, units, setup, dice) no longer reserves a band at the top that pushes the table down
// by its height on a tool switch, but stands at the top of the dock, just below the fitted table,
// and the page's panel and message line keep the rest of the dock (Dock less the palette's band).
// Without the page (the native app) there is no dock, and a palette keeps its band at the top.

import "math"

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

// fitAbove is the fit of a width × depth table for a tool whose palette takes band device px
// below it in the page's dock (D155): turned (FitTurning) into the view less the band where that
// shows the table larger than upright — a wide table on a portrait phone, the palette between
// the turned table and the page's panel — else upright over the whole view, the palette in the
// room a width-limited table leaves (the table's rectangle then the same in every tool).
func fitAbove(width, depth float64, view Rect, band float64) Camera {
	up := Fit(width, depth, view)
	if v := (Rect{X: view.X, Y: view.Y, W: view.W, H: view.H - band}); v.H >= 1 {
		if c := FitTurning(width, depth, v); c.Turned && c.Zoom > up.Zoom {
			return c
		}
	}
	return up
}

// measureBand brings s.band, the band the current tool's palette takes below the table (CSS px),
// up to date, and fits a fitted view anew when it changed (another tool, phase or language, a
// narrower screen): fitAbove keeps the table clear of it. The band does not depend on where the
// palette starts (its rows wrap at the screen's width), so measuring it under the old fit is
// exact.
func (s *TableScene) measureBand() {
	b := s.bandNeed() + s.heatBand()
	if math.Abs(b-s.band) < 0.5 {
		return
	}
	s.band = b
	if s.fitted {
		s.fit()
	} else {
		s.fitIfTurned()
	}
	if r, ok := s.tool.(TopReserver); ok {
		r.ReserveTop(s) // lays the palette out anew below the table as it is fitted now
	}
}

// bandNeeder is a palette tool that needs more than its palette's band below a turned table
// (the setup draft's cards, which stand beside the palette below an upright table).
type bandNeeder interface {
	BandNeed(c Context) float64 // device px below PaletteTop
}

// bandNeed is the band (CSS px) the current tool needs below a turned table: its palette's band,
// or what it says it needs (bandNeeder); 0 without the page's dock.
func (s *TableScene) bandNeed() float64 {
	if n, ok := s.tool.(bandNeeder); ok && s.pageDock > 0 {
		return math.Max(0, n.BandNeed(s)/s.scale())
	}
	return s.paletteBand()
}
