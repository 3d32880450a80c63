package rules

import (
	"slices"
	"testing"

	"holotable/table"
)

// aftermathTable: squad "sq" of three minis (wound threshold 1, courage 1), the droids "dr"
// (courage "–"), and "free" with no game record; the game in its activation phase.
const aftermathTable = `{"format":"holotable/1","battlefield":{"width":36,"depth":24},
 "units_on_table":[
  {"id":"sq","side":"blue","type":"trooper","speed":2,"card":{"wounds":1,"courage":1},"minis":[
   {"id":"sq-a","leader":true,"x":10,"y":10,"base":"small","height":1.65},
   {"id":"sq-b","x":11.2,"y":10,"base":"small","height":1.65},
   {"id":"sq-c","x":12.4,"y":10,"base":"small","height":1.65}]},
  {"id":"dr","side":"red","type":"trooper","speed":2,"card":{"courage":"-"},"minis":[
   {"id":"dr-1","leader":true,"x":20,"y":10,"base":"small","height":1.65}]},
  {"id":"free","side":"red","type":"trooper","speed":2,"minis":[
   {"id":"free-1","leader":true,"x":30,"y":10,"base":"small","height":1.65}]}],
 "game":{"round":1,"rounds":6,"phase":"activation","sides":{"blue":{"side":"blue"},"red":{"side":"red"}},
  "units":[{"unit":"sq","colour":"blue","rank":"corps"},{"unit":"dr","colour":"red","rank":"corps"}]}}`

func aftermathWorld(t *testing.T) *World {
	t.Helper()
	f, err := table.Load([]byte(aftermathTable))
	if err != nil {
		t.Fatal(err)
	}
	return NewWorld(f)
}

func codes(rs []Reason) []Code {
	out := make([]Code, len(rs))
	for i, r := range rs {
		out[i] = r.Rule
	}
	return out
}

// TestMoveAftermathWoundOrder (RRG 2.0 Wunden L11764–11808): 1 wound on sq (threshold 1) in the
// owner's order sq-c defeats sq-c; sq-a (the leader) and sq-b are left, unwounded. Without an
// order the unit order is taken: sq-b. 2 wounds take both troopers, never the leader (it is
// chosen last). 3 wounds defeat the whole unit: it leaves the table and its record keeps the
// three minis.
func TestMoveAftermathWoundOrder(t *testing.T) {
	w := aftermathWorld(t)
	st, err := w.MoveAftermath(Aftermath{Unit: "sq", Wounds: 1, WoundOrder: []string{"sq-c"}})
	if err != nil {
		t.Fatal(err)
	}
	r := st.File.Game.Unit("sq")
	if len(r.Defeated) != 1 || r.Defeated[0].ID != "sq-c" || len(r.Wounds) != 0 {
		t.Errorf("record %+v; want sq-c defeated", r)
	}
	if u := st.File.UnitsOnTable[st.File.UnitIndex("sq")]; len(u.Minis) != 2 || u.Minis[0].ID != "sq-a" || !u.Minis[0].Leader {
		t.Errorf("on the table: %+v", u.Minis)
	}
	if !slices.Equal(st.Changed, []string{"sq"}) || !slices.Contains(codes(st.Reasons), "move.wounds") {
		t.Errorf("changed %v, reasons %v", st.Changed, codes(st.Reasons))
	}
	st, _ = w.MoveAftermath(Aftermath{Unit: "sq", Wounds: 1})
	if r := st.File.Game.Unit("sq"); len(r.Defeated) != 1 || r.Defeated[0].ID != "sq-b" {
		t.Errorf("no order: %+v; want sq-b", r.Defeated)
	}
	st, _ = w.MoveAftermath(Aftermath{Unit: "sq", Wounds: 2, WoundOrder: []string{"sq-a"}})
	if u := st.File.UnitsOnTable[st.File.UnitIndex("sq")]; len(u.Minis) != 1 || u.Minis[0].ID != "sq-a" {
		t.Errorf("2 wounds, the leader named first: %+v left; want the leader only", u.Minis)
	}
	st, _ = w.MoveAftermath(Aftermath{Unit: "sq", Wounds: 3})
	if st.File.UnitIndex("sq") >= 0 || len(st.File.Game.Unit("sq").Defeated) != 3 {
		t.Errorf("3 wounds: the unit is still on the table or its record lacks minis")
	}
}

// TestMoveAftermathSuppression (RRG 2.0 Verdrängung L11372–11420, Tapferkeit L10693–10698):
// displaced sq gains 1 suppression; the droids without courage gain none (said why), "free" has
// no record (said so, nothing written); a game that is over takes nothing; a table without a game
// is refused.
func TestMoveAftermathSuppression(t *testing.T) {
	w := aftermathWorld(t)
	st, err := w.MoveAftermath(Aftermath{Unit: "tank", Displaced: []string{"free", "dr", "sq"}})
	if err != nil {
		t.Fatal(err)
	}
	g := st.File.Game
	if g.Unit("sq").Tokens[table.TokenSuppression] != 1 || len(g.Unit("dr").Tokens) != 0 || g.Unit("free") != nil {
		t.Errorf("tokens: sq %v, dr %v", g.Unit("sq").Tokens, g.Unit("dr").Tokens)
	}
	want := []Code{"move.noSuppr", "tokens.noCourage", "move.noRecord", "move.displaced"}
	if got := codes(st.Reasons); !slices.Equal(got, want) {
		t.Errorf("reasons %v, want %v", got, want)
	}
	w.File.Game.Phase = table.PhaseOver
	st, _ = w.MoveAftermath(Aftermath{Unit: "sq", Wounds: 2, Displaced: []string{"sq"}})
	if len(st.File.Game.Unit("sq").Tokens) != 0 || len(st.File.Game.Unit("sq").Defeated) != 0 {
		t.Error("a game that is over took the move's aftermath")
	}
	w.File.Game = nil
	if _, err := w.MoveAftermath(Aftermath{Unit: "sq", Wounds: 1}); err == nil {
		t.Error("no game: not refused")
	}
}
