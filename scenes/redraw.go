package scenes

import "time"

// Drawing only when something changed (issue 17 item 15, and CI time). The app does not clear the
// screen between frames (main.go), so a frame whose Draw draws nothing shows the picture of the
// last frame drawn, and Ebitengine then leaves the screen image untouched. In headless Chromium's
// software WebGL an idle frame of the default table cost ~150 ms of both cores (6.6 frames a second
// with the machine loaded); skipped, the same page ran 29.6 frames a second on less CPU.
//
// The rule is conservative: a frame is drawn when
//   - this tick's input differs from the last tick's (the cursor moved, a button, a key, the
//     wheel, a finger, a held button or key, the screen's size), or
//   - something outside the scene changed it (Manager.Invalidate: a page command, an online
//     message, a dropped file, a job's step, a storage fault), or
//   - the scene says its picture changed (drawKey differs from the last frame drawn) or it has
//     work in progress that changes the picture without input (busy: a standing scan spread over
//     ticks, the heat map catching up, a heat-map cell waiting to be explained), or
//   - one of the settleFrames frames after any of these (a tool may finish in the tick after), or
//   - redrawEvery has passed since the last frame drawn (whatever the rule misses shows within
//     that time; an idle page then draws one frame a second).

// settleFrames is how many frames are drawn after the last change.
const settleFrames = 2

// redrawEvery is the longest an idle page goes without drawing.
const redrawEvery = time.Second

// quietScene is a scene that can tell a frame it would draw the same as the last one drawn.
type quietScene interface {
	// drawKey sums up what the scene draws besides what the input changes (compared with ==).
	drawKey() drawKey
	// busy reports work in progress that changes the picture without new input.
	busy() bool
}

// drawKey is what a TableScene's picture depends on beyond the input.
type drawKey struct {
	view      viewKey
	message   string
	tool      string // the tool's name
	marked    int    // the standing marks shown (their count and the revision they are for)
	markedRev int
	heatHover int // the heat-map cell explained, and whether its explanation is ready
	heatReady bool
	grid      bool
	gridRev   int // the grid view's revision (its selection, measure, editor drag: swm_view.go)
}

// redraw is the Manager's record of the frames drawn.
type redraw struct {
	last     Input // the last tick's input, Time cleared
	dirty    int   // frames still to draw after a change
	drawnKey drawKey
	drawnAt  time.Time
	drawn    bool
	now      func() time.Time // time.Now; tests replace it
}

// active reports whether in differs from the last tick's input, or holds something down.
func (r *redraw) active(in Input) bool {
	in.Time = 0
	held := in.Left || in.Right || in.Middle || in.LeftPressed || in.LeftReleased ||
		in.RightPressed || in.MiddlePressed || in.Wheel != 0 || in.Pinch != 0 || in.Touch ||
		in.Fit || in.Undo || in.Redo || in.Escape || in.Delete || in.ScreenChanged || len(in.Keys) > 0
	moved := in.X != r.last.X || in.Y != r.last.Y || in.Shift != r.last.Shift || in.Ctrl != r.last.Ctrl ||
		in.Screen != r.last.Screen
	in.Keys = nil
	r.last = in
	return held || moved
}

// Invalidate makes this tick's frame and settleFrames frames after it draw: something outside the
// scene changed it.
func (m *Manager) Invalidate() { m.redraw.dirty = 1 + settleFrames }

// NeedsDraw reports whether the frame after this tick's Update must be drawn (see redraw.go's
// rule). A scene that cannot tell (the message scene) is always drawn.
func (m *Manager) NeedsDraw() bool {
	r := &m.redraw
	if r.now == nil {
		r.now = time.Now
	}
	q, ok := m.current.(quietScene)
	if !ok {
		return true
	}
	key := q.drawKey()
	switch {
	case !r.drawn, r.dirty > 0, key != r.drawnKey, q.busy(), r.now().Sub(r.drawnAt) >= redrawEvery:
	default:
		return false
	}
	if r.dirty > 0 {
		r.dirty--
	}
	r.drawn, r.drawnKey, r.drawnAt = true, key, r.now()
	return true
}

// drawKey: see quietScene.
func (s *TableScene) drawKey() drawKey {
	return drawKey{
		view:      viewKey{cam: s.cam, screen: s.screen, selected: s.selected, doc: s.doc.Rev(), view: s.viewRev, heat: s.heat.rev},
		message:   s.message,
		tool:      s.toolName(),
		marked:    len(s.stand.marked),
		markedRev: s.stand.rev,
		heatHover: s.heat.hover.k,
		heatReady: s.heat.hover.lines != nil,
		grid:      s.grid != nil,
		gridRev:   s.gridRev(),
	}
}

// gridRev is the grid view's revision, 0 without one.
func (s *TableScene) gridRev() int {
	if s.grid == nil {
		return 0
	}
	return s.grid.rev
}

// busy: see quietScene. The standing scan (standing.go) and the heat map (heatmap.go) go on over
// ticks; a heat-map cell under a resting cursor is explained heatRest after it came to rest.
func (s *TableScene) busy() bool {
	h := &s.heat
	return s.stand.scan.on ||
		(h.on && (h.docRev != s.doc.Rev() || h.view != s.viewRev)) ||
		(h.on && h.hover.k >= 0 && h.hover.lines == nil)
}

// toolName is the current tool's name ("" for none).
func (s *TableScene) toolName() string {
	if s.tool == nil {
		return ""
	}
	return s.tool.Name()
}
