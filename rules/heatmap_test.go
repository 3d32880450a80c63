package rules

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/maps"
	"holotable/table"
)

// randomHeatTable is a 72×36 table with 6–16 random pieces (solid boxes, rings of ruins, round
// silos, woods, barricades, craters; some concave, some raised) and two sides of 2–4 units of
// every type, as a table file.
func randomHeatTable(t testing.TB, rng *rand.Rand) *table.File {
	var terr []string
	for i := range 6 + rng.Intn(11) {
		cx, cy := 6+rng.Float64()*60, 4+rng.Float64()*28
		h := 0.5 + rng.Float64()*5
		var foot string
		switch rng.Intn(4) {
		case 0:
			foot = fmt.Sprintf(`"circle": {"x": %.3f, "y": %.3f, "r": %.3f}`, cx, cy, 0.5+rng.Float64()*2)
		case 1: // an L: concave
			s := 1 + rng.Float64()*3
			foot = fmt.Sprintf(`"polygon": [[%.3f,%.3f],[%.3f,%.3f],[%.3f,%.3f],[%.3f,%.3f],[%.3f,%.3f],[%.3f,%.3f]]`,
				cx, cy, cx+2*s, cy, cx+2*s, cy+0.6*s, cx+0.6*s, cy+0.6*s, cx+0.6*s, cy+2*s, cx, cy+2*s)
		default:
			w, d, a := 0.2+rng.Float64()*4, 0.2+rng.Float64()*3, rng.Float64()*math.Pi
			var pts []string
			for _, p := range [][2]float64{{-w, -d}, {w, -d}, {w, d}, {-w, d}} {
				x := cx + p[0]*math.Cos(a) - p[1]*math.Sin(a)
				y := cy + p[0]*math.Sin(a) + p[1]*math.Cos(a)
				pts = append(pts, fmt.Sprintf("[%.3f,%.3f]", x, y))
			}
			foot = `"polygon": [` + strings.Join(pts, ",") + `]`
		}
		kind, cover, extra := "solid", []string{"heavy", "light", "heavy"}[rng.Intn(3)], ""
		switch rng.Intn(6) {
		case 0:
			kind = "area"
		case 1:
			kind, h = "depression", 0
		}
		if kind == "solid" && rng.Intn(5) == 0 {
			extra = fmt.Sprintf(`, "base": %.2f`, rng.Float64()*2)
			h += 2
		}
		terr = append(terr, fmt.Sprintf(`{"id": "p%d", %s, "height": %.2f, "kind": %q, "cover": %q%s}`, i, foot, h, kind, cover, extra))
	}
	var units []string
	types := []string{"trooper", "trooper", "creature", "emplacement", "ground", "repulsor"}
	for s, side := range []string{"red", "blue"} {
		for u := range 2 + rng.Intn(3) {
			typ := types[rng.Intn(len(types))]
			base, height, n := 1.063, 1.2+rng.Float64()*1.2, 1+rng.Intn(3)
			if typ == "ground" || typ == "repulsor" || typ == "creature" {
				base, height, n = 1.969+rng.Float64()*1.5, 2+rng.Float64()*4, 1
			}
			var minis []string
			x0, y0 := 4+rng.Float64()*64, 3+rng.Float64()*30
			for m := range n {
				extra := ""
				if typ == "repulsor" {
					extra = fmt.Sprintf(`, "hover": %.2f`, 0.5+rng.Float64())
				}
				minis = append(minis, fmt.Sprintf(`{"id": "%s%d-%d", "x": %.3f, "y": %.3f, "base": %.3f, "height": %.2f, "leader": %v%s}`,
					side, u, m, x0+float64(m)*1.5, y0, base, height, m == 0, extra))
			}
			units = append(units, fmt.Sprintf(`{"id": "%s%d", "side": %q, "type": %q, "speed": 2, "minis": [%s]}`, side, u, side, typ, strings.Join(minis, ",")))
		}
		_ = s
	}
	doc := fmt.Sprintf(`{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}, "terrain": [%s], "units_on_table": [%s]}`,
		strings.Join(terr, ","), strings.Join(units, ","))
	f, err := table.Load([]byte(doc))
	if err != nil {
		t.Fatalf("random table does not load: %v\n%s", err, doc)
	}
	return f
}

