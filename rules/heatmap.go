package rules

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/golang/geo/r2"
	"github.com/golang/geo/s1"

	"holotable/geometry"
	"holotable/table"
)

// Who looks at a heat map's probe.
const (
	HeatLeaders = "leaders" // the leader of every unit not on the probe's side (the default)
	HeatMinis   = "minis"   // every mini not on the probe's side
	HeatUnit    = "unit"    // every mini of one chosen unit
)

// HeatNoStand marks a heat-map cell where the probe cannot stand: its base would overlap the
// interior of solid terrain or of terrain impassable to troopers.
const HeatNoStand = 255

// HeatQuery asks, for a probe mini standing at the centre of every cell of a grid over the table,
// which viewers see it and with what cover. The probe is a one-mini trooper unit of side Side
// standing on the ground (z = 0): it blocks nothing and obscures nothing, so placing it changes
// no other answer.
type HeatQuery struct {
	Side    string  // the probe's side: viewers are minis of units of any other side
	Viewers string  // HeatLeaders (""), HeatMinis or HeatUnit
	Unit    string  // the viewing unit when Viewers is HeatUnit (Side is then not used)
	Step    float64 // cell size in table units (0: half an inch)
	Base    float64 // the probe's base diameter (0: the profile's small base)
	Height  float64 // the probe's height (0: 1.65 inches, a trooper)
}

// HeatMap is the answer to a HeatQuery. Cell (i, j) — column i from the left edge, row j from
// the bottom edge — is the square [i·Step, (i+1)·Step] × [j·Step, (j+1)·Step] with the probe's
// base centred in it; its index in Seen and Cover is j·Cols + i. Seen and Cover are exactly what
// LOS and Cover answer for the probe placed there (see HeatCell), per viewer:
//
//   - Seen[k] is the number of viewers whose eye sees some point of the probe (HeatNoStand where
//     the probe cannot stand);
//   - Cover[k] is the least cover the probe has against any viewer that sees it — the exposure
//     a player cares about (CoverNone where no viewer sees it). The cover is the probe's cover as the
//     defending mini of an attack whose attacking leader is the viewer (spec "Cover" steps 1–4;
//     for HeatLeaders exactly World.Cover of the viewer's unit against the probe's unit).
type HeatMap struct {
	Query      HeatQuery // with the defaults filled in
	Cols, Rows int
	Viewers    []string // the viewing minis' ids, in table order
	Seen       []uint8
	Cover      []table.Cover
	Reasons    []Reason

	w      *World
	static []uint8 // per cell: HeatNoStand, or the cover a depression gives the probe (CoverNone..CoverHeavy)
	views  []*heatView
}

// heatView is one viewer's layer: for every cell, 0 when the viewer does not see the probe
// there, else 1 + the probe's cover against it.
type heatView struct {
	a     *Mini
	field *geometry.SightField
	cands []heatCand // cover candidates a's base does not touch
	// With at most geometry.MaxSectorWindows candidates, the windows of cands (bit i for
	// cands[i]) around a's centre, sorted into angular sectors; nil past that.
	sectors *geometry.SectorMasks
	layer   []uint8
	// each cell's direction (radians) and distance from a's eye, top-down, for Update.
	ang, dist []float32
}

// heatCand is a cover candidate with its cover level and the directions and distances under
// which a's base centre sees its footprint (the centre line to a cell can only meet it when the
// cell lies in that window, beyond dmin).
type heatCand struct {
	candidate
	obs   []*geometry.Obscurer // its volumes, prepared for the viewer's eye
	level table.Cover
	win   s1.Interval // its angular window from a's base centre: full when that is on or next to it
	near  s1.Interval // win widened by the 1e-5 candidateCover allows a direction kept as float32
	dmin  float64
}

// HeatCellAnswer is one viewer's answer for one cell: whether it sees the probe and the
// probe's cover against it.
type HeatCellAnswer struct {
	Seen  bool
	Cover table.Cover
}

