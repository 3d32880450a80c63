package rules

import (
	"github.com/golang/geo/r2"

	"holotable/table"
)

// HeatProbeUnit and HeatProbe are the ids HeatCell gives the probe's unit and mini.
const (
	HeatProbeUnit = "heat-probe-unit"
	HeatProbe     = "heat-probe"
)

// HeatCell is the plain answer a heat map's cell stands for: it places the probe of q (a one-mini
// trooper unit of side q.Side, base q.Base, height q.Height, on the ground) with its base centre
// at c in a copy of the table, with viewer made its unit's leader, and asks LOS(viewer, probe) and
// Cover(viewer's unit, probe's unit). HeatMap answers the same for every cell at once (its tests
// compare the two); the app uses HeatCell to explain one cell.
func (w *World) HeatCell(q HeatQuery, viewer string, c r2.Point) (LOSAnswer, CoverAnswer, error) {
	q, err := w.heatDefaults(q)
	if err != nil {
		return LOSAnswer{}, CoverAnswer{}, err
	}
	a, err := w.Mini(viewer)
	if err != nil {
		return LOSAnswer{}, CoverAnswer{}, err
	}
	f := *w.File
	f.UnitsOnTable = make([]table.Unit, len(w.File.UnitsOnTable), len(w.File.UnitsOnTable)+1)
	for i, u := range w.File.UnitsOnTable {
		if u.ID == a.Unit.ID {
			u.Minis = append([]table.Mini(nil), u.Minis...)
			for j := range u.Minis {
				u.Minis[j].Leader = u.Minis[j].ID == viewer
			}
		}
		f.UnitsOnTable[i] = u
	}
	f.UnitsOnTable = append(f.UnitsOnTable, table.Unit{ID: HeatProbeUnit, Side: q.Side, Type: table.Trooper, Speed: 2,
		Minis: []table.Mini{{ID: HeatProbe, Leader: true, X: c.X, Y: c.Y, Base: q.Base, Height: q.Height}}})
	pw := NewWorld(&f)
	los, err := pw.LOS(viewer, HeatProbe)
	if err != nil {
		return LOSAnswer{}, CoverAnswer{}, err
	}
	cov, err := pw.Cover(CoverQuery{Attacker: a.Unit.ID, Defender: HeatProbeUnit})
	return los, cov, err
}
