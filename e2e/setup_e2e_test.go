//go:build !js

package e2e

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// setupView is the setup tool's part of state() (scenes.setupState, decoded here on its own).
type setupView struct {
	Phase   string `json:"phase"`
	Turn    string `json:"turn"`
	Blue    string `json:"blue"`
	Red     string `json:"red"`
	Edge    string `json:"blueEdge"`
	Armed   string `json:"armed"`
	Cards   []string
	Zones   []struct{ Colour string } `json:"zones"`
	Tokens  struct{ Placed, ToPlace int }
	Waiting map[string][]string `json:"waiting"`
	Draft   *struct {
		Left [3][]string `json:"left"`
		Done bool        `json:"done"`
	} `json:"draft"`
	Refused *struct{ Reason string } `json:"refused"`
	Hover   *struct {
		Legal bool `json:"legal"`
	} `json:"hover"`
	Buttons []struct {
		Text string     `json:"text"`
		Rect [4]float64 `json:"rect"`
	} `json:"buttons"`
	CardBoxes []struct {
		Row  int        `json:"row"`
		ID   string     `json:"id"`
		Rect [4]float64 `json:"rect"`
	} `json:"cardBoxes"`
}

func (p *page) setupView() (appState, setupView) {
	p.t.Helper()
	st := p.appState()
	if st.Tool != "setup" {
		p.t.Fatalf("tool %q, want setup", st.Tool)
	}
	var v setupView
	if err := json.Unmarshal(st.ToolState, &v); err != nil {
		p.t.Fatalf("setup toolState: %v\n%s", err, st.ToolState)
	}
	return st, v
}

// clickAt presses and releases the left button at a CSS point, a few frames apart.
func (p *page) clickAt(x, y float64) {
	p.t.Helper()
	p.mouse(chromedp.MouseMoved, x, y)
	p.waitFrames(2)
	p.mouse(chromedp.MousePressed, x, y, chromedp.ButtonLeft, buttons(1), chromedp.ClickCount(1))
	p.waitFrames(2)
	p.mouse(chromedp.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1))
	p.waitFrames(3)
}

// clickSetupButton clicks the setup palette's button whose text starts with prefix.
func (p *page) clickSetupButton(prefix string) {
	p.t.Helper()
	_, v := p.setupView()
	for _, b := range v.Buttons {
		if strings.HasPrefix(b.Text, prefix) {
			p.clickAt(b.Rect[0]+b.Rect[2]/2, b.Rect[1]+b.Rect[3]/2)
			return
		}
	}
	p.t.Fatalf("no setup button %q in %+v", prefix, v.Buttons)
}

// startSetup clicks the page panel's "Start setup with this table" (the canvas does not repeat
// the page's start buttons, D129) and waits for the terrain phase.
func (p *page) startSetup() {
	p.t.Helper()
	p.click("#ht-setup-start")
	p.poll(`JSON.parse(window.holotable.state()).toolState.phase === "terrain"`, 5*time.Second)
	p.waitFrames(3)
}

// clickCard clicks the draft card id.
func (p *page) clickCard(id string) {
	p.t.Helper()
	_, v := p.setupView()
	for _, c := range v.CardBoxes {
		if c.ID == id {
			p.clickAt(c.Rect[0]+c.Rect[2]/2, c.Rect[1]+c.Rect[3]/2)
			return
		}
	}
	p.t.Fatalf("no card %s on screen", id)
}

// tableCSS is the CSS point of a table point (device scale 1).
func (p *page) tableCSS(x, y float64) (float64, float64) {
	st := p.state()
	return st.Camera.toCSS(x, y, 1)
}

// messageLine is the page's message line text.
func (p *page) messageLine() string {
	return evalJS[string](p, `document.querySelector("#ht-message").textContent`)
}

