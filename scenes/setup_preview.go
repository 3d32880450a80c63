package scenes

import (
	"errors"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/maps"
	"holotable/ops"
	"holotable/render"
	"holotable/table"
)

// What a click of the setup tool will place (issue 17, item 6): in the terrain phase the armed
// preset is drawn under the pointer where the click would put it, in its look, outlined green
// where competitive placement allows it, orange where only its fallback does (within range 1:
// Shift+click) and red where it touches another piece (rules.World.PlacementOf). The start of a
// setup is a choice between the table as it is and an empty table of the same size.

// setupPreview is the armed piece under the pointer and the rules' answer there.
type setupPreview struct {
	Preset   string  `json:"preset"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Legal    bool    `json:"legal"`
	Touching bool    `json:"touching,omitempty"`
	Text     string  `json:"text"`
	piece    table.Terrain
}

// updatePreview follows the pointer at table point (wx, wy) with the armed piece; nil when no
// preset is armed, outside the terrain phase or off the table.
func (t *setupTool) updatePreview(s Context, phase string, wx, wy float64) {
	f := s.State().File()
	if t.armed == "" || phase != table.PhaseTerrain || wx < 0 || wy < 0 || wx > f.Battlefield.Width || wy > f.Battlefield.Depth {
		t.preview = nil
		return
	}
	x, y := snap(wx), snap(wy)
	if p := t.preview; p != nil && p.Preset == t.armed && p.X == x && p.Y == y && t.previewRev == s.Rev() {
		return
	}
	pr, ok := maps.TerrainPresetNamed(t.armed)
	if !ok {
		t.preview = nil
		return
	}
	pc, err := presetPiece(pr, pr.Shape, x, y, ops.LengthScale(f))
	if err != nil {
		t.preview = nil
		return
	}
	pc.ID = ops.UniqueID(f, pr.Name)
	chk, err := s.World().PlacementOf(&pc)
	if err != nil {
		t.preview = nil
		return
	}
	p := &setupPreview{Preset: t.armed, X: x, Y: y, Legal: chk.OK, Touching: chk.Touching, piece: pc}
	if len(chk.Reasons) > 0 {
		p.Text = reasonText(chk.Reasons[0])
	}
	t.preview, t.previewRev = p, s.Rev()
}

// drawPreview draws the armed piece where a click would place it.
func (t *setupTool) drawPreview(s Context, screen *ebiten.Image) {
	p := t.preview
	if p == nil {
		return
	}
	k := s.Scale()
	sp := screenPiece(s.Camera(), &p.piece, s.State().File().Units)
	render.Terrain(screen, []render.Piece{sp}, float32(1.5*k))
	col := render.RaySeen
	switch {
	case p.Touching:
		col = render.EditBad
	case !p.Legal:
		col = render.EditWarn
	}
	render.Outlines(screen, []render.Outline{{Piece: sp, Color: col}}, float32(2*k))
}

// arm arms preset name for the next terrain turn ("" disarms).
func (t *setupTool) arm(s Context, name string) error {
	if name != "" {
		if _, ok := maps.TerrainPresetNamed(name); !ok {
			return t.refuse(s, "arm", errors.New(T("terrain.noPreset", name)))
		}
	}
	t.armed, t.preview = name, nil
	return nil
}

// startEmpty replaces the table with an empty one of the same ruleset, size, length unit, profile
// and custom dice — no terrain, no units, no tokens — and begins the setup on it, as one undoable
// step.
func (t *setupTool) startEmpty(s Context) error {
	f := s.State().File()
	nf := &table.File{Format: f.Format, Ruleset: f.Ruleset, Units: f.Units, Battlefield: f.Battlefield,
		Profile: f.Profile, Dice: f.Dice}
	data, err := table.Save(nf)
	if err != nil {
		return t.refuse(s, "start", err)
	}
	loaded, err := table.Load(data)
	if err != nil {
		return t.refuse(s, "start", err)
	}
	if err := s.Submit(&ops.TableImport{Table: loaded}, &ops.SetupStart{}); err != nil {
		return t.refuse(s, "start", err)
	}
	t.refused = nil
	s.SetMessage("")
	return nil
}

func init() {
	RegisterStrings(map[string][2]string{
		"setup.startHere":  {"Start setup with this table (its terrain and units)", "Aufbau mit diesem Tisch beginnen (sein Gelände und seine Einheiten)"},
		"setup.startEmpty": {"Start setup on an empty table of this size", "Aufbau auf einem leeren Tisch dieser Größe beginnen"},
	})
}
