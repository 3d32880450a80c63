package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"log"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/scenes"
	"holotable/table"
)

// What the app adds around the scenes for the page shell: the frame-time metric, opening a share
// link, and importing a file dropped on the window, and their messages.

func init() {
	scenes.RegisterStrings(map[string][2]string{
		"app.storageFull": {"not saved in the browser, its storage is full (%v): the table on screen stays; export it to keep it",
			"Nicht im Browser gespeichert, sein Speicher ist voll (%v): der Tisch bleibt; zum Behalten exportieren"},
		"app.startFailed": {"holotable could not start: %v", "holotable konnte nicht starten: %v"},
	})
}

// frameClock keeps the CPU time of the last frameWindow frames: the game's Update calls of the
// frame (there may be none or several) plus its Draw, measured with time.Now in the app itself.
type frameClock struct {
	mu      sync.Mutex
	ring    [frameWindow]frameTime
	n       int // valid entries, at most frameWindow
	next    int // where the next frame goes
	pending time.Duration
}

// frameTime is one frame: its Update calls together, and its Draw.
type frameTime struct{ update, draw time.Duration }

const frameWindow = 120

// FrameStats is the state's "frameTimes": the median, 90th percentile and longest of the last n
// frames' Update+Draw time, in milliseconds, and the medians of the two parts on their own.
type FrameStats struct {
	MedianMs       float64 `json:"medianMs"`
	P90Ms          float64 `json:"p90Ms"`
	MaxMs          float64 `json:"maxMs"`
	N              int     `json:"n"`
	UpdateMedianMs float64 `json:"updateMedianMs"`
	DrawMedianMs   float64 `json:"drawMedianMs"`
}

// update adds the time of one Update call to the current frame.
func (c *frameClock) update(d time.Duration) {
	c.mu.Lock()
	c.pending += d
	c.mu.Unlock()
}

// frame ends the current frame with its Draw time.
func (c *frameClock) frame(draw time.Duration) {
	c.mu.Lock()
	c.ring[c.next] = frameTime{c.pending, draw}
	c.next = (c.next + 1) % frameWindow
	c.n = min(c.n+1, frameWindow)
	c.pending = 0
	c.mu.Unlock()
}

// reset forgets the frames so far (the page starts a measurement).
func (c *frameClock) reset() {
	c.mu.Lock()
	c.n, c.next, c.pending = 0, 0, 0
	c.mu.Unlock()
}

// stats is the median (the mean of the middle two for an even count) and the 90th percentile
// (nearest rank) of the frames kept.
func (c *frameClock) stats() FrameStats {
	c.mu.Lock()
	total, upd, drw := make([]float64, c.n), make([]float64, c.n), make([]float64, c.n)
	for i := range total {
		f := c.ring[i]
		total[i] = ms(f.update + f.draw)
		upd[i], drw[i] = ms(f.update), ms(f.draw)
	}
	c.mu.Unlock()
	if len(total) == 0 {
		return FrameStats{}
	}
	med, p90 := percentiles(total)
	mu, _ := percentiles(upd)
	md, _ := percentiles(drw)
	return FrameStats{MedianMs: med, P90Ms: p90, MaxMs: total[len(total)-1], N: len(total), UpdateMedianMs: mu, DrawMedianMs: md}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// percentiles sorts v and returns its median (the mean of the middle two for an even count) and
// 90th percentile (nearest rank, ceil(0.9·n)); v is not empty.
func percentiles(v []float64) (median, p90 float64) {
	sort.Float64s(v)
	m := len(v) / 2
	median = v[m]
	if len(v)%2 == 0 {
		median = (v[m-1] + v[m]) / 2
	}
	return median, v[max(0, (9*len(v)+9)/10-1)]
}

// appState is window.holotable.state(): the scene's snapshot plus the frame times.
type appState struct {
	scenes.State
	FrameTimes FrameStats `json:"frameTimes"`
}

// openShared imports the table a share link carries (#t=…) over the table the app started with,
// as an undoable import: the autosaved table is one Ctrl+Z away, and the shared one is autosaved.
// A link that does not load leaves the table and shows why.
func (g *Game) openShared(fragment string) {
	if g.table == nil {
		return
	}
	data, ok, err := scenes.SharedTable(fragment)
	if !ok {
		return
	}
	if err != nil {
		g.table.SetMessage("import refused, table unchanged: " + err.Error())
		return
	}
	arg, _ := json.Marshal(string(data))
	if _, err := g.table.Command("import", arg); err != nil {
		log.Printf("holotable: shared table: %v", err)
	}
}

// importDropped imports a table file dropped on the window (Ebitengine's DroppedFiles; in the
// browser the page's own drop handler usually gets there first and calls the import command).
func (g *Game) importDropped() {
	dropped := ebiten.DroppedFiles()
	if dropped == nil || g.table == nil {
		return
	}
	g.scenes.Invalidate()
	entries, err := fs.ReadDir(dropped, ".")
	if err != nil || len(entries) == 0 {
		return
	}
	name := entries[0].Name()
	if entries[0].IsDir() || !strings.HasSuffix(strings.ToLower(name), ".json") {
		g.table.SetMessage(scenes.T("ui.import.notJSON", name))
		return
	}
	if info, err := entries[0].Info(); err == nil && info.Size() > table.MaxFileBytes {
		g.table.SetMessage(scenes.T("ui.import.tooLarge", name, fmt.Sprint(info.Size()), fmt.Sprint(table.MaxFileBytes)))
		return
	}
	data, err := fs.ReadFile(dropped, name)
	if err != nil {
		g.table.SetMessage("import refused, table unchanged: " + err.Error())
		return
	}
	arg, _ := json.Marshal(string(data))
	// Queued as the page's own import is: in steps, a refusal kept as the scene's message.
	g.enqueue(pending{name: "import", arg: arg, done: func(string) {}})
}
