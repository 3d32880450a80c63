package scenes

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/render"
	"holotable/table"
)

// The game tool on the table: beside each unit its order token, tokens and wounds (the game
// record's badge), the unit being activated ringed, and while the attack assistant shows an
// attack, the attacking minis that may shoot (green), the defending minis that may be wounded
// (orange) and those that may not (grey). A click on the table deploys the reserve unit armed
// in the panel there.

var (
	gameActiveRing = color.RGBA{0xff, 0xd5, 0x4f, 0xff}
	gameShooter    = color.RGBA{0x66, 0xbb, 0x6a, 0xff}
	gameWoundable  = color.RGBA{0xff, 0x98, 0x00, 0xff}
	gameHidden     = color.RGBA{0x9e, 0x9e, 0x9e, 0xff}
)

// Update deploys the armed reserve unit where the table is clicked; everything else is the
// panel's (the page) and the scene's (select, pan).
func (t *gameTool) Update(s Context, in *Input) bool {
	if t.armed == "" || !in.LeftPressed || in.Y < s.PanelTop() {
		return false
	}
	wx, wy := s.Camera().ScreenToWorld(in.X, in.Y)
	if err := t.deploy(s, t.armed, snap(wx), snap(wy)); err == nil {
		t.armed = ""
	}
	return true
}

// Draw draws the badges, the active unit and the attack's minis.
func (t *gameTool) Draw(s Context, screen *ebiten.Image) {
	f := s.File()
	g := f.Game
	if g == nil {
		return
	}
	k := s.Scale()
	cam := s.Camera()
	disc := func(m *table.Mini, grow float64) render.Disc {
		x, y := cam.WorldToScreen(m.X, m.Y)
		return render.Disc{X: float32(x), Y: float32(y), R: float32(cam.Length(m.Base/2) + grow*k)}
	}
	ring := func(ids []string, c color.RGBA, grow float64) {
		var ds []render.Disc
		for _, id := range ids {
			if ref, ok := f.Lookup(id); ok && ref.Mini != nil {
				ds = append(ds, disc(ref.Mini, grow))
			}
		}
		render.Rings(screen, ds, c, float32(2*k))
	}
	if g.Active != "" {
		if i := f.UnitIndex(g.Active); i >= 0 {
			var ids []string
			for _, m := range f.UnitsOnTable[i].Minis {
				ids = append(ids, m.ID)
			}
			ring(ids, gameActiveRing, 4)
		}
	}
	if a := t.attack; a != nil {
		ring(a.answer.Eligible, gameShooter, 2)
		ring(a.answer.Woundable, gameWoundable, 2)
		ring(a.answer.Hidden, gameHidden, 2)
	}
	size := 10 * k
	for i := range f.UnitsOnTable {
		u := &f.UnitsOnTable[i]
		r := g.Unit(u.ID)
		if r == nil || len(u.Minis) == 0 {
			continue
		}
		b := badge(r)
		if b == "" {
			continue
		}
		lead := &u.Minis[0]
		for j := range u.Minis {
			if u.Minis[j].Leader {
				lead = &u.Minis[j]
			}
		}
		x, y := cam.WorldToScreen(lead.X, lead.Y)
		render.Tag(screen, []render.TextLine{{Text: b, Color: render.SideColor(u.Side)}}, x, y-cam.Length(lead.Base/2)-3*k, size)
	}
	t.drawPanic(s, screen)
}
