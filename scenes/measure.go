package scenes

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/golang/geo/r3"
	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
	"holotable/render"
	"holotable/rules"
	"holotable/table"
)

// The measure tool, the scene's default: what players use to settle range, line of sight and
// cover.
//
//   - A click on a base selects that mini and its unit; a click on empty space deselects (the
//     scene does that) and a drag there pans.
//   - With a unit selected: range band rings 1–5 round its leader's base (the outline offsets
//     attack range is measured from), and on every unit of another side a tag with the attack
//     range band and distance, the LOS count ("LOS 3/5": attacking minis that see at least one of
//     its minis) and its cover against the selected unit, with a ✕ on each fully hidden mini —
//     all from rules.Engagement, exactly what cmd/tablecheck answers.
//   - A click on an enemy mini opens the explanation of that attack: sight rays from the leader's
//     eye (green to a seen point, red to a fully hidden mini), the dashed centre lines of the
//     obscured test, the obscuring pieces outlined, and the rule sentences with their citations.
//     A second click on the same enemy selects it; Escape or a click on empty space closes it.
//   - Dragging a base moves that mini (a minis.move op shown as a preview, with live labels; the
//     release commits it, refused with a message if the table file would be invalid).
//   - Shift+drag (or the "ruler" command, then a drag) measures edge to edge: see ruler.go.
//
// Commands: "select" (a mini id, or a unit id for its leader, "" to clear), "explain"
// ({attacker, defender}: unit ids), "ruler" (ruler.go).
//
// toolState (MeasureState below) is read by the end-to-end tests: keep its names stable.

func init() {
	RegisterTool("measure", func() Tool { return &measureTool{} })
	RegisterStrings(map[string][2]string{
		"measure.range":        {"range %d · %s", "Reichweite %d · %s"},
		"measure.tape":         {"%s (tape measure)", "%s (Maßband)"},
		"measure.los":          {"LOS %d/%d", "SL %d/%d"},
		"measure.cover.none":   {"no cover", "keine Deckung"},
		"measure.cover.light":  {"light cover", "leichte Deckung"},
		"measure.cover.heavy":  {"heavy cover", "schwere Deckung"},
		"measure.hidden":       {"%d fully hidden", "%d vollständig verdeckt"},
		"measure.obscured":     {"%d of %d obscured", "%d von %d verdeckt"},
		"measure.explainTitle": {"%s attacks %s (leader %s)", "%s greift %s an (Anführer %s)"},
		"measure.sources":      {"Rulebook:", "Regelwerk:"},
		"measure.explainShort": {"%s → %s", "%s → %s"},
		"measure.moveRefused":  {"%s stays where it was: %v", "%s bleibt stehen: %v"},
		"measure.self":         {"a unit does not attack itself (%q)", "eine Einheit greift sich nicht selbst an (%q)"},
		"measure.noExplain":    {"no explanation for %s → %s", "keine Erklärung für %s → %s"},
		"measure.rays.touch":   {"green: sight to a seen point · red: fully hidden · dashed: centre lines · a second tap selects", "grün: Sicht auf einen sichtbaren Punkt · rot: vollständig verdeckt · gestrichelt: Mittellinien · zweites Tippen wählt"},
		"measure.rays":         {"green: sight to a seen point · red: fully hidden · dashed: centre lines · Esc closes · a second click selects", "grün: Sicht auf einen sichtbaren Punkt · rot: vollständig verdeckt · gestrichelt: Mittellinien · Esc schließt · zweiter Klick wählt aus"},
	})
	RegisterCommand("select", measureSelectCommand)
	RegisterCommand("explain", measureExplainCommand)
}