// checkAgainstPlain compares every viewer's answer for every nth cell of h with HeatCell.
func checkAgainstPlain(t *testing.T, w *World, h *HeatMap, nth, offset int) (cells, seen, covered int) {
	t.Helper()
	for k := offset; k < len(h.Seen); k += nth {
		if h.Seen[k] == HeatNoStand {
			continue
		}
		count, least := 0, int(table.CoverHeavy)+1
		for v, id := range h.Viewers {
			los, cov, err := w.HeatCell(h.Query, id, h.Centre(k))
			if err != nil {
				t.Fatal(err)
			}
			got := h.Layer(v, k)
			want := HeatCellAnswer{Seen: los.LOS}
			if los.LOS {
				want.Cover = cov.Minis[0].Cover
				count++
				least = min(least, int(want.Cover))
				if want.Cover > table.CoverNone {
					covered++
				}
			}
			if got != want {
				t.Fatalf("cell %d at %v, viewer %s: heat map %+v, plain rules %+v (LOS hiders %v; cover %+v)", k, h.Centre(k), id, got, want, los.BlockedBy, cov.Minis[0])
			}
			cells++
		}
		if int(h.Seen[k]) != count {
			t.Fatalf("cell %d: Seen %d, viewers seeing %d", k, h.Seen[k], count)
		}
		if count > 0 && int(h.Cover[k]) != least {
			t.Fatalf("cell %d: Cover %d, least cover %d", k, h.Cover[k], least)
		}
		if count > 0 {
			seen++
		}
	}
	return cells, seen, covered
}

// TestHeatMapEqualsPlainRules: on random tables, every viewer's answer for a spread of cells
// equals LOS and Cover asked with the probe placed in the cell (HeatCell), for each kind of
// viewer set.
func TestHeatMapEqualsPlainRules(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	tables := 30
	if testing.Short() {
		tables = 6
	}
	var cells, seen, covered int
	for i := range tables {
		f := randomHeatTable(t, rng)
		w := NewWorld(f)
		q := HeatQuery{Side: "blue", Step: 1.5}
		switch i % 3 {
		case 1:
			q.Viewers = HeatMinis
		case 2:
			q = HeatQuery{Viewers: HeatUnit, Unit: "red0", Step: 1.5, Base: 1.969, Height: 2.4}
		}
		h, err := w.HeatMap(q)
		if err != nil {
			t.Fatal(err)
		}
		c, s, cv := checkAgainstPlain(t, w, h, 1+i%3, i%2)
		cells, seen, covered = cells+c, seen+s, covered+cv
	}
	if seen == 0 || covered == 0 {
		t.Fatalf("degenerate: %d answers, %d cells seen, %d covered", cells, seen, covered)
	}
	t.Logf("%d viewer-cell answers equal the plain rules (%d cells seen by someone, %d seen answers with cover)", cells, seen, covered)
}

// TestHeatMapDefaultTable checks the default table's map at the full 0.5" grid against the plain
// rules on a sample of cells, and its shape.
func TestHeatMapDefaultTable(t *testing.T) {
	w := defaultWorld(t)
	h, err := w.HeatMap(HeatQuery{Side: "blue"})
	if err != nil {
		t.Fatal(err)
	}
	if h.Cols != 144 || h.Rows != 72 || len(h.Seen) != 10368 {
		t.Fatalf("grid %d×%d (%d cells), want 144×72 = 10368", h.Cols, h.Rows, len(h.Seen))
	}
	if len(h.Viewers) != 6 {
		t.Fatalf("viewers %v, want the 6 red leaders", h.Viewers)
	}
	hist := map[uint8]int{}
	for _, s := range h.Seen {
		hist[s]++
	}
	if hist[0] == 0 || hist[6] == 0 || hist[HeatNoStand] == 0 {
		t.Fatalf("seen histogram %v: want unseen, fully seen and no-stand cells", hist)
	}
	t.Logf("seen-by histogram %v", hist)
	c, _, _ := checkAgainstPlain(t, w, h, 37, 5)
	t.Logf("%d viewer-cell answers equal the plain rules", c)
}

// defaultWorld is the embedded default table (no file system: the benchmarks also run as
// WebAssembly in a browser).
func defaultWorld(t testing.TB) *World {
	f, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	return NewWorld(f)
}

