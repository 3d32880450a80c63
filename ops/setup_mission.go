package ops

import (
	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

// KindSetupMission chooses a Spezialeinsätze table's mission (SO L58–62), its draft phase.
const KindSetupMission Kind = "setup.mission"

// SetupMission chooses the mission with the id Mission (maps/missions).
type SetupMission struct {
	Mission string `op:"mission"`
}

func init() {
	Register[SetupMission](KindSetupMission)
	RegisterWords(map[string][2]string{"op.setup.mission": {"mission %s", "Mission %s"}})
}

func (o *SetupMission) Kind() Kind { return KindSetupMission }

func (o *SetupMission) Describe() Words {
	name := Names{EN: o.Mission}
	if m, err := maps.MissionByID(o.Mission); err == nil {
		name = Names{EN: m.Name.EN, DE: m.Name.DE}
	}
	return Words{Key: "op.setup.mission", Args: []any{name}}
}

func (o *SetupMission) Plan(s *State) (Patch, error) {
	if err := needPhase(s, table.PhaseDraft); err != nil {
		return Patch{}, err
	}
	if s.File().Ruleset != "specops" {
		return Patch{}, refuse("", codeLegionCards, rules.CiteSpecOpsNoCards)
	}
	if _, err := maps.MissionByID(o.Mission); err != nil {
		return Patch{}, refuse("mission", codeBadMission, rules.CiteSpecOpsNoCards, o.Mission)
	}
	return Patch{[]edit{changeSetup(s.File(), func(st *table.Setup) { st.Mission = o.Mission })}}, nil
}
