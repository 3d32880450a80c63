package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
)

// The grid view's keyboard shortcuts (D117): 1–6 choose the editor's tool in the panel's order
// (measure, paint, wall, door, figure, zone), X turns erase on and off for the tools that erase
// (wall, door, figure), and Delete removes the selected figure — one op, undoable, as the figure
// tool's erase click. With Ctrl held the keys are the page's (undo, redo).

var gridToolKeys = [gridTools]ebiten.Key{ebiten.KeyDigit1, ebiten.KeyDigit2, ebiten.KeyDigit3, ebiten.KeyDigit4, ebiten.KeyDigit5, ebiten.KeyDigit6}

// keys takes this tick's shortcuts.
func (g *gridView) keys(s *TableScene, in *Input) {
	if in.Ctrl {
		return
	}
	for i, k := range gridToolKeys {
		if in.KeyPressed(k) || in.KeyPressed(k+ebiten.KeyNumpad0-ebiten.KeyDigit0) {
			t := gridTool(i)
			_ = g.setTool(gridEditArg{Tool: &t})
		}
	}
	if t := g.edit.tool; in.KeyPressed(ebiten.KeyX) && (t == gridToolWall || t == gridToolDoor || t == gridToolFigure) {
		erase := !g.edit.erase
		_ = g.setTool(gridEditArg{Erase: &erase})
	}
	if in.Delete && g.sel != "" && g.edit.press == nil {
		if err := s.doc.Submit(&ops.SWMFigureRemove{FigureID: g.sel}); err != nil {
			s.message = errText(err)
			return
		}
		s.message = ""
		s.syncGrid()
	}
}
