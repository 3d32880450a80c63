package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// The setup mode's drawings: deployment zones, objective and condition tokens (placed, and the
// one under the pointer coloured by the rules' answer), and the battle-card draft panel. Like the
// rest of the package they draw screen values the scene hands them and decide nothing.

// Setup colours.
var (
	ZoneBlue      = color.RGBA{0x4a, 0x90, 0xff, 0xff} // a blue deployment zone's outline
	ZoneRed       = color.RGBA{0xff, 0x5a, 0x4a, 0xff}
	ObjectiveTok  = color.RGBA{0xf2, 0xc9, 0x4c, 0xff} // an objective token
	ConditionTok  = color.RGBA{0xb0, 0x7c, 0xf0, 0xff} // a condition token
	MarkerTok     = color.RGBA{0x4c, 0xd9, 0xc8, 0xff} // a specops marker (console, transmitter, ambush point)
	TokenRim      = color.RGBA{0x14, 0x14, 0x14, 0xff}
	CardObjective = color.RGBA{0x2c, 0x3e, 0x5c, 0xff} // card faces by row
	CardDeploy    = color.RGBA{0x2e, 0x4a, 0x2c, 0xff}
	CardCondition = color.RGBA{0x4e, 0x3a, 0x26, 0xff}
	CardGone      = color.RGBA{0x2a, 0x2a, 0x2a, 0xff} // an eliminated card
	CardChosen    = color.RGBA{0xff, 0xd5, 0x4a, 0xff} // the outline of a card that is (or would be) used
	CardStrike    = color.RGBA{0xff, 0x4d, 0x4d, 0xff}
)

// ZoneFill is the translucent fill of a zone of the given outline colour (premultiplied).
func ZoneFill(c color.RGBA) color.RGBA { return Premul(c.R, c.G, c.B, 0x40) }

// Zone is a deployment zone on screen: a polygon (x0, y0, x1, y1, …), its colour, and whether
// its geometry is inferred (not in the rulebook): then its outline is dashed.
type Zone struct {
	Points   []float32
	Color    color.RGBA
	Inferred bool
}

var zoneFills layers

// Zones fills every zone translucently in its colour (one path per colour) and outlines it,
// dashed when inferred (one batch of triangles for all outlines).
func Zones(dst *ebiten.Image, zones []Zone, lineWidth float32) {
	if len(zones) == 0 {
		return
	}
	zoneFills.reset()
	for _, z := range zones {
		addPolygon(zoneFills.path(ZoneFill(z.Color)), z.Points)
	}
	zoneFills.fill(dst)
	setupOverlay.Reset()
	for _, z := range zones {
		n := len(z.Points) / 2
		for i := 0; i < n; i++ {
			j := (i + 1) % n
			x0, y0, x1, y1 := z.Points[2*i], z.Points[2*i+1], z.Points[2*j], z.Points[2*j+1]
			if z.Inferred {
				setupOverlay.DashedLine(x0, y0, x1, y1, 2*lineWidth, 8*lineWidth, 5*lineWidth, z.Color)
			} else {
				setupOverlay.Line(x0, y0, x1, y1, 2*lineWidth, z.Color)
			}
		}
	}
	setupOverlay.Draw(dst)
}

var setupOverlay Overlay

// Token states.
const (
	TokenPlaced  = iota // on the table
	TokenLegal          // where the pointer is, and the rules allow it
	TokenIllegal        // where the pointer is, and the rules refuse it
)

// TokenMark is a token on screen: a disc of radius R in its colour with a dark rim; a preview
// (TokenLegal, TokenIllegal) is drawn translucent with a green or red rim instead.
type TokenMark struct {
	X, Y, R float32
	Color   color.RGBA
	State   int
}

// Tokens draws tokens in one batch.
func Tokens(dst *ebiten.Image, marks []TokenMark, lineWidth float32) {
	if len(marks) == 0 {
		return
	}
	setupOverlay.Reset()
	for _, m := range marks {
		r := max(m.R, 3*lineWidth) // a token stays visible when zoomed out
		switch m.State {
		case TokenPlaced:
			setupOverlay.Disc(m.X, m.Y, r, m.Color)
			setupOverlay.Ring(m.X, m.Y, r, lineWidth, TokenRim)
		default:
			rim := LegalColor
			if m.State == TokenIllegal {
				rim = IllegalColor
			}
			setupOverlay.Disc(m.X, m.Y, r, Premul(rim.R, rim.G, rim.B, 0x60))
			setupOverlay.Ring(m.X, m.Y, r, 2*lineWidth, rim)
		}
	}
	setupOverlay.Draw(dst)
}

// Card is one battle card of the draft panel on screen: its box, its title (and a second line),
// its face colour, and whether it is eliminated (struck out), used (or would be used: the
// left-most remaining card of its row, outlined) or under the pointer.
type Card struct {
	X, Y, W, H  float32
	Title, Sub  string
	Face        color.RGBA
	Eliminated  bool
	Chosen      bool
	Hot         bool
	Unavailable bool // not eliminable now (drawn with a red edge when hot)
}

// DraftPanel draws the draft panel's background (x, y, w, h) and its cards; texts at size pixels.
// Boxes are axis-aligned, drawn without anti-aliasing; the strikes are one batch.
func DraftPanel(dst *ebiten.Image, x, y, w, h float32, cards []Card, size float64, lineWidth float32) {
	vector.FillRect(dst, x, y, w, h, TagBackground, false)
	for _, c := range cards {
		edge := ButtonEdge
		switch {
		case c.Chosen:
			edge = CardChosen
		case c.Hot && c.Unavailable:
			edge = CardStrike
		case c.Hot:
			edge = EditSelected
		}
		face := c.Face
		if c.Eliminated {
			face = CardGone
		}
		e := lineWidth
		if c.Chosen || c.Hot {
			e = 2 * lineWidth
		}
		vector.FillRect(dst, c.X, c.Y, c.W, c.H, edge, false)
		vector.FillRect(dst, c.X+e, c.Y+e, c.W-2*e, c.H-2*e, face, false)
	}
	setupOverlay.Reset()
	for _, c := range cards {
		if c.Eliminated {
			setupOverlay.Line(c.X+4*lineWidth, c.Y+c.H-4*lineWidth, c.X+c.W-4*lineWidth, c.Y+4*lineWidth, 2*lineWidth, CardStrike)
		}
	}
	setupOverlay.Draw(dst)
	face := Face(size)
	small := Face(size * 0.85)
	for _, c := range cards {
		ink := ButtonText
		if c.Eliminated {
			ink = color.RGBA{0x90, 0x90, 0x90, 0xff}
		}
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(c.X)+size*0.5, float64(c.Y)+size*0.4)
		op.ColorScale.ScaleWithColor(ink)
		DrawText(dst, c.Title, face, op)
		if c.Sub != "" {
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Translate(float64(c.X)+size*0.5, float64(c.Y)+size*1.7)
			op.ColorScale.ScaleWithColor(ink)
			DrawText(dst, c.Sub, small, op)
		}
	}
}
