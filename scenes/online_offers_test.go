package scenes

import (
	"errors"
	"os"
	"testing"

	"holotable/ops"
	"holotable/protocol"
)

// TestOnlineOffers: on a room whose game gives unit b to blue, red's page moves b-1: the move is
// offered to blue instead (the message says so, red's table is unchanged), blue's page lists the
// offer to answer and red's as its own; blue accepts with the page's command, and every page ends
// with b-1 moved by blue's accept; the offer is gone from both lists. A second offer is refused by
// blue and leaves the table.
func TestOnlineOffers(t *testing.T) {
	data, err := os.ReadFile("../ops/testdata/game-state.json")
	if err != nil {
		t.Fatal(err)
	}
	r := newFakeRoomOn(t, data)
	blue, red := r.join(protocol.Blue), r.join(protocol.Red)
	blueScene := NewTableScene("online", blue.o.Doc())
	move := &ops.MinisMove{Minis: []ops.MiniPlace{{Mini: "b-1", X: 48, Y: 20}}}
	var offered *OfferedError
	if err := red.o.Doc().Submit(move); !errors.As(err, &offered) || offered.To.String() != "blue" {
		t.Fatalf("red's move of blue's mini: %v, want it offered to blue", err)
	}
	if x := miniX(red.o.Doc(), "b-1"); x == 48 {
		t.Fatal("red's page moved b-1 before blue accepted")
	}
	red.o.Sync()
	r.converged(t)
	bo, ro := blue.o.offers(), red.o.offers()
	if len(bo) != 1 || !bo[0].Answer || bo[0].Mine || bo[0].From != "red" || len(ro) != 1 || !ro[0].Mine || ro[0].Answer {
		t.Fatalf("offers: blue %+v, red %+v", bo, ro)
	}
	if _, err := cmdOffer(blueScene, jsonRaw(`{"id":"`+bo[0].ID+`","accept":true}`)); err != nil {
		t.Fatal(err)
	}
	blue.o.Sync()
	r.converged(t)
	for _, p := range []*fakePage{blue, red} {
		if x := miniX(p.o.Doc(), "b-1"); x != 48 || len(p.o.offers()) != 0 {
			t.Errorf("%s: b-1 at x %v, offers %+v", p.seat, x, p.o.offers())
		}
	}
	if e := r.log.Entry(r.log.Len()); e.Author != "blue" || e.Op.Kind() != ops.KindOfferAnswer {
		t.Errorf("the last entry: %s by %s, want blue's offer.answer", e.Op.Kind(), e.Author)
	}
	// A second offer, refused.
	back := &ops.MinisMove{Minis: []ops.MiniPlace{{Mini: "b-1", X: 46, Y: 20}}}
	if err := red.o.Doc().Submit(back); !errors.As(err, &offered) {
		t.Fatal(err)
	}
	red.o.Sync()
	r.converged(t)
	if _, err := cmdOffer(blueScene, jsonRaw(`{"id":"`+blue.o.offers()[0].ID+`"}`)); err != nil {
		t.Fatal(err)
	}
	blue.o.Sync()
	r.converged(t)
	if x := miniX(red.o.Doc(), "b-1"); x != 48 || len(red.o.offers()) != 0 {
		t.Errorf("after blue refused: b-1 at %v, offers %+v", x, red.o.offers())
	}
}

func miniX(d *Doc, id string) float64 {
	ref, ok := d.File().Lookup(id)
	if !ok || ref.Mini == nil {
		return -1
	}
	return ref.Mini.X
}

// TestOnlineOfferGroupUndo (D107): red's change of two ops — its own a-1 and blue's b-1 moved in
// one Submit — is offered to blue as one offer listing both; blue's accept moves both on every
// page. Red's next offer is withdrawn by red's undo: no page lists it any more.
func TestOnlineOfferGroupUndo(t *testing.T) {
	r, blue, red := gameRoom(t, "game-state.json")
	ax := miniX(red.o.Doc(), "a-1")
	var offered *OfferedError
	err := red.o.Doc().Submit(&ops.MinisMove{Minis: []ops.MiniPlace{{Mini: "a-1", X: ax + 1, Y: 5}}},
		&ops.MinisMove{Minis: []ops.MiniPlace{{Mini: "b-1", X: 48, Y: 20}}})
	if !errors.As(err, &offered) || offered.To.String() != "blue" || offered.What != "move a-1; move b-1" {
		t.Fatalf("red's group: %v, want it offered to blue whole", err)
	}
	red.o.Sync()
	r.converged(t)
	bo := blue.o.offers()
	if len(bo) != 1 || !bo[0].Answer || bo[0].Text != "move a-1; move b-1" || miniX(blue.o.Doc(), "a-1") != ax {
		t.Fatalf("blue's offers %+v, a-1 at %v", bo, miniX(blue.o.Doc(), "a-1"))
	}
	if _, err := cmdOffer(NewTableScene("online", blue.o.Doc()), jsonRaw(`{"id":"`+bo[0].ID+`","accept":true}`)); err != nil {
		t.Fatal(err)
	}
	blue.o.Sync()
	r.converged(t)
	for _, p := range []*fakePage{blue, red} {
		if miniX(p.o.Doc(), "a-1") != ax+1 || miniX(p.o.Doc(), "b-1") != 48 || len(p.o.offers()) != 0 {
			t.Errorf("%s: a-1 at %v, b-1 at %v, offers %+v after blue accepted", p.seat, miniX(p.o.Doc(), "a-1"), miniX(p.o.Doc(), "b-1"), p.o.offers())
		}
	}
	// Red offers again, then takes it back with its undo.
	if err := red.o.Doc().Submit(&ops.MinisMove{Minis: []ops.MiniPlace{{Mini: "b-1", X: 46, Y: 20}}}); !errors.As(err, &offered) {
		t.Fatal(err)
	}
	red.o.Sync()
	r.converged(t)
	if len(blue.o.offers()) != 1 {
		t.Fatalf("blue's offers %+v, want red's second", blue.o.offers())
	}
	if _, _, err := red.o.Doc().Undo(); err != nil {
		t.Fatal(err)
	}
	red.o.Sync()
	r.converged(t)
	if e := r.log.Entry(r.log.Len()); e.Author != "red" || e.Op.Kind() != ops.KindUndo || len(blue.o.offers()) != 0 || len(red.o.offers()) != 0 {
		t.Errorf("after red's undo: last entry %s by %s, offers blue %+v red %+v", e.Op.Kind(), e.Author, blue.o.offers(), red.o.offers())
	}
}
