package maps

import (
	"bytes"
	"testing"

	"holotable/table"
)

// Every embedded grid table loads, is saved exactly as SaveSWM writes it, and is not offered as a
// Legion table.
func TestSWMMaps(t *testing.T) {
	names := SWMNames()
	if len(names) == 0 || names[0] != "example" {
		t.Fatalf("SWMNames() = %v", names)
	}
	for _, n := range names {
		data, ok := SWM(n)
		if !ok {
			t.Fatalf("SWM(%q) missing", n)
		}
		f, err := table.LoadSWM(data)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		out, err := table.SaveSWM(f)
		if err != nil || !bytes.Equal(out, data) {
			t.Errorf("%s is not in SaveSWM's form (err %v)", n, err)
		}
		if _, ok := Get(n); ok {
			t.Errorf("%s is offered as a Legion table", n)
		}
	}
	if f, _ := table.LoadSWM(SWMExample()); len(f.Figures) != 6 || len(f.Doors) != 2 {
		t.Errorf("example: %d figures, %d doors", len(f.Figures), len(f.Doors))
	}
	for _, bad := range []string{"", "../default", "swm/example", "nope"} {
		if _, ok := SWM(bad); ok {
			t.Errorf("SWM(%q) found", bad)
		}
	}
}
