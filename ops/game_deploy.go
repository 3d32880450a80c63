package ops

import (
	"slices"

	"holotable/rules"
	"holotable/table"
)

// KindGameDeploy puts a unit of the game's reserve on the table (rules.World.DeployReserve): its
// minis, in the unit's order, at the places given. On a table with a setup the setup must be in
// its deployment phase, the unit its colour's in turn, and the deployment legal there
// (World.Deploy: every base in the colour's zones, cohesion, no overlap); the unit is then
// counted as deployed (RRG 2.0 Spielaufbau step 8 L864–870). Without a setup (a casual game) only
// the places are checked.
const KindGameDeploy Kind = "game.deploy"

// GameDeploy deploys reserve unit Unit, each of its minis (named once each, in any order) at its
// place.
type GameDeploy struct {
	Unit  string      `op:"unit"`
	Minis []MiniPlace `op:"minis"`
}

func init() {
	Register[GameDeploy](KindGameDeploy)
	RegisterWords(map[string][2]string{"op.game.deploy": {"deploys %s", "stellt %s auf"}})
}

func (o *GameDeploy) Kind() Kind      { return KindGameDeploy }
func (o *GameDeploy) Describe() Words { return Words{Key: "op.game.deploy", Args: []any{o.Unit}} }

func (o *GameDeploy) Plan(s *State) (Patch, error) {
	places, err := o.places(s.File())
	if err != nil {
		return Patch{}, err
	}
	colour := s.World().ColourOfUnit(o.Unit)
	st := s.File().Setup
	if st != nil {
		if err := needPhase(s, table.PhaseDeploy); err != nil {
			return Patch{}, err
		}
		if sum := rules.SetupState(s.World()); colour != table.NoColour && colour != sum.Turn {
			return Patch{}, refuse("unit", codeGameSetup, rules.CiteDeployTurns, colourWords(sum.Turn), colourWords(colour))
		}
	}
	p, err := gameStep(s, "unit", colour, func(w *rules.World) (rules.Step, error) {
		return w.DeployReserve(o.Unit, places)
	})
	if err != nil || st == nil {
		return p, err
	}
	moved, err := p.apply(s.File(), false)
	if moved == nil {
		return Patch{}, err
	}
	chk, err := rules.NewWorld(moved).Deploy(rules.DeployQuery{Unit: o.Unit})
	if err != nil {
		return Patch{}, stepFault("minis", err)
	}
	if !chk.OK {
		return Patch{}, refuseWith("minis", chk.Faults())
	}
	return p.Then(Patch{[]edit{changeSetup(s.File(), func(st *table.Setup) {
		if !slices.Contains(st.Deployed, o.Unit) {
			st.Deployed = append(st.Deployed, o.Unit)
		}
	})}}), nil
}

// places are the op's places in the reserve unit's order of minis: every mini named once.
func (o *GameDeploy) places(f *table.File) ([]rules.MiniPlace, error) {
	var u *table.Unit
	if f.Game != nil {
		for i := range f.Game.Reserve {
			if f.Game.Reserve[i].ID == o.Unit {
				u = &f.Game.Reserve[i]
			}
		}
	}
	if u == nil {
		return nil, refuse("unit", codeNoThing, CiteOps, thing("unit"), o.Unit)
	}
	out := make([]rules.MiniPlace, len(u.Minis))
	seen := make([]bool, len(u.Minis))
	for i, p := range o.Minis {
		k := miniAt(u, p.Mini)
		if k < 0 {
			return nil, refuse(index("minis", i)+".mini", codeNoThing, CiteOps, thing("mini"), p.Mini)
		}
		if seen[k] {
			return nil, formatFault(index("minis", i)+".mini", "%s is placed twice", p.Mini)
		}
		seen[k] = true
		out[k] = rules.MiniPlace{X: p.X, Y: p.Y}
		if p.Z != nil {
			out[k].Z = *p.Z
		}
		if p.Facing != nil {
			out[k].Facing = *p.Facing
		}
	}
	for k, ok := range seen {
		if !ok {
			return nil, formatFault("minis", "no place for %s", u.Minis[k].ID)
		}
	}
	return out, nil
}
