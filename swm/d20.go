package swm

import (
	"fmt"
	"math/big"

	"holotable/maps"
	"holotable/rules"
)

// The d20 rolls (the digest's §1.16 I; seed 004 L140, L288–296, L640–650, L706–708, L734, L916,
// L970, L996, L1170, L1358–1362, L1468–1470). Every roll is one face of maps/dice/swm-d20.json
// rolled by a rules.Roller — the roller the app's dice tool uses — so a seed replays the same
// naturals here and there.

// d20ID is the die of maps/dice the rolls use.
const d20ID = "swm-d20"

// D20 returns the d20 of maps/dice.
func D20() maps.Die {
	d, ok := maps.DieByID(d20ID)
	if !ok {
		panic("swm: maps/dice/" + d20ID + ".json missing")
	}
	return d
}

// roll rolls one natural 1–20.
func roll(r *rules.Roller) int { return r.RollDie(D20()).Value }

// AttackOptions are an attack roll's numbers: the attacker's Attack, the defender's Defense
// (cover's +4 already added by the caller, L554), allies giving combined fire (+4 each, L650), the
// least natural that is a critical hit (20; Deadly Attack 19, L996; Vaapad 18, L1468), Vicious
// Attack (×3, L1470), and a droid defender (no extra critical damage, L640).
type AttackOptions struct {
	Attack, Defense int
	CombinedFire    int
	CritFrom        int // 0 means 20
	Vicious         bool
	DroidDefender   bool
}

// Attack is a resolved attack roll.
type Attack struct {
	Natural  int  `json:"natural"`
	Total    int  `json:"total"` // natural + Attack + 4 per combined fire
	Hit      bool `json:"hit"`
	Critical bool `json:"critical"`
	// Damage is the multiple of the attacker's Damage dealt: 0 on a miss, 1, 2 or 3.
	Damage  int            `json:"damage"`
	Reasons []rules.Reason `json:"reasons"`
}

func (o AttackOptions) critFrom() int {
	if o.CritFrom == 0 {
		return 20
	}
	return o.CritFrom
}

func (o AttackOptions) check() error {
	if c := o.critFrom(); c < 2 || c > 20 {
		return fmt.Errorf("critical range %d–20: the least critical natural must be 2 to 20", c)
	}
	if o.CombinedFire < 0 {
		return fmt.Errorf("combined fire %d: cannot be negative", o.CombinedFire)
	}
	return nil
}

// ResolveAttack resolves the natural roll n (1–20).
func ResolveAttack(n int, o AttackOptions) (Attack, error) {
	if err := o.check(); err != nil {
		return Attack{}, err
	}
	if n < 1 || n > 20 {
		return Attack{}, fmt.Errorf("a d20 shows 1 to 20, not %d", n)
	}
	a := Attack{Natural: n, Total: n + o.Attack + 4*o.CombinedFire}
	add := func(rule rules.Code, cite, text string) {
		a.Reasons = append(a.Reasons, rules.Reason{Rule: rule, Cite: cite, Text: text})
	}
	crit := o.critFrom()
	switch {
	case n == 1:
		add("natural-1", CiteNatural1, "a natural 1 always misses")
	case n >= crit:
		a.Hit, a.Critical = true, true
		text := fmt.Sprintf("a natural %d is a critical hit: it hits whatever the Defense", n)
		if crit < 20 {
			add("critical", CiteCritRange, fmt.Sprintf("%s (critical on %d–20)", text, crit))
		} else {
			add("critical", CiteNatural20, text)
		}
	default:
		a.Hit = a.Total >= o.Defense
		verdict := "misses"
		if a.Hit {
			verdict = "hits"
		}
		add("attack-roll", CiteD20Attack, fmt.Sprintf("%d + Attack %d", n, o.Attack)+combined(o.CombinedFire)+fmt.Sprintf(" = %d against Defense %d: %s", a.Total, o.Defense, verdict))
	}
	if o.CombinedFire > 0 {
		add("combined-fire", CiteCombinedFire, fmt.Sprintf("%d allies give combined fire: +%d", o.CombinedFire, 4*o.CombinedFire))
	}
	switch {
	case !a.Hit:
	case !a.Critical || o.DroidDefender:
		a.Damage = 1
		if a.Critical {
			add("droid", CiteNatural20, "droids take no extra critical damage")
		}
	case o.Vicious:
		a.Damage = 3
		add("vicious", CiteCritRange, "Vicious Attack: triple damage")
	default:
		a.Damage = 2
		add("critical-damage", CiteNatural20, "double damage")
	}
	return a, nil
}

