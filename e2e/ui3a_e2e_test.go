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
