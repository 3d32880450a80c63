package ops

import (
	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

// KindSetupDeal deals the battle-card draft's rows (setup step 5, RRG 2.0 L843–847): three
// objective, three deployment and three condition cards, left-most first as seen from blue's
// edge. A random deal is drawn by whoever deals and carried here as its outcome, so that a replay
// deals the same cards. A Spezialeinsätze table has no battle cards (it chooses a mission).
const KindSetupDeal Kind = "setup.deal"

// SetupDeal deals the three rows.
type SetupDeal struct {
	Objectives  []string `op:"objectives"`
	Deployments []string `op:"deployments"`
	Conditions  []string `op:"conditions"`
}

func init() {
	Register[SetupDeal](KindSetupDeal)
	RegisterWords(map[string][2]string{"op.setup.deal": {"deal battle cards", "Gefechtskarten austeilen"}})
}

func (o *SetupDeal) Kind() Kind      { return KindSetupDeal }
func (o *SetupDeal) Describe() Words { return Words{Key: "op.setup.deal"} }

func (o *SetupDeal) Plan(s *State) (Patch, error) {
	if err := needPhase(s, table.PhaseDraft); err != nil {
		return Patch{}, err
	}
	f := s.File()
	if f.Ruleset == "specops" {
		return Patch{}, refuse("", codeSpecops, rules.CiteSpecOpsNoCards)
	}
	if d := f.Setup.Draft; d != nil && len(d.Steps) > 0 {
		return Patch{}, refuse("", codeDealt, rules.CiteDraft)
	}
	rows := [3][]string{o.Objectives, o.Deployments, o.Conditions}
	for i, row := range rows {
		for j, id := range row {
			if c, err := maps.CardByID(id); err != nil || c.Type != table.DraftRows[i] {
				return Patch{}, refuse(index(table.DraftRows[i]+"s", j), codeBadCard, rules.CiteDraft, table.DraftRows[i], id)
			}
		}
	}
	if _, err := rules.NewDraft(rows[0], rows[1], rows[2]); err != nil {
		return Patch{}, refuse("", codeRules, rules.CiteDraft, err.Error())
	}
	return Patch{[]edit{changeSetup(f, func(st *table.Setup) {
		st.Draft = &table.SetupDraft{Objectives: rows[0], Deployments: rows[1], Conditions: rows[2]}
	})}}, nil
}
