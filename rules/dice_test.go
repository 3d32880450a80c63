package rules

import (
	"math/big"
	"regexp"
	"strings"
	"testing"

	"holotable/maps"
)

func pool(t *testing.T, counts map[string]int) Pool {
	t.Helper()
	p, err := PoolOf(counts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func rat(a, b int64) *big.Rat { return big.NewRat(a, b) }

func ratsEqual(got []*big.Rat, want []*big.Rat) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i].Cmp(want[i]) != 0 {
			return false
		}
	}
	return true
}

func ratsString(rs []*big.Rat) string {
	s := make([]string, len(rs))
	for i, r := range rs {
		s[i] = r.RatString()
	}
	return strings.Join(s, " ")
}

// Every die's faces add up to its sides, and one die's distribution is its face table.
func TestDiceSingleDieDistribution(t *testing.T) {
	for _, d := range maps.Dice() {
		dist := PoolDistribution(Pool{{Die: d, N: 1}})
		if dist.Combos.Int64() != int64(d.Sides) {
			t.Errorf("%s: %v combos, want %d", d.ID, dist.Combos, d.Sides)
		}
		sum := 0
		for _, f := range d.Faces {
			sum += f.Count
			p := dist.P(func(o Outcome) bool { return o.Tally[f.Symbol] == 1 && o.Total == f.Value })
			if p.Cmp(rat(int64(f.Count), int64(d.Sides))) != 0 {
				t.Errorf("%s: P(%s %d) = %s, want %d/%d", d.ID, f.Symbol, f.Value, p.RatString(), f.Count, d.Sides)
			}
		}
		if sum != d.Sides {
			t.Errorf("%s: faces add up to %d of %d sides", d.ID, sum, d.Sides)
		}
	}
	red := pool(t, map[string]int{"red-attack": 1})
	p := PoolDistribution(red).P(func(o Outcome) bool { return o.Tally[maps.SymHit]+o.Tally[maps.SymCritical] == 1 })
	if p.Cmp(rat(6, 8)) != 0 {
		t.Errorf("P(red attack shows hit or critical) = %s, want 6/8", p.RatString())
	}
}

