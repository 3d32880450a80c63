//go:build !js

package e2e

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"holotable/scenes"
)

// appState is window.holotable.state() with the parts the app test reads beyond state.
type appState struct {
	state
	Rev       int             `json:"rev"`
	CanUndo   bool            `json:"canUndo"`
	CanRedo   bool            `json:"canRedo"`
	UndoLabel string          `json:"undoLabel"`
	RedoLabel string          `json:"redoLabel"`
	Message   string          `json:"message"`
	Tool      string          `json:"tool"`
	ToolState json.RawMessage `json:"toolState"`
	Steps     int             `json:"steps"`
	History   *struct {
		Seq int `json:"seq"`
		Len int `json:"len"`
	} `json:"history"`
	FrameTimes struct {
		MedianMs       float64 `json:"medianMs"`
		P90Ms          float64 `json:"p90Ms"`
		MaxMs          float64 `json:"maxMs"`
		N              int     `json:"n"`
		UpdateMedianMs float64 `json:"updateMedianMs"`
		DrawMedianMs   float64 `json:"drawMedianMs"`
	} `json:"frameTimes"`
	Job *struct {
		What  string `json:"what"`
		Done  int    `json:"done"`
		Steps int    `json:"steps"`
	} `json:"job"`
}

func (p *page) appState() appState {
	p.t.Helper()
	s := evalJS[string](p, `window.holotable.state()`)
	var st appState
	if err := json.Unmarshal([]byte(s), &st); err != nil {
		p.t.Fatalf("state() is not JSON: %v\n%s", err, s)
	}
	return st
}

// evalJS evaluates a JavaScript expression (awaiting a promise) and returns its value.
func evalJS[T any](p *page, js string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluate %.80s: %v", js, err)
	}
	return v
}

// command runs window.holotable.command(name, arg) and returns its result, or the error sentence.
func (p *page) command(name string, arg any) (json.RawMessage, string) {
	p.t.Helper()
	a := "undefined"
	if arg != nil {
		b, err := json.Marshal(arg)
		if err != nil {
			p.t.Fatal(err)
		}
		a = string(b)
	}
	js := fmt.Sprintf(`window.holotable.command(%q, %s).then((r) => JSON.stringify(r))`, name, a)
	var r struct {
		OK     bool            `json:"ok"`
		Result json.RawMessage `json:"result"`
		Error  string          `json:"error"`
	}
	if err := json.Unmarshal([]byte(evalJS[string](p, js)), &r); err != nil {
		p.t.Fatalf("command %s: %v", name, err)
	}
	if !r.OK {
		return nil, r.Error
	}
	return r.Result, ""
}

// mustCommand is command that fails the test on an error.
func (p *page) mustCommand(name string, arg any) json.RawMessage {
	p.t.Helper()
	r, err := p.command(name, arg)
	if err != "" {
		p.t.Fatalf("command %s: %s", name, err)
	}
	return r
}

// export is the table as the app exports it.
func (p *page) export() string {
	p.t.Helper()
	var s string
	if err := json.Unmarshal(p.mustCommand("export", nil), &s); err != nil {
		p.t.Fatal(err)
	}
	return s
}

// waitUI waits for the page shell (web/ui.js) to have built its toolbar and labels.
func (p *page) waitUI() {
	p.t.Helper()
	p.poll(`!!(window.holotableUI && window.holotableUI.ready)`, 30*time.Second)
}

