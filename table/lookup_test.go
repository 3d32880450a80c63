package table

import "testing"

func TestLookup(t *testing.T) {
	f := mustLoad(t, []byte(baseDoc))
	cases := []struct {
		id             string
		kind           ThingKind
		index, unitIdx int
		terrain, token bool
		unitID, miniID string
	}{
		{id: "wall", kind: TerrainThing, index: 0, terrain: true},
		{id: "rock", kind: TerrainThing, index: 1, terrain: true},
		{id: "a", kind: UnitThing, index: 0, unitIdx: 0, unitID: "a"},
		{id: "b", kind: UnitThing, index: 1, unitIdx: 1, unitID: "b"},
		{id: "a-1", kind: MiniThing, index: 0, unitIdx: 0, unitID: "a", miniID: "a-1"},
		{id: "a-2", kind: MiniThing, index: 1, unitIdx: 0, unitID: "a", miniID: "a-2"},
		{id: "b-1", kind: MiniThing, index: 0, unitIdx: 1, unitID: "b", miniID: "b-1"},
		{id: "obj", kind: TokenThing, index: 0, token: true},
	}
	index := f.Index()
	if len(index) != len(cases) {
		t.Errorf("Index has %d ids, want %d", len(index), len(cases))
	}
	for _, c := range cases {
		r, ok := f.Lookup(c.id)
		if !ok || r.Kind != c.kind || r.Index != c.index || r.UnitIndex != c.unitIdx {
			t.Errorf("%s: %+v %v", c.id, r, ok)
			continue
		}
		if index[c.id] != r {
			t.Errorf("%s: Index %+v, Lookup %+v", c.id, index[c.id], r)
		}
		if (r.Terrain != nil) != c.terrain || (r.Token != nil) != c.token ||
			(c.unitID != "") != (r.Unit != nil) || (c.miniID != "") != (r.Mini != nil) {
			t.Errorf("%s: wrong pointers %+v", c.id, r)
		}
		if r.Unit != nil && r.Unit.ID != c.unitID || r.Mini != nil && r.Mini.ID != c.miniID {
			t.Errorf("%s: points at the wrong thing %+v", c.id, r)
		}
		if r.Kind.String() == "nothing" {
			t.Errorf("%s: kind word", c.id)
		}
	}
	if r, ok := f.Lookup("ghost"); ok || r.Kind != NoThing || r.Kind.String() != "nothing" {
		t.Errorf("ghost: %+v %v", r, ok)
	}
	// Pointers point into the File.
	r, _ := f.Lookup("a-1")
	r.Mini.X = 6
	if f.UnitsOnTable[0].Minis[0].X != 6 {
		t.Error("Lookup's pointer is a copy")
	}
}

func TestLeaderAndRadius(t *testing.T) {
	f := mustLoad(t, []byte(baseDoc))
	if l := f.UnitsOnTable[0].Leader(); l == nil || l.ID != "a-1" || l != &f.UnitsOnTable[0].Minis[0] {
		t.Errorf("leader %+v", l)
	}
	if (&Unit{}).Leader() != nil {
		t.Error("a unit without minis has a leader")
	}
	if r := f.UnitsOnTable[0].Minis[0].Radius(); r != 1.063/2 {
		t.Errorf("radius %v", r)
	}
	if r := f.UnitsOnTable[1].Minis[0].Radius(); r != 1.5 {
		t.Errorf("radius %v", r)
	}
	pts := f.Terrain[0].Points()
	if len(pts) != 4 || pts[2].X != 12 || pts[2].Y != 14 || f.Terrain[1].Points() != nil {
		t.Errorf("points %v", pts)
	}
}