// TestHeatMapHandComputed: one wall 3 high from x 30 to 31, y 10 to 26 and one red viewer at
// (20, 18) with its eye 2 high. A 1.65-high probe straight behind the wall at (40, 18) is
// hidden (the sight lines pass the wall below 2); one at (10, 18) behind the viewer is seen;
// cells the probe's base would overlap the wall are no-stand.
func TestHeatMapHandComputed(t *testing.T) {
	doc := `{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36},
	  "terrain": [{"id": "wall", "polygon": [[30,10],[31,10],[31,26],[30,26]], "height": 3, "cover": "heavy"}],
	  "units_on_table": [{"id": "r", "side": "red", "type": "trooper", "speed": 2,
	    "minis": [{"id": "r-1", "x": 20, "y": 18, "base": 1, "height": 2, "leader": true}]}]}`
	w := world(t, doc)
	h, err := w.HeatMap(HeatQuery{Side: "blue", Step: 1, Base: 1, Height: 1.65})
	if err != nil {
		t.Fatal(err)
	}
	at := func(x, y float64) int { return int(y)*h.Cols + int(x) }
	cases := []struct {
		x, y  float64
		seen  uint8
		cover table.Cover
	}{
		{40.5, 18.5, 0, table.CoverNone},
		{10.5, 18.5, 1, table.CoverNone},
		{30.5, 18.5, HeatNoStand, table.CoverNone},
		// Past the wall's end: the wall's corner (30, 26) is at slope 8/10 from the viewer; the
		// probe at (35.5, 32.5) is under slopes from about (14.5 − 0.5)/15.5 ≈ 0.90 up: seen.
		{35.5, 32.5, 1, table.CoverNone},
		// (35.5, 28.5) is under slope 10.5/15.5 ≈ 0.68 < 0.8: the ray meets the wall at y ≈ 24.8.
		{35.5, 28.5, 0, table.CoverNone},
		// Right behind the wall's face but seen over it? No: 1.65 < 2 < 3, hidden.
		{32.5, 18.5, 0, table.CoverNone},
	}
	for _, c := range cases {
		k := at(c.x, c.y)
		if h.Seen[k] != c.seen || h.Cover[k] != c.cover {
			t.Errorf("cell at (%g, %g): seen %d cover %d, want %d, %d", c.x, c.y, h.Seen[k], h.Cover[k], c.seen, c.cover)
		}
	}
	// A probe 5 high behind the wall at (40.5, 18.5): the line from the eye (height 2, 20.5
	// away) to its top passes x = 30 at 2 + 3·10/20.5 ≈ 3.46 > 3: seen, and the wall hides its
	// lower part and lies on the centre line: heavy cover.
	h5, err := w.HeatMap(HeatQuery{Side: "blue", Step: 1, Base: 1, Height: 5})
	if err != nil {
		t.Fatal(err)
	}
	if k := at(40.5, 18.5); h5.Seen[k] != 1 || h5.Cover[k] != table.CoverHeavy {
		t.Errorf("tall probe behind the wall: seen %d cover %d, want 1, heavy", h5.Seen[k], h5.Cover[k])
	}
}

// TestHeatMapEmptyTable: with no terrain and no vehicle nothing blocks sight: every cell a probe
// can stand in is seen by the one viewer, without cover (its sight field has no blockers at all).
func TestHeatMapEmptyTable(t *testing.T) {
	doc := `{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}, "terrain": [],
	  "units_on_table": [{"id": "r", "side": "red", "type": "trooper", "speed": 2,
	    "minis": [{"id": "r-1", "x": 20, "y": 18, "base": 1, "height": 2, "leader": true}]}]}`
	w := world(t, doc)
	h, err := w.HeatMap(HeatQuery{Side: "blue", Step: 1, Base: 1, Height: 1.65})
	if err != nil {
		t.Fatal(err)
	}
	noStand := 0
	for k := range h.Seen {
		switch {
		case h.Seen[k] == HeatNoStand:
			noStand++
		case h.Seen[k] != 1 || h.Cover[k] != table.CoverNone:
			t.Errorf("cell %v: seen %d cover %d, want 1, none", h.Centre(k), h.Seen[k], h.Cover[k])
		}
	}
	if noStand > 4 { // at most the cells whose probe would overlap the viewer's base
		t.Errorf("%d no-stand cells on an empty table", noStand)
	}
}

