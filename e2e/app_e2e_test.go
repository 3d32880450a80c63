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
	Rev        int             `json:"rev"`
	CanUndo    bool            `json:"canUndo"`
	CanRedo    bool            `json:"canRedo"`
	UndoLabel  string          `json:"undoLabel"`
	RedoLabel  string          `json:"redoLabel"`
	Message    string          `json:"message"`
	Tool       string          `json:"tool"`
	ToolState  json.RawMessage `json:"toolState"`
	FrameTimes struct {
		MedianMs float64 `json:"medianMs"`
		P90Ms    float64 `json:"p90Ms"`
		N        int     `json:"n"`
	} `json:"frameTimes"`
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

// poll waits until a JavaScript expression is true.
func (p *page) poll(expr string, limit time.Duration) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, limit+5*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr,
		chromedp.WithPollingInterval(30*time.Millisecond), chromedp.WithPollingTimeout(limit))); err != nil {
		p.t.Fatalf("waiting for %s: %v", expr, err)
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
	p.do("click "+sel, chromedp.Click(sel, chromedp.NodeVisible))
	p.waitFrames(2)
}

// text is an element's text.
func (p *page) text(sel string) string {
	p.t.Helper()
	return evalJS[string](p, fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel))
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

// judge is the command-line judge, built once per test run.
func judge(t *testing.T) string {
	bin := filepath.Join(t.TempDir(), "tablecheck")
	build := exec.Command("go", "build", "-o", bin, "./cmd/tablecheck")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the judge: %v\n%s", err, out)
	}
	return bin
}

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

	raw, gz := wasmGzipSize(t, dir)
	t.Logf("main.wasm: %.2f MB raw, %.2f MB gzip", float64(raw)/1e6, float64(gz)/1e6)
	if gz > 5_000_000 {
		t.Errorf("main.wasm is %d bytes gzip, more than 5 MB", gz)
	}

	// English labels, the undo button disabled on a fresh table.
	if got := p.text("#ht-undo"); got != "Undo" {
		t.Errorf("undo button says %q", got)
	}
	if !evalJS[bool](p, `document.querySelector("#ht-undo").disabled`) {
		t.Error("undo enabled with nothing to undo")
	}
	p.screenshot("40-app-start")

	// German and back: the toolbar relabels itself.
	p.click(`button[data-lang="de"]`)
	p.poll(`document.querySelector("#ht-undo").textContent === "Rückgängig"`, 10*time.Second)
	if got := p.text("#ht-export"); got != "Exportieren" {
		t.Errorf("German export button says %q", got)
	}
	p.screenshot("40-app-german")
	p.click(`button[data-lang="en"]`)
	p.poll(`document.querySelector("#ht-undo").textContent === "Undo"`, 10*time.Second)

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
	p.click("#ht-export")
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
	p.click("#ht-share")
	p.poll(`location.hash.startsWith("#t=")`, 10*time.Second)
	hash := evalJS[string](p, `location.hash`)
	shared, ok, err := scenes.SharedTable(hash)
	if !ok || err != nil || string(shared) != original {
		t.Errorf("the share link does not carry the table: ok %v, err %v", ok, err)
	}
	t.Logf("share link: %d characters for a %d-byte table", len(hash), len(original))
	p.noPanics()
}
