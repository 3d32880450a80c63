package geometry

import (
	"math"
	"math/rand"
	"sort"
	"testing"
	"time"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/r3"
)

// benchTable is a 72×36 table with 40 terrain prisms (octagons and boxes, heights 0.8–5) and 256
// eye/target pairs between random open spots.
type benchTable struct {
	blockers []Volume
	eyes     []r3.Vector
	targets  [][]Volume
}

func newBenchTable() *benchTable {
	rng := rand.New(rand.NewSource(1))
	bt := &benchTable{}
	for i := 0; i < 40; i++ {
		c := r2.Point{X: 4 + rng.Float64()*64, Y: 4 + rng.Float64()*28}
		h := 0.8 + rng.Float64()*4.2
		if i%2 == 0 {
			r := 1.5 + rng.Float64()*2.5
			var pts []r2.Point
			for k := 0; k < 8; k++ {
				a := math.Pi / 4 * float64(k)
				pts = append(pts, r2.Point{X: c.X + r*math.Cos(a), Y: c.Y + r*math.Sin(a)})
			}
			s, _ := NewPolygon(pts)
			bt.blockers = append(bt.blockers, Prism(s, 0, h))
		} else {
			bt.blockers = append(bt.blockers, Prism(rotatedPoly(c, rng.Float64()*math.Pi, []r2.Point{{X: -3, Y: -0.3}, {X: 3, Y: -0.3}, {X: 3, Y: 0.3}, {X: -3, Y: 0.3}}), 0, h))
		}
	}
	for len(bt.eyes) < 256 {
		a := r2.Point{X: 1 + rng.Float64()*70, Y: 1 + rng.Float64()*34}
		b := r2.Point{X: 1 + rng.Float64()*70, Y: 1 + rng.Float64()*34}
		if a.Sub(b).Norm() < 3 {
			continue
		}
		bt.eyes = append(bt.eyes, r3.Vector{X: a.X, Y: a.Y, Z: 1.65})
		bt.targets = append(bt.targets, []Volume{Cylinder(b, smallR, 0, 1.65)})
	}
	return bt
}

// BenchmarkSee: one target cylinder against 40 prism blockers, with the hiders list (the full
// LOS answer). ns/op is the mean over 256 eye/target pairs; median-ns and p90-ns are per query.
func BenchmarkSee(b *testing.B) {
	bt := newBenchTable()
	times := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(bt.eyes)
		t0 := time.Now()
		See(bt.eyes[k], bt.targets[k], bt.blockers)
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns")
	b.ReportMetric(float64(times[len(times)*9/10].Nanoseconds()), "p90-ns")
}

// BenchmarkVisible: the same pairs, visibility only.
func BenchmarkVisible(b *testing.B) {
	bt := newBenchTable()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(bt.eyes)
		Visible(bt.eyes[k], bt.targets[k], bt.blockers)
	}
}
