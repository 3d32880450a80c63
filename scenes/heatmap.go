package scenes

import (
	"errors"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
	"holotable/render"
	"holotable/rules"
	"holotable/table"
)

// The visibility heat map overlay: for a trooper of one side standing in every cell of a
// half-inch grid, how many enemy viewers see it and its least cover (rules.World.HeatMap). It is
// not a tool: it stays on over every tool and follows the table shown — the document, or the
// preview a tool shows while it drags a piece or a mini — with the heat map's incremental
// Update. Hovering a cell explains it with the plain per-cell answers (rules.World.HeatCell).
// The page turns it on with the "heatmap" command (the toolbar's button); "heatmapBench" times
// the heat map inside the app.

// heatOverlay is the table scene's heat map (its field heat).
type heatOverlay struct {
	on bool
	q  rules.HeatQuery // side, viewers, unit; the rest default

	h       *rules.HeatMap
	w       *rules.World // the world h is up to date with
	mark    Mark         // the document's history h is up to date with (Doc.ChangesSince)
	prevIDs []string     // what the preview h was brought up to date for changed (its ops' ids)
	hist    *historyView // the history entry it was brought up to date for, nil when none
	docRev  int          // the document revision and view revision h was brought up to date for
	view    int
	wait    int // frames to let pass before the next update while a tool drags (throttle)
	err     string

	rev   int // changes whenever what the overlay draws changes (the table layer redraws)
	cells []byte
	img   render.HeatImage
	imgOK bool // img holds cells

	stats heatStats
	hover heatHover

	legend  render.HeatLegend
	bandKey heatBandKey // what bandH was measured for (heatBand)
	bandH   float64
	text    render.TextCache
	over    render.Overlay
}

// heatStats counts the work done, for the state and the tests.
type heatStats struct {
	Full       int     `json:"full"`       // full computations
	Updates    int     `json:"updates"`    // incremental updates
	Recomputed int     `json:"recomputed"` // cell answers the last update recomputed
	LastMs     float64 `json:"lastMs"`     // the last computation or update, ms
	Skipped    int     `json:"skipped"`    // ticks a pending update waited (throttle while dragging)
}

// heatHover is the cell under the cursor and its explanation.
type heatHover struct {
	k     int           // cell index, -1 when the cursor is off the grid
	since time.Duration // when the cursor came to rest on it (Input.Time)
	key   [3]int
	lines []render.TextLine // the explanation, for cell k at key (h's revision, language, screen width), wrapped
	plain []string
}

// heatRest is how long the cursor must rest on a cell before it is explained: a cell's
// explanation builds one world per viewer, too much to do on every frame of a sweep.
const heatRest = 100 * time.Millisecond

// heatDragBudget is the Update time per frame the heat map may take on average while a tool
// drags: after an update that took d, the next waits about d/heatDragBudget frames. It is a share
// of each frame's CPU time, not a timing, so it counts frames (docs/decisions.md D14: one Update
// per frame).
const heatDragBudget = 4 * time.Millisecond

// HeatState is the heat map's part of the state snapshot (state().heatmap). Seen and Cover are
// filled only in the "heatmap" command's reply (rules.HeatRows: top row first).
type HeatState struct {
	On      bool       `json:"on"`
	Side    string     `json:"side"`
	Viewers string     `json:"viewers"`
	Unit    string     `json:"unit,omitempty"`
	Cols    int        `json:"cols"`
	Rows    int        `json:"rows"`
	Step    float64    `json:"step"`
	IDs     []string   `json:"viewerIds"`
	Rev     int        `json:"rev"`     // the document revision the map is for
	Pending bool       `json:"pending"` // the table shown changed and the map has not caught up yet
	Counts  HeatCount  `json:"counts"`
	Stats   heatStats  `json:"stats"`
	Error   string     `json:"error,omitempty"`
	Hover   *HeatHover `json:"hover,omitempty"`
	Seen    []string   `json:"seen,omitempty"`
	Cover   []string   `json:"cover,omitempty"`
}