// poll waits until a JavaScript expression is true. A page that is still loading (its
// JavaScript context replaced under the poll) is polled again.
func (p *page) poll(expr string, limit time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(limit)
	for {
		left := time.Until(deadline)
		ctx, cancel := context.WithTimeout(p.ctx, left+5*time.Second)
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](expr,
			chromedp.WithPollingInterval(30*time.Millisecond), chromedp.WithPollingTimeout(left)))
		cancel()
		if err == nil {
			return
		}
		if !strings.Contains(err.Error(), "context") || time.Now().After(deadline) {
			p.t.Fatalf("waiting for %s: %v", expr, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// reload reloads the page and waits until the app draws again.
func (p *page) reload() {
	p.t.Helper()
	p.do("reload", chromedp.Reload())
	ready := `(window.holotable && window.holotable.ready === true) || !!window.holotableLoadError`
	p.poll(ready, 90*time.Second)
	p.waitFrames(5)
	p.waitUI()
}

// click clicks a DOM element of the page shell.
func (p *page) click(sel string) {
	p.t.Helper()
	// The page's panels are redrawn from the state it polls, so the node found can be replaced
	// before the mouse reaches it ("Could not find node"): then the click is tried again on the
	// node that replaced it, a few times, as a person clicks again.
	// The mouse lands where the node stands: a panel redrawn for the last command can still lie
	// over it for a frame or two (seen in CI: the dice panel over the legend's title after a
	// switch to Measure, so the click folded nothing). Wait until the node is the one under its
	// own centre, as a person waits for the screen to settle, then click. It is scrolled into its
	// panel's view first, as the click does (the grid panel's tool row lies below the dock's
	// fold); a node outside the viewport is scrolled to by the click itself: no wait for it.
	// A node not shown yet (no box: the legend while the tool just switched) is waited for too,
	// and the node must stand still for two polls in a row: the click measures its box first and
	// the mouse lands a moment later (seen in CI: the legend's title, shown a frame after the
	// switch from Dice to Measure, clicked where the dice panel still stood, folded nothing).
	uncovered := fmt.Sprintf(`(() => { const n = document.querySelector(%q); if (!n) return true;
		n.scrollIntoView({ block: "nearest", inline: "nearest" }); // as the click does first (a panel's row scrolled away)
		const r = n.getBoundingClientRect(); if (r.width === 0 || r.height === 0) return false;
		const x = r.left + r.width / 2, y = r.top + r.height / 2;
		if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true; // scrolled to before the click
		const e = document.elementFromPoint(x, y);
		const key = [r.left, r.top, r.width, r.height].join();
		const still = window.__htClickBox === key; window.__htClickBox = key;
		return still && !!e && (e === n || n.contains(e)); })()`, sel)
	evalJS[bool](p, `(window.__htClickBox = "", true)`)
	ctx, cancel := context.WithTimeout(p.ctx, 4*time.Second)
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](uncovered, chromedp.WithPollingInterval(30*time.Millisecond), chromedp.WithPollingTimeout(3*time.Second)))
	cancel()
	if err != nil { // said, so that a test clicking through a cover shows in its log
		over := evalJS[string](p, fmt.Sprintf(`(() => { const n = document.querySelector(%q); if (!n) return "";
			const r = n.getBoundingClientRect(); const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
			return e ? e.outerHTML.slice(0, 100) : ""; })()`, sel))
		p.t.Logf("click %s: still under %q after 3 s; clicking where it stands", sel, over)
	}
	for try := 0; ; try++ {
		err := chromedp.Do(p.ctx, chromedp.Click(sel, chromedp.NodeVisible))
		if err == nil {
			break
		}
		if try >= 4 || !strings.Contains(err.Error(), "Could not find node") {
			p.t.Fatalf("click %s: %v", sel, err)
		}
		p.waitFrames(1)
	}
	p.waitFrames(2)
}

// language switches the page to lang through its own language button (the page's words and the
// app's, as a player's choice does) and waits until the page is relabelled. The "language"
// command alone would leave the page's panels in the old language.
func (p *page) language(lang string) {
	p.t.Helper()
	evalJS[bool](p, fmt.Sprintf(`(document.querySelector('button[data-lang=%q]').click(), true)`, lang))
	p.poll(fmt.Sprintf(`document.documentElement.lang === %q`, lang), 10*time.Second)
	p.waitFrames(2)
}

// menuClick opens the toolbar's menu if it is closed and clicks an item in it.
func (p *page) menuClick(sel string) {
	p.t.Helper()
	if evalJS[bool](p, `document.querySelector("#ht-menu-panel").hidden`) {
		p.click("#ht-menu")
	}
	p.click(sel)
}

// text is an element's text.
func (p *page) text(sel string) string {
	p.t.Helper()
	return evalJS[string](p, fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel))
}

// attr is an element's attribute.
func (p *page) attr(sel, name string) string {
	p.t.Helper()
	return evalJS[string](p, fmt.Sprintf(`(document.querySelector(%q) || {getAttribute: () => ""}).getAttribute(%q) || ""`, sel, name))
}

// keyChord presses modifier keys and a key (a DOM code such as "KeyZ") on the canvas, a few
// frames apart, as a person would; Ebitengine reads the modifiers as keys of their own.
func (p *page) keyChord(code, key string, vk int64, mods ...string) {
	p.t.Helper()
	var bits int64
	type mk struct {
		code, key string
		vk        int64
		bit       int64
	}
	var held []mk
	for _, m := range mods {
		switch m {
		case "ctrl":
			held = append(held, mk{"ControlLeft", "Control", 17, 2})
		case "shift":
			held = append(held, mk{"ShiftLeft", "Shift", 16, 8})
		}
	}
	send := func(e *input.DispatchKeyEventParams) {
		p.t.Helper()
		if err := chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, *e)
			return err
		})); err != nil {
			p.t.Fatalf("key %s: %v", code, err)
		}
		p.waitFrames(1)
	}
	for _, m := range held {
		bits |= m.bit
		send(&input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Code: m.code, Key: m.key, WindowsVirtualKeyCode: m.vk, Modifiers: bits})
	}
	send(&input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Code: code, Key: key, WindowsVirtualKeyCode: vk, Modifiers: bits})
	p.waitFrames(1)
	send(&input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyUp, Code: code, Key: key, WindowsVirtualKeyCode: vk, Modifiers: bits})
	for i := len(held) - 1; i >= 0; i-- {
		bits &^= held[i].bit
		send(&input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyUp, Code: held[i].code, Key: held[i].key, WindowsVirtualKeyCode: held[i].vk, Modifiers: bits})
	}
	p.waitFrames(2)
}

// focusCanvas gives the keyboard to the game (as a click on the table would).
func (p *page) focusCanvas() {
	p.t.Helper()
	evalJS[bool](p, `(document.querySelector("canvas").focus(), document.activeElement === document.querySelector("canvas"))`)
}

