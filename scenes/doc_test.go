package scenes

import (
	"bytes"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/table"
)

func newTestDoc(t *testing.T) *Doc {
	t.Helper()
	f, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	d, err := NewDoc(f)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestDocEditUndoRedo: an edit changes the file and is undone and redone exactly; every change
// is saved.
func TestDocEditUndoRedo(t *testing.T) {
	d := newTestDoc(t)
	var saves int
	d.Saved = func([]byte) { saves++ }
	before := append([]byte(nil), d.JSON()...)
	x0 := d.File().Terrain[0].Polygon[0][0]
	if err := d.Edit("move terrain", func(f *table.File) error {
		for i := range f.Terrain[0].Polygon {
			f.Terrain[0].Polygon[i][0] += 1
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := d.File().Terrain[0].Polygon[0][0]; got != x0+1 {
		t.Fatalf("edit not applied: %v", got)
	}
	if d.UndoLabel() != "move terrain" || d.CanRedo() {
		t.Fatalf("undo label %q, can redo %v", d.UndoLabel(), d.CanRedo())
	}
	if l, ok := d.Undo(); !ok || l != "move terrain" || !bytes.Equal(d.JSON(), before) {
		t.Fatalf("undo: %q %v, file restored %v", l, ok, bytes.Equal(d.JSON(), before))
	}
	if _, ok := d.Redo(); !ok || d.File().Terrain[0].Polygon[0][0] != x0+1 {
		t.Fatal("redo did not repeat the edit")
	}
	if saves != 3 || d.Rev() != 3 {
		t.Fatalf("saves %d rev %d, want 3 and 3", saves, d.Rev())
	}
}

// TestDocRefusesInvalid: an edit that makes the file invalid, and a bad import, change nothing.
func TestDocRefusesInvalid(t *testing.T) {
	d := newTestDoc(t)
	before := append([]byte(nil), d.JSON()...)
	err := d.Edit("bad", func(f *table.File) error {
		f.UnitsOnTable[0].Minis[0].X = -50 // off the table
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "leaves the table") {
		t.Fatalf("want the loader's fault, got %v", err)
	}
	if err := d.Import([]byte(`{"format":"holotable/2"}`)); err == nil || !strings.HasPrefix(err.Error(), "format:") {
		t.Fatalf("bad import: %v", err)
	}
	if !bytes.Equal(d.JSON(), before) || d.CanUndo() || d.Rev() != 0 {
		t.Fatal("a refused change changed the document")
	}
	if err := d.Import(maps.Skirmish()); err != nil {
		t.Fatal(err)
	}
	if d.File().Battlefield.Width != 36 || d.UndoLabel() != "import" {
		t.Fatal("import did not replace the table")
	}
	d.Undo()
	if !bytes.Equal(d.JSON(), before) {
		t.Fatal("undoing the import did not bring the table back")
	}
}