// HeatHover is the explained cell under the cursor: its column and row, its centre, and the
// explanation's lines (the last one the rulebook references).
type HeatHover struct {
	I     int      `json:"i"`
	J     int      `json:"j"`
	X     float64  `json:"x"`
	Y     float64  `json:"y"`
	Lines []string `json:"lines"`
}

// HeatCount sums the cells: how many are seen by 0, 1, 2, 3+ viewers, cannot be stood in, and
// have light or heavy cover.
type HeatCount struct {
	Seen    [4]int `json:"seen"`
	NoStand int    `json:"noStand"`
	Light   int    `json:"light"`
	Heavy   int    `json:"heavy"`
}

// HeatMap is the heat map shown (nil when the overlay is off or has none).
func (s *TableScene) HeatMap() *rules.HeatMap {
	if !s.heat.on {
		return nil
	}
	return s.heat.h
}

// defaultHeatSide is the probe's side when none is given: the selected mini's, else the first
// unit's, else "blue".
func (s *TableScene) defaultHeatSide() string {
	f := s.File()
	for _, u := range f.UnitsOnTable {
		for _, m := range u.Minis {
			if m.ID == s.selected {
				return u.Side
			}
		}
	}
	if len(f.UnitsOnTable) > 0 {
		return f.UnitsOnTable[0].Side
	}
	return "blue"
}

// setHeat turns the overlay on for q, computing its map at once, or off.
func (s *TableScene) setHeat(on bool, q rules.HeatQuery) error {
	o := &s.heat
	if !on {
		if o.on {
			o.on, o.h, o.w, o.err = false, nil, nil, ""
			o.img.Clear()
			o.imgOK = false
			o.hover = heatHover{k: -1}
			o.rev++
			s.measureBand() // the legend's band below a phone's turned table goes (D155)
			s.fitIfTurned() // a portrait tablet's table turns again (D146)
		}
		return nil
	}
	prev := *o
	o.on, o.q, o.h, o.w = true, q, nil, nil
	if err := o.refresh(s, true); err != nil {
		*o = prev // as it was
		o.rev++
		return err
	}
	s.measureBand() // a phone's turned table leaves the legend its band (D155)
	s.fitIfTurned() // upright on a portrait tablet: the legend takes the room below (D146)
	return nil
}

// refresh brings the map up to date with the table shown: a full computation when there is no
// map yet (or full is set, or the whole table changed: an import, another game, a history entry),
// else the incremental update for the entries that changed — what the ops since the last update
// changed, and what the previews then and now changed (their ops' ids); nothing compares files.
func (o *heatOverlay) refresh(s *TableScene, full bool) error {
	w := s.ShownWorld()
	t0 := time.Now()
	ids, whole := s.doc.ChangesSince(o.mark)
	if full || whole || o.h == nil || o.hist != s.history {
		h, err := w.HeatMap(o.q)
		if err != nil {
			return err
		}
		o.h = h
		o.stats.Full++
		o.stats.Recomputed = len(h.Seen) * max(1, len(h.Viewers))
	} else {
		changed := slices.Concat(ids, o.prevIDs, s.previewIDs)
		slices.Sort(changed)
		n, err := o.h.Update(w, slices.Compact(changed))
		if err != nil {
			return err
		}
		o.stats.Updates++
		o.stats.Recomputed = n
	}
	d := time.Since(t0)
	o.stats.LastMs = float64(d.Microseconds()) / 1000
	o.w, o.mark, o.prevIDs, o.hist, o.docRev, o.view, o.err = w, s.doc.Mark(), s.previewIDs, s.history, s.doc.Rev(), s.viewRev, ""
	o.wait = 0
	if s.preview != nil { // a tool is dragging: leave the following frames to it
		o.wait = int(d / heatDragBudget)
	}
	o.cellsChanged()
	return nil
}

