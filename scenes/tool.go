package scenes

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"
)

// Tool is what the left button does on the table: measure (select, ruler, explanations), move a
// unit with the movement tool, lay out terrain, place units. The table scene keeps panning,
// zooming and the cached table layer; the current tool gets the input first and draws its
// overlays on top of the layer.
//
// A tool never computes rules geometry: it asks package rules (through the scene's Doc or a
// preview World) and draws the answers.
type Tool interface {
	// Name is the tool's command name ("measure", "move", "terrain", "units").
	Name() string
	// Update handles one tick of input; it returns true when it used the left button this tick
	// (then the scene does not pan or select).
	Update(s *TableScene, in *Input) bool
	// Draw draws the tool's overlays over the table layer.
	Draw(s *TableScene, screen *ebiten.Image)
	// State is the tool's part of the page hook's state snapshot (JSON-encodable).
	State(s *TableScene) any
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

// Command runs the named command. Errors are also kept as the scene's message (shown on screen).
func (s *TableScene) Command(name string, arg json.RawMessage) (any, error) {
	c, ok := commands[name]
	if !ok {
		return nil, fmt.Errorf("no command %q", name)
	}
	out, err := c(s, arg)
	if err != nil {
		s.message = err.Error()
	}
	return out, err
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
			return fmt.Errorf("no tool %q", name)
		}
		t = make()
		s.tools[name] = t
	}
	s.tool = t
	s.SetPreview(nil)
	if s.fitted { // the new tool may keep a band of the screen for itself (TopReserver)
		s.fit()
	}
	return nil
}

// argInto decodes a command's JSON argument into v; an empty argument leaves v as it is.
func argInto(arg json.RawMessage, v any) error {
	if len(arg) == 0 || string(arg) == "null" {
		return nil
	}
	if err := json.Unmarshal(arg, v); err != nil {
		return fmt.Errorf("bad argument: %v", err)
	}
	return nil
}

func init() {
	RegisterCommand("tool", func(s *TableScene, arg json.RawMessage) (any, error) {
		var name string
		if err := argInto(arg, &name); err != nil {
			return nil, err
		}
		return nil, s.SetTool(name)
	})
	RegisterCommand("undo", func(s *TableScene, _ json.RawMessage) (any, error) {
		label, ok := s.doc.Undo()
		s.SetPreview(nil)
		return map[string]any{"undone": ok, "label": label}, nil
	})
	RegisterCommand("redo", func(s *TableScene, _ json.RawMessage) (any, error) {
		label, ok := s.doc.Redo()
		s.SetPreview(nil)
		return map[string]any{"redone": ok, "label": label}, nil
	})
	RegisterCommand("export", func(s *TableScene, _ json.RawMessage) (any, error) {
		return string(s.doc.JSON()), nil
	})
	RegisterCommand("import", func(s *TableScene, arg json.RawMessage) (any, error) {
		var text string
		if err := argInto(arg, &text); err != nil {
			return nil, err
		}
		if err := s.doc.Import([]byte(text)); err != nil {
			return nil, fmt.Errorf("import refused, table unchanged: %v", err)
		}
		s.SetPreview(nil)
		s.message = ""
		s.fit()
		return nil, nil
	})
	RegisterCommand("fit", func(s *TableScene, _ json.RawMessage) (any, error) {
		s.fit()
		return nil, nil
	})
}
