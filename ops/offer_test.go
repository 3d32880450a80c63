package ops

import (
	"os"
	"strings"
	"testing"

	"holotable/table"
)

// TestOffers: on testdata/game-state.json (unit a red's, b blue's), red's move of b-1 is refused
// as blue's (owner.go) and offered instead: the offer changes nothing and is open; it is refused
// when it is not from one side to the other or its proposal does not apply; red cannot accept
// its own offer; blue's accept applies the move as blue's op (undone by blue's undo) and closes
// the offer, which cannot be answered twice; a second offer is withdrawn by red. The log's JSON
// replays to the same table.
func TestOffers(t *testing.T) {
	data, err := os.ReadFile("testdata/game-state.json")
	if err != nil {
		t.Fatal(err)
	}
	f := load(t, data)
	l := NewLog(f)
	move := &MinisMove{Minis: []MiniPlace{{Mini: "b-1", X: 48, Y: 20}}}
	if _, err := l.Submit(Entry{ID: "r0", Author: "red", Op: move}); OfferTo(err, l.File()) != table.Blue {
		t.Fatalf("red's move of b-1: %v, want an offer to blue", err)
	}
	submit := func(id, author string, op Op, wantErr string) {
		t.Helper()
		_, err := l.Submit(Entry{ID: id, Author: author, Op: op})
		if err == nil {
			applied(op.Kind())
		} else {
			refusedK(op.Kind())
		}
		switch {
		case wantErr == "" && err != nil:
			t.Fatalf("%s: %v", id, err)
		case wantErr != "" && (err == nil || !strings.Contains(err.Error(), wantErr)):
			t.Fatalf("%s: %v, want %q", id, err, wantErr)
		}
	}
	submit("x1", "red", &OfferMake{To: table.Red, Proposal: Carried{move}}, "not from Red to Red")
	submit("x2", "local", &OfferMake{To: table.Blue, Proposal: Carried{move}}, "an offer goes from one side to the other")
	submit("x3", "red", &OfferMake{To: table.Blue, Proposal: Carried{&MinisMove{Minis: []MiniPlace{{Mini: "b-9", X: 1, Y: 1}}}}}, "proposal.minis[0].mini")
	submit("x4", "red", &OfferMake{To: table.Blue, Proposal: Carried{&Undo{Of: "r0"}}}, "undo cannot be offered")
	submit("r1", "red", &OfferMake{To: table.Blue, Proposal: Carried{move}}, "")
	if changed := save(t, l.File()) != save(t, f); changed || len(l.Offers()) != 1 || l.Offers()[0].ID != "r1" {
		t.Fatalf("after the offer: table changed %v, offers %v", changed, l.Offers())
	}
	submit("r2", "red", &OfferAnswer{Of: "r1", Accept: true}, "Red may not answer the offer r1")
	submit("b0", "blue", &OfferAnswer{Of: "r9", Accept: true}, `no offer "r9"`)
	submit("b1", "blue", &OfferAnswer{Of: "r1", Accept: true}, "")
	if m := l.File().UnitsOnTable[unitAt(l.File(), "b")].Minis[0]; m.X != 48 || len(l.Offers()) != 0 {
		t.Fatalf("after blue's accept: b-1 at %v, offers %v", m.X, l.Offers())
	}
	submit("b2", "blue", &OfferAnswer{Of: "r1"}, "the offer r1 was answered already (b1)")
	submit("b3", "blue", &Undo{Of: "b1"}, "")
	if m := l.File().UnitsOnTable[unitAt(l.File(), "b")].Minis[0]; m.X == 48 {
		t.Fatal("blue's undo of the accept left b-1 moved")
	}
	submit("r3", "red", &OfferMake{To: table.Blue, Proposal: Carried{move}}, "")
	submit("r4", "red", &OfferAnswer{Of: "r3"}, "")
	if len(l.Offers()) != 0 {
		t.Fatalf("after red withdrew: offers %v", l.Offers())
	}
	rec, err := l.Record()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := save(t, back.File()), save(t, l.File()); got != want {
		t.Error("the record does not replay to the same table")
	}
	if !strings.Contains(string(rec), `"op":"offer.make","to":"blue","proposal":{"op":"minis.move","minis":[{"mini":"b-1","x":48,"y":20}]}}`) {
		t.Errorf("record:\n%s", rec)
	}
}
