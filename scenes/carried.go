package scenes

import (
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/render"
	"holotable/table"
)

// Carried units on the canvas and in the panels (issue 14, D89, D108). A unit that has embarked
// on a transport is off the table, inside its transport's "carried" list (RRG 2.0 Ein- und
// Aussteigen L5146–5150: "the unit is removed from the battlefield and two matching ID tokens are
// placed, one near the vehicle's base and one beside the unit"): the ID token by the vehicle is a
// badge drawn over the transport's leader naming the units it carries ("carries sq"), the one by
// the unit is its line in the Units panel ("sq (2 minis) in t") and in the page state (each
// transport's UnitState.Carried).

// CarriedState is a unit carried by a transport: off the table, inside Vehicle.
type CarriedState struct {
	Unit    string `json:"unit"`
	Vehicle string `json:"vehicle"`
	Leader  string `json:"vehicleLeader"` // the transport's leader mini, which the page selects
	Side    string `json:"side"`
	Minis   int    `json:"minis"`
	Text    string `json:"text"` // "sq (2 minis) in t", in the page's language
}

func init() {
	RegisterStrings(map[string][2]string{
		"carried.badge":   {"carries %s", "transportiert %s"},
		"carried.in":      {"%s (%d minis) in %s", "%s (%d Miniaturen) in %s"},
		"carried.title":   {"Carried units", "Transportierte Einheiten"},
		"carried.measure": {"Measure from %s", "Von %s aus messen"},
		"play.carriedIn":  {"%s (in %s)", "%s (in %s)"}, // the game panel's attacker and defender lists (D138)
	})
}

// carriedStates lists every carried unit of f, transport by transport in file order.
func carriedStates(f *table.File) []CarriedState {
	var out []CarriedState
	for i := range f.UnitsOnTable {
		v := &f.UnitsOnTable[i]
		leader := ""
		if ld := v.Leader(); ld != nil {
			leader = ld.ID
		}
		for _, c := range v.Carried {
			out = append(out, CarriedState{Unit: c.ID, Vehicle: v.ID, Leader: leader, Side: c.Side, Minis: len(c.Minis),
				Text: T("carried.in", c.ID, len(c.Minis), v.ID)})
		}
	}
	return out
}

// carriedIDs are the ids of the units v carries (nil when none).
func carriedIDs(v *table.Unit) []string {
	var out []string
	for _, c := range v.Carried {
		out = append(out, c.ID)
	}
	return out
}

// carriedBadge is the badge drawn on transport v: "carries sq, sq2", or "" when it carries none.
func carriedBadge(v *table.Unit) string {
	ids := carriedIDs(v)
	if len(ids) == 0 {
		return ""
	}
	return T("carried.badge", strings.Join(ids, ", "))
}

// drawCarried draws each transport's badge centred just above its leader's base, whatever the
// labels overlay says: a carried unit has no base of its own to show it.
func (s *TableScene) drawCarried(screen *ebiten.Image) {
	f := s.File()
	k := s.scale()
	size := 11 * k
	for i := range f.UnitsOnTable {
		v := &f.UnitsOnTable[i]
		badge := carriedBadge(v)
		ld := v.Leader()
		if badge == "" || ld == nil {
			continue
		}
		cx, cy := s.cam.WorldToScreen(ld.X, ld.Y)
		top := cy - s.cam.Length(ld.Base/2)
		s.labels.Draw(screen, badge, cx, math.Max(0, top-size*1.4), size, render.LabelColor)
	}
}
