package scenes

import (
	"holotable/rules"
	"holotable/table"
)

// The game panel's standby attack and what the attack's weapons and pool say of the weapon
// keywords that read the activation (D134–D135, D149–D150):
//
//   - A unit with a standby token is listed in the state's standby with whether it may make a
//     standby attack now (rules.World.StandbyAttack: not the active unit, the activation phase)
//     and why not; the panel offers "Standby attack" for it, which asks the attack with
//     standby (the command's attack {…, standby: true}) and rolls an op game.attack with standby,
//     whose apply spends the token.
//   - Each weapon option carries why: the reasons that keep it out of the pool (a Sperrig weapon
//     after a move), or the notes on a weapon that joins (a Sperrig weapon in a standby attack).
//   - The pool's notes: a Sperrig weapon in it (no move but pivots after the attack; or the
//     standby attack that may use it), and Ram X — ready after a full standard move at max speed,
//     the results it changed once rolled, or the rules' reason why it changes none.

// standbyState is a unit with a standby token: whether it may spend it for a standby attack now,
// and why not (the rules' reasons, CiteStandbyAttack).
type standbyState struct {
	Unit    string `json:"unit"`
	Allowed bool   `json:"allowed"`
	Why     string `json:"why,omitempty"`
}

// standbyStates are the game's units holding a standby token, in game order.
func standbyStates(w *rules.World, g *table.Game) []standbyState {
	var out []standbyState
	for _, r := range g.Units {
		if r.Tokens[table.TokenStandby] == 0 {
			continue
		}
		why := w.StandbyAttack(r.Unit)
		out = append(out, standbyState{Unit: r.Unit, Allowed: len(why) == 0, Why: reasonsText(why)})
	}
	return out
}

// optionWhy is what the panel says beside a weapon option: its reasons but the plain "in range"
// and "in arc" ones — why it does not join, or the notes on one that does.
func optionWhy(o rules.WeaponOption) string {
	var rs []rules.Reason
	for _, r := range o.Reasons {
		if r.Rule != "weapon.inRange" && r.Rule != "weapon.inArc" {
			rs = append(rs, r)
		}
	}
	return reasonsText(rs)
}

// poolNotes are the pool's Sperrig and Ram X lines: standby, the attack is a standby attack;
// an, the assistant's answer (its reasons hold Ram's when it changes nothing); out, the outcome
// once rolled (nil before).
func poolNotes(an rules.AttackAnswer, out *rules.AttackOutcome) []string {
	p := an.Pool
	var notes []string
	switch {
	case p.Cumbersome && an.Standby:
		notes = append(notes, T("play.pool.cumbersomeStandby"))
	case p.Cumbersome:
		notes = append(notes, T("play.pool.cumbersome"))
	}
	switch {
	case p.Ram == 0:
	case !p.RamReady:
		for _, r := range an.Reasons {
			if r.Rule == "pool.ramNoMove" {
				notes = append(notes, reasonsText([]rules.Reason{r}))
			}
		}
	case out != nil:
		notes = append(notes, T("play.pool.ramDone", p.Ram, out.RamBlanks, out.RamHits))
	default:
		notes = append(notes, T("play.pool.ram", p.Ram, p.Ram))
	}
	return notes
}

func init() {
	RegisterStrings(map[string][2]string{
		"play.standbyAttack":     {"Standby attack", "Bereitschaftsangriff"},
		"play.standbyAttack.tip": {"the attacker spends its standby token for this free attack, after an enemy unit's attack, move or action", "der Angreifer gibt für diesen freien Angriff seinen Bereitschaftsmarker aus, nach Angriff, Bewegung oder Aktion einer feindlichen Einheit"},
		"play.standbyAttacking":  {"standby attack: spends the standby token", "Bereitschaftsangriff: gibt den Bereitschaftsmarker aus"},
		"play.weaponOptions":     {"Weapons: %s of %s may join", "Waffen: %s von %s dürfen in den Pool"},
		"play.optionJoins":       {"may join", "darf in den Pool"},
		"play.optionOut":         {"may not join", "darf nicht in den Pool"},
		"play.pool.cumbersome":   {"Cumbersome: no move but pivots after this attack in this activation", "Sperrig: nach diesem Angriff in dieser Aktivierung keine Bewegung außer Drehungen"},
		"play.pool.cumbersomeStandby": {"Cumbersome: a standby attack may use it after a move",
			"Sperrig: ein Bereitschaftsangriff darf sie nach einer Bewegung verwenden"},
		"play.pool.ram":     {"Ram %d: after a full standard move at max speed, up to %d blanks or hits become crits", "Rammen %d: nach einer vollständigen Standardbewegung mit Maximalgeschwindigkeit werden bis zu %d Leerseiten oder Treffer kritische Treffer"},
		"play.pool.ramDone": {"Ram %d: %d blanks and %d hits became crits", "Rammen %d: %d Leerseiten und %d Treffer wurden kritische Treffer"},
	})
}