// heatDefaults fills in the query's defaults in the file's length unit and checks it.
func (w *World) heatDefaults(q HeatQuery) (HeatQuery, error) {
	inch := 1.0
	if w.File.Units == "mm" {
		inch = table.MillimetresPerInch
	}
	if q.Viewers == "" {
		q.Viewers = HeatLeaders
	}
	if q.Step == 0 {
		q.Step = 0.5 * inch
	}
	if q.Base == 0 {
		q.Base = w.File.Profile.Bases["small"]
		if q.Base == 0 {
			q.Base = 1.063 * inch
		}
	}
	if q.Height == 0 {
		q.Height = 1.65 * inch
	}
	switch {
	case q.Viewers != HeatLeaders && q.Viewers != HeatMinis && q.Viewers != HeatUnit:
		return q, fmt.Errorf("viewers must be %q, %q or %q, not %q", HeatLeaders, HeatMinis, HeatUnit, q.Viewers)
	case !(q.Step > 0) || math.IsInf(q.Step, 0):
		return q, fmt.Errorf("step must be a positive length, not %g", q.Step)
	case !(q.Base > 0) || math.IsInf(q.Base, 0):
		return q, fmt.Errorf("base must be a positive diameter, not %g", q.Base)
	case !(q.Height > 0) || math.IsInf(q.Height, 0):
		return q, fmt.Errorf("height must be a positive length, not %g", q.Height)
	case q.Base > table.MaxLength(w.File.Units) || q.Height > table.MaxLength(w.File.Units):
		return q, fmt.Errorf("the probe's base and height must be at most %g", table.MaxLength(w.File.Units))
	}
	bf := w.File.Battlefield
	if bf.Width/q.Step > 4096 || bf.Depth/q.Step > 4096 {
		return q, fmt.Errorf("step %g makes more than 4096 cells along an edge", q.Step)
	}
	if q.Viewers == HeatUnit {
		if _, err := w.Unit(q.Unit); err != nil {
			return q, err
		}
	}
	return q, nil
}

// heatViewers lists the viewing minis of q.
func (w *World) heatViewers(q HeatQuery) []*Mini {
	var out []*Mini
	for _, u := range w.Units {
		switch q.Viewers {
		case HeatUnit:
			if u.ID == q.Unit {
				out = append(out, u.Minis...)
			}
		case HeatMinis:
			if u.Side != q.Side {
				out = append(out, u.Minis...)
			}
		default:
			if u.Side != q.Side && u.Leader != nil {
				out = append(out, u.Leader)
			}
		}
	}
	return out
}

// HeatMap answers q for every cell of the grid (see HeatMap). It is exact: each viewer's answer
// for each cell is HeatCell's, computed with one SightField per viewer (blockers sorted by
// direction, certificates before the exact search). The viewers are taken one after another,
// each folded into Seen and Cover and its sight field dropped before the next; the map keeps
// each viewer's layer (a byte per cell, and the cell's direction and distance from the eye) for
// Update and Layer. HeatCounts is the same answer without them.
func (w *World) HeatMap(q HeatQuery) (*HeatMap, error) {
	if err := w.heatWithin(q, MaxInteractiveWork, "the app"); err != nil {
		return nil, err
	}
	return w.heatMap(q, true)
}

// HeatCounts is HeatMap without the per-viewer layers, for a map that is asked once (the
// judge's heatmap query): its memory is a few bytes per cell plus one viewer's sight field,
// whatever the number of viewers. Update and Layer cannot be used on it.
func (w *World) HeatCounts(q HeatQuery) (*HeatMap, error) {
	if err := w.heatWithin(q, MaxWork, "the judge"); err != nil {
		return nil, err
	}
	return w.heatMap(q, false)
}

// heatWithin refuses the heat map q when it has more than MaxHeatCells cells × viewers, or when
// its estimated work (HeatWork) is more than limit, the most that who takes.
func (w *World) heatWithin(q HeatQuery, limit float64, who string) error {
	if err := w.heatLimit(q); err != nil {
		return err
	}
	if work := w.HeatWork(q); work > limit {
		return fmt.Errorf("too large: an estimated %.3g units of work, more than the %.3g %s takes", work, limit, who)
	}
	return nil
}

