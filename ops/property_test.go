package ops

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"holotable/maps"
	"holotable/table"
)

// randomOp is an op of a random kind on f with random arguments — often legal, sometimes not (a
// base pushed off the table, a move into a wall): the log must refuse those and change nothing.
func randomOp(rng *rand.Rand, f *table.File, n int) Op {
	pick := func(k int) int { return rng.IntN(k) }
	d := func(r float64) float64 { return RoundTo((rng.Float64()*2-1)*r, 0.01) }
	switch pick(12) {
	case 0, 1:
		if len(f.UnitsOnTable) > 0 {
			u := f.UnitsOnTable[pick(len(f.UnitsOnTable))]
			m := u.Minis[pick(len(u.Minis))]
			return &MinisMove{Minis: []MiniPlace{{Mini: m.ID, X: Clean(m.X + d(3)), Y: Clean(m.Y + d(3))}}}
		}
	case 2:
		if len(f.Terrain) > 0 {
			return &TerrainMove{Piece: f.Terrain[pick(len(f.Terrain))].ID, DX: d(4), DY: d(4)}
		}
	case 3:
		if len(f.Terrain) > 0 {
			return &TerrainRotate{Piece: f.Terrain[pick(len(f.Terrain))].ID, Degrees: float64(pick(360))}
		}
	case 4:
		if len(f.Terrain) > 0 {
			h := float64(1 + pick(4))
			return &TerrainSet{Piece: f.Terrain[pick(len(f.Terrain))].ID, Height: &h}
		}
	case 5:
		if len(f.Terrain) > 0 {
			p := Translated(f.Terrain[pick(len(f.Terrain))], d(10), d(10))
			p.ID = UniqueID(f, "piece")
			return &TerrainAdd{Piece: p}
		}
	case 6:
		if len(f.Terrain) > 0 {
			return &TerrainDelete{Piece: f.Terrain[pick(len(f.Terrain))].ID}
		}
	case 7, 8:
		if len(f.UnitsOnTable) > 0 {
			u := f.UnitsOnTable[pick(len(f.UnitsOnTable))]
			return &UnitMove{Unit: u.ID, Speed: 1 + pick(3), Heading: float64(pick(360)), Bend: float64(pick(61) - 30),
				Fraction: float64(1+pick(4)) / 4}
		}
	case 9:
		if len(f.UnitsOnTable) > 0 {
			u := f.UnitsOnTable[pick(len(f.UnitsOnTable))]
			if n%2 == 0 {
				return &UnitPivot{Unit: u.ID, Facing: float64(pick(360))}
			}
			sp := 1 + pick(3)
			return &UnitSet{Unit: u.ID, Speed: &sp}
		}
	case 10:
		if len(f.UnitsOnTable) > 1 && n%5 == 0 {
			return &UnitDelete{Unit: f.UnitsOnTable[pick(len(f.UnitsOnTable))].ID}
		}
		return &LayoutMirror{}
	}
	return nil // case 11: an undo or a redo
}

// TestRandomLogs: random op sequences by two authors on the default and the skirmish table. After
// every accepted op, undo, or redo:
//   - the patch's inverse applied to the file after it gives the file before it, byte for byte;
//   - an undo by one author leaves every entity another author changed since the undone op as it
//     was (it touches only what the undone op touched, which nobody changed since);
//   - a refused op changes nothing.
//
// At the end the game record read back replays to the same table, byte for byte.
func TestRandomLogs(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		seed uint64
	}{{"default", maps.Default(), 1}, {"default", maps.Default(), 2}, {"skirmish", maps.Skirmish(), 3}} {
		rng := rand.New(rand.NewPCG(tc.seed, 99))
		l := newTestLog(t, tc.data)
		accepted, refused := 0, 0
		for i := range 80 {
			author := []string{"blue", "red"}[rng.IntN(2)]
			before := l.File()
			beforeText := save(t, before)
			op := randomOp(rng, before, i)
			var e *Entry
			var err error
			switch {
			case op != nil:
				e, err = l.Submit(Entry{ID: l.nextID(), Author: author, Op: op})
			case rng.IntN(3) == 0:
				e, err = l.Redo(author, l.nextID())
			default:
				e, err = l.Undo(author, l.nextID())
			}
			if err != nil {
				refused++
				if l.File() != before {
					t.Fatalf("%s %d: a refused op changed the file", tc.name, i)
				}
				continue
			}
			accepted++
			inv, err := e.Patch.Inverse().apply(l.File(), true)
			if err != nil || save(t, inv) != beforeText {
				t.Fatalf("%s %d: %s: its inverse does not restore the file before it (%v)", tc.name, i, e.Op.Kind(), err)
			}
			if u, ok := e.Op.(*Undo); ok {
				target := l.ByID(u.Of)
				undone := editKeys(e.Patch)
				for _, later := range l.entries[target.Seq : e.Seq-1] {
					if later.Author == author {
						continue
					}
					for _, id := range editKeys(later.Patch) {
						if slices.Contains(undone, id) {
							t.Fatalf("%s %d: %s's undo of %s took back %s, which %s changed since", tc.name, i, author, u.Of, id, later.Author)
						}
					}
				}
			}
		}
		if accepted < 40 || refused == 0 {
			t.Errorf("%s: %d accepted, %d refused: the generator does not exercise the log", tc.name, accepted, refused)
		}
		rec, err := l.Record()
		if err != nil {
			t.Fatal(err)
		}
		back, err := ReadRecord(rec)
		if err != nil {
			t.Fatalf("%s: the record does not replay: %v", tc.name, err)
		}
		if save(t, back.File()) != save(t, l.File()) {
			t.Errorf("%s: the replayed table differs", tc.name)
		}
	}
}

// editKeys names the entities a patch really changes, at the grain its edits have: a piece, a
// unit's own fields, a mini, a token, the setup, the file.
func editKeys(p Patch) []string {
	var out []string
	for _, e := range p.edits {
		switch e := e.(type) {
		case *pieceEdit:
			if !reflect.DeepEqual(e.from, e.to) {
				out = append(out, "piece "+e.id())
			}
		case *unitEdit:
			switch {
			case e.from == nil || e.to == nil:
				out = append(out, "unit "+e.id())
				for _, u := range []*table.Unit{e.from, e.to} {
					if u != nil {
						for _, m := range u.Minis {
							out = append(out, "mini "+m.ID)
						}
					}
				}
			case !reflect.DeepEqual(head(*e.from), head(*e.to)):
				out = append(out, "unit "+e.id())
			}
		case *miniEdit:
			if e.from == nil || e.to == nil || *e.from != *e.to {
				out = append(out, "mini "+e.id())
			}
		case *tokenEdit:
			if e.from == nil || e.to == nil || *e.from != *e.to {
				out = append(out, "token "+e.id())
			}
		case *setupEdit:
			out = append(out, "setup")
		case *fileEdit:
			out = append(out, "file")
		}
	}
	return out
}
