package rules

import (
	"slices"
	"testing"
	"time"

	"holotable/table"
)

// movesBenchWorld is the default table (maps.Default) with the keywords its notched units have on
// their cards: the red speeder bike Speeder 1, the landspeeder Hover: Air 1 with side notches.
func movesBenchWorld(tb testing.TB) *World {
	w := defaultWorld(tb)
	f := *w.File
	f.UnitsOnTable = append([]table.Unit(nil), w.File.UnitsOnTable...)
	for i := range f.UnitsOnTable {
		switch u := &f.UnitsOnTable[i]; u.ID {
		case "red-speeder-1":
			u.Keywords.Speeder = table.KeywordX{Has: true, X: 1}
		case "blue-landspeeder-1":
			u.Keywords.Hover = table.Hover{Kind: table.HoverAir, X: 1}
			u.Keywords.SideNotches = true
		}
	}
	return NewWorld(&f)
}

// BenchmarkManeuverDefault: one maneuver answer on the default table (17 pieces, 12 units), as the
// move tool asks it while the pointer moves: every notched leader's standard, reverse and strafe
// or compulsory move at each speed, bends −60…60 and fractions ½ and 1, in turn. Issue 14
// budget: ≤ 100 µs natively (the median of runs, as ./build.sh bench reports it); WASM within 3×.
func BenchmarkManeuverDefault(b *testing.B) {
	w := movesBenchWorld(b)
	var qs []ManeuverQuery
	for _, c := range []struct {
		mini  string
		modes []ManeuverMode
	}{
		{"red-atst-1-1", []ManeuverMode{ModeStandard, ModeReverse}},
		{"red-eweb-1-1", []ManeuverMode{ModeStandard, ModeReverse}},
		{"red-speeder-1-1", []ManeuverMode{ModeStandard, ModeCompulsory}},
		{"blue-tauntaun-1-1", []ManeuverMode{ModeStandard, ModeReverse}},
		{"blue-atrt-1-1", []ManeuverMode{ModeStandard, ModeReverse}},
		{"blue-landspeeder-1-1", []ManeuverMode{ModeStandard, ModeReverse, ModeStrafeLeft, ModeStrafeRight}},
	} {
		for _, mode := range c.modes {
			for speed := 1; speed <= 3; speed++ {
				for _, bend := range []float64{-60, 0, 30, 60} {
					for _, frac := range []float64{0.5, 1} {
						q := ManeuverQuery{Mini: c.mini, Mode: mode, Bend: bend}
						if mode != ModeCompulsory {
							q.Speed, q.HasSpeed, q.Fraction, q.HasFraction = speed, true, frac, true
						}
						qs = append(qs, q)
					}
				}
			}
		}
	}
	batches(b, 4, func(i int) {
		if _, err := w.Maneuver(qs[i%len(qs)]); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkArcDefault: one arc answer on the default table: every notched mini against every
// unit of the other side, each arc, in turn. Issue 14 budget: ≤ 2 µs natively (the median of
// runs); WASM within 3×.
func BenchmarkArcDefault(b *testing.B) {
	w := movesBenchWorld(b)
	type q struct {
		from, to string
		arc      Arc
	}
	var qs []q
	for _, m := range w.Minis {
		if !m.Unit.Notched() {
			continue
		}
		for _, u := range w.Units {
			if Enemies(m.Unit, u) {
				for _, a := range Arcs {
					qs = append(qs, q{m.ID, u.ID, a})
				}
			}
		}
	}
	batches(b, 32, func(i int) {
		c := qs[i%len(qs)]
		if _, err := w.InArc(c.from, c.to, c.arc); err != nil {
			b.Fatal(err)
		}
	})
}

// batches runs ask(i) b.N times and reports, beside the mean (ns/op), median-ns: the median time
// of one question over batches of size questions (a few tens of microseconds each). A batch reads
// the clock twice (under WebAssembly a clock read is a call into JavaScript, and its resolution is
// 256 ns, too coarse for one arc answer), and the median leaves out the batches a collection, or
// another process on a loaded machine, stalled.
func batches(b *testing.B, size int, ask func(i int)) {
	batch := size
	samples := make([]float64, 0, b.N/batch+1)
	b.ReportAllocs()
	b.ResetTimer()
	var t0 time.Time
	for i := 0; i < b.N; i++ {
		if i%batch == 0 {
			t0 = time.Now()
		}
		ask(i)
		if i%batch == batch-1 {
			samples = append(samples, float64(time.Since(t0).Nanoseconds())/float64(batch))
		}
	}
	b.StopTimer()
	if len(samples) > 0 {
		slices.Sort(samples)
		b.ReportMetric(samples[len(samples)/2], "median-ns")
	}
}