type measureTool struct {
	key    measureKey // what labels, explained and the ruler were computed for
	synced bool
	cache  rules.EngagementCache
	labels []measureLabel

	explain   *measurePair // the explanation asked for, nil when closed
	explained *rules.Explanation
	panel     []render.TextLine // the explanation panel, laid out for panelKey
	panelKey  measurePanelKey

	press *measurePress
	ruler measureRuler

	over render.Overlay
	text render.TextCache

	// from is the carried unit measured from while its transport is selected ("" for the
	// selected unit itself), fromWhy the reasons that say so (measure_carried.go).
	from    string
	fromWhy []rules.Reason

	// The range band rings and their numbers, and a layer for them while they stay put (see
	// drawRings).
	rings    render.Overlay
	ringImg  *ebiten.Image
	ringKey  measureRingKey
	ringDone bool
	tags     []measureTagBox // reused between frames
}

type measureRingKey struct {
	cam          Camera
	screen       Screen
	x, y, r, seg float64
}

// measureTagBox is a tag's box on screen while tags are laid out.
type measureTagBox struct {
	unit  string
	lines []render.TextLine
	x, y  float64 // bottom centre
	w, h  float64
}

// measureKey is everything the computed answers depend on.
type measureKey struct {
	doc, view int
	unit      string
	preview   bool
	from      string
}

type measurePanelKey struct {
	key        measureKey
	width      float64
	lang, unit string
	pair       measurePair
}

// measurePair is an attack by one unit on another.
type measurePair struct {
	Attacker string `json:"attacker"`
	Defender string `json:"defender"`
}

// measureLabel is one enemy unit's engagement and where to show it.
type measureLabel struct {
	rules.Engagement
	unit *table.Unit
	arcs *ArcTagState // arcs_tag.go
	// vehicle carries unit (an enemy's carried unit, measure_carried.go; "" for a unit on the
	// table), transport the rules' reasons about it: its stand-in and the transport's verdict.
	vehicle   string
	transport []rules.Reason
}

// measurePress is a left press on a base: a click when released within the click slop, else a
// drag that moves the mini (its op shown as a preview, committed on release).
type measurePress struct {
	mini   string
	x, y   float64 // screen point of the press
	wx, wy float64 // table point of the press
	ox, oy float64 // the mini's position before the drag
	r      float64 // its base radius
	x1, y1 float64 // where the drag puts it
	moving bool
}

func (t *measureTool) Name() string { return "measure" }

// measureToolOf switches the scene to the measure tool and returns it.
func measureToolOf(s *TableScene) (*measureTool, error) {
	if err := s.SetTool("measure"); err != nil {
		return nil, err
	}
	t, ok := s.Tool().(*measureTool)
	if !ok {
		return nil, fmt.Errorf("the measure tool is not a *measureTool")
	}
	return t, nil
}

// selectedUnit is the unit of the selected mini, or nil.
func measureSelectedUnit(s Context) *table.Unit {
	u, _ := measureFind(s, s.Selected())
	return u
}

// measureFind is the unit and mini with the given mini id in the shown file.
func measureFind(s Context, id string) (*table.Unit, *table.Mini) {
	if id == "" {
		return nil, nil
	}
	if ref, ok := s.File().Lookup(id); ok && ref.Mini != nil {
		return ref.Unit, ref.Mini
	}
	return nil, nil
}

// measureUnit is the unit with the given id in the shown file, or nil.
func measureUnit(s Context, id string) *table.Unit {
	f := s.File()
	for i := range f.UnitsOnTable {
		if f.UnitsOnTable[i].ID == id {
			return &f.UnitsOnTable[i]
		}
	}
	return nil
}

func measureLeader(u *table.Unit) *table.Mini {
	for i := range u.Minis {
		if u.Minis[i].Leader {
			return &u.Minis[i]
		}
	}
	if len(u.Minis) > 0 {
		return &u.Minis[0]
	}
	return nil
}

// world is the rules world of the shown file (the preview's while a mini is dragged).
func (t *measureTool) world(s Context) *rules.World { return s.ShownWorld() }

