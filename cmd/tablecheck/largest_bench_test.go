package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"testing"

	"holotable/internal/benchmem"
	"holotable/internal/tabletest"
	"holotable/rules"
	"holotable/table"
)

// BenchmarkLargest answers the largest file the limits accept: every count at its limit
// (tabletest.Largest, and 4,096 queries of every kind), the most expensive queries traded for distances until the
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
	f := tabletest.Largest()
	var queries []any
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
	f["queries"] = queries
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
