package rules

import (
	"fmt"
	"slices"
	"strings"

	"holotable/geometry"
	"holotable/table"
)

// The attack assistant: for an attacking and a defending unit, everything the table decides about
// the attack — the attack range from the attacking leader, which attacking minis may add dice (line
// of sight to a defending mini), which defending minis can be wounded (seen by an attacking mini),
// the defender's cover with its modifiers and why, whether either unit is engaged, and with the
// unit card's weapons entered which weapon of which mini is in range, in its fixed arc and may join
// the pool. attack_pool.go rolls and resolves the pool; attack_wounds.go assigns the wounds.

// AttackQuery is an attack by unit Attacker on unit Defender: ranged, or Melee (the units in base
// contact). Weapons, when given, are the weapon each attacking mini adds to the pool (mini id →
// weapon name; a mini not named adds nothing); without them the answer lists every choice.
// Standby: the attack is the free attack of a unit spending its standby token (CiteStandbyAttack;
// a Sperrig weapon may join it after the unit moved, CiteCumbersome).
type AttackQuery struct {
	Attacker, Defender string
	Melee              bool
	Weapons            map[string]string
	Standby            bool
}

// WeaponOption is one weapon one attacking mini could add: whether the attack range is in its
// range (melee: whether it is a melee weapon), whether the defender is in its fixed arc (true when
// it has none), whether it may join the pool, the dice it adds (Spray: once per defending mini the
// mini sees) and why.
type WeaponOption struct {
	Mini, Weapon, From string
	InRange, InArc     bool
	Joins              bool
	Dice               table.AttackDice
	Reasons            []Reason
}

// AttackAnswer is the assistant's answer.
type AttackAnswer struct {
	Attacker, Defender string
	Melee              bool
	Standby            bool // a standby attack (AttackQuery.Standby): ApplyAttack spends the token
	// Band and Distance: the attack range from the attacking leader (From) to the nearest
	// defending mini (To); 0 and the gap for a melee attack.
	Band     int
	Distance float64
	From, To string
	// Sees maps each attacking mini with line of sight to a defending mini (the eligible minis,
	// Eligible, in unit order) to the defending minis it sees, in unit order.
	Eligible []string
	Sees     map[string][]string
	// Woundable are the defending minis some eligible attacking mini sees, Hidden the others (they
	// cannot be wounded), both in unit order.
	Woundable, Hidden []string
	// Cover is the defender's cover against this attack after its modifiers ("none" in melee);
	// CoverDetail the obscuring analysis from the attacking leader, Modifiers what changed it.
	Cover       table.Cover
	CoverDetail CoverAnswer
	Modifiers   CoverModifiers
	// AttackerEngaged and DefenderEngaged list the units each is engaged with.
	AttackerEngaged, DefenderEngaged []string
	// Allowed: the attack may be made (a defender to target, an eligible mini, and — ranged — no
	// engagement forbids it, unless a Versatile weapon serves the engaged attacker).
	Allowed bool
	// Options lists every weapon of every eligible mini, in unit and card order.
	Options []WeaponOption
	// Pool is the pool of the chosen Weapons (nil without a choice).
	Pool    *AttackPool
	Reasons []Reason
}

// AttackPool is the dice and keywords of a pool: the dice of every weapon added (Spray counted),
// the keywords it gives the pool (X keywords add up, CiteKeywordsAddUp), and the weapons.
type AttackPool struct {
	Dice                     table.AttackDice
	Pierce, Impact, Critical int
	Blast                    bool
	HighVelocity             bool // every weapon has High Velocity (CiteHighVelocity)
	Suppressive              bool
	Ranged                   bool
	Weapons                  []string // "mini: weapon"
	// Ram is the pool's Ram X (CiteRam), RamReady whether the record shows the full standard move
	// at max speed it needs in this activation; Cumbersome: a weapon of the pool is Sperrig
	// (CiteCumbersome: ApplyAttack records the attack).
	Ram        int
	RamReady   bool
	Cumbersome bool
}

// Attack answers an attack by q.Attacker on q.Defender (see AttackAnswer). The cover of a melee
// attack is none (CiteMelee); a ranged attack's cover is Cover's, with the defender's suppression,
// Cover X, Low Profile and the smoke tokens, the attacker's Sharpshooter X, and Blast when the
// chosen pool has it (CoverModifiers.apply). A carried attacker or defender measures from its
// transport (transport_measure.go).
func (w *World) Attack(q AttackQuery) (AttackAnswer, error) {
	if a, ok, err := w.transportedAttack(q); ok {
		return a, err
	}
	return w.attack(q, attackOpts{})
}

