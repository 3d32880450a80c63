package rules

import (
	"fmt"
	"reflect"
	"testing"
)

// standTable is a 72×36 table with a 4×4 building at 20–24 × 8–12 (impassable, 3 high), red-1
// (leader red-1-1 and red-1-2, small bases of 1.0 diameter) and blue-1-1 at (40, 10).
func standTable(r1, r2 [3]float64) string {
	return fmt.Sprintf(`{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "terrain":[{"id":"bldg","polygon":[[20,8],[24,8],[24,12],[20,12]],"height":3,"kind":"solid","cover":"heavy","move":"impassable"}],
	 "units_on_table":[
	  {"id":"red-1","side":"red","type":"trooper","minis":[
	   {"id":"red-1-1","leader":true,"x":%g,"y":%g,"z":%g,"base":1.0,"height":1.65},
	   {"id":"red-1-2","x":%g,"y":%g,"z":%g,"base":1.0,"height":1.65}]},
	  {"id":"blue-1","side":"blue","type":"trooper","minis":[{"id":"blue-1-1","leader":true,"x":40,"y":10,"base":1.0,"height":1.65}]}]}`,
		r1[0], r1[1], r1[2], r2[0], r2[1], r2[2])
}

// TestStanding: hand-placed minis against each rule a drag may break (issue 17, item 1). Bases
// are 1.0 across: centres 1.0 apart touch (no overlap), 0.6 apart overlap by 0.4.
func TestStanding(t *testing.T) {
	for _, c := range []struct {
		name   string
		r1, r2 [3]float64
		marked []string
		rules  []Code
	}{
		{"clear, in cohesion", [3]float64{10, 10, 0}, [3]float64{12, 10, 0}, nil, []Code{"stand.ok"}},
		{"touching an enemy base is no overlap", [3]float64{39, 10, 0}, [3]float64{37.5, 10, 0}, nil, []Code{"stand.ok"}},
		// red-1-1 0.6 from blue-1-1; red-1-2 28.4 − 1.0 = 27.4 from its leader: out of cohesion.
		{"on an enemy base, follower left behind", [3]float64{40.6, 10, 0}, [3]float64{12, 10, 0},
			[]string{"red-1-1", "red-1-2"}, []Code{"stand.overlap", "cohesion.distance"}},
		{"own minis overlap, named once", [3]float64{10, 10, 0}, [3]float64{10.6, 10, 0}, []string{"red-1-1"}, []Code{"stand.overlap"}},
		{"in impassable terrain", [3]float64{20.3, 10, 0}, [3]float64{18.5, 10, 0}, []string{"red-1-1", "red-1-2"}, []Code{"stand.impassable", "cohesion.reach"}},
		// A leader stuck in the building cannot reach its follower either (Cohesion's answer).
		// Bases 3 above blue-1-1 (more than a base's thickness) do not overlap it.
		{"above another base", [3]float64{40.6, 10, 3}, [3]float64{39.5, 11, 3}, nil, []Code{"stand.ok"}},
		// On the building's top (z 3) its footprint is ground to stand on: no stand.impassable.
		// (Cohesion's reach test moves the leader top-down against the building's footprint, so
		// it answers that the follower cannot be reached; that is Cohesion's answer, as it is.)
		{"on top of the building", [3]float64{22, 10, 3}, [3]float64{23, 11, 3}, []string{"red-1-2"}, []Code{"cohesion.reach"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := world(t, standTable(c.r1, c.r2))
			a, err := w.Standing("red-1")
			if err != nil {
				t.Fatal(err)
			}
			var got []Code
			for _, r := range a.Reasons {
				got = append(got, r.Rule)
				if r.Cite == "" {
					t.Errorf("reason %q has no citation", r.Text)
				}
			}
			if a.OK != (c.marked == nil) || !reflect.DeepEqual(a.Marked, c.marked) || !reflect.DeepEqual(got, c.rules) {
				t.Errorf("OK %v, marked %v, rules %v; want marked %v, rules %v\n%+v", a.OK, a.Marked, got, c.marked, c.rules, a.Reasons)
			}
			for _, r := range a.Reasons {
				if _, ok := German(r); !ok {
					t.Errorf("no German for %q", r.Text)
				}
			}
		})
	}
	if _, err := world(t, standTable([3]float64{10, 10, 0}, [3]float64{12, 10, 0})).Standing("nobody"); err == nil {
		t.Error("Standing of an unknown unit answered")
	}
}