// cellsChanged recodes the cells for the image and invalidates what was drawn from them.
func (o *heatOverlay) cellsChanged() {
	h := o.h
	n := len(h.Seen)
	if cap(o.cells) < n {
		o.cells = make([]byte, n)
	}
	o.cells = o.cells[:n]
	for k := range n {
		o.cells[k] = render.HeatCode(int(h.Seen[k]), int(h.Cover[k]), h.Seen[k] == rules.HeatNoStand)
	}
	o.imgOK = false
	o.hover.lines, o.hover.plain = nil, nil
	o.rev++
}

// update follows the table shown and the cursor; the table scene calls it every tick after the
// tool's Update.
func (o *heatOverlay) update(s *TableScene, in *Input) {
	if !o.on {
		return
	}
	if (o.docRev != s.doc.Rev() || o.view != s.viewRev) && !s.previewBad { // no world for a shape the file refuses
		switch {
		case o.wait > 0 && s.preview != nil:
			o.wait--
			o.stats.Skipped++
		default:
			if err := o.refresh(s, false); err != nil {
				o.err = err.Error()
				s.message = T("heat.error", err.Error())
				o.docRev, o.view = s.doc.Rev(), s.viewRev // tried: wait for the next change
				// The map shown is of the table before: show none rather than a wrong one.
				o.h, o.w, o.imgOK, o.hover = nil, nil, false, heatHover{k: -1}
				o.rev++
			}
		}
	}
	o.updateHover(s, in)
}

// cellAt is the index of the cell under screen point (x, y), or -1.
func (o *heatOverlay) cellAt(s *TableScene, x, y float64) int {
	h := o.h
	if h == nil {
		return -1
	}
	wx, wy := s.cam.ScreenToWorld(x, y)
	i, j := int(math.Floor(wx/h.Query.Step)), int(math.Floor(wy/h.Query.Step))
	if wx < 0 || wy < 0 || i >= h.Cols || j >= h.Rows {
		return -1
	}
	return j*h.Cols + i
}

func (o *heatOverlay) updateHover(s *TableScene, in *Input) {
	k := -1
	if !in.Left && !in.Right && !in.Middle && s.preview == nil {
		k = o.cellAt(s, in.X, in.Y)
	}
	if k != o.hover.k {
		o.hover = heatHover{k: k, since: in.Time}
		return
	}
	if k < 0 {
		return
	}
	key := [3]int{o.rev, langKey(), int(s.screen.W)}
	if in.Time-o.hover.since >= heatRest && (o.hover.lines == nil || o.hover.key != key) {
		o.hover.plain = o.explain(s, k)
		o.hover.lines = o.hover.lines[:0]
		// Wrapped to at most 40% of the screen (380 CSS px), so that the box stays beside the
		// pointer instead of across the table (issue 17, item 11).
		sc := s.scale()
		maxW := math.Min(380*sc, 0.4*s.screen.W)
		for i, l := range o.hover.plain {
			var c = render.LabelColor
			if i == len(o.hover.plain)-1 {
				c = render.BandLabelColor // the citation
			}
			for _, part := range render.Wrap(l, 11*sc, maxW, "  ") {
				o.hover.lines = append(o.hover.lines, render.TextLine{Text: part, Color: c})
			}
		}
		o.hover.key = key
	}
}

func langKey() int {
	if Language() == "de" {
		return 1
	}
	return 0
}

// heatMaxExplained is how many viewers the hover explanation lists one by one.
const heatMaxExplained = 8

