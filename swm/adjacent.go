package swm

import (
	"fmt"

	"holotable/rules"
)

// Adjacency (seed 004 L676, L786, L890; the digest's §1.16 E): two characters are adjacent when
// their spaces are next to each other (diagonals included) and they have line of sight to each
// other — so never across a wall. With Melee Reach # (L1244), on its own turn's attack, a
// character treats every character within # squares (distance.go) as adjacent, line of sight
// still required.

// Adjacency is the answer to "are these two figures adjacent".
type Adjacency struct {
	Adjacent bool           `json:"adjacent"`
	Next     bool           `json:"next"` // the spaces touch (share an edge or a corner)
	LOS      bool           `json:"los"`
	Reasons  []rules.Reason `json:"reasons"`
}

// Adjacent answers adjacency between figures a and b. ownTurn applies a's Melee Reach (when its
// card gives one) as on its own turn's attack.
func (b *Board) Adjacent(a, c string, ownTurn bool) (Adjacency, error) {
	ga, ia, err := b.Figure(a)
	if err != nil {
		return Adjacency{}, err
	}
	gc, ic, err := b.Figure(c)
	if err != nil {
		return Adjacency{}, err
	}
	if ia == ic {
		return Adjacency{}, fmt.Errorf("figure '%s' is not adjacent to itself", a)
	}
	reach := 1
	if ownTurn {
		reach = ga.Reach
	}
	return b.adjacent(SpaceOf(ga), SpaceOf(gc), reach, a, c), nil
}

// adjacent decides adjacency of two spaces, reach being the attacker's Melee Reach (1 = none).
func (b *Board) adjacent(sa, sc Space, reach int, a, c string) Adjacency {
	res := Adjacency{Next: sa.Touches(sc)}
	within := res.Next
	if !within && reach > 1 {
		d := b.distance(sa, sc, false)
		within = d.Reachable && d.Squares <= reach
	}
	if !within {
		text := fmt.Sprintf("%s and %s are not next to each other", a, c)
		cite := CiteAdjacent
		if reach > 1 {
			text = fmt.Sprintf("%s is not within %d squares of %s (Melee Reach %d)", c, reach, a, reach)
			cite = CiteMeleeReach
		}
		res.Reasons = []rules.Reason{{Rule: "adjacent", Cite: cite, Text: text}}
		return res
	}
	res.LOS = b.Sees(sa, sc)
	res.Adjacent = res.LOS
	switch {
	case !res.LOS:
		res.Reasons = []rules.Reason{{Rule: "adjacent", Cite: CiteAdjacent, Text: fmt.Sprintf(
			"%s and %s are next to each other but have no line of sight (a wall between them): not adjacent", a, c)}}
	case res.Next:
		res.Reasons = []rules.Reason{{Rule: "adjacent", Cite: CiteAdjacent, Text: fmt.Sprintf(
			"%s and %s are next to each other with line of sight: adjacent", a, c)}}
	default:
		res.Reasons = []rules.Reason{{Rule: "adjacent", Cite: CiteMeleeReach, Text: fmt.Sprintf(
			"%s is within %d squares of %s, in line of sight: adjacent by Melee Reach %d", c, reach, a, reach)}}
	}
	return res
}
