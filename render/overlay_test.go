package render

import (
	"fmt"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestOverlayBandRing: a ring of radius 20.5 drawn 3 px wide covers distances 19 to 22 from its
// centre (fully from 19.5 to 21.5, feathered over the half pixel either side). Pixels whose
// centre lies in the full part take the ring's colour exactly; its hole and the outside stay
// background; a translucent ring blends with what is under it.
func TestOverlayBandRing(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)
	ringColor := color.RGBA{0x20, 0xc0, 0xff, 0xff}
	var o Overlay
	o.Ring(32, 32, 20.5, 3, ringColor)
	o.Draw(img)
	// Pixel (x, y) covers [x, x+1] × [y, y+1].
	cases := []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"on the ring, right (distance 20–21)", 52, 32, ringColor},
		{"on the ring, left", 11, 31, ringColor},
		{"on the ring, top", 31, 11, ringColor},
		{"on the ring, bottom", 32, 52, ringColor},
		{"in the hole", 32, 32, Background},
		{"in the hole near the ring (distance 16–17)", 48, 32, Background},
		{"outside (distance 25–26)", 57, 32, Background},
		{"corner", 2, 2, Background},
	}
	for _, c := range cases {
		if got := pixel(img, c.x, c.y); got != c.want {
			t.Errorf("%s (%d,%d): got %v, want %v", c.name, c.x, c.y, got, c.want)
		}
	}

	// The translucent band colour: a blend, neither the background nor the colour.
	img.Fill(Background)
	o.Reset()
	o.Ring(32, 32, 20.5, 3, BandRingColor)
	o.Draw(img)
	got := pixel(img, 52, 32)
	if got == Background || got.A != 0xff || got.R <= Background.R || got.G <= Background.G {
		t.Errorf("translucent ring pixel %v over %v: want a lighter blend", got, Background)
	}
	// Reset dropped the opaque ring: nothing of its colour is left.
	if p := pixel(img, 11, 31); p == ringColor {
		t.Error("Reset kept the old ring")
	}
}

// TestOverlayLinesAndMarks: a line, the dashes and gaps of a dashed line, a cross and an outline.
func TestOverlayLinesAndMarks(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(Background)
	var o Overlay
	// A horizontal line 4 wide along y = 8 from x = 4 to 60: rows 6..9 are covered.
	o.Line(4, 8, 60, 8, 4, RaySeen)
	// Dashes 6 long with gaps 4 along y = 20.5 (width 3): dashes [4,10], [14,20], [24,30] …
	o.DashedLine(4, 20.5, 60, 20.5, 3, 6, 4, RayHidden)
	// A cross of half-size 6 at (16, 44) and a square outline from (36,36) to (56,56).
	o.Cross(16, 44, 6, 3, HiddenMark)
	o.Outline([]float32{36, 36, 56, 36, 56, 56, 36, 56}, 2, ObscurerColor)
	o.Draw(img)
	cases := []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"line", 30, 7, RaySeen},
		{"line", 30, 8, RaySeen},
		{"above the line", 30, 4, Background},
		{"first dash", 6, 20, RayHidden},
		{"first gap", 11, 20, Background},
		{"second dash", 16, 20, RayHidden},
		{"second gap", 21, 20, Background},
		{"cross centre", 15, 43, HiddenMark},
		{"cross arm", 12, 40, HiddenMark},
		{"beside the cross", 16, 38, Background},
		{"outline top edge", 46, 36, ObscurerColor},
		{"outline left edge", 36, 46, ObscurerColor},
		{"inside the outline", 46, 46, Background},
	}
	for _, c := range cases {
		if got := pixel(img, c.x, c.y); got != c.want {
			t.Errorf("%s (%d,%d): got %v, want %v", c.name, c.x, c.y, got, c.want)
		}
	}
}

