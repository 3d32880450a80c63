package scenes

import (
	"encoding/json"
	"errors"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"
)

// Tool is what the left button does on the table: measure (select, ruler, explanations), move a
// unit with the movement tool, lay out terrain, place units, set a game up, roll dice. The table
// scene keeps panning, zooming and the cached table layer; the current tool gets the input first
// and draws its overlays on top of the layer. A tool sees the scene only through its Context.
//
// A tool never computes rules geometry: it asks package rules (the Context's worlds) and draws
// the answers; it changes the table only by submitting ops (package ops), and shows a drag as an
// uncommitted op (Context.Preview).
type Tool interface {
	// Name is the tool's command name ("measure", "move", "terrain", "units", …).
	Name() string
	// Update handles one tick of input; it returns true when it used the left button this tick
	// (then the scene does not pan or select).
	Update(c Context, in *Input) bool
	// Draw draws the tool's overlays over the table layer.
	Draw(c Context, screen *ebiten.Image)
	// State is the tool's part of the page hook's state snapshot (JSON-encodable).
	State(c Context) any
}

// Command is a named action the page (buttons, keys, tests) asks of the scene, with a JSON
// argument; it returns a JSON-encodable result or an error sentence.
type Command func(s *TableScene, arg jsonRaw) (any, error)

// jsonRaw is a command's JSON argument.
type jsonRaw = json.RawMessage

var (
	toolMakers = map[string]func() Tool{}
	commands   = map[string]Command{}
)

// RegisterTool makes a tool available under its name; tools register themselves in init.
func RegisterTool(name string, make func() Tool) { toolMakers[name] = make }

// RegisterCommand makes a command available to the page; each tool's file registers its own.
func RegisterCommand(name string, c Command) {
	if _, dup := commands[name]; dup {
		panic("scenes: command registered twice: " + name)
	}
	commands[name] = c
}

// CommandNames lists the registered commands, sorted.
func CommandNames() []string {
	var out []string
	for n := range commands {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Command runs the named command. A command that does something starts an action (its message
// replaces the last one, action.go); errors are kept as the scene's message (shown on screen).
func (s *TableScene) Command(name string, arg json.RawMessage) (any, error) {
	c, ok := commands[name]
	if !ok {
		return nil, errors.New(T("cmd.noCommand", name))
	}
	if !passiveCommands[name] && !continuingCommands[name] {
		s.beginAction()
	}
	out, err, done := s.gridCommand(name, arg) // a grid table's own answers (swm_commands.go)
	if !done {
		out, err = c(s, arg)
	}
	if err != nil {
		s.message = err.Error()
	}
	return out, err
}

// toolOf is the scene's instance of the named tool (made on first use, without switching to it):
// commands act on a tool's selection whichever tool is current.
func toolOf[T Tool](s *TableScene, name string) T {
	t, ok := s.tools[name]
	if !ok {
		t = toolMakers[name]()
		s.tools[name] = t
	}
	return t.(T)
}

// SetTool switches to the named tool.
func (s *TableScene) SetTool(name string) error {
	if s.tool != nil && s.tool.Name() == name {
		return nil
	}
	t, ok := s.tools[name]
	if !ok {
		make, ok := toolMakers[name]
		if !ok {
			return errors.New(T("cmd.noTool", name))
		}
		t = make()
		s.tools[name] = t
	}
	s.tool = t
	s.setPreview(nil, nil)
	// The new tool may keep a band of the screen for itself (TopReserver): below a turned table
	// in the page's dock (D155), at the top without the page.
	s.band = s.bandNeed() + s.heatBand()
	if s.fitted {
		s.fit()
	} else {
		s.fitIfTurned()
	}
	return nil
}

// argInto decodes a command's JSON argument into v; an empty argument leaves v as it is.
func argInto(arg json.RawMessage, v any) error {
	if len(arg) == 0 || string(arg) == "null" {
		return nil
	}
	if err := json.Unmarshal(arg, v); err != nil {
		return errors.New(T("cmd.badArg", err.Error()))
	}
	return nil
}

func init() {
	RegisterStrings(map[string][2]string{
		"cmd.noCommand":    {"no command %q", "kein Befehl %q"},
		"cmd.noTool":       {"no tool %q", "kein Werkzeug %q"},
		"cmd.badArg":       {"bad argument: %s", "falsches Argument: %s"},
		"cmd.noClass":      {"bad argument: no class %q (%s)", "falsches Argument: keine Klasse %q (%s)"},
		"cmd.noMiniOrUnit": {"no mini or unit %q", "keine Miniatur oder Einheit %q"},
		"undo.refused":     {"cannot undo %s: %s", "%s kann nicht rückgängig gemacht werden: %s"},
		"redo.refused":     {"cannot redo %s: %s", "%s kann nicht wiederholt werden: %s"},
		"import.refused":   {"import refused, table unchanged: %s", "Import abgelehnt, Tisch unverändert: %s"},
	})
	RegisterCommand("tool", func(s *TableScene, arg json.RawMessage) (any, error) {
		var name string
		if err := argInto(arg, &name); err != nil {
			return nil, err
		}
		return nil, s.SetTool(name)
	})
	RegisterCommand("undo", func(s *TableScene, _ json.RawMessage) (any, error) {
		if s.history != nil {
			return nil, errors.New(TFor(s.fingers(), "history.readOnly"))
		}
		label, ok, err := s.doc.Undo()
		s.setPreview(nil, nil)
		if err != nil {
			return nil, errors.New(T("undo.refused", label, errText(err)))
		}
		return map[string]any{"undone": ok, "label": label}, nil
	})
	RegisterCommand("redo", func(s *TableScene, _ json.RawMessage) (any, error) {
		if s.history != nil {
			return nil, errors.New(TFor(s.fingers(), "history.readOnly"))
		}
		label, ok, err := s.doc.Redo()
		s.setPreview(nil, nil)
		if err != nil {
			return nil, errors.New(T("redo.refused", label, errText(err)))
		}
		return map[string]any{"redone": ok, "label": label}, nil
	})
	RegisterCommand("export", func(s *TableScene, _ json.RawMessage) (any, error) {
		return string(s.doc.JSON()), nil
	})
	RegisterJobCommand("import", func(s *TableScene, arg json.RawMessage) (*Job, error) {
		var text string
		if err := argInto(arg, &text); err != nil {
			return nil, err
		}
		if s.history != nil {
			return nil, errors.New(TFor(s.fingers(), "history.readOnly"))
		}
		return s.importJob([]byte(text)), nil
	})
	RegisterCommand("fit", func(s *TableScene, _ json.RawMessage) (any, error) {
		s.fit()
		return nil, nil
	})
}
