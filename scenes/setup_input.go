package scenes

import (
	"encoding/json"
	"fmt"

	"holotable/maps"
	"holotable/ops"
	"holotable/render"
	"holotable/rules"
	"holotable/table"
)

// The setup tool's input: a palette of the phase's actions at the top (colours, presets, deal,
// pass, missions, next), the draft's cards below it (a click eliminates that row's left-most
// card), and clicks or drags on the table (a terrain piece, a token, a unit).

// draftBox is a card of the draft panel on screen.
type draftBox struct {
	row, col   int
	id         string
	x, y, w, h float64
}

// layout lays out the palette for the current phase and, in the draft, the card boxes.
func (t *setupTool) layout(s Context) {
	v := t.derived(s)
	sum := v.sum
	cmd := func(arg string) func(s Context) {
		return func(s Context) { _, _ = s.Command("setup", json.RawMessage(arg)) }
	}
	var specs []buttonSpec
	switch sum.Phase {
	case "":
		// The two beginnings; the page's panel shows them itself (web/ui.js panels.setup), so with
		// the page's dock the canvas does not repeat them (D129).
		if !docked(s) {
			specs = append(specs, buttonSpec{text: T("setup.startHere"), do: cmd(`{"action":"start"}`)},
				buttonSpec{text: T("setup.startEmpty"), do: cmd(`{"action":"start","empty":true}`)})
		}
	case table.PhaseTerrain:
		for i, side := range v.sides {
			specs = append(specs, buttonSpec{text: T("setup.blueIs", side), swatch: render.ZoneBlue, active: sum.Blue == side, gap: i == 0,
				do: cmd(fmt.Sprintf(`{"action":"colours","blue":%q}`, side))})
		}
		if v.file.Ruleset != "specops" {
			for i, e := range []string{rules.BlueSouth, rules.BlueNorth} {
				specs = append(specs, buttonSpec{text: T("setup.edge", T("setup.edge."+e)), active: sum.BlueEdge == e, gap: i == 0,
					do: cmd(fmt.Sprintf(`{"action":"colours","blueEdge":%q}`, e))})
			}
		}
		if v.file.Setup != nil && len(v.file.Setup.TerrainTurns) == 0 {
			for i, c := range table.Colours {
				specs = append(specs, buttonSpec{text: T("setup.first", colourName(c)), active: t.first() == c, gap: i == 0,
					do: cmd(fmt.Sprintf(`{"action":"first","colour":%q}`, c))})
			}
		}
		for i, p := range maps.TerrainPresets {
			name := p.Name
			specs = append(specs, buttonSpec{text: presetLabel(p.Label), active: t.armed == name, gap: i == 0,
				do: func(s Context) {
					if t.armed == name {
						_ = t.arm(s, "")
					} else {
						_ = t.arm(s, name)
					}
				}})
		}
	case table.PhaseDraft:
		if v.file.Ruleset == "specops" {
			for i, m := range missions() {
				name := m.Name.EN
				if Language() == "de" {
					name = m.Name.DE
				}
				specs = append(specs, buttonSpec{text: name, active: sum.Mission != nil && sum.Mission.ID == m.ID, gap: i == 0,
					do: cmd(fmt.Sprintf(`{"action":"mission","mission":%q}`, m.ID))})
			}
		} else if sum.Draft == nil {
			specs = append(specs, buttonSpec{text: T("setup.deal"), do: cmd(`{"action":"deal"}`)})
		} else if !sum.DraftDone {
			specs = append(specs, buttonSpec{text: T("setup.pass"), do: cmd(`{"action":"pass"}`)})
		}
	}
	if sum.Phase != "" && sum.Phase != table.PhaseDone {
		specs = append(specs, buttonSpec{text: T("setup.next"), gap: true, do: cmd(`{"action":"next"}`)})
	}
	var bottom float64
	t.palette, bottom = flowButtons(s, specs, s.PaletteTop())
	t.rowsBottom = bottom
	t.cards = t.cards[:0]
	t.hintEnd = 0
	if sum.Phase != table.PhaseDraft || v.file.Setup == nil || v.file.Setup.Draft == nil {
		return
	}
	sd := v.file.Setup.Draft
	var x0, y0, w, h, gap float64
	x0, y0, w, h, gap, t.hintEnd = draftPlace(s, t.palette, t.hint(s), bottom)
	for r, row := range [3][]string{sd.Objectives, sd.Deployments, sd.Conditions} {
		for c, id := range row {
			t.cards = append(t.cards, draftBox{row: r, col: c, id: id, x: x0 + float64(c)*(w+gap), y: y0 + float64(r)*(h+gap), w: w, h: h})
		}
	}
}

// ReserveTop is the bottom of the palette, its hint line and the draft panel.
func (t *setupTool) ReserveTop(s Context) float64 {
	t.layout(s)
	if len(t.palette) == 0 {
		return 0
	}
	bottom := float64(paletteRect(s, t.palette, t.hint(s), t.hintEnd).Max.Y)
	for _, c := range t.cards {
		bottom = max(bottom, c.y+c.h+6*s.Scale())
	}
	return bottom
}

