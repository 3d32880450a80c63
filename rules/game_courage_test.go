package rules

import (
	"strings"
	"testing"

	"holotable/table"
)

// withTokens is gameDoc's file with tokens set on units (and an optional edit of the text first).
func withTokens(t *testing.T, doc string, tokens map[string]table.Tokens) *World {
	f, err := cloneFile(world(t, doc).File)
	if err != nil {
		t.Fatal(err)
	}
	for id, tk := range tokens {
		f.Game.Unit(id).Tokens = tk
	}
	return NewWorld(f)
}

// Suppression against courage (RRG 2.0 Niederhalten L8422–8430, Panik L8563–8603): hand-set cases.
// reb-2 at (40, 5) has courage 1 and no commander within range 3; reb-1 at (14, 5) is at range 1
// of leia (courage 2).
func TestCourageCheck(t *testing.T) {
	for _, tc := range []struct {
		name, doc, unit   string
		suppr             int
		known, sup, pan   bool
		used              int
		commander, reason string // reason: a code among the answer's reasons
	}{
		{"calm", gameDoc, "reb-2", 0, true, false, false, 1, "", "courage.calm"},
		{"suppressed", gameDoc, "reb-2", 1, true, true, false, 1, "", "courage.suppressed"},
		{"panicked at twice", gameDoc, "reb-2", 2, true, true, true, 1, "", "courage.panic"},
		// leia's courage 2 at range 1: 2 suppression is below 2 × 2, so no panic.
		{"commander's courage", gameDoc, "reb-1", 2, true, true, false, 2, "leia", "courage.commander"},
		{"panic even with the commander", gameDoc, "reb-1", 4, true, true, true, 2, "leia", "courage.panic"},
		{"no courage", gameDoc, "vader", 0, true, false, false, 0, "", "courage.none"},
		{"vehicle", gameDoc, "walker", 0, true, false, false, 0, "", "courage.vehicle"},
		{"unknown", strings.Replace(gameDoc, `"card":{"courage":1},"minis":[{"id":"reb-2-1"`, `"minis":[{"id":"reb-2-1"`, 1), "reb-2", 2, false, false, false, 0, "", "courage.unknown"},
		// Spezialeinsätze: no commander's courage (SO L119–120).
		{"specops", strings.Replace(gameDoc, `"battlefield"`, `"ruleset":"specops","battlefield"`, 1), "reb-1", 2, true, true, true, 1, "", "courage.panic"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := withTokens(t, tc.doc, map[string]table.Tokens{tc.unit: {table.TokenSuppression: tc.suppr}})
			if tc.suppr == 0 {
				w = withTokens(t, tc.doc, nil)
			}
			a, err := w.CourageCheck(tc.unit)
			if err != nil {
				t.Fatal(err)
			}
			if a.Known != tc.known || a.Suppressed != tc.sup || a.Panicked != tc.pan || a.UsedCourage != tc.used || a.Commander != tc.commander || !hasRule(a.Reasons, tc.reason) {
				t.Fatalf("%+v", a)
			}
		})
	}
}

func hasRule(rs []Reason, code string) bool {
	for _, r := range rs {
		if string(r.Rule) == code {
			return true
		}
	}
	return false
}

// A droid trooper is never suppressed but panics (RRG 2.0 Droiden-Truppler L5052–5079); a
// commander without courage ("–") makes the units near it never panic (Commander L4390–4393).
func TestCourageDroidAndInfinite(t *testing.T) {
	w := withTokens(t, gameDoc, map[string]table.Tokens{"reb-2": {table.TokenSuppression: 2}})
	w.File.Game.Unit("reb-2").CardType = "Droid Trooper"
	a, _ := w.CourageCheck("reb-2")
	if a.Suppressed || !a.Panicked || !hasRule(a.Reasons, "courage.droid") {
		t.Fatalf("droid %+v", a)
	}
	// storm-1 at range 1 of vader ("–"): 5 suppression, courage 1 — no panic.
	w = withTokens(t, gameDoc, map[string]table.Tokens{"storm-1": {table.TokenSuppression: 5}})
	a, _ = w.CourageCheck("storm-1")
	if !a.Suppressed || a.Panicked || a.Commander != "vader" || a.UsedCourage != 0 {
		t.Fatalf("infinite courage %+v", a)
	}
}

// The rally step (RRG 2.0 Sammeln L9600–9608): one white die per token, block and surge remove one;
// then the panic check sets or clears the panic token.
func TestRally(t *testing.T) {
	ok := stepper(t)
	w := withTokens(t, gameDoc, map[string]table.Tokens{"reb-2": {table.TokenSuppression: 3}})
	f, _ := cloneFile(w.File)
	f.Game.Phase, f.Game.Turn, f.Game.Active = table.PhaseActivation, table.Blue, "reb-2"
	w = NewWorld(f)
	before := saved(t, w)
	s, err := w.Rally("reb-2", []string{"block", "blank"})
	refused(t, w, before, s, err, "rally.dice")
	s, err = w.Rally("reb-2", []string{"block", "blank", "hit"})
	refused(t, w, before, s, err, "rally.face")
	s, err = w.Rally("reb-1", nil)
	refused(t, w, before, s, err, "activate.notActive")
	// 3 tokens, one block: 2 left — twice courage 1: panic.
	w2 := ok(w.Rally("reb-2", []string{"block", "blank", "blank"}))
	if got := w2.File.Game.Unit("reb-2").Tokens; got[table.TokenSuppression] != 2 || got[table.TokenPanic] != 1 {
		t.Fatalf("tokens %v", got)
	}
	// Block and surge: 1 left — suppressed, no longer panicked.
	w2.File.Game.Unit("reb-2").Tokens[table.TokenSuppression] = 3
	w3 := ok(NewWorld(w2.File).Rally("reb-2", []string{"block", "surge", "blank"}))
	got := w3.File.Game.Unit("reb-2").Tokens
	if got[table.TokenSuppression] != 1 || got[table.TokenPanic] != 0 {
		t.Fatalf("tokens %v", got)
	}
}

// The panicked unit's nearest edge (RRG 2.0 Panik L8584–8599): reb-1's leader at (14, 5), radius
// 0.5315: south 4.4685 away (heading 270°); a leader at the centre of a square table is equally
// near all four.
func TestPanicEdge(t *testing.T) {
	w := world(t, gameDoc)
	a, err := w.PanicEdge("reb-1")
	if err != nil || len(a.Edges) != 1 || a.Edges[0] != "south" || a.Heading != 270 || !near(a.Distance, 5-0.5315, 1e-9) {
		t.Fatalf("%+v %v", a, err)
	}
	sq := world(t, `{"format":"holotable/1","battlefield":{"width":36,"depth":36},"units_on_table":[
	 {"id":"u","side":"a","type":"trooper","minis":[{"id":"u-1","leader":true,"x":18,"y":18,"base":"small","height":1.65}]}]}`)
	a, _ = sq.PanicEdge("u")
	if len(a.Edges) != 4 || a.Reasons[0].Rule != "panic.edges" {
		t.Fatalf("%+v", a)
	}
}
