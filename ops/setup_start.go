package ops

import (
	"holotable/rules"
	"holotable/table"
)

// KindSetupStart begins a game's setup (RRG 2.0 Spielaufbau L811–876): the setup state saved with
// the table, in its terrain phase.
const KindSetupStart Kind = "setup.start"

// SetupStart begins the setup; it has no fields.
type SetupStart struct{}

func init() {
	Register[SetupStart](KindSetupStart)
	RegisterWords(map[string][2]string{"op.setup.start": {"start the setup", "Aufbau beginnen"}})
}

func (o *SetupStart) Kind() Kind      { return KindSetupStart }
func (o *SetupStart) Describe() Words { return Words{Key: "op.setup.start"} }

func (o *SetupStart) Plan(s *State) (Patch, error) {
	if s.File().Setup != nil {
		return Patch{}, refuse("", codeStarted, rules.CiteSetupSteps)
	}
	return Patch{[]edit{&setupEdit{to: &table.Setup{Phase: table.PhaseTerrain}}}}, nil
}
