package rules

import (
	"maps"
	"slices"

	"holotable/table"
)

// The rules that read what a unit did this activation or round (issue 14, D111), from the game
// state's move record (table.Game.Moves, written by MoveAftermath with each move):
//
//   - a unit cannot embark and disembark in the same activation (RRG 2.0 Ein- und Aussteigen
//     L5192–5193; CiteEmbarkOnce);
//   - disembarking from a vehicle that made more than one standard or reverse move this round uses
//     the unit's whole activation: it can make no further actions, free actions included
//     (L5164–5169; CiteDisembarkWhole);
//   - a unit gains at most 1 suppression token from displacement in one activation, however often
//     it is displaced (Verdrängung L11413–11416; per displacement, however many of its minis,
//     Niederhalten L8505–8506; CiteDisplaceOnce).
//
// An activation is the game's active unit's (game.active); outside one (none active, free play,
// setup) the record limits nothing.

// Cite sentences of the record's rules.
const (
	CiteEmbarkOnce     = "RRG 2.0 Ein- und Aussteigen L5192–5193 (a unit cannot embark and disembark in the same activation)"
	CiteDisembarkWhole = "RRG 2.0 Ein- und Aussteigen L5164–5169 (disembarking from a vehicle that made more than one standard or reverse move this round uses the whole activation: no further actions or free actions)"
	CiteDisplaceOnce   = "RRG 2.0 Verdrängung L11413–11416, Niederhalten L8505–8506 (a unit gains at most 1 suppression token from displacement in one activation)"
)

func init() {
	maps.Copy(gameWords, map[Code][2]string{
		"record.embarkAfter":    {"%s disembarked in this activation: it cannot embark in the same activation", "%s ist in dieser Aktivierung ausgestiegen: sie kann in derselben Aktivierung nicht einsteigen"},
		"record.disembarkAfter": {"%s embarked in this activation: it cannot disembark in the same activation", "%s ist in dieser Aktivierung eingestiegen: sie kann in derselben Aktivierung nicht aussteigen"},
		"record.whole":          {"%s's disembark used its whole activation: it cannot move again in it", "das Aussteigen von %s hat ihre gesamte Aktivierung verbraucht: sie kann sich darin nicht mehr bewegen"},
		"record.wholeNow":       {"%s made %d standard or reverse moves this round: disembarking uses %s's whole activation", "%s hat in dieser Runde %d Standard- oder Rückwärtsbewegungen durchgeführt: das Aussteigen verbraucht die gesamte Aktivierung von %s"},
		"record.displacedAgain": {"%s was displaced again in this activation: no further suppression token from displacement", "%s wurde in dieser Aktivierung erneut verdrängt: kein weiterer Niederhalten-Marker durch Verdrängung"},
	})
}

// MoveLimits are the reasons the move record forbids unit's move now — a move of kind e
// (MoveEmbark, MoveDisembark, MoveStandard for a standard or compulsory move: MoveKind; any other
// kind for other moves): nil when nothing forbids it. Schwerfällig's one standard move per
// activation is among them (CitePlodding).
func (w *World) MoveLimits(unit string, e table.MoveEvent) []Reason {
	g := w.File.Game
	if g == nil || g.Active == "" || g.Phase == table.PhaseSetup || g.Phase == table.PhaseOver {
		return nil
	}
	did := g.MovesIn(unit, g.Active)
	out := w.ploddingLimit(unit, e, did)
	if slices.Contains(did, table.MoveDisembarkWhole) {
		out = append(out, say("record.whole", CiteDisembarkWhole, []string{unit}, unit))
	}
	switch {
	case e == table.MoveEmbark && (slices.Contains(did, table.MoveDisembark) || slices.Contains(did, table.MoveDisembarkWhole)):
		out = append(out, say("record.embarkAfter", CiteEmbarkOnce, []string{unit}, unit))
	case e == table.MoveDisembark && slices.Contains(did, table.MoveEmbark):
		out = append(out, say("record.disembarkAfter", CiteEmbarkOnce, []string{unit}, unit))
	}
	return out
}

// DisembarkEvent is the record's entry for unit disembarking from vehicle now: MoveDisembarkWhole,
// with the reason, when the vehicle made more than one standard or reverse move this round.
func (w *World) DisembarkEvent(unit, vehicle string) (table.MoveEvent, []Reason) {
	g := w.File.Game
	if g == nil {
		return table.MoveDisembark, nil
	}
	if n := g.CountMoves(vehicle, table.MoveStandard, table.MoveReverse); n > 1 {
		return table.MoveDisembarkWhole, []Reason{say("record.wholeNow", CiteDisembarkWhole, []string{vehicle, unit}, vehicle, n, unit)}
	}
	return table.MoveDisembark, nil
}

// RecordedMove is the record's entry for a move of unit u in mode: a standard (or compulsory:
// CiteCompulsoryIsStandard) or reverse move of a transport (CiteDisembarkWhole) or of a unit with
// Schwerfällig (CitePlodding) — the only ones a rule reads — else none.
func RecordedMove(u *table.Unit, mode ManeuverMode) table.MoveEvent {
	if u.Keywords.Transport.Capacity == 0 && !u.Keywords.Plodding {
		return table.MoveNone
	}
	return MoveKind(mode)
}
