//go:build !js

package e2e

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"holotable/internal/tabletest"
	"holotable/maps"
)

// conformanceText is the table of a public judge case without its queries, as text to import.
func conformanceText(t *testing.T, name string) string {
	t.Helper()
	b, err := tabletest.ConformanceTable(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sameManeuver checks the app's answer against the judge's maneuver answer: every field the
// judge prints (x, y, facing, blocked, blockedBy, maxSpeed, legal, wounds).
func sameManeuver(t *testing.T, what string, app, judge json.RawMessage) {
	t.Helper()
	var a, j map[string]any
	if err := json.Unmarshal(app, &a); err != nil {
		t.Fatalf("%s: app answer %s: %v", what, app, err)
	}
	if err := json.Unmarshal(judge, &j); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"x", "y", "facing", "blocked", "blockedBy", "maxSpeed", "legal", "wounds"} {
		x, _ := json.Marshal(a[k])
		y, _ := json.Marshal(j[k])
		if string(x) != string(y) {
			t.Errorf("%s: %s is %s in the app, %s from the judge", what, k, x, y)
		}
	}
}

// viewport sets the page's size (CSS px) and refits the table.
func (p *page) viewport(w, h int64) {
	p.t.Helper()
	p.do("viewport", chromedp.EmulateViewport(w, h, chromedp.EmulateScale(1)))
	p.waitFrames(4)
	p.mustCommand("fit", nil)
	p.waitFrames(3)
}

// TestMoveModes (issue 14): the move tool's modes in the browser, each answer compared with the
// judge's maneuver answer for the exported table. Conformance case 30's landspeeder (Hover: Air
// 1, side notches): a reverse picked with the page's mode button, a strafe left picked with the
// key A, each committed as one op and the exported table's leader where the judge put it; case
// 32's bike4 (Speeder 1): the compulsory move ends short with 3 wounds, made by one click on the
// ghost; then the AT-ST's arcs drawn (measure tool) and the arc answers in its tags. Screenshots
// 30-moves-*.png at 1440×900, 1024×700 and 390×844.
func TestMoveModes(t *testing.T) {
	p := newPage(t)
	url := startServer(t, webDir(t))
	p.open(url+"?map=default", 1)
	bin := judge(t)
	p.viewport(1024, 700)
	p.mustCommand("import", conformanceText(t, "30-maneuver-strafe-hover.json"))
	p.mustCommand("tool", "move")
	p.mustCommand("moveSelect", "landspeeder")
	p.waitFrames(3)
	if _, mt := p.moveTool(); strings.Join(mt.Modes, ",") != "standard,reverse,strafe-left,strafe-right" {
		t.Fatalf("landspeeder modes %v", mt.Modes)
	}

	// Reverse, with the page's button; speed 1.
	p.click(`button[data-mode="reverse"]`)
	p.mustCommand("moveSpeed", 1)
	p.waitFrames(3)
	_, mt := p.moveTool()
	if mt.Mode != "reverse" || mt.Heading != 180 {
		t.Fatalf("after the reverse button: mode %s, tool heading %v", mt.Mode, mt.Heading)
	}
	p.screenshot("30-moves-reverse-1024")
	got := askJudge(t, bin, withQuery(t, p.export(), []map[string]any{
		{"id": "rev", "kind": "maneuver", "mini": "ls-1", "mode": "reverse", "speed": 1, "bend": 0, "fraction": 1}}))
	sameManeuver(t, "reverse 1", mt.Answer, got["rev"])
	p.mustCommand("moveCommit", nil)
	var end struct {
		X, Y float64
	}
	json.Unmarshal(got["rev"], &end)
	if x, y := leaderAt(t, p.export(), "ls-1"); math.Abs(x-end.X) > 1e-4 || math.Abs(y-end.Y) > 1e-4 {
		t.Errorf("after the reverse the exported leader is at (%v, %v), the judge says (%v, %v)", x, y, end.X, end.Y)
	}

	// Strafe left with the key A, speed 2 (over the low piece), on the table as it now is.
	p.mustCommand("moveSelect", "landspeeder")
	p.focusCanvas()
	p.key('a')
	p.mustCommand("moveSpeed", 2)
	p.waitFrames(3)
	_, mt = p.moveTool()
	if mt.Mode != "strafe-left" {
		t.Fatalf("after the key A: mode %s", mt.Mode)
	}
	p.screenshot("30-moves-strafe-1024")
	got = askJudge(t, bin, withQuery(t, p.export(), []map[string]any{
		{"id": "sl", "kind": "maneuver", "mini": "ls-1", "mode": "strafe-left", "speed": 2, "bend": 0, "fraction": 1}}))
	sameManeuver(t, "strafe left 2", mt.Answer, got["sl"])
	p.mustCommand("moveCommit", nil)
	json.Unmarshal(got["sl"], &end)
	if x, y := leaderAt(t, p.export(), "ls-1"); math.Abs(x-end.X) > 1e-4 || math.Abs(y-end.Y) > 1e-4 {
		t.Errorf("after the strafe the exported leader is at (%v, %v), the judge says (%v, %v)", x, y, end.X, end.Y)
	}

	// The compulsory move of bike4 that ends short: one click on the ghost.
	p.viewport(1440, 900)
	p.mustCommand("import", conformanceText(t, "32-maneuver-compulsory-speeder.json"))
	p.mustCommand("tool", "move")
	p.mustCommand("moveSelect", "bike4")
	p.click(`button[data-mode="compulsory"]`)
	p.waitFrames(3)
	_, mt = p.moveTool()
	got = askJudge(t, bin, withQuery(t, p.export(), []map[string]any{{"id": "c", "kind": "maneuver", "mini": "b4-1", "mode": "compulsory"}}))
	sameManeuver(t, "bike4's compulsory move", mt.Answer, got["c"])
	var ans struct {
		X, Y   float64
		Wounds int
	}
	json.Unmarshal(mt.Answer, &ans)
	if ans.Wounds != 3 {
		t.Errorf("bike4's compulsory move: %d wounds, want 3", ans.Wounds)
	}
	p.screenshot("30-moves-compulsory-1440")
	rev := p.appState().Rev
	p.clickTable(ans.X, ans.Y) // moves_more_e2e_test.go
	if st := p.appState(); st.Rev != rev+1 {
		t.Errorf("one click on the compulsory move's ghost: rev %d → %d", rev, st.Rev)
	}
	if x, y := leaderAt(t, p.export(), "b4-1"); math.Abs(x-ans.X) > 1e-4 || math.Abs(y-ans.Y) > 1e-4 {
		t.Errorf("bike4 at (%v, %v), the judge says (%v, %v)", x, y, ans.X, ans.Y)
	}
	if m := p.appState().Message; !strings.Contains(m, "3 wounds") {
		t.Errorf("message %q names no wounds", m)
	}

	// The AT-ST's arcs (default table) and the arc answers in the tags, at phone size too.
	p.mustCommand("import", string(maps.Default()))
	p.mustCommand("tool", "measure")
	p.mustCommand("select", "red-atst-1-1")
	p.waitFrames(4)
	p.screenshot("30-moves-arcs-1440")
	var ms struct {
		ToolState struct {
			Labels []struct {
				Unit string `json:"unit"`
				Arcs *struct {
					In []string `json:"in"`
				} `json:"arcs"`
			} `json:"labels"`
		} `json:"toolState"`
	}
	json.Unmarshal([]byte(evalJS[string](p, `window.holotable.state()`)), &ms)
	var qs []map[string]any
	for _, lb := range ms.ToolState.Labels {
		for _, arc := range []string{"front", "left", "rear", "right"} {
			qs = append(qs, map[string]any{"id": lb.Unit + "/" + arc, "kind": "arc", "from": "red-atst-1-1", "to": lb.Unit, "arc": arc})
		}
	}
	if len(qs) == 0 {
		t.Fatal("no tags")
	}
	got = askJudge(t, bin, withQuery(t, p.export(), qs))
	in := 0
	for _, lb := range ms.ToolState.Labels {
		if lb.Arcs == nil {
			t.Errorf("%s: no arcs in the AT-ST's tag", lb.Unit)
			continue
		}
		var want []string
		for _, arc := range []string{"front", "left", "rear", "right"} {
			var a struct {
				InArc bool `json:"inArc"`
			}
			json.Unmarshal(got[lb.Unit+"/"+arc], &a)
			if a.InArc {
				want = append(want, arc)
			}
		}
		in += len(want)
		if strings.Join(lb.Arcs.In, ",") != strings.Join(want, ",") {
			t.Errorf("%s: the tag says arcs %v, the judge %v", lb.Unit, lb.Arcs.In, want)
		}
	}
	if in == 0 {
		t.Error("no enemy unit in any of the AT-ST's arcs")
	}
	p.viewport(390, 844)
	p.screenshot("30-moves-arcs-390")
	p.language("de")
	p.mustCommand("tool", "move")
	p.mustCommand("moveSelect", "red-atst-1")
	p.waitFrames(3)
	p.screenshot("30-moves-modes-de-390")
	// On the phone the move tool's lines stand in the page's panel, behind the sheet's handle,
	// not over the table's top: unfolded, they are there and in German.
	p.click("#ht-grip")
	p.poll(`document.getElementById("ht-grip").getAttribute("aria-expanded") === "true"`, 5*time.Second)
	p.poll(`(document.getElementById("ht-move-lines") || {}).innerText?.includes("Geschwindigkeit")`, 5*time.Second)
	p.waitFrames(3)
	p.screenshot("30-moves-modes-de-390-unfolded")
	p.click("#ht-grip")
	p.poll(`document.getElementById("ht-grip").getAttribute("aria-expanded") === "false"`, 5*time.Second)
	p.language("en")
	p.noPanics()
}

// leaderAt is where mini id stands in the exported table text.
func leaderAt(t *testing.T, file, id string) (float64, float64) {
	t.Helper()
	var f struct {
		Units []struct {
			Minis []struct {
				ID string  `json:"id"`
				X  float64 `json:"x"`
				Y  float64 `json:"y"`
			} `json:"minis"`
		} `json:"units_on_table"`
	}
	if err := json.Unmarshal([]byte(file), &f); err != nil {
		t.Fatal(err)
	}
	for _, u := range f.Units {
		for _, m := range u.Minis {
			if m.ID == id {
				return m.X, m.Y
			}
		}
	}
	t.Fatalf("no mini %s in the export", id)
	return 0, 0
}
