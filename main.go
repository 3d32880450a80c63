// Command holotable is the browser app (GOOS=js GOARCH=wasm; ./build.sh serve): a true-scale
// top-down view of a table file. It also runs natively in a window, which is handy for debugging.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/maps"
	"holotable/scenes"
	"holotable/table"
)

// Game is the Ebitengine game: a scene manager plus the state snapshot the page hook reads.
type Game struct {
	scenes scenes.Manager
	table  *scenes.TableScene // nil if the map failed to load

	fitRequested atomic.Bool
	clock        frameClock // Update+Draw time per frame (app_shell.go)
	saveErr      error      // why the last autosave failed, for the message line (nil: it did not)
	updated      bool       // the first Update has run (its start mark is set)

	mu     sync.Mutex // guards snap, frames and queue, shared with the page hook
	snap   scenes.State
	frames int64     // game-loop frames
	drawn  int64     // frames drawn (scenes/redraw.go)
	queue  []pending // commands from the page, run at the start of the next Update

	job     *scenes.Job // a stepped command running, one step per Update (nil: none)
	jobDone func(reply string)

	// The state's JSON as last written, for the version of snap and the frame times it was
	// written at: the page and its tests ask for it many times a frame (a 75 KB state for the
	// largest table), and it changes only in Update, Draw and resetFrameTimes (stateChanged).
	stateVer, stateAt int64
	stateStr          string
}

// stateChanged marks the state's JSON as out of date; g.mu is held.
func (g *Game) stateChanged() { g.stateVer++ }

// stepBudget is what a tick may spend on the table scene's work that can go on in the next tick
// (scenes.TableScene.SetStepBudget): the scan of where every unit stands after a change of a
// large table goes on over several frames instead of holding one (issue 18).
const stepBudget = 10 * time.Millisecond

// pending is a command from the page waiting for the game loop; done receives the JSON reply
// {"ok": true, "result": …} or {"ok": false, "error": "…"}.
type pending struct {
	name string
	arg  json.RawMessage
	done func(reply string)
}

// enqueue queues a page command for the game loop. Commands never run inside a page callback:
// the loop owns the scene, and a callback must not block.
func (g *Game) enqueue(p pending) {
	g.mu.Lock()
	g.queue = append(g.queue, p)
	g.mu.Unlock()
}

// runQueued runs the commands the page queued since the last tick. A stepped command (an import)
// runs one step per tick, the page drawing between them; the commands queued after it wait until
// it is done, so that they meet the table it leaves.
func (g *Game) runQueued() {
	g.mu.Lock()
	work := len(g.queue) > 0 || g.job != nil
	g.mu.Unlock()
	if work {
		g.scenes.Invalidate() // a command's answer shows in the frames after it (scenes/redraw.go)
	}
	if g.job != nil {
		done, err := g.table.StepJob(g.job)
		if !done {
			return
		}
		g.jobDone(reply(g.job.Result(), err))
		g.job, g.jobDone = nil, nil
	}
	g.mu.Lock()
	q := g.queue
	g.queue = nil
	g.mu.Unlock()
	for i, p := range q {
		if g.table == nil {
			p.done(reply(nil, errors.New("no table is loaded")))
			continue
		}
		out, job, err := g.table.Begin(p.name, p.arg)
		if job == nil {
			p.done(reply(out, err))
			continue
		}
		g.job, g.jobDone = job, p.done
		g.mu.Lock()
		g.queue = append(q[i+1:len(q):len(q)], g.queue...)
		g.mu.Unlock()
		return
	}
}

// reply is a command's JSON reply to the page.
func reply(out any, err error) string {
	var b []byte
	if err != nil {
		b, _ = json.Marshal(map[string]any{"ok": false, "error": err.Error()})
	} else {
		b, _ = json.Marshal(map[string]any{"ok": true, "result": out})
	}
	return string(b)
}

func newGame(name string, data []byte) *Game {
	g := &Game{}
	f, err := table.Load(data)
	if err != nil {
		g.scenes.GoTo(scenes.NewMessageScene(fmt.Sprintf("holotable: map %q does not load:\n%v", name, err)))
		return g
	}
	d, err := scenes.NewDoc(f)
	if err != nil {
		g.scenes.GoTo(scenes.NewMessageScene(fmt.Sprintf("holotable: map %q does not save:\n%v", name, err)))
		return g
	}
	return g.show(name, d)
}

// show puts the table scene of document d on screen, autosaving its game after every change.
func (g *Game) show(name string, d *scenes.Doc) *Game {
	d.Saved = func(record []byte) {
		// A full storage loses the autosave, not the table on screen: Update says so once the
		// edit (and whatever message it sets) is done.
		g.saveErr = autosave(record, d.TableJSON)
	}
	g.table = scenes.NewTableScene(name, d)
	g.table.SetStepBudget(stepBudget)
	g.scenes.GoTo(g.table)
	return g
}

// restoredGame is the game the page was last left with — its autosaved game record (with its
// history), or a table saved before games were recorded — or nil when there is none that loads.
func restoredGame() *scenes.Doc {
	saved, isRecord := restore()
	if saved == nil {
		return nil
	}
	var d *scenes.Doc
	var err error
	if isRecord {
		d, err = scenes.NewDocFromRecord(saved)
	} else {
		d, err = scenes.NewDocFromFile(saved) // a Legion or a grid table (the autosave's fallback)
	}
	if err != nil {
		log.Printf("holotable: the saved game does not load (%v)", err)
		return nil
	}
	return d
}

