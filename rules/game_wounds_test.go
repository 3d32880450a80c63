package rules

import (
	"reflect"
	"slices"
	"testing"

	"holotable/table"
)

// Wounds outside an attack (RRG 2.0 Wunden L11764–11884): every mini can take them — no line of
// sight limits them — the wounded mini first, the player's order next, the leader last; a mini at
// its threshold is defeated and leaves the table into the unit's game record; the new leader is
// the player's; refusals change nothing.
func TestSufferWounds(t *testing.T) {
	ok := stepper(t)
	w := world(t, squadDoc)
	f, _ := cloneFile(w.File)
	f.UnitsOnTable[0].Card.Wounds = 2 // sq-1 … sq-3: 2 wounds each; sq-4 (DLT-19): 3
	f.UnitsOnTable[0].Card.WoundsFrom = map[string]int{"DLT-19 Stormtrooper": 3}
	w = NewWorld(f)
	before := saved(t, w)
	for _, tc := range []struct {
		n         int
		order     []string
		newLeader string
		code      string
	}{{0, nil, "", "wounds.count"}, {-2, nil, "", "wounds.count"}, {1, []string{"tgt-1"}, "", "wounds.notMini"}, {1, nil, "sq-9", "wounds.notMini"}} {
		s, err := w.SufferWounds("sq", tc.n, tc.order, tc.newLeader)
		refused(t, w, before, s, err, tc.code)
	}
	s, err := w.SufferWounds("nobody", 1, nil, "")
	refused(t, w, before, s, err, "game.noRecord")

	// 3 wounds, the player's order sq-3: sq-3 takes 2 (defeated), then the next wound goes to the
	// first non-leader in unit order, sq-2 (1 wound, stays).
	s, err = w.SufferWounds("sq", 3, []string{"sq-3"}, "")
	w = ok(s, err)
	u := w.File.UnitsOnTable[0]
	r := w.File.Game.Unit("sq")
	if len(u.Minis) != 3 || slices.ContainsFunc(u.Minis, func(m table.Mini) bool { return m.ID == "sq-3" }) ||
		len(r.Defeated) != 1 || r.Defeated[0].ID != "sq-3" || !reflect.DeepEqual(r.Wounds, map[string]int{"sq-2": 1}) {
		t.Fatalf("after 3 wounds: minis %v, record %+v", u.Minis, r)
	}
	if !reflect.DeepEqual(s.Changed, []string{"sq"}) || s.Reasons[0].Rule != "wounds.suffered" {
		t.Fatalf("changed %v reasons %v", s.Changed, s.Reasons)
	}
	// 6 more, the player's order naming the leader sq-1 (it is still last): the wounded sq-2 takes
	// 1 (defeated), sq-4 3 (defeated), then the leader 2: 1 + 3 + 2 = 6, the whole unit falls.
	w = ok(w.SufferWounds("sq", 6, []string{"sq-1"}, ""))
	if w.File.UnitIndex("sq") >= 0 || len(w.File.Game.Unit("sq").Defeated) != 4 {
		t.Fatalf("the unit should have left the table: %+v", w.File.Game.Unit("sq"))
	}
	s, err = w.SufferWounds("sq", 1, nil, "")
	refused(t, w, saved(t, w), s, err, "game.notOnTable")
}

// The leader defeated by wounds outside an attack: the player's new leader leads.
func TestSufferWoundsNewLeader(t *testing.T) {
	ok := stepper(t)
	w := world(t, squadDoc) // wound threshold 1: 3 wounds defeat sq-2, sq-3, sq-4, the leader stays
	w = ok(w.SufferWounds("sq", 3, nil, ""))
	if u := w.File.UnitsOnTable[0]; len(u.Minis) != 1 || u.Minis[0].ID != "sq-1" || !u.Minis[0].Leader {
		t.Fatalf("after 3 wounds: %+v", u.Minis)
	}
	w = world(t, squadDoc)
	// A wounded leader takes the next wound before an unwounded mini the player names
	// (CiteWoundedFirst); threshold 2, the leader with 1 wound: it falls and sq-4 leads.
	f, _ := cloneFile(w.File)
	f.UnitsOnTable[0].Card.Wounds = 2
	f.Game.Unit("sq").Wounds = map[string]int{"sq-1": 1}
	w = NewWorld(f)
	w = ok(w.SufferWounds("sq", 1, []string{"sq-2"}, "sq-4"))
	u := w.File.UnitsOnTable[0]
	if len(u.Minis) != 3 || u.Minis[2].ID != "sq-4" || !u.Minis[2].Leader || u.Minis[0].Leader {
		t.Fatalf("the wounded leader should fall first and sq-4 lead: %+v", u.Minis)
	}
}