// attackOpts are what a transport changes in an attack (transport_measure.go): heavy, the defender
// counts as having heavy cover before the modifiers; carried, the units (attacker or defender)
// that are never engaged, whatever their stand-in touches.
type attackOpts struct {
	heavy   bool
	carried []string
}

// attack is Attack of two units on the table, with a transport's changes o.
func (w *World) attack(q AttackQuery, o attackOpts) (AttackAnswer, error) {
	u, err := w.Unit(q.Attacker)
	if err != nil {
		return AttackAnswer{}, err
	}
	v, err := w.Unit(q.Defender)
	if err != nil {
		return AttackAnswer{}, err
	}
	if u == v {
		return AttackAnswer{}, fmt.Errorf("%s cannot attack itself", u.ID)
	}
	a := AttackAnswer{Attacker: u.ID, Defender: v.ID, Melee: q.Melee, Standby: q.Standby, Sees: map[string][]string{}, Allowed: true}
	if q.Standby {
		if why := w.StandbyAttack(u.ID); len(why) > 0 {
			a.Allowed = false
			a.Reasons = append(a.Reasons, why...)
		}
	}
	if !Enemies(u, v) {
		a.Allowed = false
		a.Reasons = append(a.Reasons, say("attack.friendly", CiteDeclareDefender, []string{u.ID, v.ID}, v.ID, u.ID))
	}
	flags := w.contactFlags()
	a.AttackerEngaged, a.DefenderEngaged = w.EngagedWith(u, flags), w.EngagedWith(v, flags)
	if slices.Contains(o.carried, u.ID) {
		a.AttackerEngaged = nil
	}
	if slices.Contains(o.carried, v.ID) {
		a.DefenderEngaged = nil
	}

	// Range: attack range from the leader; a melee attack needs the units in melee.
	rg, err := w.Range(u.ID, v.ID, true)
	if err != nil {
		return AttackAnswer{}, err
	}
	a.Distance, a.From, a.To = rg.Distance, rg.From, rg.To
	if q.Melee {
		if !w.InMelee(u, v, flags) {
			a.Allowed = false
			a.Reasons = append(a.Reasons, say("attack.notInMelee", CiteMelee, []string{u.ID, v.ID}, u.ID, v.ID))
		} else {
			a.Reasons = append(a.Reasons, say("attack.melee", CiteMelee, []string{u.ID, v.ID}, u.ID, v.ID))
		}
	} else {
		a.Band = rg.Band
		a.Reasons = append(a.Reasons, rg.Reasons...)
	}

	// Cover from the attacking leader: its analysis also gives what the leader sees.
	var c CoverAnswer
	if c, err = w.Cover(CoverQuery{Attacker: u.ID, Defender: v.ID}); err != nil {
		return AttackAnswer{}, err
	}
	a.CoverDetail = c
	hiddenFromLeader := map[string]bool{}
	for _, id := range c.Hidden {
		hiddenFromLeader[id] = true
	}
	seen := map[string]bool{}
	for _, m := range u.Minis {
		var sees []string
		if m == u.Leader {
			for _, b := range v.Minis {
				if !hiddenFromLeader[b.ID] {
					sees = append(sees, b.ID)
				}
			}
		} else {
			sees = w.visibleMinis(m, v, false)
		}
		if len(sees) == 0 {
			continue
		}
		a.Eligible = append(a.Eligible, m.ID)
		a.Sees[m.ID] = sees
		for _, id := range sees {
			seen[id] = true
		}
	}
	for _, b := range v.Minis {
		if seen[b.ID] {
			a.Woundable = append(a.Woundable, b.ID)
		} else {
			a.Hidden = append(a.Hidden, b.ID)
		}
	}
	a.Reasons = append(a.Reasons, say("attack.eligible", CiteEligible, a.Eligible, len(a.Eligible), len(u.Minis), u.ID, v.ID))
	if len(a.Hidden) > 0 {
		a.Reasons = append(a.Reasons, say("attack.hidden", CiteWoundsHidden, a.Hidden, strings.Join(a.Hidden, ", ")))
	}
	if len(a.Eligible) == 0 {
		a.Allowed = false
	}

	// Engagement.
	if !q.Melee {
		if len(a.DefenderEngaged) > 0 {
			a.Allowed = false
			a.Reasons = append(a.Reasons, say("attack.defenderEngaged", CiteEngaged, a.DefenderEngaged, v.ID, strings.Join(a.DefenderEngaged, ", ")))
		}
		if len(a.AttackerEngaged) > 0 {
			a.Reasons = append(a.Reasons, say("attack.attackerEngaged", CiteEngaged, a.AttackerEngaged, u.ID, strings.Join(a.AttackerEngaged, ", ")))
		}
		if lim, limited, why := w.rangeLimit(); limited && a.Band > lim {
			a.Allowed = false
			a.Reasons = append(a.Reasons, why...)
		}
	}

	// Weapons.
	a.Options, a.Reasons = w.weaponOptions(u, v, &a), append(a.Reasons, w.weaponsNote(u)...)
	if !q.Melee && len(a.AttackerEngaged) > 0 {
		versatile := false
		for _, o := range a.Options {
			versatile = versatile || o.Joins
		}
		if !versatile {
			a.Allowed = false
		}
	}
	weak, err := w.WeakPoints(u.ID, v.ID)
	if err != nil {
		return AttackAnswer{}, err
	}
	a.Reasons = append(a.Reasons, weak.Reasons...)
	if q.Weapons != nil {
		pool, rs, err := a.pool(u, q.Weapons, weak.Impact)
		if err != nil {
			return AttackAnswer{}, err
		}
		a.Pool = pool
		a.Reasons = append(a.Reasons, rs...)
		a.Reasons = append(a.Reasons, w.ramReady(u, pool)...)
	}

	// Cover and its modifiers.
	if q.Melee {
		a.Cover = table.CoverNone
		a.Reasons = append(a.Reasons, say("attack.meleeNoCover", CiteMelee, nil))
		return a, nil
	}
	a.Modifiers = w.coverModifiers(u, v, a.Pool)
	base := c.Cover
	if o.heavy {
		base = table.CoverHeavy
	}
	level, mods := a.Modifiers.apply(base, v)
	a.Cover = level
	a.Reasons = append(a.Reasons, c.Reasons...)
	a.Reasons = append(a.Reasons, mods...)
	return a, nil
}

