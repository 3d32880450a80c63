package rules

import (
	"testing"
)

// TestSetContact: the players mark an attacking and a defending mini as in base contact (RRG 2.0
// Toleranzbereich L1865–1894) though 8.8" apart in squadDoc; the units are then in melee (the
// melee attack is allowed); the mark is taken away again; refusals change nothing.
func TestSetContact(t *testing.T) {
	ok := stepper(t)
	w := world(t, squadDoc)
	before := saved(t, w)
	for _, c := range []struct {
		a, b string
		on   bool
		code string
	}{{"sq-1", "nobody", true, "contact.notMini"}, {"sq-1", "sq-2", true, "contact.sameUnit"}, {"sq-4", "tgt-1", false, "contact.absent"}} {
		s, err := w.SetContact(c.a, c.b, c.on)
		refused(t, w, before, s, err, c.code)
	}
	if a, err := w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt", Melee: true}); err != nil || a.Allowed {
		t.Fatalf("melee before the mark: %+v %v", a.Allowed, err)
	}
	w = ok(w.SetContact("tgt-1", "sq-4", true))
	if got := w.File.Game.Contacts; len(got) != 1 || got[0] != [2]string{"sq-4", "tgt-1"} {
		t.Fatalf("contacts %v", got)
	}
	if a, err := w.Attack(AttackQuery{Attacker: "sq", Defender: "tgt", Melee: true}); err != nil || !a.Allowed {
		t.Fatalf("melee after the mark: %+v %v", a.Reasons, err)
	}
	s, err := w.SetContact("sq-4", "tgt-1", true)
	refused(t, w, saved(t, w), s, err, "contact.already")
	w = ok(w.SetContact("sq-4", "tgt-1", false))
	if w.File.Game.Contacts != nil {
		t.Fatalf("contacts after clearing %v", w.File.Game.Contacts)
	}
}
