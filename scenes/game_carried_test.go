package scenes

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"holotable/internal/tabletest"
	"holotable/rules"
)

// gameCarriedDoc is tabletest.Carried (the rules' carried table) in an activation phase: the open
// transport t (blue, at (10, 10)) carries sq (two troopers, a Fixed: Front rifle, 1 black), the
// closed transport c (at (10, 24)) carries cq; the red squad en (a blaster, 3 black) stands at
// (28, 10), the red squad touch touches t.
var gameCarriedDoc = strings.TrimSuffix(tabletest.Carried, "}") + `,
 "game":{"round":1,"rounds":6,"phase":"activation","turn":"blue","sides":{"blue":{"side":"blue"},"red":{"side":"red"}},
  "units":[{"unit":"t","colour":"blue","rank":"support"},{"unit":"sq","colour":"blue","rank":"corps"},
   {"unit":"c","colour":"blue","rank":"support"},{"unit":"cq","colour":"blue","rank":"corps"},
   {"unit":"en","colour":"red","rank":"corps"},{"unit":"touch","colour":"red","rank":"corps"}]}}`

// TestGameAttackCarried (D138; RRG 2.0 Transportiert L10845–10852, L10930–10943): the game panel
// lists the carried units with their transport (state units[].in), and the attack assistant's
// answer for a carried attacker or defender is the rules' (rules.World.Attack through StandIn):
// sq in the open t attacks en at range 3 (16.0905 from t's base) with both minis, the rifle's
// Fixed dropped; en attacks sq, which has heavy cover; cq in the closed c neither attacks nor is
// attacked (not allowed, transport.closed). Rolled and applied: en's three hits on sq, two
// cancelled by the heavy cover, defeat one mini of sq, which leaves t's carried list (undone:
// back); sq's hit defeats en's one mini.
func TestGameAttackCarried(t *testing.T) {
	s := mapScene(t, "carried", []byte(gameCarriedDoc))
	edMust(t, s, "tool", "game")
	st := gameCmd(t, s, map[string]any{"action": "attack", "attacker": "sq", "defender": "en"})
	in := map[string]string{}
	for _, u := range st.Units {
		in[u.ID] = u.In
	}
	if in["sq"] != "t" || in["cq"] != "c" || in["t"] != "" || in["en"] != "" {
		t.Fatalf("units' transports %v", in)
	}
	w := s.Doc().World()
	for _, q := range []struct {
		att, def       string
		allowed, heavy bool
		rule           rules.Code
	}{
		{"sq", "en", true, false, "transport.fixed"},
		{"en", "sq", true, true, "transport.heavy"},
		{"cq", "en", false, false, "transport.closed"},
		{"en", "cq", false, false, "transport.closed"},
	} {
		st := gameCmd(t, s, map[string]any{"action": "attack", "attacker": q.att, "defender": q.def})
		// The panel asks again with each eligible mini's first weapon: the same query to the rules.
		want, err := w.Attack(rules.AttackQuery{Attacker: q.att, Defender: q.def, Weapons: st.Attack.Weapons})
		if err != nil {
			t.Fatal(err)
		}
		a := st.Attack
		if a == nil || a.Allowed != q.allowed || a.Allowed != want.Allowed || a.Band != want.Band ||
			!reflect.DeepEqual(a.Eligible, nonNil(want.Eligible)) || !reflect.DeepEqual(a.Woundable, nonNil(want.Woundable)) ||
			(a.Cover == T("ui.cover.heavy")) != q.heavy || !hasRule(want.Reasons, q.rule) || len(a.Reasons) != len(want.Reasons) {
			t.Errorf("%s → %s: panel %+v\nrules %+v", q.att, q.def, a, want)
		}
	}
	// en's three hits on sq: heavy cover cancels two, the third defeats a mini of sq — it leaves
	// t's carried list, the other stays carried; one undo puts it back.
	gameCmd(t, s, map[string]any{"action": "attack", "attacker": "en", "defender": "sq"})
	gameCmd(t, s, map[string]any{"action": "roll", "attack": map[string]int{"hit": 3}, "defence": map[string]int{"blank": 1}})
	gameCmd(t, s, map[string]any{"action": "apply"})
	f := s.Doc().File()
	if r := f.Game.Unit("sq"); r == nil || len(r.Defeated) != 1 || len(unitOf(t, s, "t").Carried) != 1 || len(unitOf(t, s, "t").Carried[0].Minis) != 1 {
		t.Errorf("sq after en's hits: record %+v, carried %+v", r, unitOf(t, s, "t").Carried)
	}
	s.Doc().Undo()
	if c := unitOf(t, s, "t").Carried; len(c) != 1 || len(c[0].Minis) != 2 || len(s.Doc().File().Game.Unit("sq").Defeated) != 0 {
		t.Errorf("after undo: %+v", c)
	}
	st = gameCmd(t, s, map[string]any{"action": "attack", "attacker": "sq", "defender": "en"})
	if st.Attack.Band != 3 || len(st.Attack.Eligible) != 2 || st.Attack.Pool == nil || st.Attack.Pool.Black != 2 {
		t.Fatalf("sq → en: %+v pool %+v", st.Attack, st.Attack.Pool)
	}
	gameCmd(t, s, map[string]any{"action": "roll", "attack": map[string]int{"hit": 1, "blank": 1}, "defence": map[string]int{"blank": 1}})
	gameCmd(t, s, map[string]any{"action": "apply"})
	if r := s.Doc().File().Game.Unit("en"); r == nil || len(r.Defeated) != 1 {
		t.Errorf("en after sq's hit: %+v", r)
	}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// hasRule reports whether rs has a reason of the rule.
func hasRule(rs []rules.Reason, code rules.Code) bool {
	for _, r := range rs {
		if r.Rule == code {
			return true
		}
	}
	return false
}

// TestGameActivateCarried (D151; RRG 2.0 Transportiert L10857–10871): a carried unit activates
// from the game panel like any other — cq, in the closed c with a face-up order, is activated by
// the panel's command, rallies, and ends its activation face down; the turn passes to red.
func TestGameActivateCarried(t *testing.T) {
	doc := strings.Replace(gameCarriedDoc, `{"unit":"cq","colour":"blue","rank":"corps"}`,
		`{"unit":"cq","colour":"blue","rank":"corps","order":"faceUp"}`, 1)
	s := mapScene(t, "carried", []byte(doc))
	edMust(t, s, "tool", "game")
	st := gameCmd(t, s, map[string]any{"action": "activate", "unit": "cq"})
	if st.Active != "cq" {
		t.Fatalf("active %q after activating the carried cq (%s)", st.Active, s.message)
	}
	st = gameCmd(t, s, map[string]any{"action": "endActivation"})
	if st.Active != "" || st.Turn != "red" {
		t.Errorf("after cq's activation: active %q, turn %q", st.Active, st.Turn)
	}
	for _, u := range st.Units {
		if u.ID == "cq" && u.Order != "faceDown" {
			t.Errorf("cq's order %q, want faceDown", u.Order)
		}
		if u.ID == "sq" && !slices.Equal(u.IDs, []string{"sq-1", "sq-2"}) {
			t.Errorf("sq's minis for wounds by hand: %v", u.IDs)
		}
	}
	// A carried unit suffers wounds by hand as usual (L10860–10861): sq-2 defeated in t.
	st = gameCmd(t, s, map[string]any{"action": "wounds", "unit": "sq", "wounds": 1, "mini": "sq-2"})
	for _, u := range st.Units {
		if u.ID == "sq" && (u.Defeated != 1 || !slices.Equal(u.IDs, []string{"sq-1"})) {
			t.Errorf("sq after a wound by hand: %d defeated, minis %v (%s)", u.Defeated, u.IDs, s.message)
		}
	}
}
