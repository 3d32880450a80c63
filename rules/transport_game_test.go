package rules

import (
	"slices"
	"strings"
	"testing"

	"holotable/table"
)

// TestTransportedUnitsActivate (RRG 2.0 Transportiert L10857–10871): a transported unit takes part
// in the round — its order token is drawable, it is among its side's units left to activate, it
// activates by a drawn token and keeps its side on the battlefield. In carriedGameDoc blue's sq
// rides the open t and cq the closed c (both corps); with t and c face down, blue still has sq and
// cq to activate, a corps token drawn activates cq, and its pool lost the token. Before, sq and cq
// were "not on the table": their tokens were discarded and blue's turn passed with them unplayed.
func TestTransportedUnitsActivate(t *testing.T) {
	doc := strings.Replace(carriedGameDoc, `"active":"cq",`, `"active":"","turn":"blue",`, 1)
	doc = strings.Replace(doc, `"sides":{"blue":{"side":"blue"}`, `"sides":{"blue":{"side":"blue","pool":["corps","corps"]}`, 1)
	doc = strings.Replace(doc, `{"unit":"t","colour":"blue","rank":"heavy"}`, `{"unit":"t","colour":"blue","rank":"heavy","order":"faceDown"}`, 1)
	doc = strings.Replace(doc, `{"unit":"c","colour":"blue","rank":"heavy",`, `{"unit":"c","colour":"blue","rank":"heavy","order":"faceDown",`, 1)
	w := world(t, doc)
	g := w.File.Game
	if got := w.toActivate(g, table.Blue); !slices.Equal(got, []string{"sq", "cq"}) {
		t.Errorf("blue's units left to activate: %v, want [sq cq]", got)
	}
	if got := w.drawable(g, table.Blue, table.RankCorps); !slices.Equal(got, []string{"sq", "cq"}) {
		t.Errorf("a corps token activates %v, want [sq cq]", got)
	}
	st, err := w.Activate(table.Blue, "cq", OrderDraw{Rank: table.RankCorps})
	if err != nil {
		t.Fatalf("activating the carried cq: %v", err)
	}
	ng := st.File.Game
	if ng.Active != "cq" || len(ng.Side(table.Blue).Pool) != 1 {
		t.Errorf("after the activation: active %q, blue's pool %v", ng.Active, ng.Side(table.Blue).Pool)
	}
	if _, err := w.Activate(table.Blue, "nobody", OrderDraw{Rank: table.RankCorps}); refusedBy(err) != "game.notOnTable" {
		t.Errorf("a unit neither on the table nor carried: %v", err)
	}
	// It rallies as usual when activated (L10863–10864): sq, courage 1 with 1 suppression token, is
	// suppressed; before, its courage check failed as "not on the table".
	if a, err := w.CourageCheck("sq"); err != nil || !a.Known || !a.Suppressed || a.Courage != 1 {
		t.Errorf("sq's courage check: %+v, %v", a, err)
	}
	// Blue with only carried units left is still on the battlefield (not wiped out).
	if n := len(w.sideUnits(table.Blue)); n != 4 {
		t.Errorf("blue's units on the battlefield: %d, want 4 (t, c, sq, cq)", n)
	}
	if u := w.sideUnits(table.Blue)[3]; u.ID != "cq" || u.Leader.Mini.X != 10 || u.Leader.Mini.Y != 24 {
		t.Errorf("cq stands at (%v, %v), want its vehicle c's place (10, 24)", u.Leader.Mini.X, u.Leader.Mini.Y)
	}
}

// TestTransportedUnitSuffersWounds (RRG 2.0 Transportiert L10860–10861, Wunden L11764–11884): a
// carried unit suffers wounds as usual. sq (two one-wound troopers, in the open t) suffers 1: the
// mini that is not the leader is defeated (the leader last) and leaves t's carried list into
// sq's record; 2 more defeat the leader too and sq leaves the list. Before, the step refused sq as
// "not on the table".
func TestTransportedUnitSuffersWounds(t *testing.T) {
	w := world(t, carriedGameDoc)
	st, err := w.SufferWounds("sq", 1, nil, "")
	if err != nil {
		t.Fatalf("1 wound on the carried sq: %v", err)
	}
	if !slices.Equal(st.Changed, []string{"t"}) {
		t.Errorf("changed %v, want the vehicle t (sq's minis are in its carried list)", st.Changed)
	}
	vi, ci, ok := st.File.Carrier("sq")
	if !ok {
		t.Fatal("sq is no longer carried after 1 wound")
	}
	if ms := st.File.UnitsOnTable[vi].Carried[ci].Minis; len(ms) != 1 || ms[0].ID != "sq-1" || !ms[0].Leader {
		t.Errorf("sq's minis after 1 wound: %+v, want the leader sq-1 alone", ms)
	}
	if r := st.File.Game.Unit("sq"); len(r.Defeated) != 1 || r.Defeated[0].ID != "sq-2" {
		t.Errorf("sq's defeated: %+v, want sq-2", r.Defeated)
	}
	st, err = NewWorld(st.File).SufferWounds("sq", 2, nil, "")
	if err != nil {
		t.Fatalf("2 more wounds: %v", err)
	}
	if _, _, ok := st.File.Carrier("sq"); ok {
		t.Error("sq is still carried with no mini left")
	}
	if _, err := w.SufferWounds("nobody", 1, nil, ""); err == nil {
		t.Error("a unit with no game record suffered wounds")
	}
}
