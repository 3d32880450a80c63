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
//     Niederhalten L8505–8506; CiteDisplaceOnce);
//   - a withdraw uses the unit's whole activation: no other actions, free actions included, so no
//     further move in it — a creature or emplacement trooper may still make free actions
//     (Rückzug L9494–9502, L9528–9532; CiteWithdrawWhole);
//   - a withdraw and a charge are standard moves where a rule counts them (D133): a withdraw is a
//     speed-1 move and every speed-X move is a standard move (L9494–9497, Standardbewegung
//     L10448–10450); holotable's charge makes its leader's move into base contact (Nahkampf
//     L8223–8225: "a move") as a standard move;
//   - Sperrig (Cumbersome, a weapon keyword): no move but pivots after an attack with it in the
//     same activation (L10314–10327; cumbersome.go).
//
// An activation is the game's active unit's (game.active); outside one (none active, free play,
// setup) the record limits nothing.

// Cite sentences of the record's rules.
const (
	CiteEmbarkOnce         = "RRG 2.0 Ein- und Aussteigen L5192–5193 (a unit cannot embark and disembark in the same activation)"
	CiteDisembarkWhole     = "RRG 2.0 Ein- und Aussteigen L5164–5169 (disembarking from a vehicle that made more than one standard or reverse move this round uses the whole activation: no further actions or free actions)"
	CiteDisplaceOnce       = "RRG 2.0 Verdrängung L11413–11416, Niederhalten L8505–8506 (a unit gains at most 1 suppression token from displacement in one activation)"
	CiteWithdrawWhole      = "RRG 2.0 Rückzug L9494–9502, L9528–9532 (a withdraw uses the whole activation: no other actions, free actions included; a creature or emplacement trooper may still make free actions)"
	CiteWithdrawIsStandard = "RRG 2.0 Rückzug L9494–9497, Standardbewegung L10448–10450 (a withdraw is a speed-1 move; every speed-X move is a standard move)"
)

func init() {
	maps.Copy(gameWords, map[Code][2]string{
		"record.embarkAfter":    {"%s disembarked in this activation: it cannot embark in the same activation", "%s ist in dieser Aktivierung ausgestiegen: sie kann in derselben Aktivierung nicht einsteigen"},
		"record.disembarkAfter": {"%s embarked in this activation: it cannot disembark in the same activation", "%s ist in dieser Aktivierung eingestiegen: sie kann in derselben Aktivierung nicht aussteigen"},
		"record.whole":          {"%s's disembark used its whole activation: it cannot move again in it", "das Aussteigen von %s hat ihre gesamte Aktivierung verbraucht: sie kann sich darin nicht mehr bewegen"},
		"record.wholeNow":       {"%s made %d standard or reverse moves this round: disembarking uses %s's whole activation", "%s hat in dieser Runde %d Standard- oder Rückwärtsbewegungen durchgeführt: das Aussteigen verbraucht die gesamte Aktivierung von %s"},
		"record.withdrew":       {"%s withdrew in this activation: a withdraw uses the whole activation, no further move in it", "%s hat sich in dieser Aktivierung zurückgezogen: ein Rückzug verbraucht die gesamte Aktivierung, keine weitere Bewegung darin"},
		"record.displacedAgain": {"%s was displaced again in this activation: no further suppression token from displacement", "%s wurde in dieser Aktivierung erneut verdrängt: kein weiterer Niederhalten-Marker durch Verdrängung"},
	})
}

