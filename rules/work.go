package rules

import (
	"fmt"

	"holotable/geometry"
	"holotable/table"
)

// What answering questions costs, estimated before any is answered, so that the judge can refuse
// a file that is too large to answer within the limits (docs/format.md, "Limits") instead of
// running for minutes or out of memory. table.Load bounds the sizes (pieces, vertices, minis,
// queries); the work of a question still grows with the product of sizes — a heat map with every
// viewer against every vehicle, a cohesion search among thousands of obstacles — and that is what
// the estimate adds up.

// MaxWork bounds the estimated work of one file's questions, in work units (about a nanosecond
// each natively on the machine of docs/performance.md): about 4 s, so that with loading and the
// estimate's margin a file within the limits is answered in well under 10 s. Real tables are far
// below it: the default table's every pair of units asked for range, LOS and cover (396
// questions) is 2.4e7, 0.6 %.
const MaxWork = 4e9

// MaxInteractiveWork bounds the estimated work of the app's heat map (HeatMap, which the page
// computes between two frames): about half a second natively, under 2 s in WebAssembly (2.3–3.9×
// native, docs/performance.md). The default table's map is 4.4e7. The judge's map (HeatCounts)
// is bounded by MaxWork instead.
const MaxInteractiveWork = 5e8

// MaxHeatCells bounds a heat map's cells × viewers (the default table: 10,368 cells × 6 leaders
// = 62,208), so that the app's overlay, which keeps a byte and a direction per viewer and cell
// for its updates, stays within 40 MB.
const MaxHeatCells = 1 << 22

// TooLargeError is a question, or a file's questions together, beyond the limits: well formed,
// but too large to answer (the judge's exit status 3). Its message names the query and what it
// would cost.
type TooLargeError struct {
	Field string // "queries[17]", or "queries" for the file's questions together
	Fault string
}

func (e *TooLargeError) Error() string { return e.Field + ": " + e.Fault }

// sizes are the counts the estimates multiply: outline features (a polygon's vertices, one per
// circle) of what sight, cover and moves test against.
type sizes struct {
	sightVols, sightFeats int     // the sight blockers (solid terrain, vehicle volumes)
	sightSquares          float64 // Σ features² of the sight blockers (their convex parts)
	candCount, candFeats  [3]int  // the cover candidates, by defender class
	obsFeats              int     // everything a move may bump into: pieces, minis, tokens
}

func feats(s geometry.Shape) int { return len(s.Core()) }

func (w *World) sizes() sizes {
	z := sizes{}
	for _, v := range w.losVols {
		z.sightVols++
		z.sightFeats += feats(v.Foot)
		z.sightSquares += float64(feats(v.Foot) * feats(v.Foot))
	}
	for _, class := range []DefenderClass{TrooperClass, CreatureClass, VehicleClass} {
		for _, c := range w.coverCandidates(class) {
			z.candCount[class]++
			z.candFeats[class] += feats(c.foot)
		}
	}
	for _, p := range w.Terrain {
		z.obsFeats += feats(p.Foot)
	}
	z.obsFeats += len(w.Minis) + len(w.Tokens)
	return z
}

// Work estimates what answering q costs, in work units, from what its answer loops over; a query
// naming nothing that exists is an error sentence and costs little. The terms are the measured
// costs of the loops of docs/performance.md's worst cases (the exact sight search is quadratic in
// the outline features it considers in the worst case, a cohesion search in the obstacles):
//
//   - distance, contact: the two outlines;
//   - range, within: every pair of minis of the two units;
//   - los: one sight search against every blocker;
//   - cover: one sight search per defending mini against every blocker and candidate;
//   - move: a sweep against every obstacle;
//   - cohesion: per mini, a search over joint directions, each swept against every obstacle;
//   - heatmap: per viewer and cell, every blocker and candidate (HeatWork);
//   - any other kind (added after this estimate was written): a sight search and a move.
func (w *World) Work(q table.Query) float64 {
	return w.work(q, w.sizes())
}