func combined(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" + %d combined fire", 4*n)
}

// RollAttack rolls an attack.
func RollAttack(r *rules.Roller, o AttackOptions) (Attack, error) {
	if err := o.check(); err != nil {
		return Attack{}, err
	}
	return ResolveAttack(roll(r), o)
}

// RerollAttack spends a Force point on an attack just rolled: it is rolled again and the second
// result stands, even a worse one; a natural 1 may be rerolled too (L734).
func RerollAttack(r *rules.Roller, first Attack, o AttackOptions) (Attack, error) {
	a, err := RollAttack(r, o)
	if err != nil {
		return a, err
	}
	a.Reasons = append([]rules.Reason{{Rule: "force-reroll", Cite: CiteForceReroll,
		Text: fmt.Sprintf("a Force point rerolls the natural %d; the new roll stands", first.Natural)}}, a.Reasons...)
	return a, nil
}

// HitChance is the exact chance that the attack hits: naturals that hit, over 20.
func HitChance(o AttackOptions) (*big.Rat, error) {
	hits := 0
	for n := 1; n <= 20; n++ {
		a, err := ResolveAttack(n, o)
		if err != nil {
			return nil, err
		}
		if a.Hit {
			hits++
		}
	}
	return big.NewRat(int64(hits), 20), nil
}

// SaveNumber is the usual save (L706, L1358: "save 11").
const SaveNumber = 11

// Save is a save roll: d20 ≥ the number.
type Save struct {
	Natural int            `json:"natural"`
	Need    int            `json:"need"`
	Saved   bool           `json:"saved"`
	Reasons []rules.Reason `json:"reasons"`
}

// RollSave rolls a save against need (0 means SaveNumber). Saves are not optional (L708).
func RollSave(r *rules.Roller, need int) Save {
	if need == 0 {
		need = SaveNumber
	}
	n := roll(r)
	s := Save{Natural: n, Need: need, Saved: n >= need}
	verdict := "fails"
	if s.Saved {
		verdict = "succeeds"
	}
	s.Reasons = []rules.Reason{{Rule: "save", Cite: CiteSave, Text: fmt.Sprintf("save %d: the d20 shows %d, the save %s", need, n, verdict)}}
	return s
}

// Initiative is an initiative check: both players' naturals, rolled again on ties, and which
// player (0 or 1) chooses who goes first.
type Initiative struct {
	Rolls   [][2]int       `json:"rolls"`
	Winner  int            `json:"winner"`
	Reasons []rules.Reason `json:"reasons"`
}

// RollInitiative rolls the initiative check (L140, L1170). It cannot be rerolled with a Force
// point (L734).
func RollInitiative(r *rules.Roller) Initiative {
	var in Initiative
	for {
		a, b := roll(r), roll(r)
		in.Rolls = append(in.Rolls, [2]int{a, b})
		if a == b {
			continue
		}
		if b > a {
			in.Winner = 1
		}
		break
	}
	last := in.Rolls[len(in.Rolls)-1]
	in.Reasons = []rules.Reason{{Rule: "initiative", Cite: CiteInitiative, Text: fmt.Sprintf(
		"%d roll(s); the last %d against %d: player %d chooses who goes first", len(in.Rolls), last[0], last[1], in.Winner+1)}}
	return in
}
