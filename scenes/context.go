package scenes

import (
	"encoding/json"

	"holotable/ops"
	"holotable/rules"
	"holotable/table"
)

// Context is what a tool sees of the table scene (*TableScene implements it): the table shown
// and the document's, their rules worlds, previews and the way to commit ops, the camera and the
// screen, the selection and the message line. A tool uses nothing else of the scene; it changes
// the table only by submitting ops.
type Context interface {
	// File is the table shown: a tool's preview while it has one, a history entry while one is
	// viewed, else the document's current file. Treat it as read-only.
	File() *table.File
	// State is the document's current file and rules world: what ops are planned against.
	State() *ops.State
	// World is the document's rules world; ShownWorld the rules world of File().
	World() *rules.World
	ShownWorld() *rules.World
	// Rev changes with every change of the document; ViewRev whenever the shown file changes.
	Rev() int
	ViewRev() int
	// Preview shows op applied to the document, uncommitted, until the next Preview (nil clears
	// it); the error is the op's refusal (an op whose result breaks the file format is still
	// shown, with its fault). Previewing reports whether a preview is shown.
	Preview(op ops.Op) error
	Previewing() bool
	// Submit commits ops as one change (one op, or a group undone as one); a refusal (an
	// *ops.Refusal) changes nothing. While a history entry is viewed, nothing is submitted.
	Submit(list ...ops.Op) error
	// Place commits op, which moves minis of units, when the units stand where the rules let
	// minis stand afterwards; otherwise it holds op back for "Place anyway" and says why
	// (standing.go). placed reports whether op was committed.
	Place(op ops.Op, units ...string) (placed bool, err error)
	// Camera, Screen and Scale (device pixels per CSS pixel) of the view.
	Camera() Camera
	Screen() Screen
	Scale() float64
	// PanelTop is the screen y (device px) where a tool's own panel or palette may start: below
	// the heads-up panel and the page's toolbar. PageBottom is the CSS px the page's tool panel
	// covers at the bottom.
	PanelTop() float64
	PageBottom() float64
	// PaletteTop is the screen y (device px) where a tool's palette starts: below the fitted
	// table in the page's dock, else PanelTop (palette_dock.go).
	PaletteTop() float64
	// Selected is the selected mini ("" when none); Select changes it; MiniAt is the mini under a
	// screen point.
	Selected() string
	Select(id string)
	MiniAt(x, y float64) string
	// Fingers reports whether the player uses a touch screen (input_kind.go): hints speak of taps.
	// TouchScreen reports whether the page says it is on one (a phone or tablet): palette buttons
	// are finger-sized (it does not change with the last input, so layouts stay put).
	Fingers() bool
	TouchScreen() bool
	// SetMessage shows a notice or an error on the message line ("" clears it).
	SetMessage(m string)
	// Command runs a page command (a palette button does what the page's button does).
	Command(name string, arg json.RawMessage) (any, error)
}
