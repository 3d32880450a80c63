package rules

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"holotable/table"
)

// hiddenStormtrooperDoc is the rulebook's worked example of terrain and cover (RRG 2.0 Deckung
// L4592–4612) laid out on a table: an AT-RT (eye 2.576 high) at (10, 18) attacks five
// stormtroopers standing at x = 30. Woods (area terrain, light cover, 3 high) at x 23–27, y 14–20
// lie on the lines to st-1 (y 16) and st-2 (y 19); a building (solid, heavy, 5 high) at x 23–27,
// y 4–13 lies on the line to st-3 (y 9) and hides all of it — every ray from the eye to st-3's
// base (x 29.47–30.53, y 8.47–9.53) crosses x 23–27 below y 12.4 and below the eye's height;
// st-0 (the leader, y 26) and st-4 (y 22) stand in the open.
const hiddenStormtrooperDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "terrain":[
  {"id":"woods","polygon":[[23,14],[27,14],[27,20],[23,20]],"height":3,"kind":"area","cover":"light"},
  {"id":"building","polygon":[[23,4],[27,4],[27,13],[23,13]],"height":5,"kind":"solid","cover":"heavy","move":"impassable"}],
 "units_on_table":[
  {"id":"atrt","side":"Rebels","type":"ground","coverGiven":"light","card":{"wounds":6,"surge":{"attack":"hit"},
    "weapons":[{"name":"AT-RT Rotary Blaster","min":1,"max":4,"dice":{"black":7}}]},
   "minis":[{"id":"atrt-1","leader":true,"x":10,"y":18,"base":"large","height":2.576}]},
  {"id":"storm","side":"Empire","type":"trooper","card":{"wounds":1,"courage":1,"defence":"red","surge":{"attack":"hit"}},"minis":[
   {"id":"st-0","leader":true,"x":30,"y":26,"base":"small","height":1.65},
   {"id":"st-1","x":30,"y":16,"base":"small","height":1.65},
   {"id":"st-2","x":30,"y":19,"base":"small","height":1.65},
   {"id":"st-3","x":30,"y":9,"base":"small","height":1.65},
   {"id":"st-4","x":30,"y":22,"base":"small","height":1.65}]}],
 "game":{"round":1,"rounds":6,"phase":"activation","turn":"blue","active":"atrt",
  "sides":{"blue":{"side":"Rebels"},"red":{"side":"Empire"}},
  "units":[{"unit":"atrt","colour":"blue","rank":"support","points":55},{"unit":"storm","colour":"red","rank":"corps","points":44}]}}`

// TestWorkedExampleHiddenStormtrooper is the rulebook's example (RRG 2.0 Deckung L4592–4612):
// three of five stormtroopers are obscured (at least half: the unit has cover), two by the woods
// (light) and one by the building (heavy): more are light, so the cover is light. The building
// blocks the AT-RT's line of sight to that stormtrooper completely, so it cannot be defeated even
// by five or more wounds: the four visible minis, the leader included, are defeated and the
// hidden one becomes the new unit leader.
func TestWorkedExampleHiddenStormtrooper(t *testing.T) {
	w := world(t, hiddenStormtrooperDoc)
	a, err := w.Attack(AttackQuery{Attacker: "atrt", Defender: "storm", Weapons: map[string]string{"atrt-1": "AT-RT Rotary Blaster"}})
	if err != nil {
		t.Fatal(err)
	}
	if a.Cover != table.CoverLight || !reflect.DeepEqual(a.CoverDetail.Obscured, []string{"st-1", "st-2", "st-3"}) {
		t.Fatalf("cover %s, obscured %v", a.Cover, a.CoverDetail.Obscured)
	}
	if !reflect.DeepEqual(a.Woundable, []string{"st-0", "st-1", "st-2", "st-4"}) || !reflect.DeepEqual(a.Hidden, []string{"st-3"}) {
		t.Fatalf("woundable %v hidden %v", a.Woundable, a.Hidden)
	}
	// The judge's cover answer for the same table names the same hidden mini.
	ans := w.Ask(table.Query{ID: "q", Kind: "cover", Attacker: "atrt", Defender: "storm"})
	if ans.Err != nil || !reflect.DeepEqual(ans.Fields[2].Value, []string{"st-3"}) {
		t.Fatalf("judge: %+v", ans)
	}
	if !a.Allowed || a.Band != 4 || a.Pool == nil || a.Pool.Dice.Black != 7 {
		t.Fatalf("allowed %v band %d pool %+v", a.Allowed, a.Band, a.Pool)
	}
	// Seven hits, light cover cancels one; six blank defence dice: six wounds.
	o, err := w.ResolveAttack(a, AttackRoll{Attack: map[string]int{"hit": 7}, Defence: map[string]int{"blank": 6}})
	if err != nil {
		t.Fatal(err)
	}
	if o.CoverCancelled != 1 || o.Wounds != 6 || o.Assignment.Lost != 2 ||
		!reflect.DeepEqual(o.Assignment.Defeated, []string{"st-1", "st-2", "st-4", "st-0"}) || o.Assignment.Leader != "st-3" || o.Suppression != 1 {
		t.Fatalf("outcome %+v", o)
	}
	ok := stepper(t)
	after := ok(w.ApplyAttack(a, o))
	u, err := after.Unit("storm")
	if err != nil || len(u.Minis) != 1 || u.Leader.ID != "st-3" {
		t.Fatalf("after the attack: %+v %v", u, err)
	}
	r := after.File.Game.Unit("storm")
	if len(r.Defeated) != 4 || r.Tokens[table.TokenSuppression] != 1 || len(r.Wounds) != 0 {
		t.Fatalf("record %+v", r)
	}
	for _, m := range r.Defeated {
		if m.Leader {
			t.Fatal("a defeated mini still leads")
		}
	}
}

// TestWorkedExampleLowProfile: "a unit with a suppression token and Low Profile, attacked by a
// unit with Sharpshooter 1, has light cover" (RRG 2.0 Unauffällig L11069–11073): none, +1 for
// suppression = light, Low Profile makes it heavy, Sharpshooter 1 takes it back to light.
func TestWorkedExampleLowProfile(t *testing.T) {
	v := &Unit{Unit: &table.Unit{Type: table.Trooper}}
	level, rs := CoverModifiers{Suppressed: true, LowProfile: true, Sharpshooter: 1}.apply(table.CoverNone, v)
	if level != table.CoverLight || len(rs) != 3 {
		t.Fatalf("level %v, reasons %v", level, rs)
	}
	// Without the suppression the unit has no light cover for Low Profile to improve.
	if level, _ := (CoverModifiers{LowProfile: true, Sharpshooter: 1}).apply(table.CoverNone, v); level != table.CoverNone {
		t.Fatalf("level %v", level)
	}
}

// squadDoc: a four-mini trooper unit "sq" (its card: E-11 range 1–3 one red die; a grenade range 1
// with Impact 1; a DLT-19 for the mini added by that upgrade, range 1–4 with Critical 1; a melee
// rifle butt; a Versatile pistol) at x 10–13.6, y 10, facing a red unit "tgt" at x 20–22 (range 2)
// and a ground vehicle "tank" (front arc facing +x) at (40, 30), range 6 away, with a fixed front
// cannon of range 1–∞.
const squadDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "units_on_table":[
  {"id":"sq","side":"Empire","type":"trooper","card":{"wounds":1,"courage":1,"defence":"red","surge":{"attack":"hit"},"weapons":[
    {"name":"E-11","min":1,"max":3,"dice":{"red":1}},
    {"name":"Grenade","min":1,"max":1,"dice":{"white":1},"keywords":{"impact":1}},
    {"name":"DLT-19","from":"DLT-19 Stormtrooper","min":1,"max":4,"dice":{"black":1,"white":1},"keywords":{"critical":1}},
    {"name":"Rifle Butt","melee":true,"dice":{"white":1}},
    {"name":"Pistol","min":1,"max":2,"dice":{"white":1},"keywords":{"versatile":true}},
    {"name":"Flamer","min":1,"max":2,"dice":{"red":1},"keywords":{"spray":true}}]},
   "minis":[
    {"id":"sq-1","leader":true,"x":10,"y":10,"base":"small","height":1.65},
    {"id":"sq-2","x":11.2,"y":10,"base":"small","height":1.65},
    {"id":"sq-3","x":12.4,"y":10,"base":"small","height":1.65},
    {"id":"sq-4","x":13.6,"y":10,"base":"small","height":1.65,"from":"DLT-19 Stormtrooper"}]},
  {"id":"tgt","side":"Rebels","type":"trooper","card":{"wounds":1,"courage":1,"defence":"white","surge":{"defence":"block"}},"minis":[
    {"id":"tgt-1","leader":true,"x":20,"y":10,"base":"small","height":1.65},
    {"id":"tgt-2","x":21.2,"y":10,"base":"small","height":1.65},
    {"id":"tgt-3","x":22.4,"y":10,"base":"small","height":1.65}]},
  {"id":"tank","side":"Rebels","type":"ground","keywords":{"armor":true},"card":{"wounds":8,"defence":"red","weapons":[
    {"name":"Cannon","min":1,"dice":{"red":2},"keywords":{"fixed":"front","impact":2}}]},
   "minis":[{"id":"tank-1","leader":true,"x":40,"y":30,"base":"huge","height":3,"facing":0}]}],
 "game":{"round":1,"rounds":6,"phase":"activation","turn":"red","active":"sq",
  "sides":{"blue":{"side":"Rebels"},"red":{"side":"Empire"}},
  "units":[{"unit":"sq","colour":"red","rank":"corps","points":44},{"unit":"tgt","colour":"blue","rank":"corps","points":40},
   {"unit":"tank","colour":"blue","rank":"heavy","points":150}]}}`

