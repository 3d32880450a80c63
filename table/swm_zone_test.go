package table

import (
	"strings"
	"testing"
)

// TestSWMDeployment: a grid table's own deployment zones load, save and load back the same; a
// table marks both zones or none, each on the map, with no unknown field.
func TestSWMDeployment(t *testing.T) {
	const head = `{"format": "holotable/1", "ruleset": "swm", "grid": {"width": 10, "height": 6}, "deployment": `
	f, err := LoadSWM([]byte(head + `[{"x": 0, "y": 0, "w": 2, "h": 6}, {"x": 7, "y": 1, "w": 3, "h": 4}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Deployment) != 2 || f.Deployment[1] != (Zone{7, 1, 3, 4}) {
		t.Fatalf("zones %+v", f.Deployment)
	}
	out, err := SaveSWM(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"deployment": [`) {
		t.Errorf("saved without its zones:\n%s", out)
	}
	back, err := LoadSWM(out)
	if err != nil || back.Deployment[0] != f.Deployment[0] || back.Deployment[1] != f.Deployment[1] {
		t.Errorf("read back: %+v %v", back, err)
	}
	for _, c := range []struct{ doc, want string }{
		{`[{"x": 0, "y": 0, "w": 2, "h": 6}]}`, "deployment: 1 zones: a table marks both squads' zones or none"},
		{`[{"x": 0, "y": 0, "w": 2, "h": 6}, {"x": 9, "y": 0, "w": 2, "h": 6}]}`, "deployment[1]: squares x 9…10, y 0…5 are not all on the 10 × 6 map"},
		{`[{"x": 0, "y": 0, "w": 0, "h": 6}, {"x": 8, "y": 0, "w": 2, "h": 6}]}`, "deployment[0]: squares x 0…-1, y 0…5 are not all on the 10 × 6 map"},
		{`[{"x": 0, "y": 0, "w": 2, "h": 6, "side": "a", "b": 1}, {"x": 8, "y": 0, "w": 2, "h": 6}]}`, "deployment[0].b: unknown field"},
		{`[{"x": 0, "y": 0, "w": 2}, {"x": 8, "y": 0, "w": 2, "h": 6}]}`, "deployment[0].h: missing"},
	} {
		if _, err := LoadSWM([]byte(head + c.doc)); err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.doc, err, c.want)
		}
	}
}