// TestTagAndWrap: a tag draws its text on a dark box above the anchor; Wrap keeps lines within
// the width.
func TestTagAndWrap(t *testing.T) {
	img := ebiten.NewImage(64, 64)
	img.Fill(TableFill)
	Tag(img, []TextLine{{Text: "R3", Color: CoverHeavy}}, 32, 40, 14)
	_, h := TextSize([]TextLine{{Text: "R3"}}, 14)
	orange, dark := 0, 0
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			p := pixel(img, x, y)
			switch {
			case p.R > 0xc0 && p.G > 0x60 && p.B < 0x80:
				orange++
			case p.R < 0x30 && p.G < 0x30 && p.B < 0x30:
				dark++
			}
			if y >= 41 && p != TableFill {
				t.Fatalf("the tag reaches below its anchor: (%d,%d) = %v", x, y, p)
			}
			if y < 40-int(h)-1 && p != TableFill {
				t.Fatalf("the tag reaches above its height %.1f: (%d,%d) = %v", h, x, y, p)
			}
		}
	}
	if orange < 10 || dark < 40 {
		t.Errorf("tag: %d text pixels, %d box pixels", orange, dark)
	}
	lines := Wrap("the quick brown fox jumps over the lazy dog again and again", 12, 100, "  ")
	if len(lines) < 3 {
		t.Errorf("wrap gave %q", lines)
	}
	for i, l := range lines {
		w, _ := TextSize([]TextLine{{Text: l}}, 12)
		if w-2*12*0.35 > 100 {
			t.Errorf("line %q is %.1f wide", l, w)
		}
		if i > 0 && l[:2] != "  " {
			t.Errorf("line %d %q is not indented", i, l)
		}
	}
	if got := Wrap("", 12, 100, ""); len(got) != 0 {
		t.Errorf("Wrap(\"\") = %q", got)
	}
	if got := Premul(0xff, 0x80, 0x00, 0x80); got != (color.RGBA{0x80, 0x40, 0x00, 0x80}) {
		t.Errorf("Premul = %v", got)
	}
}

// TestTextCache: a cached box draws the same pixels every time, its size is TextSize's, anchors
// place it, and EndFrame releases boxes that were not used since the previous call.
func TestTextCache(t *testing.T) {
	var c TextCache
	lines := []TextLine{{Text: "LOS 3/5", Color: CoverLight}}
	w, h := c.Size(lines, 12, true)
	if tw, th := TextSize(lines, 12); w != tw || h != th {
		t.Errorf("Size %v×%v, TextSize %v×%v", w, h, tw, th)
	}
	draw := func(a Anchor) *ebiten.Image {
		img := ebiten.NewImage(64, 64)
		img.Fill(TableFill)
		c.Draw(img, lines, 32, 32, 12, a, true)
		return img
	}
	// Bottom-centre: the box ends at y = 32 and is centred on x = 32.
	img := draw(BottomCentre)
	for x := 0; x < 64; x++ {
		if p := pixel(img, x, 33); p != TableFill {
			t.Fatalf("bottom-centre box below its anchor at (%d,33): %v", x, p)
		}
	}
	if p := pixel(img, 32, 32-int(h)/2); p == TableFill {
		t.Errorf("no box above the anchor")
	}
	// Top-left: nothing above or left of the anchor, the box's dark background at its corner.
	img2 := draw(TopLeft)
	if p := pixel(img2, 31, 40); p != TableFill {
		t.Errorf("top-left box left of its anchor: %v", p)
	}
	if p := pixel(img2, 33, 33); p.R > 0x40 || p.G > 0x40 {
		t.Errorf("top-left box corner %v is not dark", p)
	}
	// The same text again: the same pixels, from the same cached box.
	again := draw(BottomCentre)
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			if pixel(img, x, y) != pixel(again, x, y) {
				t.Fatalf("the cached box drew differently at (%d,%d)", x, y)
			}
		}
	}
	if len(c.boxes) != 1 {
		t.Errorf("%d boxes for one text", len(c.boxes))
	}
	c.EndFrame() // used this frame: kept
	c.Draw(img, []TextLine{{Text: "other"}}, 10, 10, 12, TopLeft, false)
	c.EndFrame() // "LOS 3/5" unused since the last call: released
	if len(c.boxes) != 1 {
		t.Errorf("after two frames %d boxes, want 1", len(c.boxes))
	}
	if PanelHeight(2, 13) != 13*1.35*2+13-(13*1.35-13) || PanelHeight(0, 13) != 0 {
		t.Errorf("PanelHeight(2, 13) = %v", PanelHeight(2, 13))
	}
}

