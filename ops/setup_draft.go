package ops

import (
	"slices"

	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

// KindSetupDraft is one turn of the battle-card draft (setup step 6, RRG 2.0 L849–857): the player
// whose turn it is eliminates the left-most card of a row, or passes; the last card of a row
// cannot be eliminated (rules.Draft). The op names the player and the card, and both must be the
// draft's: a replay of the game reads what happened.
const KindSetupDraft Kind = "setup.draft"

// SetupDraft is Colour's turn: Action "eliminate" (Row: objective, deployment or condition; Card
// its left-most card) or "pass".
type SetupDraft struct {
	Colour table.Colour `op:"colour,omitempty"` // NoColour (left out) once the draft is done
	Action string       `op:"action"`
	Row    string       `op:"row,omitempty"`
	Card   string       `op:"card,omitempty"`
}

const codeDraftAction = "setup.draftAction"

func init() {
	Register[SetupDraft](KindSetupDraft)
	RegisterWords(map[string][2]string{
		"op.setup.eliminate":        {"%s eliminates %s", "%s legt %s ab"},
		"op.setup.pass":             {"%s passes", "%s passt"},
		"reason." + codeDraftAction: {"no draft action %q (eliminate, pass)", "keine Auswahl-Aktion %q (eliminate, pass)"},
	})
}

func (o *SetupDraft) Kind() Kind { return KindSetupDraft }

func (o *SetupDraft) Describe() Words {
	if o.Action == table.StepPass {
		return Words{Key: "op.setup.pass", Args: []any{colourWords(o.Colour)}}
	}
	name := Names{EN: o.Card}
	if c, err := maps.CardByID(o.Card); err == nil {
		name = Names{EN: c.Name.EN, DE: c.Name.DE}
	}
	return Words{Key: "op.setup.eliminate", Args: []any{colourWords(o.Colour), name}}
}

func (o *SetupDraft) Plan(s *State) (Patch, error) {
	if err := needPhase(s, table.PhaseDraft); err != nil {
		return Patch{}, err
	}
	sum := rules.SetupState(s.World())
	if sum.Draft == nil {
		return Patch{}, refuse("", codeNeedDeal, rules.CiteDraft)
	}
	d := *sum.Draft // a copy: Eliminate and Pass change only the copy
	d.Rows = [3][]string{slices.Clone(d.Rows[0]), slices.Clone(d.Rows[1]), slices.Clone(d.Rows[2])}
	if !d.Done() { // once it is done, Eliminate and Pass say so
		if err := needColour("colour", o.Colour); err != nil {
			return Patch{}, err
		}
		if who := d.Player(); who != o.Colour {
			return Patch{}, refuse("colour", codeNotYourTurn, rules.CiteDraft, colourWords(who), colourWords(o.Colour))
		}
	}
	step := table.DraftTurn{Action: o.Action}
	switch o.Action {
	case table.StepEliminate:
		row := slices.Index(table.DraftRows, o.Row)
		if row < 0 {
			return Patch{}, refuse("row", codeBadRow, rules.CiteDraft, o.Row)
		}
		if left := d.Rows[row]; len(left) > 1 && left[0] != o.Card {
			return Patch{}, refuse("card", codeNotLeftmost, rules.CiteDraft, left[0], o.Card)
		}
		if err := d.Eliminate(row); err != nil {
			return Patch{}, refuseWith("row", []rules.Reason{{Rule: "draft.eliminate", Cite: rules.CiteDraft, Text: err.Error()}})
		}
		step.Row = o.Row
	case table.StepPass:
		if o.Row != "" || o.Card != "" {
			return Patch{}, formatFault("row", "a pass eliminates from no row")
		}
		if err := d.Pass(); err != nil {
			return Patch{}, refuseWith("action", []rules.Reason{{Rule: "draft.pass", Cite: rules.CiteDraft, Text: err.Error()}})
		}
	default:
		return Patch{}, refuse("action", codeDraftAction, rules.CiteDraft, o.Action)
	}
	return Patch{[]edit{changeSetup(s.File(), func(st *table.Setup) {
		st.Draft.Steps = append(st.Draft.Steps, step)
	})}}, nil
}