func option(a AttackAnswer, mini, weapon string) WeaponOption {
	for _, o := range a.Options {
		if o.Mini == mini && o.Weapon == weapon {
			return o
		}
	}
	return WeaponOption{}
}

// Which weapon of which mini may join: range bands from the leader (sq-1 to tgt-1: 10 − 1.063 =
// 8.937, range 2), the DLT-19 only for its own mini, melee weapons not at range.
func TestAttackWeaponOptions(t *testing.T) {
	w := world(t, squadDoc)
	a, err := w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Band != 2 || !a.Allowed || len(a.Eligible) != 4 || a.Cover != table.CoverNone {
		t.Fatalf("band %d allowed %v eligible %v cover %s", a.Band, a.Allowed, a.Eligible, a.Cover)
	}
	for _, tc := range []struct {
		mini, weapon string
		joins        bool
		dice         table.AttackDice
	}{
		{"sq-1", "E-11", true, table.AttackDice{Red: 1}},
		{"sq-1", "Grenade", false, table.AttackDice{White: 1}}, // range 1 only
		{"sq-1", "Rifle Butt", false, table.AttackDice{White: 1}},
		{"sq-4", "DLT-19", true, table.AttackDice{Black: 1, White: 1}},
		{"sq-2", "Flamer", true, table.AttackDice{Red: 3}}, // Spray: three defending minis in sight
	} {
		o := option(a, tc.mini, tc.weapon)
		if o.Weapon == "" || o.Joins != tc.joins || o.Dice != tc.dice {
			t.Errorf("%s %s: %+v", tc.mini, tc.weapon, o)
		}
	}
	if o := option(a, "sq-1", "DLT-19"); o.Weapon != "" {
		t.Error("the leader may not use the DLT-19 trooper's weapon")
	}
	if own, _ := w.Attack(AttackQuery{Attacker: "tgt", Defender: "tank"}); own.Allowed || !hasRule(own.Reasons, "attack.friendly") {
		t.Error("a unit attacked a friendly one")
	}
	// The pool: three E-11 and the DLT-19.
	a, err = w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt", Weapons: map[string]string{"sq-1": "E-11", "sq-2": "E-11", "sq-3": "E-11", "sq-4": "DLT-19"}})
	if err != nil || a.Pool.Dice != (table.AttackDice{Red: 3, Black: 1, White: 1}) || a.Pool.Critical != 1 || len(a.Pool.Weapons) != 4 {
		t.Fatalf("pool %+v %v", a.Pool, err)
	}
	_, err = w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt", Weapons: map[string]string{"sq-1": "Grenade"}})
	var r *Refusal
	if !errors.As(err, &r) || r.Reasons[len(r.Reasons)-1].Rule != "weapon.cannotJoin" {
		t.Fatalf("a grenade at range 2: %v", err)
	}
}

