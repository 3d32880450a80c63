package scenes

import (
	"errors"

	"holotable/rules"
	"holotable/table"
)

// The measure tool measuring from a carried unit (issue 14, D109). A unit carried by a transport
// is off the table; its range and line of sight are its vehicle's (RRG 2.0 Transportiert
// L10845–10849, L10877–10881; rules.World.StandIn). "select" with a carried unit's id (or one of
// its minis') — the Units panel's line of a carried unit — selects its transport's leader and
// measures from the carried unit: the range rings round the transport's base, every enemy's tag
// and the explanation answered for the carried unit standing in the transport's place, the
// reasons saying so first. Selecting anything else measures from the selection again.

// MeasureFromState is the carried unit measured from and why.
type MeasureFromState struct {
	Unit    string        `json:"unit"`
	Vehicle string        `json:"vehicle"`
	Reasons []ReasonState `json:"reasons"`
}

// carriedSelection finds id among the carried units and their minis of f: the carried unit and
// its transport's leader mini.
func carriedSelection(f *table.File, id string) (unit, vehicleLeader string, ok bool) {
	if id == "" {
		return "", "", false
	}
	for i := range f.UnitsOnTable {
		v := &f.UnitsOnTable[i]
		for _, c := range v.Carried {
			hit := c.ID == id
			for _, m := range c.Minis {
				hit = hit || m.ID == id
			}
			if ld := v.Leader(); hit && ld != nil {
				return c.ID, ld.ID, true
			}
		}
	}
	return "", "", false
}

// selectCarried switches to the measure tool, selects the transport's leader and measures from
// the carried unit.
func selectCarried(s *TableScene, unit, vehicleLeader string) (any, error) {
	t, err := measureToolOf(s)
	if err != nil {
		return nil, err
	}
	s.Select(vehicleLeader)
	t.closeExplain()
	t.from, t.fromWhy = unit, nil
	t.synced = false
	t.sync(s)
	vehicle := ""
	if u := measureSelectedUnit(s); u != nil {
		vehicle = u.ID
	}
	return map[string]string{"selected": vehicleLeader, "unit": vehicle, "from": unit}, nil
}

// keepFrom forgets the carried unit measured from once its transport is no longer selected (or
// it no longer rides in it).
func (t *measureTool) keepFrom(s Context, sel *table.Unit) {
	if t.from == "" {
		return
	}
	f := s.File()
	if vi, _, ok := f.Carrier(t.from); !ok || sel == nil || f.UnitsOnTable[vi].ID != sel.ID {
		t.from, t.fromWhy = "", nil
	}
}

// measuredFrom is the world the tags are answered on, the attacking unit's id and its side: the
// selection on w, or the carried unit standing in its transport's place (rules.World.StandIn,
// whose reasons it keeps in fromWhy).
func (t *measureTool) measuredFrom(w *rules.World, sel *table.Unit) (*rules.World, string, string) {
	if t.from == "" {
		return w, sel.ID, sel.Side
	}
	tr, ok := w.Transported(t.from)
	if !ok {
		return w, sel.ID, sel.Side
	}
	aw, why := w.StandIn(t.from)
	t.fromWhy = why
	return aw, t.from, tr.Unit.Side
}

func (t *measureTool) fromState() *MeasureFromState {
	if t.from == "" || t.key.unit == "" {
		return nil
	}
	return &MeasureFromState{Unit: t.from, Vehicle: t.key.unit, Reasons: reasonStates(t.fromWhy)}
}

// explainCarried opens the explanation of an attack by the carried unit on defender, measured
// from its transport (the "explain" command with a carried attacker).
func explainCarried(s *TableScene, t *measureTool, unit, vehicleLeader, defender string) (any, error) {
	if _, err := selectCarried(s, unit, vehicleLeader); err != nil {
		return nil, err
	}
	t.openExplain(s, unit, defender)
	if t.explained == nil {
		return nil, errors.New(T("measure.noExplain", unit, defender))
	}
	return t.explainState(), nil
}