// explain is cell k's explanation: its summary, then each viewer's answer from the plain rules
// (HeatCell: LOS and cover with the probe placed there), then the rulebook references.
func (o *heatOverlay) explain(s *TableScene, k int) []string {
	h, w := o.h, o.w
	units := w.File.Units
	c := h.Centre(k)
	x, y := FormatLength(c.X, units), FormatLength(c.Y, units)
	if h.Seen[k] == rules.HeatNoStand {
		return []string{T("heat.cell.nostand", x, y), rules.CiteName(rules.CiteImpassable)}
	}
	out := []string{T("heat.cell", x, y, int(h.Seen[k]), len(h.Viewers), coverWord(h.Cover[k], h.Seen[k] > 0))}
	for i, id := range h.Viewers {
		if i == heatMaxExplained {
			out = append(out, T("heat.more", len(h.Viewers)-i))
			break
		}
		los, cov, err := w.HeatCell(h.Query, id, c)
		switch {
		case err != nil:
			out = append(out, id+": "+err.Error())
		case !los.LOS:
			out = append(out, T("heat.viewer.hidden", id, strings.Join(los.BlockedBy, ", ")))
		default:
			line := T("heat.viewer.sees", id, T("ui.cover."+cov.Cover.String()))
			if len(cov.Minis) > 0 && len(cov.Minis[0].Obscurers) > 0 {
				var by []string
				for _, ob := range cov.Minis[0].Obscurers {
					by = append(by, ob.ID)
				}
				line += T("heat.viewer.obscured", strings.Join(by, ", "))
			}
			out = append(out, line)
		}
	}
	return append(out, rules.CiteName(rules.CiteLOS)+" · "+rules.CiteName(rules.CiteObscured))
}

// coverWord is a cover level in words ("—" where nobody sees the cell).
func coverWord(level table.Cover, seen bool) string {
	if !seen {
		return "—"
	}
	return T("ui.cover." + level.String())
}

// drawCells draws the cells onto the table layer, between the ground and the bases.
func (o *heatOverlay) drawCells(s *TableScene, dst *ebiten.Image) {
	if !o.on || o.h == nil {
		return
	}
	h := o.h
	if !o.imgOK {
		o.img.Set(h.Cols, h.Rows, o.cells)
		o.imgOK = true
	}
	b := s.cam.Box(float64(h.Cols)*h.Query.Step, float64(h.Rows)*h.Query.Step)
	o.img.Draw(dst, b.X, b.Y, b.W, b.H, s.cam.Turned)
}

// drawOverlays draws the legend (bottom right), the hovered cell's outline and its explanation.
func (o *heatOverlay) drawOverlays(s *TableScene, dst *ebiten.Image) {
	if !o.on || o.h == nil {
		return
	}
	k := s.scale()
	size := 11 * k
	h := o.h
	labels := heatLabels()
	right, bottom := s.screen.W-8*k, s.screen.H-8*k
	if c, ok := s.tool.(interface{ CornerHeight() float64 }); ok { // the terrain tool's coverage note
		bottom -= c.CornerHeight()
	}
	if s.heatBand() > 0 { // a phone: below the turned table and the tool's palette (D155)
		w, h := render.HeatLegendSize(o.title(), labels, size)
		top := s.PaletteTop() + s.paletteBand()*k
		right, bottom = 8*k+w, top+h
	}
	o.legend.Draw(dst, o.title(), labels, right, bottom, size)

	if c := o.hover.k; c >= 0 && c < len(h.Seen) {
		i, j := c%h.Cols, c/h.Cols
		x0, y0 := s.cam.WorldToScreen(float64(i)*h.Query.Step, float64(j+1)*h.Query.Step)
		x1, y1 := s.cam.WorldToScreen(float64(i+1)*h.Query.Step, float64(j)*h.Query.Step)
		o.over.Reset()
		o.over.Outline([]float32{float32(x0), float32(y0), float32(x1), float32(y0), float32(x1), float32(y1), float32(x0), float32(y1)},
			float32(1.5*k), render.SelectedRing)
		o.over.Draw(dst)
		if len(o.hover.lines) > 0 {
			w, ht := o.text.Size(o.hover.lines, size, false)
			x, y := s.cursorX+16*k, s.cursorY+16*k
			if x+w > s.screen.W-4*k {
				x = math.Max(4*k, s.cursorX-16*k-w)
			}
			if y+ht > s.screen.H-4*k {
				y = math.Max(4*k, s.cursorY-16*k-ht)
			}
			o.text.Draw(dst, o.hover.lines, x, y, size, render.TopLeft, false)
		}
	}
	o.text.EndFrame()
}