// rangeLimit is the condition card's limit on ranged attacks this round (Limited Visibility,
// AttackLimit), when the table's setup chose one.
func (w *World) rangeLimit() (int, bool, []Reason) {
	g := w.File.Game
	if g == nil || w.File.Setup == nil || w.File.Setup.Draft == nil {
		return 0, false, nil
	}
	sc, err := w.SetupCards()
	if err != nil || sc.Condition == nil || !sc.Final {
		return 0, false, nil
	}
	lim, limited, rs := AttackLimit(*sc.Condition, g.Round)
	return int(lim), limited, rs
}

// coverModifiers gathers the modifiers of a ranged attack by u on v with the pool (nil: none yet).
func (w *World) coverModifiers(u, v *Unit, pool *AttackPool) CoverModifiers {
	var m CoverModifiers
	if r := w.gameRecord(v.ID); r != nil && r.Tokens[table.TokenSuppression] > 0 && !isDroid(r) {
		m.Suppressed = true
	}
	m.CoverX = int(v.Keywords.Cover.X)
	m.LowProfile = v.Keywords.LowProfile
	m.Sharpshooter = int(u.Keywords.Sharpshooter.X)
	m.Blast = pool != nil && pool.Blast && !v.Keywords.ImmuneBlast
	// Smoke: at range 1 of the defending trooper leader, and of the attacking trooper leader
	// (vehicles neither gain nor cause it, CiteSmoke).
	lim := w.File.Profile.RangeSegment + w.File.Profile.Epsilon
	for _, t := range w.Tokens {
		if t.Kind != "smoke" {
			continue
		}
		if v.IsTrooper() && geometry.Distance(v.Leader.Foot, t.Foot) <= lim {
			m.Smoke++
		}
		if u.IsTrooper() && v.IsTrooper() && geometry.Distance(u.Leader.Foot, t.Foot) <= lim {
			m.Smoke++
		}
	}
	return m
}