// TestWorkedExampleImpactAddsUp: four stormtroopers each using a weapon with Impact 1 give the
// pool Impact 4 (RRG 2.0 Schlüsselwörter L9858–9864).
func TestWorkedExampleImpactAddsUp(t *testing.T) {
	doc := strings.Replace(squadDoc, `"x":20,"y":10`, `"x":14.8,"y":10`, 1) // tgt-1 now within range 1
	doc = strings.Replace(doc, `"x":21.2,"y":10`, `"x":16,"y":10`, 1)
	doc = strings.Replace(doc, `"x":22.4,"y":10`, `"x":17.2,"y":10`, 1)
	w := world(t, doc)
	a, err := w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt", Weapons: map[string]string{"sq-1": "Grenade", "sq-2": "Grenade", "sq-3": "Grenade", "sq-4": "Grenade"}})
	if err != nil || a.Band != 1 || a.Pool.Impact != 4 || a.Pool.Dice.White != 4 {
		t.Fatalf("band %d pool %+v %v", a.Band, a.Pool, err)
	}
}

// A fixed front weapon needs the defender in the mini's front arc (RRG 2.0 Fester Feuerwinkel
// L6008–6031): the tank faces +x; sq lies behind it, to the west.
func TestAttackFixedArc(t *testing.T) {
	w := world(t, squadDoc)
	a, err := w.Attack(AttackQuery{Attacker: "tank", Defender: "sq"})
	if err != nil {
		t.Fatal(err)
	}
	if o := option(a, "tank-1", "Cannon"); o.InArc || o.Joins {
		t.Fatalf("behind the tank: %+v", o)
	}
	f, _ := cloneFile(w.File)
	f.UnitsOnTable[f.UnitIndex("tank")].Minis[0].Facing = 180
	a, _ = NewWorld(f).Attack(AttackQuery{Attacker: "tank", Defender: "sq"})
	if o := option(a, "tank-1", "Cannon"); !o.InArc || !o.Joins {
		t.Fatalf("turned round: %+v", o)
	}
}