// BandNeed is the band (device px below PaletteTop) the setup tool needs below a turned table
// (D155): its palette and hint, and in the draft the nine cards at full size below them, as
// draftPlace stands them where there is room — on a wide window they stand beside the palette in
// the room the upright table leaves, which ReserveTop reports.
func (t *setupTool) BandNeed(s Context) float64 {
	bottom := t.ReserveTop(s)
	if bottom <= 0 {
		return 0
	}
	if len(t.cards) > 0 {
		k := s.Scale()
		bottom = max(bottom, t.rowsBottom+hintBelow(s, t.palette, t.hint(s), t.hintEnd)+12*k+3*(draftCardH+draftGap)*k)
	}
	return bottom - s.PaletteTop()
}

// setupDrag is a unit being dragged in the deployment phase.
type setupDrag struct {
	unit           string
	startX, startY float64 // table point where it was picked up
	pressX, pressY float64 // screen
	dx, dy         float64
	moved          bool
}

// Update: the palette, the draft's cards, and the table by phase.
func (t *setupTool) Update(s Context, in *Input) bool {
	t.cursorX, t.cursorY = in.X, in.Y
	t.layout(s)
	v := t.derived(s)
	wx, wy := s.Camera().ScreenToWorld(in.X, in.Y)
	t.hotCard = -1
	for i, c := range t.cards {
		if in.X >= c.x && in.X < c.x+c.w && in.Y >= c.y && in.Y < c.y+c.h {
			t.hotCard = i
		}
	}
	if d := t.drag; d != nil {
		return t.updateDrag(s, in, wx, wy)
	}
	if hotButton(t.palette, in.X, in.Y) >= 0 || t.hotCard >= 0 {
		t.preview = nil
	} else {
		t.updatePreview(s, v.sum.Phase, wx, wy)
	}
	if v.sum.Phase == table.PhaseTokens && !in.Left {
		if key := [2]float64{wx, wy}; key != t.hoverKey {
			t.hoverKey = key
			c := v.checkToken(s, wx, wy)
			t.hover = &c
		}
	}
	if !in.LeftPressed {
		return false
	}
	if i := hotButton(t.palette, in.X, in.Y); i >= 0 {
		t.palette[i].do(s)
		t.layout(s)
		return true
	}
	if t.hotCard >= 0 {
		_ = t.draftTurn(s, t.cards[t.hotCard].row)
		return true
	}
	switch v.sum.Phase {
	case table.PhaseTerrain:
		if t.armed == "" {
			return false
		}
		fallback := in.Shift || t.nextFallback
		t.nextFallback = false
		_ = t.cmdTerrain(s, t.armed, "", "", snap(wx), snap(wy), fallback)
		return true
	case table.PhaseTokens:
		fallback := in.Shift || t.nextFallback
		t.nextFallback = false
		_, _ = t.placeToken(s, wx, wy, fallback)
		return true
	case table.PhaseDeploy:
		id := t.unitAt(s, wx, wy)
		if id == "" {
			return false
		}
		t.drag = &setupDrag{unit: id, startX: wx, startY: wy, pressX: in.X, pressY: in.Y}
		return true
	}
	return false
}

// updateDrag follows a unit dragged into its zone: a preview while it moves, deployed (or refused
// with the reasons) on release; a click without a move deploys it where it stands.
func (t *setupTool) updateDrag(s Context, in *Input, wx, wy float64) bool {
	d := t.drag
	if in.Left && !in.LeftReleased {
		k := s.Scale()
		if !d.moved && (in.X-d.pressX)*(in.X-d.pressX)+(in.Y-d.pressY)*(in.Y-d.pressY) > 16*k*k {
			d.moved = true
		}
		if d.moved {
			d.dx, d.dy = snap(wx-d.startX), snap(wy-d.startY)
			f := s.State().File()
			if ref, ok := f.Lookup(d.unit); ok && ref.Unit != nil {
				_ = s.Preview(ops.ShiftUnit(ref.Unit, d.dx, d.dy)) // deploy says on release whether it is legal
			}
		}
		return true
	}
	t.drag = nil
	s.Preview(nil)
	_ = t.deploy(s, d.unit, d.dx, d.dy)
	return true
}

// unitAt is the unit still to deploy, of the player whose turn it is, with a mini at (x, y).
func (t *setupTool) unitAt(s Context, x, y float64) string {
	v := t.derived(s)
	for _, id := range v.sum.Waiting[v.sum.Turn] {
		u, err := v.world.Unit(id)
		if err != nil {
			continue
		}
		for _, m := range u.Minis {
			if (m.X-x)*(m.X-x)+(m.Y-y)*(m.Y-y) <= m.Radius()*m.Radius() {
				return id
			}
		}
	}
	return ""
}

// snap rounds a table coordinate to 0.01 (edits keep short numbers in the file).
func snap(v float64) float64 { return ops.Snap(v, 0.01) }