// heatMap is HeatMap (with layers) or HeatCounts (without), whatever the work.
func (w *World) heatMap(q HeatQuery, layers bool) (*HeatMap, error) {
	q, err := w.heatDefaults(q)
	if err != nil {
		return nil, err
	}
	if err := w.heatLimit(q); err != nil {
		return nil, err
	}
	h := &HeatMap{Query: q, w: w}
	h.Cols, h.Rows = w.heatGrid(q.Step)
	n := h.Cols * h.Rows
	h.Seen, h.Cover, h.static = make([]uint8, n), make([]table.Cover, n), make([]uint8, n)
	h.staticCells()
	h.startCounts()
	for _, a := range w.heatViewers(q) {
		h.Viewers = append(h.Viewers, a.ID)
		v := h.newView(a)
		if layers {
			h.initCells(v)
		}
		for k := range n {
			x := h.cell(v, k)
			h.count(k, x)
			if layers {
				v.layer[k] = x
			}
		}
		v.drop()
		if layers {
			h.views = append(h.views, v)
		}
	}
	h.endCounts()
	h.Reasons = h.reasons()
	return h, nil
}

// heatGrid is the number of columns and rows of cells of side step over the table.
func (w *World) heatGrid(step float64) (cols, rows int) {
	return int(math.Floor(w.File.Battlefield.Width/step + 1e-9)), int(math.Floor(w.File.Battlefield.Depth/step + 1e-9))
}

// Centre is the centre of cell k.
func (h *HeatMap) Centre(k int) r2.Point {
	i, j := k%h.Cols, k/h.Cols
	return r2.Point{X: (float64(i) + 0.5) * h.Query.Step, Y: (float64(j) + 0.5) * h.Query.Step}
}

// Layer is viewer v's answer for cell k.
func (h *HeatMap) Layer(v, k int) HeatCellAnswer {
	x := h.views[v].layer[k]
	if x == 0 || h.static[k] == HeatNoStand {
		return HeatCellAnswer{}
	}
	return HeatCellAnswer{Seen: true, Cover: table.Cover(x - 1)}
}

// newView prepares viewer a: its sight blockers (every solid piece and vehicle but a itself;
// the probe, a trooper, blocks nothing) and its cover candidates.
func (h *HeatMap) newView(a *Mini) *heatView {
	w := h.w
	vols := w.losVols
	if a.Unit.Type == table.Ground || a.Unit.Type == table.Repulsor {
		vols = nil
		for i, vol := range w.losVols {
			if w.losMinis[i] != a {
				vols = append(vols, vol)
			}
		}
	}
	v := &heatView{a: a, field: geometry.NewSightField(a.Eye(), vols)}
	// The probe's unit is not in the world, so no mini is excluded as its unit-mate; a piece a's
	// base touches cannot obscure a probe a sees (spec Cover step 1).
	o := a.Centre()
	cands := w.coverCandidates(TrooperClass)
	for i := range cands {
		if x := &cands[i]; !x.excluded(a, nil) && geometry.Distance(a.Foot, x.foot) > w.File.Profile.ContactTolerance {
			hc := heatCand{candidate: *x, level: x.cover, dmin: x.foot.DistanceToPoint(o)}
			hc.win = geometry.AngularWindow(o, r2.Point{X: 1}, x.foot, 1e-6, 1e-6)
			hc.near = hc.win.Expanded(1e-5)
			for _, vol := range x.vols {
				hc.obs = append(hc.obs, v.field.NewObscurer(vol))
			}
			v.cands = append(v.cands, hc)
		}
	}
	if len(v.cands) <= geometry.MaxSectorWindows {
		v.sectors = geometry.NewSectorMasks()
		for i, x := range v.cands {
			v.sectors.AddWindow(i, x.win)
		}
	}
	return v
}

// drop lets go of what only computing v's cells needs (its sight field and cover candidates);
// its layer and cell directions stay for Update, which builds a new view of each viewer.
func (v *heatView) drop() {
	v.field, v.cands, v.sectors = nil, nil, nil
}

// initCells gives v its layer and the room for each cell's direction and distance from its
// eye, which cell fills in.
func (h *HeatMap) initCells(v *heatView) {
	n := h.Cols * h.Rows
	v.layer = make([]uint8, n)
	v.ang, v.dist = make([]float32, n), make([]float32, n)
}

// staticCell is what cell k is whoever looks: HeatNoStand when the probe's base would overlap
// the interior of solid terrain or terrain impassable to troopers, else the cover a depression
// the base lies wholly inside gives it (spec Cover step 3).
func (h *HeatMap) staticCell(k int) uint8 {
	st := uint8(table.CoverNone)
	for i := range h.w.Terrain {
		st = h.pieceOnCell(h.w.Terrain[i], k, st)
		if st == HeatNoStand {
			break
		}
	}
	return st
}

// staticCells fills h.static with staticCell's answers, asking each piece only about the cells
// its bounding box can reach (a piece neither solid, impassable nor a depression giving cover
// is asked about none).
func (h *HeatMap) staticCells() {
	clear(h.static)
	r, step := h.Query.Base/2, h.Query.Step
	for i := range h.w.Terrain {
		p := h.w.Terrain[i]
		if !pieceBlocksStand(p) && pieceDepressionCover(p) == table.CoverNone {
			continue
		}
		// Cell (ci, cj)'s base box reaches the piece's box when its centre (ci+½)·step is
		// within r of it; one more cell each way absorbs the rounding, the box test decides.
		b := p.Foot.Bounds()
		i0 := max(0, int(math.Floor((b.X.Lo-r)/step-0.5))-1)
		i1 := min(h.Cols-1, int(math.Ceil((b.X.Hi+r)/step-0.5))+1)
		j0 := max(0, int(math.Floor((b.Y.Lo-r)/step-0.5))-1)
		j1 := min(h.Rows-1, int(math.Ceil((b.Y.Hi+r)/step-0.5))+1)
		for j := j0; j <= j1; j++ {
			for ci := i0; ci <= i1; ci++ {
				k := j*h.Cols + ci
				if h.static[k] != HeatNoStand {
					h.static[k] = h.pieceOnCell(p, k, h.static[k])
				}
			}
		}
	}
}

// pieceOnCell is st, what cell k is so far, after asking piece p: HeatNoStand when the probe's
// base overlaps it and it is solid or impassable, the greater of st and a depression's cover
// when the base lies wholly inside the depression.
func (h *HeatMap) pieceOnCell(p *Piece, k int, st uint8) uint8 {
	c, r := h.Centre(k), h.Query.Base/2
	box := r2.RectFromCenterSize(c, r2.Point{X: 2 * r, Y: 2 * r})
	if !p.Foot.Bounds().Intersects(box) {
		return st
	}
	if pieceBlocksStand(p) && geometry.Overlap(geometry.Circle(c, r), p.Foot) {
		return HeatNoStand
	}
	if lv := pieceDepressionCover(p); uint8(lv) > st && geometry.Inside(geometry.Circle(c, r), p.Foot) {
		return uint8(lv)
	}
	return st
}

// pieceBlocksStand is whether no trooper base may overlap p: solid or impassable to troopers.
func pieceBlocksStand(p *Piece) bool {
	return p.Kind == table.Solid || moveFor(p.Move, TrooperMover) == table.Impassable
}

// pieceDepressionCover is the cover a depression gives a trooper inside it (CoverNone for any
// other piece).
func pieceDepressionCover(p *Piece) table.Cover {
	if p.Kind != table.Depression {
		return table.CoverNone
	}
	return coverFor(p.Cover, TrooperClass)
}

// cell is viewer v's layer value for cell k.
func (h *HeatMap) cell(v *heatView, k int) uint8 {
	// The cell's direction and distance from the eye: the sight field's, kept for Update.
	c, r, top := h.Centre(k), h.Query.Base/2, h.Query.Height
	dist, ang := v.field.Polar(c)
	if v.ang != nil { // kept for Update
		v.ang[k], v.dist[k] = float32(ang), float32(dist)
	}
	st := h.static[k]
	if st == HeatNoStand {
		return 0
	}
	if !v.field.SeesCylinderAt(c, r, 0, top, dist, ang) {
		return 0
	}
	// Seen: the best cover of the candidates the centre line meets whose volume hides part of
	// the probe (spec Cover steps 2 and 4), and the depression's.
	level := table.Cover(st)
	ac := v.a.Centre()
	// The candidates whose window can hold the cell's direction: those of its sector's mask (in
	// table order, as the plain loop over all of them), or, past MaxSectorWindows candidates, all.
	if v.sectors == nil {
		for i := range v.cands {
			level = h.candidateCover(v, &v.cands[i], level, c, ac, dist, ang)
		}
		return uint8(1 + level)
	}
	for m := v.sectors.At(ang); m != 0; m &= m - 1 {
		level = h.candidateCover(v, &v.cands[bits.TrailingZeros64(m)], level, c, ac, dist, ang)
	}
	return uint8(1 + level)
}

// candidateCover is level raised to x's cover level when x obscures the probe at c (distance
// dist and direction ang from v's eye): the centre line from ac meets its footprint and its
// volume hides part of the probe.
func (h *HeatMap) candidateCover(v *heatView, x *heatCand, level table.Cover, c, ac r2.Point, dist, ang float64) table.Cover {
	if x.level <= level || x.dmin > dist+1e-6 {
		return level
	}
	// (The margin once covered a direction kept in float32; it only lets more through.)
	if !x.near.Contains(ang) { // the window meets [ang − 1e-5, ang + 1e-5]
		return level
	}
	if !geometry.SegmentMeets(ac, c, x.foot) {
		return level
	}
	r, top := h.Query.Base/2, h.Query.Height
	for _, ob := range x.obs {
		if v.field.CylinderHiddenBy(c, r, 0, top, ob) {
			return x.level
		}
	}
	return level
}

// aggregate sums the viewers' layers into Seen[k] and Cover[k].
func (h *HeatMap) aggregate(k int) {
	h.Seen[k], h.Cover[k] = 0, table.CoverHeavy+1
	for _, v := range h.views {
		h.count(k, v.layer[k])
	}
	h.endCount(k)
}

// startCounts readies Seen and Cover for count: no viewer yet.
func (h *HeatMap) startCounts() {
	clear(h.Seen)
	for k := range h.Cover {
		h.Cover[k] = table.CoverHeavy + 1
	}
}

// count folds one viewer's layer value x for cell k (0: not seen, else 1 + cover) into Seen[k]
// (how many see it, at most HeatNoStand−1) and Cover[k] (the least cover so far).
func (h *HeatMap) count(k int, x uint8) {
	if x > 0 {
		h.Seen[k] = min(h.Seen[k]+1, HeatNoStand-1)
		h.Cover[k] = min(h.Cover[k], table.Cover(x-1))
	}
}

// endCounts finishes every cell after the last count.
func (h *HeatMap) endCounts() {
	for k := range h.Seen {
		h.endCount(k)
	}
}

// endCount finishes cell k: HeatNoStand where the probe cannot stand, cover CoverNone where no
// viewer sees it.
func (h *HeatMap) endCount(k int) {
	switch {
	case h.static[k] == HeatNoStand:
		h.Seen[k], h.Cover[k] = HeatNoStand, table.CoverNone
	case h.Seen[k] == 0:
		h.Cover[k] = table.CoverNone
	}
}

func (h *HeatMap) reasons() []Reason {
	q := h.Query
	who := map[string]string{HeatLeaders: "the leader of every unit not on side " + fmt.Sprintf("%q", q.Side),
		HeatMinis: "every mini not on side " + fmt.Sprintf("%q", q.Side), HeatUnit: "every mini of " + q.Unit}[q.Viewers]
	return []Reason{
		{Rule: "heat.probe", Cite: CiteLOS, Text: fmt.Sprintf("a trooper on a base of %.4g, %.4g high, stands at the centre of each %.4g cell; the count is how many of %s see some part of it", q.Base, q.Height, q.Step, who), IDs: h.Viewers},
		{Rule: "heat.cover", Cite: CiteObscured, Text: "the cover shown is the least the probe has against any viewer that sees it, each viewer taken as the attacking leader"},
		{Rule: "heat.nostand", Cite: CiteImpassable, Text: "cells where the probe's base would overlap solid or impassable terrain are left out"},
	}
}

