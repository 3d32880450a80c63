package scenes

import (
	"errors"

	"holotable/render"
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

// Tags to an enemy's carried units (D138). A unit carried by an enemy transport has a tag of its
// own beside the transport's: the engagement on the world where it stands in its vehicle's place
// (StandIn, RRG 2.0 Transportiert L10845–10849, L10877–10881), marked "sq, carried in t", with
// the transport's verdict on an attack at it from rules.World.Attack — heavy cover in an open
// transport (its cover line), no attack at a closed transport's unit or by a unit touching the
// vehicle (a line in the refusal colour). Its explanation ("explain" with the carried unit as
// defender) is the stand-in world's, the transport's reasons first.

// carriedView is the world where the carried unit defender stands in its vehicle's place, and the
// reasons about it: its stand-in's, then the transport's verdict on attacker's attack at it —
// heavy cover (heavy true), a closed transport, a vehicle in contact (rules.World.Attack).
func carriedView(aw *rules.World, attacker, defender string) (cw *rules.World, why []rules.Reason, heavy bool) {
	cw, why = aw.StandIn(defender)
	a, err := aw.Attack(rules.AttackQuery{Attacker: attacker, Defender: defender})
	if err != nil {
		return cw, why, false
	}
	for _, r := range a.Reasons {
		switch r.Rule {
		case "transport.heavy":
			heavy = true
			fallthrough
		case "transport.closed", "transport.contact":
			why = append(why, r)
		}
	}
	return cw, why, heavy
}

// carriedLabels are the tags of the units of other sides than side carried by transports of f,
// measured from attacker on aw.
func carriedLabels(f *table.File, aw *rules.World, attacker, side string) []measureLabel {
	var out []measureLabel
	for i := range f.UnitsOnTable {
		v := &f.UnitsOnTable[i]
		for j := range v.Carried {
			c := &v.Carried[j]
			if c.Side == side {
				continue
			}
			cw, why, heavy := carriedView(aw, attacker, c.ID)
			e, err := cw.Engagement(attacker, c.ID)
			if err != nil {
				continue // an attacker carried in the same vehicle: nothing to measure
			}
			if heavy {
				e.Cover = table.CoverHeavy // "counts as having heavy cover" (L10941–10943)
			}
			out = append(out, measureLabel{Engagement: e, unit: c, vehicle: v.ID, transport: why})
		}
	}
	return out
}

// carriedTagLines are the first lines of a carried unit's tag: what carries it, and a transport
// rule that allows no attack at it.
func carriedTagLines(lb measureLabel) []render.TextLine {
	lines := []render.TextLine{{Text: T("measure.carried", lb.Defender, lb.vehicle)}}
	for _, r := range lb.transport {
		switch r.Rule {
		case "transport.closed":
			lines = append(lines, render.TextLine{Text: T("measure.carriedClosed"), Color: render.NoLOSColor})
		case "transport.contact":
			lines = append(lines, render.TextLine{Text: T("measure.carriedContact", lb.vehicle), Color: render.NoLOSColor})
		}
	}
	return lines
}

// explainCarriedDefender is the explanation of attacker's attack on the carried unit defender on
// aw: the stand-in world's, with the transport's reasons first and its cover as the tag's.
func explainCarriedDefender(aw *rules.World, attacker, defender string) (rules.Explanation, error) {
	cw, why, heavy := carriedView(aw, attacker, defender)
	x, err := cw.Explain(attacker, defender)
	if heavy {
		x.Cover = table.CoverHeavy
	}
	x.Reasons = append(why, x.Reasons...)
	return x, err
}

func init() {
	RegisterStrings(map[string][2]string{
		"measure.carried":        {"%s, carried in %s", "%s, transportiert in %s"},
		"measure.carriedClosed":  {"closed transport: no attack", "geschlossener Transporter: kein Angriff"},
		"measure.carriedContact": {"%s in contact: melee only", "%s in Kontakt: nur Nahkampf"},
	})
}