// withQuery returns the table file text with queries added.
func withQuery(t *testing.T, file string, queries []map[string]any) []byte {
	var f map[string]any
	if err := json.Unmarshal([]byte(file), &f); err != nil {
		t.Fatal(err)
	}
	f["queries"] = queries
	b, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// judge is the command-line judge, built once per test binary (the browser tests share it; a
// build under a loaded machine costs tens of seconds). It lives in a directory of its own that
// outlives the tests that ask for it; TestMain removes it.
func judge(t *testing.T) string {
	judgeOnce.Do(func() {
		dir, err := os.MkdirTemp("", "holotable-judge-")
		if err != nil {
			judgeErr = err.Error()
			return
		}
		judgeBin = filepath.Join(dir, "tablecheck")
		build := exec.Command("go", "build", "-o", judgeBin, "./cmd/tablecheck")
		build.Dir = ".."
		if out, err := build.CombinedOutput(); err != nil {
			judgeErr = fmt.Sprintf("building the judge: %v\n%s", err, out)
		}
	})
	if judgeErr != "" {
		t.Fatal(judgeErr)
	}
	return judgeBin
}

var (
	judgeOnce          sync.Once
	judgeBin, judgeErr string
)

// askJudge runs the judge on a file and returns its answers by query id.
func askJudge(t *testing.T, bin string, file []byte) map[string]json.RawMessage {
	path := filepath.Join(t.TempDir(), "judge.json")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, path).Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("judge: %v %s", err, msg)
	}
	var r struct {
		Answers []json.RawMessage `json:"answers"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("judge output: %v\n%s", err, out)
	}
	by := map[string]json.RawMessage{}
	for _, a := range r.Answers {
		var id struct {
			ID    string `json:"id"`
			Error string `json:"error"`
		}
		json.Unmarshal(a, &id)
		if id.Error != "" {
			t.Fatalf("judge answer %s: %s", id.ID, id.Error)
		}
		by[id.ID] = a
	}
	return by
}

// wasmGzipSize is the size of the WebAssembly bundle gzip-compressed (main.wasm.gz when build.sh
// made it, else compressed here).
func wasmGzipSize(t *testing.T, dir string) (raw, gz int64) {
	st, err := os.Stat(filepath.Join(dir, "main.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if g, err := os.Stat(filepath.Join(dir, "main.wasm.gz")); err == nil && !g.ModTime().Before(st.ModTime()) {
		return st.Size(), g.Size()
	}
	f, err := os.Open(filepath.Join(dir, "main.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var n countWriter
	w, _ := gzip.NewWriterLevel(&n, gzip.BestCompression)
	if _, err := io.Copy(w, f); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return st.Size(), int64(n)
}

// Issue 4's budget for the bundle was 5 MB gzip; the whole game, the moves' app and the online
// client took the module to 22.2 MB, 5.20 MB gzip, and the grid game (swm and its views), the
// terrain looks, offers and server dice to 24.48 MB, 5.72 MB gzip (docs/performance.md, "First
// load"). Text drawn without Ebitengine's text/v2 (D143) and no crypto/rand (D145) took it to
// 23.31 MB, 5.45 MB gzip; the packages that run only at load or on a command compiled without
// inlining (D152, tools/wasmflags) to 22.54 MB, 4.89 MB gzip (3.48 MB brotli, issue 17's
// 3.5 MB). The guard is that figure and about 1 %: past it the brotli file is over 3.5 MB too.
const (
	bundleBudgetGzip = 5_000_000
	bundleGuardGzip  = 4_930_000
)

// checkBundleSize logs main.wasm's size against issue 4's budget and fails past the guard.
func checkBundleSize(t *testing.T, dir string) {
	t.Helper()
	raw, gz := wasmGzipSize(t, dir)
	verdict := "within"
	if gz > bundleBudgetGzip {
		verdict = "OVER"
	}
	t.Logf("main.wasm: %.2f MB raw, %.2f MB gzip: %s issue 4's 5 MB budget", float64(raw)/1e6, float64(gz)/1e6, verdict)
	if gz > bundleGuardGzip {
		t.Errorf("main.wasm is %d bytes gzip, more than the %d bytes guard", gz, bundleGuardGzip)
	}
}

type countWriter int64

func (c *countWriter) Write(b []byte) (int, error) { *c += countWriter(len(b)); return len(b), nil }

var _ = sort.Strings
var _ = reflect.DeepEqual

// TestAppShell: the toolbar, language switch, overlays, export and import (file input and drop),
// share links and the autosave across a reload.
func TestAppShell(t *testing.T) {
	p := newPage(t)
	dir := webDir(t)
	url := startServer(t, dir)
	p.open(url, 1)
	p.waitUI()

	checkBundleSize(t, dir)

	// English labels, the undo button disabled on a fresh table.
	if got := p.attr("#ht-undo", "aria-label"); got != "Undo" {
		t.Errorf("undo button is labelled %q", got)
	}
	if !evalJS[bool](p, `document.querySelector("#ht-undo").disabled`) {
		t.Error("undo enabled with nothing to undo")
	}
	p.screenshot("40-app-start")

	// German and back: the toolbar relabels itself.
	p.menuClick(`button[data-lang="de"]`)
	p.poll(`document.querySelector("#ht-undo").getAttribute("aria-label") === "Rückgängig"`, 10*time.Second)
	if got := p.text("#ht-export"); got != "Exportieren" {
		t.Errorf("German export button says %q", got)
	}
	p.screenshot("40-app-german") // with the menu open
	p.menuClick(`button[data-lang="en"]`)
	p.poll(`document.querySelector("#ht-undo").getAttribute("aria-label") === "Undo"`, 10*time.Second)

	// Overlays: the 1" grid on, labels off; the buttons show it and the page remembers it.
	p.click("#ht-grid")
	p.click("#ht-labels")
	var set struct {
		Overlays scenes.Overlays `json:"overlays"`
	}
	json.Unmarshal(p.mustCommand("settings", nil), &set)
	if want := (scenes.Overlays{Grid: true, RangeGrid: true}); set.Overlays != want {
		t.Errorf("overlays %+v after the grid and labels buttons, want %+v", set.Overlays, want)
	}
	p.waitFrames(3)
	p.screenshot("40-app-grid")
	original := p.export()

	// Export through the button: a download of table.json with exactly the exported text.
	downloads := t.TempDir()
	p.do("allow downloads", chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads})
		return err
	}))
	p.menuClick("#ht-export")
	var got []byte
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if b, err := os.ReadFile(filepath.Join(downloads, "table.json")); err == nil && len(b) > 0 {
			got = b
			break
		}
	}
	if string(got) != original {
		t.Errorf("the downloaded table.json (%d bytes) is not the export (%d bytes)", len(got), len(original))
	}

	// Import what was exported: the same bytes come back out.
	p.mustCommand("import", original)
	if again := p.export(); again != original {
		t.Errorf("export → import → export changed the file:\n%s\n---\n%s", original, again)
	}
	st := p.appState()
	if !st.CanUndo || st.UndoLabel != "import" {
		t.Errorf("after an import: canUndo %v, undo label %q", st.CanUndo, st.UndoLabel)
	}
	p.poll(`!document.querySelector("#ht-undo").disabled && document.querySelector("#ht-undo").title.includes("import")`, 5*time.Second)

	// A broken file through the page's file input: one clear message, the table unchanged.
	broken := filepath.Join(t.TempDir(), "broken.json")
	os.WriteFile(broken, []byte(`{"format": "holotable/9", "battlefield": {"width": 72, "depth": 36}}`), 0o644)
	rev := p.appState().Rev
	p.do("upload a broken file", chromedp.SetUploadFiles("#ht-file", []string{broken}, chromedp.NodeReady))
	p.poll(`document.querySelector("#ht-message").textContent.includes("import refused, table unchanged")`, 10*time.Second)
	msg := p.text("#ht-message .ht-text")
	if !strings.HasPrefix(msg, "import refused, table unchanged: format:") {
		t.Errorf("message after a broken import: %q", msg)
	}
	if p.export() != original || p.appState().Rev != rev {
		t.Error("a refused import changed the table")
	}
	p.screenshot("40-app-import-refused")

	// The same through a drop on the canvas, and a file that is not JSON at all.
	for _, c := range []struct{ name, text, want string }{
		{"dropped.json", `{"format": "holotable/1", "battlefield": {"width": -1, "depth": 36}}`, "import refused, table unchanged: battlefield"},
		{"notes.txt", "hello", "import refused, table unchanged: notes.txt is not a .json file"},
	} {
		p.mustCommand("message", "")
		p.waitFrames(2)
		js := fmt.Sprintf(`(() => {
			const dt = new DataTransfer();
			dt.items.add(new File([%q], %q, {type: %q}));
			const c = document.querySelector("canvas");
			for (const type of ["dragenter", "dragover", "drop"])
				c.dispatchEvent(new DragEvent(type, {dataTransfer: dt, bubbles: true, cancelable: true}));
			return true;
		})()`, c.text, c.name, map[bool]string{true: "application/json", false: "text/plain"}[strings.HasSuffix(c.name, ".json")])
		evalJS[bool](p, js)
		p.poll(fmt.Sprintf(`document.querySelector("#ht-message").textContent.includes(%q)`, c.want), 10*time.Second)
		if p.export() != original || p.appState().Rev != rev {
			t.Errorf("dropping %s changed the table", c.name)
		}
	}

	// Share link: the table goes into the address; opening that address elsewhere shows it.
	p.menuClick("#ht-share")
	p.poll(`location.hash.startsWith("#t=")`, 10*time.Second)
	hash := evalJS[string](p, `location.hash`)
	shared, ok, err := scenes.SharedTable(hash)
	if !ok || err != nil || string(shared) != original {
		t.Errorf("the share link does not carry the table: ok %v, err %v", ok, err)
	}
	t.Logf("share link: %d characters for a %d-byte table", len(hash), len(original))

	// The page remembers the language, the length unit and the overlays across a reload.
	p.menuClick(`button[data-lang="de"]`)
	p.menuClick(`button[data-unit="cm"]`)
	p.reload()
	p.poll(`document.querySelector("#ht-undo").getAttribute("aria-label") === "Rückgängig"`, 10*time.Second)
	var prefs struct {
		Language   string          `json:"language"`
		LengthUnit string          `json:"lengthUnit"`
		Overlays   scenes.Overlays `json:"overlays"`
	}
	json.Unmarshal(p.mustCommand("settings", nil), &prefs)
	if prefs.Language != "de" || prefs.LengthUnit != "cm" || prefs.Overlays != (scenes.Overlays{Grid: true, RangeGrid: true}) {
		t.Errorf("after a reload: %+v, want de, cm and the overlays as left", prefs)
	}
	p.menuClick(`button[data-lang="en"]`)
	p.menuClick(`button[data-unit="in"]`)
	p.noPanics()
}

// measureView is what the app test reads of the measure tool's toolState (scenes.MeasureState).
type measureView struct {
	Selected string `json:"selected"` // the selected unit
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
		Attacker string `json:"attacker"`
		Defender string `json:"defender"`
	} `json:"explain"`
	Dragging string `json:"dragging"`
}

// measureView reads the state and the measure tool's part of it.
func (p *page) measureView() (appState, measureView) {
	p.t.Helper()
	st := p.appState()
	if st.Tool != "measure" {
		p.t.Fatalf("tool %q, want measure", st.Tool)
	}
	var m measureView
	if err := json.Unmarshal(st.ToolState, &m); err != nil {
		p.t.Fatalf("measure toolState: %v\n%s", err, st.ToolState)
	}
	return st, m
}

// unitMinis is a unit's side and mini ids in a state.
func unitMinis(st appState, unit string) (side string, minis []string) {
	for _, u := range st.Units {
		if u.ID == unit {
			for _, m := range u.Minis {
				minis = append(minis, m.ID)
			}
			return u.Side, minis
		}
	}
	return "", nil
}

// miniCSS is where a mini's base centre is on the page, in CSS pixels.
func miniCSS(st appState, id string) (float64, float64) {
	for _, u := range st.Units {
		for _, m := range u.Minis {
			if m.ID == id {
				return st.Camera.toCSS(m.X, m.Y, st.Screen.Scale)
			}
		}
	}
	return -1, -1
}

// checkAgainstJudge puts the measure tool's labels for the selected unit next to the judge's
// answers for the same table (exported from the page): for every enemy unit the attack range
// band, the number of the selected unit's minis that see at least one of its minis (LOS between
// every pair), and the cover with its obscured and hidden minis. It returns how many labels
// show some LOS and some cover.
func checkAgainstJudge(t *testing.T, p *page, bin string) (seen, covered int) {
	t.Helper()
	st, m := p.measureView()
	unit := m.Selected // the selected unit
	side, attackers := unitMinis(st, unit)
	if len(attackers) == 0 {
		t.Fatalf("selected unit %q has no minis", unit)
	}
	var queries []map[string]any
	enemies := map[string][]string{}
	for _, u := range st.Units {
		if u.Side == side {
			continue
		}
		for _, d := range u.Minis {
			enemies[u.ID] = append(enemies[u.ID], d.ID)
		}
		queries = append(queries,
			map[string]any{"id": "range " + u.ID, "kind": "range", "from": unit, "to": u.ID, "attack": true},
			map[string]any{"id": "cover " + u.ID, "kind": "cover", "attacker": unit, "defender": u.ID})
		for _, a := range attackers {
			for _, d := range enemies[u.ID] {
				queries = append(queries, map[string]any{"id": "los " + a + " " + d, "kind": "los", "from": a, "to": d})
			}
		}
	}
	answers := askJudge(t, bin, withQuery(t, p.export(), queries))
	if len(m.Labels) != len(enemies) {
		t.Errorf("%d labels for %d enemy units", len(m.Labels), len(enemies))
	}
	norm := func(s []string) []string {
		if len(s) == 0 {
			return nil
		}
		s = append([]string(nil), s...)
		sort.Strings(s)
		return s
	}
	for _, l := range m.Labels {
		defenders, ok := enemies[l.Unit]
		if !ok {
			t.Errorf("label on %s, which is not an enemy of %s", l.Unit, unit)
			continue
		}
		var r struct {
			Band     int     `json:"band"`
			Distance float64 `json:"distance"`
		}
		var c struct {
			Cover    string   `json:"cover"`
			Obscured []string `json:"obscured"`
			Hidden   []string `json:"hidden"`
		}
		json.Unmarshal(answers["range "+l.Unit], &r)
		json.Unmarshal(answers["cover "+l.Unit], &c)
		los := 0
		for _, a := range attackers {
			for _, d := range defenders {
				var ans struct {
					LOS bool `json:"los"`
				}
				json.Unmarshal(answers["los "+a+" "+d], &ans)
				if ans.LOS {
					los++
					break
				}
			}
		}
		if l.Band != r.Band || l.LOS != los || l.Minis != len(attackers) || l.Cover != c.Cover ||
			!reflect.DeepEqual(norm(l.Obscured), norm(c.Obscured)) || !reflect.DeepEqual(norm(l.Hidden), norm(c.Hidden)) {
			t.Errorf("%s → %s: the app shows band %d, LOS %d/%d, %s cover, obscured %v, hidden %v;\n"+
				"    the judge says band %d (%.4f), LOS %d/%d, %s cover, obscured %v, hidden %v",
				unit, l.Unit, l.Band, l.LOS, l.Minis, l.Cover, l.Obscured, l.Hidden,
				r.Band, r.Distance, los, len(attackers), c.Cover, c.Obscured, c.Hidden)
		} else {
			t.Logf("%s → %s: band %d (%.2f), LOS %d/%d, %s cover, obscured %v, hidden %v: as the judge says",
				unit, l.Unit, l.Band, r.Distance, los, len(attackers), c.Cover, c.Obscured, c.Hidden)
		}
		if los > 0 {
			seen++
		}
		if c.Cover != "none" {
			covered++
		}
	}
	return seen, covered
}

// TestAppTools: select a mini by clicking its base and check the measure tool's labels against
// the judge; drag a mini with live labels (the frame time); drag a terrain piece between the
// units and see the labels change; undo by key and button; reload and find the table as left.
func TestAppTools(t *testing.T) {
	p := newPage(t)
	url := startServer(t, webDir(t))
	bin := judge(t)
	p.open(url, 1)
	p.waitUI()
	st := p.appState()
	if st.Tool != "measure" {
		t.Fatalf("the app starts with tool %q, want measure", st.Tool)
	}
	original := p.export()

	// Select a mini: a click on the base of red-storm-2's leader.
	const pick = "red-storm-2-1"
	x, y := miniCSS(st, pick)
	p.do("click "+pick, chromedp.MouseClickXY(x, y))
	p.poll(`(() => { const s = JSON.parse(window.holotable.state());
		return s.selected === "`+pick+`" && s.toolState && (s.toolState.labels || []).length > 0; })()`, 20*time.Second)
	p.waitFrames(2)
	p.screenshot("40-app-measure")
	seen, covered := checkAgainstJudge(t, p, bin)
	t.Logf("%s: %d enemy units in some LOS, %d with cover", pick, seen, covered)

	// The explanation of one attack shows on the message line with its rulebook citations.
	_, m := p.measureView()
	p.mustCommand("explain", map[string]string{"attacker": "red-storm-2", "defender": m.Labels[0].Unit})
	p.poll(`document.querySelectorAll("#ht-message li cite").length > 0`, 10*time.Second)
	if txt := p.text("#ht-message"); !strings.Contains(txt, "RRG") {
		t.Errorf("the explanation on the message line cites no rulebook line: %q", txt)
	}
	p.screenshot("40-app-explain")
	p.mustCommand("select", pick)
	p.waitFrames(2)

	// Drag a mini of the selected unit with the mouse (live labels; one edit on release).
	st = p.appState()
	const dragged = "red-storm-2-2"
	x0, y0 := miniCSS(st, dragged)
	p.drag(x0, y0, x0+60, y0-120)
	if !p.placeAnyway() { // out of its unit's cohesion: made only when the player says so
		t.Errorf("a drag of %s out of cohesion was made without asking", dragged)
	}
	st = p.appState()
	if st.UndoLabel == "" || p.export() == original {
		t.Fatalf("the drag left no edit (undo label %q)", st.UndoLabel)
	}
	checkAgainstJudge(t, p, bin) // the labels for the moved mini agree with the judge too
	p.screenshot("40-app-mini-dragged")

	// Ctrl+Z on the canvas takes the drag back.
	p.focusCanvas()
	p.keyChord("KeyZ", "z", 90, "ctrl")
	p.poll(`!JSON.parse(window.holotable.state()).canUndo`, 10*time.Second)
	if p.export() != original {
		t.Errorf("after Ctrl+Z the table is not the original")
	}
	// Ctrl+Shift+Z redoes, the Undo button undoes again.
	p.keyChord("KeyZ", "z", 90, "ctrl", "shift")
	p.poll(`JSON.parse(window.holotable.state()).canUndo`, 10*time.Second)
	if p.export() == original {
		t.Errorf("Ctrl+Shift+Z did not redo the drag")
	}
	if title := p.attr("#ht-undo", "title"); !strings.Contains(title, p.appState().UndoLabel) {
		t.Errorf("undo tooltip %q does not name the edit %q", title, p.appState().UndoLabel)
	}
	p.click("#ht-undo")
	p.poll(`!JSON.parse(window.holotable.state()).canUndo`, 10*time.Second)
	if p.export() != original {
		t.Errorf("after the Undo button the table is not the original")
	}

	// The terrain tool: drag bldg-1 (a 10×9 building, 5.5 tall, x 12–22) 2.8" right, into the
	// sight lines from red-storm-2 (about x 17–21, y 2–4) to blue-fleet-1 (about x 26–29, y 32–34).
	_, before := p.measureView()
	p.click(`button[data-tool="terrain"]`)
	if st := p.appState(); st.Tool != "terrain" {
		t.Fatalf("the Terrain button left tool %q", st.Tool)
	}
	st = p.appState()
	cx, cy := st.Camera.toCSS(17, 17.5, 1)
	p.do("click bldg-1", chromedp.MouseClickXY(cx, cy))
	p.waitFrames(3)
	var ts struct {
		Selected string `json:"selected"`
		Piece    *struct {
			Polygon [][2]float64 `json:"polygon"`
			Cover   any          `json:"cover"`
		} `json:"piece"`
	}
	json.Unmarshal(p.appState().ToolState, &ts)
	if ts.Selected != "bldg-1" || ts.Piece == nil {
		t.Fatalf("a click on bldg-1 selected %q", ts.Selected)
	}
	p.poll(`document.querySelector("#ht-panel").textContent.includes("bldg-1")`, 5*time.Second)
	p.screenshot("40-app-terrain-selected")
	dx := 2.8 * st.Camera.Zoom / st.Screen.Scale
	p.drag(cx, cy, cx+dx, cy)
	st = p.appState()
	json.Unmarshal(st.ToolState, &ts)
	if st.UndoLabel == "" || ts.Piece == nil || !closeTo(ts.Piece.Polygon[0][0], 14.8, 0.1) {
		t.Fatalf("after dragging bldg-1: undo label %q, piece %+v", st.UndoLabel, ts.Piece)
	}
	moved := p.export()
	p.screenshot("40-app-terrain-dragged")

	// The units tool: a click on a leader selects its unit; the panel shows its properties.
	p.click(`button[data-tool="units"]`)
	lx, ly := miniCSS(p.appState(), "blue-rebel-1-1")
	p.do("click blue-rebel-1's leader", chromedp.MouseClickXY(lx, ly))
	p.poll(`document.querySelector("#ht-panel").textContent.includes("blue-rebel-1")`, 10*time.Second)
	p.screenshot("40-app-units")

	// Back to the measure tool: red-storm-2's labels change, and still agree with the judge.
	p.click(`button[data-tool="measure"]`)
	p.mustCommand("select", pick)
	p.waitFrames(3)
	_, after := p.measureView()
	if reflect.DeepEqual(before.Labels, after.Labels) {
		t.Errorf("moving bldg-1 into the sight lines changed no label: %+v", after.Labels)
	}
	for i := range after.Labels {
		if i < len(before.Labels) && !reflect.DeepEqual(before.Labels[i], after.Labels[i]) {
			t.Logf("%s: LOS %d/%d, %s cover, hidden %v → LOS %d/%d, %s cover, hidden %v", after.Labels[i].Unit,
				before.Labels[i].LOS, before.Labels[i].Minis, before.Labels[i].Cover, before.Labels[i].Hidden,
				after.Labels[i].LOS, after.Labels[i].Minis, after.Labels[i].Cover, after.Labels[i].Hidden)
		}
	}
	checkAgainstJudge(t, p, bin)
	p.screenshot("40-app-terrain-labels")

	// Undo by the button and redo by Ctrl+Shift+Z: the original, then the moved table again.
	p.click("#ht-undo")
	p.poll(`!JSON.parse(window.holotable.state()).canUndo`, 10*time.Second)
	if p.export() != original {
		t.Errorf("undoing the terrain drag did not give the original table back")
	}
	p.focusCanvas()
	p.keyChord("KeyZ", "z", 90, "ctrl", "shift")
	p.poll(`JSON.parse(window.holotable.state()).canUndo`, 10*time.Second)
	if p.export() != moved {
		t.Errorf("redo did not give the moved table back")
	}

	// Never lose work: reload, and the table is as it was left (the autosave).
	p.reload()
	st = p.appState()
	if got := p.export(); got != moved || st.Map != "saved" {
		t.Errorf("after a reload: map %q, table equal to the one left: %v", st.Map, got == moved)
	}
	p.screenshot("40-app-reloaded")

	// A share link of the original table opened in the page: the shared table shows, as an
	// undoable import over the autosave; the link leaves the address, so that a reload keeps it.
	frag, err := scenes.ShareFragment([]byte(original))
	if err != nil {
		t.Fatal(err)
	}
	p.do("leave the page", chromedp.Navigate("about:blank"))
	p.do("open a share link", chromedp.Navigate(url+frag))
	p.poll(`(window.holotable && window.holotable.ready === true) || !!window.holotableLoadError`, 90*time.Second)
	p.waitFrames(5)
	p.waitUI()
	st = p.appState()
	if got := p.export(); got != original || !st.CanUndo || st.UndoLabel != "import" {
		t.Errorf("the share link: table is the shared one %v, undo %v %q", got == original, st.CanUndo, st.UndoLabel)
	}
	if h := evalJS[string](p, `location.hash`); h != "" {
		t.Errorf("the share link stayed in the address: %.20s…", h)
	}
	p.mustCommand("undo", nil)
	if p.export() != moved {
		t.Errorf("undo after opening a share link does not give the autosaved table back")
	}
	p.mustCommand("redo", nil)
	p.reload()
	if p.export() != original {
		t.Errorf("after opening a share link and reloading, the shared table is gone")
	}
	// A share link pasted into the address of the open page (only the fragment changes).
	movedFrag, _ := scenes.ShareFragment([]byte(moved))
	evalJS[bool](p, fmt.Sprintf(`(location.hash = %q, true)`, movedFrag))
	p.poll(`location.hash === ""`, 10*time.Second)
	p.waitFrames(2)
	if p.export() != moved {
		t.Errorf("a share link pasted into the open page was not imported")
	}

	// A malformed share link at start-up says so on the message line and leaves the table
	// (it was dropped without a word, issue 18).
	p.do("leave the page", chromedp.Navigate("about:blank"))
	p.do("open a malformed share link", chromedp.Navigate(url+"#t=%zz"))
	p.poll(`(window.holotable && window.holotable.ready === true) || !!window.holotableLoadError`, 90*time.Second)
	p.waitFrames(3)
	if st := p.appState(); !strings.Contains(st.Message, "share link: not a well-formed link") || p.export() != moved {
		t.Errorf("a malformed share link: message %q, table kept %v", st.Message, p.export() == moved)
	}

	// A full localStorage: an edit still changes the table on screen, the autosave's failure is
	// said on the message line, and nothing panics (setItem's exception took the app down).
	filled := evalJS[int](p, `(() => { let n = 0; const big = "x".repeat(1 << 20);
		try { for (;;) { localStorage.setItem("fill-" + n, big); n++; } } catch (e) {}
		try { for (let k = 0; ; k++) { localStorage.setItem("fill-s" + k, "x".repeat(1024)); } } catch (e) {}
		return n; })()`)
	// The import carries a large unknown field (as the share link did), so that its
	// autosave cannot fit where the last one was.
	noted := strings.Replace(original, "{", `{"note": "`+strings.Repeat("n", 64<<10)+`", `, 1)
	p.mustCommand("import", noted)
	p.waitFrames(2)
	st = p.appState()
	if got := p.export(); !strings.Contains(st.Message, "storage is full") || !strings.Contains(got, strings.Repeat("n", 64<<10)) || st.UndoLabel != "import" {
		t.Errorf("a full storage (%d MB filled): message %q, the imported table shown %v", filled, st.Message, strings.Contains(got, "nnnn"))
	}
	evalJS[bool](p, `(() => { for (const k of Object.keys(localStorage)) if (k.startsWith("fill-")) localStorage.removeItem(k); return true; })()`)
	p.noPanics()
}

// TestAppFrameTime drags a mini across the table with the measure tool's live labels for about
// 60 frames and reads the app's own Update+Draw time per frame (state().frameTimes): the median
// is held to 4 ms (failing past 1.5×, see the end). It also checks the WebAssembly bundle's size (checkBundleSize).
func TestAppFrameTime(t *testing.T) {
	// A measurement, not a check of behaviour (its times are logged, never asserted): it runs in
	// ./build.sh bench, which sets HOLOTABLE_BENCH_OUT, and not in ./build.sh test.
	if os.Getenv("HOLOTABLE_BENCH_OUT") == "" {
		t.Skip("a measurement: ./build.sh bench runs it (HOLOTABLE_BENCH_OUT)")
	}
	p := newPage(t)
	dir := webDir(t)
	url := startServer(t, dir)
	p.open(url, 1)
	p.waitUI()
	checkBundleSize(t, dir)

	p.mustCommand("select", "red-storm-2-1")
	p.waitFrames(3)
	evalJS[bool](p, `(window.holotable.resetFrameTimes(), true)`)
	p.waitFrames(30)
	idle := p.appState().FrameTimes
	t.Logf("idle with red-storm-2 selected: Update+Draw median %.2f ms (Update %.2f, Draw %.2f), p90 %.2f ms over %d frames",
		idle.MedianMs, idle.UpdateMedianMs, idle.DrawMedianMs, idle.P90Ms, idle.N)

	st := p.appState()
	const dragged = "red-storm-2-2"
	x0, y0 := miniCSS(st, dragged)
	x1, y1 := x0+300, y0-330
	p.mouse(chromedp.MouseMoved, x0, y0)
	p.waitFrames(1)
	p.mouse(chromedp.MousePressed, x0, y0, chromedp.ButtonLeft, buttons(1), chromedp.ClickCount(1))
	p.waitFrames(2)
	evalJS[bool](p, `(window.holotable.resetFrameTimes(), true)`)
	const steps = 60
	start := time.Now()
	for i := 1; i <= steps; i++ {
		f := float64(i) / steps
		p.mouse(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, chromedp.ButtonLeft, buttons(1))
		p.waitFrames(1)
	}
	ft := p.appState().FrameTimes
	elapsed := time.Since(start)
	_, mid := p.measureView()
	p.mouse(chromedp.MouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1))
	p.waitFrames(3)
	p.screenshot("40-app-frame-drag")
	t.Logf("dragging a mini with live labels: Update+Draw median %.2f ms (Update %.2f, Draw %.2f), p90 %.2f ms over %d frames (%d moves in %v)",
		ft.MedianMs, ft.UpdateMedianMs, ft.DrawMedianMs, ft.P90Ms, ft.N, steps, elapsed.Round(time.Millisecond))
	if mid.Dragging != dragged || len(mid.Labels) == 0 {
		t.Errorf("mid-drag: dragging %q with %d labels; want %s with live labels", mid.Dragging, len(mid.Labels), dragged)
	}
	if ft.N < steps/2 {
		t.Errorf("only %d frames measured during the drag", ft.N)
	}
	// Issue 4's budget is 4 ms, judged by ./build.sh bench (docs/performance.md). CI shares two
	// cores with Chromium's software GPU: here the time is logged with its verdict, not asserted.
	verdict := "within"
	if ft.MedianMs > 4 {
		verdict = "OVER"
	}
	t.Logf("dragging a mini with live labels: median %.2f ms, %s the budget of 4 ms", ft.MedianMs, verdict)
	p.noPanics()
}
