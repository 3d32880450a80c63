package table

import (
	"fmt"
	"strings"
)

// Keywords are the keywords of a unit or of a weapon that the rules read (spec scenario-v1 v1.1
// "New unit fields"; rules in shared/docs/rules-legion.md §5, §7, §8): one representation for
// both, read from a unit's "keywords" and from a weapon's "keywords" on its unit card
// (docs/format-game.md). In a file they are the unit's optional "keywords"
// object; a missing key means the unit lacks that keyword. A key of the wrong type or value is a
// fault; a key this version does not know is kept (Extra) and written back by Save.
//
// Speeder, Hover, SideNotches and FullPivot act on notched units (every type but trooper) only;
// ExpertClimber on trooper units. Jump, MeleeWeapon, Transport and Reposition are read by the
// app's rules (rules.Jump, the melee and transport rules, rules.Reposition), not by the judge.
type Keywords struct {
	Speeder       KeywordX  // "speeder": X — Speeder X (Gleiter X)
	Hover         Hover     // "hover": "ground" or X — Hover: Ground / Hover: Air X (Schweben)
	SideNotches   bool      // "sideNotches": its bases have side notches (strafe)
	FullPivot     bool      // "fullPivot": Full Pivot (Volle Drehung), pivots up to 360°
	ExpertClimber bool      // "expertClimber": Expert Climber (Geübter Kletterer), climbs roll no dice
	Jump          KeywordX  // "jump": X — Jump X (Springen X)
	MeleeWeapon   bool      // "meleeWeapon": the unit has a melee weapon (it may start a melee)
	Transport     Transport // "transport": {"capacity": X, "open": …, "light": …} — Transport X
	Reposition    bool      // "reposition": Reposition (Neupositionieren)

	// Unit keywords the game and the attack assistant read (docs/format-game.md).
	Cover        KeywordX  // "cover": X — Cover X (Deckung X, L4528–4536)
	Sharpshooter KeywordX  // "sharpshooter": X — Sharpshooter X (Scharfschütze X, L9701–9718)
	LowProfile   bool      // "lowProfile" — Low Profile (Unauffällig, L11063–11082)
	Armor        KeywordX  // "armor": X, or true for Armor without X (Panzerung, X 0) — Impact turns hits to crits against it
	ImmuneBlast  bool      // "immuneBlast" — Immune: Blast (Immunität: Explosion, L7071–7078)
	ImmunePierce bool      // "immunePierce" — Immune: Pierce
	WeakPoint    WeakPoint // "weakPoint": {"rear": X, "sides": X} — Weak Point X: Rear/Sides (Schwachstelle X, L9923–9939)

	// Unit keywords the move ops read with the game's move record (rules/move_keywords.go, D125).
	Plodding bool     // "plodding" — Schwerfällig (L10035–10048): one standard move per activation
	Agile    KeywordX // "agile": X — Agile X (Agil X, L2131–2158): X dodge tokens after each standard move action
	Tactical KeywordX // "tactical": X — Tactical X (Taktisch X, L10594–10621): X aim tokens after each standard move action

	// Weapon keywords (a weapon's "keywords" on a unit card) the attack assistant reads.
	Blast        bool     // "blast" — Blast (Explosion, L5704–5717): the pool ignores cover
	Fixed        string   // "fixed": "front" or "rear" — Fixed: Front/Rear (L6008–6031), "" when not fixed
	Versatile    bool     // "versatile" — Versatile (Vielseitig): a ranged weapon usable while engaged
	Spray        bool     // "spray" — Spray (Streuung, L10556–10570): dice once per defending mini in LOS
	Pierce       KeywordX // "pierce": X — Pierce X (Durchschlagen X): cancels up to X blocks
	Impact       KeywordX // "impact": X — Impact X (Wucht X): up to X hits become crits against Armor
	Critical     KeywordX // "critical": X — Critical X (Kritisch X): up to X surges become crits
	Suppressive  bool     // "suppressive" — Suppressive (Niederhaltend): 1 more suppression after the attack
	HighVelocity bool     // "highVelocity" — High Velocity (Hochgeschwindigkeit): no dodge tokens
	Cumbersome   bool     // "cumbersome" — Cumbersome (Sperrig, L10314–10338): not both a move (pivots excepted) and an attack with it in one activation
	Ram          KeywordX // "ram": X — Ram X (Rammen X, L8898–8938): X blanks or hits become crits after a full standard move at max speed

	// Extra holds the keys this version does not know, kept for Save (nil when none).
	Extra map[string]any
}

