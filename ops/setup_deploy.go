package ops

import (
	"slices"

	"holotable/rules"
	"holotable/table"
)

// KindSetupDeploy deploys a unit (setup step 8, RRG 2.0 L864–870): the player whose turn it is
// (blue first, then alternately) moves one of their units, every mini by (dx, dy), into their
// zones; World.Deploy checks every base, cohesion and contact. The op names the player: a replay
// reads who deployed.
const KindSetupDeploy Kind = "setup.deploy"

// SetupDeploy deploys Unit, of Colour, moved by (DX, DY).
type SetupDeploy struct {
	Colour table.Colour `op:"colour"`
	Unit   string       `op:"unit"`
	DX     float64      `op:"dx"`
	DY     float64      `op:"dy"`
}

func init() {
	Register[SetupDeploy](KindSetupDeploy)
	RegisterWords(map[string][2]string{"op.setup.deploy": {"%s deploys %s", "%s stellt %s auf"}})
}

func (o *SetupDeploy) Kind() Kind { return KindSetupDeploy }
func (o *SetupDeploy) Describe() Words {
	return Words{Key: "op.setup.deploy", Args: []any{colourWords(o.Colour), o.Unit}}
}

// ShiftUnit is the op that moves every mini of u by (dx, dy), each coordinate rounded to 1e-4 (a
// unit dragged as a whole).
func ShiftUnit(u *table.Unit, dx, dy float64) *MinisMove {
	o := &MinisMove{Unit: u.ID, Minis: make([]MiniPlace, len(u.Minis))}
	for i, m := range u.Minis {
		o.Minis[i] = MiniPlace{Mini: m.ID, X: Snap(m.X+dx, 1e-4), Y: Snap(m.Y+dy, 1e-4)}
	}
	return o
}

func (o *SetupDeploy) Plan(s *State) (Patch, error) {
	if err := needPhase(s, table.PhaseDeploy); err != nil {
		return Patch{}, err
	}
	w, f := s.World(), s.File()
	colour := w.ColourOf(o.Unit)
	if colour == table.NoColour {
		return Patch{}, refuse("unit", codeNoUnit, rules.CiteDeployTurns, o.Unit)
	}
	sum := rules.SetupState(w)
	if slices.Contains(sum.Deployed[colour], o.Unit) {
		return Patch{}, refuse("unit", codeAlready, rules.CiteDeployTurns, o.Unit)
	}
	if colour != sum.Turn {
		return Patch{}, refuse("unit", codeNotTurn, rules.CiteDeployTurns, colourWords(sum.Turn), o.Unit, colourWords(colour))
	}
	if o.Colour != colour {
		return Patch{}, refuse("colour", codeNotTurn, rules.CiteDeployTurns, colourWords(sum.Turn), o.Unit, colourWords(colour))
	}
	_, u, err := s.unit("unit", o.Unit)
	if err != nil {
		return Patch{}, err
	}
	move, err := ShiftUnit(u, o.DX, o.DY).Plan(s)
	if err != nil {
		return Patch{}, err
	}
	moved, err := move.apply(f, false)
	if moved == nil {
		return Patch{}, err
	}
	chk, err := rules.NewWorld(moved).Deploy(rules.DeployQuery{Unit: o.Unit})
	if err != nil {
		return Patch{}, refuse("unit", codeRules, rules.CiteDeployTurns, err.Error())
	}
	if !chk.OK {
		return Patch{}, refuseWith("unit", chk.Faults())
	}
	return move.Then(Patch{[]edit{changeSetup(f, func(st *table.Setup) {
		st.Deployed = append(st.Deployed, o.Unit)
	})}}), nil
}
