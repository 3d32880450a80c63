package scenes

import (
	"fmt"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/maps"
	"holotable/ops"
	"holotable/render"
	"holotable/rules"
	"holotable/table"
)

// The units tool places units: a palette of unit presets (maps.UnitPresets), the side and the
// number of minis; a click on the table (or the command unitAdd) puts a new unit there, its minis
// in a tight cluster that package rules arranges (on the table, off other bases, tokens, solid and
// impassable terrain, every mini in cohesion). Drag a unit by its leader to move the whole unit,
// drag any other mini (or the leader with Shift) to move only that mini; each drag shows a preview
// and is one Doc.Edit on release. A move the table loader refuses (a base off the table, …) shows
// the loader's message and changes nothing. The selected unit's minis out of cohesion are ringed.
//
// Page commands:
//
//	unitAdd {preset, side, x, y, n} → {id, minis}  a new unit "<side>-<preset>-<k>" about (x, y)
//	unitArm {preset, side, n}       click-to-place (preset "" disarms)
//	unitSet {id, side, speed, height, coverGiven}   height applies to every mini; fields optional
//	unitDelete {id}                 (also the Delete key on the selected unit)
//	unitPresets → [{name, label, type, base, n, minN, maxN}]
//
// The tool's state is unitsState; its JSON names are stable.

// unitsState is the units tool's part of the page hook's state.
type unitsState struct {
	Selected string          `json:"selected"` // the selected mini (the scene's selection)
	Unit     *unitInfo       `json:"unit"`     // its unit, null when nothing is selected
	Armed    string          `json:"armed"`    // preset armed for click-to-place, "" when none
	Side     string          `json:"side"`     // side of the next unit
	N        int             `json:"n"`        // minis of the next unit (0: the preset's default)
	Dragging string          `json:"dragging"` // "unit", "mini" or ""
	Cohesion *cohesionState  `json:"cohesion"` // the selected unit's cohesion, null when none
	Presets  []unitPresetRef `json:"presets,omitempty"`
	// Carried lists every unit carried by a transport, off the table (carried.go).
	Carried []CarriedState `json:"carried,omitempty"`
}

type unitInfo struct {
	ID         string         `json:"id"`
	Side       string         `json:"side"`
	Type       table.UnitType `json:"type"`
	Speed      int            `json:"speed"`
	Height     float64        `json:"height"`     // the leader's height
	CoverGiven string         `json:"coverGiven"` // "light" or "heavy", "" when not given
	Minis      int            `json:"minis"`
	Base       float64        `json:"base"`
	Leader     string         `json:"leader"`
	Keywords   keywordsState  `json:"keywords"` // units_keywords.go
}

type cohesionState struct {
	OK   bool     `json:"ok"`
	Out  []string `json:"out"`
	Text string   `json:"text"`
}

type unitPresetRef struct {
	Name  string         `json:"name"`
	Label string         `json:"label"`
	Type  table.UnitType `json:"type"`
	Base  string         `json:"base"`
	N     int            `json:"n"`
	MinN  int            `json:"minN"`
	MaxN  int            `json:"maxN"`
}

func init() {
	RegisterTool("units", func() Tool { return &unitsTool{side: "red"} })
	RegisterStrings(map[string][2]string{
		"units.noPreset":        {"no unit preset %q", "keine Einheitenvorlage %q"},
		"units.noUnit":          {"no unit %q", "keine Einheit %q"},
		"units.badN":            {"%s units have %d to %d minis, not %d", "%s-Einheiten haben %d bis %d Miniaturen, nicht %d"},
		"units.badSide":         {"no side %q (red, blue)", "keine Seite %q (red, blue)"},
		"units.noRoom":          {"no room for the unit: %v", "kein Platz für die Einheit: %v"},
		"units.refused":         {"change refused, table unchanged: %v", "Änderung abgelehnt, Tisch unverändert: %v"},
		"units.side.red":        {"red", "rot"},
		"units.side.blue":       {"blue", "blau"},
		"units.hint":            {"drag a leader: move the unit · drag a mini (Shift: the leader): move it · Del: delete the unit", "Anführer ziehen: Einheit bewegen · Miniatur ziehen (Umschalt: Anführer): nur sie · Entf: Einheit löschen"},
		"units.hint.touch":      {"drag a leader: move the unit · drag a mini: move it · delete: in the panel", "Anführer ziehen: Einheit bewegen · Miniatur ziehen: nur sie · Löschen: im Feld unten"},
		"units.hintArmed.touch": {"tap the table to place %s × %d · tap its button again: stop", "auf den Tisch tippen, um %s × %d zu setzen · seinen Knopf erneut antippen: beenden"},
		"units.hintArmed":       {"click the table to place %s × %d · Esc: stop", "auf den Tisch klicken, um %s × %d zu setzen · Esc: beenden"},
		"units.outOfCoh":        {"out of cohesion: %s", "außer Formation: %s"},
	})
	RegisterCommand("unitAdd", cmdUnitAdd)
	RegisterCommand("unitArm", cmdUnitArm)
	RegisterCommand("unitSet", cmdUnitSet)
	RegisterCommand("unitDelete", cmdUnitDelete)
	RegisterCommand("unitPresets", func(s *TableScene, _ jsonRaw) (any, error) { return unitPresetRefs(), nil })
}