// KeywordX is a keyword with a value X ≥ 0 (Speeder X, Jump X). Has is false when the unit lacks
// the keyword; X is then 0.
type KeywordX struct {
	Has bool
	X   float64
}

// HoverKind is which Hover keyword a unit has: none, Hover: Ground or Hover: Air X.
type HoverKind int

// The Hover keywords. HoverNone is the zero value.
const (
	HoverNone HoverKind = iota
	HoverGround
	HoverAir
)

// String returns "none", "ground" or "air".
func (k HoverKind) String() string {
	switch k {
	case HoverGround:
		return "ground"
	case HoverAir:
		return "air"
	}
	return "none"
}

// Hover is a unit's Hover keyword: Kind, and for Hover: Air X its X ≥ 0 (0 otherwise). In a file
// it is "ground" or the number X.
type Hover struct {
	Kind HoverKind
	X    float64
}

// Transport is the Transport X keyword (Transporter X: Offen/Geschlossen, RRG 2.0 L10799–10821;
// Leichter Transporter X L8077–8096): Capacity is X (0 when the unit is no transport), Open says an
// open transport (closed otherwise), Light a light transport (single-mini troopers on round bases).
// In a file: {"capacity": X, "open": bool, "light": bool}, capacity ≥ 1 required, the others
// default false; other keys inside it are dropped.
type Transport struct {
	Capacity int
	Open     bool
	Light    bool
}

// WeakPoint is the Weak Point X: Rear/Sides keyword (Schwachstelle X: Heck/Seiten, RRG 2.0
// L9923–9939; holotable's addition to spec v1.1, docs/format-moves.md): Rear is X for the rear
// arc, Sides X for the left and right arcs, 0 where the unit has no weak point. In a file
// {"rear": X, "sides": X}, each an integer ≥ 1 and optional, at least one given; another key
// inside it is a fault.
type WeakPoint struct {
	Rear, Sides int
}

// Has reports whether the unit has a weak point at all.
func (w WeakPoint) Has() bool { return w.Rear > 0 || w.Sides > 0 }

// IsZero reports whether the unit has no keyword at all (and no unknown key).
func (k Keywords) IsZero() bool {
	return k.Speeder == (KeywordX{}) && k.Hover == (Hover{}) && !k.SideNotches && !k.FullPivot &&
		!k.ExpertClimber && k.Jump == (KeywordX{}) && !k.MeleeWeapon && k.Transport == (Transport{}) &&
		!k.Reposition && k.Cover == (KeywordX{}) && k.Sharpshooter == (KeywordX{}) && !k.LowProfile &&
		k.Armor == (KeywordX{}) && !k.ImmuneBlast && !k.ImmunePierce && !k.Blast && k.Fixed == "" && !k.Versatile &&
		!k.Spray && k.Pierce == (KeywordX{}) && k.Impact == (KeywordX{}) && k.Critical == (KeywordX{}) && !k.Suppressive &&
		!k.HighVelocity && !k.Cumbersome && k.Ram == (KeywordX{}) && !k.WeakPoint.Has() && !k.Plodding && k.Agile == (KeywordX{}) && k.Tactical == (KeywordX{}) &&
		len(k.Extra) == 0
}

// flags are the keywords that are true or absent, in the order Save writes them after the
// moves' keywords.
func (k *Keywords) flags() []struct {
	key string
	on  *bool
} {
	return []struct {
		key string
		on  *bool
	}{{"lowProfile", &k.LowProfile}, {"immuneBlast", &k.ImmuneBlast}, {"immunePierce", &k.ImmunePierce},
		{"blast", &k.Blast}, {"versatile", &k.Versatile}, {"spray", &k.Spray}, {"suppressive", &k.Suppressive},
		{"highVelocity", &k.HighVelocity}, {"plodding", &k.Plodding}, {"cumbersome", &k.Cumbersome}}
}

// values are the keywords with a value X, in the order Save writes them.
func (k *Keywords) values() []struct {
	key string
	x   *KeywordX
} {
	return []struct {
		key string
		x   *KeywordX
	}{{"cover", &k.Cover}, {"sharpshooter", &k.Sharpshooter}, {"pierce", &k.Pierce}, {"impact", &k.Impact},
		{"critical", &k.Critical}, {"agile", &k.Agile}, {"tactical", &k.Tactical}, {"ram", &k.Ram}}
}

