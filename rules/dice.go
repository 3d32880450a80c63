package rules

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"

	"holotable/maps"
)

// Dice: rolling pools of the data-defined dice in maps/dice/, Legion surge conversion, the
// dispute roll, and exact odds by convolution (so the UI can show them). Nothing here knows a
// particular die: every die is a maps.Die, so a die of another game is only a data file.

const (
	CiteDice          = "RRG 2.0 Würfel L11885–11921 (attack dice red/black/white: hit, critical, surge, blank; defence dice red/white: block, surge, blank); face counts shared/docs/dice.md L7–13"
	CiteSurgeAttack   = "RRG 2.0 Angriff L2513–2516 (convert attack surges: every rolled surge becomes the result on the attacker's unit card; with none given it is turned to blank)"
	CiteSurgeDefence  = "RRG 2.0 Angriff L2545–2548 (convert defence surges: every rolled surge becomes the result on the defender's unit card; with none given it is turned to blank)"
	CiteSurgeTokens   = "RRG 2.0 Energiemarker L5593–5607 (in the convert-surges step each spent surge token turns 1 surge into a hit, or for the defender into a block)"
	CiteDispute       = "RRG 2.0 Streitfragen klären L583–592 (the player holding the round counter rolls one red defence die: block → that player's reading stands; any other result → the other player's)"
	disputeDieID      = "red-defence"
	surgeTokenAttack  = maps.SymHit
	surgeTokenDefence = maps.SymBlock
)

// PoolDie is N dice of one kind in a pool.
type PoolDie struct {
	Die maps.Die
	N   int
}

// Pool is the dice rolled together, in order.
type Pool []PoolDie

// PoolOf builds a pool from the embedded dice by id and count, e.g.
// PoolOf(map[string]int{"red-attack": 2, "white-attack": 1}); unknown ids are an error.
func PoolOf(counts map[string]int) (Pool, error) {
	return PoolFrom(maps.Dice(), counts)
}

