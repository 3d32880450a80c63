package table

import "slices"

// UnitCard holds the values of a unit card that the unit catalog does not (docs/format-game.md
// "card"): the wound threshold, courage, defence die, surge conversions and weapons. A unit may
// carry one as its optional "card"; every field is optional and the rules use what is given
// (rules.Card* read it with the rulebook's defaults). The unit's keywords are the unit's own
// "keywords" (spec v1.1), not part of the card.
type UnitCard struct {
	Name string // the card's name ("" when not given)
	// Wounds is the wound threshold of each mini (RRG 2.0 Wunden L11764–11775); 0 when not given.
	// WoundsFrom gives minis added by an upgrade their own threshold, by upgrade name.
	Wounds     int
	WoundsFrom map[string]int
	// Courage is the courage value (Tapferkeit L10622–10677) when HasCourage; NoCourage is the
	// card's "–" (such a unit never takes suppression). Neither: not given.
	Courage    int
	HasCourage bool
	NoCourage  bool
	// Resilience is a vehicle's resilience (Robustheit); 0 when not given.
	Resilience int
	Defence    DefenceDie
	// SurgeAttack is what an attack surge converts to: "hit", "critical" or "" (none);
	// SurgeDefence: "block" or "" (RRG 2.0 Angriff L2513–2516, L2545–2548).
	SurgeAttack, SurgeDefence string
	Weapons                   []Weapon
	// Extra holds the card's fields this version does not know, kept for Save (nil when none).
	Extra map[string]any
}

// DefenceDie is the defence die on a unit card: red or white (RRG 2.0 Würfel L11885–11921). The
// zero value is not given.
type DefenceDie uint8

// Defence dice.
const (
	NoDefenceDie DefenceDie = iota
	RedDefence
	WhiteDefence
)

// String is "red", "white", or "" when not given.
func (d DefenceDie) String() string {
	switch d {
	case RedDefence:
		return "red"
	case WhiteDefence:
		return "white"
	}
	return ""
}

// Weapon is one weapon of a unit card or of an upgrade: its range (Melee, and/or Min–Max range
// bands for a ranged weapon; Max 0 means no maximum, the ∞ icon), its attack dice and keywords,
// and which minis may use it: From "" is the unit card's (every mini of the unit), else the name of
// the upgrade whose minis carry it (the minis whose "from" is that name).
type Weapon struct {
	Name     string
	From     string
	Melee    bool
	Min, Max int // Min 0: not a ranged weapon
	Dice     AttackDice
	Keywords Keywords
}

// Ranged reports whether the weapon has a range icon.
func (w Weapon) Ranged() bool { return w.Min > 0 }

// InRange reports whether a ranged weapon may attack at range band b.
func (w Weapon) InRange(b int) bool { return w.Min > 0 && b >= w.Min && (w.Max == 0 || b <= w.Max) }

// AttackDice are the attack dice of a weapon, by colour.
type AttackDice struct{ Red, Black, White int }

// Total is the number of dice.
func (d AttackDice) Total() int { return d.Red + d.Black + d.White }

var (
	cardFields   = []string{"name", "wounds", "woundsFrom", "courage", "resilience", "defence", "surge", "weapons"}
	weaponFields = []string{"name", "from", "melee", "min", "max", "dice", "keywords"}
)

// loadCard reads the optional card object at o's key "card" (nil when absent).
func loadCard(o object) *UnitCard {
	raw, ok := o.get("card")
	if !ok {
		return nil
	}
	return loadCardObject(asObject(o.field("card"), raw))
}

// loadCardObject reads a card object (also the entries of a unit-card file).
func loadCardObject(co object) *UnitCard {
	c := &UnitCard{}
	c.Name = co.strOr("name", "")
	c.Wounds = atLeast(co, "wounds", 1)
	if raw, ok := co.get("woundsFrom"); ok {
		wo := asObject(co.field("woundsFrom"), raw)
		for _, k := range sortedKeys(wo.m) {
			if k == "" {
				fail(wo.field(k), "an upgrade needs a name")
			}
			if c.WoundsFrom == nil {
				c.WoundsFrom = map[string]int{}
			}
			c.WoundsFrom[k] = atLeast(wo, k, 1)
		}
	}
	switch v := co.m["courage"].(type) {
	case nil:
		if _, given := co.get("courage"); given {
			fail(co.field("courage"), "must be a number or \"-\", got null")
		}
	case string:
		if v != "-" {
			fail(co.field("courage"), "must be a number or \"-\" (no courage), got %q", v)
		}
		c.NoCourage = true
	default:
		c.Courage, c.HasCourage = atLeast(co, "courage", 1), true
	}
	c.Resilience = atLeast(co, "resilience", 1)
	if v, ok := co.str("defence"); ok {
		switch v {
		case "red":
			c.Defence = RedDefence
		case "white":
			c.Defence = WhiteDefence
		default:
			fail(co.field("defence"), "must be \"red\" or \"white\", got %q", v)
		}
	}
	if raw, ok := co.get("surge"); ok {
		so := asObject(co.field("surge"), raw)
		for _, k := range sortedKeys(so.m) {
			if k != "attack" && k != "defence" {
				fail(so.field(k), "unknown surge (attack or defence)")
			}
		}
		if v, ok := so.str("attack"); ok {
			if v != "hit" && v != "critical" && v != "none" {
				fail(so.field("attack"), "must be \"hit\", \"critical\" or \"none\", got %q", v)
			}
			c.SurgeAttack = map[bool]string{true: "", false: v}[v == "none"]
		}
		if v, ok := so.str("defence"); ok {
			if v != "block" && v != "none" {
				fail(so.field("defence"), "must be \"block\" or \"none\", got %q", v)
			}
			c.SurgeDefence = map[bool]string{true: "", false: v}[v == "none"]
		}
	}
	if arr, ok := co.array("weapons"); ok {
		names := map[[2]string]string{}
		for i, raw := range arr {
			wp := index(co.field("weapons"), i)
			w := loadWeapon(asObject(wp, raw))
			k := [2]string{w.From, w.Name}
			if first, dup := names[k]; dup {
				fail(wp, "weapon %q of %q is given twice (first at %s)", w.Name, w.From, first)
			}
			names[k] = wp
			c.Weapons = append(c.Weapons, w)
		}
	}
	c.Extra = co.extra(cardFields...)
	return c
}

