package rules

import (
	"maps"
	"slices"

	"holotable/table"
)

// The weapon keywords that read the activation's record (issue 14, D134–D135):
//
//   - Sperrig (Cumbersome): a unit cannot both move and attack with a Sperrig weapon in the same
//     activation, unless the move is a pivot (RRG 2.0 Sperrig L10314–10319). After such an
//     attack it makes no move but pivots in that activation (L10320–10324: MoveLimits, from the
//     record's cumbersomeAttack entry ApplyAttack writes); after a move but a pivot the weapon
//     does not join an attack in that activation (L10326–10329: weaponOptions, from the record's
//     moves of the unit, RecordedMove keeping every move of a unit with such a weapon); an attack
//     triggered by spending a standby token may use it whatever the unit moved (L10331–10335:
//     AttackQuery.Standby).
//   - Rammen X (Ram X): while attacking, after at least one full standard move at maximum speed
//     in the same activation, X blanks or hits become crits in the step "modify attack dice"
//     (L8898–8934; FullAtMaxSpeed, the record's standardFull entry). Its header in the seed calls
//     it a weapon keyword: the X of the pool's weapons add up (CiteKeywordsAddUp).
//
// "The same activation" is the game's active unit's (game.active), as for every rule of the
// record (move_record.go): outside one nothing is limited and nothing is recorded.

// Cite sentences of the weapon keywords that read the record, and of the standby attack.
const (
	CiteCumbersome    = "RRG 2.0 Sperrig L10314–10335 (a unit cannot both move, pivots excepted, and attack with a Sperrig weapon in the same activation; an attack triggered by spending a standby token may use it after the unit moved)"
	CiteRam           = "RRG 2.0 Rammen X L8898–8934 (after at least one full standard move at max speed in the same activation, X blanks or hits become crits while modifying the attack dice; a full move ends with the leader at the far end of the longest tool the unit may use)"
	CiteStandbyAttack = "RRG 2.0 Bereitschaft L3655–3659, L3679–3680 (after an enemy unit in range 1–2 and sight attacks, moves or acts, a unit may spend its standby token for a free attack or move action; only in the activation phase)"
)

func init() {
	maps.Copy(gameWords, map[Code][2]string{
		"record.cumbersome":        {"%s attacked with a Cumbersome weapon in this activation: no move in it but pivots", "%s hat in dieser Aktivierung mit einer sperrigen Waffe angegriffen: keine Bewegung darin außer Drehungen"},
		"weapon.cumbersome":        {"%s is Cumbersome and %s moved in this activation: no attack with it in the same activation", "%s ist sperrig und %s hat sich in dieser Aktivierung bewegt: kein Angriff mit ihr in derselben Aktivierung"},
		"weapon.cumbersomeStandby": {"%s is Cumbersome: a standby attack may use it although %s moved", "%s ist sperrig: ein Bereitschaftsangriff darf sie verwenden, obwohl sich %s bewegt hat"},
		"attack.cumbersome":        {"%s attacked with a Cumbersome weapon: it cannot move again in this activation, pivots excepted", "%s hat mit einer sperrigen Waffe angegriffen: sie kann sich in dieser Aktivierung nicht mehr bewegen, außer Drehungen"},
		"attack.standby":           {"%s spends its standby token for this attack", "%s gibt für diesen Angriff ihren Bereitschaftsmarker aus"},
		"attack.noStandby":         {"%s has no standby token to spend for a standby attack", "%s hat keinen Bereitschaftsmarker, den sie für einen Bereitschaftsangriff ausgeben könnte"},
		"attack.standbyOwn":        {"%s is the active unit: a standby token is spent after an enemy unit's attack, move or action, not in the unit's own activation", "%s ist die aktivierte Einheit: ein Bereitschaftsmarker wird nach Angriff, Bewegung oder Aktion einer feindlichen Einheit ausgegeben, nicht in der eigenen Aktivierung"},
		"attack.standbyPhase":      {"standby tokens are spent only in the activation phase", "Bereitschaftsmarker werden nur während der Aktivierungsphase ausgegeben"},
		"pool.ram":                 {"Ram %d: %s made a full standard move at max speed in this activation: %d blanks and %d hits become crits", "Rammen %d: %s hat in dieser Aktivierung eine vollständige Standardbewegung mit Maximalgeschwindigkeit durchgeführt: %d Leerseiten und %d Treffer werden kritische Treffer"},
		"pool.ramNoMove":           {"Ram %d: %s made no full standard move at max speed in this activation: no result changes", "Rammen %d: %s hat in dieser Aktivierung keine vollständige Standardbewegung mit Maximalgeschwindigkeit durchgeführt: kein Ergebnis ändert sich"},
	})
}

