package scenes

import (
	"fmt"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/maps"
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
}

type unitInfo struct {
	ID         string  `json:"id"`
	Side       string  `json:"side"`
	Type       string  `json:"type"`
	Speed      int     `json:"speed"`
	Height     float64 `json:"height"` // the leader's height
	CoverGiven string  `json:"coverGiven"`
	Minis      int     `json:"minis"`
	Base       float64 `json:"base"`
	Leader     string  `json:"leader"`
}

type cohesionState struct {
	OK   bool     `json:"ok"`
	Out  []string `json:"out"`
	Text string   `json:"text"`
}

type unitPresetRef struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	Type  string `json:"type"`
	Base  string `json:"base"`
	N     int    `json:"n"`
	MinN  int    `json:"minN"`
	MaxN  int    `json:"maxN"`
}

func init() {
	RegisterTool("units", func() Tool { return &unitsTool{side: "red"} })
	RegisterStrings(map[string][2]string{
		"units.noPreset":  {"no unit preset %q", "keine Einheitenvorlage %q"},
		"units.noUnit":    {"no unit %q", "keine Einheit %q"},
		"units.badN":      {"%s units have %d to %d minis, not %d", "%s-Einheiten haben %d bis %d Miniaturen, nicht %d"},
		"units.badSide":   {"no side %q (red, blue)", "keine Seite %q (red, blue)"},
		"units.noRoom":    {"no room for the unit: %v", "kein Platz für die Einheit: %v"},
		"units.refused":   {"change refused, table unchanged: %v", "Änderung abgelehnt, Tisch unverändert: %v"},
		"units.side.red":  {"red", "rot"},
		"units.side.blue": {"blue", "blau"},
		"units.hint":      {"drag a leader: move the unit · drag a mini (Shift: the leader): move it · Del: delete the unit", "Anführer ziehen: Einheit bewegen · Miniatur ziehen (Umschalt: Anführer): nur sie · Entf: Einheit löschen"},
		"units.hintArmed": {"click the table to place %s × %d · Esc: stop", "auf den Tisch klicken, um %s × %d zu setzen · Esc: beenden"},
		"units.outOfCoh":  {"out of cohesion: %s", "außer Formation: %s"},
		"edit.moveUnit":   {"move %s", "%s bewegen"},
		"edit.moveMini":   {"move %s", "%s bewegen"},
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

// addUnit places a new unit of preset p with n minis about (x, y) in one edit and selects its
// leader. Where the minis go is package rules' answer (World.ArrangeUnit).
func addUnit(s *TableScene, p maps.UnitPreset, side string, n int, x, y float64) (string, []string, error) {
	if n == 0 {
		n = p.N
	}
	if n < p.MinN || n > p.MaxN {
		return "", nil, fmt.Errorf("%s", T("units.badN", p.Name, p.MinN, p.MaxN, n))
	}
	if side == "" {
		side = "red"
	}
	f := s.doc.File()
	k := lengthScale(f)
	base := f.Profile.Bases[p.Base]
	id := uniqueID(f, side+"-"+p.Name)
	arr, err := s.doc.World().ArrangeUnit(rules.ArrangeQuery{ID: id, Type: p.Type, Base: base, Height: p.Height * k, N: n, X: x, Y: y})
	if err != nil {
		return "", nil, fmt.Errorf("%s", T("units.noRoom", err))
	}
	u := table.Unit{ID: id, Side: side, Type: p.Type, Speed: p.Speed, CoverGiven: p.CoverGiven}
	facing := 90.0
	if side == "blue" {
		facing = 270
	}
	var ids []string
	for i, c := range arr.Points {
		mid := id + "-" + strconv.Itoa(i+1)
		ids = append(ids, mid)
		u.Minis = append(u.Minis, table.Mini{ID: mid, Leader: i == 0, X: clean(roundTo(c.X, 1e-4)), Y: clean(roundTo(c.Y, 1e-4)),
			BaseName: p.Base, Base: base, Height: p.Height * k, Hover: p.Hover * k, Facing: facing})
	}
	if err := s.doc.Edit(T("edit.add", id), func(f *table.File) error {
		f.UnitsOnTable = append(f.UnitsOnTable, u)
		return nil
	}); err != nil {
		return "", nil, fmt.Errorf("%s", T("units.refused", err))
	}
	s.SetPreview(nil)
	s.Select(ids[0])
	s.message = ""
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
	f := s.doc.File()
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
// scene's selected mini.
func unitArg(s *TableScene, id string) (string, error) {
	f := s.doc.File()
	if id == "" {
		id = s.Selected()
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
		CoverGiven *string
	}{}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	id, err := unitArg(s, a.ID)
	if err != nil {
		return nil, err
	}
	err = s.doc.Edit(T("edit.set", id), func(f *table.File) error {
		u := &f.UnitsOnTable[unitIndex(f, id)]
		if a.Side != nil {
			u.Side = *a.Side
		}
		if a.Speed != nil {
			u.Speed = *a.Speed
		}
		if a.CoverGiven != nil {
			u.CoverGiven = *a.CoverGiven
		}
		if a.Height != nil {
			for i := range u.Minis {
				u.Minis[i].Height = *a.Height
			}
		}
		return nil
	})
	s.SetPreview(nil)
	if err != nil {
		return nil, fmt.Errorf("%s", T("units.refused", err))
	}
	return nil, nil
}

func deleteUnit(s *TableScene, id string) error {
	err := s.doc.Edit(T("edit.delete", id), func(f *table.File) error {
		i := unitIndex(f, id)
		f.UnitsOnTable = append(f.UnitsOnTable[:i], f.UnitsOnTable[i+1:]...)
		return nil
	})
	s.SetPreview(nil)
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
	return nil, deleteUnit(s, id)
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

func (t *unitsTool) Update(s *TableScene, in *Input) bool {
	t.cursorX, t.cursorY = in.X, in.Y
	t.layoutPalette(s)
	if in.Escape {
		if t.drag != nil {
			t.drag = nil
			s.SetPreview(nil)
		} else {
			t.armed = ""
		}
	}
	if in.Delete && t.drag == nil && s.Selected() != "" {
		if id, err := unitArg(s, ""); err == nil {
			if err := deleteUnit(s, id); err != nil {
				s.SetMessage(T("units.refused", err))
			}
		}
	}
	if t.drag != nil {
		t.dragTo(s, in)
		if !in.Left || in.LeftReleased {
			t.finishDrag(s)
		}
		return true
	}
	if !in.LeftPressed {
		return false
	}
	if b := buttonAt(t.palette, in.X, in.Y); b != nil {
		b.do(s)
		return true
	}
	wx, wy := s.Camera().ScreenToWorld(in.X, in.Y)
	if id := s.MiniAt(in.X, in.Y); id != "" {
		s.Select(id)
		f := s.doc.File()
		ui := unitOfMini(f, id)
		leader := f.UnitsOnTable[ui].Leader()
		t.drag = &unitDrag{whole: leader != nil && leader.ID == id && !in.Shift, unit: f.UnitsOnTable[ui].ID, mini: id,
			startX: wx, startY: wy, pressX: in.X, pressY: in.Y}
		return true
	}
	if t.armed != "" {
		f := s.doc.File()
		if wx < 0 || wy < 0 || wx > f.Battlefield.Width || wy > f.Battlefield.Depth {
			return false
		}
		p, _ := maps.UnitPresetNamed(t.armed)
		if _, _, err := addUnit(s, p, t.side, t.count(), wx, wy); err != nil {
			s.SetMessage(err.Error())
		}
		return true
	}
	return false
}

// moved is the document's file with the dragged unit (or mini) moved by (dx, dy).
func (t *unitsTool) moved(s *TableScene, d *unitDrag) *table.File {
	f := s.doc.File()
	ui := unitIndex(f, d.unit)
	if ui < 0 {
		return nil
	}
	c := *f
	c.UnitsOnTable = append([]table.Unit(nil), f.UnitsOnTable...)
	u := &c.UnitsOnTable[ui]
	u.Minis = append([]table.Mini(nil), u.Minis...)
	for i := range u.Minis {
		if d.whole || u.Minis[i].ID == d.mini {
			u.Minis[i].X = clean(u.Minis[i].X + d.dx)
			u.Minis[i].Y = clean(u.Minis[i].Y + d.dy)
		}
	}
	return &c
}

func (t *unitsTool) dragTo(s *TableScene, in *Input) {
	d := t.drag
	if !d.live {
		if math.Hypot(in.X-d.pressX, in.Y-d.pressY) < clickSlop*s.Scale() {
			return
		}
		d.live = true
	}
	wx, wy := s.Camera().ScreenToWorld(in.X, in.Y)
	d.dx, d.dy = roundTo(wx-d.startX, editStep), roundTo(wy-d.startY, editStep)
	if c := t.moved(s, d); c != nil {
		s.SetPreview(c)
	}
}

func (t *unitsTool) finishDrag(s *TableScene) {
	d := t.drag
	t.drag = nil
	if !d.live || (d.dx == 0 && d.dy == 0) {
		s.SetPreview(nil)
		return
	}
	label := T("edit.moveMini", d.mini)
	if d.whole {
		label = T("edit.moveUnit", d.unit)
	}
	err := s.doc.Edit(label, func(f *table.File) error {
		ui := unitIndex(f, d.unit)
		for i := range f.UnitsOnTable[ui].Minis {
			m := &f.UnitsOnTable[ui].Minis[i]
			if d.whole || m.ID == d.mini {
				m.X, m.Y = clean(m.X+d.dx), clean(m.Y+d.dy)
			}
		}
		return nil
	})
	s.SetPreview(nil)
	if err != nil {
		s.SetMessage(T("units.refused", err))
		return
	}
	s.SetMessage("")
}

// cohesion is the selected unit's cohesion answer (asked again when the document changes).
func (t *unitsTool) cohesion(s *TableScene) (*rules.CohesionAnswer, string) {
	id, err := unitArg(s, "")
	if err != nil || s.Selected() == "" {
		return nil, ""
	}
	if t.coh == nil || t.cohRev != s.doc.Rev() || t.cohUnit != id {
		a, err := s.doc.World().Cohesion(id)
		if err != nil {
			return nil, ""
		}
		t.coh, t.cohRev, t.cohUnit = &a, s.doc.Rev(), id
	}
	return t.coh, id
}

func (t *unitsTool) Draw(s *TableScene, screen *ebiten.Image) {
	if len(t.palette) == 0 {
		t.layoutPalette(s)
	}
	t.drawRings(s, screen)
	hint := T("units.hint")
	if p, ok := maps.UnitPresetNamed(t.armed); ok {
		hint = T("units.hintArmed", presetLabel(p.Label), t.count())
	}
	drawPaletteCached(s, screen, &t.paletteCache, t.palette, hint, paletteKey{armed: t.armed, side: t.side, n: t.count()},
		t.cursorX, t.cursorY)
}

// drawRings rings the selected unit's minis that are out of cohesion (one small fill; rare).
func (t *unitsTool) drawRings(s *TableScene, screen *ebiten.Image) {
	coh, id := t.cohesion(s)
	if coh == nil || coh.OK || t.drag != nil {
		return
	}
	f := s.doc.File()
	var discs []render.Disc
	u := &f.UnitsOnTable[unitIndex(f, id)]
	for _, m := range u.Minis {
		for _, o := range coh.Out {
			if o == m.ID {
				x, y := s.Camera().WorldToScreen(m.X, m.Y)
				discs = append(discs, render.Disc{X: float32(x), Y: float32(y), R: float32(s.Camera().Length(m.Base / 2))})
			}
		}
	}
	render.Rings(screen, discs, render.EditBad, float32(1.5*s.Scale()))
}

// layoutPalette places the units palette: the sides, the number of minis, then the presets.
func (t *unitsTool) layoutPalette(s *TableScene) {
	var specs []buttonSpec
	for _, side := range []string{"red", "blue"} {
		side := side
		specs = append(specs, buttonSpec{text: T("units.side." + side), swatch: render.SideColor(side), active: t.side == side,
			do: func(*TableScene) { t.side = side }})
	}
	p, armed := maps.UnitPresetNamed(t.armed)
	specs = append(specs,
		buttonSpec{text: "−", gap: true, do: func(*TableScene) {
			if armed && t.count() > p.MinN {
				t.n = t.count() - 1
			}
		}},
		buttonSpec{text: "× " + strconv.Itoa(t.count()), do: func(*TableScene) {}},
		buttonSpec{text: "+", do: func(*TableScene) {
			if armed && t.count() < p.MaxN {
				t.n = t.count() + 1
			}
		}})
	for i, p := range maps.UnitPresets {
		name := p.Name
		specs = append(specs, buttonSpec{text: presetLabel(p.Label), active: t.armed == name, gap: i == 0,
			do: func(*TableScene) {
				if t.armed == name {
					t.armed = ""
				} else {
					t.armed, t.n = name, 0
				}
			}})
	}
	t.palette, _ = flowButtons(s, specs, paletteTop(s))
}

func (t *unitsTool) State(s *TableScene) any {
	st := unitsState{Selected: s.Selected(), Armed: t.armed, Side: t.side, N: t.count(), Presets: unitPresetRefs()}
	if t.drag != nil && t.drag.live {
		st.Dragging = "mini"
		if t.drag.whole {
			st.Dragging = "unit"
		}
	}
	f := s.File()
	if ui := unitOfMini(f, s.Selected()); ui >= 0 {
		u := &f.UnitsOnTable[ui]
		info := &unitInfo{ID: u.ID, Side: u.Side, Type: u.Type, Speed: u.Speed, CoverGiven: u.CoverGiven, Minis: len(u.Minis)}
		if ld := u.Leader(); ld != nil {
			info.Height, info.Base, info.Leader = ld.Height, ld.Base, ld.ID
		}
		st.Unit = info
		if coh, _ := t.cohesion(s); coh != nil {
			c := &cohesionState{OK: coh.OK, Out: coh.Out}
			if len(coh.Reasons) > 0 {
				c.Text = coh.Reasons[0].Text + " [" + coh.Reasons[0].Cite + "]"
			}
			st.Cohesion = c
		}
	}
	return st
}
