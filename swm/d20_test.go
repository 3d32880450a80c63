package swm

import (
	"math/big"
	"slices"
	"testing"

	"holotable/maps"
	"holotable/rules"
)

// The book's attack rolls, resolved from their naturals.
func TestResolveAttackExamples(t *testing.T) {
	cases := []struct {
		name    string
		natural int
		o       AttackOptions
		hit     bool
		crit    bool
		damage  int
	}{
		// L296: Vader (+14) rolls 12: 26 against Obi-Wan's Defense 19 hits.
		{"Vader L296", 12, AttackOptions{Attack: 14, Defense: 19}, true, false, 1},
		// L722: the Heavy Stormtrooper rolls 15 + 6 + 4 (combined fire) = 25 against 24 (20 + 4 cover).
		{"combined fire L722", 15, AttackOptions{Attack: 6, Defense: 24, CombinedFire: 1}, true, false, 1},
		{"one short", 13, AttackOptions{Attack: 6, Defense: 24, CombinedFire: 1}, false, false, 0},
		// L642: a natural 1 always misses.
		{"natural 1 L642", 1, AttackOptions{Attack: 30, Defense: 10}, false, false, 0},
		// L640: a natural 20 always hits, double damage; droids take single damage.
		{"natural 20 L640", 20, AttackOptions{Attack: 0, Defense: 99}, true, true, 2},
		{"droid L640", 20, AttackOptions{Attack: 0, Defense: 99, DroidDefender: true}, true, true, 1},
		// L996, L970: Deadly Attack crits on 19, which then hits automatically.
		{"Deadly Attack L996", 19, AttackOptions{Attack: 0, Defense: 99, CritFrom: 19}, true, true, 2},
		{"Vaapad L1468", 18, AttackOptions{Attack: 0, Defense: 99, CritFrom: 18, Vicious: true}, true, true, 3},
		{"19 without Deadly Attack", 19, AttackOptions{Attack: 0, Defense: 99}, false, false, 0},
	}
	for _, c := range cases {
		a, err := ResolveAttack(c.natural, c.o)
		if err != nil {
			t.Fatal(err)
		}
		if a.Hit != c.hit || a.Critical != c.crit || a.Damage != c.damage || len(a.Reasons) == 0 {
			t.Errorf("%s: %+v, want hit %v crit %v damage ×%d", c.name, a, c.hit, c.crit, c.damage)
		}
	}
	for _, bad := range []struct {
		n int
		o AttackOptions
	}{{0, AttackOptions{}}, {21, AttackOptions{}}, {10, AttackOptions{CritFrom: 1}}, {10, AttackOptions{CombinedFire: -1}}} {
		if _, err := ResolveAttack(bad.n, bad.o); err == nil {
			t.Errorf("ResolveAttack(%d, %+v) accepted", bad.n, bad.o)
		}
	}
}

// HitChance is exact: the naturals that hit, counted.
func TestHitChance(t *testing.T) {
	for _, c := range []struct {
		o    AttackOptions
		want *big.Rat
	}{
		{AttackOptions{Attack: 6, Defense: 24, CombinedFire: 1}, big.NewRat(7, 20)}, // 14–20
		{AttackOptions{Attack: 50, Defense: 10}, big.NewRat(19, 20)},                // all but the 1
		{AttackOptions{Attack: 0, Defense: 99}, big.NewRat(1, 20)},                  // the 20
		{AttackOptions{Attack: 0, Defense: 99, CritFrom: 18}, big.NewRat(3, 20)},
	} {
		got, err := HitChance(c.o)
		if err != nil || got.Cmp(c.want) != 0 {
			t.Errorf("%+v: %v %v, want %v", c.o, got, err, c.want)
		}
	}
}

// The rolls come from rules.Roller rolling maps/dice/swm-d20.json: a seed gives the same naturals
// here as the same roller gives the dice tool, and a save, a reroll and an initiative check follow
// their rules.
func TestD20Rolls(t *testing.T) {
	const seed = 2007
	ref := rules.SeededRoller(seed)
	d20, _ := maps.DieByID("swm-d20")
	var want []int
	for i := 0; i < 40; i++ {
		want = append(want, ref.RollDie(d20).Value)
	}
	r := rules.SeededRoller(seed)
	var got []int
	for i := 0; i < 20; i++ {
		a, err := RollAttack(r, AttackOptions{Attack: 5, Defense: 15})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, a.Natural)
		s := RollSave(r, 0)
		if s.Need != 11 || s.Saved != (s.Natural >= 11) {
			t.Errorf("save %+v", s)
		}
		got = append(got, s.Natural)
	}
	if !slices.Equal(got, want) {
		t.Errorf("naturals %v, want the roller's %v", got, want)
	}
	first, _ := ResolveAttack(1, AttackOptions{})
	again, _ := RerollAttack(rules.SeededRoller(seed), first, AttackOptions{})
	if again.Natural != want[0] || again.Reasons[0].Cite != CiteForceReroll {
		t.Errorf("reroll %+v, want the next natural %d", again, want[0])
	}
	// Initiative: ties are rolled again until the naturals differ.
	for s := uint64(0); s < 200; s++ {
		in := RollInitiative(rules.SeededRoller(s))
		last := in.Rolls[len(in.Rolls)-1]
		if last[0] == last[1] || (last[1] > last[0]) != (in.Winner == 1) {
			t.Fatalf("seed %d: %+v", s, in)
		}
		for _, r := range in.Rolls[:len(in.Rolls)-1] {
			if r[0] != r[1] {
				t.Fatalf("seed %d: rolled again without a tie: %+v", s, in)
			}
		}
	}
}
