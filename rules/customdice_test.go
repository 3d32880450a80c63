package rules

import (
	"math/big"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/table"
)

// destinyDie is a Destiny card's die as a player types it in: two ranged sides (1 and 2), a +2
// ranged modifier, a resource, a focus side costing 1, a blank.
func destinyDie() table.Die {
	return table.Die{ID: "destiny-blaster", Name: "blaster die", System: "destiny", Kind: "any", Sides: 6,
		Faces: []table.DieFace{{Symbol: "ranged", Value: 1, Count: 1}, {Symbol: "ranged", Value: 2, Count: 1},
			{Symbol: "ranged", Value: 2, Modifier: true, Count: 1}, {Symbol: "resource", Value: 1, Count: 1},
			{Symbol: "focus", Value: 1, Cost: 1, Count: 1}, {Symbol: "blank", Count: 1}}}
}

// A table's dice join the embedded ones; one with an embedded die's id replaces it (correcting
// the assumed Rebellion faces).
func TestDiceFor(t *testing.T) {
	black := table.Die{ID: "rebellion-black", Name: "black (my dice)", System: "rebellion", Kind: "any", Sides: 6,
		Faces: []table.DieFace{{Symbol: "hit", Count: 3}, {Symbol: "direct-hit", Count: 1}, {Symbol: "special", Count: 1}, {Symbol: "blank", Count: 1}}}
	ds := DiceFor([]table.Die{black, destinyDie()})
	if len(ds) != len(maps.Dice())+1 {
		t.Fatalf("%d dice, want the %d embedded + 1", len(ds), len(maps.Dice()))
	}
	if !sort.SliceIsSorted(ds, func(i, j int) bool { return ds[i].ID < ds[j].ID }) {
		t.Error("not sorted by id")
	}
	p, err := PoolFrom(ds, map[string]int{"rebellion-black": 1, "destiny-blaster": 2})
	if err != nil || p[1].Die.Name != "black (my dice)" || p[0].N != 2 {
		t.Errorf("pool %+v %v", p, err)
	}
	if _, err := PoolFrom(ds, map[string]int{"nope": 1}); err == nil {
		t.Error("unknown die accepted")
	}
	if d, _ := maps.DieByID("rebellion-black"); d.Name == "black (my dice)" {
		t.Error("DiceFor changed the embedded die")
	}
}

// A seeded roll of a custom die gives the faces the roller gives any die with the same face
// table: the dice tool (scenes/dice.go) rolls with rules.SeededRoller and Roller.Roll, so a table's
// die rolls there exactly as here. A custom die copying red-attack's faces rolls the same symbols
// as red-attack, seed for seed; and a fixed seed replays a fixed sequence.
func TestCustomDieSeededRoll(t *testing.T) {
	red, _ := maps.DieByID("red-attack")
	copyOf := red
	copyOf.ID, copyOf.Name, copyOf.System = "my-red", "my red die", "custom"
	ds := DiceFor([]table.Die{copyOf})
	for seed := uint64(0); seed < 50; seed++ {
		a := SeededRoller(seed).Roll(Pool{{Die: red, N: 6}})
		p, _ := PoolFrom(ds, map[string]int{"my-red": 6})
		b := SeededRoller(seed).Roll(p)
		for i := range a.Dice {
			if a.Dice[i].Symbol != b.Dice[i].Symbol || b.Dice[i].Die != "my-red" {
				t.Fatalf("seed %d die %d: %+v vs %+v", seed, i, a.Dice[i], b.Dice[i])
			}
		}
	}
	p, _ := PoolFrom(DiceFor([]table.Die{destinyDie()}), map[string]int{"destiny-blaster": 3, "rebellion-red": 2})
	first, again := SeededRoller(16).Roll(p), SeededRoller(16).Roll(p)
	if !reflect.DeepEqual(first, again) {
		t.Errorf("the same seed rolled %+v and %+v", first, again)
	}
	for _, d := range first.Dice {
		if d.Die == "destiny-blaster" && d.Symbol == "focus" && d.Cost != 1 || d.Symbol == "ranged" && d.Modifier && d.Value != 2 {
			t.Errorf("a Destiny face lost its cost or modifier: %+v", d)
		}
	}
}

// The exact odds of a pool of custom dice agree with enumerating every combination of sides.
func TestCustomPoolOddsBruteForce(t *testing.T) {
	ds := DiceFor([]table.Die{destinyDie()})
	p, err := PoolFrom(ds, map[string]int{"rebellion-black": 2, "rebellion-red": 1, "destiny-blaster": 2})
	if err != nil {
		t.Fatal(err)
	}
	var dice []maps.Die
	for _, pd := range p {
		for i := 0; i < pd.N; i++ {
			dice = append(dice, pd.Die)
		}
	}
	// Every die's sides listed one by one; walk all 6^5 combinations.
	want := map[string]int64{}
	var walk func(k int, tally map[string]int, total int)
	walk = func(k int, tally map[string]int, total int) {
		if k == len(dice) {
			want[outcomeKey(tally, total)]++
			return
		}
		for _, f := range dice[k].Faces {
			for c := 0; c < f.Count; c++ {
				tally[f.Symbol]++
				walk(k+1, tally, total+f.Value)
				tally[f.Symbol]--
			}
		}
	}
	walk(0, map[string]int{}, 0)
	dist := PoolDistribution(p)
	if dist.Combos.Int64() != 6*6*6*6*6 {
		t.Fatalf("%v combinations", dist.Combos)
	}
	got := map[string]int64{}
	for _, o := range dist.Outcomes {
		got[outcomeKey(o.Tally, o.Total)] += o.Ways.Int64()
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("convolution and enumeration differ: %d vs %d outcomes", len(got), len(want))
	}
	// And one probability by hand: two black dice, at least one direct hit: 1 − (5/6)² = 11/36.
	two, _ := PoolFrom(ds, map[string]int{"rebellion-black": 2})
	if pr := PoolDistribution(two).P(func(o Outcome) bool { return o.Tally[SymDirectHit] >= 1 }); pr.Cmp(big.NewRat(11, 36)) != 0 {
		t.Errorf("P(a direct hit on 2 black) = %v, want 11/36", pr)
	}
}