// HasWeaponKeyword reports whether a weapon on u's unit card has the keyword has tests for.
func HasWeaponKeyword(u *table.Unit, has func(table.Keywords) bool) bool {
	return u.Card != nil && slices.ContainsFunc(u.Card.Weapons, func(wp table.Weapon) bool { return has(wp.Keywords) })
}

// activationMoves are unit's entries in the move record during the active unit's activation, and
// whether there is one (an active unit in the command, activation or end phase).
func (w *World) activationMoves(unit string) ([]table.MoveEvent, bool) {
	g := w.File.Game
	if g == nil || g.Active == "" || g.Phase == table.PhaseSetup || g.Phase == table.PhaseOver {
		return nil, false
	}
	return g.MovesIn(unit, g.Active), true
}

// cumbersomeMoveLimit is why unit may not make a move of kind e (MoveNone: a pivot) now: the
// record holds its attack with a Sperrig weapon in this activation (did). Nil otherwise.
func (w *World) cumbersomeMoveLimit(unit string, e table.MoveEvent, did []table.MoveEvent) []Reason {
	if !e.Moved() || !slices.Contains(did, table.MoveCumbersomeAttack) {
		return nil
	}
	return []Reason{say("record.cumbersome", CiteCumbersome, []string{unit}, unit)}
}

// cumbersomeWeapon is why the Sperrig weapon name of unit u may not join an attack now (ok false),
// or the note that a standby attack may use it: u made a move but a pivot in this activation.
func (w *World) cumbersomeWeapon(u *Unit, mini, name string, standby bool) (ok bool, why []Reason) {
	did, _ := w.activationMoves(u.ID)
	if !slices.ContainsFunc(did, table.MoveEvent.Moved) {
		return true, nil
	}
	if standby {
		return true, []Reason{say("weapon.cumbersomeStandby", CiteCumbersome, []string{mini}, name, u.ID)}
	}
	return false, []Reason{say("weapon.cumbersome", CiteCumbersome, []string{mini, u.ID}, name, u.ID)}
}

// StandbyAttack is why unit may not make a standby attack now (nil when it may): it needs a
// standby token to spend, must not be the active unit, and the game must be in the activation
// phase (CiteStandbyAttack). Without a game state nothing is checked. The app asks it to offer
// the attack (scenes/game_standby.go); Attack asks it for a query with Standby.
func (w *World) StandbyAttack(unit string) []Reason {
	g := w.File.Game
	if g == nil {
		return nil
	}
	var out []Reason
	if g.Phase != table.PhaseActivation {
		out = append(out, say("attack.standbyPhase", CiteStandbyAttack, nil))
	}
	if g.Active == unit {
		out = append(out, say("attack.standbyOwn", CiteStandbyAttack, []string{unit}, unit))
	}
	if r := g.Unit(unit); r == nil || r.Tokens[table.TokenStandby] == 0 {
		out = append(out, say("attack.noStandby", CiteStandbyAttack, []string{unit}, unit))
	}
	return out
}

// ramReady is the Ram X of pool p of unit u's attack: whether the record shows a full standard
// move at max speed of u in this activation, with the reason when it does not (when it does the
// outcome's reason says what changed).
func (w *World) ramReady(u *Unit, p *AttackPool) []Reason {
	if p.Ram == 0 {
		return nil
	}
	did, _ := w.activationMoves(u.ID)
	p.RamReady = slices.Contains(did, table.MoveStandardFull)
	if p.RamReady {
		return nil
	}
	return []Reason{say("pool.ramNoMove", CiteRam, []string{u.ID}, p.Ram, u.ID)}
}

// ramConvert changes up to x results to crits, blanks first (a blank made a crit adds a crit, a
// hit made one only upgrades it), then hits: the blanks and the hits changed.
func ramConvert(x, blanks, hits int) (fromBlanks, fromHits int) {
	fromBlanks = min(x, blanks)
	fromHits = min(x-fromBlanks, hits)
	return fromBlanks, fromHits
}
