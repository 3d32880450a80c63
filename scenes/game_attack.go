package scenes

import (
	"errors"

	"holotable/ops"
	"holotable/rules"
)

// The attack assistant as a panel of the game tool: pick the attacker and the defender, see the
// range, which minis may shoot, which may be wounded, the cover and why, and the pool of the
// weapons chosen; roll it (the dice tool's roller), see each step resolved, and apply it as one op.

// ask answers an attack; weapons nil picks, for each eligible mini, its first weapon that may join.
func (t *gameTool) ask(s Context, attacker, defender string, melee bool, weapons map[string]string) error {
	q := rules.AttackQuery{Attacker: attacker, Defender: defender, Melee: melee}
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
// dice as the rules ask for, and resolves the attack step by step (nothing is applied yet).
func (t *gameTool) roll(s Context, att, def map[string]int) error {
	a := t.attack
	if a == nil || a.answer.Pool == nil {
		return t.refuse(s, errors.New(T("play.noPool")))
	}
	var err error
	if att == nil {
		if att, err = t.roller.RollAttack(a.answer.Pool); err != nil {
			return t.refuse(s, err)
		}
	}
	op := &ops.GameAttack{Attacker: a.query.Attacker, Defender: a.query.Defender, Melee: a.query.Melee, Attack: ops.AttackFacesOf(att)}
	for _, o := range a.answer.Options {
		if a.query.Weapons[o.Mini] == o.Weapon && o.Joins {
			op.Weapons = append(op.Weapons, ops.AttackWeapon{Mini: o.Mini, Weapon: o.Weapon})
		}
	}
	if def == nil {
		if def, err = t.rollDefence(s, a, op); err != nil {
			return err
		}
	}
	op.Defence = ops.DefenceFacesOf(def)
	return t.resolve(s, a, op)
}

// rollDefence rolls the defence dice of op: one per hit and crit left after the attack dice are
// modified (op's AttackAfter included), resolved half to count them; none when there are none.
func (t *gameTool) rollDefence(s Context, a *gameAttack, op *ops.GameAttack) (map[string]int, error) {
	first, _ := s.World().ResolveAttack(a.answer, op.Roll())
	if first.DefenceDice == 0 {
		return nil, nil
	}
	if first.DefenceDie == "" {
		return nil, t.refuse(s, errors.New(T("play.noDefenceDie", a.query.Defender)))
	}
	def, err := t.roller.RollDefence(first.DefenceDice, first.DefenceDie)
	if err != nil {
		return nil, t.refuse(s, err)
	}
	return def, nil
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
