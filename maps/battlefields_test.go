package maps

import "testing"

func TestBattlefields(t *testing.T) {
	for _, tc := range []struct {
		ruleset, id string
		w, d        float64
		ok          bool
	}{
		{"legion", "", 72, 36, true},
		{"legion", "6x4", 72, 48, true},
		{"legion", "3x3", 36, 36, true},
		{"specops", "", 36, 36, true},
		{"specops", "6x4", 0, 0, false},
		{"legion", "9x9", 0, 0, false},
	} {
		b, ok := BattlefieldFor(tc.ruleset, tc.id)
		if ok != tc.ok || b.Width != tc.w || b.Depth != tc.d {
			t.Errorf("%s %q: %+v %v", tc.ruleset, tc.id, b, ok)
		}
	}
}
