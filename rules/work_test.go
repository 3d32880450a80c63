package rules

import (
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"holotable/table"
)

// TestHeatCountsEqualsHeatMap: the judge's streamed heat map (no per-viewer layers) gives byte
// for byte the counts and cover of the app's map, for every kind of viewer set, on the default
// table and on random tables.
func TestHeatCountsEqualsHeatMap(t *testing.T) {
	check := func(w *World, q HeatQuery) {
		t.Helper()
		h, err := w.HeatMap(q)
		if err != nil {
			t.Fatal(err)
		}
		c, err := w.HeatCounts(q)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(h.Seen, c.Seen) || !slices.Equal(h.Cover, c.Cover) || !slices.Equal(h.Viewers, c.Viewers) {
			t.Fatalf("%+v: the streamed map differs", q)
		}
		if c.views != nil {
			t.Fatalf("%+v: HeatCounts kept %d viewer layers", q, len(c.views))
		}
		for _, v := range h.views {
			if v.field != nil || v.cands != nil {
				t.Fatalf("%+v: HeatMap kept viewer %s's sight field", q, v.a.ID)
			}
		}
	}
	w := defaultWorld(t)
	for _, q := range []HeatQuery{{Side: "blue"}, {Side: "red", Viewers: HeatMinis, Step: 1}, {Viewers: HeatUnit, Unit: w.Units[0].ID, Step: 1.5}} {
		check(w, q)
	}
	rng := rand.New(rand.NewSource(18))
	for range 6 {
		check(NewWorld(randomHeatTable(t, rng)), HeatQuery{Side: "blue", Step: 1.5})
	}
}

// TestHeatMapTooLarge: a heat map of more than MaxHeatCells cells × viewers is refused as too
// large, by HeatMap (the app's overlay) and by Admit (the judge, before any answer); the app's map
// is also refused past MaxInteractiveWork.
func TestHeatMapTooLarge(t *testing.T) {
	w := defaultWorld(t)
	// 0.05" cells: 1,440 × 720 = 1,036,800 cells × 6 red leaders.
	q := HeatQuery{Side: "blue", Step: 0.05}
	_, err := w.HeatMap(q)
	if err == nil || !strings.Contains(err.Error(), "1036800 cells × 6 viewers = 6220800, more than the limit of 4194304 (too large)") {
		t.Fatalf("HeatMap: %v", err)
	}
	if _, err := w.HeatCounts(q); err == nil {
		t.Fatal("HeatCounts answered")
	}
	err = w.Admit([]table.Query{{ID: "a", Kind: "los", From: "x", To: "y"}, {ID: "h", Kind: "heatmap", Side: "blue", Step: 0.05, Has: map[string]bool{"step": true}}})
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Field != "queries[1]" {
		t.Fatalf("Admit: %v", err)
	}
	// 0.1" cells: 720 × 360 = 259,200 cells × 6, within the limit.
	if err := w.heatLimit(HeatQuery{Side: "blue", Step: 0.1}); err != nil {
		t.Fatal(err)
	}
	// 128 vehicles of 4 minis, their 64 leaders viewing at 0.5": within the judge's work, beyond
	// what the app computes between two frames (HeatMap refuses it; HeatCounts would answer).
	big := world(t, vehiclesTable(128, 4))
	q = HeatQuery{Side: "s0"}
	if work := big.HeatWork(q); work <= MaxInteractiveWork || work > MaxWork {
		t.Fatalf("estimate %.3g", work)
	}
	if err := big.heatWithin(q, MaxInteractiveWork, "the app"); err == nil || !strings.Contains(err.Error(), "more than the 5e+08 the app takes") {
		t.Errorf("the app's map: %v", err)
	}
	if _, err := big.HeatMap(q); err == nil {
		t.Error("HeatMap answered")
	}
	if err := big.heatWithin(q, MaxWork, "the judge"); err != nil {
		t.Errorf("the judge's map: %v", err)
	}
}

// TestAdmitWork: Admit adds up the estimated work of the questions; the default table's every
// pair of units asked for range, LOS and cover is far within MaxWork, the same questions on a
// table of 128 vehicles are within it one by one but not all together, and the refusal names the
// largest question.
func TestAdmitWork(t *testing.T) {
	w := defaultWorld(t)
	var qs []table.Query
	for _, u := range w.Units {
		for _, v := range w.Units {
			if u != v {
				qs = append(qs, table.Query{ID: fmt.Sprint(len(qs)), Kind: "cover", Attacker: u.ID, Defender: v.ID},
					table.Query{ID: fmt.Sprint(len(qs) + 1), Kind: "los", From: u.Leader.ID, To: v.Leader.ID})
			}
		}
	}
	total := 0.0
	for _, q := range qs {
		total += w.Work(q)
	}
	if err := w.Admit(qs); err != nil || total > MaxWork/50 {
		t.Fatalf("default table: %v, %.3g units of work", err, total)
	}
	// 128 ground vehicles of 4 minis on a grid: every one a sight blocker and a cover candidate.
	var units []string
	for i := range 128 {
		var minis []string
		for j := range 4 {
			k := 4*i + j
			minis = append(minis, fmt.Sprintf(`{"id": "m%d", "x": %.2f, "y": %.2f, "base": 1, "height": 2, "leader": %t}`, k, 0.6+float64(k%64)*1.1, 0.6+float64(k/64)*1.1, j == 0))
		}
		units = append(units, fmt.Sprintf(`{"id": "u%d", "side": "s%d", "type": "ground", "minis": [%s]}`, i, i%2, strings.Join(minis, ",")))
	}
	f, err := table.Load([]byte(`{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}, "units_on_table": [` + strings.Join(units, ",") + `]}`))
	if err != nil {
		t.Fatal(err)
	}
	big := NewWorld(f)
	one := table.Query{ID: "c", Kind: "cover", Attacker: "u0", Defender: "u1"}
	if err := big.Admit([]table.Query{one}); err != nil {
		t.Fatalf("one cover question: %v", err)
	}
	n := int(MaxWork/big.Work(one)) + 1
	qs = make([]table.Query, n)
	for i := range qs {
		qs[i] = one
	}
	qs[n/2] = table.Query{ID: "h", Kind: "heatmap", Side: "s0", Step: 2, Has: map[string]bool{"step": true}}
	err = big.Admit(qs)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Field != "queries" || !strings.Contains(tl.Fault, fmt.Sprintf("the largest is queries[%d], a heatmap question", n/2)) {
		t.Fatalf("%d cover questions and a heat map: %v", n, err)
	}
}
