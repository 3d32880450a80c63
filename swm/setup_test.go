package swm

import (
	"testing"

	"holotable/maps"
	"holotable/table"
)

func exampleBoard(t *testing.T) *Board {
	t.Helper()
	f, err := table.LoadSWM(maps.SWMExample())
	if err != nil {
		t.Fatal(err)
	}
	return NewBoard(f)
}

// L134, L479: the squads set up within 4 squares of the short edges; the example map's figures do.
func TestDeploymentL134(t *testing.T) {
	b := exampleBoard(t)
	z := b.Deployment()
	if z[0] != (Zone{0, 0, 4, 16}) || z[1] != (Zone{20, 0, 4, 16}) {
		t.Fatalf("zones %v on the 24 × 16 map", z)
	}
	for _, g := range b.f.Figures {
		zone := z[0]
		if g.Side == "empire" {
			zone = z[1]
		}
		if p := b.CanDeploy(g, zone); !p.OK {
			t.Errorf("%s: %+v", g.ID, p.Reasons)
		}
	}
	vader, _, _ := b.Figure("vader")
	if p := b.CanDeploy(vader, z[0]); p.OK {
		t.Error("Vader may set up at the Rebels' edge")
	}
	moved := vader
	moved.X, moved.Y = 22, 2 // on the Heavy Stormtrooper
	if p := b.CanDeploy(moved, z[1]); p.OK || p.Reasons[0].Cite != CiteDeploy {
		t.Errorf("on another figure: %+v", p)
	}
	tall := board(t, open(5, 9), nil, nil)
	if z := tall.Deployment(); z[0] != (Zone{0, 0, 5, 4}) || z[1] != (Zone{0, 5, 5, 4}) {
		t.Errorf("a map taller than wide: %v", z)
	}
}

// L491: the tie-breaker's "closest to the centre".
func TestClosestToCentreL491(t *testing.T) {
	b := board(t, open(10, 7), []string{"5,2-5,5"}, []string{"a/x@4,3", "b/y@5,3", "c/x@0,0"})
	centre := b.Centre()
	if len(centre) != 2 || centre[0] != Square(4, 3) || centre[1] != Square(5, 3) {
		t.Fatalf("centre %v", centre)
	}
	order, why := b.ClosestToCentre()
	if order[0].Distance != 0 || order[1].Distance != 0 || order[2].ID != "c" || order[2].Distance != 7 || why.Cite != CiteCentre {
		t.Errorf("order %+v (%s)", order, why.Text)
	}
}
