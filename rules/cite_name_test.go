package rules

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestCiteName: citations worded by their glossary entries in German and English, lines kept.
func TestCiteName(t *testing.T) {
	for _, c := range []struct{ cite, want string }{
		{CiteObscured, "Deckung / Cover (RRG L4509–4527, L4620–4652)"},
		{CiteRangeAttack, "Angriff / Attack (RRG L2436–2441), Reichweite / Range (RRG L9145–9147)"},
		{CiteDeploy, "Aufstellung / Deployment (RRG L2781–2835), Bewegung / Movement (RRG L3949–4008)"},
		{CiteLOSArea, "Fläche / Area Terrain (RRG L1555–1573); spec scenario-v1"},
		{CiteDestinyResolve, "Destiny L661–671, L414, L422"},
		{CiteSpecOpsOpen, "Spezialeinsätze (seed 003): terrain is open or impassable; no difficult terrain"},
		{"SO L88–91 (Spezialeinsätze: no commander)", "SO L88–91"},
		{CiteBlueEdge, "Spielaufbau / Setup (RRG steps 4–5 L834–847), Schlachtfeld definieren / Defining the Battlefield (RRG L9803–9805)"},
	} {
		if got := CiteName(c.cite); got != c.want {
			t.Errorf("CiteName(%q)\n = %q\nwant %q", c.cite, got, c.want)
		}
	}
}

// TestCiteNamesKnown: every glossary entry the package cites has its English name.
func TestCiteNamesKnown(t *testing.T) {
	files, _ := os.ReadDir(".")
	cite := regexp.MustCompile(`"RRG 2\.0 [^"]*"`)
	entry := regexp.MustCompile(`(?:^RRG 2\.0 |, )([A-ZÄÖÜ][^,;()]*?) (?:steps? [0-9–, ]+ )?L[0-9]`)
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".go") || strings.HasSuffix(f.Name(), "_test.go") {
			continue
		}
		src, _ := os.ReadFile(f.Name())
		for _, c := range cite.FindAllString(string(src), -1) {
			c = citeNote.ReplaceAllString(strings.Trim(c, `"`), "")
			for _, m := range entry.FindAllStringSubmatch(c, -1) {
				if _, ok := glossaryEN[m[1]]; !ok {
					t.Errorf("%s: no English name for %q (%s)", f.Name(), m[1], c)
				}
			}
		}
	}
}