// sync recomputes the labels, the explanation and the ruler when the document, the preview or
// the selection changed: one Engagement per enemy unit, from the cache where nothing it depends
// on moved.
func (t *measureTool) sync(s Context) {
	sel := measureSelectedUnit(s)
	t.keepFrom(s, sel)
	key := measureKey{doc: s.Rev(), view: s.ViewRev(), preview: s.Previewing(), from: t.from}
	if sel != nil {
		key.unit = sel.ID
	}
	if t.synced && key == t.key {
		return
	}
	t.key, t.synced = key, true
	t.labels = t.labels[:0]
	t.explained = nil
	w := t.world(s)
	t.ruler.recompute(w)
	if sel == nil {
		t.explain = nil
		return
	}
	f := s.File()
	aw, attacker, side := t.measuredFrom(w, sel)
	for i := range f.UnitsOnTable {
		v := &f.UnitsOnTable[i]
		if v.Side == side {
			continue
		}
		e, err := t.cache.Engagement(aw, attacker, v.ID)
		if err != nil { // cannot happen: both units are in the world
			s.SetMessage(err.Error())
			continue
		}
		t.labels = append(t.labels, measureLabel{Engagement: e, unit: v, arcs: arcTag(w, s.Selected(), sel, v)})
	}
	t.labels = append(t.labels, carriedLabels(f, aw, attacker, side)...)
	if t.explain != nil {
		_, _, carried := f.Carrier(t.explain.Defender)
		if t.explain.Attacker != attacker || (measureUnit(s, t.explain.Defender) == nil && !carried) {
			t.explain = nil
			return
		}
		var x rules.Explanation
		var err error
		if carried {
			x, err = explainCarriedDefender(aw, t.explain.Attacker, t.explain.Defender)
		} else {
			x, err = t.cache.Explain(aw, t.explain.Attacker, t.explain.Defender)
		}
		if err != nil {
			s.SetMessage(err.Error())
			t.explain = nil
			return
		}
		if len(t.fromWhy) > 0 {
			x.Reasons = append(slices.Clone(t.fromWhy), x.Reasons...)
		}
		t.explained = &x
		if wp, err := aw.WeakPoints(x.Attacker, x.Defender); err == nil && len(wp.Reasons) > 0 {
			x.Reasons = append(slices.Clip(x.Reasons), wp.Reasons...) // the cache's slice stays as it is
		}
	}
}

// closeExplain closes the explanation.
func (t *measureTool) closeExplain() {
	t.explain, t.explained = nil, nil
}

// openExplain opens the explanation of an attack by the selected unit on defender.
func (t *measureTool) openExplain(s Context, attacker, defender string) {
	t.explain = &measurePair{Attacker: attacker, Defender: defender}
	t.synced = false
	t.sync(s)
}

func (t *measureTool) Update(s Context, in *Input) bool {
	t.sync(s)
	if t.press != nil && t.press.moving && !s.Previewing() {
		t.press = nil // the preview was dropped from outside (tool switch, undo)
	}
	if in.Escape {
		if t.press != nil && t.press.moving {
			s.Preview(nil)
		}
		t.press = nil
		t.closeExplain()
		t.ruler.clear()
		t.sync(s)
	}
	if t.press != nil {
		t.updatePress(s, in)
		return true
	}
	if t.ruler.dragging {
		t.ruler.update(s, t.world(s), in)
		return true
	}
	if !in.LeftPressed {
		return false
	}
	// A press: the ruler stays until the next one.
	armed := t.ruler.armed
	t.ruler.clear()
	if in.Shift || armed {
		t.ruler.start(s, t.world(s), in)
		if !in.Left { // pressed and released within one tick: a ruler of length zero, kept
			t.ruler.dragging = false
		}
		return true
	}
	id := s.MiniAt(in.X, in.Y)
	if id == "" {
		return false // the scene pans, or deselects on a click (which closes the explanation)
	}
	_, m := measureFind(s, id)
	wx, wy := s.Camera().ScreenToWorld(in.X, in.Y)
	t.press = &measurePress{mini: id, x: in.X, y: in.Y, wx: wx, wy: wy, ox: m.X, oy: m.Y, x1: m.X, y1: m.Y, r: m.Radius()}
	t.updatePress(s, in)
	return true
}

