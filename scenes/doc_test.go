package scenes

import (
	"bytes"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/ops"
	"holotable/table"
)

func newTestDoc(t *testing.T) *Doc {
	t.Helper()
	return docOf(t, maps.Default())
}

// docOf is a document of the table file data.
func docOf(t *testing.T, data []byte) *Doc {
	t.Helper()
	f, err := table.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	d, err := NewDoc(f)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestDocSubmitUndoRedo: an op changes the file and is undone and redone exactly; every change is
// saved as a game record that replays to the same table.
func TestDocSubmitUndoRedo(t *testing.T) {
	d := newTestDoc(t)
	var saved []byte
	saves := 0
	d.Saved = func(rec []byte) { saves++; saved = rec }
	before := append([]byte(nil), d.JSON()...)
	x0 := d.File().Terrain[0].Polygon[0][0]
	if err := d.Submit(&ops.TerrainMove{Piece: "bldg-1", DX: 1}); err != nil {
		t.Fatal(err)
	}
	if got := d.File().Terrain[0].Polygon[0][0]; got != x0+1 {
		t.Fatalf("op not applied: %v", got)
	}
	if d.UndoLabel() != "move bldg-1" || d.CanRedo() {
		t.Fatalf("undo label %q, can redo %v", d.UndoLabel(), d.CanRedo())
	}
	if l, ok, err := d.Undo(); err != nil || !ok || l != "move bldg-1" || !bytes.Equal(d.JSON(), before) {
		t.Fatalf("undo: %q %v %v, file restored %v", l, ok, err, bytes.Equal(d.JSON(), before))
	}
	if _, ok, _ := d.Redo(); !ok || d.File().Terrain[0].Polygon[0][0] != x0+1 {
		t.Fatal("redo did not repeat the op")
	}
	if saves != 3 || d.Rev() != 3 || d.Log().Len() != 3 {
		t.Fatalf("saves %d rev %d log %d, want 3, 3 and 3", saves, d.Rev(), d.Log().Len())
	}
	back, err := NewDocFromRecord(saved)
	if err != nil || !bytes.Equal(back.JSON(), d.JSON()) || back.UndoLabel() != "move bldg-1" {
		t.Fatalf("the autosaved record: %v", err)
	}
}

// TestDocRefusesInvalid: an op that would make the file invalid, and a bad import, change nothing.
func TestDocRefusesInvalid(t *testing.T) {
	d := newTestDoc(t)
	before := append([]byte(nil), d.JSON()...)
	err := d.Submit(&ops.MinisMove{Minis: []ops.MiniPlace{{Mini: "red-storm-1-1", X: -50, Y: 2}}})
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
	if _, _, err := d.Undo(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(d.JSON(), before) {
		t.Fatal("undoing the import did not bring the table back")
	}
}

// TestDocStartsANewRecord: at ops.MaxRecordOps ops the game starts a new record with the table
// as it is (a record beyond the limit would not read back); the autosaved record reads back.
func TestDocStartsANewRecord(t *testing.T) {
	if testing.Short() {
		t.Skip("20,000 ops")
	}
	d := newTestDoc(t)
	for i := range ops.MaxRecordOps - 1 {
		if err := d.Submit(&ops.TerrainMove{Piece: "bldg-1", DX: float64(1 - 2*(i%2))}); err != nil {
			t.Fatal(err)
		}
	}
	if d.Log().Len() != ops.MaxRecordOps-1 {
		t.Fatalf("log %d", d.Log().Len())
	}
	m := d.Mark()
	var saved []byte
	d.Saved = func(rec []byte) { saved = rec }
	want := d.File().Terrain[0].Polygon[0][0] + 1
	if err := d.Submit(&ops.TerrainMove{Piece: "bldg-1", DX: 1}); err != nil {
		t.Fatal(err)
	}
	if d.Log().Len() != 0 || d.File().Terrain[0].Polygon[0][0] != want || d.CanUndo() {
		t.Fatalf("after the limit: log %d, x %v, can undo %v", d.Log().Len(), d.File().Terrain[0].Polygon[0][0], d.CanUndo())
	}
	if _, whole := d.ChangesSince(m); !whole {
		t.Error("a new record is a new game for the caches")
	}
	back, err := NewDocFromRecord(saved)
	if err != nil || !bytes.Equal(back.JSON(), d.JSON()) {
		t.Fatalf("the autosaved record: %v", err)
	}
}

// TestDocNonces: each document's op ids carry its own nonce (eight base32 letters or digits), so
// ids made by two sessions never meet; 200 documents have 200 nonces.
func TestDocNonces(t *testing.T) {
	f, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for range 200 {
		d := newDoc(ops.NewLog(f))
		if len(d.nonce) != 8 || strings.Trim(d.nonce, "abcdefghijklmnopqrstuvwxyz234567") != "" {
			t.Fatalf("nonce %q: not eight lower-case base32 characters", d.nonce)
		}
		if seen[d.nonce] {
			t.Fatalf("nonce %q made twice", d.nonce)
		}
		seen[d.nonce] = true
		if id := d.nextID(); id != LocalAuthor+"-"+d.nonce+"-1" {
			t.Errorf("first op id %q", id)
		}
	}
}
