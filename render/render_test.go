package render

import (
	"fmt"
	"image/color"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Ebitengine can only read pixels back while its game loop runs, so the whole test binary runs
// inside Update (the pattern of Ebitengine's own internal/testing.MainWithRunLoop). It needs a
// display: ./build.sh test runs it under xvfb-run and sets HOLOTABLE_REQUIRE_DISPLAY=1.

type testGame struct {
	m    *testing.M
	code int
}

func (g *testGame) Update() error {
	g.code = g.m.Run()
	return ebiten.Termination
}
func (*testGame) Draw(*ebiten.Image)         {}
func (*testGame) Layout(int, int) (int, int) { return 64, 64 }

func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("HOLOTABLE_REQUIRE_DISPLAY") != "1" {
		fmt.Println("render: no DISPLAY, pixel tests not run (use xvfb-run, or ./build.sh test)")
		os.Exit(0)
	}
	ebiten.SetWindowSize(64, 64)
	g := &testGame{m: m, code: 1}
	if err := ebiten.RunGameWithOptions(g, &ebiten.RunGameOptions{InitUnfocused: true}); err != nil {
		fmt.Fprintln(os.Stderr, "render: cannot start the game loop:", err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

func pixel(img *ebiten.Image, x, y int) color.RGBA {
	return img.At(x, y).(color.RGBA)
}

func TestTerrainAndBasePixels(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)

	// A solid terrain square from (8,8) to (32,32) and a blue base of radius 8 at (48,48).
	Terrain(img, []Piece{{Look: LookBarricade, Points: []float32{8, 8, 32, 8, 32, 32, 8, 32}}}, 1)
	Bases(img, []Base{{X: 48, Y: 48, R: 8, Side: "blue", LineWidth: 1}})
	barricade, _ := LookColors(LookBarricade)

	cases := []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"terrain inside", 20, 20, barricade},
		{"terrain inside near corner", 11, 11, barricade},
		{"background outside terrain", 40, 20, Background},
		{"background top-left", 2, 2, Background},
		{"base centre", 48, 48, SideColor("blue")},
		{"base inside", 44, 48, SideColor("blue")},
		{"background just outside base", 48, 58, Background},
	}
	for _, c := range cases {
		if got := pixel(img, c.x, c.y); got != c.want {
			t.Errorf("%s (%d,%d): got %v, want %v", c.name, c.x, c.y, got, c.want)
		}
	}
	// The outline is drawn: the pixel on the terrain edge is neither fill nor background.
	if got := pixel(img, 8, 20); got == barricade || got == Background {
		t.Errorf("terrain edge (8,20) = %v: no outline", got)
	}
}

func TestKindsAndSides(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)
	Terrain(img, []Piece{
		{Look: LookCrater, CX: 16, CY: 16, R: 10},
		// counter-clockwise on screen: drawn all the same
		{Look: LookWater, Points: []float32{36, 4, 36, 28, 60, 28, 60, 4}},
	}, 1)
	Bases(img, []Base{{X: 16, Y: 48, R: 8, Side: "red", Leader: true, LineWidth: 1}})

	if got := pixel(img, 16, 16); got != DepressFill {
		t.Errorf("depression centre = %v, want %v", got, DepressFill)
	}
	// Area terrain is translucent: its inside is a blend of the fill and the background.
	got := pixel(img, 48, 16)
	water, _ := LookColors(LookWater)
	if got == Background || got == water || got.A != 0xff {
		t.Errorf("area inside = %v: want a blend of %v over %v", got, water, Background)
	}
	if got := pixel(img, 16, 48); got != SideColor("red") {
		t.Errorf("red base centre = %v, want %v", got, SideColor("red"))
	}
	// The leader ring (radius 0.55 r = 4.4 px) shows gold pixels; a plain base has none.
	gold := func(cx, cy int) int {
		n := 0
		for y := cy - 6; y <= cy+6; y++ {
			for x := cx - 6; x <= cx+6; x++ {
				if p := pixel(img, x, y); p.R > 0xe0 && p.G > 0xb0 && p.B < 0x90 {
					n++
				}
			}
		}
		return n
	}
	if n := gold(16, 48); n < 8 {
		t.Errorf("leader ring: %d gold pixels", n)
	}
	Bases(img, []Base{{X: 48, Y: 48, R: 8, Side: "red", LineWidth: 1}})
	if n := gold(48, 48); n != 0 {
		t.Errorf("plain base: %d gold pixels", n)
	}
	if SideColor("green") != SideColor("green") || SideColor("green") == SideColor("red") {
		t.Error("SideColor not stable or collides")
	}
}

func TestTextDraws(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)
	Label(img, "Hi", 32, 20, 14, LabelColor)
	bright := 0
	for y := 18; y < 40; y++ {
		for x := 16; x < 48; x++ {
			if p := pixel(img, x, y); p.R > 0xc0 && p.G > 0xc0 {
				bright++
			}
		}
	}
	if bright < 10 {
		t.Errorf("label drew %d bright pixels", bright)
	}
}

// TestLabelLeft: a label is centred on its x unless that cuts it at the destination's edge; then
// it is moved just inside (one wider than the destination stays centred).
func TestLabelLeft(t *testing.T) {
	for _, c := range []struct{ x, w, W, want float64 }{
		{50, 20, 100, 40},   // centred
		{5, 20, 100, 0},     // at the left edge
		{98, 20, 100, 80},   // at the right edge
		{10, 120, 100, -50}, // wider than the destination: centred
		{10, 100, 100, 0},   // exactly as wide
	} {
		if got := labelLeft(c.x, c.w, c.W); got != c.want {
			t.Errorf("labelLeft(%v, %v, %v) = %v, want %v", c.x, c.w, c.W, got, c.want)
		}
	}
}
