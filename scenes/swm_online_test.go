package scenes

import (
	"errors"
	"testing"

	"holotable/maps"
	"holotable/ops"
	"holotable/protocol"
	"holotable/table"
)

// TestOnlineGrid: a room made from a grid table (D118): both pages open on the grid, both edit at
// once (blue paints, red moves a figure before it has seen blue's op), every page ends with the
// server's grid, and a table scene on the page shows the grid table with the other's edit.
func TestOnlineGrid(t *testing.T) {
	r, blue, red := gridRoom(t)
	s := NewTableScene("online", red.o.Doc())
	tick(s, Input{ScreenChanged: true})
	if !s.Grid() || s.Snapshot().Ruleset != table.RulesetSWM {
		t.Fatal("the page on a grid room does not show the grid table")
	}
	if err := blue.o.Doc().Submit(&ops.SWMPaint{X: 0, Y: 0, W: 3, H: 1, Square: table.SquareDifficult}); err != nil {
		t.Fatal(err)
	}
	if err := red.o.Doc().Submit(&ops.SWMFigureMove{FigureID: "vader", X: 20, Y: 7}); err != nil {
		t.Fatal(err)
	}
	red.o.Sync()
	blue.o.Sync()
	want, _ := table.SaveSWM(r.log.State().Grid())
	for _, p := range r.pages {
		p.deliver()
		got, _ := table.SaveSWM(p.o.Doc().State().Grid())
		if string(got) != string(want) || p.o.Pending() != 0 {
			t.Errorf("%s: pending %d, grid equal %v", p.seat, p.o.Pending(), string(got) == string(want))
		}
	}
	tick(s, Input{})
	if g := s.doc.State().Grid(); s.grid.file != g || g.At(2, 0) != table.SquareDifficult || g.Figures[3].X != 20 {
		t.Error("red's scene does not show both edits")
	}
}

// TestOnlineGridOffer: on a grid room the seats take the file's squads (D132: rebels blue, empire
// red). Red's move of blue's Obi-Wan is not made but offered to blue, in the words of the op; blue
// accepts, and both pages show Obi-Wan moved.
func TestOnlineGridOffer(t *testing.T) {
	r, blue, red := gridRoom(t)
	blueScene := NewTableScene("online", blue.o.Doc())
	var offered *OfferedError
	if err := red.o.Doc().Submit(&ops.SWMFigureMove{FigureID: "obi-wan", X: 2, Y: 4}); !errors.As(err, &offered) ||
		offered.To != table.Blue || err.Error() != "Offered to blue: move figure obi-wan to (2,4). The change is theirs to accept or refuse." {
		t.Fatalf("red's move of obi-wan: %v, want it offered to blue", err)
	}
	red.o.Sync()
	r.converged(t)
	bo := blue.o.offers()
	if len(bo) != 1 || !bo[0].Answer || bo[0].From != "red" {
		t.Fatalf("blue's offers %+v", bo)
	}
	if _, err := cmdOffer(blueScene, jsonRaw(`{"id":"`+bo[0].ID+`","accept":true}`)); err != nil {
		t.Fatal(err)
	}
	blue.o.Sync()
	r.converged(t)
	for _, p := range []*fakePage{blue, red} {
		if g := p.o.Doc().State().Grid(); g.Figures[0].ID != "obi-wan" || g.Figures[0].X != 2 {
			t.Errorf("%s: obi-wan at %d, want 2", p.seat, g.Figures[0].X)
		}
	}
}

// gridRoom is a fake room made from the example grid table (D118), blue's and red's pages on it.
func gridRoom(t *testing.T) (*fakeRoom, *fakePage, *fakePage) {
	t.Helper()
	data := maps.SWMExample()
	l, err := ops.OpenLog(data)
	if err != nil {
		t.Fatal(err)
	}
	r := &fakeRoom{t: t, first: data, log: l, ids: map[string]uint64{}}
	return r, r.join(protocol.Blue), r.join(protocol.Red)
}