// TestHeatMapUpdate moves, adds and removes pieces and minis on random tables and checks that
// Update gives exactly the map a fresh HeatMap gives, recomputing fewer cells than all.
func TestHeatMapUpdate(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	rounds := 24
	if testing.Short() {
		rounds = 6
	}
	var partial, total int
	for i := range rounds {
		f := randomHeatTable(t, rng)
		w := NewWorld(f)
		q := HeatQuery{Side: "blue", Step: 1}
		h, err := w.HeatMap(q)
		if err != nil {
			t.Fatal(err)
		}
		g := *f
		g.Terrain = append([]table.Terrain(nil), f.Terrain...)
		g.UnitsOnTable = append([]table.Unit(nil), f.UnitsOnTable...)
		var changed []string
		switch i % 3 {
		case 0: // move a piece
			p := &g.Terrain[rng.Intn(len(g.Terrain))]
			dx, dy := rng.NormFloat64()*3, rng.NormFloat64()*3
			if p.Circle != nil {
				c := *p.Circle
				c.X, c.Y = c.X+dx, c.Y+dy
				p.Circle = &c
			} else {
				pts := append([][2]float64(nil), p.Polygon...)
				for k := range pts {
					pts[k] = [2]float64{pts[k][0] + dx, pts[k][1] + dy}
				}
				p.Polygon = pts
			}
			changed = []string{p.ID}
		case 1: // remove a piece
			k := rng.Intn(len(g.Terrain))
			changed = []string{g.Terrain[k].ID}
			g.Terrain = append(g.Terrain[:k:k], g.Terrain[k+1:]...)
		default: // move a mini (perhaps a viewer, perhaps a vehicle that blocks)
			u := &g.UnitsOnTable[rng.Intn(len(g.UnitsOnTable))]
			u.Minis = append([]table.Mini(nil), u.Minis...)
			m := &u.Minis[rng.Intn(len(u.Minis))]
			m.X = math.Max(3, math.Min(69, m.X+rng.NormFloat64()*4))
			m.Y = math.Max(3, math.Min(33, m.Y+rng.NormFloat64()*4))
			changed = []string{m.ID}
		}
		w2 := NewWorld(&g)
		n, err := h.Update(w2, changed)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := w2.HeatMap(q)
		if err != nil {
			t.Fatal(err)
		}
		for k := range fresh.Seen {
			if h.Seen[k] != fresh.Seen[k] || h.Cover[k] != fresh.Cover[k] {
				t.Fatalf("round %d (%v changed), cell %d at %v: updated %d/%d, fresh %d/%d", i, changed, k, fresh.Centre(k), h.Seen[k], h.Cover[k], fresh.Seen[k], fresh.Cover[k])
			}
			for v := range fresh.Viewers {
				if h.Layer(v, k) != fresh.Layer(v, k) {
					t.Fatalf("round %d, cell %d viewer %s: updated %+v, fresh %+v", i, k, fresh.Viewers[v], h.Layer(v, k), fresh.Layer(v, k))
				}
			}
		}
		partial += n
		total += len(fresh.Seen) * len(fresh.Viewers)
	}
	if partial >= total {
		t.Fatalf("Update recomputed %d of %d cell answers: nothing saved", partial, total)
	}
	t.Logf("Update recomputed %d of %d viewer-cell answers (%.0f%%) and matched fresh maps", partial, total, 100*float64(partial)/float64(total))
}

func TestHeatQueryErrors(t *testing.T) {
	w := defaultWorld(t)
	for _, c := range []struct {
		q    HeatQuery
		want string
	}{
		{HeatQuery{Viewers: "everyone"}, `viewers must be "leaders", "minis" or "unit", not "everyone"`},
		{HeatQuery{Step: -1}, "step must be a positive length, not -1"},
		{HeatQuery{Step: 0.001}, "step 0.001 makes more than 4096 cells along an edge"},
		{HeatQuery{Base: math.NaN()}, "base must be a positive diameter, not NaN"},
		{HeatQuery{Height: math.Inf(1)}, "height must be a positive length, not +Inf"},
		{HeatQuery{Viewers: HeatUnit, Unit: "nobody"}, "no unit 'nobody'"},
	} {
		_, err := w.HeatMap(c.q)
		if err == nil || err.Error() != c.want {
			t.Errorf("%+v: error %v, want %q", c.q, err, c.want)
		}
	}
	_ = r2.Point{}
}