// Hand-computed distributions of small pools after surge conversion.
func TestDiceTotals(t *testing.T) {
	cases := []struct {
		name   string
		counts map[string]int
		attack bool
		card   SurgeTo
		tokens int
		want   []*big.Rat
	}{
		// each red die succeeds 6/8: (2/8)², 2·6·2/64, (6/8)²
		{"2 red, no conversion", map[string]int{"red-attack": 2}, true, SurgeNone, 0, []*big.Rat{rat(4, 64), rat(24, 64), rat(36, 64)}},
		// surge → hit: 7/8 each
		{"2 red, surge→hit", map[string]int{"red-attack": 2}, true, SurgeHit, 0, []*big.Rat{rat(1, 64), rat(14, 64), rat(49, 64)}},
		{"2 red, surge→crit", map[string]int{"red-attack": 2}, true, SurgeCritical, 0, []*big.Rat{rat(1, 64), rat(14, 64), rat(49, 64)}},
		// red succ 6 surge 1 blank 1, white succ 2 surge 1 blank 5; 1 token converts one surge:
		// P(2) = (6·2 + 6·1 + 1·2)/64, P(0) = 1·5/64 (neither success nor surge)
		{"red+white, 1 token", map[string]int{"red-attack": 1, "white-attack": 1}, true, SurgeNone, 1, []*big.Rat{rat(5, 64), rat(39, 64), rat(20, 64)}},
		{"red+white, none", map[string]int{"red-attack": 1, "white-attack": 1}, true, SurgeNone, 0, []*big.Rat{rat(12, 64), rat(40, 64), rat(12, 64)}},
		// black: 4/8 success
		{"1 black", map[string]int{"black-attack": 1}, true, SurgeNone, 0, []*big.Rat{rat(1, 2), rat(1, 2)}},
		// red defence block 3/6: binomial(2, 1/2)
		{"2 red defence", map[string]int{"red-defence": 2}, false, SurgeNone, 0, []*big.Rat{rat(1, 4), rat(2, 4), rat(1, 4)}},
		// surge → block: 4/6 each
		{"2 red defence, surge→block", map[string]int{"red-defence": 2}, false, SurgeBlock, 0, []*big.Rat{rat(4, 36), rat(16, 36), rat(16, 36)}},
		// white defence 1/6 block, +1/6 with a token on a single die
		{"1 white defence, 1 token", map[string]int{"white-defence": 1}, false, SurgeNone, 1, []*big.Rat{rat(4, 6), rat(2, 6)}},
	}
	for _, c := range cases {
		p := pool(t, c.counts)
		var got []*big.Rat
		var err error
		if c.attack {
			got, err = AttackTotals(p, c.card, c.tokens)
		} else {
			got, err = DefenceTotals(p, c.card, c.tokens)
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !ratsEqual(got, c.want) {
			t.Errorf("%s: %s, want %s", c.name, ratsString(got), ratsString(c.want))
		}
	}
	// P(at least one success on 3 white attack dice) = 1 − (6/8)³ = 37/64.
	d, _ := AttackTotals(pool(t, map[string]int{"white-attack": 3}), SurgeNone, 0)
	if got := AtLeast(d, 1); got.Cmp(rat(37, 64)) != 0 {
		t.Errorf("3 white ≥ 1: %s, want 37/64", got.RatString())
	}
	// Wrong conversions are refused.
	if _, err := AttackTotals(nil, SurgeBlock, 0); err == nil {
		t.Error("attack surge → block accepted")
	}
	if _, err := DefenceTotals(nil, SurgeHit, 0); err == nil {
		t.Error("defence surge → hit accepted")
	}
}

// A numbered die of another game (the SWM d20, a data file only) convolves by value.
func TestDiceD20(t *testing.T) {
	one := PoolDistribution(pool(t, map[string]int{"swm-d20": 1}))
	if p := one.P(func(o Outcome) bool { return o.Total >= 11 }); p.Cmp(rat(1, 2)) != 0 {
		t.Errorf("P(d20 ≥ 11) = %s, want 1/2", p.RatString())
	}
	two := PoolDistribution(pool(t, map[string]int{"swm-d20": 2}))
	tot := two.Totals(func(o Outcome) int { return o.Total })
	if tot[2].Cmp(rat(1, 400)) != 0 || tot[21].Cmp(rat(20, 400)) != 0 || tot[40].Cmp(rat(1, 400)) != 0 || len(tot) != 41 {
		t.Errorf("2d20: P(2)=%s P(21)=%s P(40)=%s len %d, want 1/400 20/400 1/400 41", tot[2].RatString(), tot[21].RatString(), tot[40].RatString(), len(tot))
	}
}

// Distributions of any pool add up to exactly 1.
func TestDiceDistributionsSumToOne(t *testing.T) {
	pools := []map[string]int{
		{},
		{"red-attack": 1},
		{"red-attack": 3, "black-attack": 2, "white-attack": 4},
		{"red-attack": 10, "black-attack": 10, "white-attack": 10},
		{"red-defence": 7, "white-defence": 5},
		{"swm-d20": 3},
	}
	one := big.NewRat(1, 1)
	for _, c := range pools {
		p := pool(t, c)
		d := PoolDistribution(p)
		ways := new(big.Int)
		for _, o := range d.Outcomes {
			ways.Add(ways, o.Ways)
		}
		if ways.Cmp(d.Combos) != 0 {
			t.Errorf("%v: outcomes count %v of %v combinations", c, ways, d.Combos)
		}
		for _, card := range []SurgeTo{SurgeNone, SurgeHit, SurgeCritical} {
			tot, err := AttackTotals(p, card, 2)
			if err != nil {
				t.Fatal(err)
			}
			if s := AtLeast(tot, 0); s.Cmp(one) != 0 {
				t.Errorf("%v attack %q: totals add up to %s", c, card, s.RatString())
			}
		}
		tot, _ := DefenceTotals(p, SurgeBlock, 0)
		if s := AtLeast(tot, 0); s.Cmp(one) != 0 {
			t.Errorf("%v defence: totals add up to %s", c, s.RatString())
		}
	}
	// 30 attack dice: 8^30 combinations overflow int64; the exact sum still holds (above), and
	// P(all 30 blank) for 10 red, 10 black, 10 white is (1/8)^10 (3/8)^10 (5/8)^10.
	d := PoolDistribution(pool(t, pools[3]))
	got := d.P(func(o Outcome) bool { return o.Tally[maps.SymBlank] == 30 })
	want := new(big.Rat).SetFrac(new(big.Int).Exp(big.NewInt(15), big.NewInt(10), nil), new(big.Int).Exp(big.NewInt(8), big.NewInt(30), nil))
	if got.Cmp(want) != 0 {
		t.Errorf("P(30 blanks) = %s, want %s", got.RatString(), want.RatString())
	}
}

// The seeded roller replays, and its frequencies over many rolls match the exact distribution.
func TestDiceRollerMatchesDistribution(t *testing.T) {
	p := pool(t, map[string]int{"red-attack": 2, "black-attack": 1, "white-defence": 1})
	a, b := SeededRoller(42).Roll(p), SeededRoller(42).Roll(p)
	if len(a.Dice) != 4 || strings.Join(faces(a), " ") != strings.Join(faces(b), " ") {
		t.Errorf("same seed, different rolls: %v vs %v", faces(a), faces(b))
	}
	const n = 200000
	r := SeededRoller(7)
	counts := map[string]int{}
	for i := 0; i < n; i++ {
		roll := r.Roll(p)
		if len(roll.Dice) != 4 || roll.Dice[0].Die != "black-attack" || roll.Dice[3].Die != "white-defence" {
			t.Fatalf("pool order: %+v", roll.Dice)
		}
		for s, k := range roll.Tally {
			counts[s+"="+string(rune('0'+k))]++
		}
	}
	d := PoolDistribution(p)
	for _, sym := range []string{maps.SymHit, maps.SymCritical, maps.SymSurge, maps.SymBlock, maps.SymBlank} {
		for k := 1; k <= 4; k++ {
			exact, _ := d.P(func(o Outcome) bool { return o.Tally[sym] == k }).Float64()
			freq := float64(counts[sym+"="+string(rune('0'+k))]) / n
			if diff := freq - exact; diff > 0.005 || diff < -0.005 {
				t.Errorf("P(%d × %s): rolled %.4f, exact %.4f", k, sym, freq, exact)
			}
		}
	}
}

func faces(r Roll) []string {
	out := make([]string, len(r.Dice))
	for i, d := range r.Dice {
		out[i] = d.Die + ":" + d.Symbol
	}
	return out
}

// Surge conversion per the unit card and surge tokens (RRG 2.0 Angriff L2513–2516, L2545–2548,
// Energiemarker L5593–5607).
func TestDiceSurgeConversion(t *testing.T) {
	type tally = map[string]int
	cases := []struct {
		name                                    string
		attack                                  bool
		in                                      tally
		card                                    SurgeTo
		tokens                                  int
		hits, crits, blocks, blanks, byCard, tk int
		cite                                    string
	}{
		{"attack, no card, no token: surges blank", true, tally{"hit": 2, "surge": 2, "blank": 1}, SurgeNone, 0, 2, 0, 0, 3, 0, 0, "L2513"},
		{"attack, card hit", true, tally{"hit": 1, "critical": 1, "surge": 2}, SurgeHit, 0, 3, 1, 0, 0, 2, 0, "L2513"},
		{"attack, card crit", true, tally{"hit": 1, "surge": 3}, SurgeCritical, 0, 1, 3, 0, 0, 3, 0, "L2513"},
		{"attack, card crit ignores tokens", true, tally{"surge": 1}, SurgeCritical, 2, 0, 1, 0, 0, 1, 0, "L2513"},
		{"attack, 1 token of 3 surges", true, tally{"surge": 3}, SurgeNone, 1, 1, 0, 0, 2, 0, 1, "L5593"},
		{"attack, more tokens than surges", true, tally{"surge": 1, "blank": 1}, SurgeNone, 3, 1, 0, 0, 1, 0, 1, "L5593"},
		{"attack, no surge", true, tally{"hit": 1}, SurgeHit, 1, 1, 0, 0, 0, 0, 0, "L2513"},
		{"defence, no card", false, tally{"block": 1, "surge": 2, "blank": 1}, SurgeNone, 0, 0, 0, 1, 3, 0, 0, "L2545"},
		{"defence, card block", false, tally{"block": 1, "surge": 2}, SurgeBlock, 0, 0, 0, 3, 0, 2, 0, "L2545"},
		{"defence, 2 tokens", false, tally{"surge": 3}, SurgeNone, 2, 0, 0, 2, 1, 0, 2, "L5593"},
	}
	for _, c := range cases {
		var got Converted
		var err error
		if c.attack {
			got, err = ConvertAttack(c.in, c.card, c.tokens)
		} else {
			got, err = ConvertDefence(c.in, c.card, c.tokens)
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got.Hits != c.hits || got.Crits != c.crits || got.Blocks != c.blocks || got.Blanks != c.blanks || got.ByCard != c.byCard || got.TokensSpent != c.tk {
			t.Errorf("%s: %+v, want hits %d crits %d blocks %d blanks %d byCard %d tokens %d", c.name, got, c.hits, c.crits, c.blocks, c.blanks, c.byCard, c.tk)
		}
		cited := false
		for _, r := range got.Reasons {
			cited = cited || strings.Contains(r.Cite, c.cite)
		}
		if !cited {
			t.Errorf("%s: reasons %+v do not cite %s", c.name, got.Reasons, c.cite)
		}
	}
	if _, err := ConvertAttack(nil, SurgeBlock, 0); err == nil {
		t.Error("attack surge → block accepted")
	}
	if _, err := ConvertDefence(nil, SurgeCritical, 0); err == nil {
		t.Error("defence surge → critical accepted")
	}
}

// The dispute roll: one red defence die; block → the round-counter holder's reading (L583–592).
func TestDiceDispute(t *testing.T) {
	if got := DisputeOdds(); got.Cmp(rat(1, 2)) != 0 {
		t.Errorf("dispute odds %s, want 1/2 (3 block sides of 6)", got.RatString())
	}
	r := SeededRoller(1)
	const n = 60000
	wins := 0
	seen := map[string]bool{}
	for i := 0; i < n; i++ {
		d := r.Dispute()
		if d.Face.Die != "red-defence" {
			t.Fatalf("dispute rolled %s", d.Face.Die)
		}
		if d.HolderWins != (d.Face.Symbol == maps.SymBlock) {
			t.Fatalf("face %s, holder wins %v", d.Face.Symbol, d.HolderWins)
		}
		if len(d.Reasons) != 1 || !strings.Contains(d.Reasons[0].Cite, "L583–592") || !strings.Contains(d.Reasons[0].Text, d.Face.Symbol) {
			t.Fatalf("reasons %+v", d.Reasons)
		}
		if d.HolderWins {
			wins++
		}
		seen[d.Face.Symbol] = true
	}
	if len(seen) != 3 {
		t.Errorf("faces seen %v, want block, surge, blank", seen)
	}
	if f := float64(wins) / n; f < 0.49 || f > 0.51 {
		t.Errorf("holder won %.4f of dispute rolls, want ≈ 0.5", f)
	}
}

// TestDisputeOf: RRG 2.0 Streitfragen klären L583–592 — the round counter holder rolls one red
// defence die: a block, the holder's reading stands; any other face, the other player's. The
// result read from a face (an online server's roll, D105), with its sentence and citation.
func TestDisputeOf(t *testing.T) {
	for _, c := range []struct {
		face     string
		holder   bool
		sentence string
		german   string
	}{
		{maps.SymBlock, true, "the red defence die shows block: the reading of the player holding the round counter stands", "zeigt Block:"},
		{maps.SymSurge, false, "the red defence die shows surge instead of block: the reading of the player without the round counter stands", "zeigt Woge statt Block"},
		{maps.SymBlank, false, "the red defence die shows blank instead of block: the reading of the player without the round counter stands", "zeigt leer statt Block"},
	} {
		d := DisputeOf(RolledDie{Die: "red-defence", Symbol: c.face})
		if d.HolderWins != c.holder || d.Face.Symbol != c.face || len(d.Reasons) != 1 || d.Reasons[0].Text != c.sentence ||
			d.Reasons[0].Cite != CiteDispute || d.Reasons[0].Rule != "dispute" {
			t.Errorf("%s: %+v, want holder wins %v, %q", c.face, d, c.holder, c.sentence)
		}
		// The page paints a message red when its words read as a refusal (web/ui.js isError); a
		// dispute's result is a notice in both languages, and German names the face in German.
		de, ok := German(d.Reasons[0])
		if !ok || !strings.Contains(de, c.german) {
			t.Errorf("%s: German %q (%v), want the face %q", c.face, de, ok, c.german)
		}
		for _, text := range []string{d.Reasons[0].Text, de} {
			if refusalWords.MatchString(text) {
				t.Errorf("%s: %q reads as a refusal on the page", c.face, text)
			}
		}
	}
}

// refusalWords are web/ui.js isError's words.
var refusalWords = regexp.MustCompile(`(?i)refused|error|cannot|not |abgelehnt|fehler|nicht|kein`)

func TestPoolOf(t *testing.T) {
	p, err := PoolOf(map[string]int{"white-attack": 2, "red-attack": 1, "black-attack": 0})
	if err != nil || len(p) != 2 || p[0].Die.ID != "red-attack" || p[0].N != 1 || p[1].Die.ID != "white-attack" || p[1].N != 2 {
		t.Errorf("PoolOf: %v %+v", err, p)
	}
	if _, err := PoolOf(map[string]int{"green-attack": 1}); err == nil || !strings.Contains(err.Error(), "green-attack") {
		t.Errorf("unknown die: %v", err)
	}
	if _, err := PoolOf(map[string]int{"red-attack": -1}); err == nil {
		t.Error("negative count accepted")
	}
}