// updatePress follows a press on a base: past the click slop it drags the mini (a preview), and
// the release either clicks or commits the move.
func (t *measureTool) updatePress(s Context, in *Input) {
	p := t.press
	if in.Left && !p.moving && math.Hypot(in.X-p.x, in.Y-p.y) >= clickSlop*s.Scale() {
		p.moving = true
		if s.Selected() == "" {
			s.Select(p.mini)
		}
	}
	if p.moving {
		wx, wy := s.Camera().ScreenToWorld(in.X, in.Y)
		x, y := p.ox+wx-p.wx, p.oy+wy-p.wy
		if x != p.x1 || y != p.y1 || !s.Previewing() {
			p.x1, p.y1 = x, y
			if s.Preview(p.op()) != nil && !s.Previewing() { // the mini is gone
				t.press = nil
				return
			}
		}
	}
	if in.Left {
		t.sync(s)
		return
	}
	// Released.
	t.press = nil
	if !p.moving {
		t.click(s, p.mini)
		t.sync(s)
		return
	}
	s.Preview(nil)
	if p.x1 != p.ox || p.y1 != p.oy {
		// Where the rules would not let the mini stand, the drag waits for "Place anyway".
		u, _ := measureFind(s, p.mini)
		var unit []string
		if u != nil {
			unit = []string{u.ID}
		}
		if _, err := s.Place(p.op(), unit...); err != nil {
			s.SetMessage(T("measure.moveRefused", p.mini, errText(err)))
		}
	}
	t.sync(s)
}

// op is the op that puts the dragged mini where the pointer is.
func (p *measurePress) op() ops.Op {
	return &ops.MinisMove{Minis: []ops.MiniPlace{{Mini: p.mini, X: p.x1, Y: p.y1}}}
}

// click handles a click on the base of mini id: an enemy of the selected unit opens (or, the
// second time, selects) the explanation; any other mini is selected.
func (t *measureTool) click(s Context, id string) {
	u, _ := measureFind(s, id)
	sel := measureSelectedUnit(s)
	if u != nil && sel != nil && u.Side != sel.Side {
		if t.explain == nil || t.explain.Defender != u.ID {
			_, attacker, _ := t.measuredFrom(t.world(s), sel)
			t.openExplain(s, attacker, u.ID)
			return
		}
	}
	t.closeExplain()
	s.Select(id)
}

