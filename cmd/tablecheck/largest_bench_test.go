package main

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"testing"

	"holotable/internal/benchmem"
	"holotable/rules"
	"holotable/table"
)

// BenchmarkLargest answers the largest file the limits accept: every count at its limit (256
// pieces of 16 vertices, half of them concave; 256 units of 4 minis of every type; 256 tokens;
// 4,096 queries of every kind), the most expensive queries traded for distances until the
// estimated work is just within rules.MaxWork. It reports the file's size, the estimate and the
// peak heap, and logs the questions left by kind; the goal (issue 18) is ≤ 10 s and ≤ 1 GB natively.
func BenchmarkLargest(b *testing.B) {
	data, est := largestFile(b)
	if _, err := answer(data, false); err != nil {
		b.Fatal(err)
	}
	var peak uint64
	for b.Loop() {
		peak = max(peak, benchmem.PeakHeap(func() {
			if _, err := answer(data, false); err != nil {
				b.Fatal(err)
			}
		}))
	}
	b.ReportMetric(float64(len(data))/1e6, "file-MB")
	b.ReportMetric(est, "estimate-units")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

// largestFile builds the file of BenchmarkLargest and returns it with its estimated work.
func largestFile(b *testing.B) ([]byte, float64) {
	f := map[string]any{"format": table.Format, "battlefield": map[string]any{"width": 72, "depth": 36}}
	var terrain, units, tokens, queries []any
	kinds := []string{"solid", "solid", "area", "depression"}
	for i := range table.MaxPieces {
		cx, cy := 2.25+float64(i%16)*4.5, 1.125+float64(i/16)*2.25
		var pts [][2]float64
		for k := range 16 {
			a, r := 2*math.Pi*float64(k)/16, 1.0
			if i%2 == 1 && k%2 == 1 {
				r = 0.5 // a star: concave
			}
			pts = append(pts, [2]float64{math.Round((cx+r*math.Cos(a))*1e4) / 1e4, math.Round((cy+0.9*r*math.Sin(a))*1e4) / 1e4})
		}
		terrain = append(terrain, map[string]any{"id": fmt.Sprintf("t%d", i), "polygon": pts, "height": 1 + float64(i%4),
			"kind": kinds[i%4], "cover": []string{"light", "heavy"}[i%2], "move": map[string]string{"trooper": []string{"open", "difficult", "impassable"}[i%3]}})
	}
	types := []string{"trooper", "ground", "creature", "repulsor"}
	for i := range table.MaxUnits {
		var minis []any
		for j := range table.MaxMinis / table.MaxUnits {
			k := 4*i + j
			minis = append(minis, map[string]any{"id": fmt.Sprintf("m%d", k), "leader": j == 0, "x": 0.6 + float64(k%64)*1.1,
				"y": 0.6 + float64(k/64)*1.1, "base": 0.8, "height": 1.5, "hover": 0.5})
		}
		units = append(units, map[string]any{"id": fmt.Sprintf("u%d", i), "side": []string{"red", "blue"}[i%2], "type": types[i%4], "minis": minis})
	}
	for i := range table.MaxTokens {
		tokens = append(tokens, map[string]any{"id": fmt.Sprintf("k%d", i), "x": 1 + float64(i%64)*1.1, "y": 35, "r": 0.4})
	}
	kindsAsked := table.QueryKinds()
	for i := range table.MaxQueries {
		u, v := i%table.MaxUnits, (i*7+1)%table.MaxUnits
		q := map[string]any{"id": fmt.Sprintf("q%d", i), "kind": kindsAsked[i%len(kindsAsked)]}
		for _, fd := range table.QueryFields(q["kind"].(string)) {
			switch fd.Name {
			case "a", "mini":
				q[fd.Name] = fmt.Sprintf("m%d", 4*u)
			case "b":
				q[fd.Name] = fmt.Sprintf("t%d", v)
			case "from", "attacker", "unit":
				q[fd.Name] = fmt.Sprintf("u%d", u)
			case "to", "defender":
				q[fd.Name] = fmt.Sprintf("u%d", v)
			case "speed":
				q[fd.Name] = 2
			case "band":
				q[fd.Name] = 3
			case "viewers":
				q[fd.Name] = "unit"
			case "step":
				q[fd.Name] = 4
			}
		}
		queries = append(queries, q)
	}
	f["terrain"], f["units_on_table"], f["tokens"], f["queries"] = terrain, units, tokens, queries
	encode := func() []byte {
		data, err := json.Marshal(f)
		if err != nil {
			b.Fatal(err)
		}
		return data
	}
	// Trade the most expensive questions for distances until the estimate is within MaxWork.
	tf, err := table.Load(encode())
	if err != nil {
		b.Fatal(err)
	}
	w := rules.NewWorld(tf)
	work := make([]float64, len(tf.Queries))
	total := 0.0
	for i, q := range tf.Queries {
		work[i] = w.Work(q)
		total += work[i]
	}
	order := make([]int, len(work))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, c int) bool { return work[order[a]] > work[order[c]] })
	for _, i := range order {
		if total <= rules.MaxWork {
			break
		}
		d := table.Query{Kind: "distance", A: "m0", B: "t1"}
		queries[i] = map[string]any{"id": fmt.Sprintf("q%d", i), "kind": "distance", "a": "m0", "b": "t1"}
		total += w.Work(d) - work[i]
	}
	data := encode()
	if len(data) > table.MaxFileBytes {
		b.Fatalf("%d bytes", len(data))
	}
	asked := map[string]int{}
	for _, q := range queries {
		asked[q.(map[string]any)["kind"].(string)]++
	}
	b.Logf("%d bytes, estimated work %.3g, questions by kind %v", len(data), total, asked)
	return data, total
}