// MoveLimits are the reasons the move record forbids unit's move now — a move of kind e
// (MoveEmbark, MoveDisembark, MoveStandard for a standard or compulsory move and a charge:
// MoveKind; MoveWithdraw, MoveStrafe, MoveReverse, MoveClimb; MoveNone for a pivot): nil when
// nothing forbids it. Schwerfällig's one standard move per activation is among them
// (CitePlodding), a withdraw counting as one; so are the withdraw's whole activation
// (CiteWithdrawWhole) and Sperrig's no move after an attack with it (CiteCumbersome).
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
	if slices.Contains(did, table.MoveWithdraw) && !w.freeAfterWithdraw(unit) {
		out = append(out, say("record.withdrew", CiteWithdrawWhole, []string{unit}, unit))
	}
	out = append(out, w.cumbersomeMoveLimit(unit, e, did)...)
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
	if n := g.CountMoves(vehicle, table.MoveStandard, table.MoveStandardFull, table.MoveWithdraw, table.MoveReverse); n > 1 {
		return table.MoveDisembarkWhole, []Reason{say("record.wholeNow", CiteDisembarkWhole, []string{vehicle, unit}, vehicle, n, unit)}
	}
	return table.MoveDisembark, nil
}

// freeAfterWithdraw reports whether unit may still act after its withdraw: a creature or
// emplacement trooper may make free actions (L9528–9532).
func (w *World) freeAfterWithdraw(unit string) bool {
	u, err := w.Unit(unit)
	return err == nil && (u.Type == table.Creature || u.Type == table.Emplacement)
}

// RecordedMove is the record's entry for a move of unit u whose kind is e (MadeMove; MoveWithdraw
// for a withdraw, MoveClimb for a climb or clamber) — only what a rule reads, else MoveNone:
//
//   - a withdraw, always (its whole activation, CiteWithdrawWhole);
//   - a full standard move at maximum speed of a unit with a Ram X weapon as such (CiteRam);
//     any other unit's as a standard move;
//   - a standard (compulsory moves and charges included) or reverse move of a transport
//     (CiteDisembarkWhole), of a unit with Schwerfällig (CitePlodding) or with a Sperrig weapon
//     (CiteCumbersome);
//   - a strafe or a climb of a unit with a Sperrig weapon.
func RecordedMove(u *table.Unit, e table.MoveEvent) table.MoveEvent {
	cumbersome := HasWeaponKeyword(u, func(k table.Keywords) bool { return k.Cumbersome })
	switch e {
	case table.MoveWithdraw:
		return e
	case table.MoveStandardFull:
		if HasWeaponKeyword(u, func(k table.Keywords) bool { return k.Ram.X >= 1 }) {
			return e
		}
		e = table.MoveStandard
	}
	switch e {
	case table.MoveStandard, table.MoveReverse:
		if u.Keywords.Transport.Capacity > 0 || u.Keywords.Plodding || cumbersome {
			return e
		}
	case table.MoveStrafe, table.MoveClimb:
		if cumbersome {
			return e
		}
	}
	return table.MoveNone
}

// MadeMove is the kind of a move made in mode: MoveKind(mode), or MoveStandardFull for a standard
// or compulsory move that was full at maximum speed (FullAtMaxSpeed).
func MadeMove(mode ManeuverMode, full bool) table.MoveEvent {
	if e := MoveKind(mode); e != table.MoveStandard || !full {
		return e
	}
	return table.MoveStandardFull
}

// FullAtMaxSpeed reports whether a move in mode at speed whose answer is a was a full standard
// move at maximum speed (RRG 2.0 Rammen X L8925–8934, CiteRam): a standard or compulsory move
// whose leader ends at the far end of the tool — not stopped early, the travelled path ends
// where the tool's does (within the profile's epsilon) — and whose tool is the longest the unit
// may use now: speed equals a.MaxSpeed, which difficult terrain lowered ("the move of a unit whose
// max speed was reduced still is a full standard move at max speed when made with the longest
// tool it may use", L8930–8934). A compulsory move is made at the unit's speed (a.MaxSpeed).
func (w *World) FullAtMaxSpeed(mode ManeuverMode, speed int, a MoveAnswer) bool {
	switch mode {
	case ModeCompulsory:
		speed = a.MaxSpeed
	case ModeStandard:
	default:
		return false
	}
	if a.Blocked || speed != a.MaxSpeed || len(a.Path) == 0 || len(a.Planned) == 0 {
		return false
	}
	end, far := a.Path[len(a.Path)-1], a.Planned[len(a.Planned)-1]
	return end.Sub(far).Norm() <= w.File.Profile.Epsilon
}
