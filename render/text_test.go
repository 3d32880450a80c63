package render

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
)

// TestTextFaceAsTextV2 draws lines with TextFace and with Ebitengine's text/v2 (a GoXFace of the
// same x/image/font face, what the app drew with before D143) and wants every pixel equal: sizes
// with 8, 4, 2 and 1 sub-pixel variants per glyph, kerned pairs, umlauts and typographic marks of
// the German strings, fractional placements and a colour. The widths must equal text.Measure's.
func TestTextFaceAsTextV2(t *testing.T) {
	lines := []string{
		"Hallo Welt äöü ÄÖÜ ß",
		"AV To Wa Ty L1234 – „Rückzug“ ½ · × ↔ ≤",
		"range 1–2: 4.25\" (heavy cover)",
		"",
		"two lines\nof text\r\nthree",
	}
	for _, size := range []float64{9, 11, 12.5, 14, 17, 24, 45, 80} {
		ours := Face(size)
		xf, err := opentype.NewFace(fontSFNT, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			t.Fatal(err)
		}
		theirs := text.NewGoXFace(xf)
		for _, s := range lines {
			if got, want := ours.Width(s), measure(s, theirs); got != want {
				t.Errorf("size %v %q: width %v, text/v2 %v", size, s, got, want)
			}
			for _, at := range [][2]float64{{0, 0}, {3.3, 7.7}, {10.5, 2.25}, {-4.9, 1.01}} {
				w, h := int(ours.Width(s))+16, int(size*1.5)+16
				a, b := ebiten.NewImage(w, h), ebiten.NewImage(w, h)
				clr := color.RGBA{0xe0, 0x90, 0x30, 0xff}

				op := &ebiten.DrawImageOptions{}
				op.GeoM.Translate(at[0], at[1])
				op.ColorScale.ScaleWithColor(clr)
				DrawText(a, s, ours, op)

				top := &text.DrawOptions{}
				top.GeoM.Translate(at[0], at[1])
				top.ColorScale.ScaleWithColor(clr)
				text.Draw(b, s, theirs, top)

				pa, pb := make([]byte, 4*w*h), make([]byte, 4*w*h)
				a.ReadPixels(pa)
				b.ReadPixels(pb)
				diff, inked := 0, 0
				for i := 0; i < len(pa); i += 4 {
					if [4]byte(pa[i:i+4]) != [4]byte(pb[i:i+4]) {
						diff++
					}
					if pa[i+3] != 0 {
						inked++
					}
				}
				if diff != 0 {
					t.Errorf("size %v %q at %v: %d of %d pixels differ from text/v2", size, s, at, diff, w*h)
				}
				if s != "" && inked == 0 {
					t.Errorf("size %v %q at %v: nothing drawn", size, s, at)
				}
				a.Deallocate()
				b.Deallocate()
			}
		}
	}
}

func measure(s string, f text.Face) float64 {
	w, _ := text.Measure(s, f, 0)
	return w
}

// TestDrawTextKeepsOptions: DrawText leaves the caller's GeoM as it was, so a caller may draw
// several lines with one options value.
func TestDrawTextKeepsOptions(t *testing.T) {
	img := ebiten.NewImage(64, 32)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(3, 4)
	before := op.GeoM
	DrawText(img, "Ab", Face(12), op)
	if op.GeoM != before {
		t.Errorf("GeoM changed: %v, was %v", op.GeoM.String(), before.String())
	}
}

// BenchmarkTextWidth: the width of a tag's line, as the panels and tags ask for it every frame
// they are laid out.
func BenchmarkTextWidth(b *testing.B) {
	f := Face(13)
	for b.Loop() {
		f.Width("blue-landspeeder-1 · 4.25\" · range 2 · heavy cover")
	}
}
