package ops

import (
	"slices"

	"holotable/swm"
	"holotable/table"
)

// KindSWMZone marks a squad's deployment zone on the grid table (seed 004 L134: each squad sets
// up in its zone; the map editor's deployment rows). A table that marks none has the rule's zones
// (4 squares from each short edge); the first swm.zone keeps the rule's zone for the other squad.
const KindSWMZone Kind = "swm.zone"

// SWMZone makes zone Zone (0: the first squad's, 1: the second's) the squares x … x+w−1,
// y … y+h−1.
type SWMZone struct {
	Zone int `op:"zone"`
	X    int `op:"x"`
	Y    int `op:"y"`
	W    int `op:"w"`
	H    int `op:"h"`
}

func init() {
	Register[SWMZone](KindSWMZone)
	RegisterWords(map[string][2]string{"op.swm.zone": {"mark deployment zone %d", "Aufstellungszone %d markieren"}})
}

func (o *SWMZone) Kind() Kind      { return KindSWMZone }
func (o *SWMZone) Describe() Words { return Words{Key: "op.swm.zone", Args: []any{o.Zone + 1}} }

func (o *SWMZone) Plan(s *State) (Patch, error) {
	g, err := s.gridOr("zone")
	if err != nil {
		return Patch{}, err
	}
	if o.Zone != 0 && o.Zone != 1 {
		return Patch{}, formatFault("zone", "must be 0 or 1 (the first or the second squad's), got %d", o.Zone)
	}
	zones := slices.Clone(g.Deployment)
	if zones == nil {
		rule := swm.RuleDeployment(g.Width, g.Height)
		zones = []table.Zone{table.Zone(rule[0]), table.Zone(rule[1])}
	}
	z := table.Zone{X: o.X, Y: o.Y, W: o.W, H: o.H}
	if zones[o.Zone] == z {
		return Patch{}, refuse("x", codeGridSame, CiteGrid)
	}
	zones[o.Zone] = z
	next := *g
	next.Deployment = zones
	return gridPatch("x", gridZones, g, &next), nil
}
