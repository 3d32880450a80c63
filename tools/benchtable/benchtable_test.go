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
	if strings.Join(rs.Names, ",") != "HeatMapDefault,SegmentVsOctagon/table,OnlyNative" {
		t.Fatalf("names %v", rs.Names)
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
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing line %q in\n%s", want, out)
		}
	}
}
