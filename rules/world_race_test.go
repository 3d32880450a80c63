package rules

import (
	"fmt"
	"sync"
	"testing"

	"holotable/maps"
	"holotable/table"
)

// TestWorldConcurrent: one world shared by goroutines that ask every kind of question at once —
// cover and LOS between every two units of opposite sides, ranges, moves, cohesion, contact, a
// heat map each — gets the answers it gives one question at a time (a second world of the same
// file, asked first). The world is fresh, so its lazily built parts are built under the race.
// ./build.sh test runs this test with -race, which reports any unsynchronised access.
func TestWorldConcurrent(t *testing.T) {
	f, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	var qs []table.Query
	for _, a := range f.UnitsOnTable {
		qs = append(qs, table.Query{ID: "coh-" + a.ID, Kind: "cohesion", Unit: a.ID, Has: map[string]bool{}})
		ld := a.Leader()
		qs = append(qs, table.Query{ID: "move-" + a.ID, Kind: "move", Mini: ld.ID, MoveSpeed: 1, Heading: 90, Fraction: 1,
			Has: map[string]bool{"fraction": true}})
		for _, v := range f.UnitsOnTable {
			if v.Side == a.Side {
				continue
			}
			qs = append(qs,
				table.Query{ID: "cover-" + a.ID + "-" + v.ID, Kind: "cover", Attacker: a.ID, Defender: v.ID, Has: map[string]bool{}},
				table.Query{ID: "los-" + a.ID + "-" + v.ID, Kind: "los", From: ld.ID, To: v.Leader().ID, Has: map[string]bool{}},
				table.Query{ID: "range-" + a.ID + "-" + v.ID, Kind: "range", From: a.ID, To: v.ID, Attack: true, Has: map[string]bool{}},
				table.Query{ID: "contact-" + a.ID + "-" + v.ID, Kind: "contact", A: ld.ID, B: v.Leader().ID, Has: map[string]bool{}})
		}
	}
	answer := func(w *World, q table.Query) string {
		b, err := w.Ask(q).ExplainJSON()
		if err != nil {
			t.Error(err)
		}
		return string(b)
	}
	ref := NewWorld(f)
	want := make([]string, len(qs))
	for i, q := range qs {
		want[i] = answer(ref, q)
	}
	refHeat, err := ref.HeatMap(HeatQuery{Side: "blue"})
	if err != nil {
		t.Fatal(err)
	}
	shared := NewWorld(f)
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range qs {
				i := (k*7 + g*13) % len(qs) // every goroutine in its own order
				if got := answer(shared, qs[i]); got != want[i] {
					errs <- fmt.Sprintf("goroutine %d, %s: %s, alone %s", g, qs[i].ID, got, want[i])
					return
				}
			}
			h, err := shared.HeatMap(HeatQuery{Side: "blue"})
			if err != nil || fmt.Sprint(h.Seen, h.Cover) != fmt.Sprint(refHeat.Seen, refHeat.Cover) {
				errs <- fmt.Sprintf("goroutine %d: the heat map differs (%v)", g, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