// Draw draws the bands, the labels, the explanation, the ruler and a dragged mini's old place.
func (t *measureTool) Draw(s Context, screen *ebiten.Image) {
	t.sync(s)
	k := s.Scale()
	lw := float32(k)
	o := &t.over
	o.Reset()
	cam := s.Camera()
	pt := func(x, y float64) (float32, float32) {
		sx, sy := cam.WorldToScreen(x, y)
		return float32(sx), float32(sy)
	}
	f := s.File()
	sel := measureSelectedUnit(s)
	var rings *table.Mini // the leader the range rings are round, nil when none are drawn
	if sel != nil {
		// Spezialeinsätze has no range bands: a tape in inches, no rings.
		if l := measureLeader(sel); l != nil && f.Profile.RangeSegment > 0 && f.Ruleset != "specops" {
			t.drawRings(s, screen, l, f.Profile.RangeSegment)
			rings = l
		}
	}
	// Fully hidden minis of every labelled unit.
	for _, lb := range t.labels {
		for _, id := range lb.Hidden {
			if _, m := measureFind(s, id); m != nil {
				x, y := pt(m.X, m.Y)
				r := float32(cam.Length(m.Base/2)) * 0.7
				o.Cross(x, y, r, 1.5*lw, render.HiddenMark)
			}
		}
	}
	if x := t.explained; x != nil {
		for _, id := range x.Obscurers {
			t.outline(s, id, 2.5*lw, render.ObscurerColor)
		}
		for _, c := range x.CentreLines {
			x0, y0 := pt(c.From.X, c.From.Y)
			x1, y1 := pt(c.To.X, c.To.Y)
			o.DashedLine(x0, y0, x1, y1, lw, 6*lw, 4*lw, render.CentreLine)
		}
		for _, r := range x.Rays {
			x0, y0 := pt(r.From.X, r.From.Y)
			x1, y1 := pt(r.To.X, r.To.Y)
			c := render.RayHidden
			if r.Seen {
				c = render.RaySeen
			}
			o.Line(x0, y0, x1, y1, 1.5*lw, c)
			o.Disc(x1, y1, 2.5*lw, c)
		}
	}
	if p := t.press; p != nil && p.moving {
		x, y := pt(p.ox, p.oy)
		o.Ring(x, y, float32(cam.Length(p.r)), lw, render.GhostColor)
	}
	t.ruler.addShapes(s, o)
	o.Draw(screen)

	size := 11 * k
	if isNarrow(s.Screen().W / k) { // a phone: smaller tags
		size = 9.5 * k
	}
	var panel []measureTagBox
	minTop := s.PanelTop() - 4*k
	// With the page shell (it reserves its panel row) the explanation is on the page's message
	// line, docked below the table; the canvas shows its own only without it.
	if t.explained != nil && s.PageBottom() == 0 {
		p := t.panelBox(s, size)
		panel, minTop = append(panel, p), p.y+2*k
	}
	t.drawTags(s, screen, size, panel, minTop)
	if rings != nil {
		t.drawRingNumbers(s, screen, rings, f.Profile.RangeSegment, size)
	}
	t.ruler.drawLabel(s, &t.text, screen, size)
	for _, p := range panel {
		t.text.Draw(screen, p.lines, p.x-p.w/2, p.y-p.h, size, render.TopLeft, false)
	}
	t.text.EndFrame()
}

// drawRings draws the range band rings 1–5 round the leader's base (the outline grown by k range
// segments: what attack range is measured from) and their numbers. While they move (a pan, a
// zoom, the leader dragged) they are drawn straight onto the screen; once they stay put they are
// drawn once into a layer of their own that later frames copy (a mini dragged, idle frames).
func (t *measureTool) drawRings(s Context, screen *ebiten.Image, l *table.Mini, seg float64) {
	b := screen.Bounds()
	key := measureRingKey{cam: s.Camera(), screen: s.Screen(), x: l.X, y: l.Y, r: l.Base / 2, seg: seg}
	if key != t.ringKey {
		t.ringKey, t.ringDone = key, false
		t.drawRingsOn(s, screen, l, seg)
		return
	}
	if t.ringImg == nil || t.ringImg.Bounds() != b {
		if t.ringImg != nil {
			t.ringImg.Deallocate()
		}
		t.ringImg, t.ringDone = ebiten.NewImageWithOptions(b, nil), false
	}
	if !t.ringDone {
		t.ringImg.Clear()
		t.drawRingsOn(s, t.ringImg, l, seg)
		t.ringDone = true
	}
	screen.DrawImage(t.ringImg, nil)
}

func (t *measureTool) drawRingsOn(s Context, dst *ebiten.Image, l *table.Mini, seg float64) {
	k := s.Scale()
	cx, cy := s.Camera().WorldToScreen(l.X, l.Y)
	t.rings.Reset()
	for n := 1; n <= 5; n++ {
		t.rings.Ring(float32(cx), float32(cy), float32(s.Camera().Length(l.Base/2+float64(n)*seg)), 1.5*float32(k), render.BandRingColor)
	}
	t.rings.Draw(dst)
}

