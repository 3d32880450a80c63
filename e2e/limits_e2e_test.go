//go:build !(js && wasm)

package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"
	"time"

	"holotable/table"
)

// largestTable is a table at every count limit of table.Load — 256 pieces of 16 vertices (half
// concave; solid, area and depression), 256 units of 4 minis of every type, 256 tokens — without
// queries (the app keeps them but asks none).
func largestTable(t *testing.T) string {
	var terrain, units, tokens []any
	for i := range table.MaxPieces {
		cx, cy := 2.25+float64(i%16)*4.5, 1.125+float64(i/16)*2.25
		var pts [][2]float64
		for k := range 16 {
			a, r := 2*math.Pi*float64(k)/16, 1.0
			if i%2 == 1 && k%2 == 1 {
				r = 0.5
			}
			pts = append(pts, [2]float64{math.Round((cx+r*math.Cos(a))*1e4) / 1e4, math.Round((cy+0.9*r*math.Sin(a))*1e4) / 1e4})
		}
		terrain = append(terrain, map[string]any{"id": fmt.Sprintf("t%d", i), "polygon": pts, "height": 1 + float64(i%4),
			"kind": []string{"solid", "solid", "area", "depression"}[i%4], "cover": []string{"light", "heavy"}[i%2]})
	}
	for i := range table.MaxUnits {
		var minis []any
		for j := range table.MaxMinis / table.MaxUnits {
			k := 4*i + j
			minis = append(minis, map[string]any{"id": fmt.Sprintf("m%d", k), "leader": j == 0, "x": 0.6 + float64(k%64)*1.1,
				"y": 0.6 + float64(k/64)*1.1, "base": 0.8, "height": 1.5, "hover": 0.5})
		}
		units = append(units, map[string]any{"id": fmt.Sprintf("u%d", i), "side": []string{"red", "blue"}[i%2],
			"type": []string{"trooper", "ground", "creature", "repulsor"}[i%4], "minis": minis})
	}
	for i := range table.MaxTokens {
		tokens = append(tokens, map[string]any{"id": fmt.Sprintf("k%d", i), "x": 1 + float64(i%64)*1.1, "y": 35, "r": 0.4})
	}
	data, err := json.Marshal(map[string]any{"format": table.Format, "battlefield": map[string]any{"width": 72, "depth": 36},
		"terrain": terrain, "units_on_table": units, "tokens": tokens})
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
// freezing. Issue 18's goal is at most 2 s; it fails past 1.5× that (CI shares its cores).
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
	if ms := busy("heat map off"); ms > 3000 {
		t.Errorf("importing the largest table kept the page busy %.0f ms, more than 1.5 × 2 s", ms)
	}
	p.mustCommand("undo", nil)
	p.mustCommand("heatmap", map[string]any{"on": true})
	if ms := busy("heat map on"); ms > 3000 {
		t.Errorf("importing the largest table with the heat map on kept the page busy %.0f ms, more than 1.5 × 2 s", ms)
	}
	p.noPanics()
}