// Melee: only in base contact (or treated so), melee weapons only, no cover; engaged units make
// and take no ranged attacks, except with a Versatile weapon (RRG 2.0 Handgemenge L6909–6934).
func TestAttackMeleeAndEngaged(t *testing.T) {
	w := world(t, squadDoc)
	a, _ := w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt", Melee: true})
	if a.Allowed {
		t.Fatal("a melee attack across the table")
	}
	// tgt-1 moved into contact with sq-4 (13.6 + 1.063 = 14.663).
	doc := strings.Replace(squadDoc, `"x":20,"y":10`, `"x":14.663,"y":10`, 1)
	w = world(t, doc)
	a, _ = w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt", Melee: true, Weapons: map[string]string{"sq-1": "Rifle Butt"}})
	if !a.Allowed || a.Cover != table.CoverNone || !option(a, "sq-1", "Rifle Butt").Joins || option(a, "sq-1", "E-11").Joins {
		t.Fatalf("melee: %+v", a)
	}
	ranged, _ := w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt"})
	if ranged.Allowed || !hasRule(ranged.Reasons, "attack.defenderEngaged") {
		t.Fatalf("a ranged attack on an engaged unit: %v", ranged.Reasons)
	}
	// The engaged squad shoots the tank: only the Versatile pistol, and the tank is out of its range.
	at, _ := w.Attack(AttackQuery{Attacker: "sq", Defender: "tank"})
	if at.Allowed || option(at, "sq-1", "E-11").Joins || !hasRule(at.Reasons, "attack.attackerEngaged") {
		t.Fatalf("engaged attacker: %+v", at.Reasons)
	}
	// Treated as in base contact (Toleranzbereich): a flagged pair counts as contact.
	doc = strings.Replace(squadDoc, `"x":20,"y":10`, `"x":14.8,"y":10`, 1)
	doc = strings.Replace(doc, `"units":[{"unit":"sq"`, `"contacts":[["sq-4","tgt-1"]],"units":[{"unit":"sq"`, 1)
	a, _ = world(t, doc).Attack(AttackQuery{Attacker: "sq", Defender: "tgt", Melee: true})
	if !a.Allowed {
		t.Fatalf("flagged contact: %v", a.Reasons)
	}
}

