package scenes

import (
	"holotable/rules"
	"holotable/table"
)

// State is a snapshot of what the table scene shows, for the page's test hook
// (window.holotable.state()) and for tests. Lengths are in the table file's units; camera and
// screen values are in device pixels.
type State struct {
	Frames    int64             `json:"frames"` // game-loop frames (Update and Draw); filled in by the app, not the scene
	Drawn     int64             `json:"drawn"`  // of those, the frames whose picture was drawn (redraw.go); by the app too
	Map       string            `json:"map"`
	Ruleset   string            `json:"ruleset"`
	Length    string            `json:"lengthUnit"` // "in" or "mm"
	Table     TableSize         `json:"table"`
	Camera    Camera            `json:"camera"`
	Screen    ScreenState       `json:"screen"`
	Dock      float64           `json:"dock,omitempty"`        // CSS px below the fitted table for the page's panel and messages (TableScene.Dock)
	DockSide  float64           `json:"dockSide,omitempty"`    // CSS px wide: the dock is a column at the right of the table, Dock px high (TableScene.DockSide)
	Band      float64           `json:"paletteBand,omitempty"` // CSS px below the table that the tool's palette takes in the dock (TableScene.paletteBand, D155)
	DockRoom  float64           `json:"dockRoom,omitempty"`    // CSS px below that band to the window's bottom, less 8 (TableScene.DockRoom)
	Selected  string            `json:"selected"`              // mini id, "" when nothing is selected
	Rev       int               `json:"rev"`                   // document revision: changes with every op (edit, undo, redo, import)
	Steps     int               `json:"steps"`                 // entries in the document's log
	History   *HistoryViewState `json:"history,omitempty"`     // the history entry shown read only, absent when none
	CanUndo   bool              `json:"canUndo"`
	CanRedo   bool              `json:"canRedo"`
	UndoLabel string            `json:"undoLabel"`
	RedoLabel string            `json:"redoLabel"`
	Message   string            `json:"message"` // the message of the last action (error or notice) shown on screen
	Action    int               `json:"action"`  // actions started so far: a message goes when the next one starts (action.go)
	Tool      string            `json:"tool"`
	ToolState any               `json:"toolState,omitempty"`    // the current tool's own state
	Heat      *HeatState        `json:"heatmap,omitempty"`      // the heat map overlay (heatmap.go)
	Standing  *StandingState    `json:"standing,omitempty"`     // a placement waiting for "Place anyway", minis placed anyway (standing.go)
	Terrain   int               `json:"terrain"`                // number of terrain pieces
	Looks     []LookState       `json:"terrainLooks,omitempty"` // what the pieces are drawn as, for the page's legend (terrain_look.go)
	Notched   bool              `json:"notched,omitempty"`      // some unit stands on notched bases (the legend explains them)
	Units     []UnitState       `json:"units"`
	Job       *JobState         `json:"job,omitempty"`  // a stepped command running (an import); filled in by the app
	Grid      *GridState        `json:"grid,omitempty"` // the grid table shown instead of the document (swm_commands.go)
}

// TableSize is the battlefield rectangle.
type TableSize struct {
	Width float64 `json:"width"`
	Depth float64 `json:"depth"`
}

// ScreenState is the game screen in device pixels and the device scale factor.
type ScreenState struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	Scale  float64 `json:"deviceScale"`
}

// UnitState is one unit and its minis.
type UnitState struct {
	ID    string         `json:"id"`
	Side  string         `json:"side"`
	Type  table.UnitType `json:"type"`
	Minis []MiniState    `json:"minis"`
	// Carried are the units a transport carries, off the table (carried.go).
	Carried []string `json:"carried,omitempty"`
}

// MiniState is one mini: base centre and diameter.
type MiniState struct {
	ID     string  `json:"id"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Base   float64 `json:"base"`
	Leader bool    `json:"leader,omitempty"`
}

// Snapshot returns the scene's current state.
func (s *TableScene) Snapshot() State {
	s.syncGrid() // a command may have changed the document since the last Update
	f := s.File()
	st := State{
		Map:     s.name,
		Ruleset: f.Ruleset,
		Length:  f.Units,
		Table:   TableSize{f.Battlefield.Width, f.Battlefield.Depth},
		Camera:  s.cam,
		Screen:  ScreenState{s.screen.W, s.screen.H, s.screen.Scale},
		Terrain: len(f.Terrain),
		Units:   make([]UnitState, 0, len(f.UnitsOnTable)),
	}
	st.Selected = s.selected
	st.Dock, st.DockSide, st.Band, st.DockRoom = s.Dock(), s.DockSide(), s.paletteBand(), s.DockRoom()
	st.Rev, st.CanUndo, st.CanRedo = s.doc.Rev(), s.doc.CanUndo(), s.doc.CanRedo()
	st.Steps, st.History = s.doc.Log().Len(), s.historyState()
	st.UndoLabel, st.RedoLabel, st.Message = s.doc.UndoLabel(), s.doc.RedoLabel(), s.message
	st.Action = s.action
	if s.tool != nil {
		st.Tool = s.tool.Name()
		st.ToolState = s.tool.State(s)
	}
	st.Heat = s.heat.state(s, false)
	st.Standing = s.standingState()
	st.Looks = lookStates(f)
	for i := range f.UnitsOnTable {
		st.Notched = st.Notched || (&rules.Unit{Unit: &f.UnitsOnTable[i]}).Notched()
	}
	for _, u := range f.UnitsOnTable {
		us := UnitState{ID: u.ID, Side: u.Side, Type: u.Type, Minis: make([]MiniState, 0, len(u.Minis)), Carried: carriedIDs(&u)}
		for _, m := range u.Minis {
			us.Minis = append(us.Minis, MiniState{ID: m.ID, X: m.X, Y: m.Y, Base: m.Base, Leader: m.Leader})
		}
		st.Units = append(st.Units, us)
	}
	if s.grid != nil {
		s.grid.snapshot(&st)
	}
	return st
}
