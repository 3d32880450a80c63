package ops

import (
	"math/rand/v2"
	"testing"

	"holotable/maps"
)

// BenchmarkApplyOp is one op applied to the default table, as the app commits a drag: a mini
// moved (minis.move) through Log.Submit — canonical encoding, plan, copy-on-write apply and the
// loader's checks of the unit it changed. The world of the new table is built lazily, by whoever
// asks next; BenchmarkApplyOpAndWorld includes it. Budget (issue 12): ≤ 1 ms native median.
func BenchmarkApplyOp(b *testing.B) { benchApply(b, false) }

// BenchmarkApplyOpAndWorld is BenchmarkApplyOp plus the rules world of the new table (what the app
// needs for its next frame).
func BenchmarkApplyOpAndWorld(b *testing.B) { benchApply(b, true) }

func benchApply(b *testing.B, world bool) {
	l := NewLog(load(b, maps.Default()))
	m := l.File().UnitsOnTable[0].Minis[0]
	ids := make([]string, b.N)
	for i := range ids {
		ids[i] = "b-" + itoa(i)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		x := m.X + float64(i%2)
		if _, err := l.Submit(Entry{ID: ids[i], Author: "me", Op: moveMini(m.ID, x, m.Y)}); err != nil {
			b.Fatal(err)
		}
		if world {
			l.World()
		}
	}
}

// game1000 is a game record of 1,000 ops by two authors on the default table, as randomOp makes
// them (mini moves, terrain moves and turns, standard moves of units, pivots, undos and redos),
// every op one the log accepted.
func game1000(b *testing.B) []byte {
	rng := rand.New(rand.NewPCG(7, 7))
	l := &testLog{Log: NewLog(load(b, maps.Default())), t: b}
	for i := 0; l.Len() < 1000; i++ {
		author := []string{"blue", "red"}[rng.IntN(2)]
		op := randomOp(rng, l.File(), i)
		switch op.(type) {
		case *LayoutMirror, *UnitDelete, *TerrainDelete:
			continue // keep the table full
		case nil:
			if rng.IntN(2) == 0 {
				_, _ = l.Undo(author, l.nextID())
			} else {
				_, _ = l.Redo(author, l.nextID())
			}
			continue
		}
		_, _ = l.Submit(Entry{ID: l.nextID(), Author: author, Op: op})
	}
	rec, err := l.Record()
	if err != nil {
		b.Fatal(err)
	}
	return rec
}

// BenchmarkReplay1000 reads and replays a 1,000-op game record (ReadRecord: every op decoded,
// validated against the table before it, applied). Budget (issue 12): ≤ 200 ms native.
func BenchmarkReplay1000(b *testing.B) {
	rec := game1000(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := ReadRecord(rec); err != nil {
			b.Fatal(err)
		}
	}
}
