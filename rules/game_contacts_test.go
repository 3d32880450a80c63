package rules

import (
	"testing"

	"holotable/table"
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

// TestMovedContacts: a pair ends when one of its minis stands at a new place — x, y, z or facing
// changed (Toleranzbereich L1865–1894, "until one of them is moved to a new position", D114); a
// pair whose minis stand still is kept, in order; no game, no pairs.
func TestMovedContacts(t *testing.T) {
	before, _ := cloneFile(world(t, squadDoc).File)
	before.Game.Contacts = [][2]string{{"sq-1", "tgt-1"}, {"sq-4", "tgt-2"}}
	for _, c := range []struct {
		name    string
		change  func(f *table.File)
		dropped int
	}{
		{"nothing", func(*table.File) {}, 0},
		{"x", func(f *table.File) { f.UnitsOnTable[0].Minis[0].X += 0.5 }, 1},
		{"z", func(f *table.File) { f.UnitsOnTable[1].Minis[1].Z = 1 }, 1},
		{"facing", func(f *table.File) { f.UnitsOnTable[1].Minis[0].Facing = 90 }, 1},
		{"another mini", func(f *table.File) { f.UnitsOnTable[0].Minis[1].X += 3 }, 0},
		{"both pairs", func(f *table.File) { f.UnitsOnTable[1].Minis[0].Y, f.UnitsOnTable[1].Minis[1].Y = 2, 2 }, 2},
	} {
		after, _ := cloneFile(before)
		c.change(after)
		kept, dropped := MovedContacts(before, after)
		if len(dropped) != c.dropped || len(kept)+len(dropped) != 2 {
			t.Errorf("%s: kept %v dropped %v, want %d dropped", c.name, kept, dropped, c.dropped)
		}
	}
	if k, d := MovedContacts(world(t, squadDoc).File, before); k != nil || d != nil {
		t.Errorf("no pairs: %v %v", k, d)
	}
}
