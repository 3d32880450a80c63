// Package scenes holds the app's screens, structured like Ebitengine's examples/blocks: a Scene
// updates from input and draws itself, and a Manager runs the current one. The table scene owns
// the camera (camera.go, pure functions) and turns table coordinates into screen values for
// package render, which only draws.
package scenes

import (
	"runtime"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Screen is the game screen: its size in device pixels and the device scale factor (device
// pixels per CSS pixel in a browser), so that line widths and text stay the same physical size.
type Screen struct {
	W, H  float64
	Scale float64
}

// Input is one tick's input, in screen (device) pixels. Scenes read this instead of calling
// Ebitengine's input functions, so their logic can be tested without a window.
type Input struct {
	X, Y                float64 // cursor
	Left, Right, Middle bool    // held now
	LeftPressed         bool    // went down this tick
	LeftReleased        bool    // went up this tick
	RightPressed        bool
	MiddlePressed       bool
	Wheel               float64 // zoom steps this tick (positive: zoom in), see WheelSteps
	Pinch               float64 // two-finger zoom factor this tick (0: no pinch), about (PinchX, PinchY)
	PinchX, PinchY      float64 // the fingers' midpoint
	PinchDX, PinchDY    float64 // how far the midpoint moved this tick (pans the table)
	Touch               bool    // a finger is on the screen this tick (touch.go)
	Mouse               bool    // the mouse moved, a mouse button went down or the wheel turned this tick (input_kind.go)
	Fit                 bool    // the fit key (F) went down this tick, or the page asked for a fit
	Undo, Redo          bool    // Ctrl+Z, Ctrl+Shift+Z (or Ctrl+Y) went down this tick
	Escape, Delete      bool    // Escape, Delete or Backspace went down this tick
	Shift, Ctrl         bool    // held now
	ScreenChanged       bool    // the screen size changed since the last tick
	Screen              Screen
	Keys                []ebiten.Key // every key that went down this tick (tools' own shortcuts)
	// Time is when the tick happened, from a fixed start (ReadInput: the app's start; tests count
	// their own): what double-clicks and rests are timed by, in milliseconds rather than ticks,
	// since a tick lasts as long as a frame takes to draw.
	Time time.Duration
}

// MS is a duration in milliseconds.
func MS(ms int) time.Duration { return time.Duration(ms) * time.Millisecond }

// KeyPressed reports whether k went down this tick.
func (in *Input) KeyPressed(k ebiten.Key) bool {
	for _, x := range in.Keys {
		if x == k {
			return true
		}
	}
	return false
}

// Scene is one screen of the app.
type Scene interface {
	Update(in *Input) error
	Draw(screen *ebiten.Image)
}

// Manager runs the current scene.
type Manager struct {
	current Scene
	screen  Screen
	changed bool
	redraw  redraw // which frames are drawn (redraw.go)
}

// GoTo makes s the current scene.
func (m *Manager) GoTo(s Scene) { m.current = s; m.Invalidate() }

// Current is the current scene.
func (m *Manager) Current() Scene { return m.current }

// SetScreen records the screen size; the next Update reports it to the scene.
func (m *Manager) SetScreen(s Screen) {
	if s != m.screen {
		m.screen = s
		m.changed = true
	}
}

// Update reads Ebitengine's input and updates the current scene.
// fitRequested is a fit asked for from outside the game (the page's window.holotable.fit()).
func (m *Manager) Update(fitRequested bool) error {
	return m.update(ReadInput(), fitRequested)
}

// update is Update with this tick's input read.
func (m *Manager) update(in Input, fitRequested bool) error {
	in.Screen = m.screen
	in.ScreenChanged = m.changed
	in.Fit = in.Fit || fitRequested
	m.changed = false
	if m.redraw.active(in) {
		m.Invalidate()
	}
	if m.current == nil {
		return nil
	}
	return m.current.Update(&in)
}

// Draw draws the current scene.
func (m *Manager) Draw(screen *ebiten.Image) {
	if m.current != nil {
		m.current.Draw(screen)
	}
}

// wheelPixelsPerStep: a browser reports wheel deltas in pixels, a desktop in notches.
var wheelPixelsPerStep = func() float64 {
	if runtime.GOOS == "js" {
		return 100
	}
	return 1
}()

// inputStart is what Input.Time counts from.
var inputStart = time.Now()

// ReadInput reads this tick's input from Ebitengine.
func ReadInput() Input {
	x, y := ebiten.CursorPosition()
	_, wy := ebiten.Wheel()
	in := Input{
		X: float64(x), Y: float64(y),
		Left:          ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft),
		Right:         ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight),
		Middle:        ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle),
		LeftPressed:   inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft),
		LeftReleased:  inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft),
		RightPressed:  inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight),
		MiddlePressed: inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonMiddle),
		Wheel:         WheelSteps(wy, wheelPixelsPerStep),
		Fit:           inpututil.IsKeyJustPressed(ebiten.KeyF),
		Shift:         ebiten.IsKeyPressed(ebiten.KeyShift),
		Ctrl:          ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta),
		Escape:        inpututil.IsKeyJustPressed(ebiten.KeyEscape),
		Delete:        inpututil.IsKeyJustPressed(ebiten.KeyDelete) || inpututil.IsKeyJustPressed(ebiten.KeyBackspace),
		Keys:          inpututil.AppendJustPressedKeys(nil),
		Time:          time.Since(inputStart),
	}
	if in.Ctrl && inpututil.IsKeyJustPressed(ebiten.KeyZ) {
		in.Undo, in.Redo = !in.Shift, in.Shift
	}
	if in.Ctrl && inpututil.IsKeyJustPressed(ebiten.KeyY) {
		in.Redo = true
	}
	in.Mouse = mice.used(x, y, in.LeftPressed || in.RightPressed || in.MiddlePressed, in.Wheel)
	readTouches(&in)
	return in
}
