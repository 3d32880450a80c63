package scenes

import (
	"errors"

	"holotable/ops"
	"holotable/protocol"
	"holotable/rules"
)

// The attack assistant as a panel of the game tool: pick the attacker and the defender, see the
// range, which minis may shoot, which may be wounded, the cover and why, and the pool of the
// weapons chosen; roll it (the dice tool's roller), see each step resolved, and apply it as one op.

// ask answers an attack (a standby attack with q.Standby); q.Weapons nil picks, for each
// eligible mini, its first weapon that may join.
func (t *gameTool) ask(s Context, q rules.AttackQuery) error {
	weapons := q.Weapons
	q.Weapons = nil
	a, err := s.World().Attack(q)
	if err != nil {
		t.attack = nil
		return t.refuse(s, err)
	}
	if weapons == nil {
		weapons = map[string]string{}
		for _, o := range a.Options {
			if _, done := weapons[o.Mini]; o.Joins && !done {
				weapons[o.Mini] = o.Weapon
			}
		}
	}
	if len(weapons) > 0 {
		q.Weapons = weapons
		if a, err = s.World().Attack(q); err != nil {
			t.attack = nil
			return t.refuse(s, err)
		}
	}
	t.attack = &gameAttack{query: q, answer: a}
	s.SetMessage("")
	return nil
}

// roll rolls the attack's pool with the roller — or takes the faces given — then as many defence
// dice as the rules ask for, and resolves the attack step by step (nothing is applied yet). On an
// online table the server rolls both (game_dice.go, D104), and the op names its entries.
func (t *gameTool) roll(s Context, att, def map[string]int) error {
	a := t.attack
	if a == nil || a.answer.Pool == nil {
		return t.refuse(s, errors.New(T("play.noPool")))
	}
	op := &ops.GameAttack{Attacker: a.query.Attacker, Defender: a.query.Defender, Melee: a.query.Melee, Standby: a.query.Standby}
	for _, o := range a.answer.Options {
		if a.query.Weapons[o.Mini] == o.Weapon && o.Joins {
			op.Weapons = append(op.Weapons, ops.AttackWeapon{Mini: o.Mini, Weapon: o.Weapon})
		}
	}
	if t.server != nil && (att != nil || def != nil) {
		return t.refuse(s, errors.New(T("play.serverRolls")))
	}
	if att != nil {
		op.Attack = ops.AttackFacesOf(att)
		return t.defence(s, a, op, def)
	}
	var pool map[string]int // what the server is asked to roll (the pool the server checks)
	if t.server != nil {
		var err error
		if pool, err = op.AttackDice(s.State()); err != nil {
			return t.refuse(s, err)
		}
	}
	return t.dice(s, protocol.RollAttack, pool, func() (OnlineRoll, error) { return tallyRoll(t.roller.RollAttack(a.answer.Pool)) },
		func(s Context, r OnlineRoll) error {
			if t.attack != a {
				return nil // the attack changed while the server rolled
			}
			op.Attack, op.AttackRoll = ops.AttackFacesOf(r.Result.Tally), r.ID
			return t.defence(s, a, op, def)
		})
}

// defence takes the defence faces given, or rolls op's defence dice — one per hit and crit left
// after the attack dice are modified (op's AttackAfter included), none when there are none — and
// resolves op.
func (t *gameTool) defence(s Context, a *gameAttack, op *ops.GameAttack, def map[string]int) error {
	if def != nil {
		op.Defence = ops.DefenceFacesOf(def)
		return t.resolve(s, a, op)
	}
	first, _ := s.World().ResolveAttack(a.answer, op.Roll())
	if first.DefenceDice == 0 {
		op.Defence, op.DefenceRoll = ops.DefenceFaces{}, ""
		return t.resolve(s, a, op)
	}
	if first.DefenceDie == "" {
		return t.refuse(s, errors.New(T("play.noDefenceDie", a.query.Defender)))
	}
	pool := map[string]int{first.DefenceDie + "-defence": first.DefenceDice}
	return t.dice(s, protocol.RollDefence, pool, func() (OnlineRoll, error) {
		return tallyRoll(t.roller.RollDefence(first.DefenceDice, first.DefenceDie))
	}, func(s Context, r OnlineRoll) error {
		if t.attack != a {
			return nil
		}
		op.Defence, op.DefenceRoll = ops.DefenceFacesOf(r.Result.Tally), r.ID
		return t.resolve(s, a, op)
	})
}

// resolve resolves op as the attack's op (nothing applied yet); a refusal keeps the attack as it was.
func (t *gameTool) resolve(s Context, a *gameAttack, op *ops.GameAttack) error {
	_, out, err := op.Resolve(s.State())
	if err != nil {
		return t.refuse(s, err)
	}
	a.op, a.outcome = op, &out
	return nil
}

// apply puts the resolved attack on the table.
func (t *gameTool) apply(s Context) error {
	a := t.attack
	if a == nil || a.op == nil {
		return t.refuse(s, errors.New(T("play.notRolled")))
	}
	if err := t.submit(s, a.op); err != nil {
		return err
	}
	t.attack = nil
	return nil
}
