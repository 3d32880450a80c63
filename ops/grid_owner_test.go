package ops

import (
	"testing"

	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

// TestGridSeats: the squads of a grid take the seats by the order of their first figure in the
// file, a squad named blue or red keeping its own seat; a third squad is neither seat's.
func TestGridSeats(t *testing.T) {
	fig := func(sides ...string) *table.SWMFile {
		g := &table.SWMFile{}
		for _, s := range sides {
			g.Figures = append(g.Figures, table.Figure{Side: s})
		}
		return g
	}
	for _, c := range []struct {
		g    *table.SWMFile
		want map[string]table.Colour
	}{
		{swmExample(t), map[string]table.Colour{"rebels": table.Blue, "empire": table.Red}},
		{fig("empire", "rebels", "empire"), map[string]table.Colour{"empire": table.Blue, "rebels": table.Red}},
		{fig("hutts", "red", "jawas"), map[string]table.Colour{"red": table.Red, "hutts": table.Blue, "jawas": table.NoColour}},
		{fig("red", "blue"), map[string]table.Colour{"red": table.Red, "blue": table.Blue}},
		{nil, map[string]table.Colour{}},
	} {
		got := GridSeats(c.g)
		if len(got) != len(c.want) {
			t.Errorf("%v: %v, want %v", c.g, got, c.want)
		}
		for s, w := range c.want {
			if got[s] != w {
				t.Errorf("%s: %v, want %v", s, got[s], w)
			}
		}
	}
}

// TestGridOwner: on a log opened on the example grid (rebels blue, empire red) a seat changes
// its own squad's figures and figures of no seat's squad; a change to the other squad's figure —
// a move, an edit, a removal, a figure added to that squad, one of its own edited into it — is
// refused with the owner's reason (EN and DE) and offered to the owner (OfferTo), who accepts it;
// the hot-seat author changes everything.
func TestGridOwner(t *testing.T) {
	l, err := OpenLog(maps.SWMExample())
	if err != nil {
		t.Fatal(err)
	}
	submit := submitter(t, l)
	obi := FigureOf(l.State().Grid().Figures[figureAt(l.State().Grid(), "obi-wan")])
	vaderMove := &SWMFigureMove{FigureID: "vader", X: 21, Y: 7}
	_, err = l.Submit(Entry{ID: "b0", Author: "blue", Op: vaderMove})
	if err == nil || noCite(err) != "vader is red's figure (squad empire): the change is offered to red, who accepts or refuses it" ||
		OfferTo(err, l.File()) != table.Red {
		t.Fatalf("blue moves vader: %v (offer to %v), want refused and offered to red", err, OfferTo(err, l.File()))
	}
	if r := err.(*Refusal); rules.ReasonIn(r.Reasons[0], "de") != "vader ist eine Figur von Rot (Trupp empire): die Änderung wird Rot angeboten, die sie annimmt oder ablehnt" {
		t.Errorf("German: %q", rules.ReasonIn(r.Reasons[0], "de"))
	}
	submit("b1", "blue", &SWMFigureMove{FigureID: "obi-wan", X: 2, Y: 4}, "")
	submit("r1", "red", &SWMFigureMove{FigureID: "obi-wan", X: 1, Y: 4}, "obi-wan is blue's figure (squad rebels)")
	submit("r2", "red", &SWMFigureRemove{FigureID: "obi-wan"}, "obi-wan is blue's figure")
	turned := obi
	turned.Side = "empire"
	submit("b2", "blue", &SWMFigureEdit{FigureID: "obi-wan", Figure: turned}, "obi-wan is red's figure (squad empire)")
	submit("b3", "blue", &SWMFigureAdd{FigureID: "tie", X: 12, Y: 0, Figure: GridFigure{Side: "empire", Speed: 6, Reach: 1}}, "tie is red's figure")
	submit("b4", "blue", &SWMFigureAdd{FigureID: "jawa", X: 12, Y: 0, Figure: GridFigure{Side: "jawas", Speed: 6, Reach: 1}}, "")
	submit("r3", "red", &SWMFigureMove{FigureID: "jawa", X: 13, Y: 0}, "")
	submit("l1", "local", vaderMove, "")
	submit("l2", "local", &Undo{Of: "l1"}, "")
	submit("b5", "blue", &OfferMake{To: table.Red, Proposal: Carried{vaderMove}}, "")
	submit("r5", "red", &OfferAnswer{Of: "b5", Accept: true}, "")
	if g := l.State().Grid(); g.Figures[figureAt(g, "vader")].X != 21 {
		t.Fatalf("after red accepted: vader at %d, want 21", g.Figures[figureAt(g, "vader")].X)
	}
}
