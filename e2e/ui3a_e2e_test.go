//go:build !js

package e2e

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/golang/geo/r2"

	"holotable/rules"
	"holotable/table"
)

// Issue 17 items 8 and the table that moved on a tool switch, in the browser.

// TestUIBendAndStill shares one page: bendFarEnd, then tableStill.
func TestUIBendAndStill(t *testing.T) {
	p := newPage(t)
	url := startServer(t, webDir(t))
	p.open(url+"?map=default", 1)
	t.Run("bendFarEnd", func(t *testing.T) { bendFarEnd(t, p) })
	t.Run("tableStill", func(t *testing.T) { tableStill(t, p) })
}

// tableRect is the table's rectangle on the screen in CSS px: left, top, right, bottom.
func tableRect(st state) [4]float64 {
	return st.Camera.boxCSS(st.Table.Width, st.Table.Depth, st.Screen.Scale)
}

// tableStill (D78's open end): at 1440×900 and 1024×700 the table's screen rectangle is the
// same in every tool of the toolbar — a palette stands in the dock instead of pushing the table
// down — and the upright table is at least 90% as wide as the screen less its margins (72×36
// fitted to the width). On a 390×844 phone the tools without a palette (measure, move, game,
// setup before it starts) draw it turned (D146), the same rectangle; a tool with one (terrain,
// units, dice) fits it into the room above its finger-sized palette, turned where that shows it
// larger than upright (its top where the others have it), and its palette stands between the
// table and the page's dock (state paletteBand; D155). Screenshots ui3a-<size>-terrain.png (the
// longest palette), ui3a-390-units and -dice.
func tableStill(t *testing.T, p *page) {
	p.t = t
	p.mustCommand("fit", nil)
	for _, sz := range uiSizes {
		p.screenSize(sz.w, sz.h, sz.mobile)
		var first [4]float64
		firstTool := ""
		for _, tool := range []string{"measure", "move", "terrain", "units", "setup", "game", "dice"} {
			p.mustCommand("tool", tool)
			p.waitFrames(2)
			st := p.state()
			r, turned := tableRect(st), st.Camera.Turned
			palette := tool == "terrain" || tool == "units" || tool == "dice"
			if turned != sz.mobile && !(sz.mobile && palette) {
				t.Errorf("%s, %s: the table turned %v", sz.name, tool, turned)
			}
			if firstTool == "" {
				first, firstTool = r, tool
				if w := r[2] - r[0]; !turned && w < 0.9*(float64(sz.w)-32) {
					t.Errorf("%s: the table is %.0f px wide of %d", sz.name, w, sz.w)
				}
				continue
			}
			if sz.mobile && palette {
				upright := (float64(sz.w) - 32) / 72 // CSS px per inch of the upright table fitted to the width
				zoom := (r[2] - r[0]) / 72
				if turned {
					zoom = (r[2] - r[0]) / 36
				}
				if (turned && math.Abs(r[1]-first[1]) > 0.5) || zoom < upright-0.01 {
					t.Errorf("%s, %s: the table at %.1f (%.2f px per inch, turned %v), %s had its top at %.1f; upright it is %.2f px per inch",
						sz.name, tool, r, zoom, turned, firstTool, first[1], upright)
				}
				t.Logf("%s, %s: the table turned %v, %.2f px per inch (upright %.2f), the palette %.0f px", sz.name, tool, turned, zoom, upright, st.PaletteBand)
				dock := evalJS[float64](p, `document.getElementById("ht-bottom").getBoundingClientRect().top`)
				if top, bottom := r[3]+8, r[3]+8+st.PaletteBand; st.PaletteBand <= 0 || bottom > dock+1 {
					t.Errorf("%s, %s: the palette %.1f–%.1f, the page's dock from %.1f", sz.name, tool, top, bottom, dock)
				}
				p.screenshot("ui3a-" + sz.name + "-" + tool)
				continue
			}
			for j := range r {
				if math.Abs(r[j]-first[j]) > 0.5 {
					t.Errorf("%s, %s: the table stands at %.1f, %s had it at %.1f", sz.name, tool, r, firstTool, first)
					break
				}
			}
			if tool == "terrain" {
				p.screenshot("ui3a-" + sz.name + "-" + tool)
			}
		}
	}
	p.screenSize(1024, 768, false)
}

// bendFarEnd (item 8): red-storm-2's tool at speed 2, heading 0 (east), a full move. A real mouse
// press on the path 0.6 of the ghost's radius behind the far end — inside the ghost, nearer its
// centre than the far end, where the ghost used to take the drag and a bend became a partial move
// — dragged 50 CSS px up (north): the far end takes it and the tool bends (rules.World.AimBend of
// the far end moved by the drag on the exported table), the move stays full and the heading 0,
// and the app's answer is the judge's `move` answer for that query on the exported table.
func bendFarEnd(t *testing.T, p *page) {
	p.t = t
	p.mustCommand("tool", "move")
	p.mustCommand("moveSelect", "red-storm-2")
	p.mustCommand("moveSpeed", 2)
	p.mustCommand("moveSet", map[string]float64{"heading": 0, "bend": 0, "fraction": 1})
	p.waitFrames(3)
	f, err := table.Load([]byte(p.export()))
	if err != nil {
		t.Fatal(err)
	}
	w := rules.NewWorld(f)
	q := rules.MoveQuery{Mini: "red-storm-2-1", Speed: 2, Heading: 0, Fraction: 1}
	tl, err := w.Tool(q)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := w.Move(q)
	st := p.state()
	k := st.Screen.Scale
	ex, ey := st.Camera.toCSS(tl.End.X, tl.End.Y, k)
	gx, gy := st.Camera.toCSS(a.X, a.Y, k)
	px, py := ex+(gx-ex)*0.6, ey+(gy-ey)*0.6
	if d := math.Hypot(ex-gx, ey-gy); 0.6*d > 11 {
		t.Fatalf("the ghost's radius is %.1f CSS px: the press must be within the far end's 11", d)
	}
	p.drag(px, py, px, py-50)
	_, mt := p.moveTool()
	moved := 50 * k / st.Camera.Zoom // 50 CSS px in inches, up the screen is +y
	want, _ := w.AimBend(q, tl.End.Add(r2.Point{Y: moved}))
	if mt.Fraction != 1 || mt.Heading != 0 || math.Abs(mt.Bend-want) > 1e-6 || want < 20 {
		t.Errorf("after the drag: heading %v bend %v fraction %v, want 0, %.6f (AimBend), 1", mt.Heading, mt.Bend, mt.Fraction, want)
	}
	p.screenshot("ui3a-bend")
	bin := judge(t)
	got := askJudge(t, bin, withQuery(t, p.export(), []map[string]any{{"id": "bend", "kind": "move", "mini": mt.Leader,
		"speed": 2, "heading": mt.Heading, "bend": mt.Bend, "fraction": mt.Fraction}}))
	sameAnswer(t, "bent by the far end", mt.Answer, got["bend"])
	var ans struct{ Legal bool }
	_ = json.Unmarshal(mt.Answer, &ans)
	if !ans.Legal {
		t.Errorf("the bent move is not legal: %s", mt.Answer)
	}
	p.mustCommand("moveCancel", nil)
}