// TestLabelCache: a cached label draws what Label draws (within the rounding of compositing its
// translucent box in two steps), the same label twice is one image, and EndFrame releases labels
// not drawn since the previous call.
func TestLabelCache(t *testing.T) {
	var c LabelCache
	direct := ebiten.NewImage(96, 32)
	direct.Fill(TableFill)
	Label(direct, "red-storm-1", 48, 8, 11, LabelColor)
	cached := ebiten.NewImage(96, 32)
	cached.Fill(TableFill)
	c.Draw(cached, "red-storm-1", 48, 8, 11, LabelColor)
	// Compositing the translucent box in two steps rounds a little differently; nothing more.
	if differ := pixelsApart(direct, cached); differ > 0 {
		t.Errorf("the cached label differs from Label at %d pixels", differ)
	}
	if p := pixel(cached, 48, 10); p == TableFill {
		t.Errorf("no label box at its centre")
	}
	c.Draw(cached, "red-storm-1", 20, 8, 11, LabelColor)
	if len(c.labels) != 1 {
		t.Errorf("%d images for one label", len(c.labels))
	}
	c.EndFrame()
	c.Draw(cached, "other", 20, 8, 11, LabelColor)
	c.EndFrame()
	if len(c.labels) != 1 {
		t.Errorf("after two frames %d labels, want 1", len(c.labels))
	}
}

// pixelsApart counts the pixels where a and b (of one size) differ by more than a quarter of the
// range in a colour channel: more than rounding, less than a missing glyph.
func pixelsApart(a, b *ebiten.Image) int {
	n := 0
	w, h := a.Bounds().Dx(), a.Bounds().Dy()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p, q := pixel(a, x, y), pixel(b, x, y)
			if max(absDiff(p.R, q.R), absDiff(p.G, q.G), absDiff(p.B, q.B)) > 64 {
				n++
			}
		}
	}
	return n
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// TestPanelCache: a panel drawn from the cache looks like Panel's both in the first frame (lines
// drawn directly) and in the next (a line drawn in two frames running comes from its image); a
// line that changes every frame never becomes an image; EndFrame releases lines not drawn.
func TestPanelCache(t *testing.T) {
	var c PanelCache
	lines := []string{"holotable · default · 72×36 in", "cursor 31.5, 14.0"}
	direct := ebiten.NewImage(256, 48)
	direct.Fill(TableFill)
	Panel(direct, lines, 8, 8, 13)
	same := func(img *ebiten.Image, what string) {
		t.Helper()
		if differ := pixelsApart(direct, img); differ > 0 {
			t.Errorf("%s: the cached panel differs from Panel at %d pixels", what, differ)
		}
	}
	for frame := range 3 {
		img := ebiten.NewImage(256, 48)
		img.Fill(TableFill)
		c.Draw(img, lines, 8, 8, 13)
		same(img, fmt.Sprintf("frame %d", frame))
		imgs := 0
		for _, e := range c.lines {
			if e.img != nil {
				imgs++
			}
		}
		if want := min(frame, 1) * 2; imgs != want {
			t.Errorf("frame %d: %d lines as images, want %d", frame, imgs, want)
		}
		c.EndFrame()
	}
	for frame := range 3 { // the second line changes every frame
		img := ebiten.NewImage(256, 48)
		c.Draw(img, []string{lines[0], fmt.Sprintf("cursor %d", frame)}, 8, 8, 13)
		c.EndFrame()
	}
	if len(c.lines) != 2 || c.lines[panelKey{lines[0], 13}].img == nil {
		t.Errorf("after the changing frames: %d lines kept, the steady one an image: %v", len(c.lines), c.lines[panelKey{lines[0], 13}] != nil)
	}
	for k, e := range c.lines {
		if k.s != lines[0] && e.img != nil {
			t.Errorf("the changing line %q became an image", k.s)
		}
	}
}
