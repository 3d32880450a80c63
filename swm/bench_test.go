package swm

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"holotable/table"
)

// benchBoard is the benchmark map: 30 × 30 squares with 60 wall edges, laid as 12 walls of
// five unit edges at fixed random places (a third of them with a bevelled end), and 40 figures of
// two sides on free squares (for cover).
func benchBoard(tb testing.TB) *Board { return benchBoardWith(tb, 60) }

// benchBoardWith is benchBoard with the given number of wall edges.
func benchBoardWith(tb testing.TB, wallEdges int) *Board {
	rng := rand.New(rand.NewPCG(30, 60))
	const w, h = 30, 30
	f := &table.SWMFile{Format: table.Format, Ruleset: table.RulesetSWM, Width: w, Height: h, Squares: make([]table.Square, w*h)}
	edges := 0
	for edges < wallEdges {
		x, y := 1+rng.IntN(w-6), 1+rng.IntN(h-6)
		a, c := table.Point{X: x, Y: y}, table.Point{X: x + 5, Y: y}
		if rng.IntN(2) == 0 {
			c = table.Point{X: x, Y: y + 5}
		}
		f.Walls = append(f.Walls, table.Wall{From: a, To: c, Bevel: table.Bevel(rng.IntN(3) / 2 * 2)})
		edges += 5
	}
	for i := 0; len(f.Figures) < 40; i++ {
		x, y := rng.IntN(w), rng.IntN(h)
		if slices.ContainsFunc(f.Figures, func(g table.Figure) bool { return g.X == x && g.Y == y }) {
			continue
		}
		side := "a"
		if i%2 == 1 {
			side = "b"
		}
		f.Figures = append(f.Figures, table.Figure{ID: string(rune('A'+i%26)) + string(rune('a'+i/26)), Side: side, X: x, Y: y, Speed: 6, Reach: 1})
	}
	out, err := table.SaveSWM(f)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := table.LoadSWM(out)
	if err != nil {
		tb.Fatal(err)
	}
	return NewBoard(g)
}

// benchPairs are 400 random pairs of squares of the benchmark map.
func benchPairs() [][2]Space {
	rng := rand.New(rand.NewPCG(1, 2))
	var out [][2]Space
	for len(out) < 400 {
		a, c := Square(rng.IntN(30), rng.IntN(30)), Square(rng.IntN(30), rng.IntN(30))
		if a != c {
			out = append(out, [2]Space{a, c})
		}
	}
	return out
}

// BenchmarkGridLOS: one line-of-sight answer between two squares of the 30 × 30 map with 60 wall
// edges, over 400 random pairs; ns/op is the mean, "median-ns" the median of the pairs' times
// (the budget: ≤ 50 µs native median), "max-ns" the slowest pair.
func BenchmarkGridLOS(b *testing.B) { benchLOS(b, benchBoard(b)) }

// benchLOS times line of sight over the benchmark pairs on bd.
func benchLOS(b *testing.B, bd *Board) {
	pairs := benchPairs()
	times := make([][]time.Duration, len(pairs))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(pairs)
		t0 := time.Now()
		bd.Sees(pairs[k][0], pairs[k][1])
		times[k] = append(times[k], time.Since(t0))
	}
	reportMedian(b, times)
}

// BenchmarkGridLOSCluttered: the same with 300 wall edges (60 walls of five), for how the exact
// search grows with the walls between the squares.
func BenchmarkGridLOSCluttered(b *testing.B) { benchLOS(b, benchBoardWith(b, 300)) }

// BenchmarkGridCover: one cover answer (line of sight first) between two figures of the benchmark map.
func BenchmarkGridCover(b *testing.B) {
	bd := benchBoard(b)
	n := len(bd.f.Figures)
	times := make([][]time.Duration, n*n)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % (n * n)
		a, d := k/n, k%n
		if a == d {
			continue
		}
		t0 := time.Now()
		bd.cover(a, d, false, SpaceOf(bd.f.Figures[d]))
		times[k] = append(times[k], time.Since(t0))
	}
	reportMedian(b, times)
}

// BenchmarkGridSight: what one figure can see — all 900 squares of the benchmark map.
func BenchmarkGridSight(b *testing.B) {
	bd := benchBoard(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bd.Sight(SpaceOf(bd.f.Figures[i%len(bd.f.Figures)]))
	}
}

// reportMedian reports the median over the cases of each case's fastest time (the least disturbed
// by the machine), and the slowest case.
func reportMedian(b *testing.B, times [][]time.Duration) {
	var best []float64
	for _, ts := range times {
		if len(ts) > 0 {
			best = append(best, float64(slices.Min(ts).Nanoseconds()))
		}
	}
	if len(best) == 0 {
		return
	}
	slices.Sort(best)
	b.ReportMetric(best[len(best)/2], "median-ns")
	b.ReportMetric(best[len(best)-1], "max-ns")
}
