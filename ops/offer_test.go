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
	l, f := offerLog(t)
	move := &MinisMove{Minis: []MiniPlace{{Mini: "b-1", X: 48, Y: 20}}}
	if _, err := l.Submit(Entry{ID: "r0", Author: "red", Op: move}); OfferTo(err, l.File()) != table.Blue {
		t.Fatalf("red's move of b-1: %v, want an offer to blue", err)
	}
	submit := submitter(t, l)
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
	rec := replayed(t, l)
	if !strings.Contains(string(rec), `"op":"offer.make","to":"blue","proposal":{"op":"minis.move","minis":[{"mini":"b-1","x":48,"y":20}]}}`) {
		t.Errorf("record:\n%s", rec)
	}
}

// TestOfferUndoAndGroups (D107): red's offer of a move of blue's b-1 is withdrawn by red's undo —
// no longer open, and blue's accept of it refused — and made again by red's redo (an undo of that
// redo withdraws it again, its redo makes it again), then accepted;
// once answered, red's undo of the offer is refused (the change is blue's to take back). An offer
// of two ops (a move of red's own a-1 and of blue's b-1) changes nothing, describes itself as
// one, and blue's accept applies both as one entry, taken back whole by blue's undo; an offer
// whose second op does not apply is refused naming then[0]. Replayed from its record.
func TestOfferUndoAndGroups(t *testing.T) {
	l, _ := offerLog(t)
	submit := submitter(t, l)
	open := func(want ...string) {
		t.Helper()
		var got []string
		for _, e := range l.Offers() {
			got = append(got, e.ID)
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("open offers %v, want %v", got, want)
		}
	}
	bX := func() float64 { return l.File().UnitsOnTable[unitAt(l.File(), "b")].Minis[0].X }
	aX := func() float64 { return l.File().UnitsOnTable[unitAt(l.File(), "a")].Minis[0].X }
	b0, a0 := bX(), aX()
	move := &MinisMove{Minis: []MiniPlace{{Mini: "b-1", X: 48, Y: 20}}}
	submit("r1", "red", &OfferMake{To: table.Blue, Proposal: Carried{move}}, "")
	open("r1")
	submit("r2", "red", &Undo{Of: "r1"}, "")
	open()
	submit("b1", "blue", &OfferAnswer{Of: "r1", Accept: true}, "the offer r1 was withdrawn by its maker's undo")
	submit("r3", "red", &Redo{Of: "r2"}, "")
	open("r1")
	submit("r3u", "red", &Undo{Of: "r3"}, "") // the redo undone: withdrawn again
	open()
	submit("r3r", "red", &Redo{Of: "r3u"}, "")
	open("r1")
	submit("b2", "blue", &OfferAnswer{Of: "r1", Accept: true}, "")
	open()
	if bX() != 48 {
		t.Fatalf("after blue's accept b-1 at x %v", bX())
	}
	submit("r4", "red", &Undo{Of: "r3r"}, "the offer r1 was answered already (b2)")
	submit("b3", "blue", &Undo{Of: "b2"}, "")

	// A group offered: red's own a-1 and blue's b-1, accepted whole.
	group := &OfferMake{To: table.Blue, Proposal: Carried{&MinisMove{Minis: []MiniPlace{{Mini: "a-1", X: a0 + 1, Y: 5}}}},
		Then: []Carried{{&MinisMove{Minis: []MiniPlace{{Mini: "b-1", X: 50, Y: 22}}}}}}
	bad := &OfferMake{To: table.Blue, Proposal: group.Proposal, Then: []Carried{{&MinisMove{Minis: []MiniPlace{{Mini: "b-9", X: 1, Y: 1}}}}}}
	submit("r5", "red", bad, "then[0].minis[0].mini")
	submit("r6", "red", group, "")
	open("r6")
	if bX() != b0 || aX() != a0 {
		t.Fatalf("the group's offer moved minis: a-1 %v, b-1 %v", aX(), bX())
	}
	if got := l.Describe(l.Entry(l.Len()), "en"); got != "offer to Blue: move a-1 and 1 more" {
		t.Errorf("described as %q", got)
	}
	submit("b4", "blue", &OfferAnswer{Of: "r6", Accept: true}, "")
	if bX() != 50 || aX() != a0+1 {
		t.Fatalf("after blue's accept of the group: a-1 %v, b-1 %v", aX(), bX())
	}
	submit("b5", "blue", &Undo{Of: "b4"}, "")
	if bX() != b0 || aX() != a0 {
		t.Fatalf("blue's undo of the group: a-1 %v, b-1 %v", aX(), bX())
	}
	rec := replayed(t, l)
	if back, _ := ReadRecord(rec); len(back.Offers()) != 0 {
		t.Errorf("replayed offers %v", back.Offers())
	}
	if !strings.Contains(string(rec), `"then":[{"op":"minis.move","minis":[{"mini":"b-1","x":50,"y":22}]}]`) {
		t.Errorf("record:\n%s", rec)
	}
}

// offerLog is a log on testdata/game-state.json (unit a red's, b blue's) and that file.
func offerLog(t *testing.T) (*Log, *table.File) {
	t.Helper()
	data, err := os.ReadFile("testdata/game-state.json")
	if err != nil {
		t.Fatal(err)
	}
	f := load(t, data)
	return NewLog(f), f
}

// submitter submits an op by id and author to l: refused with a reason containing wantErr, or
// taken when wantErr is "" (counted for the kinds' coverage).
func submitter(t *testing.T, l *Log) func(id, author string, op Op, wantErr string) {
	return func(id, author string, op Op, wantErr string) {
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
}

// readBack is l's record and the log ReadRecord makes of it.
func readBack(t *testing.T, l *Log) ([]byte, *Log) {
	t.Helper()
	rec, err := l.Record()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	return rec, back
}

// replayed is l's record, which must replay to l's table.
func replayed(t *testing.T, l *Log) []byte {
	t.Helper()
	rec, back := readBack(t, l)
	if save(t, back.File()) != save(t, l.File()) {
		t.Error("the record does not replay to the same table")
	}
	return rec
}