// keywordKeys are the keys of "keywords" this version reads, in the order Save writes them.
var keywordKeys = []string{"speeder", "hover", "sideNotches", "fullPivot", "expertClimber", "jump", "meleeWeapon", "transport", "reposition",
	"cover", "sharpshooter", "pierce", "impact", "critical", "armor", "fixed", "weakPoint",
	"lowProfile", "immuneBlast", "immunePierce", "blast", "versatile", "spray", "suppressive", "highVelocity",
	"agile", "tactical", "plodding", "ram", "cumbersome"}

// loadKeywords reads a unit's optional "keywords" object.
func loadKeywords(u object) Keywords {
	raw, ok := u.get("keywords")
	if !ok {
		return Keywords{}
	}
	o := asObject(u.field("keywords"), raw)
	var k Keywords
	k.Speeder = keywordX(o, "speeder")
	k.Jump = keywordX(o, "jump")
	if raw, ok := o.get("hover"); ok {
		switch v := raw.(type) {
		case string:
			if v != "ground" {
				fail(o.field("hover"), `must be "ground" or a number (Hover: Air X), got %q`, v)
			}
			k.Hover = Hover{Kind: HoverGround}
		default:
			x := toNumber(o.field("hover"), raw)
			if x < 0 {
				fail(o.field("hover"), "must not be negative, got %s", num(x))
			}
			k.Hover = Hover{Kind: HoverAir, X: x}
		}
	}
	k.SideNotches, _ = o.boolean("sideNotches")
	k.FullPivot, _ = o.boolean("fullPivot")
	k.ExpertClimber, _ = o.boolean("expertClimber")
	k.MeleeWeapon, _ = o.boolean("meleeWeapon")
	k.Reposition, _ = o.boolean("reposition")
	if raw, ok := o.get("transport"); ok {
		t := asObject(o.field("transport"), raw)
		t.require("capacity")
		c, _ := t.integer("capacity")
		if c < 1 {
			fail(t.field("capacity"), "must be at least 1, got %d", c)
		}
		k.Transport.Capacity = c
		k.Transport.Open, _ = t.boolean("open")
		k.Transport.Light, _ = t.boolean("light")
	}
	for _, v := range k.values() {
		*v.x = keywordX(o, v.key)
	}
	for _, b := range k.flags() {
		*b.on, _ = o.boolean(b.key)
	}
	if raw, ok := o.get("armor"); ok {
		if b, isBool := raw.(bool); isBool {
			k.Armor = KeywordX{Has: b}
		} else {
			k.Armor = keywordX(o, "armor")
		}
	}
	if v, ok := o.str("fixed"); ok {
		if v != "front" && v != "rear" {
			fail(o.field("fixed"), `must be "front" or "rear", got %q`, v)
		}
		k.Fixed = v
	}
	if raw, ok := o.get("weakPoint"); ok {
		k.WeakPoint = loadWeakPoint(asObject(o.field("weakPoint"), raw))
	}
	k.Extra = o.extra(keywordKeys...)
	return k
}

// loadWeakPoint reads a "weakPoint" object: "rear" and "sides", integers ≥ 1, at least one.
func loadWeakPoint(o object) WeakPoint {
	var w WeakPoint
	for _, side := range []struct {
		key string
		x   *int
	}{{"rear", &w.Rear}, {"sides", &w.Sides}} {
		if x, ok := o.integer(side.key); ok {
			if x < 1 {
				fail(o.field(side.key), "must be at least 1 (Weak Point X), got %d", x)
			}
			*side.x = x
		}
	}
	for _, k := range sortedKeys(o.m) {
		if k != "rear" && k != "sides" {
			fail(o.field(k), "unknown field (known: rear, sides)")
		}
	}
	if !w.Has() {
		fail(o.field("rear"), `a weak point names "rear" or "sides" (or both) with its X`)
	}
	return w
}

// keywordX reads a keyword with a value X ≥ 0.
func keywordX(o object, key string) KeywordX {
	x, ok := o.number(key)
	if !ok {
		return KeywordX{}
	}
	if x < 0 {
		fail(o.field(key), "must not be negative, got %s", num(x))
	}
	return KeywordX{Has: true, X: x}
}

