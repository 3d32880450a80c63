package scenes

// The last kind of input (issue 17 item 11, D128): the heads-up hint speaks of fingers after a
// touch and of the mouse again once the mouse is used, so a desktop with a touch screen, or a
// browser whose touch emulation ended, does not keep the fingers' hint for the rest of the
// session. A page that says it is on a touch screen (reserve's touch, D121) keeps the fingers'
// hint whatever was used last.

// mouseState remembers the mouse cursor between ticks. A browser sends no mouse events for a
// touch here (Ebitengine prevents the touch events' default, so no compatibility mouse events
// follow), so the cursor moves only with the mouse.
type mouseState struct {
	x, y int
	seen bool // x, y hold a cursor read before
}

var mice mouseState

// used reports whether the mouse was used this tick: the cursor at (x, y) moved since the last
// tick, a button went down, or the wheel turned. The first tick only remembers the cursor.
func (m *mouseState) used(x, y int, pressed bool, wheel float64) bool {
	moved := m.seen && (x != m.x || y != m.y)
	m.x, m.y, m.seen = x, y, true
	return moved || pressed || wheel != 0
}

// noteInputKind records whether this tick's input was a finger or the mouse; a tick with
// neither keeps the last kind. A finger wins a tick that has both.
func (s *TableScene) noteInputKind(in *Input) {
	switch {
	case in.Touch:
		s.touch = true
	case in.Mouse:
		s.touch = false
	}
}

// fingers reports whether the hints speak of fingers: the last input was a touch, or the page
// is on a touch screen.
func (s *TableScene) fingers() bool { return s.touch || s.touchPg }

// Fingers is fingers, for the tools (Context).
func (s *TableScene) Fingers() bool { return s.fingers() }

// TouchScreen is the page's word that it runs on a touch screen (reserve's touch; Context).
func (s *TableScene) TouchScreen() bool { return s.touchPg }
