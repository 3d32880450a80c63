//go:build !js

package e2e

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The table as a player meets it (issue 17): messages that belong to their action, drags the
// rules would not let stand, panels that leave the table clear, tags, the phone, German.

// screenSize sets the page's size in CSS px (device scale 1; with mobile, a phone's touch and mobile
// flags) and waits for the app to fit it.
func (p *page) screenSize(w, h int64, mobile bool) {
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
	p.screenSize(1440, 900, false)

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

// uiSize is a screen the app is tried at.
type uiSize struct {
	name   string
	w, h   int64
	mobile bool
}

var uiSizes = []uiSize{{"1440", 1440, 900, false}, {"1024", 1024, 700, false}, {"390", 390, 844, true}}

// tagBoxes are the measure tool's tags as drawn (device px).
func (p *page) tagBoxes() []box4 {
	p.t.Helper()
	raw := evalJS[string](p, `JSON.stringify((JSON.parse(window.holotable.state()).toolState || {}).tags || [])`)
	var tags []struct {
		Unit string  `json:"unit"`
		X    float64 `json:"x"`
		Y    float64 `json:"y"`
		W    float64 `json:"w"`
		H    float64 `json:"h"`
	}
	if err := json.Unmarshal([]byte(raw), &tags); err != nil {
		p.t.Fatal(err)
	}
	out := make([]box4, len(tags))
	for i, t := range tags {
		out[i] = box4{t.Unit, t.X, t.Y, t.X + t.W, t.Y + t.H}
	}
	return out
}

// box4 is a named screen box.
type box4 struct {
	name           string
	x0, y0, x1, y1 float64
}

func (a box4) overlaps(b box4) bool { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }

// unitBox is the screen box (device px) of a unit's bases.
func unitBox(st appState, unit string) box4 {
	b := box4{unit, 1e9, 1e9, -1e9, -1e9}
	for _, u := range st.Units {
		if u.ID != unit {
			continue
		}
		for _, m := range u.Minis {
			x, y := st.Camera.toDevice(m.X, m.Y)
			r := m.Base / 2 * st.Camera.Zoom
			b.x0, b.y0, b.x1, b.y1 = min(b.x0, x-r), min(b.y0, y-r), max(b.x1, x+r), max(b.y1, y+r)
		}
	}
	return b
}

// checkTags: no two tags overlap, and each stands next to its unit (its box within three tag
// heights and a name's line of the unit's bases).
func checkTags(t *testing.T, p *page, where string) {
	t.Helper()
	st := p.appState()
	tags := p.tagBoxes()
	if len(tags) == 0 {
		t.Errorf("%s: no tags drawn", where)
	}
	for i, a := range tags {
		for _, b := range tags[i+1:] {
			if a.overlaps(b) {
				t.Errorf("%s: the tags of %s and %s overlap: %+v %+v", where, a.name, b.name, a, b)
			}
		}
		u := unitBox(st, a.name)
		reach := 3*(a.y1-a.y0) + 17*st.Screen.Scale
		near := box4{"", u.x0 - reach, u.y0 - reach, u.x1 + reach, u.y1 + reach}
		if !a.overlaps(near) {
			t.Errorf("%s: the tag of %s floats away from it: tag %+v, unit %+v", where, a.name, a, u)
		}
	}
}

// checkClearOfPanels: the units' boxes on the screen are under none of the page's panels (the
// toolbar's groups, the tool panel, the message line with the explanation).
func checkClearOfPanels(t *testing.T, p *page, where string, units ...string) {
	t.Helper()
	st := p.appState()
	var panels []struct {
		ID         string
		X, Y, W, H float64
	}
	raw := evalJS[string](p, `JSON.stringify(Array.from(document.querySelectorAll("#ht-toolbar .ht-group, #ht-grip, #ht-panel, #ht-message, .ht-menu"))
		.filter((e) => e.offsetParent !== null && !e.hidden).map((e) => { const r = e.getBoundingClientRect();
		return {ID: e.id || e.className, X: r.x, Y: r.y, W: r.width, H: r.height}; }))`)
	if err := json.Unmarshal([]byte(raw), &panels); err != nil {
		t.Fatal(err)
	}
	k := st.Screen.Scale
	for _, u := range units {
		b := unitBox(st, u)
		b = box4{u, b.x0 / k, b.y0 / k, b.x1 / k, b.y1 / k}
		for _, pn := range panels {
			if pn.W > 0 && pn.H > 0 && b.overlaps(box4{pn.ID, pn.X, pn.Y, pn.X + pn.W, pn.Y + pn.H}) {
				t.Errorf("%s: %s (%.0f,%.0f–%.0f,%.0f) is under the panel %s (%.0f,%.0f %.0f×%.0f)",
					where, u, b.x0, b.y0, b.x1, b.y1, pn.ID, pn.X, pn.Y, pn.W, pn.H)
			}
		}
	}
}

// englishWords are words of English sentences that German never uses.
var englishWords = regexp.MustCompile(`(?i)\b(the|is|are|of|and|not|with|from|to|no|on|by|at|its?|this|that|cover|range|sees?|hidden|obscured|select(ed)?|drag|click|undo|redo|tool|units?|ruler|why|against|attacks?|leader|minis?)\b`)

// kebabID is a unit's or a mini's id ("at-rt-1", "red-storm-2-1"): data, not words.
var kebabID = regexp.MustCompile(`\b[a-z0-9]+(?:-[a-z0-9]+)+\b`)

// checkNoEnglish: the page's visible text, tooltips and labels in German hold no English sentence.
// Citations are left out: they name each rule in German and English on purpose (D77); so are
// ids and the names an army list gives (a command card's, "Son of Skywalker": an option showing
// its own value, or an element marked translate="no").
func checkNoEnglish(t *testing.T, p *page, where string) {
	t.Helper()
	texts := evalJS[[]string](p, `(() => {
		const out = [];
		const walk = (el) => {
			if (el.closest && el.closest("cite, script, style, [hidden], [translate=no]")) return;
			if (el.tagName === "OPTION" && el.value !== "" && el.textContent === el.value) return; // a name or an id the option stands for
			for (const n of el.childNodes) {
				if (n.nodeType === 3 && n.textContent.trim()) out.push(n.textContent.trim());
				else if (n.nodeType === 1) walk(n);
			}
			if (el.getAttribute) for (const a of ["title", "aria-label"]) { const v = el.getAttribute(a); if (v) out.push(v); }
		};
		walk(document.body);
		return out;
	})()`)
	for _, s := range texts {
		if m := englishWords.FindString(kebabID.ReplaceAllString(s, "")); m != "" {
			t.Errorf("%s de: English %q in %q", where, m, s)
		}
	}
}

// TestUIScreens: the default table with red-storm-2 selected and its attack on blue-fleet-1
// explained, at 1440×900, 1024×700 and a 390×844 phone, in English and German: no two tags
// overlap and each stands next to its unit; screenshots of each (issue 17, items 4, 9, 11).
func TestUIScreens(t *testing.T) {
	p := newPage(t)
	url := startServer(t, webDir(t))
	p.open(url, 1)
	p.waitUI()
	for _, lang := range []string{"en", "de"} {
		p.menuClick(`[data-lang="` + lang + `"]`)
		p.poll(`document.documentElement.lang === "`+lang+`"`, 5*time.Second)
		p.click("#ht-menu") // closed again
		for _, sz := range uiSizes {
			p.screenSize(sz.w, sz.h, sz.mobile)
			p.mustCommand("tool", "measure")
			p.mustCommand("fit", nil)
			checkHUD(t, p, sz, lang)
			checkNoRawKeys(t, p, sz.name+" "+lang)
			if sz.mobile {
				checkPhoneTable(t, p, sz.name+" "+lang)
			}
			p.mustCommand("select", "red-storm-2")
			p.waitFrames(4)
			checkTags(t, p, sz.name+" "+lang)
			p.screenshot("ui-10-measure-" + sz.name + "-" + lang)
			p.mustCommand("explain", map[string]string{"attacker": "red-storm-2", "defender": "blue-fleet-1"})
			p.waitFrames(4)
			checkClearOfPanels(t, p, sz.name+" "+lang, "red-storm-2", "blue-fleet-1")
			if !sz.mobile {
				checkPanelRowWhole(t, p, sz.name+" "+lang)
			}
			p.screenshot("ui-11-explain-" + sz.name + "-" + lang)
			if sz.mobile {
				checkSheet(t, p, sz.name+" "+lang)
			}
			p.mustCommand("select", "")
		}
	}
	p.screenSize(1440, 900, false)
	p.menuClick(`[data-lang="en"]`)
	p.noPanics()
}

// checkPanelRowWhole: beside a long explanation the tool's panel keeps its first row whole (its
// controls neither cut nor scrolled: at 1024×700 red-storm-2's explanation squeezed the Measure
// panel to a 14 px sliver), and the explanation keeps at least its title line.
func checkPanelRowWhole(t *testing.T, p *page, where string) {
	t.Helper()
	type result struct {
		Cut     []string `json:"cut"`
		Message float64  `json:"message"`
	}
	r := evalJS[result](p, `(() => {
		const panel = document.getElementById("ht-panel").getBoundingClientRect();
		const cut = Array.from(document.querySelectorAll("#ht-panel button, #ht-panel select, #ht-panel .ht-title"))
			.filter((e) => { const b = e.getBoundingClientRect(); return b.height > 0 && (b.top < panel.top - 0.5 || b.bottom > panel.bottom + 0.5); })
			.map((e) => e.textContent.trim() || e.tagName);
		return { cut, message: document.getElementById("ht-message").getBoundingClientRect().height };
	})()`)
	if len(r.Cut) > 0 {
		t.Errorf("%s: the panel's %q stand cut beside the explanation", where, r.Cut)
	}
	if r.Message < 20 {
		t.Errorf("%s: the explanation is %.0f px high", where, r.Message)
	}
}

// checkSheet (D153): on the phone red-storm-2's explanation does not fit the folded dock below
// the turned table, so the sheet's handle shows; a tap on it unfolds the sheet: the table is
// fitted anew into the room above it and stays clear of every panel, and the explanation stands
// in the sheet with at least five of its reasons whole (the folded dock showed none whole); a
// second tap folds it and the table is fitted as before.
func checkSheet(t *testing.T, p *page, where string) {
	t.Helper()
	grip := func() (open bool, x, y float64, shown bool) {
		var g struct {
			Hidden bool
			Open   string
			X, Y   float64
		}
		json.Unmarshal([]byte(evalJS[string](p, `JSON.stringify((() => { const g = document.getElementById("ht-grip"); const r = g.getBoundingClientRect();
			return { hidden: g.hidden || g.offsetParent === null, open: g.getAttribute("aria-expanded"), x: r.x + r.width / 2, y: r.y + r.height / 2 }; })())`)), &g)
		return g.Open == "true", g.X, g.Y, !g.Hidden
	}
	// wholeReasons counts the explanation's reasons that stand whole inside the message box.
	wholeReasons := func() int {
		return int(evalJS[float64](p, `(() => { const m = document.getElementById("ht-message"); if (!m || m.offsetParent === null) return 0;
			const b = m.getBoundingClientRect();
			return Array.from(m.querySelectorAll("li")).filter((li) => { const r = li.getBoundingClientRect(); return r.height > 0 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; }).length; })()`))
	}
	tap := func(x, y float64) {
		p.touch(input.DispatchTouchEventTypeTouchStart, [2]float64{x, y})
		p.touch(input.DispatchTouchEventTypeTouchEnd)
	}
	open, x, y, shown := grip()
	if !shown || open {
		t.Errorf("%s: the sheet's handle is shown %v, unfolded %v; want shown and folded under an explanation that does not fit", where, shown, open)
		return
	}
	folded := p.appState().Camera
	foldedReasons := wholeReasons()
	tap(x, y)
	p.poll(`document.getElementById("ht-grip").getAttribute("aria-expanded") === "true"`, 5*time.Second)
	p.waitFrames(4)
	unfolded := p.appState().Camera
	if unfolded.Zoom >= folded.Zoom {
		t.Errorf("%s: unfolding the sheet left the table's zoom at %.3f (folded %.3f): not fitted into the room above it", where, unfolded.Zoom, folded.Zoom)
	}
	checkClearOfPanels(t, p, where+" unfolded", "red-storm-2", "blue-fleet-1")
	if n := wholeReasons(); n < 5 || n <= foldedReasons {
		t.Errorf("%s: the unfolded sheet shows %d reasons whole (folded %d), want at least 5", where, n, foldedReasons)
	}
	p.screenshot("ui-11b-sheet-" + where[strings.LastIndex(where, " ")+1:])
	open, x, y, _ = grip()
	if !open {
		t.Fatalf("%s: the handle says folded after the tap", where)
	}
	tap(x, y)
	p.poll(`document.getElementById("ht-grip").getAttribute("aria-expanded") === "false"`, 5*time.Second)
	p.waitFrames(4)
	if again := p.appState().Camera; math.Abs(again.Zoom-folded.Zoom) > 1e-9 || again.Turned != folded.Turned {
		t.Errorf("%s: folded again, the table's zoom is %.3f turned %v, want %.3f turned %v as before", where, again.Zoom, again.Turned, folded.Zoom, folded.Turned)
	}
}

// checkNoRawKeys: no word on the page is a string key the page failed to look up
// ("legend.building" where "building: solid, impassable" belongs): the page drew something before
// it had the words and did not draw it again.
func checkNoRawKeys(t *testing.T, p *page, where string) {
	t.Helper()
	raw := evalJS[[]string](p, `Array.from(new Set((document.body.innerText.match(/\b(?:legend|ui|play|measure|move|grid|dice|setup|terrain|units|heat|history|online|hud)\.[A-Za-z][\w.]*/g) || [])))`)
	if len(raw) > 0 {
		t.Errorf("%s: string keys shown instead of words: %v", where, raw)
	}
}

// checkControlsWhole: no button, field or select of the page's toolbar, panel or message is cut
// at the window's right or left edge or by its own scrolling box's sides (the Setup panel's
// "Start setup with this table (its terrain and units)" ran 60 px off a 390 px phone's edge, its
// words kept on one line).
func checkControlsWhole(t *testing.T, p *page, where string) {
	t.Helper()
	cut := evalJS[[]string](p, `(() => {
		const out = [];
		for (const e of document.querySelectorAll("#ht-toolbar button, #ht-bottom button, #ht-bottom select, #ht-bottom input")) {
			if (e.offsetParent === null) continue;
			const shut = e.closest("details:not([open])"); // a folded details shows its summary only
			if (shut && !(e.closest("summary") && e.closest("summary").parentElement === shut)) continue;
			const b = e.getBoundingClientRect();
			if (b.width === 0 || b.height === 0) continue;
			// The boxes that clip it: its ancestors that clip overflow, from its containing block on
			// (an absolute box escapes the static ones in between, a fixed one all but the window).
			let left = 0, right = window.innerWidth, by = "the window";
			let mode = getComputedStyle(e).position;
			for (let a = e.parentElement; a && a !== document.body && mode !== "fixed"; a = a.parentElement) {
				const st = getComputedStyle(a);
				if (mode === "absolute" && st.position === "static") continue;
				mode = st.position === "fixed" || st.position === "absolute" ? st.position : "static";
				if (st.overflowX === "visible" || st.display === "inline" || st.display === "contents") continue; // no clip
				const r = a.getBoundingClientRect();
				if (r.left > left || r.right < right) by = a.tagName.toLowerCase() + (a.id ? "#" + a.id : "") + (a.className ? "." + String(a.className).split(" ")[0] : "");
				left = Math.max(left, r.left); right = Math.min(right, r.right);
			}
			if (b.right > right + 1 || b.left < left - 1) out.push((e.textContent || e.value || e.tagName).trim().slice(0, 40) + " " + Math.round(b.left) + "–" + Math.round(b.right) + " of " + by + " " + Math.round(left) + "–" + Math.round(right));
		}
		return out;
	})()`)
	if len(cut) > 0 {
		t.Errorf("%s: controls cut at the sides: %q", where, cut)
	}
}

// checkPhoneTable (issue 17 item 11, D146): on the portrait phone the 72×36 table is drawn
// turned and its screen box covers at least 58% of the page (upright it covered 19%); a tap on
// red-storm-2's leader where the turned camera draws it selects that mini.
func checkPhoneTable(t *testing.T, p *page, where string) {
	t.Helper()
	st := p.appState()
	b := st.Camera.boxCSS(st.Table.Width, st.Table.Depth, st.Screen.Scale)
	page := st.Screen.Width * st.Screen.Height / (st.Screen.Scale * st.Screen.Scale)
	// 0.58: the folded sheet below the table keeps 112 px (web/ui.js PHONE_DOCK, D153).
	if share := (b[2] - b[0]) * (b[3] - b[1]) / page; !st.Camera.Turned || share < 0.58 {
		t.Errorf("%s: the table's box %.0f covers %.2f of the page (turned %v), want ≥ 0.58", where, b, share, st.Camera.Turned)
	}
	var leader string
	var x, y float64
	for _, u := range st.Units {
		for _, m := range u.Minis {
			if u.ID == "red-storm-2" && m.Leader {
				leader = m.ID
				x, y = st.Camera.toCSS(m.X, m.Y, st.Screen.Scale)
			}
		}
	}
	p.touch(input.DispatchTouchEventTypeTouchStart, [2]float64{x, y})
	p.waitFrames(3)
	p.touch(input.DispatchTouchEventTypeTouchEnd)
	p.waitFrames(3)
	if got := p.state().Selected; leader == "" || got != leader {
		t.Errorf("%s: a tap at (%.0f, %.0f) on %s selected %q", where, x, y, leader, got)
	}
}

// checkHUD: no heads-up line beside the toolbar runs under it (1024×700 ran the first line under
// "Measure"), and on the phone the hint speaks of fingers before any touch (issue 17, item 11).
func checkHUD(t *testing.T, p *page, sz uiSize, lang string) {
	t.Helper()
	var lines []struct {
		Text       string
		Top, Right float64
	}
	if err := json.Unmarshal(p.mustCommand("hud", nil), &lines); err != nil || len(lines) < 2 {
		t.Fatalf("%s %s: hud %v %v", sz.name, lang, lines, err)
	}
	var bar struct{ Left, Bottom float64 }
	json.Unmarshal([]byte(evalJS[string](p, `JSON.stringify((() => { const gs = Array.from(document.querySelectorAll("#ht-toolbar .ht-group")).filter((e) => e.offsetParent !== null);
		return { left: Math.min(...gs.map((e) => e.getBoundingClientRect().left)), bottom: Math.max(...gs.map((e) => e.getBoundingClientRect().bottom)) }; })())`)), &bar)
	for _, l := range lines {
		if l.Right > float64(sz.w)-8 { // the German touch hint ran off a phone's edge
			t.Errorf("%s %s: the heads-up line %q ends at %.0f, past the window's %d less its margin", sz.name, lang, l.Text, l.Right, sz.w)
		}
		if l.Top < bar.Bottom && l.Right > bar.Left {
			t.Errorf("%s %s: the heads-up line %q (top %.0f, to %.0f) runs under the toolbar (from %.0f, to %.0f down)", sz.name, lang, l.Text, l.Top, l.Right, bar.Left, bar.Bottom)
		}
	}
	if hint := lines[1].Text; sz.mobile && (strings.Contains(hint, "wheel") || strings.Contains(hint, "Rad:")) {
		t.Errorf("%s %s: the phone's hint is the mouse's: %q", sz.name, lang, hint)
	}
}

// TestUISkirmishTape: on the Spezialeinsätze table the tags read a tape, and no range rings are
// drawn (issue 17, item 9).
func TestUISkirmishTape(t *testing.T) {
	p := newPage(t)
	url := startServer(t, webDir(t))
	p.open(url+"?map=skirmish", 1)
	p.waitUI()
	p.screenSize(1440, 900, false)
	st := p.appState()
	if len(st.Units) == 0 {
		t.Fatal("no units on the skirmish table")
	}
	p.mustCommand("select", st.Units[0].ID)
	p.waitFrames(4)
	checkTags(t, p, "skirmish")
	p.screenshot("ui-12-skirmish-tape-1440")
	p.noPanics()
}

// TestUIFirstLoad: the page shows what is loading with a progress bar before the WebAssembly has
// arrived; main.wasm comes brotli-compressed when a .br is there, and is kept (decoded) as it
// streams in; warm reloads compile the kept copy (D156), and after a new build on the server (its
// files' Last-Modified moved on) the network's; the times to a drawn table, cold and with a warm
// cache, are logged (docs/performance.md, issue 17 item 15).
func TestUIFirstLoad(t *testing.T) {
	p := newFreshPage(t) // a first visit: nothing cached

	url := startServer(t, webDir(t))
	p.do("blank", chromedp.Navigate("about:blank"))
	start := time.Now()
	p.do("navigate", chromedp.Navigate(url))
	p.poll(`!!document.querySelector("#status-bar") || !!(window.holotable && window.holotable.ready)`, 30*time.Second)
	shown := time.Since(start) // chromedp's Navigate returns at the load event: an upper bound
	// The page's first contentful paint is the status line and its progress bar (index.html): the
	// browser's own figure, from the navigation's start.
	p.poll(`performance.getEntriesByName("first-contentful-paint").length > 0`, 10*time.Second)
	fcp := evalJS[float64](p, `Math.round((performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime || -1)`)
	p.poll(`!!(window.holotable && window.holotable.ready)`, 90*time.Second)
	p.waitUI()
	cold := time.Since(start)
	type entry struct {
		Encoded float64 `json:"encodedBodySize"`
		Decoded float64 `json:"decodedBodySize"`
	}
	var wasm entry
	raw := evalJS[string](p, `JSON.stringify(performance.getEntriesByType("resource").find((e) => e.name.endsWith("main.wasm")) || {})`)
	json.Unmarshal([]byte(raw), &wasm)
	coldWasm := evalJS[float64](p, `window.holotableLoadMs || 0`)
	// A warm cache: the page keeps the network's main.wasm as it streams in (index.html, D156);
	// written 22 MB into the browser's cache storage, it is there about a second after the app is
	// ready. The reloads start once it is.
	for deadline := time.Now().Add(30 * time.Second); !evalJS[bool](p, `caches.match("main.wasm").then((r) => !!r)`); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("main.wasm is not kept 30 s after the first load")
		}
	}
	kept := time.Since(start)
	var warm []time.Duration
	var warmWasm, warmReady []float64
	var warmFrom []string // main.wasm from the service worker's kept copy or the network (index.html, D156)
	var marks []string    // the start's points in ms since the navigation (main.go's mark, index.html)
	for range 3 {
		t0 := time.Now()
		p.reload()
		warm = append(warm, time.Since(t0))
		warmWasm = append(warmWasm, evalJS[float64](p, `Math.round(window.holotableLoadMs || 0)`))
		warmReady = append(warmReady, evalJS[float64](p, `Math.round(window.holotableReadyMs || 0)`))
		warmFrom = append(warmFrom, evalJS[string](p, `window.holotableWasmFrom || ""`))
		marks = append(marks, evalJS[string](p, `(() => { const n = performance.getEntriesByType("navigation")[0] || {};
			return "html " + Math.round(n.responseStart || 0) + "–" + Math.round(n.responseEnd || 0) + ", " +
			performance.getEntriesByType("mark").filter((m) => m.name.startsWith("holotable:")).map((m) => m.name.slice(10) + " " + Math.round(m.startTime)).join(", "); })()`))
	}
	// A new visit with the cache warm: the tab leaves for about:blank and opens the app again, so
	// the page starts in a new renderer with nothing of the last one's compiled code (a reload
	// keeps the renderer and V8's compiled functions; docs/performance.md "Warm start, reload and
	// new visit").
	p.do("blank", chromedp.Navigate("about:blank"))
	p.do("navigate", chromedp.Navigate(url))
	p.poll(`!!(window.holotable && window.holotable.ready) && !!window.holotableReadyMs`, 90*time.Second)
	visitReady := evalJS[float64](p, `Math.round(window.holotableReadyMs || 0)`)
	p.poll(`performance.getEntriesByName("first-contentful-paint").length > 0`, 10*time.Second)
	visitFCP := evalJS[float64](p, `Math.round((performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime || -1)`)
	visitMarks := evalJS[string](p, `performance.getEntriesByType("mark").filter((m) => m.name.startsWith("holotable:")).map((m) => m.name.slice(10) + " " + Math.round(m.startTime)).join(", ")`)
	t.Logf("a new visit, cache warm: status painted at %v ms, the page's own ready mark after %v ms; its start, ms since the navigation: %q", visitFCP, visitReady, visitMarks)
	// holotableLoadMs (index.html) is the fetch and compile of main.wasm alone; the rest of "ready"
	// is the Go program's start, the first frames and the page's controls.
	t.Logf("first load: status and progress bar painted at %v ms (first contentful paint; the load event after %v), app ready after %v (main.wasm fetched and compiled in %.0f ms); main.wasm %.2f MB over the wire, %.2f MB decoded; warm reloads ready after %v with the test's frame waits, the page's own ready mark after %v ms (fetch and compile %v ms)",
		fcp, shown.Round(time.Millisecond), cold.Round(time.Millisecond), coldWasm, wasm.Encoded/1e6, wasm.Decoded/1e6, warm, warmReady, warmWasm)
	t.Logf("the warm reloads' start, ms since the navigation: %q; main.wasm from %q (kept %v after the first navigation)", marks, warmFrom, kept.Round(time.Millisecond))
	for i, f := range warmFrom {
		if f != "kept" {
			t.Errorf("warm reload %d took main.wasm from %q, not the kept copy", i+1, f)
		}
	}
	for _, m := range marks {
		if !strings.Contains(m, "compiled ") || !strings.Contains(m, "main ") || !strings.Contains(m, "first-draw ") {
			t.Errorf("the start's marks %q lack compiled, main or first-draw", m)
		}
	}
	if br := filepath.Join(webDir(t), "main.wasm.br"); fileExists(br) && wasm.Encoded > 0 {
		fi, _ := os.Stat(br)
		if int64(wasm.Encoded) != fi.Size() {
			t.Errorf("main.wasm came as %v bytes, not the brotli file's %d", wasm.Encoded, fi.Size())
		}
	}
	// A new build on the server (its files' Last-Modified moves on): the next load compiles the
	// server's new file — the network's copy, or the kept copy when the service worker's check
	// (a few seconds after each load) has already kept the new file; never the old one.
	serverModified := func() string {
		return evalJS[string](p, `fetch("main.wasm", { method: "HEAD", cache: "no-store" }).then((h) => h.headers.get("Last-Modified") || "")`)
	}
	before := evalJS[string](p, `window.holotableWasmModified || ""`)
	if now := serverModified(); before == "" || before != now {
		t.Errorf("the page compiled main.wasm of %q, the server's is of %q", before, now)
	}
	for _, name := range []string{"main.wasm", "main.wasm.br", "main.wasm.gz"} {
		f := filepath.Join(webDir(t), name)
		if fi, err := os.Stat(f); err == nil {
			later := fi.ModTime().Add(2 * time.Second)
			if err := os.Chtimes(f, later, later); err != nil {
				t.Fatal(err)
			}
		}
	}
	p.reload()
	after, from := evalJS[string](p, `window.holotableWasmModified || ""`), evalJS[string](p, `window.holotableWasmFrom || ""`)
	if now := serverModified(); after != now || after == before {
		t.Errorf("after a new build on the server (of %q, the old one of %q) the page compiled main.wasm of %q (from %q)", now, before, after, from)
	}
	t.Logf("after a new build on the server the page compiled main.wasm from %q", from)
	p.noPanics()
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }
