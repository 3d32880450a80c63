package rules

import (
	"fmt"
	"sort"
	"strings"

	"holotable/maps"
)

// Star Wars: Rebellion's dice (seed 001): six-sided, black and red, showing hit, direct hit,
// special or blank (L921–930). A player rolls at most 5 black and 5 red dice per attack (L365–369,
// L527) and at most 10 dice of any colour per mission (L561–569); in a mission a hit or a direct
// hit is 1 success, a special 2, a blank none (L924–928). Which faces each colour has is not in the
// seed: maps/dice/rebellion-*.json hold an assumed default a table may replace.

const (
	CiteRebellionAttack   = "Rebellion (seed 001) Angriffe abhandeln L365–369, L527 (each player rolls at most 5 black and 5 red dice per attack; a reduction applies before the limit)"
	CiteRebellionMission  = "Rebellion (seed 001) Missionen L561–569, L930 (each player rolls at most 10 dice for a mission; the colour does not matter)"
	CiteRebellionSuccess  = "Rebellion (seed 001) Würfel L921–928 (in a mission: hit 1 success, direct hit 1, special 2, blank none)"
	CiteRebellionDamage   = "Rebellion (seed 001) Würfel L923–927, L397–407 (a hit damages a unit whose health has the die's colour; a direct hit any unit; a special draws or plays a tactic card)"
	rebellionPerColour    = 5
	rebellionMissionLimit = 10
)

// Rebellion symbols (L921–927).
const (
	SymDirectHit = "direct-hit"
	SymSpecial   = "special"
)

// RebellionRoll is what a Rebellion roll is for: a closed set.
type RebellionRoll uint8

const (
	RebellionAttack  RebellionRoll = iota // a combat attack: 5 + 5
	RebellionMission                      // a mission with opposition: 10
)

func (r RebellionRoll) String() string {
	if r == RebellionMission {
		return "mission"
	}
	return "attack"
}

// ParseRebellionRoll reads "attack" or "mission".
func ParseRebellionRoll(s string) (RebellionRoll, error) {
	switch s {
	case "attack":
		return RebellionAttack, nil
	case "mission":
		return RebellionMission, nil
	}
	return 0, fmt.Errorf("dice: a Rebellion roll is for an attack or a mission, not %q", s)
}

// colourOf names a die's colour for the per-colour limit: its colour, else its id.
func colourOf(d maps.Die) string {
	if d.Colour != "" {
		return d.Colour
	}
	return d.ID
}

// LimitPool applies the pool limits of a game to a pool of its dice and returns the pool that may
// be rolled and the reasons. Only Rebellion has limits: an attack keeps at most 5 dice of each
// colour (the first ones in pool order), a mission at most 10 dice (the first 10). A pool of
// another system is returned as it is.
func LimitPool(system string, purpose RebellionRoll, p Pool) (Pool, []Reason) {
	if system != "rebellion" {
		return p, nil
	}
	var out Pool
	var reasons []Reason
	switch purpose {
	case RebellionAttack:
		kept := map[string]int{}
		cut := map[string]int{}
		for _, pd := range p {
			c := colourOf(pd.Die)
			n := min(pd.N, max(0, rebellionPerColour-kept[c]))
			kept[c] += n
			cut[pd.Die.Name] += pd.N - n
			if n > 0 {
				out = append(out, PoolDie{Die: pd.Die, N: n})
			}
		}
		for _, name := range sortedNames(cut) {
			if cut[name] > 0 {
				reasons = append(reasons, Reason{Rule: "pool-limit", Cite: CiteRebellionAttack,
					Text: fmt.Sprintf("%s left out: at most %d dice of each colour per attack", plural(cut[name], name), rebellionPerColour)})
			}
		}
	case RebellionMission:
		left := rebellionMissionLimit
		total := 0
		for _, pd := range p {
			total += pd.N
			n := min(pd.N, left)
			left -= n
			if n > 0 {
				out = append(out, PoolDie{Die: pd.Die, N: n})
			}
		}
		if total > rebellionMissionLimit {
			reasons = append(reasons, Reason{Rule: "pool-limit", Cite: CiteRebellionMission,
				Text: fmt.Sprintf("%d of %d dice rolled: at most %d per mission", rebellionMissionLimit, total, rebellionMissionLimit)})
		}
	}
	if len(reasons) == 0 {
		reasons = []Reason{{Rule: "pool-limit", Cite: map[RebellionRoll]string{RebellionAttack: CiteRebellionAttack, RebellionMission: CiteRebellionMission}[purpose],
			Text: "the pool is within the limits of a Rebellion " + purpose.String()}}
	}
	return out, reasons
}

func sortedNames(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// RebellionSuccesses counts a mission roll's successes (L924–928).
func RebellionSuccesses(tally map[string]int) (int, Reason) {
	n := tally[maps.SymHit] + tally[SymDirectHit] + 2*tally[SymSpecial]
	return n, Reason{Rule: "successes", Cite: CiteRebellionSuccess, Text: fmt.Sprintf(
		"%d hit + %d direct hit + 2 × %d special = %d successes", tally[maps.SymHit], tally[SymDirectHit], tally[SymSpecial], n)}
}

// RebellionCombat sums an attack roll for damage: hits by the colour of the die that rolled them
// (a hit damages only a unit whose health has that colour), direct hits (any unit) and specials
// (tactic cards).
type RebellionCombat struct {
	Hits       map[string]int `json:"hits"` // die name → hits
	DirectHits int            `json:"directHits"`
	Specials   int            `json:"specials"`
	Reasons    []Reason       `json:"reasons"`
}

// RebellionDamage sums a rolled attack; dice are the dice the pool was built from.
func RebellionDamage(r Roll, dice []maps.Die) RebellionCombat {
	c := RebellionCombat{Hits: map[string]int{}}
	name := map[string]string{}
	for _, d := range dice {
		name[d.ID] = d.Name
	}
	for _, rd := range r.Dice {
		switch rd.Symbol {
		case maps.SymHit:
			c.Hits[name[rd.Die]]++
		case SymDirectHit:
			c.DirectHits++
		case SymSpecial:
			c.Specials++
		}
	}
	var parts []string
	for _, n := range sortedNames(c.Hits) {
		parts = append(parts, fmt.Sprintf("%d hit(s) of the %s", c.Hits[n], n))
	}
	parts = append(parts, fmt.Sprintf("%d direct hit(s)", c.DirectHits), fmt.Sprintf("%d special(s)", c.Specials))
	c.Reasons = []Reason{{Rule: "damage", Cite: CiteRebellionDamage, Text: strings.Join(parts, ", ")}}
	return c
}