// outline adds the outline of a terrain piece or mini to the overlay.
func (t *measureTool) outline(s Context, id string, w float32, c color.RGBA) {
	f := s.File()
	for i := range f.Terrain {
		p := &f.Terrain[i]
		if p.ID != id {
			continue
		}
		if p.Circle != nil {
			x, y := s.Camera().WorldToScreen(p.Circle.X, p.Circle.Y)
			t.over.Ring(float32(x), float32(y), float32(s.Camera().Length(p.Circle.R)), w, c)
			return
		}
		pts := make([]float32, 0, 2*len(p.Polygon))
		for _, q := range p.Polygon {
			x, y := s.Camera().WorldToScreen(q[0], q[1])
			pts = append(pts, float32(x), float32(y))
		}
		t.over.Outline(pts, w, c)
		return
	}
	if _, m := measureFind(s, id); m != nil {
		x, y := s.Camera().WorldToScreen(m.X, m.Y)
		t.over.Ring(float32(x), float32(y), float32(s.Camera().Length(m.Base/2))+w, w, c)
	}
}

func measureCoverColor(c table.Cover) color.Color {
	switch c {
	case table.CoverLight:
		return render.CoverLight
	case table.CoverHeavy:
		return render.CoverHeavy
	}
	return render.CoverNone
}

// panelBox lays out the short explanation in the top-left corner, under the heads-up panel (the
// page shell lists every reason with its citation as well): its lines and its box.
func (t *measureTool) panelBox(s Context, size float64) measureTagBox {
	k := s.Scale()
	maxW := math.Min(s.Screen().W*0.7, 720*k)
	pk := measurePanelKey{key: t.key, width: maxW, lang: Language(), unit: DisplayUnit(), pair: *t.explain}
	if t.panel == nil || pk != t.panelKey {
		t.panel, t.panelKey = t.panelLines(s, size, maxW), pk
	}
	w, h := t.text.Size(t.panel, size, false)
	top := s.PanelTop() - 2*k
	return measureTagBox{lines: t.panel, x: 8*k + w/2, y: top + h, w: w, h: h}
}

// panelLines lays out the explanation: the attack, the numbers, the per-mini cover sentences,
// the rulebook lines they rest on, and how to close it.
func (t *measureTool) panelLines(s Context, size, maxW float64) []render.TextLine {
	x := t.explained
	var out []render.TextLine
	add := func(text string, c color.Color) {
		for _, l := range render.Wrap(text, size, maxW, "    ") {
			out = append(out, render.TextLine{Text: l, Color: c})
		}
	}
	summary := T("measure.explainShort", x.Attacker, x.Defender) + ": " + rangeText(s.File(), x.Band, x.Distance) + " · " +
		T("measure.los", x.LOSCount, x.Minis) + " · " + T("measure.cover."+x.Cover.String()) + " — " +
		T("measure.obscured", len(x.Obscured), len(x.Rays))
	if len(x.Hidden) > 0 {
		summary += ", " + T("measure.hidden", len(x.Hidden))
	}
	add(summary, measureCoverColor(x.Cover))
	var cites []string
	seen := map[string]bool{}
	for _, r := range x.Reasons {
		// A citation as a player looks it up: the glossary entry in German and English, its lines.
		c := rules.CiteName(r.Cite)
		if !seen[c] {
			seen[c] = true
			cites = append(cites, c)
		}
	}
	add(T("measure.sources")+" "+strings.Join(cites, "; "), render.BandLabelColor)
	add(TFor(s.Fingers(), "measure.rays"), render.HUDText)
	return out
}

