package scenes

import (
	"reflect"
	"testing"
	"time"

	"holotable/maps"
	"holotable/ops"
)

// TestStandingScanInSteps: with a step budget the scan of where every unit stands goes on over
// several snapshots, one unit each when the budget is spent at once; until it is done the marks of
// the last finished scan stand; its answer is the one a scan without a budget gives; an edit in
// the middle starts it again for the new revision (issue 18: a large table never holds a frame).
func TestStandingScanInSteps(t *testing.T) {
	far := &ops.MinisMove{Minis: []ops.MiniPlace{{Mini: "red-storm-1-2", X: 30, Y: 20}}}
	whole := mapScene(t, "default", maps.Default())
	if err := whole.Submit(far); err != nil {
		t.Fatal(err)
	}
	want := whole.Snapshot().Standing
	if want == nil || !reflect.DeepEqual(want.Marked, []string{"red-storm-1-2"}) {
		t.Fatalf("without a budget: %+v", want)
	}

	s := mapScene(t, "default", maps.Default())
	s.SetStepBudget(time.Nanosecond)
	units := len(s.Doc().World().Units)
	if units < 3 {
		t.Fatalf("the default table has %d units", units)
	}
	for k := 0; k < units; k++ { // the scan of the first revision, one unit a snapshot
		if st := s.Snapshot().Standing; st != nil {
			t.Fatalf("snapshot %d of the first scan: %+v", k+1, st)
		}
	}
	if err := s.Submit(far); err != nil {
		t.Fatal(err)
	}
	for k := 1; k < units-1; k++ {
		if st := s.Snapshot().Standing; st != nil {
			t.Fatalf("snapshot %d of %d: the marks before the scan is done: %+v", k, units, st)
		}
	}
	// An edit before the scan is done: it starts again for the new revision.
	back := &ops.MinisMove{Minis: []ops.MiniPlace{{Mini: "red-storm-1-2", X: 31, Y: 20}}}
	if err := s.Submit(back); err != nil {
		t.Fatal(err)
	}
	for k := 1; k < units; k++ {
		if st := s.Snapshot().Standing; st != nil {
			t.Fatalf("snapshot %d of %d after the second edit: %+v", k, units, st)
		}
	}
	if st := s.Snapshot().Standing; st == nil || !reflect.DeepEqual(st.Marked, want.Marked) {
		t.Fatalf("the scan done: %+v, want %+v", st, want)
	}
	if st := s.Snapshot().Standing; st == nil || !reflect.DeepEqual(st.Marked, want.Marked) {
		t.Fatalf("the next snapshot: %+v", st)
	}
}
