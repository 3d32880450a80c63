package rules

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"holotable/table"
)

// BenchmarkWork times the worst cases the work estimate (work.go) was calibrated on, each near
// the load limits, and reports the estimate beside the time: ns/op at most estimate-units means
// the estimate holds (a unit is meant as a nanosecond natively).
//
//   - los and cover: two rows of 128 walls of 16 vertices (4,096, the limit) between a trooper
//     and a 20" vehicle base 6" behind them, the eye 1" in front (every wall in its view);
//   - heatmap-combs: 16 combs of 255 vertices (split into convex parts by every viewer), 10
//     viewers, 2" cells;
//   - heatmap-vehicles: 128 ground units of 4 minis (512 blockers and candidates), their 64
//     leaders as viewers, 2" cells;
//   - cohesion: a unit of 60 minis round its leader among 196 other vehicles' bases.
//
// The units are native nanoseconds, so it runs natively only.
func BenchmarkWork(b *testing.B) {
	if runtime.GOARCH == "wasm" {
		b.Skip("the estimate is in native nanoseconds")
	}
	cases := []struct {
		name string
		doc  string
		q    table.Query
	}{
		{"los", blindTable(), table.Query{Kind: "los", From: "eye", To: "target"}},
		{"cover", blindTable(), table.Query{Kind: "cover", Attacker: "a", Defender: "t"}},
		{"heatmap-combs", combsTable(), table.Query{Kind: "heatmap", Side: "blue", Step: 2, Has: map[string]bool{"step": true}}},
		{"heatmap-vehicles", vehiclesTable(128, 4), table.Query{Kind: "heatmap", Side: "s0", Step: 2, Has: map[string]bool{"step": true}}},
		{"cohesion", crowdTable(), table.Query{Kind: "cohesion", Unit: "u"}},
	}
	for _, c := range cases {
		w := world(b, c.doc)
		c.q.ID = "q"
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if a := w.Ask(c.q); a.Err != nil {
					b.Fatal(a.Err)
				}
			}
			b.ReportMetric(w.Work(c.q), "estimate-units")
		})
	}
}

// blindTable: two staggered rows of 128 thin walls of 16 vertices each across a 72" table, a
// trooper's eye 1" in front of them and a 20" vehicle base 6" behind.
func blindTable() string {
	var terr []string
	for layer, y := range []float64{16, 18.5} {
		for i := range 128 {
			x0 := 6 + 60.0/128*(float64(i)+0.49*float64(layer)) - 0.05
			x1 := x0 + 60.0/128*0.6 + 0.1
			var pts []string
			for j := range 8 {
				pts = append(pts, fmt.Sprintf("[%.6f, %.6f]", x0+(x1-x0)*float64(j)/7, y+0.05*float64(j%2)))
			}
			for j := range 8 {
				pts = append(pts, fmt.Sprintf("[%.6f, %.6f]", x1-(x1-x0)*float64(j)/7, y+0.8-0.05*float64(j%2)))
			}
			terr = append(terr, fmt.Sprintf(`{"id": "w%d-%d", "polygon": [%s], "height": 5, "cover": "heavy"}`, layer, i, strings.Join(pts, ",")))
		}
	}
	return `{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}, "terrain": [` + strings.Join(terr, ",") + `], "units_on_table": [
		{"id": "a", "side": "red", "type": "trooper", "minis": [{"id": "eye", "leader": true, "x": 36, "y": 15, "base": "small", "height": 1.65}]},
		{"id": "t", "side": "blue", "type": "ground", "minis": [{"id": "target", "leader": true, "x": 36, "y": 25.5, "base": 20, "height": 1.65}]}]}`
}

// combsTable: 16 combs of 63 teeth (255 vertices) on a 75 × 36 table and 20 one-mini trooper
// units, every other one red.
func combsTable() string {
	var terr, units []string
	for p := range 16 {
		cx, cy := 4+float64(p%8)*8.5, 6+float64(p/8)*18
		dx := 6.0 / 63
		var pts []string
		for i := range 63 {
			x := cx + dx*float64(i)
			pts = append(pts, fmt.Sprintf("[%.5f,%.5f],[%.5f,%.5f],[%.5f,%.5f],[%.5f,%.5f]", x, cy, x+dx/4, cy+4, x+dx/2, cy+0.4, x+3*dx/4, cy+4))
		}
		pts = append(pts, fmt.Sprintf("[%.5f,%.5f],[%.5f,%.5f],[%.5f,%.5f]", cx+6, cy, cx+6, cy-1, cx, cy-1))
		terr = append(terr, fmt.Sprintf(`{"id": "c%d", "polygon": [%s], "height": 3, "cover": "heavy"}`, p, strings.Join(pts, ",")))
	}
	for i := range 20 {
		units = append(units, fmt.Sprintf(`{"id": "u%d", "side": %q, "type": "trooper", "minis": [{"id": "m%d", "leader": true, "x": %d, "y": %g, "base": "small", "height": 1.65}]}`,
			i, []string{"blue", "red"}[i%2], i, 1+(i%36)*2, 1+float64(i/36)*16.5))
	}
	return `{"format": "holotable/1", "battlefield": {"width": 75, "depth": 36}, "terrain": [` + strings.Join(terr, ",") + `], "units_on_table": [` + strings.Join(units, ",") + `]}`
}

