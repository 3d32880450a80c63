package ops

import (
	"slices"
	"strings"
	"testing"

	"holotable/maps"
)

func moveMini(id string, x, y float64) *MinisMove {
	return &MinisMove{Minis: []MiniPlace{{Mini: id, X: x, Y: y}}}
}

// TestUndoRedo: an undo restores the file before the op byte for byte; a redo repeats it; the
// author's next op drops the redo; undo and redo of nothing are refused.
func TestUndoRedo(t *testing.T) {
	l := newTestLog(t, maps.Default())
	s0 := save(t, l.File())
	l.must(moveMini("red-storm-1-1", 10, 10))
	s1 := save(t, l.File())
	l.must(&TerrainMove{Piece: "bldg-1", DX: 1, DY: 1})
	s2 := save(t, l.File())
	if _, err := l.Undo("me", l.nextID()); err != nil || save(t, l.File()) != s1 {
		t.Fatalf("undo: %v", err)
	}
	applied(KindUndo)
	if _, err := l.Undo("me", l.nextID()); err != nil || save(t, l.File()) != s0 {
		t.Fatalf("second undo: %v", err)
	}
	if _, err := l.Undo("me", l.nextID()); err == nil || !strings.Contains(err.Error(), "nothing to undo") {
		t.Fatalf("undo of nothing: %v", err)
	}
	if _, err := l.Redo("me", l.nextID()); err != nil || save(t, l.File()) != s1 {
		t.Fatalf("redo: %v", err)
	}
	applied(KindRedo)
	if _, err := l.Redo("me", l.nextID()); err != nil || save(t, l.File()) != s2 {
		t.Fatalf("second redo: %v", err)
	}
	if _, err := l.Redo("me", l.nextID()); err == nil || !strings.Contains(err.Error(), "nothing to redo") {
		t.Fatalf("redo of nothing: %v", err)
	}
	// Undo, then a new op: the redo is gone.
	if _, err := l.Undo("me", l.nextID()); err != nil {
		t.Fatal(err)
	}
	l.must(moveMini("red-storm-1-2", 12, 12))
	if l.RedoTarget("me") != nil {
		t.Error("a new op kept the redo")
	}
	// Undoing the undo of the terrain move, and then the new move, is two undos: the redo of the
	// terrain move is gone for good, the mini moves are undone.
	if _, err := l.Undo("me", l.nextID()); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Undo("me", l.nextID()); err != nil || save(t, l.File()) != s0 {
		t.Fatalf("undo to the start: %v", err)
	}
	// The log only grows: every undo and redo is an entry.
	if l.Len() != 10 {
		t.Errorf("%d entries", l.Len())
	}
	// Each undo entry's words name what it took back.
	if got := l.Describe(l.Entry(3), "en"); got != "undo: move bldg-1" {
		t.Errorf("undo described as %q", got)
	}
	if got := l.Describe(l.Entry(6), "de"); got != "wiederholt: bldg-1 verschieben" {
		t.Errorf("redo described as %q", got)
	}
}

// TestUndoByAuthor: with two authors on one table, each undoes only their own ops; undoing mine
// leaves yours (later or earlier) in place; an undo of something changed since by the other is
// refused and changes nothing.
func TestUndoByAuthor(t *testing.T) {
	l := newTestLog(t, maps.Default())
	l.mustAs("blue", moveMini("blue-rebel-1-1", 60, 30))
	l.mustAs("red", moveMini("red-storm-1-1", 10, 10))
	l.mustAs("blue", &TerrainMove{Piece: "bldg-1", DX: 2})
	// Red undoes: red's mini goes back, blue's later terrain move and earlier mini move stay.
	if _, err := l.Undo("red", l.nextID()); err != nil {
		t.Fatal(err)
	}
	f := l.File()
	if m := f.UnitsOnTable[0].Minis[0]; m.X != 7.5 || m.Y != 2.2 {
		t.Errorf("red's mini at (%v, %v)", m.X, m.Y)
	}
	if m := f.UnitsOnTable[6].Minis[0]; m.X != 60 || f.Terrain[0].Polygon[0][0] != 14 {
		t.Errorf("blue's ops taken back: mini at %v, bldg-1 at %v", m.X, f.Terrain[0].Polygon[0])
	}
	// Red cannot undo blue's op, even naming it.
	_, err := l.Submit(Entry{ID: l.nextID(), Author: "red", Op: &Undo{Of: l.Entry(3).ID}})
	if err == nil || !strings.Contains(err.Error(), "is blue's op") {
		t.Errorf("red undoing blue's op: %v", err)
	}
	refusedK(KindUndo)
	// Blue may undo only its last op, not an earlier one.
	_, err = l.Submit(Entry{ID: l.nextID(), Author: "blue", Op: &Undo{Of: l.Entry(1).ID}})
	if err == nil || !strings.Contains(err.Error(), "is not blue's last op") {
		t.Errorf("blue undoing its first op first: %v", err)
	}
	// Red moves bldg-1 on top of blue's move: blue's undo would put back a piece red has changed
	// since, so it is refused and nothing changes.
	l.mustAs("red", &TerrainMove{Piece: "bldg-1", DX: 1})
	before := l.File()
	if _, err := l.Undo("blue", l.nextID()); err == nil || !strings.Contains(err.Error(), `terrain piece "bldg-1" was changed since`) {
		t.Errorf("conflicting undo: %v", err)
	}
	if l.File() != before {
		t.Error("a refused undo changed the file")
	}
	// Red's redo was dropped by red's new op.
	if _, err := l.Redo("red", l.nextID()); err == nil {
		t.Error("red redid after a new op")
	}
	_, err = l.Submit(Entry{ID: l.nextID(), Author: "red", Op: &Redo{Of: "nope"}})
	if err == nil || !strings.Contains(err.Error(), `no undo "nope"`) {
		t.Errorf("redo of nothing named: %v", err)
	}
	refusedK(KindRedo)
}

