package scenes

// Actions and their messages (issue 17, item 2): a message — a refusal, a notice — belongs to the
// action that caused it and goes when the next action starts. An action is a press of the left
// button or a touch on the table, Undo or Redo, Escape or Delete, or a page command that does
// something (a tool switch, a selection, an edit, an import). Looking does not end a message:
// moving the pointer, panning (right or middle drag) and zooming, and the page's own queries (its state,
// the labels, the history list, an export) leave it standing.

// passiveCommands are the page commands that are not actions: they read, or change only how the
// table is shown, and leave the message standing.
var passiveCommands = map[string]bool{
	"settings": true, "strings": true, "reserve": true, "message": true, "export": true,
	"exportGame": true, "shareLink": true, "history": true, "heatmapBench": true,
	"terrainPresets": true, "unitPresets": true, "language": true, "lengthUnit": true,
	"overlays": true, "fit": true, "hud": true,
}

// continuingCommands go on with the last action rather than start one: "Place anyway" answers
// the question the last drag's message asked.
var continuingCommands = map[string]bool{"placeAnyway": true}

// beginAction starts a new action: the last action's message goes, and with it a placement that
// waited for "Place anyway" (standing.go). Action counts them, so that
// the page can drop a message of its own when the next action starts.
func (s *TableScene) beginAction() {
	s.action++
	s.message = ""
	s.stand.pending = nil
}

// Action counts the actions started so far (see beginAction).
func (s *TableScene) Action() int { return s.action }

// startsAction reports whether this tick's input starts an action.
func startsAction(in *Input) bool {
	return in.LeftPressed || in.Undo || in.Redo || in.Escape || in.Delete
}
