package rules

import (
	"fmt"

	"holotable/table"
)

// The battle-card draft of setup step 6, "Schlachtfeld definieren" (define the battlefield).

// CiteDraft is the rulebook text the draft follows.
const CiteDraft = "RRG 2.0 Spielaufbau step 6 L849–857, Schlachtfeld definieren L9795–9818 (blue first, players " +
	"alternately discard the left-most card of a category or pass; after each player had two opportunities the " +
	"left-most remaining card of each category is used; once the first two cards of a category are gone the last " +
	"one cannot be discarded)"

// CiteDraftExample is the rulebook's worked example of the draft.
const CiteDraftExample = "RRG 2.0 Schlachtfeld definieren example L877–898"

// Draft rows (categories), in the order the rulebook lists them on setup step 5 (L843–847).
const (
	RowObjective  = 0
	RowDeployment = 1
	RowCondition  = 2
)

// DraftOpportunities is how many chances each player has to discard (L853–855, L9811–9812).
const DraftOpportunities = 2

// Draft is the 3×3 battle-card draft: three rows (objective, deployment, condition) of three
// cards each, as seen from blue's long edge, index 0 the left-most. Blue acts first, then the
// players alternate; each turn a player either eliminates the left-most remaining card of a row
// (Eliminate) or passes (Pass). A row's last card cannot be eliminated. After each player has had
// DraftOpportunities turns the draft is done and Chosen gives the left-most remaining card of
// each row. Draft is a value with no hidden state; copy it to try a move.
type Draft struct {
	Rows [3][]string // card ids, left-most first; eliminated cards are removed
	Turn int         // turns taken so far (eliminations and passes)
	Log  []DraftStep // what happened, in order
}

// DraftStep is one turn of the draft.
type DraftStep struct {
	Player table.Colour
	Row    int    // the row eliminated from; -1 for a pass
	Card   string // the card eliminated; "" for a pass
}

// NewDraft deals the three rows (each exactly three distinct, non-empty card ids, left-most
// first) and returns the draft at blue's first turn.
func NewDraft(objectives, deployments, conditions []string) (*Draft, error) {
	d := &Draft{}
	seen := map[string]bool{}
	for i, row := range [3][]string{objectives, deployments, conditions} {
		if len(row) != 3 {
			return nil, fmt.Errorf("draft: the %s row has %d cards; setup step 5 deals 3 of each category (RRG 2.0 L843–847)", RowName(i), len(row))
		}
		for _, c := range row {
			if c == "" || seen[c] {
				return nil, fmt.Errorf("draft: card %q in the %s row is empty or dealt twice", c, RowName(i))
			}
			seen[c] = true
		}
		d.Rows[i] = append([]string(nil), row...)
	}
	return d, nil
}

// RowName names a row: "objective", "deployment" or "condition".
func RowName(row int) string {
	switch row {
	case RowObjective:
		return "objective"
	case RowDeployment:
		return "deployment"
	case RowCondition:
		return "condition"
	}
	return fmt.Sprintf("row %d", row)
}

// Player is whose turn it is: blue on turns 0 and 2, red on turns 1 and 3, NoColour once done.
func (d *Draft) Player() table.Colour {
	if d.Done() {
		return table.NoColour
	}
	if d.Turn%2 == 0 {
		return table.Blue
	}
	return table.Red
}

// Done reports whether each player has had DraftOpportunities turns.
func (d *Draft) Done() bool { return d.Turn >= 2*DraftOpportunities }

// CanEliminate reports whether the player to act may eliminate from row, and why not.
func (d *Draft) CanEliminate(row int) error {
	switch {
	case d.Done():
		return fmt.Errorf("the draft is over: each player has had %d opportunities (%s)", DraftOpportunities, CiteDraft)
	case row < 0 || row > 2:
		return fmt.Errorf("there is no row %d: the rows are 0 objective, 1 deployment, 2 condition", row)
	case len(d.Rows[row]) <= 1:
		return fmt.Errorf("the %s row's last card %s cannot be discarded: the first two are already gone (%s)",
			RowName(row), d.Rows[row][0], CiteDraft)
	}
	return nil
}