// Cover modifiers from the game: suppression tokens, Cover X, smoke at range 1 of either trooper
// leader, Blast in the pool (RRG 2.0 Rauchmarker L9032–9059, Explosion L5704–5717).
func TestAttackCoverModifiers(t *testing.T) {
	doc := strings.Replace(squadDoc, `"card":{"wounds":1,"courage":1,"defence":"white"`, `"keywords":{"cover":1},"card":{"wounds":1,"courage":1,"defence":"white"`, 1)
	w := world(t, doc)
	a, _ := w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt"})
	if a.Cover != table.CoverLight || a.Modifiers.CoverX != 1 {
		t.Fatalf("Cover 1: %s", a.Cover)
	}
	f, _ := cloneFile(w.File)
	f.Game.Unit("tgt").Tokens = table.Tokens{table.TokenSuppression: 1}
	f.Tokens = append(f.Tokens, table.Token{ID: "smoke-1", Kind: "smoke", X: 10, Y: 12, R: 0.5})
	w = NewWorld(f)
	a, _ = w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt"})
	if a.Cover != table.CoverHeavy || a.Modifiers.Smoke != 1 || !a.Modifiers.Suppressed {
		t.Fatalf("suppressed, Cover 1, smoke by the attacker: %s %+v", a.Cover, a.Modifiers)
	}
}

// The pool step by step: Critical X before the card's surges, dodge, Impact against Armor, Pierce
// and the defender's surges, the suppression.
func TestResolveAttackSteps(t *testing.T) {
	w := world(t, squadDoc)
	f, _ := cloneFile(w.File)
	f.Game.Unit("tgt").Tokens = table.Tokens{table.TokenDodge: 1}
	w = NewWorld(f)
	a, _ := w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt", Weapons: map[string]string{"sq-1": "E-11", "sq-2": "E-11", "sq-3": "E-11", "sq-4": "DLT-19"}})
	// 5 dice: 1 hit, 2 surges, 1 critical, 1 blank. Critical 1 makes a surge a crit, the card the
	// other a hit: 2 hits, 2 crits. The dodge cancels 1 hit. 3 white defence dice: block, surge,
	// blank; the card converts the surge: 2 blocks. 3 − 2 = 1 wound on a non-leader.
	o, err := w.ResolveAttack(a, AttackRoll{Attack: map[string]int{"hit": 1, "surge": 2, "critical": 1, "blank": 1}, Dodges: 1,
		Defence: map[string]int{"block": 1, "surge": 1, "blank": 1}})
	if err != nil {
		t.Fatal(err)
	}
	if o.CritByKeyword != 1 || o.Rolled != (HitsCrits{2, 2}) || o.DodgeCancelled != 1 || o.Final != (HitsCrits{1, 2}) ||
		o.DefenceDice != 3 || o.DefenceDie != "white" || o.Blocks != 2 || o.Wounds != 1 || o.Suppression != 1 ||
		!reflect.DeepEqual(o.Assignment.Defeated, []string{"tgt-2"}) || o.Assignment.Leader != "tgt-1" {
		t.Fatalf("%+v", o)
	}
	for _, bad := range []AttackRoll{
		{Attack: map[string]int{"hit": 4}, Defence: map[string]int{}},
		{Attack: map[string]int{"hit": 4, "block": 1}, Defence: map[string]int{}},
		{Attack: map[string]int{"blank": 5}, Dodges: 2, Defence: map[string]int{}},
	} {
		if _, err := w.ResolveAttack(a, bad); err == nil {
			t.Fatalf("accepted %+v", bad)
		}
	}
	// The tank is at range 6: no E-11 reaches it.
	_, err = world(t, squadDoc).Attack(AttackQuery{Attacker: "sq", Defender: "tank", Weapons: map[string]string{"sq-1": "E-11"}})
	if !errors.As(err, new(*Refusal)) {
		t.Fatalf("an E-11 at range 6: %v", err)
	}
	// Impact before Armor (RRG 2.0 Panzerung X L8650–8675): with Impact 1 on each E-11 against
	// Armor 1, four hits become one hit and three crits, and Armor 1 cancels the hit.
	doc := strings.Replace(squadDoc, `{"name":"E-11","min":1,"max":3,"dice":{"red":1}}`, `{"name":"E-11","min":1,"max":3,"dice":{"red":1},"keywords":{"impact":1}}`, 1)
	doc = strings.Replace(doc, `{"id":"tgt","side":"Rebels","type":"trooper",`, `{"id":"tgt","side":"Rebels","type":"trooper","keywords":{"armor":1},`, 1)
	w = world(t, doc)
	a, _ = w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt", Weapons: map[string]string{"sq-1": "E-11", "sq-2": "E-11", "sq-3": "E-11", "sq-4": "DLT-19"}})
	o, err = w.ResolveAttack(a, AttackRoll{Attack: map[string]int{"hit": 4, "blank": 1}, Defence: map[string]int{"blank": 3}})
	if err != nil || a.Pool.Impact != 3 || o.ImpactConverted != 3 || o.ArmorCancelled != 1 || o.Final != (HitsCrits{0, 3}) || o.Wounds != 3 {
		t.Fatalf("impact and armor: %+v %v", o, err)
	}
	// High Velocity only when every weapon of the pool has it; the players may overrule a step.
	three := 3
	o, err = w.ResolveAttack(a, AttackRoll{Attack: map[string]int{"hit": 4, "blank": 1}, Defence: map[string]int{"blank": 3}, BlocksAfter: &three})
	if err != nil || o.FinalBlocks != 3 || o.Wounds != 0 {
		t.Fatalf("overruled blocks: %+v %v", o, err)
	}
}