// Update brings the heat map up to date with w, a new world of the same table after an edit
// that changed the pieces, minis or tokens with the given ids (added, moved, reshaped or
// removed). Only the cells whose answers those changes can reach are recomputed: for each
// viewer, the cells whose view (the fan from the viewer's eye to the probe) or centre line comes
// near a changed footprint, old or new, and the cells a changed footprint covers. A change of
// the viewers themselves recomputes their layers; anything else (a new profile, size, sides or
// units) recomputes the whole map. It returns how many cell answers it recomputed.
func (h *HeatMap) Update(w *World, changed []string) (int, error) {
	old := h.w
	full := func() (int, error) {
		nh, err := w.HeatMap(h.Query)
		if err != nil {
			return 0, err
		}
		*h = *nh
		return len(h.Seen) * max(1, len(h.views)), nil
	}
	if w.File.Battlefield != old.File.Battlefield || !sameProfile(w.File.Profile, old.File.Profile) || w.File.Units != old.File.Units {
		return full()
	}
	if _, err := w.heatDefaults(h.Query); err != nil {
		return 0, err
	}
	viewers := w.heatViewers(h.Query)
	if len(viewers) != len(h.Viewers) {
		return full()
	}
	for i, a := range viewers {
		if a.ID != h.Viewers[i] {
			return full()
		}
	}
	// The footprints the change touched, before and after.
	var regions []geometry.Shape
	isChanged := map[string]bool{}
	for _, id := range changed {
		isChanged[id] = true
		for _, ww := range [2]*World{old, w} {
			if s, err := ww.Outline(id); err == nil {
				regions = append(regions, s)
			}
		}
	}
	h.w = w
	n := len(h.Seen)
	touched := make([]bool, n)
	for k := range n {
		c, r := h.Centre(k), h.Query.Base/2
		box := r2.RectFromCenterSize(c, r2.Point{X: 2 * r, Y: 2 * r})
		for _, s := range regions {
			if s.Bounds().Intersects(box) {
				if st := h.staticCell(k); st != h.static[k] {
					h.static[k] = st
				}
				touched[k] = true
				break
			}
		}
	}
	count := 0
	for i, a := range viewers {
		v := h.views[i]
		moved := isChanged[a.ID] || isChanged[a.Unit.ID] || a.Eye() != v.a.Eye()
		nv := h.newViewKeep(a, v, moved)
		h.views[i] = nv
		if moved {
			for k := range n {
				nv.layer[k] = h.cell(nv, k)
			}
			count += n
			continue
		}
		// Each region's angular window and nearest distance from this eye.
		type win struct {
			w    s1.Interval
			dmin float64
		}
		wins := make([]win, 0, len(regions))
		o := a.Centre()
		all := false
		for _, s := range regions {
			w := geometry.AngularWindow(o, r2.Point{X: 1}, s, 1e-6, 1e-6)
			if w.IsFull() {
				all = true
				break
			}
			wins = append(wins, win{w, s.DistanceToPoint(o)})
		}
		r := h.Query.Base / 2
		for k := range n {
			redo := touched[k] || all
			if !redo {
				// The probe's half window is asin(r/d); tan(asin x) = x/√(1−x²) ≥ asin x bounds it
				// from above without a call to Asin (a wider window only redoes more cells), and
				// the 1e-6 covers the float32 direction and distance kept per cell.
				d := float64(nv.dist[k])
				half := -1.0
				for _, wn := range wins {
					if wn.dmin >= d+r {
						continue
					}
					if half < 0 {
						half = math.Pi
						if d > r {
							x := r / d
							half = x/math.Sqrt(1-x*x) + 1e-6
						}
					}
					if half >= math.Pi || wn.w.Intersects(geometry.WindowAround(float64(nv.ang[k]), half)) {
						redo = true
						break
					}
				}
			}
			if redo {
				nv.layer[k] = h.cell(nv, k)
				count++
			}
		}
	}
	for _, v := range h.views {
		v.drop()
	}
	for k := range n {
		h.aggregate(k)
	}
	h.Reasons = h.reasons()
	return count, nil
}

// newViewKeep is newView for the new world; it keeps v's layer and cell directions unless the
// viewer moved.
func (h *HeatMap) newViewKeep(a *Mini, v *heatView, moved bool) *heatView {
	nv := h.newView(a)
	if moved {
		h.initCells(nv)
	} else {
		nv.layer, nv.ang, nv.dist = v.layer, v.ang, v.dist
	}
	return nv
}

func sameProfile(a, b table.Profile) bool {
	if a.RangeSegment != b.RangeSegment || a.MoveTools != b.MoveTools || a.MaxBend != b.MaxBend ||
		a.BaseThickness != b.BaseThickness || a.ContactTolerance != b.ContactTolerance || a.Epsilon != b.Epsilon {
		return false
	}
	ka, kb := make([]string, 0, len(a.Bases)), make([]string, 0, len(b.Bases))
	for k := range a.Bases {
		ka = append(ka, k)
	}
	for k := range b.Bases {
		kb = append(kb, k)
	}
	slices.Sort(ka)
	slices.Sort(kb)
	if !slices.Equal(ka, kb) {
		return false
	}
	for _, k := range ka {
		if a.Bases[k] != b.Bases[k] {
			return false
		}
	}
	return true
}
