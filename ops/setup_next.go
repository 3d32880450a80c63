package ops

import (
	"github.com/golang/geo/r2"

	"holotable/rules"
	"holotable/table"
)

// KindSetupNext goes on to the setup's next phase (terrain → draft → tokens → deploy → done) once
// the current one is finished: colours chosen; the draft done (or, in Spezialeinsätze, the mission
// chosen); every token placed; every unit deployed. Going on to the tokens, the places the
// objective card (or the mission) fixes get their tokens. The op names the phase it goes to, which
// must be the next.
const KindSetupNext Kind = "setup.next"

// SetupNext goes on to phase To.
type SetupNext struct {
	To string `op:"to"`
}

func init() {
	Register[SetupNext](KindSetupNext)
	RegisterWords(map[string][2]string{"op.setup.next": {"setup: %s", "Aufbau: %s"}})
}

func (o *SetupNext) Kind() Kind { return KindSetupNext }
func (o *SetupNext) Describe() Words {
	return Words{Key: "op.setup.next", Args: []any{Words{Key: "setup.phase." + o.To}}}
}

// NextPhase is the phase after the setup's current one, or the refusal that says why the setup
// cannot go on yet.
func NextPhase(s *State) (string, error) {
	f := s.File()
	st := f.Setup
	if st == nil {
		return "", refuse("", codeNoSetup, rules.CiteSetupSteps)
	}
	sum := rules.SetupState(s.World())
	if sum.Fault != "" {
		return "", refuse("", codeFault, rules.CiteSetupSteps, sum.Fault)
	}
	specops := f.Ruleset == "specops"
	switch st.Phase {
	case table.PhaseTerrain:
		if st.Blue == "" || st.Red == "" || (!specops && st.BlueEdge == "") {
			return "", refuse("", codeNeedColours, rules.CiteSides)
		}
		return table.PhaseDraft, nil
	case table.PhaseDraft:
		switch {
		case specops && sum.Mission == nil:
			return "", refuse("", codeNeedMission, rules.CiteSpecOpsNoCards)
		case !specops && sum.Draft == nil:
			return "", refuse("", codeNeedDeal, rules.CiteDraft)
		case !specops && !sum.DraftDone:
			return "", refuse("", codeDraftOpen, rules.CiteDraft, colourWords(sum.Draft.Player()))
		}
		return table.PhaseTokens, nil
	case table.PhaseTokens:
		if left := sum.TokensToPlace - sum.TokensPlaced; left > 0 {
			return "", refuse("", codeTokensLeft, rules.CiteSetupSteps, left)
		}
		return table.PhaseDeploy, nil
	case table.PhaseDeploy:
		if left := len(sum.Waiting[table.Blue]) + len(sum.Waiting[table.Red]); left > 0 {
			return "", refuse("", codeUnitsLeft, rules.CiteDeployTurns, left)
		}
		return table.PhaseDone, nil
	}
	return "", refuse("", codeDone, rules.CiteSetupSteps)
}

func (o *SetupNext) Plan(s *State) (Patch, error) {
	to, err := NextPhase(s)
	if err != nil {
		return Patch{}, err
	}
	f := s.File()
	if o.To != to {
		return Patch{}, refuse("to", codeBadNext, rules.CiteSetupSteps, f.Setup.Phase, to, o.To)
	}
	p := Patch{[]edit{changeSetup(f, func(st *table.Setup) { st.Phase = to })}}
	if to != table.PhaseTokens {
		return p, nil
	}
	// The places the objective card or the mission fixes (the vehicle's objective marker at the
	// centre), read from the summary of the file as it will be.
	g := *f
	g.Setup = p.edits[0].(*setupEdit).to
	next := rules.SetupState(rules.NewWorld(&g))
	kinds := map[r2.Point]string{}
	for _, q := range next.FixedMissing {
		kinds[q] = "objective"
	}
	if next.Mission != nil {
		for _, mk := range next.Mission.Markers {
			if mk.At == "centre" && len(next.FixedMissing) > 0 {
				kinds[next.FixedMissing[0]] = mk.Kind
			}
		}
	}
	r := TokenRadius * LengthScale(f)
	for _, q := range next.FixedMissing {
		k := kinds[q]
		t := table.Token{ID: UniqueID(&g, k), Kind: k, X: Snap(q.X, 1e-4), Y: Snap(q.Y, 1e-4), R: r}
		g.Tokens = append(g.Tokens[:len(g.Tokens):len(g.Tokens)], t)
		p.edits = append(p.edits, &tokenEdit{field: "to", at: len(g.Tokens) - 1, to: &t})
	}
	return p, nil
}
