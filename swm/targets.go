package swm

import (
	"fmt"
	"strings"

	"holotable/rules"
	"holotable/table"
)

// The legal targets of an attack (the digest's §1.16 F; seed 004 L318–350, L566, L884, L1188,
// L1240, L1266, L1394, L1422). An enemy is a figure of another side (allies cannot be attacked,
// L644). A target must be in line of sight. If any enemies are adjacent, only they are legal
// (L324, L332). Otherwise an enemy without cover is legal, and an enemy in cover only if it is
// the nearest enemy the attacker can see, or tied for nearest (distance counted as for range);
// Accurate Shot lifts that restriction (the +4 stays), a Sniper ignores other characters for
// cover, and a Stealth enemy in cover more than 6 squares away does not count as the nearest
// (the next one does). A Melee Attack character attacks adjacent enemies only; with Melee Reach
// #, on its own turn, every character within # squares in line of sight counts as adjacent.

// TargetOptions are the attack's circumstances.
type TargetOptions struct {
	// IgnoreStealth: Stealth is switched off (Force Sense L1102, It's a Trap L1176).
	IgnoreStealth bool
}

// Candidate is one enemy and how the targeting rules see it.
type Candidate struct {
	ID        string `json:"id"`
	LOS       bool   `json:"los"`
	Adjacent  bool   `json:"adjacent"`
	Cover     bool   `json:"cover"`
	Distance  int    `json:"distance"` // −1: no count of squares reaches it
	Nearest   bool   `json:"nearest"`  // it is the nearest visible enemy, or tied
	Legal     bool   `json:"legal"`
	Why       string `json:"why"`
	stealthed bool
}

// Targets is the answer to "whom may this figure attack".
type Targets struct {
	Attacker string      `json:"attacker"`
	Legal    []string    `json:"targets"`
	Enemies  []Candidate `json:"enemies"`
	// AdjacentOnly is true when adjacent enemies (or Melee Attack) restrict the choice.
	AdjacentOnly bool `json:"adjacentOnly"`
	// Nearest is the distance of the nearest visible enemy that counts as nearest, −1 for none.
	Nearest int            `json:"nearest"`
	Reasons []rules.Reason `json:"reasons"`
}

// stealthRange is Stealth's distance (L1422): beyond it, a Stealth enemy in cover is not nearest.
const stealthRange = 6

// TargetsOf lists the legal targets of figure id's attack on its own turn.
func (b *Board) TargetsOf(id string, o TargetOptions) (Targets, error) {
	g, gi, err := b.Figure(id)
	if err != nil {
		return Targets{}, err
	}
	a := SpaceOf(g)
	sniper := g.Abilities.Has(table.AbilitySniper)
	res := Targets{Attacker: id, Legal: []string{}, Enemies: []Candidate{}, Nearest: -1}
	anyAdjacent := false
	for k, e := range b.f.Figures {
		if k == gi || e.Side == g.Side {
			continue
		}
		es := SpaceOf(e)
		c := Candidate{ID: e.ID, Distance: -1}
		if d := b.distance(a, es, false); d.Reachable {
			c.Distance = d.Squares
		}
		adj := b.adjacent(a, es, g.Reach, g.ID, e.ID)
		c.LOS = b.Sees(a, es)
		c.Adjacent = adj.Adjacent
		if c.LOS && !c.Adjacent {
			c.Cover = b.cover(gi, k, sniper, es).Cover
		}
		c.stealthed = c.Cover && !o.IgnoreStealth && e.Abilities.Has(table.AbilityStealth) && (c.Distance < 0 || c.Distance > stealthRange)
		anyAdjacent = anyAdjacent || c.Adjacent
		res.Enemies = append(res.Enemies, c)
	}
	for _, c := range res.Enemies {
		if c.LOS && !c.Adjacent && c.Distance >= 0 && !c.stealthed && (res.Nearest < 0 || c.Distance < res.Nearest) {
			res.Nearest = c.Distance
		}
	}
	melee := g.Abilities.Has(table.AbilityMeleeAttack)
	accurate := g.Abilities.Has(table.AbilityAccurateShot)
	res.AdjacentOnly = anyAdjacent || melee
	for i := range res.Enemies {
		c := &res.Enemies[i]
		c.Nearest = c.LOS && !c.Adjacent && !c.stealthed && c.Distance >= 0 && c.Distance == res.Nearest
		switch {
		case !c.LOS:
			c.Why = "not in line of sight"
		case c.Adjacent:
			c.Legal, c.Why = true, "adjacent"
		case melee:
			c.Why = "not adjacent, and the attacker has Melee Attack"
		case anyAdjacent:
			c.Why = "another enemy is adjacent: the attacker must target an adjacent one"
		case !c.Cover:
			c.Legal, c.Why = true, "in line of sight, no cover"
		case accurate:
			c.Legal, c.Why = true, "in cover, but the attacker has Accurate Shot"
		case c.Nearest:
			c.Legal, c.Why = true, fmt.Sprintf("in cover, and the nearest visible enemy (%d squares)", c.Distance)
		case c.stealthed:
			c.Why = fmt.Sprintf("in cover with Stealth, more than %d squares away: it does not count as the nearest", stealthRange)
		default:
			c.Why = fmt.Sprintf("in cover and not the nearest visible enemy (%s squares, the nearest %d)", distText(c.Distance), res.Nearest)
		}
		if c.Legal {
			res.Legal = append(res.Legal, c.ID)
		}
	}
	res.reasons(g, melee, accurate, sniper, anyAdjacent, o)
	return res, nil
}

func distText(d int) string {
	if d < 0 {
		return "no count of"
	}
	return fmt.Sprint(d)
}

func (t *Targets) reasons(g table.Figure, melee, accurate, sniper, anyAdjacent bool, o TargetOptions) {
	add := func(rule rules.Code, cite, text string) {
		t.Reasons = append(t.Reasons, rules.Reason{Rule: rule, Cite: cite, Text: text})
	}
	legal := "none"
	if len(t.Legal) > 0 {
		legal = strings.Join(t.Legal, ", ")
	}
	add("targets", CiteTargetLOS, fmt.Sprintf("legal targets of %s: %s", g.ID, legal))
	for _, c := range t.Enemies {
		cite := CiteTargetCover
		switch {
		case !c.LOS:
			cite = CiteTargetLOS
		case c.Adjacent || anyAdjacent:
			cite = CiteTargetAdj
		case melee:
			cite = CiteMelee
		case accurate && c.Cover:
			cite = CiteAccurate
		case c.stealthed:
			cite = CiteStealth
		}
		add("target", cite, c.ID+": "+c.Why)
	}
	if g.Reach > 1 {
		add("melee-reach", CiteMeleeReach, fmt.Sprintf("Melee Reach %d: characters within %d squares in line of sight count as adjacent", g.Reach, g.Reach))
	}
	if sniper {
		add("sniper", CiteSniper, "Sniper: other characters do not give cover")
	}
	if t.Nearest >= 0 {
		add("nearest", CiteNearest, fmt.Sprintf("the nearest visible enemy is %d squares away", t.Nearest))
	}
	if o.IgnoreStealth {
		add("stealth", CiteStealth, "Stealth is switched off")
	}
}
