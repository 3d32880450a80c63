package scenes

import (
	"errors"
	"slices"

	"holotable/maps"
	"holotable/ops"
)

// Single dice of a rolled attack set by the players (D113): "that die was a crit, not a hit". A
// click on a die in the panel turns it to the next face; the op keeps the faces as rolled
// (attackRolled, defenceRolled) beside the faces as set, so a replay shows the change, and the
// attack is resolved again — still one game.attack op. An attack die set so that the hits and
// crits change the number of defence dice rolls the defence dice again (as D90's adjustment does).

var (
	attackSyms  = []string{maps.SymHit, maps.SymCritical, maps.SymSurge, maps.SymBlank}
	defenceSyms = []string{maps.SymBlock, maps.SymSurge, maps.SymBlank}
)

// nextFace is the face after sym in the cycle of syms.
func nextFace(syms []string, sym string) string {
	return syms[(slices.Index(syms, sym)+1)%len(syms)]
}

// diceOf lists a tally's dice one by one, faces in the order of syms.
func diceOf(syms []string, tally map[string]int) []string {
	var out []string
	for _, s := range syms {
		for range tally[s] {
			out = append(out, s)
		}
	}
	return out
}

// setFace turns one die of side ("attack" or "defence") showing from to face to.
func (t *gameTool) setFace(s Context, side, from, to string) error {
	a := t.attack
	if a == nil || a.op == nil {
		return t.refuse(s, errors.New(T("play.notRolled")))
	}
	op := *a.op
	syms, tally := attackSyms, op.Attack.Tally()
	if side == "defence" {
		syms, tally = defenceSyms, op.Defence.Tally()
	} else if side != "attack" {
		return t.refuse(s, errors.New(T("play.faceSide", side)))
	}
	if tally[from] < 1 || !slices.Contains(syms, to) {
		return t.refuse(s, errors.New(T("play.noFace", from, to)))
	}
	tally[from]--
	tally[to]++
	if side == "attack" {
		setFaces(&op.Attack, &op.AttackRolled, ops.AttackFacesOf(tally))
		if first, _ := s.World().ResolveAttack(a.answer, op.Roll()); first.DefenceDice != op.Defence.Block+op.Defence.Surge+op.Defence.Blank {
			op.DefenceRolled = nil
			return t.defence(s, a, &op, nil) // rolled again (by the server, online), then resolved
		}
	} else {
		setFaces(&op.Defence, &op.DefenceRolled, ops.DefenceFacesOf(tally))
	}
	return t.resolve(s, a, &op)
}

// setFaces sets a side's faces to next, keeping the faces as rolled (*rolled) from the first time
// the players set one, and forgetting them when next is the roll again.
func setFaces[F comparable](cur *F, rolled **F, next F) {
	if *rolled == nil {
		r := *cur
		*rolled = &r
	}
	*cur = next
	if **rolled == next {
		*rolled = nil
	}
}

// faceStates are a rolled attack's dice one by one for the panel: each die's face and whether the
// players set its side's faces.
func faceStates(op *ops.GameAttack) (attack, defence []string, attackSet, defenceSet bool) {
	return diceOf(attackSyms, op.Attack.Tally()), diceOf(defenceSyms, op.Defence.Tally()), op.AttackRolled != nil, op.DefenceRolled != nil
}
