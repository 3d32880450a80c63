package rules

import (
	"slices"
	"strings"
	"testing"

	"holotable/table"
)

// recordDoc: a game in its activation phase, tank active, sq a trooper unit (courage 1) with 1
// suppression; the transport t with two standard moves this round and bus with one.
const recordDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "units_on_table":[
  {"id":"tank","side":"red","type":"ground","minis":[{"id":"tank-1","leader":true,"x":40,"y":10,"base":"large","height":2,"facing":0}]},
  {"id":"t","side":"blue","type":"repulsor","keywords":{"transport":{"capacity":1}},"minis":[{"id":"t-1","leader":true,"x":10,"y":10,"base":"large","height":2,"facing":0}]},
  {"id":"bus","side":"blue","type":"repulsor","keywords":{"transport":{"capacity":1}},"minis":[{"id":"bus-1","leader":true,"x":10,"y":30,"base":"large","height":2,"facing":0}]},
  {"id":"sq","side":"blue","type":"trooper","card":{"courage":1},"minis":[{"id":"sq-1","leader":true,"x":30,"y":10,"base":"small","height":1.65}]}],
 "game":{"round":2,"rounds":6,"phase":"activation","active":"tank",
  "sides":{"blue":{"side":"blue"},"red":{"side":"red"}},
  "units":[{"unit":"tank","colour":"red","rank":"heavy"},{"unit":"t","colour":"blue","rank":"heavy"},
   {"unit":"bus","colour":"blue","rank":"heavy"},{"unit":"sq","colour":"blue","rank":"corps","tokens":{"suppression":1}}],
  "moves":[{"unit":"t","move":"standard","during":"t"},{"unit":"t","move":"standard","during":"t"},{"unit":"bus","move":"reverse","during":"bus"}]}}`

// TestDisplacedOncePerActivation (RRG 2.0 Verdrängung L11413–11416: "Eine Einheit kann in einer
// einzigen Aktivierung nicht mehr als 1 Niederhalten-Marker durch Verdrängung erhalten, auch wenn
// sie mehrfach in jener Aktivierung verdrängt wird"): the tank displaces sq twice in its
// activation — suppression 1 → 2, then 2 with the reason; in the next unit's activation 2 → 3.
// The round's end empties the record.
func TestDisplacedOncePerActivation(t *testing.T) {
	w := world(t, recordDoc)
	var why []Reason
	displace := func(w *World) *World {
		t.Helper()
		st, err := w.MoveAftermath(Aftermath{Unit: "tank", Displaced: []string{"sq"}})
		if err != nil {
			t.Fatal(err)
		}
		why = st.Reasons
		return NewWorld(st.File)
	}
	w = displace(w)
	if n := w.File.Game.Unit("sq").Tokens[table.TokenSuppression]; n != 2 || !slices.Contains(w.File.Game.Moves, table.GameMove{Unit: "sq", Move: table.MoveDisplaced, During: "tank"}) {
		t.Fatalf("first displacement: suppression %d, record %+v", n, w.File.Game.Moves)
	}
	w = displace(w)
	if n := w.File.Game.Unit("sq").Tokens[table.TokenSuppression]; n != 2 || !hasRule(why, "record.displacedAgain") {
		t.Fatalf("second displacement in the activation: suppression %d, %v", n, why)
	}
	w.File.Game.Active = "bus"
	w = displace(w)
	if n := w.File.Game.Unit("sq").Tokens[table.TokenSuppression]; n != 3 {
		t.Errorf("a displacement in bus's activation: suppression %d, want 3", n)
	}
	w.File.Game.Phase, w.File.Game.Active = table.PhaseEnd, ""
	st, err := w.EndRound(map[table.Colour]string{table.Blue: "sq"})
	if err != nil || st.File.Game.Round != 3 || st.File.Game.Moves != nil {
		t.Errorf("after the end phase: %v, round %d, record %+v", err, st.File.Game.Round, st.File.Game.Moves)
	}
}

// TestMoveLimits (RRG 2.0 Ein- und Aussteigen L5164–5169, L5192–5193): t made two standard moves
// this round, so disembarking from it uses the whole activation; bus made one (a reverse): an
// ordinary disembark. MoveLimits reads only the active unit's activation: sq's disembark in
// tank's activation forbids sq's embark then and its moves after a whole-activation disembark;
// in another activation, or with none active, nothing.
func TestMoveLimits(t *testing.T) {
	w := world(t, recordDoc)
	if e, why := w.DisembarkEvent("sq", "t"); e != table.MoveDisembarkWhole || len(why) != 1 || why[0].Cite != CiteDisembarkWhole ||
		!strings.Contains(why[0].Text, "t made 2 standard or reverse moves") {
		t.Errorf("from t: %v %v", e, why)
	}
	if e, why := w.DisembarkEvent("sq", "bus"); e != table.MoveDisembark || why != nil {
		t.Errorf("from bus: %v %v", e, why)
	}
	g := w.File.Game
	g.Moves = append(g.Moves, table.GameMove{Unit: "sq", Move: table.MoveDisembark, During: "tank"})
	if why := w.MoveLimits("sq", table.MoveEmbark); len(why) != 1 || why[0].Rule != "record.embarkAfter" || why[0].Cite != CiteEmbarkOnce {
		t.Errorf("embark after disembark: %v", why)
	}
	if why := w.MoveLimits("sq", table.MoveNone); why != nil {
		t.Errorf("a move after an ordinary disembark: %v", why)
	}
	g.Moves[len(g.Moves)-1].Move = table.MoveDisembarkWhole
	if why := w.MoveLimits("sq", table.MoveNone); len(why) != 1 || why[0].Rule != "record.whole" {
		t.Errorf("a move after a whole-activation disembark: %v", why)
	}
	g.Active = "bus"
	if why := w.MoveLimits("sq", table.MoveEmbark); why != nil {
		t.Errorf("in bus's activation: %v", why)
	}
	g.Active = ""
	if why := w.MoveLimits("sq", table.MoveEmbark); why != nil {
		t.Errorf("no activation: %v", why)
	}
	if RecordedMove(&w.File.UnitsOnTable[1], table.MoveReverse) != table.MoveReverse || RecordedMove(&w.File.UnitsOnTable[0], table.MoveStandard) != table.MoveNone {
		t.Error("RecordedMove: a transport's reverse is recorded, a tank's standard move is not")
	}
}