func loadWeapon(o object) Weapon {
	w := Weapon{Name: o.id("name"), From: o.strOr("from", "")}
	w.Melee, _ = o.boolean("melee")
	if _, ok := o.get("min"); ok {
		w.Min = atLeast(o, "min", 1)
		if w.Min > 5 {
			fail(o.field("min"), "must be 1 to 5 (range bands), got %d", w.Min)
		}
	}
	if _, ok := o.get("max"); ok {
		if w.Min == 0 {
			fail(o.field("max"), "a maximum range needs a minimum (min)")
		}
		w.Max = atLeast(o, "max", w.Min)
	}
	if !w.Melee && w.Min == 0 {
		fail(o.path, "weapon %q has neither \"melee\": true nor a range (min)", w.Name)
	}
	o.require("dice")
	do := asObject(o.field("dice"), o.m["dice"])
	for _, k := range sortedKeys(do.m) {
		if k != "red" && k != "black" && k != "white" {
			fail(do.field(k), "unknown die colour (red, black or white)")
		}
	}
	w.Dice = AttackDice{Red: atLeast(do, "red", 0), Black: atLeast(do, "black", 0), White: atLeast(do, "white", 0)}
	if w.Dice.Total() == 0 {
		fail(o.field("dice"), "weapon %q has no dice", w.Name)
	}
	w.Keywords = loadKeywords(o)
	for _, k := range sortedKeys(o.m) {
		if !slices.Contains(weaponFields, k) {
			fail(o.field(k), "unknown field (known: name, from, melee, min, max, dice, keywords)")
		}
	}
	return w
}

// atLeast reads an optional whole number that must be ≥ lo (0 when absent).
func atLeast(o object, k string, lo int) int {
	v, ok := o.integer(k)
	if !ok {
		return 0
	}
	if v < lo {
		fail(o.field(k), "must be at least %d, got %d", lo, v)
	}
	return v
}

// cardDoc writes a card: fields with their empty value left out, unknown fields after.
func cardDoc(c *UnitCard) ordered {
	var o ordered
	if c.Name != "" {
		o.add("name", c.Name)
	}
	if c.Wounds > 0 {
		o.add("wounds", c.Wounds)
	}
	if len(c.WoundsFrom) > 0 {
		var wo ordered
		for _, k := range sortedKeys(c.WoundsFrom) {
			wo.add(k, c.WoundsFrom[k])
		}
		o.add("woundsFrom", wo)
	}
	switch {
	case c.NoCourage:
		o.add("courage", "-")
	case c.HasCourage:
		o.add("courage", c.Courage)
	}
	if c.Resilience > 0 {
		o.add("resilience", c.Resilience)
	}
	if c.Defence != NoDefenceDie {
		o.add("defence", c.Defence.String())
	}
	if c.SurgeAttack != "" || c.SurgeDefence != "" {
		var so ordered
		if c.SurgeAttack != "" {
			so.add("attack", c.SurgeAttack)
		}
		if c.SurgeDefence != "" {
			so.add("defence", c.SurgeDefence)
		}
		o.add("surge", so)
	}
	if len(c.Weapons) > 0 {
		ws := make([]any, len(c.Weapons))
		for i, w := range c.Weapons {
			wo := ordered{{"name", w.Name}}
			if w.From != "" {
				wo.add("from", w.From)
			}
			if w.Melee {
				wo.add("melee", true)
			}
			if w.Min > 0 {
				wo.add("min", w.Min)
			}
			if w.Max > 0 {
				wo.add("max", w.Max)
			}
			var do ordered
			for _, d := range []struct {
				k string
				n int
			}{{"red", w.Dice.Red}, {"black", w.Dice.Black}, {"white", w.Dice.White}} {
				if d.n > 0 {
					do.add(d.k, d.n)
				}
			}
			wo.add("dice", do)
			if !w.Keywords.IsZero() {
				wo.add("keywords", keywordsDoc(w.Keywords))
			}
			ws[i] = wo
		}
		o.add("weapons", ws)
	}
	o.addExtra(c.Extra)
	return o
}
