package roomtest

import (
	"testing"

	"holotable/protocol"
)

// TestCheckedApply: Apply of what the last Check returned applies it; Apply of other bytes reads
// those (the checked op is not applied in their place), also after a Check; a refused op is
// refused by Apply as by Check and changes nothing.
func TestCheckedApply(t *testing.T) {
	tb, err := Engine{}.Open(First(map[string]float64{"n": 0}))
	if err != nil {
		t.Fatal(err)
	}
	table := tb.(*Table)
	logged, err := table.Check(protocol.Blue, "a", Add("n", 1))
	if err != nil {
		t.Fatal(err)
	}
	if err := table.Apply(protocol.Blue, logged); err != nil || table.Counters["n"] != 1 {
		t.Fatalf("apply of the checked op: n = %v, %v", table.Counters["n"], err)
	}
	if err := table.Apply(protocol.Blue, logged); err != nil || table.Counters["n"] != 2 {
		t.Fatalf("the same op again (read again): n = %v, %v", table.Counters["n"], err)
	}
	if _, err := table.Check(protocol.Blue, "b", Add("n", 1)); err != nil {
		t.Fatal(err)
	}
	if err := table.Apply(protocol.Red, Add("n", 10)); err != nil || table.Counters["n"] != 12 {
		t.Errorf("another op after a check: n = %v, %v; want 12", table.Counters["n"], err)
	}
	if _, err := table.Check(protocol.Blue, "c", Set("m", 3)); err != nil {
		t.Fatal(err)
	}
	if err := table.Apply(protocol.Blue, Add("zz", 1)); err == nil {
		t.Error("an add to a missing counter applied after another op's check")
	}
	if table.Counters["n"] != 12 || len(table.Counters) != 1 {
		t.Errorf("counters %v after a refused apply", table.Counters)
	}
}