// MeasureState is the measure tool's toolState in window.holotable.state(). The end-to-end tests
// compare it with cmd/tablecheck; keep the names stable.
//
//	selected   the selected unit's id ("" when none)
//	labels     one per unit of another side, in file order: Engagement(selected, unit) — the
//	           attack range band and distance (rounded to 4 decimals as tablecheck prints it)
//	           from the selected unit's leader, los = how many of the selected unit's minis
//	           (minis) see at least one mini of the unit (LOS per mini pair), and the unit's cover
//	           against the selected unit (no modifiers) with its obscured and fully hidden minis
//	explain    the open explanation (absent when closed): the pair, the same numbers, the
//	           obscuring pieces and minis, the reasons {rule, text, cite} (range, LOS count,
//	           cover), the sight rays {mini, seen, from, to} from the leader's eye ([x, y, z]; to
//	           a seen point, or the top of a fully hidden mini) and the centre lines {mini, from,
//	           to} ([x, y])
//	ruler      the ruler (absent when none): {from, to (a mini id or [x, y]), distance, band, live}
//	armed      the ruler command armed the ruler for the next left drag
//	dragging   the id of the mini being dragged ("" when none)
type MeasureState struct {
	Selected string              `json:"selected"`
	Labels   []MeasureLabelState `json:"labels"`
	Explain  *MeasureExplain     `json:"explain,omitempty"`
	Ruler    *MeasureRulerState  `json:"ruler,omitempty"`
	Armed    bool                `json:"armed"`
	Dragging string              `json:"dragging"`
	Tags     []MeasureTagState   `json:"tags,omitempty"` // where the tags were drawn last (measure_tags.go)
	From     *MeasureFromState   `json:"from,omitempty"` // a carried unit measured from its transport (measure_carried.go)
}

// MeasureLabelState is one enemy unit's label.
type MeasureLabelState struct {
	Unit     string       `json:"unit"`
	Band     int          `json:"band"`
	Distance float64      `json:"distance"`
	LOS      int          `json:"los"`
	Minis    int          `json:"minis"`
	Cover    table.Cover  `json:"cover"`
	Obscured []string     `json:"obscured"`
	Hidden   []string     `json:"hidden"`
	Arcs     *ArcTagState `json:"arcs"` // arcs_tag.go
	// Carried is the transport carrying the unit (measured in its place, measure_carried.go),
	// Transport the rules' reasons about it (absent for a unit on the table).
	Carried   string        `json:"carried,omitempty"`
	Transport []ReasonState `json:"transport,omitempty"`
}

// MeasureExplain is the open explanation.
type MeasureExplain struct {
	Attacker    string              `json:"attacker"`
	Defender    string              `json:"defender"`
	Leader      string              `json:"leader"`
	Band        int                 `json:"band"`
	Distance    float64             `json:"distance"`
	LOS         int                 `json:"los"`
	Minis       int                 `json:"minis"`
	Cover       table.Cover         `json:"cover"`
	Obscured    []string            `json:"obscured"`
	Hidden      []string            `json:"hidden"`
	Obscurers   []string            `json:"obscurers"`
	Reasons     []ReasonState       `json:"reasons"`
	Rays        []MeasureRay        `json:"rays"`
	CentreLines []MeasureCentreLine `json:"centreLines"`
}

// MeasureRay is a sight ray from the attacking leader's eye to a defending mini.
type MeasureRay struct {
	Mini string     `json:"mini"`
	Seen bool       `json:"seen"`
	From [3]float64 `json:"from"`
	To   [3]float64 `json:"to"`
}

// MeasureCentreLine is the top-down line between two base centres.
type MeasureCentreLine struct {
	Mini string     `json:"mini"`
	From [2]float64 `json:"from"`
	To   [2]float64 `json:"to"`
}

// measureRound4 rounds a length as cmd/tablecheck prints it.
func measureRound4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

func measureVec3(v r3.Vector) [3]float64 {
	return [3]float64{measureRound4(v.X), measureRound4(v.Y), measureRound4(v.Z)}
}

func (t *measureTool) State(s Context) any {
	t.sync(s)
	st := MeasureState{Selected: t.key.unit, Labels: make([]MeasureLabelState, 0, len(t.labels)), Armed: t.ruler.armed}
	for _, lb := range t.labels {
		st.Labels = append(st.Labels, MeasureLabelState{Unit: lb.Defender, Band: lb.Band, Distance: measureRound4(lb.Distance),
			LOS: lb.LOSCount, Minis: lb.Minis, Cover: lb.Cover, Obscured: lb.Obscured, Hidden: lb.Hidden, Arcs: lb.arcs,
			Carried: lb.vehicle})
		if len(lb.transport) > 0 {
			st.Labels[len(st.Labels)-1].Transport = reasonStates(lb.transport)
		}
	}
	st.Explain = t.explainState()
	st.Ruler = t.ruler.state()
	if t.press != nil && t.press.moving {
		st.Dragging = t.press.mini
	}
	st.Tags = t.tagStates()
	st.From = t.fromState()
	return st
}