func unitsToolOf(s *TableScene) *unitsTool { return toolOf[*unitsTool](s, "units") }

func unitPresetRefs() []unitPresetRef {
	out := make([]unitPresetRef, 0, len(maps.UnitPresets))
	for _, p := range maps.UnitPresets {
		out = append(out, unitPresetRef{p.Name, presetLabel(p.Label), p.Type, p.Base, p.N, p.MinN, p.MaxN})
	}
	return out
}

func unitIndex(f *table.File, id string) int {
	for i := range f.UnitsOnTable {
		if f.UnitsOnTable[i].ID == id {
			return i
		}
	}
	return -1
}

// unitOfMini is the index of the unit holding the mini id, or -1.
func unitOfMini(f *table.File, id string) int {
	for i := range f.UnitsOnTable {
		for _, m := range f.UnitsOnTable[i].Minis {
			if m.ID == id {
				return i
			}
		}
	}
	return -1
}

// addUnit places a new unit of preset p with n minis about (x, y) in one op (unit.add) and
// selects its leader. Where the minis go is package rules' answer (World.ArrangeUnit).
func addUnit(c Context, p maps.UnitPreset, side string, n int, x, y float64) (string, []string, error) {
	if n == 0 {
		n = p.N
	}
	if n < p.MinN || n > p.MaxN {
		return "", nil, fmt.Errorf("%s", T("units.badN", p.Name, p.MinN, p.MaxN, n))
	}
	if side == "" {
		side = "red"
	}
	f := c.State().File()
	k := ops.LengthScale(f)
	base := f.Profile.Bases[p.Base]
	id := ops.UniqueID(f, side+"-"+p.Name)
	arr, err := c.World().ArrangeUnit(rules.ArrangeQuery{ID: id, Type: p.Type, Base: base, Height: p.Height * k, N: n, X: x, Y: y})
	if err != nil {
		return "", nil, fmt.Errorf("%s", T("units.noRoom", err))
	}
	u := table.Unit{ID: id, Side: side, Type: p.Type, Speed: p.Speed, CoverGiven: p.CoverGiven}
	facing := 90.0
	if side == "blue" {
		facing = 270
	}
	var ids []string
	for i, q := range arr.Points {
		mid := id + "-" + strconv.Itoa(i+1)
		ids = append(ids, mid)
		u.Minis = append(u.Minis, table.Mini{ID: mid, Leader: i == 0, X: ops.Snap(q.X, 1e-4), Y: ops.Snap(q.Y, 1e-4),
			BaseName: p.Base, Base: base, Height: p.Height * k, Hover: p.Hover * k, Facing: facing})
	}
	if err := c.Submit(&ops.UnitAdd{Unit: u}); err != nil {
		return "", nil, fmt.Errorf("%s", T("units.refused", errText(err)))
	}
	c.Select(ids[0])
	c.SetMessage("")
	return id, ids, nil
}

func checkSide(side string) error {
	switch side {
	case "", "red", "blue":
		return nil
	}
	return fmt.Errorf("%s", T("units.badSide", side))
}

