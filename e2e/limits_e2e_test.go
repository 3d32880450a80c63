//go:build !(js && wasm)

package e2e

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"holotable/internal/tabletest"
	"holotable/table"
)

// largestTable is tabletest.Largest as a file.
func largestTable(t *testing.T) string {
	data, err := json.Marshal(tabletest.Largest())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := table.Load(data); err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestImportLargest imports the largest table the limits accept into the app, in Chromium, and
// measures how long the page is busy with it: from the import command to its reply, and the
// longest frame after it (the table layer drawn afresh); then the same with the heat map on, which
// the app refuses for a table this large (too much work for the page) with a message instead of
// freezing. Issue 18's goal is at most 2 s; the times are logged with their verdict, not asserted
// (CI shares its cores).
func TestImportLargest(t *testing.T) {
	p := newPage(t)
	p.open(startServer(t, webDir(t))+"/?map=default", 1)
	p.waitUI()
	big := largestTable(t)
	busy := func(what string) float64 {
		evalJS[bool](p, `(window.holotable.resetFrameTimes(), true)`)
		t0 := time.Now()
		if _, err := p.command("import", big); err != "" {
			t.Fatalf("%s: %s", what, err)
		}
		reply := time.Since(t0)
		st := p.appState() // the frame that imported: its Update and Draw
		p.waitFrames(10)
		after := p.appState()
		ms := float64(reply.Microseconds()) / 1000
		t.Logf("%s: %d bytes imported, reply after %.0f ms; its frames: %d, Update median %.0f ms, Draw median %.0f ms, p90 %.0f ms; then median %.1f ms; message %q",
			what, len(big), ms, st.FrameTimes.N, st.FrameTimes.UpdateMedianMs, st.FrameTimes.DrawMedianMs, st.FrameTimes.P90Ms, after.FrameTimes.MedianMs, after.Message)
		return ms
	}
	verdict := func(ms float64) string {
		if ms <= 2000 {
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
	t.Logf("the page busy importing the largest table: %.0f ms with the heat map off, %.0f ms on; ≤ 2 s: %s, %s", off, on, verdict(off), verdict(on))
	p.noPanics()
}