func (w *World) work(q table.Query, z sizes) float64 {
	const query = 1e4
	search := func(f int) float64 { // one exact sight search among f outline features
		x := float64(f)
		return 1e4 + 80*x + x*x
	}
	minis := func(id string) float64 {
		if u, err := w.Unit(id); err == nil {
			return float64(len(u.Minis))
		}
		return 1
	}
	outline := func(id string) float64 {
		if s, err := w.Outline(id); err == nil {
			return float64(feats(s))
		}
		return 1
	}
	obs := float64(z.obsFeats)
	switch q.Kind {
	case "distance", "contact":
		return query + 100*(outline(q.A)+outline(q.B))
	case "range":
		return query + 500*minis(q.From)*minis(q.To)
	case "within":
		return query + 500*minis(q.To)*minis(q.From)*(1+minis(q.From))
	case "los":
		return query + search(z.sightFeats)
	case "cover":
		class := TrooperClass
		if v, err := w.Unit(q.Defender); err == nil {
			class = v.DefenderClass()
		}
		return query + minis(q.Defender)*search(z.sightFeats+z.candFeats[class])
	case "move":
		return query + 2e4 + 1e3*obs
	case "cohesion":
		return query + minis(q.Unit)*(2e4+50*obs*obs)
	case "heatmap":
		return query + w.heatWork(heatQueryOf(q), z)
	}
	return query + search(z.sightFeats) + 2e4 + 1e3*obs
}

// HeatWork estimates what the heat map q costs, in work units: per viewer, its sight field and
// cover candidates prepared (about 18,000 units per outline feature, and the split of each
// concave blocker into convex parts, about 150 units per feature²); per viewer and cell, the
// blockers and candidates it may ask (about 3 units each, with 100 for the cell itself); per cell,
// the static pass over the pieces. A query the map refuses costs nothing. (Measured: 12,000,
// 75 and 2; the margin is for slower machines and the cases not measured.)
func (w *World) HeatWork(q HeatQuery) float64 { return w.heatWork(q, w.sizes()) }

func (w *World) heatWork(q HeatQuery, z sizes) float64 {
	cells, viewers, err := w.heatSize(q)
	if err != nil {
		return 0
	}
	items := float64(z.sightVols + z.candCount[TrooperClass])
	view := 18e3*float64(z.sightFeats+z.candFeats[TrooperClass]) + 150*z.sightSquares
	return float64(viewers)*(view+float64(cells)*3*(100+items)) + float64(cells)*float64(len(w.Terrain))*10
}

// heatSize is the number of cells and viewers of the heat map q (after its defaults), or why
// the map is refused.
func (w *World) heatSize(q HeatQuery) (cells, viewers int, err error) {
	q, err = w.heatDefaults(q)
	if err != nil {
		return 0, 0, err
	}
	cols, rows := w.heatGrid(q.Step)
	return cols * rows, len(w.heatViewers(q)), nil
}

// Admit checks, before any is answered, that the file's questions can be answered within the
// limits: no heat map of more than MaxHeatCells cells × viewers, and their estimated work
// together within MaxWork. It returns nil or a *TooLargeError naming the query (or, for the
// total, the largest one).
func (w *World) Admit(qs []table.Query) error {
	z := w.sizes()
	total, largest, at := 0.0, 0.0, -1
	for i, q := range qs {
		if q.Kind == "heatmap" {
			if err := w.heatLimit(heatQueryOf(q)); err != nil {
				return &TooLargeError{Field: fmt.Sprintf("queries[%d]", i), Fault: err.Error()}
			}
		}
		x := w.work(q, z)
		total += x
		if x > largest {
			largest, at = x, i
		}
	}
	if total > MaxWork {
		return &TooLargeError{Field: "queries", Fault: fmt.Sprintf("an estimated %.3g units of work, more than the limit of %.3g (too large; the largest is queries[%d], a %s question, %.3g)",
			total, float64(MaxWork), at, qs[at].Kind, largest)}
	}
	return nil
}

// heatLimit refuses a heat map of more than MaxHeatCells cells × viewers (at least one viewer
// counted, so that an empty map still has its cells bounded).
func (w *World) heatLimit(q HeatQuery) error {
	cells, viewers, err := w.heatSize(q)
	if err != nil {
		return nil // answered with its error sentence
	}
	if n := cells * max(1, viewers); n > MaxHeatCells {
		return fmt.Errorf("a heat map of %d cells × %d viewers = %d, more than the limit of %d (too large)", cells, viewers, n, MaxHeatCells)
	}
	return nil
}
