package rules

import (
	"slices"
	"testing"

	"holotable/table"
)

// TestMiniReasonText pins the words of a mini's cover reason (they are built without fmt, in
// one allocation): obscured by two pieces and fully hidden, obscured by one, not obscured, and
// not obscured because the attacking leader touches the piece.
func TestMiniReasonText(t *testing.T) {
	a := &Mini{Mini: &table.Mini{ID: "r-1"}}
	cases := []struct {
		mc   MiniCover
		rule string
		text string
		ids  []string
	}{
		{MiniCover{Mini: "b-2", Cover: table.CoverHeavy, Hidden: true, Obscurers: []Obscurer{{ID: "wall", What: "terrain", Cover: table.CoverHeavy}, {ID: "atst", What: "mini", Cover: table.CoverHeavy}}},
			"cover.mini", "b-2: obscured by wall (terrain, heavy), atst (mini, heavy) → heavy; fully hidden from r-1, it cannot be wounded", []string{"b-2", "wall", "atst"}},
		{MiniCover{Mini: "b-1", Cover: table.CoverLight, Obscurers: []Obscurer{{ID: "crater", What: "depression", Cover: table.CoverLight}}},
			"cover.mini", "b-1: obscured by crater (depression, light) → light", []string{"b-1", "crater"}},
		{MiniCover{Mini: "b-3", Cover: table.CoverNone},
			"cover.mini", "b-3: not obscured (nothing that gives its class cover both hides part of it from r-1 and lies on the line between the base centres)", []string{"b-3"}},
		{MiniCover{Mini: "b-4", Cover: table.CoverNone, Ignored: []string{"ruin-1", "ruin-2"}},
			"cover.touching", "b-4: not obscured; r-1 touches ruin-1, ruin-2, which therefore cannot obscure it", []string{"b-4"}},
		{MiniCover{Mini: "b-5", Cover: table.CoverNone, Hidden: true},
			"cover.mini", "b-5: not obscured (nothing that gives its class cover both hides part of it from r-1 and lies on the line between the base centres); fully hidden from r-1, it cannot be wounded", []string{"b-5"}},
	}
	for _, c := range cases {
		r := miniReason(a, c.mc)
		if string(r.Rule) != c.rule || r.Text != c.text || !slices.Equal(r.IDs, c.ids) {
			t.Errorf("%s: got %q %q %v\nwant %q %q %v", c.mc.Mini, r.Rule, r.Text, r.IDs, c.rule, c.text, c.ids)
		}
	}
	if r := miniReason(a, cases[1].mc); r.Cite != CiteDepression {
		t.Errorf("a depression's reason cites %q, want %q", r.Cite, CiteDepression)
	}
}
