package scenes

import (
	"reflect"
	"strings"
	"testing"

	"holotable/ops"
)

// TestPlaceAnyway: a placement that breaks cohesion waits for "Place anyway", which commits it and
// marks the mini until it is fixed (here by undo); the next action drops a waiting placement; a
// placement in cohesion is made at once (issue 17, item 1).
func TestPlaceAnyway(t *testing.T) {
	s := NewTableScene("test", testDoc())
	tick(s, Input{ScreenChanged: true})
	far := &ops.MinisMove{Minis: []ops.MiniPlace{{Mini: "red-1-2", X: 30, Y: 10}}}
	placed, err := s.Place(far, "red-1")
	if err != nil || placed || s.Doc().Rev() != 0 {
		t.Fatalf("out of cohesion: placed %v, err %v, rev %d", placed, err, s.Doc().Rev())
	}
	st := s.Snapshot()
	if st.Standing == nil || len(st.Standing.Pending) != 1 || st.Standing.Pending[0].Rule != "cohesion.distance" ||
		!strings.Contains(st.Message, "red-1-2 is 18.94 from its leader") {
		t.Fatalf("the waiting placement: %+v, message %q", st.Standing, st.Message)
	}
	// The next action drops it.
	_, _ = s.Command("tool", []byte(`"units"`))
	if _, err := s.Command("placeAnyway", nil); err == nil || s.Doc().Rev() != 0 {
		t.Fatalf("placed anyway after the next action: err %v, rev %d", err, s.Doc().Rev())
	}
	if _, err := s.Place(far, "red-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Command("placeAnyway", nil); err != nil || s.Doc().Rev() != 1 {
		t.Fatalf("place anyway: err %v, rev %d", err, s.Doc().Rev())
	}
	if st := s.Snapshot(); st.Standing == nil || !reflect.DeepEqual(st.Standing.Marked, []string{"red-1-2"}) || st.Standing.Pending != nil {
		t.Fatalf("after place anyway: %+v", st.Standing)
	}
	tick(s, Input{Undo: true})
	if st := s.Snapshot(); st.Standing != nil {
		t.Fatalf("the mark outlived the undo: %+v", st.Standing)
	}
	near := &ops.MinisMove{Minis: []ops.MiniPlace{{Mini: "red-1-2", X: 11.5, Y: 11}}}
	if placed, err := s.Place(near, "red-1"); !placed || err != nil || s.Snapshot().Standing != nil {
		t.Fatalf("in cohesion: placed %v, err %v, standing %+v", placed, err, s.Snapshot().Standing)
	}
}