// heatLabels are the legend's rows' texts.
func heatLabels() [render.HeatLegendRows]string {
	return [render.HeatLegendRows]string{T("heat.legend.0"), T("heat.legend.1"), T("heat.legend.2"), T("heat.legend.3"),
		T("heat.legend.light"), T("heat.legend.heavy"), T("heat.legend.nostand")}
}

// heatBand is the height (CSS px) the heat map's legend takes below the table on a phone, where
// the table stays turned and the legend stands under it and the tool's palette (D155); 0 where
// the legend stands in the screen's bottom-right corner (the room an upright table leaves).
func (s *TableScene) heatBand() float64 {
	o := &s.heat
	if !o.on || o.h == nil || s.pageDock <= 0 || !s.narrow() || s.grid != nil {
		return 0
	}
	k := s.scale()
	key := heatBandKey{o.title(), Language(), k}
	if key != o.bandKey {
		_, h := render.HeatLegendSize(key.title, heatLabels(), 11*k)
		o.bandKey, o.bandH = key, h/k+8
	}
	return o.bandH
}

// heatBandKey is what the legend's height depends on.
type heatBandKey struct {
	title, lang string
	scale       float64
}

// title is the legend's first line: who looks at whom.
func (o *heatOverlay) title() string {
	n := len(o.h.Viewers)
	switch o.h.Query.Viewers {
	case rules.HeatUnit:
		return T("heat.title.unit", n, o.h.Query.Unit)
	case rules.HeatMinis:
		return T("heat.title.minis", o.h.Query.Side, n)
	}
	return T("heat.title.leaders", o.h.Query.Side, n)
}

// state is the overlay's part of the snapshot (nil when it was never turned on).
func (o *heatOverlay) state(s *TableScene, grids bool) *HeatState {
	if !o.on && o.stats.Full == 0 {
		return nil
	}
	st := &HeatState{On: o.on, Side: o.q.Side, Viewers: o.q.Viewers, Unit: o.q.Unit, Stats: o.stats, Error: o.err}
	if st.Viewers == "" {
		st.Viewers = rules.HeatLeaders
	}
	if !o.on || o.h == nil {
		return st
	}
	h := o.h
	st.Cols, st.Rows, st.Step, st.IDs, st.Rev = h.Cols, h.Rows, h.Query.Step, h.Viewers, o.docRev
	st.Pending = o.docRev != s.doc.Rev() || o.view != s.viewRev
	for k := range h.Seen {
		switch sn := h.Seen[k]; {
		case sn == rules.HeatNoStand:
			st.Counts.NoStand++
			continue
		default:
			st.Counts.Seen[min(int(sn), 3)]++
			if sn > 0 && h.Cover[k] == table.CoverLight {
				st.Counts.Light++
			} else if sn > 0 && h.Cover[k] == table.CoverHeavy {
				st.Counts.Heavy++
			}
		}
	}
	if c := o.hover.k; c >= 0 && o.hover.plain != nil {
		p := h.Centre(c)
		st.Hover = &HeatHover{I: c % h.Cols, J: c / h.Cols, X: p.X, Y: p.Y, Lines: o.hover.plain}
	}
	if grids {
		st.Seen, st.Cover = rules.HeatRows(h)
	}
	return st
}

