package rules

import (
	"math"
	"reflect"
	"testing"

	"holotable/table"
)

// Treat X: Capacity Y (RRG 2.0 L3528–3599), Repair (L9203–9275) and restoring a mini
// (Wiederherstellen L11689–11716) on the squad fixture: sq (red, active, wound threshold 2 here)
// treats itself with an FX-9 (Treat 1: Capacity 2); tgt is an enemy; the tank (made red here) is
// a vehicle 30" away.
func TestHeal(t *testing.T) {
	ok := stepper(t)
	w := world(t, squadDoc)
	f, _ := cloneFile(w.File)
	f.UnitsOnTable[0].Card.Wounds = 2
	f.Game.Unit("tank").Colour = table.Red
	w = NewWorld(f)
	// 3 wounds, sq-3 first: sq-3 is defeated in round 1, sq-2 keeps 1 wound.
	w = ok(w.SufferWounds("sq", 3, []string{"sq-3"}, ""))
	if r := w.File.Game.Unit("sq"); !reflect.DeepEqual(r.DefeatedIn, map[string]int{"sq-3": 1}) || r.Wounds["sq-2"] != 1 {
		t.Fatalf("after the wounds: %+v", r)
	}
	treat := func(h Heal) Heal {
		h.Ability, h.By, h.Card, h.X, h.Capacity = HealTreat, "sq", "FX-9", 1, 2
		if h.Unit == "" {
			h.Unit = "sq"
		}
		return h
	}
	before := saved(t, w)
	for _, tc := range []struct {
		h    Heal
		code string
	}{
		{treat(Heal{}), "heal.nothing"},
		{treat(Heal{Wounds: []string{"sq-2", "sq-2"}}), "heal.tooMany"},
		{treat(Heal{Wounds: []string{"sq-1"}}), "heal.wounds"},
		{treat(Heal{Wounds: []string{"tgt-1"}}), "wounds.notMini"},
		{treat(Heal{Wounds: []string{"sq-2"}, Restore: []string{"sq-3"}}), "heal.either"},
		{treat(Heal{Tokens: []table.TokenKind{table.TokenIon}}), "heal.token"},
		{treat(Heal{Tokens: []table.TokenKind{table.TokenPoison}}), "tokens.negative"},
		{treat(Heal{Restore: []string{"sq-2"}}), "heal.notDefeated"},
		{treat(Heal{Unit: "tgt", Wounds: []string{"tgt-1"}}), "heal.enemy"},
		{treat(Heal{Unit: "tank", Wounds: []string{"tank-1"}}), "heal.treatType"},
		{Heal{Unit: "tank", Ability: HealRepair, By: "sq", Card: "R4", X: 1, Capacity: 2, Wounds: []string{"tank-1"}}, "heal.range"},
		{Heal{Unit: "sq", Ability: HealTreat, By: "tgt", Card: "FX-9", X: 1, Capacity: 2, Wounds: []string{"sq-2"}}, "heal.notActive"},
		{Heal{Unit: "sq", Ability: HealTreat, By: "sq", Card: "FX-9", X: 0, Capacity: 2, Wounds: []string{"sq-2"}}, "heal.values"},
		{Heal{Unit: "sq", Ability: HealTreat, By: "sq", X: 1, Capacity: 2, Wounds: []string{"sq-2"}}, "heal.noCard"},
	} {
		s, err := w.Heal(tc.h)
		refused(t, w, before, s, err, tc.code)
	}
	// Treat 1 takes sq-2's wound; a wound token goes on the FX-9.
	s, err := w.Heal(treat(Heal{Wounds: []string{"sq-2"}}))
	w = ok(s, err)
	if r := w.File.Game.Unit("sq"); len(r.Wounds) != 0 || r.CardWounds["FX-9"] != 1 || s.Reasons[0].Rule != "heal.use" {
		t.Fatalf("after treating: %+v %v", r, s.Reasons)
	}
	// Treat 1 restores sq-3: back beside its leader in cohesion, with 2 − 1 wounds; the FX-9 is
	// full (2 of 2).
	w = ok(w.Heal(treat(Heal{Restore: []string{"sq-3"}})))
	u := w.File.UnitsOnTable[0]
	r := w.File.Game.Unit("sq")
	m := u.Minis[len(u.Minis)-1]
	if m.ID != "sq-3" || m.Leader || r.Wounds["sq-3"] != 1 || len(r.Defeated) != 0 || len(r.DefeatedIn) != 0 || r.CardWounds["FX-9"] != 2 {
		t.Fatalf("after restoring: minis %+v record %+v", u.Minis, r)
	}
	if d := math.Hypot(m.X-10, m.Y-10); d > 1+2+1e-9 { // the leader sq-1 at (10, 10), small bases: within speed 1 edge to edge
		t.Errorf("sq-3 restored %.3g from its leader's centre, not in cohesion", d)
	}
	s, err = w.Heal(treat(Heal{Wounds: []string{"sq-3"}}))
	refused(t, w, saved(t, w), s, err, "heal.capacity")
	// An effect (a card, the Golden Rule) is not limited by capacity, range or type; a mini
	// defeated in an earlier round is not restored.
	w = ok(w.Heal(Heal{Unit: "sq", Ability: HealEffect, Wounds: []string{"sq-3"}}))
	w = ok(w.SufferWounds("sq", 2, []string{"sq-2"}, ""))
	f, _ = cloneFile(w.File)
	f.Game.Round = 2
	w = NewWorld(f)
	s, err = w.Heal(Heal{Unit: "sq", Ability: HealEffect, Restore: []string{"sq-2"}})
	refused(t, w, saved(t, w), s, err, "heal.notThisRound")
}
