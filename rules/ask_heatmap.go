package rules

import (
	"errors"

	"holotable/table"
)

// The judge's heatmap query (docs/format-heatmap.md): the heat map of HeatMap as text rows.

// askHeatMap answers a heatmap query into a: cols, rows, step, viewers, seen, cover.
func (w *World) askHeatMap(q table.Query, a *Answer) {
	hq := heatQueryOf(q)
	if hq.Viewers == HeatUnit && hq.Unit == "" {
		a.Err = errors.New(`viewers "unit" needs the viewing unit's id in "unit"`)
		return
	}
	for _, v := range []struct {
		name string
		val  float64
		has  bool
	}{{"step", q.Step, q.Has["step"]}, {"base", q.Base, q.Has["base"]}, {"height", q.Height, q.Has["height"]}} {
		if v.has && !(v.val > 0) {
			a.Err = errors.New(v.name + " must be a positive length")
			return
		}
	}
	h, err := w.HeatCounts(hq)
	if err != nil {
		a.Err = err
		return
	}
	seen, cover := HeatRows(h)
	viewers := h.Viewers
	if viewers == nil {
		viewers = []string{}
	}
	a.Reasons = h.Reasons
	a.Fields = append(a.Fields, Field{"cols", h.Cols}, Field{"rows", h.Rows}, Field{"step", round4(h.Query.Step)},
		Field{"viewers", viewers}, Field{"seen", seen}, Field{"cover", cover})
}

// heatQueryOf is the HeatQuery of a heatmap query.
func heatQueryOf(q table.Query) HeatQuery {
	hq := HeatQuery{Side: q.Side, Viewers: q.Viewers, Unit: q.Unit, Step: q.Step, Base: q.Base, Height: q.Height}
	if hq.Viewers == "" && q.Unit != "" {
		hq.Viewers = HeatUnit // a unit alone names the viewers
	}
	return hq
}

// HeatRows writes a heat map as text, one string per row of cells, the TOP row (the table's far
// edge, largest y) first and each row from the left edge (x = 0):
//
//   - seen: '0'–'9' viewers see the probe there ('9' for nine or more), '#' it cannot stand there;
//   - cover: its least cover against a viewer that sees it, 'n' none, 'l' light, 'h' heavy; '.'
//     where no viewer sees it or it cannot stand.
func HeatRows(h *HeatMap) (seen, cover []string) {
	seen, cover = make([]string, h.Rows), make([]string, h.Rows)
	sb, cb := make([]byte, h.Cols), make([]byte, h.Cols)
	for r := range h.Rows {
		j := h.Rows - 1 - r
		for i := range h.Cols {
			sb[i], cb[i] = HeatChars(h.Seen[j*h.Cols+i], h.Cover[j*h.Cols+i])
		}
		seen[r], cover[r] = string(sb), string(cb)
	}
	return seen, cover
}

// HeatChars is one cell of HeatRows: its seen and cover characters.
func HeatChars(seen uint8, cover table.Cover) (byte, byte) {
	switch {
	case seen == HeatNoStand:
		return '#', '.'
	case seen == 0:
		return '0', '.'
	}
	return '0' + min(seen, 9), "nlh"[min(cover, table.CoverHeavy)]
}
