package ops

import (
	"slices"
	"strings"

	"holotable/rules"
	"holotable/table"
)

// KindSetupColours chooses which side of the table is blue and which red, and blue's long edge
// (setup step 4, RRG 2.0 L834–841), in the terrain phase. Each is a side name of the table's units
// ("" leaves it unchosen); the edge is south or north.
const KindSetupColours Kind = "setup.colours"

// SetupColours sets the setup's blue and red sides and blue's edge.
type SetupColours struct {
	Blue     string `op:"blue,omitempty"`
	Red      string `op:"red,omitempty"`
	BlueEdge string `op:"blueEdge,omitempty"`
}

func init() {
	Register[SetupColours](KindSetupColours)
	RegisterWords(map[string][2]string{"op.setup.colours": {"choose colours", "Farben wählen"}})
}

func (o *SetupColours) Kind() Kind      { return KindSetupColours }
func (o *SetupColours) Describe() Words { return Words{Key: "op.setup.colours"} }

func (o *SetupColours) Plan(s *State) (Patch, error) {
	if err := needPhase(s, table.PhaseTerrain); err != nil {
		return Patch{}, err
	}
	f := s.File()
	sides := Sides(f)
	for _, c := range []struct{ field, side string }{{"blue", o.Blue}, {"red", o.Red}} {
		if c.side != "" && !slices.Contains(sides, c.side) {
			return Patch{}, refuse(c.field, codeNoSide, rules.CiteSides, c.side, strings.Join(sides, ", "))
		}
	}
	if o.Blue != "" && o.Blue == o.Red {
		return Patch{}, refuse("red", codeSameSide, rules.CiteSides)
	}
	if o.BlueEdge != "" && o.BlueEdge != rules.BlueSouth && o.BlueEdge != rules.BlueNorth {
		return Patch{}, refuse("blueEdge", codeBadEdge, rules.CiteSides, o.BlueEdge)
	}
	return Patch{[]edit{changeSetup(f, func(st *table.Setup) {
		st.Blue, st.Red, st.BlueEdge = o.Blue, o.Red, o.BlueEdge
	})}}, nil
}
