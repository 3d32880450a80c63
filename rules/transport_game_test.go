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
