//go:build !js

package e2e

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestWarmStartInChromium measures issue 17's "table drawn ≤ 1 s with a warm cache" over many
// loads, where TestUIFirstLoad logs three: after one cold load (which keeps main.wasm, D156) it
// reloads the app $HOLOTABLE_WARM_RUNS times (default 20; the renderer stays) and opens it anew
// from about:blank as many times (a new renderer: a new visit), and appends each load's ready
// mark (index.html's holotableReadyMs: the navigation's start to the app's second update, its
// first frame drawn) to $HOLOTABLE_BENCH_OUT as Go benchmark lines, one per load
// (BenchmarkWarmStart/reload and /visit, ns/op), so that benchstat reads them; it logs the
// median, the 90th percentile, the largest and the share within 1 s. ./build.sh bench runs it;
// without HOLOTABLE_BENCH_OUT it is skipped. A measurement, never a timed assertion: it fails
// only when a load does not become ready or takes main.wasm from elsewhere than the kept copy.
func TestWarmStartInChromium(t *testing.T) {
	out := os.Getenv("HOLOTABLE_BENCH_OUT")
	if out == "" {
		t.Skip("HOLOTABLE_BENCH_OUT is not set (./build.sh bench sets it)")
	}
	runs := 20
	if n, err := strconv.Atoi(os.Getenv("HOLOTABLE_WARM_RUNS")); err == nil && n > 0 {
		runs = n
	}
	p := newFreshPage(t)
	url := startServer(t, webDir(t))
	p.do("navigate", chromedp.Navigate(url))
	p.poll(`!!(window.holotable && window.holotable.ready)`, 90*time.Second)
	p.waitUI()
	p.poll(`caches.match("main.wasm").then((r) => !!r)`, 30*time.Second)
	ready := func() (float64, string) {
		p.poll(`!!(window.holotable && window.holotable.ready) && !!window.holotableReadyMs`, 90*time.Second)
		return evalJS[float64](p, `window.holotableReadyMs`), evalJS[string](p, `window.holotableWasmFrom || ""`)
	}
	var reload, visit []float64
	for range runs {
		p.do("reload", chromedp.Reload())
		ms, from := ready()
		if from != "kept" {
			t.Errorf("a reload compiled main.wasm from %q, not the kept copy", from)
		}
		reload = append(reload, ms)
		p.waitFrames(3)
	}
	for range runs {
		p.do("blank", chromedp.Navigate("about:blank"))
		p.do("navigate", chromedp.Navigate(url))
		ms, from := ready()
		if from != "kept" {
			t.Errorf("a new visit compiled main.wasm from %q, not the kept copy", from)
		}
		visit = append(visit, ms)
		p.waitFrames(3)
	}
	var b strings.Builder
	for _, s := range []struct {
		name string
		ms   []float64
	}{{"reload", reload}, {"visit", visit}} {
		for _, ms := range s.ms {
			fmt.Fprintf(&b, "BenchmarkWarmStart/%s \t       1\t%12.0f ns/op\n", s.name, ms*1e6)
		}
		t.Logf("warm %s, ready mark over %d loads: %s", s.name, len(s.ms), summary(s.ms, 1000))
	}
	f, err := os.OpenFile(out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(b.String()); err != nil {
		t.Fatal(err)
	}
}

// summary is the median, the 90th percentile (nearest rank), the extremes of ms and how many
// are within goal.
func summary(ms []float64, goal float64) string {
	s := slices.Clone(ms)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return "no loads"
	}
	within := 0
	for _, v := range s {
		if v <= goal {
			within++
		}
	}
	p90 := s[min(n-1, (9*n+9)/10-1)]
	return fmt.Sprintf("median %.0f ms, 90th percentile %.0f ms, %.0f–%.0f ms; %d of %d within %.0f ms", median(s), p90, s[0], s[n-1], within, n, goal)
}

// median of sorted values.
func median(s []float64) float64 {
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