// Wounds go to woundable minis only; wounded first; the leader last; per-upgrade thresholds
// (RRG 2.0 Wunden L11764–11884).
func TestAssignWounds(t *testing.T) {
	w := world(t, squadDoc)
	f, _ := cloneFile(w.File)
	f.Game.Unit("sq").Wounds = map[string]int{"sq-3": 1}
	f.UnitsOnTable[0].Card.Wounds = 2
	f.UnitsOnTable[0].Card.WoundsFrom = map[string]int{"DLT-19 Stormtrooper": 3}
	w = NewWorld(f)
	all := []string{"sq-1", "sq-2", "sq-3", "sq-4"}
	for _, tc := range []struct {
		name      string
		woundable []string
		n         int
		order     []string
		taken     map[string]int
		defeated  []string
		leader    string
		lost      int
	}{
		// sq-3 is wounded: it takes the first wound (and is defeated), then sq-2 in unit order.
		{"wounded first", all, 2, nil, map[string]int{"sq-3": 1, "sq-2": 1}, []string{"sq-3"}, "sq-1", 0},
		// The player's order puts the DLT-19 trooper (3 wounds) before sq-2.
		{"player's order", all, 5, []string{"sq-4"}, map[string]int{"sq-3": 1, "sq-4": 3, "sq-2": 1}, []string{"sq-3", "sq-4"}, "sq-1", 0},
		// Only the leader can be seen: it takes the wounds, and the next mini leads.
		{"leader alone in sight", []string{"sq-1"}, 3, nil, map[string]int{"sq-1": 2}, []string{"sq-1"}, "sq-2", 1},
		// Everything: 1 + 2 + 3 + 2 = 8; 10 wounds leave 2 lost.
		{"all", all, 10, nil, map[string]int{"sq-3": 1, "sq-2": 2, "sq-4": 3, "sq-1": 2}, []string{"sq-3", "sq-2", "sq-4", "sq-1"}, "", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := w.AssignWounds("sq", tc.woundable, tc.n, tc.order, "")
			if err != nil || !reflect.DeepEqual(a.Taken, tc.taken) || !reflect.DeepEqual(a.Defeated, tc.defeated) || a.Leader != tc.leader || a.Lost != tc.lost {
				t.Fatalf("%+v %v", a, err)
			}
		})
	}
}

// Spezialeinsätze: cover converts defence surges to blocks instead of cancelling hits (SO L164–168).
func TestResolveAttackSpecOpsCover(t *testing.T) {
	doc := strings.Replace(squadDoc, `"keywords":{"armor":true}`, `"keywords":{"armor":true,"cover":1}`, 1)
	doc = strings.Replace(doc, `{"id":"tgt","side":"Rebels","type":"trooper",`, `{"id":"tgt","side":"Rebels","type":"trooper","keywords":{"cover":2},`, 1)
	doc = strings.Replace(doc, `"battlefield":{"width":72,"depth":36}`, `"ruleset":"specops","battlefield":{"width":72,"depth":36}`, 1)
	w := world(t, doc)
	a, _ := w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt", Weapons: map[string]string{"sq-1": "E-11", "sq-2": "E-11"}})
	if a.Cover != table.CoverHeavy {
		t.Fatalf("cover %s", a.Cover)
	}
	o, err := w.ResolveAttack(a, AttackRoll{Attack: map[string]int{"hit": 2}, Defence: map[string]int{"surge": 2}})
	if err != nil || o.CoverCancelled != 0 || o.CoverBlocks != 2 || o.Blocks != 2 || o.Wounds != 0 {
		t.Fatalf("%+v %v", o, err)
	}
}
