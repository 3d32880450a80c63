package scenes

import (
	"reflect"
	"testing"

	"holotable/rules"
	"holotable/table"
)

// TestTagLines: "beyond 5" past the last band, a tape on a Spezialeinsätze table, "no LOS"
// instead of a cover level when no mini sees the unit, in English and German (issue 17, item 9).
func TestTagLines(t *testing.T) {
	legion := &table.File{Units: "in"}
	specops := &table.File{Units: "in", Ruleset: "specops"}
	for _, c := range []struct {
		f      *table.File
		e      rules.Engagement
		en, de []string
	}{
		{legion, rules.Engagement{Band: 5, Distance: 29.5, LOSCount: 4, Minis: 6, Cover: table.CoverHeavy, Hidden: []string{"a"}},
			[]string{`range 5 · 29.50"`, "LOS 4/6 · heavy cover", "1 fully hidden"},
			[]string{`Reichweite 5 · 29.50"`, "SL 4/6 · schwere Deckung", "1 vollständig verdeckt"}},
		{legion, rules.Engagement{Band: 6, Distance: 33.08, LOSCount: 0, Minis: 6, Cover: table.CoverHeavy, Hidden: []string{"a"}},
			[]string{`beyond 5 · 33.08"`, "no LOS (0/6)"}, []string{`jenseits 5 · 33.08"`, "keine SL (0/6)"}},
		{specops, rules.Engagement{Band: 3, Distance: 14.25, LOSCount: 1, Minis: 1, Cover: table.CoverNone},
			[]string{`14.25" (tape measure)`, "LOS 1/1 · no cover"}, []string{`14.25" (Maßband)`, "SL 1/1 · keine Deckung"}},
	} {
		for _, lang := range []string{"en", "de"} {
			if err := SetLanguage(lang); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range tagLines(c.f, measureLabel{Engagement: c.e}, false) {
				got = append(got, l.Text)
			}
			want := c.en
			if lang == "de" {
				want = c.de
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s %+v: %q, want %q", lang, c.e, got, want)
			}
			if n := len(tagLines(c.f, measureLabel{Engagement: c.e}, true)); n != min(len(want), 2) {
				t.Errorf("%s %+v: a compact tag of %d lines, want %d", lang, c.e, n, min(len(want), 2))
			}
		}
	}
	_ = SetLanguage("en")
}
