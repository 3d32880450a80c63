package scenes

import (
	"fmt"

	"holotable/rules"
	"holotable/table"
)

// Doc is the table being played on or laid out: the file, the rules world built from it, and the
// history of edits. Every change goes through Edit (or Undo, Redo, Import), which validates the
// new file by saving and reloading it, keeps the old one for undo, and calls Saved with the new
// file's JSON so it can be stored (autosave). A failed edit or import changes nothing.
type Doc struct {
	file  *table.File
	world *rules.World
	data  []byte // table.Save(file)
	undo  []snapshot
	redo  []snapshot
	rev   int
	// Saved, if set, is called with the file's JSON after every change.
	Saved func(data []byte)
}

// snapshot is one state of the file, with the label of the edit that left it.
type snapshot struct {
	label string
	data  []byte
}

// historyLimit is how many edits Undo can go back.
const historyLimit = 200

// NewDoc starts a document on f (which table.Load has validated).
func NewDoc(f *table.File) (*Doc, error) {
	data, err := table.Save(f)
	if err != nil {
		return nil, err
	}
	return &Doc{file: f, world: rules.NewWorld(f), data: data}, nil
}

// File is the current table file. Treat it as read-only: change it with Edit.
func (d *Doc) File() *table.File { return d.file }

// World is the rules world of the current file.
func (d *Doc) World() *rules.World { return d.world }

// Rev counts the changes so far; views cache against it.
func (d *Doc) Rev() int { return d.rev }

// JSON is the current file as saved (what export writes).
func (d *Doc) JSON() []byte { return d.data }

// Clone returns a deep copy of f (through its saved form, so it is exactly what a reload gives).
func Clone(f *table.File) (*table.File, error) {
	data, err := table.Save(f)
	if err != nil {
		return nil, err
	}
	return table.Load(data)
}

// Edit applies fn to a copy of the file; if fn succeeds and the result is a valid table file, it
// becomes the current file and the old one goes on the undo stack under label.
func (d *Doc) Edit(label string, fn func(f *table.File) error) error {
	c, err := Clone(d.file)
	if err != nil {
		return err
	}
	if err := fn(c); err != nil {
		return err
	}
	data, err := table.Save(c) // Save reloads its output: an invalid result is refused here
	if err != nil {
		return err
	}
	f, err := table.Load(data)
	if err != nil {
		return err
	}
	d.push(&d.undo, snapshot{label, d.data})
	d.redo = nil
	d.set(f, data)
	return nil
}

// Import replaces the table with the file data (an undoable edit). A file that does not load
// leaves the table as it was and returns the loader's one-line fault.
func (d *Doc) Import(data []byte) error {
	f, err := table.Load(data)
	if err != nil {
		return err
	}
	saved, err := table.Save(f)
	if err != nil {
		return err
	}
	d.push(&d.undo, snapshot{"import", d.data})
	d.redo = nil
	d.set(f, saved)
	return nil
}

// Undo goes back one edit and returns its label; false when there is nothing to undo.
func (d *Doc) Undo() (string, bool) { return d.step(&d.undo, &d.redo) }

// Redo repeats the last undone edit; false when there is nothing to redo.
func (d *Doc) Redo() (string, bool) { return d.step(&d.redo, &d.undo) }

// CanUndo and CanRedo say whether Undo and Redo would do anything.
func (d *Doc) CanUndo() bool { return len(d.undo) > 0 }

// CanRedo says whether Redo would do anything.
func (d *Doc) CanRedo() bool { return len(d.redo) > 0 }

// UndoLabel and RedoLabel name the edit Undo or Redo would take back or repeat ("" if none).
func (d *Doc) UndoLabel() string { return top(d.undo) }

// RedoLabel names the edit Redo would repeat ("" if none).
func (d *Doc) RedoLabel() string { return top(d.redo) }

func top(s []snapshot) string {
	if len(s) == 0 {
		return ""
	}
	return s[len(s)-1].label
}

func (d *Doc) step(from, to *[]snapshot) (string, bool) {
	if len(*from) == 0 {
		return "", false
	}
	s := (*from)[len(*from)-1]
	f, err := table.Load(s.data)
	if err != nil { // cannot happen: every snapshot was saved from a loaded file
		panic(fmt.Sprintf("scenes: history entry %q does not load: %v", s.label, err))
	}
	*from = (*from)[:len(*from)-1]
	d.push(to, snapshot{s.label, d.data})
	d.set(f, s.data)
	return s.label, true
}

func (d *Doc) push(s *[]snapshot, e snapshot) {
	*s = append(*s, e)
	if len(*s) > historyLimit {
		*s = append((*s)[:0:0], (*s)[len(*s)-historyLimit:]...)
	}
}

func (d *Doc) set(f *table.File, data []byte) {
	d.file, d.world, d.data = f, rules.NewWorld(f), data
	d.rev++
	if d.Saved != nil {
		d.Saved(data)
	}
}