// Eliminate discards the left-most remaining card of row for the player to act, and passes the
// turn. It refuses (and changes nothing) after the draft is done, for a row that does not exist,
// and for a row with one card left.
func (d *Draft) Eliminate(row int) error {
	if err := d.CanEliminate(row); err != nil {
		return err
	}
	card := d.Rows[row][0]
	d.Rows[row] = d.Rows[row][1:]
	d.Log = append(d.Log, DraftStep{Player: d.Player(), Row: row, Card: card})
	d.Turn++
	return nil
}

// Pass uses the player's opportunity without discarding (L851–852, L9815–9816). It refuses after
// the draft is done.
func (d *Draft) Pass() error {
	if d.Done() {
		return fmt.Errorf("the draft is over: each player has had %d opportunities (%s)", DraftOpportunities, CiteDraft)
	}
	d.Log = append(d.Log, DraftStep{Player: d.Player(), Row: -1})
	d.Turn++
	return nil
}

// Chosen is the left-most remaining card of each row (objective, deployment, condition). It is
// the result only once Done; before that it is what would be used if the draft stopped now.
func (d *Draft) Chosen() [3]string {
	return [3]string{d.Rows[0][0], d.Rows[1][0], d.Rows[2][0]}
}

// Reasons explains the draft so far, one reason per turn and one for the result when done.
func (d *Draft) Reasons() []Reason {
	var out []Reason
	for _, s := range d.Log {
		if s.Row < 0 {
			out = append(out, Reason{Rule: "draft.pass", Cite: CiteDraft, Text: s.Player.String() + " passes"})
			continue
		}
		out = append(out, Reason{Rule: "draft.eliminate", Cite: CiteDraft,
			Text: fmt.Sprintf("%s discards the left-most %s card, %s", s.Player, RowName(s.Row), s.Card), IDs: []string{s.Card}})
	}
	if d.Done() {
		c := d.Chosen()
		out = append(out, Reason{Rule: "draft.chosen", Cite: CiteDraft,
			Text: fmt.Sprintf("each player has had %d opportunities: the left-most cards %s, %s and %s define the battlefield",
				DraftOpportunities, c[0], c[1], c[2]), IDs: []string{c[0], c[1], c[2]}})
	}
	return out
}

// CiteDeal is setup step 5: the rows are dealt from blue's battle deck.
const CiteDeal = "RRG 2.0 Spielaufbau step 5 L843–847 (blue's battle deck sorted by category and shuffled; three cards of each drawn and laid out in three rows, seen from blue's side)"

// DealDraft deals the draft's rows from a battle deck (blue's, as an imported list gives it:
// card ids by row): each row's cards shuffled with the roller and the first three laid out, the
// left-most first (CiteDeal). A row with fewer than three cards cannot be dealt: the error says
// which, and how many it has.
func DealDraft(deck table.BattleDeck, r *Roller) (objectives, deployments, conditions []string, err error) {
	var out [3][]string
	for i, row := range [3][]string{deck.Objectives, deck.Deployments, deck.Conditions} {
		if len(row) < 3 {
			return nil, nil, nil, fmt.Errorf("draft: blue's deck has %d %s cards; setup step 5 deals 3 (%s)", len(row), RowName(i), CiteDeal)
		}
		cards := append([]string(nil), row...)
		r.rng.Shuffle(len(cards), func(a, b int) { cards[a], cards[b] = cards[b], cards[a] })
		out[i] = cards[:3]
	}
	if _, err := NewDraft(out[0], out[1], out[2]); err != nil {
		return nil, nil, nil, err
	}
	return out[0], out[1], out[2], nil
}
