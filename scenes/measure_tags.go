package scenes

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/render"
	"holotable/table"
)

// The measure tool's tags and ring numbers (issue 17, item 9). Each enemy unit's tag says its
// attack range ("beyond 5" past the last band, a tape length on a Spezialeinsätze table), how many
// of the selected unit's minis see it and its cover — or "no LOS", since a cover level nobody can
// shoot at is no use. Tags stand next to their unit, clear of each other, of every unit's bases
// and name, and of the explanation panel; the range rings' numbers are put where no tag, base or
// name is.

// lastBand is the last range band of Legion's ruler: farther is "beyond 5".
const lastBand = 5

// MeasureTagState is a tag as drawn: its unit and its box in device px (top-left corner).
type MeasureTagState struct {
	Unit string  `json:"unit"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	W    float64 `json:"w"`
	H    float64 `json:"h"`
}

// box is a screen rectangle (device px).
type box struct{ x0, y0, x1, y1 float64 }

func (b box) overlaps(o box, gap float64) bool {
	return b.x0 < o.x1+gap && o.x0 < b.x1+gap && b.y0 < o.y1+gap && o.y0 < b.y1+gap
}

// area of the overlap of b and o.
func (b box) common(o box) float64 {
	w := math.Min(b.x1, o.x1) - math.Max(b.x0, o.x0)
	h := math.Min(b.y1, o.y1) - math.Max(b.y0, o.y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// tagBox is the box of a tag given by its bottom centre.
func (b measureTagBox) box() box { return box{b.x - b.w/2, b.y - b.h, b.x + b.w/2, b.y} }

// rangeText is an attack range as a tag shows it: the band (or "beyond 5") and the distance; on a
// Spezialeinsätze table only the distance, read off a tape.
func rangeText(f *table.File, band int, dist float64) string {
	switch {
	case f.Ruleset == "specops":
		return T("measure.tape", FormatLength(dist, f.Units))
	case band > lastBand:
		return T("measure.beyond", lastBand, FormatLength(dist, f.Units))
	}
	return T("measure.range", band, FormatLength(dist, f.Units))
}

// tagLines are a unit's tag: range, then LOS and cover, or "no LOS", then how many minis are
// fully hidden (not in a compact tag: a phone's).
func tagLines(f *table.File, lb measureLabel, compact bool) []render.TextLine {
	lines := []render.TextLine{{Text: rangeText(f, lb.Band, lb.Distance)}}
	if lb.LOSCount == 0 {
		return append(lines, render.TextLine{Text: T("measure.noLOS", lb.Minis), Color: render.NoLOSColor})
	}
	lines = append(lines, render.TextLine{Text: T("measure.los", lb.LOSCount, lb.Minis) + " · " + T("measure.cover."+lb.Cover.String()),
		Color: measureCoverColor(lb.Cover)})
	if len(lb.Hidden) > 0 && !compact {
		lines = append(lines, render.TextLine{Text: T("measure.hidden", len(lb.Hidden)), Color: render.NoLOSColor})
	}
	return lines
}

// unitBoxes are the screen boxes of every unit's bases, with the name the scene writes under
// them when labels are on (what a tag must not cover), by unit id.
func unitBoxes(s Context, labels bool) map[string]box {
	k := s.Scale()
	cam := s.Camera()
	out := map[string]box{}
	for _, u := range s.File().UnitsOnTable {
		if len(u.Minis) == 0 {
			continue
		}
		b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
		for _, m := range u.Minis {
			x, y := cam.WorldToScreen(m.X, m.Y)
			r := cam.Length(m.Base / 2)
			b = box{math.Min(b.x0, x-r), math.Min(b.y0, y-r), math.Max(b.x1, x+r), math.Max(b.y1, y+r)}
		}
		if labels {
			b.y1 += 17 * k // the name under the unit (TableScene.drawTable)
		}
		out[u.ID] = b
	}
	return out
}

// drawTags lays out and draws each enemy unit's tag: above the unit, else below its name, else
// to its right or left — the first place clear of the tags already placed, of every unit and of
// the obstacles (the explanation panel), on the screen below minTop; where none is clear, the one
// covering least.
func (t *measureTool) drawTags(s Context, screen *ebiten.Image, size float64, obstacles []measureTagBox, minTop float64) {
	k := s.Scale()
	gap := 2 * k
	scr := s.Screen()
	units := unitBoxes(s, labelsShown(s))
	boxes := t.tags[:0]
	cost := func(c measureTagBox, own string) float64 {
		b := c.box()
		if b.y0 < minTop || b.y1 > scr.H || b.x0 < 0 || b.x1 > scr.W {
			return math.Inf(1)
		}
		var sum float64
		for _, o := range boxes {
			if b.overlaps(o.box(), gap) {
				sum += 1e6 + b.common(o.box()) // never over another tag while any place is clear
			}
		}
		for _, o := range obstacles {
			if b.overlaps(o.box(), gap) {
				sum += 1e6 + b.common(o.box())
			}
		}
		for id, u := range units {
			if b.overlaps(u, 0) {
				sum += 1e3 + b.common(u)
				if id == own {
					sum += 1e3
				}
			}
		}
		return sum
	}
	for _, lb := range t.labels {
		at := lb.unit.ID
		var lines []render.TextLine
		if lb.vehicle != "" { // a carried unit's tag stands by its transport (measure_carried.go)
			at, lines = lb.vehicle, carriedTagLines(lb)
		}
		u, ok := units[at]
		if !ok {
			continue
		}
		lines = append(append(lines, tagLines(s.File(), lb, isNarrow(scr.W/k))...), lb.arcs.lines()...) // and the firing arcs (arcs)
		w, h := t.text.Size(lines, size, true)
		cx, cy := (u.x0+u.x1)/2, (u.y0+u.y1)/2
		// Candidates nearest first: above, below the name, right, left; then shifted sideways by
		// half a tag; then a row farther up or down (up to three).
		cands := []measureTagBox{
			{x: cx, y: u.y0 - 3*k},             // above
			{x: cx, y: u.y1 + 3*k + h},         // below the name
			{x: u.x1 + 4*k + w/2, y: cy + h/2}, // right
			{x: u.x0 - 4*k - w/2, y: cy + h/2}, // left
		}
		for row := 0.0; row <= 3; row++ {
			up, down := u.y0-3*k-row*(h+3*k), u.y1+3*k+h+row*(h+3*k)
			for _, dx := range []float64{0, w/2 + 2*k, -w/2 - 2*k, w + 4*k, -w - 4*k} {
				if row == 0 && dx == 0 {
					continue
				}
				cands = append(cands, measureTagBox{x: cx + dx, y: up}, measureTagBox{x: cx + dx, y: down})
			}
		}
		best, bestCost := measureTagBox{}, math.Inf(1)
		for _, c := range cands {
			c.lines, c.w, c.h = lines, w, h
			// Kept on the screen sideways.
			c.x = math.Max(w/2+gap, math.Min(scr.W-w/2-gap, c.x))
			if v := cost(c, at); v < bestCost {
				best, bestCost = c, v
				if v == 0 {
					break
				}
			}
		}
		if math.IsInf(bestCost, 1) {
			best = measureTagBox{lines: lines, x: cx, y: u.y0 - 3*k, w: w, h: h}
		}
		best.unit = lb.unit.ID
		boxes = append(boxes, best)
	}
	for _, b := range boxes {
		t.text.Draw(screen, b.lines, b.x, b.y, size, render.BottomCentre, true)
	}
	t.tags = boxes
}

// labelsShown reports whether the scene writes the units' names under them.
func labelsShown(s Context) bool {
	if o, ok := s.(interface{ Overlays() Overlays }); ok {
		return o.Overlays().Labels
	}
	return true
}

// drawRingNumbers writes each range ring's number on the ring where it covers no tag, base or
// name: at the top of the ring, else the nearest place along it (in steps of 10°).
func (t *measureTool) drawRingNumbers(s Context, screen *ebiten.Image, l *table.Mini, seg, size float64) {
	k := s.Scale()
	cam := s.Camera()
	cx, cy := cam.WorldToScreen(l.X, l.Y)
	units := unitBoxes(s, labelsShown(s))
	scr := s.Screen()
	for n := 1; n <= lastBand; n++ {
		lines := []render.TextLine{{Text: strconv.Itoa(n), Color: render.BandLabelColor}}
		w, h := t.text.Size(lines, size, true)
		r := cam.Length(l.Base/2 + float64(n)*seg)
		clear := func(x, y float64) bool {
			b := box{x - w/2, y - h/2, x + w/2, y + h/2}
			if b.x0 < 0 || b.y0 < s.PanelTop() || b.x1 > scr.W || b.y1 > scr.H {
				return false
			}
			for _, tg := range t.tags {
				if b.overlaps(tg.box(), 2*k) {
					return false
				}
			}
			for _, u := range units {
				if b.overlaps(u, 2*k) {
					return false
				}
			}
			return true
		}
		for step := 0; step <= 36; step++ {
			a := -math.Pi / 2 // the top, then alternately left and right of it
			if step > 0 {
				a += float64((step+1)/2) * math.Pi / 18 * float64(1-2*(step%2))
			}
			x, y := cx+r*math.Cos(a), cy+r*math.Sin(a)
			if clear(x, y) {
				t.text.Draw(screen, lines, x, y, size, render.Centre, true)
				break
			}
		}
	}
}

// tagStates are the tags as last drawn.
func (t *measureTool) tagStates() []MeasureTagState {
	out := make([]MeasureTagState, 0, len(t.tags))
	for _, b := range t.tags {
		bx := b.box()
		out = append(out, MeasureTagState{Unit: b.unit, X: bx.x0, Y: bx.y0, W: b.w, H: b.h})
	}
	return out
}

func init() {
	RegisterStrings(map[string][2]string{
		"measure.beyond": {"beyond %d · %s", "jenseits %d · %s"},
		"measure.noLOS":  {"no LOS (0/%d)", "keine SL (0/%d)"},
	})
}