// keywordsDoc is the "keywords" object Save writes: the keys the unit has, in keywordKeys order,
// then the unknown ones sorted.
func keywordsDoc(k Keywords) ordered {
	var o ordered
	if k.Speeder.Has {
		o.add("speeder", k.Speeder.X)
	}
	switch k.Hover.Kind {
	case HoverGround:
		o.add("hover", "ground")
	case HoverAir:
		o.add("hover", k.Hover.X)
	}
	for _, b := range []struct {
		key string
		on  bool
	}{{"sideNotches", k.SideNotches}, {"fullPivot", k.FullPivot}, {"expertClimber", k.ExpertClimber}} {
		if b.on {
			o.add(b.key, true)
		}
	}
	if k.Jump.Has {
		o.add("jump", k.Jump.X)
	}
	if k.MeleeWeapon {
		o.add("meleeWeapon", true)
	}
	if k.Transport.Capacity > 0 {
		o.add("transport", ordered{{"capacity", k.Transport.Capacity}, {"open", k.Transport.Open}, {"light", k.Transport.Light}})
	}
	if k.Reposition {
		o.add("reposition", true)
	}
	for _, v := range k.values() {
		if v.x.Has {
			o.add(v.key, v.x.X)
		}
	}
	switch {
	case k.Armor.Has && k.Armor.X == 0:
		o.add("armor", true)
	case k.Armor.Has:
		o.add("armor", k.Armor.X)
	}
	if k.Fixed != "" {
		o.add("fixed", k.Fixed)
	}
	if k.WeakPoint.Has() {
		var wp ordered
		if k.WeakPoint.Rear > 0 {
			wp.add("rear", k.WeakPoint.Rear)
		}
		if k.WeakPoint.Sides > 0 {
			wp.add("sides", k.WeakPoint.Sides)
		}
		o.add("weakPoint", wp)
	}
	for _, b := range k.flags() {
		if *b.on {
			o.add(b.key, true)
		}
	}
	o.addExtra(k.Extra)
	return o
}

// String is a short description for messages, e.g. "Speeder 1, Hover: Air 1, side notches".
func (k Keywords) String() string {
	var parts []string
	if k.Speeder.Has {
		parts = append(parts, "Speeder "+num(k.Speeder.X))
	}
	switch k.Hover.Kind {
	case HoverGround:
		parts = append(parts, "Hover: Ground")
	case HoverAir:
		parts = append(parts, "Hover: Air "+num(k.Hover.X))
	}
	if k.SideNotches {
		parts = append(parts, "side notches")
	}
	if k.FullPivot {
		parts = append(parts, "Full Pivot")
	}
	if k.ExpertClimber {
		parts = append(parts, "Expert Climber")
	}
	if k.Jump.Has {
		parts = append(parts, "Jump "+num(k.Jump.X))
	}
	if k.MeleeWeapon {
		parts = append(parts, "melee weapon")
	}
	if k.Transport.Capacity > 0 {
		kind := "Closed"
		if k.Transport.Open {
			kind = "Open"
		}
		light := ""
		if k.Transport.Light {
			light = "Light "
		}
		parts = append(parts, fmt.Sprintf("%sTransport %d: %s", light, k.Transport.Capacity, kind))
	}
	if k.Reposition {
		parts = append(parts, "Reposition")
	}
	for _, v := range k.values() {
		if v.x.Has {
			parts = append(parts, keywordNames[v.key]+" "+num(v.x.X))
		}
	}
	switch {
	case k.Armor.Has && k.Armor.X == 0:
		parts = append(parts, "Armor")
	case k.Armor.Has:
		parts = append(parts, "Armor "+num(k.Armor.X))
	}
	if k.Fixed != "" {
		parts = append(parts, "Fixed: "+map[string]string{"front": "Front", "rear": "Rear"}[k.Fixed])
	}
	if k.WeakPoint.Rear > 0 {
		parts = append(parts, fmt.Sprintf("Weak Point %d: Rear", k.WeakPoint.Rear))
	}
	if k.WeakPoint.Sides > 0 {
		parts = append(parts, fmt.Sprintf("Weak Point %d: Sides", k.WeakPoint.Sides))
	}
	for _, b := range k.flags() {
		if *b.on {
			parts = append(parts, keywordNames[b.key])
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// keywordNames are the English names of the game's keywords, for String.
var keywordNames = map[string]string{"cover": "Cover", "sharpshooter": "Sharpshooter", "pierce": "Pierce", "impact": "Impact",
	"critical": "Critical", "lowProfile": "Low Profile", "immuneBlast": "Immune: Blast", "immunePierce": "Immune: Pierce",
	"blast": "Blast", "versatile": "Versatile", "spray": "Spray", "suppressive": "Suppressive", "highVelocity": "High Velocity",
	"agile": "Agile", "tactical": "Tactical", "plodding": "Plodding", "ram": "Ram",
	"cumbersome": "Cumbersome"}

// clone is a copy of k with its own Extra map.
func (k Keywords) clone() Keywords {
	if k.Extra != nil {
		m := make(map[string]any, len(k.Extra))
		for n, v := range k.Extra {
			m[n] = v
		}
		k.Extra = m
	}
	return k
}