// TestGroup: ops submitted as a group are undone and redone as one; a group with a refused op
// appends nothing.
func TestGroup(t *testing.T) {
	l := newTestLog(t, maps.Default())
	s0 := save(t, l.File())
	es, err := l.SubmitGroup("me", "g1", []Entry{
		{ID: "a", Op: moveMini("red-storm-1-1", 10, 10)},
		{ID: "b", Op: &TerrainMove{Piece: "bldg-1", DX: 1}},
	})
	if err != nil || len(es) != 2 || es[1].Group != "g1" {
		t.Fatalf("group: %v", err)
	}
	s1 := save(t, l.File())
	if _, err := l.Undo("me", "u"); err != nil || save(t, l.File()) != s0 {
		t.Fatalf("undo of the group: %v", err)
	}
	if _, err := l.Redo("me", "r"); err != nil || save(t, l.File()) != s1 {
		t.Fatalf("redo of the group: %v", err)
	}
	n := l.Len()
	_, err = l.SubmitGroup("me", "g2", []Entry{
		{ID: "c", Op: moveMini("red-storm-1-2", 10, 12)},
		{ID: "d", Op: &TerrainMove{Piece: "nope", DX: 1}},
	})
	if r, ok := err.(*Refusal); !ok || r.Field != "[1].piece" || l.Len() != n {
		t.Errorf("a group with a refused op: %v, %d entries", err, l.Len())
	}
	if _, err := l.Submit(Entry{ID: "a", Author: "me", Op: moveMini("red-storm-1-1", 11, 10)}); err == nil ||
		!strings.Contains(err.Error(), `the id "a" is already used by a op`) {
		t.Errorf("a repeated id: %v", err)
	}
}

// TestFileAtAndChanges: the table after any entry is the replay up to it, across snapshots; the
// ids an op changed are what a view must look at again.
func TestFileAtAndChanges(t *testing.T) {
	l := newTestLog(t, maps.Default())
	var after []string
	for i := range 2*SnapshotEvery + 5 {
		l.must(moveMini("red-storm-1-1", 10+float64(i%7), 10))
		after = append(after, save(t, l.File()))
	}
	first := save(t, l.First())
	if save(t, l.FileAt(0)) != first {
		t.Error("FileAt(0) is not the first file")
	}
	for _, k := range []int{1, SnapshotEvery - 1, SnapshotEvery, SnapshotEvery + 1, 2*SnapshotEvery + 5} {
		if save(t, l.FileAt(k)) != after[k-1] {
			t.Errorf("FileAt(%d) differs", k)
		}
	}
	l.must(&TerrainMove{Piece: "bldg-1", DX: 1})
	l.must(&UnitSet{Unit: "red-storm-2", Side: ptr("blue")})
	ids, whole := l.ChangedSince(l.Len() - 2)
	if whole || !slices.Contains(ids, "bldg-1") || !slices.Contains(ids, "red-storm-2-6") || slices.Contains(ids, "red-storm-1-1") {
		t.Errorf("changed %v (whole %v)", ids, whole)
	}
	l.must(&TableImport{Table: load(t, maps.Skirmish())})
	if _, whole := l.ChangedSince(l.Len() - 1); !whole {
		t.Error("an import is not a whole change")
	}
}

// TestRecord: a log written as a game record and read back replays to the same table, and to the
// same record; a bad op in a record is named by its index and field.
func TestRecord(t *testing.T) {
	l := newTestLog(t, maps.Default())
	l.must(moveMini("red-storm-1-1", 10, 10))
	l.must(&TerrainMove{Piece: "bldg-1", DX: 1})
	if _, err := l.Undo("me", "u1"); err != nil {
		t.Fatal(err)
	}
	rec, back := readBack(t, l.Log)
	rec2, _ := back.Record()
	if string(rec2) != string(rec) || save(t, back.File()) != save(t, l.File()) {
		t.Error("the record does not read back to itself")
	}
	if back.UndoTarget("me")[0].ID != "t-1" || back.RedoTarget("me").ID != "u1" {
		t.Error("the undo history did not come back with the record")
	}
	bad := strings.Replace(string(rec), `"x":10`, `"x":-10`, 1)
	if _, err := ReadRecord([]byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "ops[0].minis[0]: base leaves the table") {
		t.Errorf("a bad op: %v", err)
	}
	bad = strings.Replace(string(rec), `"dx":1`, `"dx":"1"`, 1)
	if _, err := ReadRecord([]byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "ops[1].dx: must be a number, got string") {
		t.Errorf("a wrong type: %v", err)
	}
	bad = strings.Replace(string(rec), `"format":"holotable-game/1"`, `"format":"holotable-game/1","extra":1`, 1)
	if _, err := ReadRecord([]byte(bad)); err == nil || err.Error() != "extra: unknown field [holotable operations (docs/format-ops.md)]" {
		t.Errorf("an unknown field: %v", err)
	}
	bad = strings.Replace(string(rec), `"width":72`, `"width":0`, 1)
	if _, err := ReadRecord([]byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "first.battlefield.width: must be positive") {
		t.Errorf("a bad first file: %v", err)
	}
}
