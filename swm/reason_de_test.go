package swm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

// TestGermanSWM asks every kind of question the app shows (line of sight, cover, distance,
// adjacency, targets, reach, sight) on the example map and on the judge's grid cases, between
// every two figures, and requires German for every reason: an English sentence without a
// pattern fails.
func TestGermanSWM(t *testing.T) {
	files := map[string][]byte{"example": maps.SWMExample()}
	paths, _ := filepath.Glob("../testdata/cases/swm-*.json")
	for _, p := range paths {
		if strings.HasSuffix(p, ".expect.json") || strings.Contains(p, "bad") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = b
	}
	seen := map[rules.Code]bool{}
	checkIn := func(name, what string, rs []rules.Reason) {
		t.Helper()
		for _, r := range rs {
			seen[r.Rule] = true
			de, ok := German(r)
			if !ok {
				t.Errorf("%s %s: no German for %s: %q", name, what, r.Rule, r.Text)
				continue
			}
			for _, en := range []string{" the ", "square (", " squares ", "wall from"} {
				if strings.Contains(de, en) {
					t.Errorf("%s %s: English %q left in %q", name, what, en, de)
				}
			}
		}
	}
	for name, data := range files {
		f, err := table.LoadSWM(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b := NewBoard(f)
		check := func(what string, rs []rules.Reason) { t.Helper(); checkIn(name, what, rs) }
		for _, g := range f.Figures {
			for _, o := range []ReachOptions{{}, {Double: true, Force: true}} {
				r, err := b.ReachOf(g.ID, o)
				if err != nil {
					t.Fatal(err)
				}
				check("reach "+g.ID, r.Reasons)
			}
			tg, err := b.TargetsOf(g.ID, TargetOptions{})
			if err != nil {
				t.Fatal(err)
			}
			check("targets "+g.ID, tg.Reasons)
			sight, _ := b.SightOf(g.ID)
			check("sight "+g.ID, sight.Reasons)
			for _, h := range f.Figures {
				if h.ID == g.ID {
					continue
				}
				check("los", b.LOS(SpaceOf(g), SpaceOf(h)).Reasons)
				c, _ := b.CoverOf(g.ID, h.ID)
				check("cover "+g.ID+" "+h.ID, c.Reasons)
				d, _ := b.DistanceOf(g.ID, h.ID, ModeRange)
				check("distance", d.Reasons)
				a, _ := b.Adjacent(g.ID, h.ID, true)
				check("adjacent", a.Reasons)
			}
		}
	}
	check := func(what string, rs []rules.Reason) { t.Helper(); checkIn("d20", what, rs) }
	// The d20: every natural of attacks with and without combined fire, a wider critical range,
	// Vicious and a droid; saves, initiative and a Force reroll.
	for _, o := range []AttackOptions{{Attack: 8, Defense: 16}, {Attack: 2, Defense: 20, CombinedFire: 1, CritFrom: 18, Vicious: true}, {Defense: 5, DroidDefender: true}} {
		for n := 1; n <= 20; n++ {
			a, err := ResolveAttack(n, o)
			if err != nil {
				t.Fatal(err)
			}
			check("attack", a.Reasons)
		}
	}
	r := rules.SeededRoller(7)
	for i := 0; i < 20; i++ {
		check("save", RollSave(r, 0).Reasons)
	}
	check("initiative", RollInitiative(r).Reasons)
	a, _ := RollAttack(r, AttackOptions{Attack: 3, Defense: 12})
	re, _ := RerollAttack(r, a, AttackOptions{Attack: 3, Defense: 12})
	check("reroll", re.Reasons)
	for _, c := range []rules.Code{"natural-1", "critical", "attack-roll", "combined-fire", "vicious", "droid", "critical-damage", "save", "initiative", "force-reroll", "los", "cover", "cover-adjacent", "distance", "target", "targets", "move-budget", "adjacent"} {
		if !seen[c] {
			t.Errorf("no question gave a %q reason: the test does not reach it", c)
		}
	}
}

// TestGermanSWMWords checks the German of one sentence of each shape by hand.
func TestGermanSWMWords(t *testing.T) {
	for _, tc := range []struct {
		r    rules.Reason
		want string
	}{
		{rules.Reason{Rule: "distance", Text: "5 squares from the square (1,4) to the 2×2 space at (6,7), its square counted (walls and closed doors counted around; low objects, difficult terrain and pits do not matter)"},
			"5 Felder von Feld (1,4) zu 2×2-Raum bei (6,7), sein Feld mitgezählt (um Wände und geschlossene Türen herum gezählt; niedrige Objekte, schwieriges Gelände und Gruben zählen nicht)"},
		{rules.Reason{Rule: "cover", Text: "from each of the attacker's 4 corners some line to the defender's space passes through a wall, another character's square or low objects; from the best: the wall from (3,3) to (3,6), figure luke, the low objects on square (2,2)"},
			"von jeder der 4 Ecken des Angreifers führt eine Linie zum Raum des Verteidigers durch eine Wand, das Feld einer anderen Figur oder niedrige Objekte; von der besten: die Wand von (3,3) nach (3,6), Figur luke, die niedrigen Objekte auf Feld (2,2)"},
		{rules.Reason{Rule: "move-budget", Text: "a may move 12 squares (twice its speed 6 (no attack), +2 for a Force point): 40 end squares"},
			"a darf sich 12 Felder bewegen (doppelte Geschwindigkeit 6 (kein Angriff), +2 für einen Machtpunkt): 40 Endfelder"},
	} {
		got, ok := German(tc.r)
		if !ok || got != tc.want {
			t.Errorf("German(%q)\n got %q (%v)\nwant %q", tc.r.Text, got, ok, tc.want)
		}
	}
}

// TestGermanSWMCompiles compiles every pattern of the grid's German table (they are compiled on
// first use in the app, D144): a malformed one panics here.
func TestGermanSWMCompiles(t *testing.T) { germanSWM.Compile() }
