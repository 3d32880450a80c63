package ops

import (
	"reflect"
	"testing"

	"holotable/table"
)

// TestUnitKeywordsWeakPoint: the units panel's op sets Weak Point X: Rear/Sides with the other
// moves' keywords (KeywordsOf reads it back), clears it when given as 0, and refuses a negative X
// naming the field.
func TestUnitKeywordsWeakPoint(t *testing.T) {
	l := newTestLog(t, conformanceTable(t, "30-maneuver-strafe-hover.json"))
	u := l.File().UnitsOnTable[0]
	op := *KeywordsOf(&u)
	op.WeakRear, op.WeakSides = 1, 2
	l.ok(&op)
	got := l.File().UnitsOnTable[0]
	if got.Keywords.WeakPoint != (table.WeakPoint{Rear: 1, Sides: 2}) || !got.Keywords.SideNotches {
		t.Fatalf("keywords %+v", got.Keywords)
	}
	if back := KeywordsOf(&got); back.WeakRear != 1 || back.WeakSides != 2 {
		t.Errorf("KeywordsOf: %+v", back)
	}
	op.WeakRear, op.WeakSides = 0, 0
	l.ok(&op)
	if l.File().UnitsOnTable[0].Keywords.WeakPoint.Has() {
		t.Error("a weak point of 0 is kept")
	}
	op.WeakSides = -1
	l.no(&op, "weakSides", "at least 1")
}

// TestUnitKeywordsGame (D137): the op's "game" block sets Schwerfällig, Agile X, Tactical X and
// the attack's unit keywords as a whole set (KeywordsOf reads them back), an op without it keeps
// them, and a negative X is refused naming its field with nothing changed.
func TestUnitKeywordsGame(t *testing.T) {
	l := newTestLog(t, conformanceTable(t, "30-maneuver-strafe-hover.json"))
	u := l.File().UnitsOnTable[0]
	op := *KeywordsOf(&u)
	two, zero := 2.0, 0.0
	op.Game = &GameKeywords{Plodding: true, Agile: &two, Tactical: &two, Cover: &two, Armor: &zero, ImmuneBlast: true}
	l.ok(&op)
	k := l.File().UnitsOnTable[0].Keywords
	want := table.KeywordX{Has: true, X: 2}
	if !k.Plodding || k.Agile != want || k.Tactical != want || k.Cover != want || k.Armor != (table.KeywordX{Has: true}) ||
		!k.ImmuneBlast || k.ImmunePierce || k.LowProfile || k.Sharpshooter.Has || !k.SideNotches {
		t.Fatalf("keywords %+v", k)
	}
	got := l.File().UnitsOnTable[0]
	if back := KeywordsOf(&got).Game; !back.Plodding || back.Agile == nil || *back.Agile != 2 || back.Armor == nil || *back.Armor != 0 || back.Sharpshooter != nil {
		t.Errorf("KeywordsOf: %+v", back)
	}
	// Without "game" (an op the page sent before D137, or a partial one) they are kept.
	l.ok(&UnitKeywords{Unit: u.ID, SideNotches: true})
	if k := l.File().UnitsOnTable[0].Keywords; !k.Plodding || k.Agile != want || k.Cover != want {
		t.Errorf("an op without game dropped them: %+v", k)
	}
	// The block is a whole set: what it leaves out the unit lacks.
	l.ok(&UnitKeywords{Unit: u.ID, SideNotches: true, Game: &GameKeywords{Tactical: &two}})
	if k := l.File().UnitsOnTable[0].Keywords; k.Plodding || k.Agile.Has || k.Tactical != want || k.Armor.Has || k.ImmuneBlast {
		t.Errorf("game is not the whole set: %+v", k)
	}
	minus := -1.0
	l.no(&UnitKeywords{Unit: u.ID, Game: &GameKeywords{Agile: &minus}}, "game.agile", "≥ 0")
}

// weaponOnly are the fields of table.Keywords that only a weapon has (a unit card's weapon
// keywords, edited with the card, D115); every other field is a unit's and the units panel's op
// must carry it.
var weaponOnly = map[string]bool{"Blast": true, "Fixed": true, "Versatile": true, "Spray": true, "Pierce": true,
	"Impact": true, "Critical": true, "Suppressive": true, "HighVelocity": true, "Cumbersome": true, "Ram": true, "Extra": true}

// TestUnitKeywordsCoverEveryUnitKeyword (D137): a unit with every unit keyword of table.Keywords
// set comes back the same from KeywordsOf applied to the unit without keywords, so the units
// panel (which edits the op's fields) has a row for each keyword the rules read. A keyword added
// to table.Keywords without the op fails here naming it.
func TestUnitKeywordsCoverEveryUnitKeyword(t *testing.T) {
	l := newTestLog(t, conformanceTable(t, "30-maneuver-strafe-hover.json"))
	u := l.File().UnitsOnTable[0]
	var k table.Keywords
	v := reflect.ValueOf(&k).Elem()
	for i := range v.NumField() {
		f, name := v.Field(i), v.Type().Field(i).Name
		if weaponOnly[name] {
			continue
		}
		switch f.Interface().(type) {
		case bool:
			f.SetBool(true)
		case table.KeywordX:
			f.Set(reflect.ValueOf(table.KeywordX{Has: true, X: 2}))
		case table.Hover:
			f.Set(reflect.ValueOf(table.Hover{Kind: table.HoverAir, X: 1}))
		case table.Transport:
			f.Set(reflect.ValueOf(table.Transport{Capacity: 2, Open: true, Light: true}))
		case table.WeakPoint:
			f.Set(reflect.ValueOf(table.WeakPoint{Rear: 1, Sides: 2}))
		default:
			t.Fatalf("table.Keywords.%s (%s): give this test a value for it", name, f.Type())
		}
	}
	full := u
	full.Keywords = k
	op := KeywordsOf(&full)
	l.ok(op)
	got := l.File().UnitsOnTable[0].Keywords
	gv := reflect.ValueOf(got)
	for i := range v.NumField() {
		if name := v.Type().Field(i).Name; !weaponOnly[name] && !reflect.DeepEqual(gv.Field(i).Interface(), v.Field(i).Interface()) {
			t.Errorf("unit.keywords does not carry %s: %v, want %v", name, gv.Field(i).Interface(), v.Field(i).Interface())
		}
	}
}