// PoolFrom builds a pool from the given dice (DiceFor's, for a table with custom dice) by id and
// count, in id order; unknown ids and negative counts are an error.
func PoolFrom(dice []maps.Die, counts map[string]int) (Pool, error) {
	ids := make([]string, 0, len(counts))
	for id := range counts {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var p Pool
	for _, id := range ids {
		n := counts[id]
		if n < 0 {
			return nil, fmt.Errorf("dice: %d × %s: a count cannot be negative", n, id)
		}
		if n == 0 {
			continue
		}
		i := slices.IndexFunc(dice, func(d maps.Die) bool { return d.ID == id })
		if i < 0 {
			return nil, fmt.Errorf("dice: no die %q in maps/dice or the table's dice", id)
		}
		p = append(p, PoolDie{Die: dice[i], N: n})
	}
	return p, nil
}

// RolledDie is one die's result: the die's id and the face it shows (for a Destiny die also
// whether the face is a modifier and its resource cost).
type RolledDie struct {
	Die      string `json:"die"`
	Symbol   string `json:"symbol"`
	Value    int    `json:"value,omitempty"`
	Modifier bool   `json:"modifier,omitempty"`
	Cost     int    `json:"cost,omitempty"`
}

// Roll is a rolled pool: every die's face in pool order, the count of each symbol, and the sum of
// the faces' values (for numbered dice such as a d20).
type Roll struct {
	Dice  []RolledDie    `json:"dice"`
	Tally map[string]int `json:"tally"`
	Total int            `json:"total"`
}

// Roller rolls dice from an injected random source, so a seed replays the same rolls.
type Roller struct{ rng *rand.Rand }

// NewRoller rolls with rng (never nil).
func NewRoller(rng *rand.Rand) *Roller { return &Roller{rng: rng} }

// SeededRoller is NewRoller with a PCG source seeded by seed: the same seed gives the same rolls.
func SeededRoller(seed uint64) *Roller {
	return NewRoller(rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
}

// RollDie rolls one die: each of its sides is equally likely.
func (r *Roller) RollDie(d maps.Die) RolledDie {
	k := r.rng.IntN(d.Sides)
	for _, f := range d.Faces {
		if k < f.Count {
			return RolledDie{Die: d.ID, Symbol: f.Symbol, Value: f.Value, Modifier: f.Modifier, Cost: f.Cost}
		}
		k -= f.Count
	}
	panic("rules: die " + d.ID + " has fewer faces than sides") // maps validates counts = sides
}

// Roll rolls every die of the pool.
func (r *Roller) Roll(p Pool) Roll {
	out := Roll{Tally: map[string]int{}}
	for _, pd := range p {
		for i := 0; i < pd.N; i++ {
			rd := r.RollDie(pd.Die)
			out.Dice = append(out.Dice, rd)
			out.Tally[rd.Symbol]++
			out.Total += rd.Value
		}
	}
	return out
}

// SurgeTo is what a unit card converts surges to: nothing, hit, critical (attack) or block (defence).
type SurgeTo string

const (
	SurgeNone     SurgeTo = ""
	SurgeHit      SurgeTo = maps.SymHit
	SurgeCritical SurgeTo = maps.SymCritical
	SurgeBlock    SurgeTo = maps.SymBlock
)

// Converted is a Legion pool's result after the convert-surges step: hits, criticals, blocks and
// blanks (surges that became nothing are blanks), how many surges the card and the tokens
// converted, and the reasons.
type Converted struct {
	Hits        int      `json:"hits"`
	Crits       int      `json:"crits"`
	Blocks      int      `json:"blocks"`
	Blanks      int      `json:"blanks"`
	ByCard      int      `json:"byCard"`
	TokensSpent int      `json:"tokensSpent"`
	Reasons     []Reason `json:"reasons"`
}

// ConvertAttack applies the attacker's unit card conversion (SurgeNone, SurgeHit or SurgeCritical)
// and up to tokens surge tokens (each turns one remaining surge into a hit) to a rolled attack
// tally. A card conversion takes every surge, so no token is spent then.
func ConvertAttack(tally map[string]int, card SurgeTo, tokens int) (Converted, error) {
	if card != SurgeNone && card != SurgeHit && card != SurgeCritical {
		return Converted{}, fmt.Errorf("dice: an attack surge converts to hit, critical or nothing, not %q", card)
	}
	c := Converted{Hits: tally[maps.SymHit], Crits: tally[maps.SymCritical], Blanks: tally[maps.SymBlank]}
	c.convert(tally[maps.SymSurge], card, tokens, &c.Hits, CiteSurgeAttack, "attack", surgeTokenAttack)
	if card == SurgeCritical {
		// convert added the card's surges to Hits; move them to Crits.
		c.Hits -= c.ByCard
		c.Crits += c.ByCard
	}
	return c, nil
}

// ConvertDefence applies the defender's unit card conversion (SurgeNone or SurgeBlock) and up to
// tokens surge tokens (each turns one remaining surge into a block) to a rolled defence tally.
func ConvertDefence(tally map[string]int, card SurgeTo, tokens int) (Converted, error) {
	if card != SurgeNone && card != SurgeBlock {
		return Converted{}, fmt.Errorf("dice: a defence surge converts to block or nothing, not %q", card)
	}
	c := Converted{Blocks: tally[maps.SymBlock], Blanks: tally[maps.SymBlank]}
	c.convert(tally[maps.SymSurge], card, tokens, &c.Blocks, CiteSurgeDefence, "defence", surgeTokenDefence)
	return c, nil
}

// convert turns surges into *into (by card or tokens) or blanks, and writes the reasons.
func (c *Converted) convert(surges int, card SurgeTo, tokens int, into *int, cite, side, tokenTo string) {
	if tokens < 0 {
		tokens = 0
	}
	switch {
	case surges == 0:
		c.Reasons = append(c.Reasons, Reason{Rule: "surge", Cite: cite, Text: "no " + side + " surge was rolled"})
		return
	case card != SurgeNone:
		c.ByCard = surges
		*into += surges
		c.Reasons = append(c.Reasons, Reason{Rule: "surge", Cite: cite,
			Text: fmt.Sprintf("the unit card converts %s: %d × %s", plural(surges, side+" surge"), surges, card)})
		return
	}
	c.TokensSpent = min(tokens, surges)
	*into += c.TokensSpent
	c.Blanks += surges - c.TokensSpent
	if c.TokensSpent > 0 {
		c.Reasons = append(c.Reasons, Reason{Rule: "surge-token", Cite: CiteSurgeTokens,
			Text: fmt.Sprintf("%s spent: %d × %s", plural(c.TokensSpent, "surge token"), c.TokensSpent, tokenTo)})
	}
	if rest := surges - c.TokensSpent; rest > 0 {
		c.Reasons = append(c.Reasons, Reason{Rule: "surge", Cite: cite,
			Text: fmt.Sprintf("the unit card converts no %s: %s turned to blank", side+" surge", plural(rest, "die"))})
	}
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	if what == "die" || strings.HasSuffix(what, " die") {
		return strconv.Itoa(n) + " " + strings.TrimSuffix(what, "die") + "dice"
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// DisputeResult is a dispute roll: the red defence die's face, whether the round-counter holder's
// reading stands, and the reason.
type DisputeResult struct {
	Face       RolledDie `json:"face"`
	HolderWins bool      `json:"holderWins"`
	Reasons    []Reason  `json:"reasons"`
}

// Dispute rolls the rulebook's dispute roll: one red defence die; a block means the reading of
// the player holding the round counter stands, any other result the other player's (L583–592).
func (r *Roller) Dispute() DisputeResult { return DisputeOf(r.RollDie(disputeDie())) }

// DisputeOf is the dispute roll that rolled face f (one red defence die's; an online table's
// server rolls it and every page reads the result from the face, D105).
func DisputeOf(f RolledDie) DisputeResult {
	res := DisputeResult{Face: f, HolderWins: f.Symbol == maps.SymBlock}
	text := "the red defence die shows " + f.Symbol + ": the reading of the player holding the round counter stands"
	if !res.HolderWins {
		// "instead of", not "not": the page tells a refusal from a notice by its words (web/ui.js
		// isError), and a dispute's result is a notice.
		text = "the red defence die shows " + f.Symbol + " instead of block: the reading of the player without the round counter stands"
	}
	res.Reasons = []Reason{{Rule: "dispute", Cite: CiteDispute, Text: text}}
	return res
}

// DisputeOdds is the exact chance that the round-counter holder's reading stands (block on one red
// defence die: 3/6).
func DisputeOdds() *big.Rat {
	return PoolDistribution(Pool{{Die: disputeDie(), N: 1}}).P(func(o Outcome) bool { return o.Tally[maps.SymBlock] == 1 })
}

func disputeDie() maps.Die {
	d, ok := maps.DieByID(disputeDieID)
	if !ok {
		panic("rules: maps/dice/" + disputeDieID + ".json missing")
	}
	return d
}

// Outcome is one possible result of a pool regardless of order: the count of each symbol, the sum
// of the values, and in how many of the pool's equally likely side combinations it occurs.
type Outcome struct {
	Tally map[string]int
	Total int
	Ways  *big.Int
}

// Distribution is the exact distribution of a pool's outcomes: Ways of all outcomes add up to
// Combos, the product of the dice's sides.
type Distribution struct {
	Outcomes []Outcome
	Combos   *big.Int
}

// PoolDistribution computes the exact distribution of a pool by convolving one die at a time.
func PoolDistribution(p Pool) Distribution {
	var syms []string
	has := map[string]bool{}
	for _, pd := range p {
		for _, f := range pd.Die.Faces {
			if !has[f.Symbol] {
				has[f.Symbol] = true
				syms = append(syms, f.Symbol)
			}
		}
	}
	sort.Strings(syms)
	idx := map[string]int{}
	for i, s := range syms {
		idx[s] = i
	}
	type state struct {
		counts []int
		total  int
		ways   *big.Int
	}
	key := func(counts []int, total int) string {
		var b strings.Builder
		for _, n := range counts {
			b.WriteString(strconv.Itoa(n))
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(total))
		return b.String()
	}
	cur := map[string]*state{key(make([]int, len(syms)), 0): {counts: make([]int, len(syms)), ways: big.NewInt(1)}}
	combos := big.NewInt(1)
	tmp := new(big.Int)
	for _, pd := range p {
		for i := 0; i < pd.N; i++ {
			next := map[string]*state{}
			for _, s := range cur {
				for _, f := range pd.Die.Faces {
					c := append([]int(nil), s.counts...)
					c[idx[f.Symbol]]++
					t := s.total + f.Value
					k := key(c, t)
					n, ok := next[k]
					if !ok {
						n = &state{counts: c, total: t, ways: new(big.Int)}
						next[k] = n
					}
					n.ways.Add(n.ways, tmp.Mul(s.ways, big.NewInt(int64(f.Count))))
				}
			}
			cur = next
			combos.Mul(combos, big.NewInt(int64(pd.Die.Sides)))
		}
	}
	keys := make([]string, 0, len(cur))
	for k := range cur {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	d := Distribution{Combos: combos}
	for _, k := range keys {
		s := cur[k]
		t := map[string]int{}
		for i, n := range s.counts {
			if n > 0 {
				t[syms[i]] = n
			}
		}
		d.Outcomes = append(d.Outcomes, Outcome{Tally: t, Total: s.total, Ways: s.ways})
	}
	return d
}

// P is the exact probability that an outcome satisfies pred.
func (d Distribution) P(pred func(Outcome) bool) *big.Rat {
	ways := new(big.Int)
	for _, o := range d.Outcomes {
		if pred(o) {
			ways.Add(ways, o.Ways)
		}
	}
	return new(big.Rat).SetFrac(ways, d.Combos)
}

// Totals is the exact distribution of f over the outcomes: element k is P(f(outcome) = k).
// f must not be negative.
func (d Distribution) Totals(f func(Outcome) int) []*big.Rat {
	var ways []*big.Int
	for _, o := range d.Outcomes {
		k := f(o)
		for len(ways) <= k {
			ways = append(ways, new(big.Int))
		}
		ways[k].Add(ways[k], o.Ways)
	}
	out := make([]*big.Rat, len(ways))
	for k, w := range ways {
		out[k] = new(big.Rat).SetFrac(w, d.Combos)
	}
	return out
}

// AttackTotals is the exact distribution of hits + criticals of an attack pool after the
// convert-surges step with the card's conversion and surge tokens: element k is P(k results).
func AttackTotals(p Pool, card SurgeTo, tokens int) ([]*big.Rat, error) {
	if _, err := ConvertAttack(nil, card, tokens); err != nil {
		return nil, err
	}
	return PoolDistribution(p).Totals(func(o Outcome) int {
		c, _ := ConvertAttack(o.Tally, card, tokens)
		return c.Hits + c.Crits
	}), nil
}

// DefenceTotals is the exact distribution of blocks of a defence pool after the convert-surges
// step: element k is P(k blocks).
func DefenceTotals(p Pool, card SurgeTo, tokens int) ([]*big.Rat, error) {
	if _, err := ConvertDefence(nil, card, tokens); err != nil {
		return nil, err
	}
	return PoolDistribution(p).Totals(func(o Outcome) int {
		c, _ := ConvertDefence(o.Tally, card, tokens)
		return c.Blocks
	}), nil
}

// AtLeast is P(result ≥ k) from a Totals distribution.
func AtLeast(dist []*big.Rat, k int) *big.Rat {
	sum := new(big.Rat)
	for i := max(k, 0); i < len(dist); i++ {
		sum.Add(sum, dist[i])
	}
	return sum
}