// gameRecord is a unit's game record, nil without one.
func (w *World) gameRecord(id string) *table.GameUnit {
	if w.File.Game == nil {
		return nil
	}
	return w.File.Game.Unit(id)
}

// weaponsNote says so when the attacking unit's weapons are not entered.
func (w *World) weaponsNote(u *Unit) []Reason {
	if u.Card == nil || len(u.Card.Weapons) == 0 {
		return []Reason{say("attack.noWeapons", CiteNoWeapons, []string{u.ID}, u.ID)}
	}
	return nil
}

// weaponOptions lists, for every eligible mini of u, every weapon of the unit card it may use (the
// card's own, and those of the upgrade that added it): in range, in arc, joins.
func (w *World) weaponOptions(u, v *Unit, a *AttackAnswer) []WeaponOption {
	if u.Card == nil {
		return nil
	}
	var out []WeaponOption
	for _, mid := range a.Eligible {
		m := w.byID[mid].(*Mini)
		for _, wp := range u.Card.Weapons {
			if wp.From != "" && wp.From != m.From {
				continue
			}
			o := WeaponOption{Mini: m.ID, Weapon: wp.Name, From: wp.From, InArc: true}
			switch {
			case a.Melee:
				o.InRange = wp.Melee
				if !wp.Melee {
					o.Reasons = append(o.Reasons, say("weapon.notMelee", CiteRangedMelee, []string{m.ID}, wp.Name))
				}
			case !wp.Ranged():
				o.Reasons = append(o.Reasons, say("weapon.notRanged", CiteRangedMelee, []string{m.ID}, wp.Name))
			default:
				o.InRange = wp.InRange(a.Band)
				o.Reasons = append(o.Reasons, say(map[bool]Code{true: "weapon.inRange", false: "weapon.outOfRange"}[o.InRange],
					CiteWeaponJoins, []string{m.ID}, wp.Name, rangeText(wp), a.Band))
			}
			if arc := wp.Keywords.Fixed; arc != "" {
				in, has := w.inFixedArc(m, v, arc)
				switch {
				case !has:
					o.Reasons = append(o.Reasons, say("weapon.noArcs", CiteFixedArc, []string{m.ID}, wp.Name, m.ID))
				case in:
					o.Reasons = append(o.Reasons, say("weapon.inArc", CiteFixedArc, []string{m.ID, v.ID}, v.ID, arc, m.ID))
				default:
					o.InArc = false
					o.Reasons = append(o.Reasons, say("weapon.notInArc", CiteFixedArc, []string{m.ID, v.ID}, v.ID, arc, m.ID))
				}
			}
			o.Joins = o.InRange && o.InArc && a.Allowed
			if wp.Keywords.Cumbersome {
				ok, why := w.cumbersomeWeapon(u, m.ID, wp.Name, a.Standby)
				o.Joins = o.Joins && ok
				o.Reasons = append(o.Reasons, why...)
			}
			if !a.Melee && len(a.AttackerEngaged) > 0 && !wp.Keywords.Versatile {
				o.Joins = false
				o.Reasons = append(o.Reasons, say("weapon.engaged", CiteVersatile, []string{m.ID}, wp.Name))
			}
			n := 1
			if wp.Keywords.Spray {
				n = len(a.Sees[m.ID])
				o.Reasons = append(o.Reasons, say("weapon.spray", CiteSpray, []string{m.ID}, wp.Name, n))
			}
			o.Dice = table.AttackDice{Red: wp.Dice.Red * n, Black: wp.Dice.Black * n, White: wp.Dice.White * n}
			out = append(out, o)
		}
	}
	return out
}

// rangeText is a weapon's range as its card shows it: "melee", "1–3", "2–∞".
func rangeText(wp table.Weapon) string {
	switch {
	case !wp.Ranged():
		return "melee"
	case wp.Max == 0:
		return fmt.Sprintf("%d–∞", wp.Min)
	case wp.Max == wp.Min:
		return fmt.Sprintf("%d", wp.Min)
	}
	return fmt.Sprintf("%d–%d", wp.Min, wp.Max)
}

