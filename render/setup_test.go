package render

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// over is premultiplied src over dst, as the GPU blends it.
func over(src, dst color.RGBA) color.RGBA {
	k := 255 - uint16(src.A)
	f := func(s, d uint8) uint8 { return uint8(uint16(s) + (uint16(d)*k+127)/255) }
	return color.RGBA{f(src.R, dst.R), f(src.G, dst.G), f(src.B, dst.B), f(src.A, dst.A)}
}

func closeColor(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { v := int(x) - int(y); return v <= tol && v >= -tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// TestZonesPixels: a blue zone (solid outline) and a red zone (inferred: dashed outline), 2 px
// lines: inside each the background shows through the translucent fill of its colour; the solid
// outline is the zone colour all along; the dashed one has a gap where a dash ends (dash 8 px,
// gap 5 px from the first corner); outside, the background is untouched.
func TestZonesPixels(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)
	Zones(img, []Zone{
		{Points: []float32{4, 4, 28, 4, 28, 28, 4, 28}, Color: ZoneBlue},
		{Points: []float32{36, 4, 60, 4, 60, 28, 36, 28}, Color: ZoneRed, Inferred: true},
	}, 1)
	blueIn, redIn := over(ZoneFill(ZoneBlue), Background), over(ZoneFill(ZoneRed), Background)
	cases := []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"inside the blue zone", 16, 16, blueIn},
		{"inside the red zone", 48, 16, redIn},
		{"blue outline, top edge", 16, 4, ZoneBlue},
		{"blue outline, left edge", 4, 20, ZoneBlue},
		{"red dash on the top edge (2 px from the corner)", 38, 4, ZoneRed},
		{"below both zones", 16, 44, Background},
	}
	for _, c := range cases {
		if got := pixel(img, c.x, c.y); !closeColor(got, c.want, 2) {
			t.Errorf("%s (%d,%d) = %v, want %v", c.name, c.x, c.y, got, c.want)
		}
	}
	// The dash of the red top edge ends 8 px from its corner: pixel (46, 4) lies in the 5 px gap,
	// where the edge pixel is the zone's fill with no outline over it (the fill covers half of it).
	if got := pixel(img, 46, 4); closeColor(got, ZoneRed, 40) {
		t.Errorf("gap of the dashed outline (46,4) = %v, drawn like the outline", got)
	}
}

// TestTokensPixels: a placed objective token (gold disc, dark rim), a legal preview (green rim)
// and an illegal one (red rim), radius 8 px.
func TestTokensPixels(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)
	Tokens(img, []TokenMark{
		{X: 12, Y: 12, R: 8, Color: ObjectiveTok},
		{X: 40, Y: 12, R: 8, State: TokenLegal},
		{X: 12, Y: 44, R: 8, State: TokenIllegal},
	}, 1)
	cases := []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"placed token centre", 12, 12, ObjectiveTok},
		{"legal preview rim (right)", 47, 12, LegalColor},
		{"illegal preview rim (right)", 19, 44, IllegalColor},
		{"illegal preview centre: translucent red", 12, 44, over(Premul(IllegalColor.R, IllegalColor.G, IllegalColor.B, 0x60), Background)},
		{"away from the tokens", 44, 44, Background},
	}
	for _, c := range cases {
		if got := pixel(img, c.x, c.y); !closeColor(got, c.want, 2) {
			t.Errorf("%s (%d,%d) = %v, want %v", c.name, c.x, c.y, got, c.want)
		}
	}
}

// TestDraftPanelPixels: a chosen card (gold edge 2 px), an eliminated one (grey face and a red
// strike from its bottom-left to its top-right), a plain one (face colour, thin edge).
func TestDraftPanelPixels(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)
	DraftPanel(img, 0, 0, 64, 64, []Card{
		{X: 2, Y: 2, W: 28, H: 20, Face: CardObjective, Chosen: true},
		{X: 34, Y: 2, W: 28, H: 20, Face: CardObjective, Eliminated: true},
		{X: 2, Y: 34, W: 28, H: 20, Face: CardDeploy},
	}, 8, 1)
	cases := []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"chosen card's edge", 3, 12, CardChosen},
		{"chosen card's face", 20, 16, CardObjective},
		{"eliminated card's face", 36, 19, CardGone},
		{"eliminated card's strike (on its centre line)", 50, 10, CardStrike},
		{"plain card's edge", 2, 44, ButtonEdge},
		{"plain card's face", 20, 48, CardDeploy},
	}
	for _, c := range cases {
		if got := pixel(img, c.x, c.y); !closeColor(got, c.want, 2) {
			t.Errorf("%s (%d,%d) = %v, want %v", c.name, c.x, c.y, got, c.want)
		}
	}
	// The panel background is TagBackground over what was there.
	if got, want := pixel(img, 32, 30), over(TagBackground, Background); !closeColor(got, want, 2) {
		t.Errorf("panel background (32,30) = %v, want %v", got, want)
	}
}