// vehiclesTable: n ground units of m minis (1" bases on a 1.1" grid), sides s0 and s1.
func vehiclesTable(n, m int) string {
	var units []string
	for i := range n {
		var minis []string
		for j := range m {
			k := m*i + j
			minis = append(minis, fmt.Sprintf(`{"id": "m%d", "x": %.2f, "y": %.2f, "base": 1, "height": 2, "leader": %t}`, k, 0.6+float64(k%64)*1.1, 0.6+float64(k/64)*1.1, j == 0))
		}
		units = append(units, fmt.Sprintf(`{"id": "u%d", "side": "s%d", "type": "ground", "minis": [%s]}`, i, i%2, strings.Join(minis, ",")))
	}
	return `{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}, "units_on_table": [` + strings.Join(units, ",") + `]}`
}

// crowdTable: a trooper unit of 60 small-based minis on two rings round its leader, within the
// speed-1 tool, and 196 one-mini ground units (0.3" bases) scattered on rings among them, which
// every reach search sweeps against.
func crowdTable() string {
	minis := []string{`{"id": "L", "leader": true, "x": 36, "y": 18, "base": 1, "height": 1.65}`}
	for i := range 60 {
		r, a := 1.6+float64(i%2)*1.2, 2*math.Pi*float64(i)/60
		minis = append(minis, fmt.Sprintf(`{"id": "f%d", "x": %.4f, "y": %.4f, "base": 0.15, "height": 1}`, i, 36+r*math.Cos(a), 18+r*math.Sin(a)))
	}
	units := []string{`{"id": "u", "side": "red", "type": "trooper", "minis": [` + strings.Join(minis, ",") + `]}`}
	for i := range 196 {
		r, a := 1.0+float64(i%4)*0.75, 2*math.Pi*(float64(i)+0.5)/49
		units = append(units, fmt.Sprintf(`{"id": "g%d", "side": "blue", "type": "ground", "minis": [{"id": "gm%d", "leader": true, "x": %.4f, "y": %.4f, "base": 0.3, "height": 1}]}`,
			i, i, 36+r*math.Cos(a), 18+r*math.Sin(a)))
	}
	return `{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}, "units_on_table": [` + strings.Join(units, ",") + `]}`
}

// BenchmarkNewWorld builds the rules world of tables with 1,000, 10,000 and 100,000 polygon
// vertices in all (combs of 251; the last two beyond table.Load's limit of 4,096, so the File is
// built directly): every polygon validated by the sweep and every footprint and volume made, in
// O(n log n) — no pass over pairs of pieces or vertices.
func BenchmarkNewWorld(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		f := &table.File{Format: table.Format, Ruleset: "legion", Units: "in", Battlefield: table.Battlefield{Width: 72, Depth: 36},
			Profile: table.DefaultProfile("in")}
		for i := range (n + 250) / 251 {
			x, y, w, h := 1+float64(i%20)*3.5, 1+float64(i/20%20)*1.7, 3.0, 1.5
			var poly [][2]float64
			dx := w / 62
			for k := range 62 {
				x0 := x + dx*float64(k)
				poly = append(poly, [2]float64{x0, y + 0.2*h}, [2]float64{x0 + dx/4, y + h}, [2]float64{x0 + dx/2, y + 0.3*h}, [2]float64{x0 + 3*dx/4, y + h})
			}
			poly = append(poly, [2]float64{x + w, y + 0.2*h}, [2]float64{x + w, y}, [2]float64{x, y})
			f.Terrain = append(f.Terrain, table.Terrain{ID: fmt.Sprintf("c%d", i), Polygon: poly, Height: 2, Kind: table.Solid, Standable: true,
				Cover: table.CoverByClass{Trooper: table.CoverHeavy, Creature: table.CoverHeavy, Vehicle: table.CoverHeavy}, Move: table.MoveByClass{Trooper: table.Open, Ground: table.Open, Repulsor: table.Open}})
		}
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				NewWorld(f)
			}
		})
	}
}
