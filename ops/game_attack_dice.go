package ops

import "holotable/maps"

// The dice an attack rolls, as a roll asks for them (die id → count, maps/dice): what the page
// asks the server to roll on an online table and what the server checks the op's named rolls
// against (D104), and what the hot-seat page rolls itself.

// AttackDice is the attack pool of the op's weapons on s: die id → count, no zero counts.
func (o *GameAttack) AttackDice(s *State) (map[string]int, error) {
	a, err := s.World().Attack(o.Query())
	if err != nil {
		return nil, stepFault("defender", err)
	}
	if a.Pool == nil {
		return nil, refuseWith("weapons", a.Reasons)
	}
	return nonZero(map[string]int{"red-attack": a.Pool.Dice.Red, "black-attack": a.Pool.Dice.Black, "white-attack": a.Pool.Dice.White}), nil
}

// DefenceDice is the defence dice the op's attack faces (and AttackAfter) leave to roll on s: one
// of the defender's die per hit and crit left after the attack dice are modified; nil for none.
func (o *GameAttack) DefenceDice(s *State) (map[string]int, error) {
	a, err := s.World().Attack(o.Query())
	if err != nil {
		return nil, stepFault("defender", err)
	}
	first, _ := s.World().ResolveAttack(a, o.Roll())
	if first.DefenceDice == 0 || first.DefenceDie == "" {
		return nil, nil
	}
	return map[string]int{first.DefenceDie + "-defence": first.DefenceDice}, nil
}

// AttackFacesOf counts a roll's tally as an attack's faces.
func AttackFacesOf(tally map[string]int) AttackFaces {
	return AttackFaces{Hit: tally[maps.SymHit], Critical: tally[maps.SymCritical], Surge: tally[maps.SymSurge], Blank: tally[maps.SymBlank]}
}

// DefenceFacesOf counts a roll's tally as a defence's faces.
func DefenceFacesOf(tally map[string]int) DefenceFaces {
	return DefenceFaces{Block: tally[maps.SymBlock], Surge: tally[maps.SymSurge], Blank: tally[maps.SymBlank]}
}

// nonZero is counts without its zero counts.
func nonZero(counts map[string]int) map[string]int {
	out := map[string]int{}
	for k, n := range counts {
		if n != 0 {
			out[k] = n
		}
	}
	return out
}
