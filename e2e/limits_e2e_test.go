//go:build !(js && wasm)

package e2e

import (
	"strings"
	"testing"
	"time"

	"holotable/internal/tabletest"
)

// largestTable is tabletest.Largest as a file.
func largestTable(t *testing.T) string {
	data, _ := tabletest.LargestFile()
	return string(data)
}

// TestImportLargest imports the largest table the limits accept into the app, in Chromium, and
// measures how long the page is busy with it: the import runs in steps, a frame each (read and
// check, submit, build the world; the table layer is drawn in the frame after), with a progress
// bar meanwhile, so the page is held for its longest frame, not for the whole import. Then the same
// with the heat map on, which the app refuses for a table this large (too much work for the page)
// with a message instead of freezing. Issue 18's goal: no frame of the import holds the page for
// more than 2 s — asserted, and the longest frame logged (on the project's machine it is a
// fraction of that: the steps, and the scan of where the units stand after it, are bounded;
// docs/performance.md). That the import takes several frames, with its progress in the state, is
// asserted too.
func TestImportLargest(t *testing.T) {
	p := newPage(t)
	p.open(startServer(t, webDir(t))+"/?map=default", 1)
	p.waitUI()
	big := largestTable(t)
	busy := func(what string) float64 {
		evalJS[bool](p, `(window.holotable.resetFrameTimes(), window.htJobSeen = [], true)`)
		// Watch the page while the import runs: the job's progress in the state and its bar.
		evalJS[bool](p, `(window.htJobWatch = setInterval(() => {
			const s = JSON.parse(window.holotable.state());
			if (s.job) window.htJobSeen.push([s.job.done, s.job.steps, !!document.querySelector("#ht-job")]);
		}, 5), true)`)
		t0 := time.Now()
		if _, err := p.command("import", big); err != "" {
			t.Fatalf("%s: %s", what, err)
		}
		reply := time.Since(t0)
		p.waitFrames(10)
		evalJS[bool](p, `(clearInterval(window.htJobWatch), true)`)
		seen := evalJS[[][3]any](p, `window.htJobSeen`)
		st := p.appState() // the import's frames and the ten after
		if len(seen) == 0 || st.Job != nil {
			t.Errorf("%s: the import's progress was never in the state (%d samples), or the job is still there after it (%v)", what, len(seen), st.Job)
		}
		bar := false
		for _, s := range seen {
			bar = bar || s[2] == true
		}
		// The bar is drawn by the page's own poll of the state, which may fall between the import's
		// few frames: logged, while the job in the state is asserted above.
		t.Logf("%s: the progress bar seen on the page: %v", what, bar)
		ms := st.FrameTimes.MaxMs
		t.Logf("%s: %d bytes imported in steps, reply after %.0f ms over %d frames; the longest frame %.0f ms (Update median %.0f ms, Draw median %.0f ms, p90 %.0f ms); progress seen %v; message %q",
			what, len(big), float64(reply.Microseconds())/1000, st.FrameTimes.N, ms, st.FrameTimes.UpdateMedianMs, st.FrameTimes.DrawMedianMs, st.FrameTimes.P90Ms, seen, st.Message)
		return ms
	}
	const goal = 2000 // ms: issue 18's "never stops responding for more than 2 s"
	verdict := func(ms float64) string {
		if ms <= goal {
			return "met"
		}
		return "NOT MET"
	}
	off := busy("heat map off")
	p.mustCommand("undo", nil)
	p.mustCommand("heatmap", map[string]any{"on": true})
	on := busy("heat map on")
	p.screenshot("70-import-largest-heat-refused")
	if st := p.appState(); !strings.Contains(st.Message+p.heatRows().Error, "too large") {
		t.Errorf("the heat map of the largest table: no refusal (message %q)", st.Message)
	}
	t.Logf("the page held by importing the largest table (its longest frame): %.0f ms with the heat map off, %.0f ms on; ≤ 2 s: %s, %s", off, on, verdict(off), verdict(on))
	if off > goal || on > goal {
		t.Errorf("importing the largest table held the page for %.0f ms (heat map off) and %.0f ms (on): more than issue 18's %d ms", off, on, goal)
	}
	p.noPanics()
}
