package ops

import (
	"flag"
	"math/rand/v2"
	"os"
	"testing"

	"holotable/maps"
)

var update = flag.Bool("update", false, "rewrite ops/testdata/game.json and game.final.json")

// TestGoldenReplay: a recorded game of 200 ops by two authors (standard moves of units with their
// followers placed by rules, pivots, mini and terrain moves and turns, undos and redos) replays to
// the recorded final table byte for byte. build.sh runs this package natively and as WebAssembly
// under node: the same bytes on both is issue 12's determinism (amd64 and wasm). When rules change
// an answer on purpose, go test ./ops -run Golden -update writes both files anew.
func TestGoldenReplay(t *testing.T) {
	if *update {
		rng := rand.New(rand.NewPCG(12, 12))
		l := newTestLog(t, maps.Default())
		for i := 0; l.Len() < 200; i++ {
			author := []string{"blue", "red"}[rng.IntN(2)]
			op := randomOp(rng, l.File(), i)
			if f := l.File(); i%3 == 0 { // a standard move every third op
				u := f.UnitsOnTable[rng.IntN(len(f.UnitsOnTable))]
				op = &UnitMove{Unit: u.ID, Speed: 1 + rng.IntN(3), Heading: float64(rng.IntN(360)), Bend: float64(rng.IntN(61) - 30), Fraction: 1}
			}
			switch op.(type) {
			case nil:
				_, _ = l.Undo(author, l.nextID())
			default:
				_, _ = l.Submit(Entry{ID: l.nextID(), Author: author, Op: op})
			}
		}
		rec, err := l.Record()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("testdata/game.json", rec, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("testdata/game.final.json", []byte(save(t, l.File())), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := os.ReadFile("testdata/game.json")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/game.final.json")
	if err != nil {
		t.Fatal(err)
	}
	l, err := ReadRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	if got := save(t, l.File()); got != string(want) {
		t.Errorf("the replayed table differs from testdata/game.final.json")
	}
	moves := 0
	for i := 1; i <= l.Len(); i++ {
		if _, ok := l.Entry(i).Op.(*UnitMove); ok {
			moves++
		}
	}
	if moves < 20 {
		t.Errorf("the game has %d standard moves: too few to show the rules' arithmetic is the same", moves)
	}
}
