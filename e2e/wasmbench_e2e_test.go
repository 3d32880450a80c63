//go:build !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// benchPage is the page that runs a Go test binary compiled to WebAssembly: wasm_exec.js's Go
// with the test flags as its arguments; every line the binary prints is kept in window.benchOut
// and window.benchDone is set when it exits.
const benchPage = `<!doctype html>
<meta charset="utf-8">
<title>holotable benchmarks in the browser</title>
<script src="wasm_exec.js"></script>
<script>
window.benchOut = [];
for (const k of ["log", "warn", "error"]) {
	const orig = console[k];
	console[k] = (...a) => { window.benchOut.push(a.join(" ")); orig.apply(console, a); };
}
const go = new Go();
go.argv = %s;
go.exit = (code) => { window.benchExit = code; };
WebAssembly.instantiateStreaming(fetch("test.wasm"), go.importObject)
	.then((r) => go.run(r.instance))
	.catch((e) => { window.benchOut.push("load error: " + e); window.benchExit = -1; })
	.finally(() => { window.benchDone = true; });
</script>
`

// TestRulesBenchInChromium runs the rules package's benchmarks compiled to WebAssembly in
// headless Chromium — the engine the app runs in, a newer V8 than node's — and writes their
// output (plain `go test -bench` lines) to $HOLOTABLE_BENCH_OUT, -count $HOLOTABLE_BENCH_COUNT
// (default 5). ./build.sh bench runs it; without HOLOTABLE_BENCH_OUT it is skipped.
func TestRulesBenchInChromium(t *testing.T) {
	out := os.Getenv("HOLOTABLE_BENCH_OUT")
	if out == "" {
		t.Skip("HOLOTABLE_BENCH_OUT is not set (./build.sh bench sets it)")
	}
	count := os.Getenv("HOLOTABLE_BENCH_COUNT")
	if count == "" {
		count = "5"
	}
	dir := t.TempDir()
	buildWasm(t, dir, "test", "-c", "-o", filepath.Join(dir, "test.wasm"), "./rules")
	args := fmt.Sprintf(`["rules.test", "-test.run", "^$", "-test.bench", ".", "-test.benchmem", "-test.count", %q]`, count)
	if err := os.WriteFile(filepath.Join(dir, "index.html"), fmt.Appendf(nil, benchPage, args), 0o644); err != nil {
		t.Fatal(err)
	}

	p := newPage(t)
	start := time.Now()
	p.do("navigate", chromedp.Navigate(startServer(t, dir)+"index.html"))
	// The binary runs on the page's one thread; the page answers again only once it is done.
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Minute)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.benchDone === true`,
		chromedp.WithPollingInterval(time.Second), chromedp.WithPollingTimeout(5*time.Minute))); err != nil {
		t.Fatalf("the benchmarks did not finish after %v: %v", time.Since(start).Round(time.Second), err)
	}
	lines := evalJS[[]string](p, `window.benchOut`)
	exit := evalJS[int](p, `window.benchExit === undefined ? 0 : window.benchExit`)
	text := strings.Join(lines, "\n") + "\n"
	if err := os.WriteFile(out, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	n := strings.Count(text, "ns/op")
	t.Logf("%d benchmark results in %v → %s", n, time.Since(start).Round(time.Second), out)
	if exit != 0 || n == 0 || !strings.Contains(text, "\nPASS") {
		t.Fatalf("the rules benchmarks in Chromium exited %d with %d results:\n%s", exit, n, text)
	}
}
