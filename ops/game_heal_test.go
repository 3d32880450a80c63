package ops

import (
	"reflect"
	"testing"

	"holotable/table"
)

// TestGameHealOp: Treat by the active unit on itself (rules' TestHeal has the refusals): a mini
// defeated by wounds by hand is restored beside its leader, the FX-9 takes a wound token, the
// other side may not heal it, a bad ability or token is refused at its field, and undo takes the
// restored mini off again.
func TestGameHealOp(t *testing.T) {
	doc := `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[
	  {"id":"sq","side":"Rebels","type":"trooper","card":{"wounds":1,"courage":1},"minis":[
	   {"id":"sq-1","leader":true,"x":10,"y":10,"base":"small","height":1.65},
	   {"id":"sq-2","x":11.2,"y":10,"base":"small","height":1.65},
	   {"id":"sq-3","x":12.4,"y":10,"base":"small","height":1.65}]}],
	 "game":{"round":1,"rounds":6,"phase":"activation","turn":"blue","active":"sq","sides":{"blue":{"side":"Rebels"},"red":{"side":"Empire"}},
	  "units":[{"unit":"sq","colour":"blue","rank":"corps"}]}}`
	l := newTestLog(t, []byte(doc))
	l.as(table.Blue, &GameWounds{Unit: "sq", Wounds: 1, Order: []string{"sq-3"}})
	wounded := l.File()
	treat := &GameHeal{Unit: "sq", Ability: "treat", By: "sq", Card: "FX-9", X: 1, Capacity: 2, Restore: []string{"sq-3"}}
	l.refusedAs(table.Red, treat, "unit", codeNotActor)
	l.refusedAs(table.Blue, &GameHeal{Unit: "sq", Ability: "bacta", Restore: []string{"sq-3"}}, "ability", codeGameField)
	l.refusedAs(table.Blue, &GameHeal{Unit: "sq", Ability: "effect", Tokens: []string{"fear"}}, "tokens", codeGameField)
	l.refusedAs(table.Blue, &GameHeal{Unit: "sq", Ability: "treat", By: "sq", Card: "FX-9", X: 1, Capacity: 2, Restore: []string{"sq-2"}}, "unit", "heal.notDefeated")
	e := l.as(table.Blue, treat)
	f := l.File()
	if u := f.UnitsOnTable[0]; len(u.Minis) != 3 || u.Minis[2].ID != "sq-3" || u.Minis[2].Leader {
		t.Fatalf("after restoring: %+v", u.Minis)
	}
	if r := f.Game.Unit("sq"); len(r.Defeated) != 0 || len(r.Wounds) != 0 || r.CardWounds["FX-9"] != 1 {
		t.Fatalf("record after restoring: %+v", r) // threshold 1: 1 − 1 = 0 wounds
	}
	l.as(table.Blue, &Undo{Of: e.ID})
	if !reflect.DeepEqual(l.File(), wounded) {
		t.Fatal("undo did not take the restored mini off again")
	}
}