// TestHeatStaticCells: the pass that asks each piece only about the cells its box reaches gives
// every cell of random tables exactly what asking every piece about that cell gives
// (staticCell), for grids finer and coarser than the probe's base.
func TestHeatStaticCells(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	var nostand, depressed int
	for i := range 20 {
		w := NewWorld(randomHeatTable(t, rng))
		q := []HeatQuery{{Side: "blue"}, {Side: "blue", Step: 0.37, Base: 2.5}, {Side: "blue", Step: 1.7}, {Side: "blue", Step: 0.25, Base: 0.2}}[i%4]
		h, err := w.HeatMap(q)
		if err != nil {
			t.Fatal(err)
		}
		for k := range h.static {
			if want := h.staticCell(k); h.static[k] != want {
				t.Fatalf("table %d, cell %d at %v: static %d, staticCell %d", i, k, h.Centre(k), h.static[k], want)
			}
			switch {
			case h.static[k] == HeatNoStand:
				nostand++
			case h.static[k] > uint8(table.CoverNone):
				depressed++
			}
		}
	}
	if nostand == 0 || depressed == 0 {
		t.Fatalf("degenerate: %d no-stand cells, %d in depressions", nostand, depressed)
	}
	t.Logf("%d no-stand cells and %d cells in covering depressions agree", nostand, depressed)
}

// TestHeatMapManyCandidates: past 64 cover candidates a view has no sector masks and asks every
// candidate; with 80 low walls (light and heavy cover, some the viewers' bases touch) the map
// still equals the plain rules cell by cell, and some cells are covered by walls past the 64th.
func TestHeatMapManyCandidates(t *testing.T) {
	var terr []string
	for i := range 80 {
		x, y := 3+float64(i%16)*4.2, 4+float64(i/16)*6.5
		cover := []string{"light", "heavy"}[i%2]
		terr = append(terr, fmt.Sprintf(`{"id": "w%d", "polygon": [[%g,%g],[%g,%g],[%g,%g],[%g,%g]], "height": %g, "kind": "solid", "cover": %q}`,
			i, x, y, x+2, y, x+2, y+0.4, x, y+0.4, 0.8+float64(i%3)*0.4, cover))
	}
	doc := fmt.Sprintf(`{"format": "holotable/1", "battlefield": {"width": 72, "depth": 36}, "terrain": [%s], "units_on_table": [
		{"id": "red-a", "side": "red", "type": "trooper", "speed": 2, "minis": [{"id": "red-a-1", "x": 10, "y": 2, "base": 1.063, "height": 1.65, "leader": true}]},
		{"id": "red-b", "side": "red", "type": "trooper", "speed": 2, "minis": [{"id": "red-b-1", "x": 60, "y": 34.5, "base": 1.063, "height": 1.65, "leader": true}]}]}`,
		strings.Join(terr, ","))
	f, err := table.Load([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	w := NewWorld(f)
	h, err := w.HeatMap(HeatQuery{Side: "blue", Step: 1.5})
	if err != nil {
		t.Fatal(err)
	}
	for _, hv := range h.views {
		if v := h.newView(hv.a); len(v.cands) <= geometry.MaxSectorWindows || v.sectors != nil {
			t.Fatalf("viewer %s: %d candidates, masks %v: want more than 64 and no masks", v.a.ID, len(v.cands), v.sectors != nil)
		}
	}
	cells, _, covered := checkAgainstPlain(t, w, h, 3, 1)
	late := 0
	for vi, hv := range h.views {
		v := h.newView(hv.a) // the map keeps only each viewer's layer
		for k := range h.Seen {
			if a := h.Layer(vi, k); a.Seen && a.Cover > table.CoverNone && lateCover(h, v, a.Cover, k) {
				late++
			}
		}
	}
	if covered == 0 || late == 0 {
		t.Fatalf("degenerate: %d answers with cover, %d from candidates past the 64th", covered, late)
	}
	t.Logf("%d viewer-cell answers equal the plain rules (%d with cover, %d cells covered by a candidate past the 64th)", cells, covered, late)
}

// lateCover reports whether a candidate past the 64th of view v alone gives cell k the cover
// level want.
func lateCover(h *HeatMap, v *heatView, want table.Cover, k int) bool {
	c := h.Centre(k)
	dist, ang := v.field.Polar(c)
	for i := 64; i < len(v.cands); i++ {
		if x := &v.cands[i]; x.level == want && h.candidateCover(v, x, table.CoverNone, c, v.a.Centre(), dist, ang) == want {
			return true
		}
	}
	return false
}
