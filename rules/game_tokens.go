package rules

import "holotable/table"

// ChangeTokens adds delta tokens of kind to unit (removes them when delta is negative): tokens lie
// beside their unit and move with it (CiteTokenBeside), so the count is the unit's game record.
// Refused: taking away more than the unit has; suppression for a vehicle or for a trooper unit
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
	u, onTable := w.byID[unit].(*Unit)
	have := r.Tokens[kind]
	if have+delta < 0 {
		return Step{}, refuse("tokens.negative", CiteTokenBeside, []string{unit}, unit, have, tokenWord(kind), -delta)
	}
	if kind == table.TokenSuppression && delta > 0 && onTable {
		if u.Type == table.Ground || u.Type == table.Repulsor {
			return Step{}, refuse("tokens.vehicleSuppr", CiteSuppressedUnit, []string{unit}, unit)
		}
		if _, none, known := courageOf(u); known && none {
			return Step{}, refuse("tokens.noCourage", CiteNoCourage, []string{unit}, unit)
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
	if kind == table.TokenSuppression && delta > 0 && nr.Tokens[table.TokenStandby] > 0 && onTable && u.Type != table.Ground && u.Type != table.Repulsor {
		setTokens(nr, table.TokenStandby, 0)
		reasons = append(reasons, say("tokens.standbyGone", CiteStandbyRemoved, []string{unit}, unit))
	}
	return done(f, nil, reasons)
}