// TestSetup runs a whole setup on the default table in the browser, by mouse where a person would
// use the mouse: the Setup tool from the toolbar, Start, blue's side and edge from the palette; a
// barricade armed from the palette and clicked within range 1 of a piece — refused with the rule
// on the message line — then placed as the fallback (the panel's fallback button, then the same
// click); the cards dealt, a pass and two
// eliminations by clicking cards, the condition row's last card clicked and refused; the zones of
// Battle Lines drawn; an objective token clicked inside range 1 of a zone — refused with the
// card's reason — and four legal ones clicked; a blue unit dragged within its zone and the rest
// deployed in turn. Screenshots 70-setup-*.png.
func TestSetup(t *testing.T) {
	p := newPage(t)
	p.open(startServer(t, webDir(t))+"/?map=default", 1)
	p.waitUI()
	p.click(`button[data-tool="setup"]`)
	p.waitFrames(3)

	p.startSetup()
	p.clickSetupButton("side blue plays blue")
	p.clickSetupButton("blue edge: north")
	if _, v := p.setupView(); v.Phase != "terrain" || v.Blue != "blue" || v.Red != "red" || v.Edge != "north" {
		t.Fatalf("after start and colours: %+v", v)
	}

	// A barricade at (36, 30): within range 1 of other pieces, touching none.
	p.clickSetupButton("barricade")
	x, y := p.tableCSS(36, 30)
	rev := p.appState().Rev
	p.clickAt(x, y)
	st, v := p.setupView()
	if st.Rev != rev || v.Refused == nil || !strings.Contains(v.Refused.Reason, "within range 1") {
		t.Fatalf("a click within range 1: rev %d → %d, refused %+v", rev, st.Rev, v.Refused)
	}
	if msg := p.messageLine(); !strings.Contains(msg, "within range 1") {
		t.Errorf("message line %q does not give the reason", msg)
	}
	p.screenshot("70-setup-terrain-refused")
	// The page's fallback button (a touch screen has no Shift+click), then the same click.
	p.click("#ht-setup-fallback")
	p.poll(`JSON.parse(window.holotable.state()).toolState.fallback === true`, 5*time.Second)
	p.clickAt(x, y)
	if _, v = p.setupView(); v.Turn != "red" {
		t.Fatalf("after blue's piece: turn %q", v.Turn)
	}
	p.screenshot("70-setup-terrain")
	p.clickSetupButton("Next")

	// The draft.
	p.mustCommand("setup", map[string]any{"action": "deal",
		"objectives":  []string{"recover-the-supplies", "breakthrough", "key-positions"},
		"deployments": []string{"battle-lines", "the-long-march", "disarray"},
		"conditions":  []string{"clear-conditions", "limited-visibility", "supply-drop"}})
	p.waitFrames(3)
	p.clickSetupButton("Pass")
	p.clickCard("clear-conditions")
	p.clickCard("limited-visibility")
	rev = p.appState().Rev
	p.clickCard("supply-drop")
	if st, v = p.setupView(); st.Rev != rev || v.Refused == nil || !strings.Contains(v.Refused.Reason, "cannot be discarded") {
		t.Fatalf("the last card: rev %d → %d, refused %+v", rev, st.Rev, v.Refused)
	}
	p.screenshot("70-setup-draft-refused")
	p.clickSetupButton("Pass")
	if _, v = p.setupView(); v.Draft == nil || !v.Draft.Done || strings.Join(v.Cards, ",") != "recover-the-supplies,battle-lines,supply-drop" {
		t.Fatalf("the draft: %+v, cards %v", v.Draft, v.Cards)
	}
	p.screenshot("70-setup-draft")
	p.clickSetupButton("Next")

	// Tokens: the centre one is placed by the card; (36, 8) is within range 1 of red's zone.
	if _, v = p.setupView(); v.Phase != "tokens" || len(v.Zones) != 2 || v.Tokens.ToPlace != 4 {
		t.Fatalf("tokens phase: %+v", v)
	}
	x, y = p.tableCSS(36, 8)
	p.mouse(chromedp.MouseMoved, x, y)
	p.waitFrames(4)
	if _, v = p.setupView(); v.Hover == nil || v.Hover.Legal {
		t.Errorf("the preview at (36, 8): %+v", v.Hover)
	}
	p.screenshot("70-setup-token-preview")
	rev = p.appState().Rev
	p.clickAt(x, y)
	if st, v = p.setupView(); st.Rev != rev || v.Refused == nil || !strings.Contains(v.Refused.Reason, "zone") {
		t.Fatalf("a token within range 1 of a zone: rev %d → %d, refused %+v", rev, st.Rev, v.Refused)
	}
	p.screenshot("70-setup-token-refused")
	for i, q := range [][2]float64{{24, 20}, {48, 16}, {62, 19}, {3, 22}} {
		x, y = p.tableCSS(q[0], q[1])
		p.clickAt(x, y)
		if _, v = p.setupView(); v.Tokens.Placed != i+1 {
			t.Fatalf("token at %v: placed %d, refused %+v", q, v.Tokens.Placed, v.Refused)
		}
	}
	p.screenshot("70-setup-tokens")
	p.clickSetupButton("Next")

	// Deployment: blue first; drag blue-rebel-1 1" towards the middle, still in its zone.
	if _, v = p.setupView(); v.Phase != "deploy" || v.Turn != "blue" {
		t.Fatalf("deploy phase: %+v", v)
	}
	x0, y0 := p.tableCSS(64.5, 33.8)
	x1, y1 := p.tableCSS(64.5, 32.8)
	p.drag(x0, y0, x1, y1)
	if _, v = p.setupView(); v.Turn != "red" || len(v.Waiting["blue"]) != 5 {
		t.Fatalf("after dragging blue-rebel-1: turn %q, waiting %v, refused %+v", v.Turn, v.Waiting, v.Refused)
	}
	for len(v.Waiting["blue"])+len(v.Waiting["red"]) > 0 {
		p.mustCommand("setup", map[string]any{"action": "deploy", "unit": v.Waiting[v.Turn][0]})
		_, v = p.setupView()
	}
	p.clickSetupButton("Next")
	if _, v = p.setupView(); v.Phase != "done" {
		t.Fatalf("the setup did not finish: %+v", v)
	}
	p.screenshot("70-setup-done")
	p.noPanics()
}
