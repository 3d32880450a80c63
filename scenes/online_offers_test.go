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