func cmdUnitAdd(s *TableScene, arg jsonRaw) (any, error) {
	a := struct {
		Preset, Side string
		X, Y         *float64
		N            int
	}{}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	p, ok := maps.UnitPresetNamed(a.Preset)
	if !ok {
		return nil, fmt.Errorf("%s", T("units.noPreset", a.Preset))
	}
	if err := checkSide(a.Side); err != nil {
		return nil, err
	}
	f := s.State().File()
	x, y := f.Battlefield.Width/2, f.Battlefield.Depth/2
	if a.X != nil {
		x = *a.X
	}
	if a.Y != nil {
		y = *a.Y
	}
	id, ids, err := addUnit(s, p, a.Side, a.N, x, y)
	if err != nil {
		return nil, err
	}
	return map[string]any{"id": id, "minis": ids}, nil
}

func cmdUnitArm(s *TableScene, arg jsonRaw) (any, error) {
	a := struct {
		Preset, Side string
		N            int
	}{}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	t := unitsToolOf(s)
	if a.Preset != "" {
		p, ok := maps.UnitPresetNamed(a.Preset)
		if !ok {
			return nil, fmt.Errorf("%s", T("units.noPreset", a.Preset))
		}
		if a.N != 0 && (a.N < p.MinN || a.N > p.MaxN) {
			return nil, fmt.Errorf("%s", T("units.badN", p.Name, p.MinN, p.MaxN, a.N))
		}
	}
	if err := checkSide(a.Side); err != nil {
		return nil, err
	}
	t.armed, t.n = a.Preset, a.N
	if a.Side != "" {
		t.side = a.Side
	}
	return nil, nil
}

// unitArg is the unit a command names (a unit id, or a mini id for its unit), or the unit of the
// selected mini.
func unitArg(c Context, id string) (string, error) {
	f := c.State().File()
	if id == "" {
		id = c.Selected()
	}
	if unitIndex(f, id) >= 0 {
		return id, nil
	}
	if i := unitOfMini(f, id); i >= 0 {
		return f.UnitsOnTable[i].ID, nil
	}
	return "", fmt.Errorf("%s", T("units.noUnit", id))
}

func cmdUnitSet(s *TableScene, arg jsonRaw) (any, error) {
	a := struct {
		ID         string
		Side       *string
		Speed      *int
		Height     *float64
		CoverGiven *table.Cover
	}{}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	id, err := unitArg(s, a.ID)
	if err != nil {
		return nil, err
	}
	err = s.Submit(&ops.UnitSet{Unit: id, Side: a.Side, Speed: a.Speed, CoverGiven: a.CoverGiven, Height: a.Height})
	s.Preview(nil)
	if err != nil {
		return nil, fmt.Errorf("%s", T("units.refused", errText(err)))
	}
	return nil, nil
}

// deleteUnit deletes the unit id (one op).
func deleteUnit(c Context, id string) error {
	err := c.Submit(&ops.UnitDelete{Unit: id})
	c.Preview(nil)
	return err
}

func cmdUnitDelete(s *TableScene, arg jsonRaw) (any, error) {
	var id string
	if err := argIDInto(arg, &id); err != nil {
		return nil, err
	}
	id, err := unitArg(s, id)
	if err != nil {
		return nil, err
	}
	if err := deleteUnit(s, id); err != nil {
		return nil, fmt.Errorf("%s", T("units.refused", errText(err)))
	}
	return nil, nil
}

// --- the tool --------------------------------------------------------------------------------

type unitsTool struct {
	armed string
	side  string
	n     int // 0: the preset's default
	drag  *unitDrag

	palette          []paletteButton
	paletteCache     overlayCache
	cursorX, cursorY float64

	// the selected unit's cohesion, for the document revision it was asked for
	cohRev  int
	cohUnit string
	coh     *rules.CohesionAnswer
}

// unitDrag is a unit (whole) or one mini being dragged.
type unitDrag struct {
	whole          bool
	unit           string
	mini           string
	startX, startY float64 // table
	pressX, pressY float64 // screen
	live           bool
	dx, dy         float64
}

func (t *unitsTool) Name() string { return "units" }

// preset is the armed preset's count of minis.
func (t *unitsTool) count() int {
	if p, ok := maps.UnitPresetNamed(t.armed); ok && t.n == 0 {
		return p.N
	}
	return t.n
}