// pool builds the pool of the chosen weapons: each mini named must be eligible and its weapon one
// that joins; X keywords add up (CiteKeywordsAddUp), with weak, the Impact the defender's Weak
// Point gives (WeakPoints).
func (a *AttackAnswer) pool(u *Unit, chosen map[string]string, weak int) (*AttackPool, []Reason, error) {
	p := &AttackPool{Ranged: !a.Melee, HighVelocity: true, Impact: weak}
	var names []string
	for _, m := range u.Minis {
		if _, ok := chosen[m.ID]; ok {
			names = append(names, m.ID)
		}
	}
	if len(names) != len(chosen) {
		for id := range chosen {
			if !slices.Contains(names, id) {
				return nil, nil, fmt.Errorf("%s is not a mini of %s", id, u.ID)
			}
		}
	}
	for _, mid := range names {
		var opt *WeaponOption
		for i := range a.Options {
			if a.Options[i].Mini == mid && a.Options[i].Weapon == chosen[mid] {
				opt = &a.Options[i]
			}
		}
		switch {
		case opt == nil:
			return nil, nil, &Refusal{Reasons: []Reason{say("weapon.unknown", CiteWeaponJoins, []string{mid}, mid, chosen[mid])}}
		case !opt.Joins:
			return nil, nil, &Refusal{Reasons: append(append([]Reason(nil), opt.Reasons...), say("weapon.cannotJoin", CiteWeaponJoins, []string{mid}, chosen[mid], mid))}
		}
		var wp table.Weapon
		for _, x := range u.Card.Weapons {
			if x.Name == opt.Weapon && x.From == opt.From {
				wp = x
			}
		}
		p.Dice.Red += opt.Dice.Red
		p.Dice.Black += opt.Dice.Black
		p.Dice.White += opt.Dice.White
		k := wp.Keywords
		p.Pierce += int(k.Pierce.X)
		p.Impact += int(k.Impact.X)
		p.Critical += int(k.Critical.X)
		p.Blast = p.Blast || k.Blast
		p.Suppressive = p.Suppressive || k.Suppressive
		p.HighVelocity = p.HighVelocity && k.HighVelocity
		p.Ram += int(k.Ram.X)
		p.Cumbersome = p.Cumbersome || k.Cumbersome
		p.Weapons = append(p.Weapons, mid+": "+opt.Weapon)
	}
	if len(p.Weapons) == 0 {
		p.HighVelocity = false
	}
	rs := []Reason{say("attack.pool", CiteKeywordsAddUp, names, p.Dice.Red, p.Dice.Black, p.Dice.White, poolKeywords(p))}
	return p, rs, nil
}

// poolKeywords names the keywords a pool has, "none" when it has none, in English and German.
func poolKeywords(p *AttackPool) word {
	en, de := PoolKeywordNames(p, "en"), PoolKeywordNames(p, "de")
	if len(en) == 0 {
		return word{"none", "keine"}
	}
	return word{strings.Join(en, ", "), strings.Join(de, ", ")}
}

// poolKeywordNames are the attack keywords a pool can carry, in English and as the German
// rulebook names them (Schlüsselwörter: Durchschlagen, Wucht, Kritisch, Rammen, Explosion,
// Hochgeschwindigkeit, Niederhaltend, Sperrig).
var poolKeywordNames = struct{ pierce, impact, critical, ram, blast, highVelocity, suppressive, cumbersome word }{
	word{"Pierce", "Durchschlagen"}, word{"Impact", "Wucht"}, word{"Critical", "Kritisch"}, word{"Ram", "Rammen"},
	word{"Blast", "Explosion"}, word{"High Velocity", "Hochgeschwindigkeit"}, word{"Suppressive", "Niederhaltend"},
	word{"Cumbersome", "Sperrig"},
}

// PoolKeywordNames lists the keywords pool p has, each with its value ("Pierce 2"), in lang
// ("de" or English); none when it has none.
func PoolKeywordNames(p *AttackPool, lang string) []string {
	n := poolKeywordNames
	var ks []string
	for _, k := range []struct {
		name word
		x    int
	}{{n.pierce, p.Pierce}, {n.impact, p.Impact}, {n.critical, p.Critical}, {n.ram, p.Ram}} {
		if k.x > 0 {
			ks = append(ks, fmt.Sprintf("%s %d", k.name.In(lang), k.x))
		}
	}
	for _, k := range []struct {
		name word
		on   bool
	}{{n.blast, p.Blast}, {n.highVelocity, p.HighVelocity}, {n.suppressive, p.Suppressive}, {n.cumbersome, p.Cumbersome}} {
		if k.on {
			ks = append(ks, k.name.In(lang))
		}
	}
	return ks
}