func (t *measureTool) explainState() *MeasureExplain {
	x := t.explained
	if x == nil {
		return nil
	}
	e := &MeasureExplain{Attacker: x.Attacker, Defender: x.Defender, Leader: x.Leader, Band: x.Band,
		Distance: measureRound4(x.Distance), LOS: x.LOSCount, Minis: x.Minis, Cover: x.Cover,
		Obscured: x.Obscured, Hidden: x.Hidden, Obscurers: x.Obscurers, Reasons: reasonStates(x.Reasons)}
	for _, r := range x.Rays {
		e.Rays = append(e.Rays, MeasureRay{Mini: r.Mini, Seen: r.Seen, From: measureVec3(r.From), To: measureVec3(r.To)})
	}
	for _, c := range x.CentreLines {
		e.CentreLines = append(e.CentreLines, MeasureCentreLine{Mini: c.Mini,
			From: [2]float64{measureRound4(c.From.X), measureRound4(c.From.Y)}, To: [2]float64{measureRound4(c.To.X), measureRound4(c.To.Y)}})
	}
	return e
}

// measureSelectCommand: "select" with a mini id (or a unit id: its leader; "" clears).
func measureSelectCommand(s *TableScene, arg jsonRaw) (any, error) {
	var id string
	if err := argInto(arg, &id); err != nil {
		return nil, err
	}
	if carried, vehicle, ok := carriedSelection(s.File(), id); ok {
		return selectCarried(s, carried, vehicle)
	}
	if id != "" {
		if u, _ := measureFind(s, id); u == nil {
			u = measureUnit(s, id)
			if u == nil {
				return nil, errors.New(T("cmd.noMiniOrUnit", id))
			}
			id = measureLeader(u).ID
		}
	}
	s.Select(id)
	if t, ok := s.Tool().(*measureTool); ok {
		t.from, t.fromWhy = "", nil
		t.closeExplain()
		t.sync(s)
	}
	unit := ""
	if u := measureSelectedUnit(s); u != nil {
		unit = u.ID
	}
	return map[string]string{"selected": id, "unit": unit}, nil
}

// measureExplainCommand: "explain" with {attacker, defender} (unit ids) selects the attacker's
// leader and opens the explanation of its attack on the defender (in the measure tool).
func measureExplainCommand(s *TableScene, arg jsonRaw) (any, error) {
	var p measurePair
	if err := argInto(arg, &p); err != nil {
		return nil, err
	}
	t, err := measureToolOf(s)
	if err != nil {
		return nil, err
	}
	a, d := measureUnit(s, p.Attacker), measureUnit(s, p.Defender)
	if _, _, ok := s.File().Carrier(p.Defender); ok && d == nil {
		d = &table.Unit{ID: p.Defender} // an enemy's carried unit, measured at its transport (D138)
	}
	if unit, vl, ok := carriedSelection(s.File(), p.Attacker); ok && a == nil && d != nil {
		return explainCarried(s, t, unit, vl, d.ID)
	}
	switch {
	case a == nil:
		return nil, errors.New(T("units.noUnit", p.Attacker))
	case d == nil:
		return nil, errors.New(T("units.noUnit", p.Defender))
	case a == d:
		return nil, errors.New(T("measure.self", p.Attacker))
	}
	if sel := measureSelectedUnit(s); sel != a {
		s.Select(measureLeader(a).ID)
	}
	t.openExplain(s, a.ID, d.ID)
	if t.explained == nil {
		return nil, errors.New(T("measure.noExplain", a.ID, d.ID))
	}
	return t.explainState(), nil
}