// heatBench times the heat map of the document's table inside the app: runs full computations,
// then runs incremental updates after moving one terrain piece 2 inches (alternately there and
// back, so that every update is a move).
func (s *TableScene) heatBench(runs int, q rules.HeatQuery, piece string) (map[string]any, error) {
	w := s.doc.World()
	f := w.File
	if len(f.Terrain) == 0 {
		return nil, errors.New(T("heat.bench.noTerrain"))
	}
	pi := 0
	if piece != "" {
		if pi = slices.IndexFunc(f.Terrain, func(t table.Terrain) bool { return t.ID == piece }); pi < 0 {
			return nil, errors.New(T("terrain.noPiece", piece))
		}
	}
	// The piece moved 2" right (a terrain.move op, applied to a copy: the document stays).
	id := f.Terrain[pi].ID
	g, patch, err := ops.Apply(&ops.TerrainMove{Piece: id, DX: 2 * ops.LengthScale(f)}, s.doc.State())
	if err != nil {
		return nil, err
	}
	w2 := rules.NewWorld(g)
	full := make([]float64, 0, runs)
	var h *rules.HeatMap
	for range runs {
		t0 := time.Now()
		var err error
		if h, err = w.HeatMap(q); err != nil {
			return nil, err
		}
		full = append(full, ms(time.Since(t0)))
	}
	upd := make([]float64, 0, runs)
	worlds := [2]*rules.World{w2, w}
	recomputed := 0
	for i := range runs {
		t0 := time.Now()
		n, err := h.Update(worlds[i%2], patch.IDs())
		if err != nil {
			return nil, err
		}
		upd = append(upd, ms(time.Since(t0)))
		recomputed = max(recomputed, n)
	}
	return map[string]any{"runs": runs, "side": h.Query.Side, "viewers": h.Viewers, "cells": len(h.Seen),
		"piece": id, "recomputed": recomputed, "full": summary(full), "update": summary(upd)}, nil
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// summary is the median, minimum and maximum of times in ms, and the times.
func summary(v []float64) map[string]any {
	s := slices.Clone(v)
	slices.Sort(s)
	med := 0.0
	if n := len(s); n > 0 {
		med = s[n/2]
		if n%2 == 0 {
			med = (s[n/2-1] + s[n/2]) / 2
		}
	}
	return map[string]any{"medianMs": med, "minMs": s[0], "maxMs": s[len(s)-1], "ms": v}
}

func init() {
	RegisterCommand("heatmap", func(s *TableScene, arg jsonRaw) (any, error) {
		// {"on": bool, "side": …, "viewers": "leaders"|"minis"|"unit", "unit": …}: every field is
		// optional; without "on", naming side, viewers or unit turns the overlay on. The reply is
		// the overlay's state with the map's rows (HeatState).
		var a struct {
			On      *bool   `json:"on"`
			Side    *string `json:"side"`
			Viewers *string `json:"viewers"`
			Unit    *string `json:"unit"`
		}
		if err := argInto(arg, &a); err != nil {
			return nil, err
		}
		q := s.heat.q
		if !s.heat.on && a.Side == nil {
			q.Side = s.defaultHeatSide()
		}
		named := false
		if a.Side != nil {
			q.Side, named = *a.Side, true
		}
		if a.Viewers != nil {
			q.Viewers, named = *a.Viewers, true
		}
		if a.Unit != nil {
			q.Unit, named = *a.Unit, true
			if a.Viewers == nil && *a.Unit != "" {
				q.Viewers = rules.HeatUnit
			}
		}
		on := s.heat.on || named
		if a.On != nil {
			on = *a.On
		}
		if on && q.Viewers == rules.HeatUnit && q.Unit == "" {
			return nil, errors.New(T("heat.error", T("heat.error.unit")))
		}
		if on && (!s.heat.on || q != s.heat.q) {
			if err := s.setHeat(true, q); err != nil {
				return nil, errors.New(T("heat.error", err.Error()))
			}
		} else if !on {
			_ = s.setHeat(false, q)
		}
		return s.heat.state(s, true), nil
	})
	RegisterCommand("heatmapBench", func(s *TableScene, arg jsonRaw) (any, error) {
		// {"runs": N (1–200, default 10), "side": …, "piece": terrain id}: times N full heat maps
		// of the document's table and N incremental updates after moving one piece 2".
		a := struct {
			Runs  int    `json:"runs"`
			Side  string `json:"side"`
			Piece string `json:"piece"`
		}{Runs: 10}
		if err := argInto(arg, &a); err != nil {
			return nil, err
		}
		if a.Runs < 1 || a.Runs > 200 {
			return nil, errors.New(T("heat.bench.runs", a.Runs))
		}
		q := s.heat.q
		if a.Side != "" {
			q.Side = a.Side
		} else if !s.heat.on {
			q.Side = s.defaultHeatSide()
		}
		return s.heatBench(a.Runs, q, a.Piece)
	})
	RegisterStrings(map[string][2]string{
		"ui.heatmap":           {"Heat", "Sicht"},
		"ui.heatmap.tip":       {"Visibility heat map: how many enemy leaders would see a trooper standing in each spot, and its cover (hover a cell: why)", "Sichtkarte: wie viele gegnerische Anführer einen Trupp an jeder Stelle sähen, und seine Deckung (Zelle überfahren: warum)"},
		"ui.heatmap.swap":      {"Other side", "Andere Seite"},
		"ui.heatmap.swap.tip":  {"Show the heat map for a trooper of the other side", "Die Sichtkarte für einen Trupp der anderen Seite zeigen"},
		"heat.title.leaders":   {"Heat map: a %s trooper, %d enemy leaders looking", "Sichtkarte: Trupp %s, %d gegnerische Anführer schauen"},
		"heat.title.minis":     {"Heat map: a %s trooper, %d enemy minis looking", "Sichtkarte: Trupp %s, %d gegnerische Miniaturen schauen"},
		"heat.title.unit":      {"Heat map: seen by the %d minis of %s", "Sichtkarte: gesehen von den %d Miniaturen von %s"},
		"heat.legend.0":        {"seen by none", "von keinem gesehen"},
		"heat.legend.1":        {"seen by 1", "von 1 gesehen"},
		"heat.legend.2":        {"seen by 2", "von 2 gesehen"},
		"heat.legend.3":        {"seen by 3 or more", "von 3 oder mehr gesehen"},
		"heat.legend.light":    {"light cover (the least of those seeing)", "leichte Deckung (die geringste gegen Sehende)"},
		"heat.legend.heavy":    {"heavy cover", "schwere Deckung"},
		"heat.legend.nostand":  {"no room to stand", "kein Platz zum Stehen"},
		"heat.cell":            {"%s, %s: seen by %d of %d · least cover %s", "%s, %s: von %d von %d gesehen · geringste Deckung %s"},
		"heat.cell.nostand":    {"%s, %s: a trooper cannot stand here (solid or impassable terrain)", "%s, %s: hier kann kein Trupp stehen (massives oder unpassierbares Gelände)"},
		"heat.viewer.sees":     {"%s sees it · cover %s", "%s sieht ihn · Deckung %s"},
		"heat.viewer.obscured": {" (obscured by %s)", " (verdeckt durch %s)"},
		"heat.viewer.hidden":   {"%s cannot see it: blocked by %s", "%s sieht ihn nicht: verdeckt von %s"},
		"heat.more":            {"… and %d more", "… und %d weitere"},
		"heat.error":           {"heat map: %s", "Sichtkarte: %s"},
		"heat.error.unit":      {`viewers "unit" needs a unit`, `Betrachter „Einheit“ braucht eine Einheit`},
		"heat.bench.noTerrain": {"heat map timing: the table has no terrain piece to move", "Sichtkarten-Zeitmessung: der Tisch hat kein Geländeteil zum Verschieben"},
		"heat.bench.runs":      {"runs must be between 1 and 200, not %d", "runs muss zwischen 1 und 200 liegen, nicht %d"},
	})
}
