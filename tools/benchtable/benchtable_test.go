package benchtable

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

const nativeOut = `goos: linux
BenchmarkHeatMapDefault-2          	      61	  22000000 ns/op	 2127665 B/op	    6531 allocs/op
BenchmarkHeatMapDefault-2          	      61	  20000000 ns/op	 2127665 B/op	    6531 allocs/op
BenchmarkHeatMapDefault-2          	      61	  21000000 ns/op	 2127665 B/op	    6531 allocs/op
BenchmarkSegmentVsOctagon/table-2  	37989157	        32.05 ns/op	        31.20 Mtests/s
BenchmarkOnlyNative-2              	      10	      1500 ns/op
BenchmarkRoundTrip-2   	       1	13033217627 ns/op	       964.4 ops/s	        4.10 p50-ms	      31.5 p99-ms
BenchmarkRoundTrip-2   	       1	13033217627 ns/op	       964.4 ops/s	        3.90 p50-ms	      20.5 p99-ms
BenchmarkAcceptSQLite-2   	       1	13033217627 ns/op	       12000 ops/s	        4.10 p50-ms	      31.5 p99-ms	       150.0 cpu-µs/op	         3.50 load1
BenchmarkJoin/warm-2         	      27	  47718219 ns/op
PASS
ok  	holotable/rules	9.651s
`

const wasmOut = `BenchmarkHeatMapDefault        	      15	  69000000 ns/op
BenchmarkHeatMapDefault        	      15	  60000000 ns/op
BenchmarkSegmentVsOctagon/table         	27522024	        45.34 ns/op
`

const chromiumOut = `BenchmarkHeatMapDefault        	      15	  52000000 ns/op
BenchmarkHeatMapDefault        	      15	  58000000 ns/op
BenchmarkHeatMapDefault        	      15	  55000000 ns/op
`

// TestParse: names lose the -GOMAXPROCS suffix, runs of a name are kept in order, other lines
// are skipped.
func TestParse(t *testing.T) {
	rs, err := Parse(strings.NewReader(nativeOut))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rs.Names, ",") != "HeatMapDefault,SegmentVsOctagon/table,OnlyNative,RoundTrip,AcceptSQLite,Join/warm" {
		t.Fatalf("names %v", rs.Names)
	}
	if v := rs.Metrics["RoundTrip"]["p99-ms"]; len(v) != 2 || v[1] != 20.5 || rs.Metrics["RoundTrip"]["ops/s"][0] != 964.4 {
		t.Errorf("RoundTrip metrics %v", rs.Metrics["RoundTrip"])
	}
	if _, ok := rs.Metrics["HeatMapDefault"]; ok {
		t.Errorf("B/op and allocs/op are not metrics: %v", rs.Metrics["HeatMapDefault"])
	}
	if v := rs.NsOp["HeatMapDefault"]; len(v) != 3 || v[1] != 20e6 {
		t.Errorf("HeatMapDefault runs %v", v)
	}
	if Median(rs.NsOp["HeatMapDefault"]) != 21e6 || Median([]float64{1, 4}) != 2.5 || !math.IsNaN(Median(nil)) {
		t.Error("Median")
	}
}

// TestWrite: each ratio is the median WASM time over the median native time; the budgets are
// judged per engine, a missing WASM run and a missing browser figure are shown as such.
func TestWrite(t *testing.T) {
	native, _ := Parse(strings.NewReader(nativeOut))
	wasm, _ := Parse(strings.NewReader(wasmOut))
	chromium, _ := Parse(strings.NewReader(chromiumOut))
	var b bytes.Buffer
	Write(&b, native, wasm, chromium, map[string]float64{"heatmapFullMedianMs": 61.5, "heatmapUpdateMedianMs": 17})
	out := b.String()
	for _, want := range []string{
		"HeatMapDefault                        21.00 ms     64.50 ms   3.07×     55.00 ms   2.62×  ≤ 30 ms native: met; ≤ 3× wasm/native in node: NOT MET; ≤ 3× wasm/native in Chromium: met",
		"SegmentVsOctagon/table                 32.0 ns      45.3 ns   1.41×            —",
		"OnlyNative                             1.50 µs            —                    —",
		"heat map, default table, every enemy leader (in-app median)          61.50 ms  ≤ 100 ms: met",
		"heat map update after moving one piece (in-app median)               17.00 ms  ≤ 16 ms: NOT MET",
		"Update+Draw per frame, dragging a piece, heat map on (median)               —  ≤ 8 ms (not measured)",
		"round trip p50, 1,000 rooms × (2 players + 1 spectator), an op per player every 2 s          4.0  ≤ 25 p50-ms: met",
		"round trip p99, same load                                                                26.0  ≤ 25 p99-ms: NOT MET",
		"ops/s one server accepts, SQLite, 1,000 rooms                                         12000.0  ≥ 10000 ops/s: met (load 3.5, 150 cpu-µs/op)",
		"ops/s three servers accept, 3-node NATS cluster, 1,000 rooms                                —  ≥ 5000 ops/s (not measured)",
		"joining a room with a 1,000-op history (room in memory)                                  47.7  ≤ 100 ms/op: met",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing line %q in\n%s", want, out)
		}
	}
}
