package rules

import (
	"testing"

	"holotable/maps"
	"holotable/table"
)

// TestPlacementOf: a piece not on the table yet is checked as TerrainPlacement checks the pieces
// on it — a 5 × 0.8 barricade on the default table within range 1 of ruin-2 (setup's fallback),
// touching bldg-1, beyond range 1 of everything; and a copy of a piece on the table under a new id
// (so overlapping its original) touches it.
func TestPlacementOf(t *testing.T) {
	f, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	w := NewWorld(f)
	bar := func(x, y float64) *table.Terrain {
		return &table.Terrain{ID: "new", Height: 1, Kind: table.Solid,
			Polygon: [][2]float64{{x - 2.5, y - 0.4}, {x + 2.5, y - 0.4}, {x + 2.5, y + 0.4}, {x - 2.5, y + 0.4}}}
	}
	for _, c := range []struct {
		name          string
		p             *table.Terrain
		ok, touching  bool
		rule, nearest string
	}{
		{"within range 1", bar(36, 30), false, false, "placement.within", ""},
		{"touching bldg-1", bar(17, 22.4), false, true, "placement.touching", "bldg-1"},
		{"beyond range 1", bar(44, 34), true, false, "placement.beyond", ""},
	} {
		got, err := w.PlacementOf(c.p)
		if err != nil {
			t.Fatal(err)
		}
		if got.OK != c.ok || got.Touching != c.touching || string(got.Reasons[0].Rule) != c.rule || (c.nearest != "" && got.Nearest != c.nearest) {
			t.Errorf("%s: %+v", c.name, got)
		}
		if got.Reasons[0].Cite != CitePlacement {
			t.Errorf("%s: cite %q", c.name, got.Reasons[0].Cite)
		}
	}
	cp := f.Terrain[0]
	cp.ID = "copy"
	if got, err := w.PlacementOf(&cp); err != nil || !got.Touching || got.Distance != 0 {
		t.Errorf("a copy over its original: %+v %v", got, err)
	}
	bad := &table.Terrain{ID: "bad", Polygon: [][2]float64{{0, 0}, {2, 2}, {2, 0}, {0, 2}}}
	if _, err := w.PlacementOf(bad); err == nil {
		t.Error("a polygon crossing itself was checked")
	}
}
