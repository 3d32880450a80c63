// Package benchtable turns holotable's benchmark runs into the one table ./build.sh bench prints:
// every `go test -bench` benchmark run natively, as WebAssembly under node and (the rules
// package's) as WebAssembly in headless Chromium, side by side with the WASM/native ratios, and
// the figures measured inside the WASM app in headless Chromium (the browser test writes them to
// e2e/artifacts/perf.json), each against its budget.
//
// The inputs are the plain `go test -bench` outputs, so the same files also feed benchstat. A
// benchmark run -count times is summarised by its median, as benchstat does.
package benchtable

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Runs holds the ns/op of every run of every benchmark of one `go test -bench` output, by name
// (without the -GOMAXPROCS suffix, so that native and WASM names match), in the order first seen,
// and the runs of the metrics benchmarks report themselves (b.ReportMetric: "p99-ms", "ops/s"),
// by name and unit.
type Runs struct {
	Names   []string
	NsOp    map[string][]float64
	Metrics map[string]map[string][]float64
}

var (
	benchLine  = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+([0-9.e+]+) ns/op`)
	metricPair = regexp.MustCompile(`\s([0-9.e+]+) (\S+)`)
)

// Parse reads a `go test -bench` output; lines that are not benchmark results are skipped.
func Parse(r io.Reader) (Runs, error) {
	rs := Runs{NsOp: map[string][]float64{}, Metrics: map[string]map[string][]float64{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		v, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			return rs, fmt.Errorf("%q: %v", sc.Text(), err)
		}
		name := strings.TrimPrefix(m[1], "Benchmark")
		if _, ok := rs.NsOp[name]; !ok {
			rs.Names = append(rs.Names, name)
		}
		rs.NsOp[name] = append(rs.NsOp[name], v)
		line := sc.Text()[len(m[0]):]
		for _, p := range metricPair.FindAllStringSubmatch(line, -1) {
			unit := p[2]
			if unit == "B/op" || unit == "allocs/op" {
				continue
			}
			if f, err := strconv.ParseFloat(p[1], 64); err == nil {
				if rs.Metrics[name] == nil {
					rs.Metrics[name] = map[string][]float64{}
				}
				rs.Metrics[name][unit] = append(rs.Metrics[name][unit], f)
			}
		}
	}
	return rs, sc.Err()
}

// Median is the median of v (the mean of the middle two for an even count); NaN for none.
func Median(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	s := slices.Clone(v)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 0 {
		return (s[m-1] + s[m]) / 2
	}
	return s[m]
}

// Budget is a figure with the limit an issue set for it.
type Budget struct {
	What  string  // what is measured
	Key   string  // its field in perf.json
	Limit float64 // the most it may be, in Unit
	Unit  string
}

// BrowserBudgets are the figures the browser test measures inside the WASM app (issue 6), and the
// WASM bundle size (issue 4).
var BrowserBudgets = []Budget{
	{"heat map, default table, every enemy leader (in-app median)", "heatmapFullMedianMs", 100, "ms"},
	{"heat map update after moving one piece (in-app median)", "heatmapUpdateMedianMs", 16, "ms"},
	{"Update+Draw per frame, dragging a piece, heat map on (median)", "dragTerrainFrameMedianMs", 8, "ms"},
	{"Update+Draw per frame, dragging a viewer, heat map on (median)", "dragViewerFrameMedianMs", 8, "ms"},
}

// MetricBudget is a goal for a metric a benchmark reports, at most or at least Limit.
type MetricBudget struct {
	What    string
	Bench   string // the benchmark's name (no -GOMAXPROCS)
	Unit    string // the metric's unit ("p99-ms", "ops/s"; "ms/op" for ns/op in ms)
	Limit   float64
	AtLeast bool
}

// ServerBudgets are issue 13's goals for the online tables (loopback, one node, embedded store).
var ServerBudgets = []MetricBudget{
	{"round trip p50, 1,000 rooms × (2 players + 1 spectator), an op per player every 2 s", "RoundTrip", "p50-ms", 25, false},
	{"round trip p99, same load", "RoundTrip", "p99-ms", 25, false},
	{"ops/s one server accepts, SQLite, 1,000 rooms", "AcceptSQLite", "ops/s", 10000, true},
	{"ops/s three servers accept, 3-node NATS cluster, 1,000 rooms", "AcceptNATS", "ops/s", 5000, true},
	{"joining a room with a 1,000-op history (room in memory)", "Join/warm", "ms/op", 100, false},
	{"joining a room with a 1,000-op history (loaded from the store)", "Join/cold", "ms/op", 100, false},
	{"the same, loaded from a 3-node NATS cluster (the join goal, with the scale-out store)", "Join/cold-nats", "ms/op", 100, false},
}

// NativeBudgets are limits on native benchmarks (name → ms per op). The grid answers' budget
// (issue 16: one line-of-sight or cover answer ≤ 50 µs native median) is held here by their
// mean, which is no less than the median; so are a maneuver answer's and an arc answer's
// (issue 14: ≤ 100 µs and ≤ 2 µs native) and the attack assistant's on a full 800-point table
// (issue 15: ≤ 1 ms native).
var NativeBudgets = map[string]float64{"HeatMapDefault": 30, "GridLOS": 0.05, "GridCover": 0.05,
	"ManeuverDefault": 0.1, "ArcDefault": 0.002, "AttackFullTable": 1}

// NodeBudgets are limits on benchmarks as WASM under node (name → ms per op): what one grid figure
// sees of a 30 × 30 map (issue 16).
var NodeBudgets = map[string]float64{"GridSight": 50}

// RatioBudget is the most a rules benchmark may take as WASM, as a multiple of its native time.
const RatioBudget = 3.0

// Write prints the table: one row per benchmark present natively — its median natively, as
// WASM under node and as WASM in headless Chromium, each WASM time with its ratio to native (the
// columns empty where that engine did not run it) — then the browser figures from perf (nil:
// not measured).
func Write(w io.Writer, native, wasm, chromium Runs, perf map[string]float64) {
	fmt.Fprintf(w, "%-34s %11s %12s %7s %12s %7s  %s\n", "benchmark (median of runs)", "native", "wasm (node)", "ratio", "wasm (chr.)", "ratio", "budget")
	for _, name := range native.Names {
		n := Median(native.NsOp[name])
		row := fmt.Sprintf("%-34s %11s", name, duration(n))
		var notes []string
		if lim, ok := NativeBudgets[name]; ok {
			notes = append(notes, verdict(n/1e6, lim, " ms native"))
		}
		ratioBudget := strings.HasPrefix(name, "HeatMap") || name == "CoverUnit" || name == "AllPairs" ||
			name == "ManeuverDefault" || name == "ArcDefault"
		for _, e := range []struct {
			what string
			runs Runs
		}{{"node", wasm}, {"Chromium", chromium}} {
			ws, ok := e.runs.NsOp[name]
			if !ok {
				row += fmt.Sprintf(" %12s %7s", "—", "")
				continue
			}
			wv := Median(ws)
			r := wv / n
			row += fmt.Sprintf(" %12s %6.2f×", duration(wv), r)
			if ratioBudget {
				notes = append(notes, verdict(r, RatioBudget, "× wasm/native in "+e.what))
			}
			if lim, ok := NodeBudgets[name]; ok && e.what == "node" {
				notes = append(notes, verdict(wv/1e6, lim, " ms wasm in node"))
			}
		}
		fmt.Fprintf(w, "%s  %s\n", row, strings.Join(notes, "; "))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-80s %12s  %s\n", "online tables (loopback, one process on the machine's cores)", "measured", "goal")
	for _, b := range ServerBudgets {
		var runs []float64
		if b.Unit == "ms/op" {
			for _, ns := range native.NsOp[b.Bench] {
				runs = append(runs, ns/1e6)
			}
		} else {
			runs = native.Metrics[b.Bench][b.Unit]
		}
		if len(runs) == 0 {
			fmt.Fprintf(w, "%-80s %12s  %s %g %s (not measured)\n", b.What, "—", cmp(b.AtLeast), b.Limit, b.Unit)
			continue
		}
		v := Median(runs)
		met := v <= b.Limit
		if b.AtLeast {
			met = v >= b.Limit
		}
		verdict := "met"
		if !met {
			verdict = "NOT MET"
		}
		// The machine's load and the CPU per op beside it: the figure depends on what else ran.
		var ctx []string
		if l := native.Metrics[b.Bench]["load1"]; len(l) > 0 {
			ctx = append(ctx, fmt.Sprintf("load %.1f", Median(l)))
		}
		if c := native.Metrics[b.Bench]["cpu-µs/op"]; len(c) > 0 {
			ctx = append(ctx, fmt.Sprintf("%.0f cpu-µs/op", Median(c)))
		}
		if len(ctx) > 0 {
			verdict += " (" + strings.Join(ctx, ", ") + ")"
		}
		fmt.Fprintf(w, "%-80s %12.1f  %s %g %s: %s\n", b.What, v, cmp(b.AtLeast), b.Limit, b.Unit, verdict)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-66s %10s  %s\n", "inside the WASM app, headless Chromium", "measured", "budget")
	for _, b := range BrowserBudgets {
		v, ok := perf[b.Key]
		if !ok {
			fmt.Fprintf(w, "%-66s %10s  ≤ %g %s (not measured)\n", b.What, "—", b.Limit, b.Unit)
			continue
		}
		fmt.Fprintf(w, "%-66s %7.2f %s  %s\n", b.What, v, b.Unit, verdict(v, b.Limit, " "+b.Unit))
	}
}

func cmp(atLeast bool) string {
	if atLeast {
		return "≥"
	}
	return "≤"
}

// verdict says whether v is within limit.
func verdict(v, limit float64, unit string) string {
	if v <= limit {
		return fmt.Sprintf("≤ %g%s: met", limit, unit)
	}
	return fmt.Sprintf("≤ %g%s: NOT MET", limit, unit)
}

// duration formats nanoseconds in the unit that reads best.
func duration(ns float64) string {
	switch {
	case math.IsNaN(ns):
		return "—"
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.1f ns", ns)
}

// ReadPerf reads perf.json: the browser test's figures by key (non-numbers are skipped).
func ReadPerf(r io.Reader) (map[string]float64, error) {
	var raw map[string]any
	if err := json.NewDecoder(r).Decode(&raw); err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for k, v := range raw {
		if f, ok := v.(float64); ok {
			out[k] = f
		}
	}
	return out, nil
}
