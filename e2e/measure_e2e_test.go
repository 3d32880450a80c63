//go:build !js

package e2e

import (
	"encoding/json"
	"reflect"
	"sort"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// measureToolState mirrors scenes.MeasureState (the measure tool's toolState).
type measureToolState struct {
	Selected string `json:"selected"`
	Labels   []struct {
		Unit     string   `json:"unit"`
		Band     int      `json:"band"`
		Distance float64  `json:"distance"`
		LOS      int      `json:"los"`
		Minis    int      `json:"minis"`
		Cover    string   `json:"cover"`
		Obscured []string `json:"obscured"`
		Hidden   []string `json:"hidden"`
	} `json:"labels"`
	Explain *struct {
		Attacker  string   `json:"attacker"`
		Defender  string   `json:"defender"`
		Cover     string   `json:"cover"`
		Obscured  []string `json:"obscured"`
		Hidden    []string `json:"hidden"`
		Obscurers []string `json:"obscurers"`
		Reasons   []struct {
			Text string `json:"text"`
			Cite string `json:"cite"`
		} `json:"reasons"`
		Rays []struct {
			Mini string     `json:"mini"`
			Seen bool       `json:"seen"`
			From [3]float64 `json:"from"`
			To   [3]float64 `json:"to"`
		} `json:"rays"`
	} `json:"explain"`
	Ruler *struct {
		From     any     `json:"from"`
		To       any     `json:"to"`
		Distance float64 `json:"distance"`
		Band     int     `json:"band"`
		Live     bool    `json:"live"`
	} `json:"ruler"`
	Dragging string `json:"dragging"`
}

func (p *page) measure() (appState, measureToolState) {
	p.t.Helper()
	st := p.appState()
	var m measureToolState
	if st.Tool != "measure" {
		p.t.Fatalf("tool %q, want measure", st.Tool)
	}
	if err := json.Unmarshal(st.ToolState, &m); err != nil {
		p.t.Fatalf("toolState: %v\n%s", err, st.ToolState)
	}
	return st, m
}

// checkLabelsAgainstJudge asks cmd/tablecheck, on the table the app exports, the questions every
// label answers (range with attack=true, LOS per mini pair, cover) and compares.
func checkLabelsAgainstJudge(t *testing.T, p *page, bin string, m measureToolState) {
	t.Helper()
	st := p.appState()
	var units = map[string][]string{}
	for _, u := range st.Units {
		for _, mi := range u.Minis {
			units[u.ID] = append(units[u.ID], mi.ID)
		}
	}
	var qs []map[string]any
	for _, lb := range m.Labels {
		qs = append(qs, map[string]any{"id": "r " + lb.Unit, "kind": "range", "from": m.Selected, "to": lb.Unit, "attack": true},
			map[string]any{"id": "c " + lb.Unit, "kind": "cover", "attacker": m.Selected, "defender": lb.Unit})
		for _, a := range units[m.Selected] {
			for _, b := range units[lb.Unit] {
				qs = append(qs, map[string]any{"id": "l " + a + " " + b, "kind": "los", "from": a, "to": b})
			}
		}
	}
	ans := askJudge(t, bin, withQuery(t, p.export(), qs))
	for _, lb := range m.Labels {
		var r struct {
			Distance float64 `json:"distance"`
			Band     int     `json:"band"`
		}
		var c struct {
			Cover    string   `json:"cover"`
			Obscured []string `json:"obscured"`
			Hidden   []string `json:"hidden"`
		}
		json.Unmarshal(ans["r "+lb.Unit], &r)
		json.Unmarshal(ans["c "+lb.Unit], &c)
		los := 0
		for _, a := range units[m.Selected] {
			for _, b := range units[lb.Unit] {
				var l struct {
					LOS bool `json:"los"`
				}
				json.Unmarshal(ans["l "+a+" "+b], &l)
				if l.LOS {
					los++
					break
				}
			}
		}
		if lb.Band != r.Band || lb.Distance != r.Distance || lb.LOS != los || lb.Minis != len(units[m.Selected]) ||
			lb.Cover != c.Cover || !reflect.DeepEqual(lb.Obscured, c.Obscured) || !reflect.DeepEqual(lb.Hidden, c.Hidden) {
			t.Errorf("%s → %s: the app shows %+v; the judge: range %d %.4f, LOS %d/%d, cover %s %v %v",
				m.Selected, lb.Unit, lb, r.Band, r.Distance, los, len(units[m.Selected]), c.Cover, c.Obscured, c.Hidden)
		}
	}
}

// TestMeasureScreens: the measure tool in the browser — a unit selected with its range bands and
// the labels on every enemy unit (compared with cmd/tablecheck), an explanation opened by the
// command and by a click, the ruler, and a mini dragged with live labels (with its frame time).
func TestMeasureScreens(t *testing.T) {
	bin := judge(t)
	p := newPage(t)
	url := startServer(t, webDir(t))
	p.open(url+"?map=default", 1)

	p.mustCommand("select", "red-storm-2-1")
	p.waitFrames(3)
	_, m := p.measure()
	if m.Selected != "red-storm-2" || len(m.Labels) != 6 {
		t.Fatalf("after select: %+v", m)
	}
	checkLabelsAgainstJudge(t, p, bin, m)
	p.screenshot("10-measure-selected")

	// The explanation by command: the same cover as the judge, rays to every defending mini.
	p.mustCommand("explain", map[string]string{"attacker": "red-storm-2", "defender": "blue-fleet-1"})
	p.waitFrames(3)
	_, m = p.measure()
	if m.Explain == nil || m.Explain.Defender != "blue-fleet-1" || len(m.Explain.Rays) != 4 || len(m.Explain.Reasons) < 4 {
		t.Fatalf("explain: %+v", m.Explain)
	}
	ans := askJudge(t, bin, withQuery(t, p.export(), []map[string]any{{"id": "c", "kind": "cover", "attacker": "red-storm-2", "defender": "blue-fleet-1"}}))
	var c struct {
		Cover  string   `json:"cover"`
		Hidden []string `json:"hidden"`
	}
	json.Unmarshal(ans["c"], &c)
	hidden := []string{}
	for _, r := range m.Explain.Rays {
		if !r.Seen {
			hidden = append(hidden, r.Mini)
		}
	}
	sort.Strings(hidden)
	if m.Explain.Cover != c.Cover || !reflect.DeepEqual(hidden, c.Hidden) {
		t.Errorf("explain cover %s, red rays to %v; judge %s hidden %v", m.Explain.Cover, hidden, c.Cover, c.Hidden)
	}
	p.screenshot("10-measure-explain")
	p.language("de")
	p.mustCommand("lengthUnit", "cm")
	p.waitFrames(3)
	p.screenshot("10-measure-explain-de-cm")
	p.language("en")
	p.mustCommand("lengthUnit", "in")

	// A real click on another enemy's mini opens its explanation instead.
	st := p.appState()
	var tx, ty float64
	for _, u := range st.Units {
		if u.ID == "blue-atrt-1" {
			tx, ty = st.Camera.toCSS(u.Minis[0].X, u.Minis[0].Y, st.Screen.Scale)
		}
	}
	p.do("click an enemy", chromedp.MouseClickXY(tx, ty))
	p.waitFrames(3)
	if _, m = p.measure(); m.Explain == nil || m.Explain.Defender != "blue-atrt-1" || m.Selected != "red-storm-2" {
		t.Errorf("click on blue-atrt-1: %+v", m.Explain)
	}

	// The ruler by command equals the judge's distance between the bases.
	p.mustCommand("select", "red-shore-1-1")
	p.mustCommand("ruler", map[string]string{"from": "red-shore-1-1", "to": "blue-fleet-1-2"})
	p.waitFrames(3)
	_, m = p.measure()
	ans = askJudge(t, bin, withQuery(t, p.export(), []map[string]any{{"id": "d", "kind": "distance", "a": "red-shore-1-1", "b": "blue-fleet-1-2"}}))
	var d struct {
		Distance float64 `json:"distance"`
	}
	json.Unmarshal(ans["d"], &d)
	if m.Ruler == nil || m.Ruler.Distance != d.Distance {
		t.Errorf("ruler %+v, judge distance %v", m.Ruler, d.Distance)
	}
	checkLabelsAgainstJudge(t, p, bin, m)
	p.screenshot("10-measure-ruler")

	// Drag a mini of the selected unit with the real mouse: live labels on a preview, then one
	// undoable edit; the labels still agree with the judge on the exported table.
	st = p.appState()
	var mx, my float64
	for _, u := range st.Units {
		if u.ID == "red-shore-1" {
			mx, my = st.Camera.toCSS(u.Minis[2].X, u.Minis[2].Y, st.Screen.Scale)
		}
	}
	rev := st.Rev
	p.mouse(chromedp.MouseMoved, mx, my)
	p.waitFrames(1)
	p.mouse(chromedp.MousePressed, mx, my, chromedp.ButtonLeft, buttons(1), chromedp.ClickCount(1))
	p.waitFrames(2)
	evalJS[any](p, `window.holotable.resetFrameTimes()`)
	start := time.Now()
	const steps = 40
	for i := 1; i <= steps; i++ {
		p.mouse(chromedp.MouseMoved, mx+float64(i)*3, my-float64(i)*2, chromedp.ButtonLeft, buttons(1))
		p.waitFrames(1)
	}
	st, m = p.measure()
	t.Logf("dragging a mini with live labels: %d frames in %v, Update+Draw median %.2f ms, p90 %.2f ms (n=%d)",
		st.Frames, time.Since(start).Round(time.Millisecond), st.FrameTimes.MedianMs, st.FrameTimes.P90Ms, st.FrameTimes.N)
	if m.Dragging != "red-shore-1-3" || st.Rev != rev {
		t.Errorf("mid-drag: dragging %q, rev %d → %d", m.Dragging, rev, st.Rev)
	}
	p.screenshot("10-measure-drag")
	p.mouse(chromedp.MouseReleased, mx+steps*3, my-steps*2, chromedp.ButtonLeft, chromedp.ClickCount(1))
	p.waitFrames(3)
	p.placeAnyway() // where it leaves its unit's cohesion, the player says so
	st, m = p.measure()
	if st.Rev != rev+1 || st.UndoLabel != "move red-shore-1-3" || m.Dragging != "" {
		t.Errorf("after the release: rev %d → %d, undo %q, dragging %q, message %q", rev, st.Rev, st.UndoLabel, m.Dragging, st.Message)
	}
	checkLabelsAgainstJudge(t, p, bin, m)
	p.noPanics()
}
