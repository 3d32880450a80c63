package scenes

import (
	"image/color"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/maps"
	"holotable/ops"
	"holotable/render"
	"holotable/table"
)

// The setup tool's drawing: the chosen deployment card's zones (dashed where the card's geometry
// is inferred), the token the pointer would place (green or red by the rules' answer), the
// palette with the hint, and in the draft the 3 × 3 cards (eliminated ones struck out, the
// left-most remaining of each row outlined as the card that would be used).

// Draw draws the zones, the token preview, the palette and the draft's cards.
func (t *setupTool) Draw(s Context, screen *ebiten.Image) {
	v := t.derived(s)
	k := s.Scale()
	lw := float32(k)
	if len(v.sum.Zones) > 0 {
		inferred := v.sum.Deployment != nil && v.sum.Deployment.Geometry == maps.GeometryNotInSeeds
		zones := make([]render.Zone, 0, len(v.sum.Zones))
		for _, z := range v.sum.Zones {
			rz := render.Zone{Color: render.ZoneBlue, Inferred: inferred}
			if z.Colour == table.Red {
				rz.Color = render.ZoneRed
			}
			for _, p := range z.Shape.Core() {
				x, y := s.Camera().WorldToScreen(p.X, p.Y)
				rz.Points = append(rz.Points, float32(x), float32(y))
			}
			zones = append(zones, rz)
		}
		render.Zones(screen, zones, lw)
	}
	if h := t.hover; h != nil && h.Err == "" && v.sum.Phase == table.PhaseTokens {
		x, y := s.Camera().WorldToScreen(h.X, h.Y)
		st := render.TokenIllegal
		if h.Legal {
			st = render.TokenLegal
		}
		r := float32(s.Camera().Length(ops.TokenRadius * ops.LengthScale(v.file)))
		render.Tokens(screen, []render.TokenMark{{X: float32(x), Y: float32(y), R: r, Color: tokenColour(h.Kind), State: st}}, lw)
	}
	t.drawPreview(s, screen)
	if len(t.palette) == 0 {
		t.layout(s)
	}
	drawPaletteCached(s, screen, &t.paletteCache, t.palette, t.hint(s), t.hintEnd,
		paletteKey{armed: t.armed, side: v.sum.Phase + v.sum.Turn.String(), n: len(t.palette) + 100*s.Rev()}, t.cursorX, t.cursorY)
	if len(t.cards) > 0 {
		t.drawDraft(s, screen)
	}
}

// drawDraft draws the 3 × 3 battle cards of the draft.
func (t *setupTool) drawDraft(s Context, screen *ebiten.Image) {
	v := t.derived(s)
	d := v.sum.Draft
	k := s.Scale()
	faces := [3]color.RGBA{render.CardObjective, render.CardDeploy, render.CardCondition}
	rows := [3]string{T("setup.row.objective"), T("setup.row.deployment"), T("setup.row.condition")}
	cards := make([]render.Card, 0, len(t.cards))
	x0, y0, x1, y1 := t.cards[0].x, t.cards[0].y, t.cards[0].x, t.cards[0].y
	for i, b := range t.cards {
		c, _ := cardByID(b.id)
		rc := render.Card{X: float32(b.x), Y: float32(b.y), W: float32(b.w), H: float32(b.h), Title: cardName(c), Sub: rows[b.row],
			Face: faces[b.row], Hot: i == t.hotCard}
		if d != nil {
			left := d.Rows[b.row]
			rc.Eliminated = !slices.Contains(left, b.id)
			rc.Chosen = len(left) > 0 && left[0] == b.id
			rc.Unavailable = d.Done() || len(left) <= 1
		}
		if c.Geometry == maps.GeometryNotInSeeds {
			rc.Sub += " · " + T("setup.inferred")
		}
		if b.h < draftSubHeight*k { // a compact card in the dock (setup_cards_dock.go): its title only
			rc.Sub = ""
		}
		cards = append(cards, rc)
		x1, y1 = max(x1, b.x+b.w), max(y1, b.y+b.h)
	}
	pad := 4 * k
	render.DraftPanel(screen, float32(x0-pad), float32(y0-pad), float32(x1-x0+2*pad), float32(y1-y0+2*pad), cards, paletteFont*k, float32(k))
}

// drawTokens draws the table's tokens (objective, condition, mission markers) on the table layer.
func (s *TableScene) drawTokens(dst *ebiten.Image, f *table.File) {
	if len(f.Tokens) == 0 {
		return
	}
	marks := make([]render.TokenMark, 0, len(f.Tokens))
	for _, tk := range f.Tokens {
		x, y := s.Camera().WorldToScreen(tk.X, tk.Y)
		marks = append(marks, render.TokenMark{X: float32(x), Y: float32(y), R: float32(s.Camera().Length(tk.R)), Color: tokenColour(tk.Kind)})
	}
	render.Tokens(dst, marks, float32(s.scale()))
}

// tokenColour is the colour a token of a kind is drawn in.
func tokenColour(kind string) color.RGBA {
	switch kind {
	case "objective":
		return render.ObjectiveTok
	case "condition":
		return render.ConditionTok
	}
	return render.MarkerTok
}
