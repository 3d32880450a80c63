package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The table as a player meets it (issue 17): messages that belong to their action, drags the
// rules would not let stand, panels that leave the table clear, tags, the phone, German.

// viewport sets the page's size in CSS px (device scale 1) and waits for the app to fit it.
func (p *page) viewport(w, h int64, mobile bool) {
	p.t.Helper()
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
	if mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	p.do("viewport", chromedp.EmulateViewport(w, h, opts...))
	p.poll(`JSON.parse(window.holotable.state()).screen.width === `+itoa(w), 10*time.Second)
	p.waitFrames(4)
}

func itoa(v int64) string { b, _ := json.Marshal(v); return string(b) }

// standingOf is the state's standing part (scenes/standing.go).
type standingOf struct {
	Action   int `json:"action"`
	Standing *struct {
		Pending []struct {
			Rule string `json:"rule"`
		} `json:"pending"`
		Marked []string `json:"marked"`
	} `json:"standing"`
}

func (p *page) standing() standingOf {
	p.t.Helper()
	var s standingOf
	if err := json.Unmarshal([]byte(evalJS[string](p, `window.holotable.state()`)), &s); err != nil {
		p.t.Fatal(err)
	}
	return s
}

// placeAnyway answers a drag the rules would not let stand (a mini out of its unit's cohesion,
// on another base) with "Place anyway", as a player who means it does; it reports whether it was
// asked.
func (p *page) placeAnyway() bool {
	p.t.Helper()
	if s := p.standing(); s.Standing == nil || len(s.Standing.Pending) == 0 {
		return false
	}
	p.poll(`document.querySelector("#ht-place-anyway") !== null`, 5*time.Second)
	p.click("#ht-place-anyway")
	p.waitFrames(2)
	return true
}

// leaderOf is the id of a unit's leader in the state.
func leaderOf(st appState, unit string) string {
	for _, u := range st.Units {
		if u.ID == unit {
			for _, m := range u.Minis {
				if m.Leader {
					return m.ID
				}
			}
		}
	}
	return ""
}

// TestUIMessagesAndPlacement: a refused import's message goes when the next action starts (a tool
// switch), and never colours an explanation; a drag of red-storm-2's leader onto blue-fleet-1's
// leader is not made — the message gives the rule and offers "Place anyway", which makes it and
// marks the mini until the move is undone (issue 17, items 1 and 2).
func TestUIMessagesAndPlacement(t *testing.T) {
	p := newPage(t)
	url := startServer(t, webDir(t))
	p.open(url, 1)
	p.waitUI()
	p.viewport(1440, 900, false)

	// Item 2: a stale message is gone after a tool switch.
	broken := filepath.Join(t.TempDir(), "broken.json")
	os.WriteFile(broken, []byte(`{"format": "holotable/9", "battlefield": {"width": 72, "depth": 36}}`), 0o644)
	p.do("upload a broken file", chromedp.SetUploadFiles("#ht-file", []string{broken}, chromedp.NodeReady))
	p.poll(`document.querySelector("#ht-message").textContent.includes("import refused")`, 10*time.Second)
	p.click(`#ht-tools button[data-tool="units"]`)
	p.poll(`!document.querySelector("#ht-message").textContent.includes("import refused")`, 5*time.Second)
	if st := p.appState(); st.Message != "" {
		t.Errorf("after a tool switch the scene still shows %q", st.Message)
	}
	// An explanation after a refusal is not red.
	p.do("upload a broken file", chromedp.SetUploadFiles("#ht-file", []string{broken}, chromedp.NodeReady))
	p.poll(`document.querySelector("#ht-message").textContent.includes("import refused")`, 10*time.Second)
	p.click(`#ht-tools button[data-tool="measure"]`)
	p.mustCommand("select", "red-storm-2")
	p.mustCommand("explain", map[string]string{"attacker": "red-storm-2", "defender": "blue-fleet-1"})
	p.poll(`document.querySelectorAll("#ht-message li").length > 0`, 10*time.Second)
	if n := evalJS[int](p, `document.querySelectorAll("#ht-message .error, #ht-message.error").length`); n != 0 ||
		strings.Contains(p.text("#ht-message"), "import refused") {
		t.Errorf("the explanation after a refused import: %d red parts, text %q", n, p.text("#ht-message"))
	}
	p.mustCommand("select", "")

	// Item 1: the drag onto an enemy base with the real mouse.
	st := p.appState()
	from, onto := leaderOf(st, "red-storm-2"), leaderOf(st, "blue-fleet-1")
	x0, y0 := miniCSS(st, from)
	x1, y1 := miniCSS(st, onto)
	rev := st.Rev
	p.drag(x0, y0, x1, y1)
	p.poll(`document.querySelector("#ht-place-anyway") !== null`, 5*time.Second)
	s := p.standing()
	st = p.appState()
	if st.Rev != rev || s.Standing == nil || len(s.Standing.Pending) == 0 || s.Standing.Pending[0].Rule != "stand.overlap" ||
		!strings.Contains(st.Message, from+"'s base overlaps "+onto) {
		t.Fatalf("a drag onto an enemy base: rev %d → %d, standing %+v, message %q", rev, st.Rev, s.Standing, st.Message)
	}
	p.screenshot("ui-01-drag-refused-1440")
	p.click("#ht-place-anyway")
	p.poll(`JSON.parse(window.holotable.state()).rev !== `+itoa(int64(rev)), 5*time.Second)
	if s := p.standing(); s.Standing == nil || !slices.Contains(s.Standing.Marked, from) {
		t.Fatalf("placed anyway but not marked: %+v", s.Standing)
	}
	p.waitFrames(3)
	p.screenshot("ui-02-placed-anyway-marked-1440")
	p.click("#ht-undo")
	p.poll(`!JSON.parse(window.holotable.state()).standing`, 5*time.Second)
	if p.appState().Rev == rev+1 {
		t.Error("undo did not undo the placement")
	}
	p.noPanics()
}