func outcomeKey(tally map[string]int, total int) string {
	var parts []string
	for s, n := range tally {
		if n > 0 {
			parts = append(parts, s+"="+strconv.Itoa(n))
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, ",") + "|" + strconv.Itoa(total)
}

// Rebellion's limits (seed 001 L365–369, L569) apply when the system is chosen; other systems have
// none.
func TestRebellionLimits(t *testing.T) {
	p := pool(t, map[string]int{"rebellion-black": 7, "rebellion-red": 6})
	att, why := LimitPool("rebellion", RebellionAttack, p)
	if n := count(att); n != 10 || att[0].N != 5 || att[1].N != 5 || len(why) != 2 || why[0].Cite != CiteRebellionAttack {
		t.Errorf("attack: %+v %+v", att, why)
	}
	if !strings.Contains(why[0].Text, "2 Rebellion black combat dice left out") || strings.Contains(why[0].Text, "dies") {
		t.Errorf("attack reason: %q, want \"2 Rebellion black combat dice left out\"", why[0].Text)
	}
	mis, why := LimitPool("rebellion", RebellionMission, p)
	if count(mis) != 10 || len(why) != 1 || !strings.Contains(why[0].Text, "10 of 13") {
		t.Errorf("mission: %+v %+v", mis, why)
	}
	small := pool(t, map[string]int{"rebellion-black": 3})
	if out, why := LimitPool("rebellion", RebellionAttack, small); count(out) != 3 || !strings.Contains(why[0].Text, "within the limits") {
		t.Errorf("small: %+v %+v", out, why)
	}
	legion := pool(t, map[string]int{"red-attack": 12})
	if out, why := LimitPool("legion", RebellionAttack, legion); count(out) != 12 || why != nil {
		t.Errorf("Legion has no such limit: %+v", out)
	}
	if _, err := ParseRebellionRoll("raid"); err == nil {
		t.Error("a raid roll accepted")
	}
}

func count(p Pool) int {
	n := 0
	for _, pd := range p {
		n += pd.N
	}
	return n
}

// A mission's successes (L924–928) and an attack's damage (L923–927).
func TestRebellionSuccessesAndDamage(t *testing.T) {
	n, why := RebellionSuccesses(map[string]int{"hit": 2, "direct-hit": 1, "special": 2, "blank": 3})
	if n != 7 || why.Cite != CiteRebellionSuccess {
		t.Errorf("successes %d (%s)", n, why.Text)
	}
	ds := maps.Dice()
	r := Roll{Dice: []RolledDie{{Die: "rebellion-black", Symbol: "hit"}, {Die: "rebellion-red", Symbol: "hit"},
		{Die: "rebellion-red", Symbol: "hit"}, {Die: "rebellion-red", Symbol: "direct-hit"}, {Die: "rebellion-black", Symbol: "special"}}}
	c := RebellionDamage(r, ds)
	if c.Hits["Rebellion black combat die"] != 1 || c.Hits["Rebellion red combat die"] != 2 || c.DirectHits != 1 || c.Specials != 1 {
		t.Errorf("damage %+v", c)
	}
}

// Destiny (seed 002 L332–338): "+2 ranged" resolves only with a ranged die without +, the values
// add (the seed's example: 1 and +2 give 3 ranged damage); costs are paid (L328–330).
func TestDestinyResolve(t *testing.T) {
	r := Roll{Dice: []RolledDie{{Die: "a", Symbol: "ranged", Value: 2, Modifier: true}, {Die: "b", Symbol: "ranged", Value: 1},
		{Die: "c", Symbol: "focus", Value: 1, Cost: 1}, {Die: "d", Symbol: "blank"}}}
	res, err := ResolveDestiny(r, "ranged", 0)
	if err != nil || res.Value != 3 || !slices.Equal(res.Dice, []int{1, 0}) || !res.Payable {
		t.Errorf("ranged: %+v %v, want 3 from dice 1 and 0", res, err)
	}
	if res, _ := ResolveDestiny(r, "focus", 0); res.Payable || res.Cost != 1 {
		t.Errorf("focus without resources: %+v", res)
	}
	if _, err := ResolveDestiny(Roll{Dice: r.Dice[:1]}, "ranged", 5); err == nil || !strings.Contains(err.Error(), "alone") {
		t.Errorf("a lone modifier resolved: %v", err)
	}
	if _, err := ResolveDestiny(r, "blank", 5); err == nil {
		t.Error("a blank resolved")
	}
}
