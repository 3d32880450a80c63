package scenes

import (
	"bytes"
	"testing"

	"holotable/table"
)

// TestTableJSONKeepsTheGrid: the autosave's fallback when the game record does not fit
// (main.go) keeps the table shown — a grid table's own file, not the empty Legion table beside
// it — and a document started on that file shows the same grid.
func TestTableJSONKeepsTheGrid(t *testing.T) {
	s := gridScene(t, gridRow)
	b := s.doc.TableJSON()
	if r, err := table.RulesetOf(b); err != nil || r != table.RulesetSWM {
		t.Fatalf("TableJSON of a grid table: ruleset %v (%v)\n%s", r, err, b)
	}
	d, err := NewDocFromFile(b)
	if err != nil {
		t.Fatal(err)
	}
	s2 := NewTableScene("restored", d)
	tick(s2, Input{ScreenChanged: true})
	if s2.grid == nil {
		t.Fatal("the restored document shows no grid")
	}
	want, _ := table.SaveSWM(s.grid.file)
	got, _ := table.SaveSWM(s2.grid.file)
	if !bytes.Equal(want, got) {
		t.Fatalf("restored grid differs:\n%s\nwant\n%s", got, want)
	}

	// A Legion table: TableJSON is JSON, and a document on it shows no grid.
	l := testDoc()
	if !bytes.Equal(l.TableJSON(), l.JSON()) {
		t.Fatal("TableJSON of a Legion table is not its JSON")
	}
	d, err = NewDocFromFile(l.JSON())
	if err != nil {
		t.Fatal(err)
	}
	if d.State().Grid() != nil || !bytes.Equal(d.JSON(), l.JSON()) {
		t.Fatal("a Legion file did not open as itself")
	}
	if _, err := NewDocFromFile([]byte(`{"format": "holotable/1", "ruleset": "swm"}`)); err == nil {
		t.Fatal("a broken grid file was accepted")
	}
}
