package rules

import (
	"maps"
	"slices"

	"holotable/table"
)

// Aftermath is what a move leaves in the game state (issue 14 with issue 15's game): the wounds a
// compulsory move that could not be made in full deals to the moving Unit (Wounds, its max speed:
// ManeuverAnswer.Wounds; CiteCompulsoryShort), placed on its minis as the owner chooses within the
// wound rules (WoundOrder, NewLeader: as for an attack, AssignWounds), and the units whose minis
// the move displaced (Displaced: Displacement.Units), each of which gains 1 suppression
// (CiteDisplaceSuppression) — once per activation (CiteDisplaceOnce). Move is the moving unit's
// entry in the round's move record (move_record.go; table.MoveNone: none).
type Aftermath struct {
	Unit       string
	Wounds     int
	WoundOrder []string
	NewLeader  string
	Displaced  []string
	Move       table.MoveEvent
	Keywords   bool // the move is a standard move action giving Unit its Agile X and Tactical X tokens (TriggersMoveKeywords)
}

// Empty reports whether the move leaves nothing in the game state.
func (a Aftermath) Empty() bool {
	return a.Wounds == 0 && len(a.Displaced) == 0 && a.Move == table.MoveNone && !a.Keywords
}

// CiteDisplaceSuppression: each unit with a displaced mini gains 1 suppression token.
const CiteDisplaceSuppression = "RRG 2.0 Verdrängung L11372–11420, Niederhalten L8502–8506 (each unit with at least one displaced mini gains 1 suppression token)"

func init() {
	maps.Copy(gameWords, map[Code][2]string{
		"move.wounds":      {"%s could not make its full compulsory move: it suffers %d wounds (its max speed)", "%s konnte die Zwangsbewegung nicht vollständig ausführen: sie erleidet %d Wunden (ihre Höchstgeschwindigkeit)"},
		"move.displaced":   {"%s was displaced: it gains 1 suppression token (%d → %d)", "%s wurde verdrängt: sie erhält 1 Niederhalten-Marker (%d → %d)"},
		"move.noRecord":    {"%s has no game record: what the move does to it is not written to the game", "%s hat keinen Spieleintrag: was die Bewegung ihr antut, wird nicht ins Spiel eingetragen"},
		"move.noSuppr":     {"%s was displaced but takes no suppression tokens", "%s wurde verdrängt, erhält aber keine Niederhalten-Marker"},
		"move.gameOver":    {"the game is over: the move's wounds and suppression are not written", "das Spiel ist vorbei: Wunden und Niederhalten der Bewegung werden nicht eingetragen"},
		"move.woundsTaken": {"wounds on %s: %d", "Wunden auf %s: %d"},
	})
}

// MoveAftermath writes a move's aftermath into the game state as one step, on the world after the
// move (the moved minis where they now stand): the moving unit's wounds placed by AssignWounds —
// every mini of the unit can be wounded (no line of sight is involved), wounded minis first, the
// leader last, the owner's order otherwise, defeated minis off the table — and 1 suppression for
// each displaced unit, which then loses its standby token (CiteStandbyRemoved) — none for a unit
// already displaced in this activation (CiteDisplaceOnce) — and, outside the setup phase, the
// move's entries in the round's move record (q.Move, each suppressed unit's MoveDisplaced, with
// the active unit; move_record.go), and, when q.Keywords, the moving unit's Agile X dodge and
// Tactical X aim tokens (move_keywords.go; none in the setup phase). A unit without a
// game record, a unit that takes no suppression (a vehicle, a trooper unit without courage) and
// a game that is over are left as they are, with a reason saying so: the move itself is made
// either way. Without a game state it is refused ("game.none").
func (w *World) MoveAftermath(q Aftermath) (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	f, _ := w.next()
	if q.Empty() {
		return done(f, nil, nil)
	}
	if g.Phase == table.PhaseOver {
		return done(f, nil, []Reason{say("move.gameOver", CiteGameEnd, nil)})
	}
	var reasons []Reason
	var changed []string
	record := g.Phase != table.PhaseSetup
	if q.Move != table.MoveNone && record {
		f.Game.Moves = append(slices.Clip(f.Game.Moves), table.GameMove{Unit: q.Unit, Move: q.Move, During: g.Active})
	}
	if q.Wounds > 0 {
		u, err := w.Unit(q.Unit)
		if err != nil {
			return Step{}, err
		}
		if g.Unit(q.Unit) == nil {
			reasons = append(reasons, say("move.noRecord", CiteGameFormat, []string{q.Unit}, q.Unit))
		} else {
			all := make([]string, len(u.Minis))
			for i, m := range u.Minis {
				all[i] = m.ID
			}
			a, err := w.AssignWounds(q.Unit, all, q.Wounds, q.WoundOrder, q.NewLeader)
			if err != nil {
				return Step{}, err
			}
			reasons = append(reasons, say("move.wounds", CiteCompulsoryShort, []string{q.Unit}, q.Unit, q.Wounds))
			for _, id := range slices.Sorted(maps.Keys(a.Taken)) {
				reasons = append(reasons, say("move.woundsTaken", CiteWoundThreshold, []string{id}, id, a.Taken[id]))
			}
			reasons = append(reasons, a.Reasons...)
			applyWounds(f, q.Unit, a)
			changed = append(changed, q.Unit)
		}
	}
	if q.Keywords {
		u, err := w.Unit(q.Unit)
		if err != nil {
			return Step{}, err
		}
		if nr := f.Game.Unit(q.Unit); nr == nil {
			reasons = append(reasons, say("move.noRecord", CiteGameFormat, []string{q.Unit}, q.Unit))
		} else {
			reasons = append(reasons, moveKeywordTokens(u.Unit, nr, g.Phase)...)
			changed = append(changed, q.Unit) // done keeps each id once
		}
	}
	for _, id := range sortedUnique(q.Displaced) {
		u, err := w.Unit(id)
		if err != nil {
			return Step{}, err
		}
		nr := f.Game.Unit(id)
		switch {
		case nr == nil:
			reasons = append(reasons, say("move.noRecord", CiteGameFormat, []string{id}, id))
		case noSuppression(u) != nil:
			reasons = append(reasons, say("move.noSuppr", CiteDisplaceSuppression, []string{id}, id))
			reasons = append(reasons, noSuppression(u).Reasons...)
		case slices.Contains(g.MovesIn(id, g.Active), table.MoveDisplaced):
			reasons = append(reasons, say("record.displacedAgain", CiteDisplaceOnce, []string{id}, id))
		default:
			if record {
				f.Game.Moves = append(slices.Clip(f.Game.Moves), table.GameMove{Unit: id, Move: table.MoveDisplaced, During: g.Active})
			}
			have := nr.Tokens[table.TokenSuppression]
			setTokens(nr, table.TokenSuppression, have+1)
			reasons = append(reasons, say("move.displaced", CiteDisplaceSuppression, []string{id}, id, have, have+1))
			reasons = append(reasons, standbyGone(nr, u)...)
		}
	}
	return done(f, changed, reasons)
}
