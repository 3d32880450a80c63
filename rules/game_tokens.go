package rules

import "holotable/table"

// ChangeTokens adds delta tokens of kind to unit (removes them when delta is negative): tokens lie
// beside their unit and move with it (CiteTokenBeside), so the count is the unit's game record.
// Refused: taking away more than the unit has; a spend, or an action's tokens, of a unit in a
// closed transport (CiteTransportedNoActions, transport_actions.go); suppression for a vehicle or for a trooper unit
// without courage (CiteNoCourage); a second standby token. A trooper unit gaining suppression
// loses its standby token (CiteStandbyRemoved).
func (w *World) ChangeTokens(unit string, kind table.TokenKind, delta int) (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	if g.Phase == table.PhaseOver {
		return Step{}, refuse("game.over", CiteGameEnd, nil)
	}
	r, err := w.record(unit)
	if err != nil {
		return Step{}, err
	}
	if err := w.carriedTokens(g, unit, kind, delta); err != nil {
		return Step{}, err
	}
	u, onTable := w.byID[unit].(*Unit)
	have := r.Tokens[kind]
	if have+delta < 0 {
		return Step{}, refuse("tokens.negative", CiteTokenBeside, []string{unit}, unit, have, tokenWord(kind), -delta)
	}
	if kind == table.TokenSuppression && delta > 0 && onTable {
		if r := noSuppression(u); r != nil {
			return Step{}, r
		}
	}
	if kind == table.TokenStandby && have+delta > 1 {
		return Step{}, refuse("tokens.standbyOne", CiteStandbyRemoved, []string{unit}, unit)
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	nr := f.Game.Unit(unit)
	setTokens(nr, kind, have+delta)
	reasons := []Reason{say("tokens.changed", CiteTokenBeside, []string{unit}, unit, tokenWord(kind), have, have+delta)}
	if kind == table.TokenSuppression && delta > 0 && onTable {
		reasons = append(reasons, standbyGone(nr, u)...)
	}
	return done(f, nil, reasons)
}

// noSuppression is why unit u on the table takes no suppression tokens — a vehicle
// (CiteSuppressedUnit), a trooper unit without courage (CiteNoCourage) — nil when it takes them.
func noSuppression(u *Unit) *Refusal {
	if u.Type == table.Ground || u.Type == table.Repulsor {
		return refuse("tokens.vehicleSuppr", CiteSuppressedUnit, []string{u.ID}, u.ID)
	}
	if _, none, known := courageOf(u); known && none {
		return refuse("tokens.noCourage", CiteNoCourage, []string{u.ID}, u.ID)
	}
	return nil
}

// standbyGone removes the standby token from the record nr of trooper unit u, which has just
// gained suppression (CiteStandbyRemoved), and says so; nothing when it had none.
func standbyGone(nr *table.GameUnit, u *Unit) []Reason {
	if nr.Tokens[table.TokenStandby] == 0 || u.Type == table.Ground || u.Type == table.Repulsor {
		return nil
	}
	setTokens(nr, table.TokenStandby, 0)
	return []Reason{say("tokens.standbyGone", CiteStandbyRemoved, []string{u.ID}, u.ID)}
}