// Update runs one tick of the current scene and refreshes the snapshot.
func (g *Game) Update() error {
	t0 := time.Now()
	defer func() { g.clock.update(time.Since(t0)) }()
	if !g.updated {
		g.updated = true
		mark("first-update")
	} else if g.frames == 1 {
		// The first frame's picture has gone to WebGL (Ebitengine flushes after Draw: on software
		// WebGL its shaders' compile and link take 120-230 ms there) and the next frame begins.
		mark("second-update")
	}
	g.importDropped()
	g.runQueued()
	if err := g.scenes.Update(g.fitRequested.Swap(false)); err != nil {
		return err
	}
	g.onlineTick()
	if g.saveErr != nil && g.table != nil {
		g.scenes.Invalidate()
		g.table.SetMessage(scenes.T("app.storageFull", g.saveErr))
		g.saveErr = nil
	}
	if g.table != nil {
		s := g.table.Snapshot()
		if g.job != nil {
			s.Job = g.job.State()
		}
		g.mu.Lock()
		s.Frames, s.Drawn = g.frames, g.drawn
		g.snap = s
		g.stateChanged()
		g.mu.Unlock()
	}
	return nil
}

// Draw draws the current scene when its picture changed (scenes/redraw.go: otherwise the screen,
// not cleared between frames, keeps the last picture and Ebitengine does not touch it) and counts
// the frame either way: state().frames counts the game loop's frames, state().drawn those drawn.
func (g *Game) Draw(screen *ebiten.Image) {
	t0 := time.Now()
	drawn := g.scenes.NeedsDraw()
	if drawn {
		g.scenes.Draw(screen)
	}
	g.clock.frame(time.Since(t0))
	g.mu.Lock()
	g.frames++
	if drawn {
		g.drawn++
	}
	g.snap.Frames, g.snap.Drawn = g.frames, g.drawn
	g.stateChanged()
	first := g.frames == 1
	g.mu.Unlock()
	if first {
		mark("first-draw")
		markReady()
	}
}

// Layout is required by ebiten.Game; LayoutF below is what Ebitengine calls.
func (g *Game) Layout(outsideWidth, outsideHeight int) (int, int) {
	w, h := g.LayoutF(float64(outsideWidth), float64(outsideHeight))
	return int(w), int(h)
}

// LayoutF makes the screen as large as the window in device pixels, so that drawing is crisp on
// HiDPI displays; the scenes scale line widths and text by the device scale factor.
func (g *Game) LayoutF(outsideWidth, outsideHeight float64) (float64, float64) {
	k := ebiten.Monitor().DeviceScaleFactor()
	if k <= 0 {
		k = 1
	}
	w, h := max(1, outsideWidth*k), max(1, outsideHeight*k)
	g.scenes.SetScreen(scenes.Screen{W: w, H: h, Scale: k})
	return w, h
}

// start builds the game: the map the page names, or the table it was last left with, then a
// share link (#t=…) over it.
func start() *Game {
	name := requestedMap()
	data, ok := maps.Get(name)
	if !ok {
		log.Printf("holotable: no map %q, showing the default", name)
		name, data = "default", maps.Default()
	}
	// The game the page was last left with, unless a map was asked for by name.
	var g *Game
	if d := restoredGame(); d != nil && !mapRequested() {
		g = (&Game{}).show("saved", d)
	} else {
		g = newGame(name, data)
	}
	g.openShared(takeFragment()) // a share link (#t=…) wins over the autosave, as an undoable import
	return g
}

// safely runs f and returns a panic in it as an error (a JavaScript exception through syscall/js
// is one), so that it cannot take the page down.
func safely(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	f()
	return nil
}

// stateJSON is the page hook's window.holotable.state().
func (g *Game) stateJSON() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stateStr != "" && g.stateAt == g.stateVer {
		return g.stateStr
	}
	b, err := json.Marshal(appState{State: g.snap, FrameTimes: g.clock.stats()})
	if err != nil {
		return `{"error":` + fmt.Sprintf("%q", err.Error()) + `}`
	}
	g.stateStr, g.stateAt = string(b), g.stateVer
	return g.stateStr
}

func main() {
	mark("main") // every package's init is done
	// Nothing before the game loop may take the page down: a failure to start is shown.
	var g *Game
	if err := safely(func() { g = start() }); err != nil {
		g = &Game{}
		g.scenes.GoTo(scenes.NewMessageScene(scenes.T("app.startFailed", err)))
	}
	mark("started")
	if err := safely(func() { installHook(g) }); err != nil {
		log.Printf("holotable: the page hook: %v", err)
	}
	if err := safely(func() { startOnline(g) }); err != nil {
		log.Printf("holotable: the online table: %v", err)
	}

	ebiten.SetWindowTitle("holotable")
	ebiten.SetWindowSize(1280, 720)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	// One Update per drawn frame: nothing on the table moves by itself, so there is no simulation
	// to keep at a fixed rate, and a slow frame (software WebGL draws at 15 fps) must not be
	// followed by catch-up Updates that each redo a drag's rules answers for a picture nobody sees.
	ebiten.SetTPS(ebiten.SyncWithFPS)
	// Every scene covers the whole screen each frame (the table scene copies its opaque layer,
	// the message scene fills), so Ebitengine's own clear would only be a second full-screen fill.
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(g); err != nil {
		log.Fatal(err)
	}
}
