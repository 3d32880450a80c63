package ops

import (
	"sync"
	"testing"

	"holotable/maps"
)

// TestStateConcurrent: one State (a file and its world, built on first use) shared by goroutines
// that plan and apply ops at once gives each the file it gives alone — what a server does with
// the current table. ./build.sh test runs it with -race.
func TestStateConcurrent(t *testing.T) {
	f := load(t, maps.Default())
	ops := []Op{
		&UnitMove{Unit: "red-storm-1", Speed: 1, Heading: 90, Fraction: 1},
		&UnitMove{Unit: "blue-rebel-1", Speed: 2, Heading: 270, Fraction: 0.5},
		&UnitPivot{Unit: "red-atst-1", Facing: 45},
		&TerrainMove{Piece: "bldg-1", DX: 1},
		&LayoutMirror{},
		moveMini("red-storm-2-1", 18, 4),
	}
	want := make([]string, len(ops))
	for i, o := range ops {
		g, _, err := Apply(o, NewState(f))
		if err != nil {
			t.Fatal(err)
		}
		want[i] = save(t, g)
	}
	shared := NewState(f)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range ops {
				i := (k + g) % len(ops)
				h, _, err := Apply(ops[i], shared)
				if err != nil {
					t.Error(err)
					return
				}
				if b, _ := tableSave(h); b != want[i] {
					t.Errorf("goroutine %d: %s gives another file", g, ops[i].Kind())
				}
			}
		}()
	}
	wg.Wait()
}