func (t *unitsTool) Update(c Context, in *Input) bool {
	t.cursorX, t.cursorY = in.X, in.Y
	t.layoutPalette(c)
	if in.Escape {
		if t.drag != nil {
			t.drag = nil
			c.Preview(nil)
		} else {
			t.armed = ""
		}
	}
	if in.Delete && t.drag == nil && c.Selected() != "" {
		if id, err := unitArg(c, ""); err == nil {
			if err := deleteUnit(c, id); err != nil {
				c.SetMessage(T("units.refused", errText(err)))
			}
		}
	}
	if t.drag != nil {
		t.dragTo(c, in)
		if !in.Left || in.LeftReleased {
			t.finishDrag(c)
		}
		return true
	}
	if !in.LeftPressed {
		return false
	}
	if b := buttonAt(t.palette, in.X, in.Y); b != nil {
		b.do(c)
		return true
	}
	wx, wy := c.Camera().ScreenToWorld(in.X, in.Y)
	if id := c.MiniAt(in.X, in.Y); id != "" {
		c.Select(id)
		f := c.State().File()
		ui := unitOfMini(f, id)
		leader := f.UnitsOnTable[ui].Leader()
		t.drag = &unitDrag{whole: leader != nil && leader.ID == id && !in.Shift, unit: f.UnitsOnTable[ui].ID, mini: id,
			startX: wx, startY: wy, pressX: in.X, pressY: in.Y}
		return true
	}
	if t.armed != "" {
		f := c.State().File()
		if wx < 0 || wy < 0 || wx > f.Battlefield.Width || wy > f.Battlefield.Depth {
			return false
		}
		p, _ := maps.UnitPresetNamed(t.armed)
		if _, _, err := addUnit(c, p, t.side, t.count(), wx, wy); err != nil {
			c.SetMessage(err.Error())
		}
		return true
	}
	return false
}

// moveOp is the op that moves the dragged unit (or mini) by (dx, dy).
func (t *unitsTool) moveOp(c Context, d *unitDrag) ops.Op {
	f := c.State().File()
	ui := unitIndex(f, d.unit)
	if ui < 0 {
		return nil
	}
	u := &f.UnitsOnTable[ui]
	if d.whole {
		return ops.ShiftUnit(u, d.dx, d.dy)
	}
	for _, m := range u.Minis {
		if m.ID == d.mini {
			return &ops.MinisMove{Minis: []ops.MiniPlace{{Mini: m.ID, X: ops.Snap(m.X+d.dx, 1e-4), Y: ops.Snap(m.Y+d.dy, 1e-4)}}}
		}
	}
	return nil
}

func (t *unitsTool) dragTo(c Context, in *Input) {
	d := t.drag
	if !dragging(c, &d.live, d.pressX, d.pressY, in) {
		return
	}
	wx, wy := c.Camera().ScreenToWorld(in.X, in.Y)
	d.dx, d.dy = ops.RoundTo(wx-d.startX, editStep), ops.RoundTo(wy-d.startY, editStep)
	if o := t.moveOp(c, d); o != nil {
		_ = c.Preview(o) // a base off the table is shown; the release says why it is refused
	}
}

func (t *unitsTool) finishDrag(c Context) {
	d := t.drag
	t.drag = nil
	o := t.moveOp(c, d)
	if !d.live || (d.dx == 0 && d.dy == 0) || o == nil {
		c.Preview(nil)
		return
	}
	// Where the rules would not let the minis stand, the drag waits for "Place anyway".
	_, err := c.Place(o, d.unit)
	c.Preview(nil)
	if err != nil {
		c.SetMessage(T("units.refused", errText(err)))
	}
}

// cohesion is the selected unit's cohesion answer (asked again when the document changes).
func (t *unitsTool) cohesion(c Context) (*rules.CohesionAnswer, string) {
	id, err := unitArg(c, "")
	if err != nil || c.Selected() == "" {
		return nil, ""
	}
	if t.coh == nil || t.cohRev != c.Rev() || t.cohUnit != id {
		a, err := c.World().Cohesion(id)
		if err != nil {
			return nil, ""
		}
		t.coh, t.cohRev, t.cohUnit = &a, c.Rev(), id
	}
	return t.coh, id
}

// ReserveTop is the bottom of the palette and its hint line.
func (t *unitsTool) ReserveTop(c Context) float64 {
	t.layoutPalette(c)
	return float64(paletteRect(c, t.palette, t.hintText(c), 0).Max.Y)
}

func (t *unitsTool) Draw(c Context, screen *ebiten.Image) {
	if len(t.palette) == 0 {
		t.layoutPalette(c)
	}
	t.drawRings(c, screen)
	drawPaletteCached(c, screen, &t.paletteCache, t.palette, t.hintText(c), 0, paletteKey{armed: t.armed, side: t.side, n: t.count()},
		t.cursorX, t.cursorY)
}

// hintText is the palette's hint: what a drag does, or where a click puts the armed unit.
func (t *unitsTool) hintText(c Context) string {
	if p, ok := maps.UnitPresetNamed(t.armed); ok {
		return TFor(c.Fingers(), "units.hintArmed", presetLabel(p.Label), t.count())
	}
	return TFor(c.Fingers(), "units.hint")
}

// drawRings rings the selected unit's minis that are out of cohesion (one small fill; rare).
func (t *unitsTool) drawRings(c Context, screen *ebiten.Image) {
	coh, id := t.cohesion(c)
	if coh == nil || coh.OK || t.drag != nil {
		return
	}
	f := c.State().File()
	var discs []render.Disc
	u := &f.UnitsOnTable[unitIndex(f, id)]
	for _, m := range u.Minis {
		for _, o := range coh.Out {
			if o == m.ID {
				x, y := c.Camera().WorldToScreen(m.X, m.Y)
				discs = append(discs, render.Disc{X: float32(x), Y: float32(y), R: float32(c.Camera().Length(m.Base / 2))})
			}
		}
	}
	render.Rings(screen, discs, render.EditBad, float32(1.5*c.Scale()))
}

// layoutPalette places the units palette: the sides, the number of minis, then the presets.
func (t *unitsTool) layoutPalette(c Context) {
	var specs []buttonSpec
	for _, side := range []string{"red", "blue"} {
		side := side
		specs = append(specs, buttonSpec{text: T("units.side." + side), swatch: render.SideColor(side), active: t.side == side,
			do: func(Context) { t.side = side }})
	}
	p, armed := maps.UnitPresetNamed(t.armed)
	specs = append(specs,
		buttonSpec{text: "−", gap: true, do: func(Context) {
			if armed && t.count() > p.MinN {
				t.n = t.count() - 1
			}
		}},
		buttonSpec{text: "× " + strconv.Itoa(t.count()), do: func(Context) {}},
		buttonSpec{text: "+", do: func(Context) {
			if armed && t.count() < p.MaxN {
				t.n = t.count() + 1
			}
		}})
	for i, p := range maps.UnitPresets {
		name := p.Name
		specs = append(specs, buttonSpec{text: presetLabel(p.Label), active: t.armed == name, gap: i == 0,
			do: func(Context) {
				if t.armed == name {
					t.armed = ""
				} else {
					t.armed, t.n = name, 0
				}
			}})
	}
	t.palette, _ = flowButtons(c, specs, c.PaletteTop())
}

func (t *unitsTool) State(c Context) any {
	st := unitsState{Selected: c.Selected(), Armed: t.armed, Side: t.side, N: t.count(), Presets: unitPresetRefs(), Carried: carriedStates(c.File())}
	if t.drag != nil && t.drag.live {
		st.Dragging = "mini"
		if t.drag.whole {
			st.Dragging = "unit"
		}
	}
	f := c.File()
	if ui := unitOfMini(f, c.Selected()); ui >= 0 {
		u := &f.UnitsOnTable[ui]
		info := &unitInfo{ID: u.ID, Side: u.Side, Type: u.Type, Speed: u.Speed, Minis: len(u.Minis), Keywords: keywordsOf(u)}
		if u.CoverGiven != table.CoverNone {
			info.CoverGiven = u.CoverGiven.String()
		}
		if ld := u.Leader(); ld != nil {
			info.Height, info.Base, info.Leader = ld.Height, ld.Base, ld.ID
		}
		st.Unit = info
		if coh, _ := t.cohesion(c); coh != nil {
			cs := &cohesionState{OK: coh.OK, Out: coh.Out}
			if len(coh.Reasons) > 0 {
				cs.Text = reasonText(coh.Reasons[0]) + " [" + rules.CiteName(coh.Reasons[0].Cite) + "]"
			}
			st.Cohesion = cs
		}
	}
	return st
}
