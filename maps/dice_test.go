package maps

import (
	"strings"
	"testing"
)

// Every embedded die loads, its face counts add up to its sides, and the Legion dice are exactly
// those of shared/docs/dice.md (table, lines 9–13).
func TestDiceEmbedded(t *testing.T) {
	ds, err := LoadDice()
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		kind   string
		sides  int
		counts map[string]int
	}
	legion := map[string]want{
		"red-attack":    {DieAttack, 8, map[string]int{SymHit: 5, SymCritical: 1, SymSurge: 1, SymBlank: 1}},
		"black-attack":  {DieAttack, 8, map[string]int{SymHit: 3, SymCritical: 1, SymSurge: 1, SymBlank: 3}},
		"white-attack":  {DieAttack, 8, map[string]int{SymHit: 1, SymCritical: 1, SymSurge: 1, SymBlank: 5}},
		"red-defence":   {DieDefence, 6, map[string]int{SymBlock: 3, SymSurge: 1, SymBlank: 2}},
		"white-defence": {DieDefence, 6, map[string]int{SymBlock: 1, SymSurge: 1, SymBlank: 4}},
	}
	seen := map[string]bool{}
	for _, d := range ds {
		sum := 0
		for _, f := range d.Faces {
			sum += f.Count
		}
		if sum != d.Sides {
			t.Errorf("%s: face counts add up to %d, sides %d", d.ID, sum, d.Sides)
		}
		w, ok := legion[d.ID]
		if !ok {
			continue
		}
		seen[d.ID] = true
		if d.System != "legion" || d.Kind != w.kind || d.Sides != w.sides {
			t.Errorf("%s: system %q kind %q sides %d, want legion %q %d", d.ID, d.System, d.Kind, d.Sides, w.kind, w.sides)
		}
		got := map[string]int{}
		for _, f := range d.Faces {
			got[f.Symbol] += f.Count
		}
		for s, n := range w.counts {
			if got[s] != n {
				t.Errorf("%s: %d × %s, want %d", d.ID, got[s], s, n)
			}
		}
		if len(got) != len(w.counts) {
			t.Errorf("%s: symbols %v, want %v", d.ID, got, w.counts)
		}
		if !strings.Contains(d.Cite, "L11885") || !strings.Contains(d.Cite, "dice.md") {
			t.Errorf("%s: cite %q should name the rulebook lines and dice.md", d.ID, d.Cite)
		}
	}
	if len(seen) != len(legion) {
		t.Errorf("Legion dice found %v, want all of %d", seen, len(legion))
	}
	// A die of another seed's game, added as a data file only.
	d20, ok := DieByID("swm-d20")
	if !ok {
		t.Fatal("swm-d20 missing")
	}
	if d20.System != "swm" || d20.Sides != 20 || len(d20.Faces) != 20 {
		t.Errorf("swm-d20: %+v", d20)
	}
	for i, f := range d20.Faces {
		if f.Value != i+1 || f.Count != 1 {
			t.Errorf("swm-d20 face %d: %+v, want value %d count 1", i, f, i+1)
		}
	}
}

// Hand-computed single-die probabilities: P(red attack shows hit or critical) = 6/8, etc.
func TestDieProbability(t *testing.T) {
	cases := []struct {
		id       string
		symbols  []string
		num, den int
	}{
		{"red-attack", []string{SymHit, SymCritical}, 6, 8},
		{"black-attack", []string{SymHit, SymCritical}, 4, 8},
		{"white-attack", []string{SymHit, SymCritical}, 2, 8},
		{"white-attack", []string{SymSurge}, 1, 8},
		{"red-defence", []string{SymBlock}, 3, 6},
		{"white-defence", []string{SymBlock, SymSurge}, 2, 6},
	}
	for _, c := range cases {
		d, ok := DieByID(c.id)
		if !ok {
			t.Fatalf("%s missing", c.id)
		}
		if n, m := d.Probability(c.symbols...); n != c.num || m != c.den {
			t.Errorf("%s %v: %d/%d, want %d/%d", c.id, c.symbols, n, m, c.num, c.den)
		}
	}
}

// Bad files are refused with one line naming the file and the field.
func TestParseDieErrors(t *testing.T) {
	const file = "maps/dice/bad.json"
	cases := []struct {
		name, json, want string
	}{
		{"unknown field", `{"name":"x","system":"legion","kind":"attack","sides":8,"faces":[{"symbol":"hit","count":8}],"cite":"c","weight":"red"}`, `weight: unknown field`},
		{"bad colour", `{"name":"x","system":"legion","kind":"attack","sides":8,"faces":[{"symbol":"hit","count":8}],"cite":"c","colour":"red"}`, `colour: "red": must be #rrggbb`},
		{"no name", `{"system":"legion","kind":"attack","sides":8,"faces":[{"symbol":"hit","count":8}],"cite":"c"}`, "name: missing"},
		{"bad kind", `{"name":"x","system":"legion","kind":"offence","sides":8,"faces":[{"symbol":"hit","count":8}],"cite":"c"}`, `kind: "offence"`},
		{"legion any", `{"name":"x","system":"legion","kind":"any","sides":8,"faces":[{"symbol":"hit","count":8}],"cite":"c"}`, `a Legion die is`},
		{"sum", `{"name":"x","system":"legion","kind":"attack","sides":8,"faces":[{"symbol":"hit","count":5},{"symbol":"blank","count":2}],"cite":"c"}`, "faces: counts add up to 7, but sides is 8"},
		{"zero count", `{"name":"x","system":"legion","kind":"attack","sides":8,"faces":[{"symbol":"hit","count":8},{"symbol":"blank","count":0}],"cite":"c"}`, "faces[1].count: must be 1 to 1000, got 0"},
		{"block on attack", `{"name":"x","system":"legion","kind":"attack","sides":8,"faces":[{"symbol":"hit","count":7},{"symbol":"block","count":1}],"cite":"c"}`, `faces[1].symbol: "block": a Legion attack die shows only hit, critical, surge, blank`},
		{"duplicate", `{"name":"x","system":"legion","kind":"attack","sides":8,"faces":[{"symbol":"hit","count":4},{"symbol":"hit","count":4}],"cite":"c"}`, `faces[1]: the same face (symbol "hit", value 0) is listed twice`},
		{"no cite", `{"name":"x","system":"legion","kind":"attack","sides":8,"faces":[{"symbol":"hit","count":8}]}`, "cite: missing"},
		{"one side", `{"name":"x","system":"swm","kind":"any","sides":1,"faces":[{"symbol":"hit","count":1}],"cite":"c"}`, "sides: must be 2 to 1000, got 1"},
		{"bad symbol", `{"name":"x","system":"rebellion","kind":"attack","sides":6,"faces":[{"symbol":"Direct Hit","count":6}],"cite":"c"}`, `faces[0].symbol: "Direct Hit": must be a lower-case word`},
	}
	for _, c := range cases {
		_, err := ParseDie(file, []byte(c.json))
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, file+": ") || !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q, want one line starting %q containing %q", c.name, msg, file, c.want)
		}
	}
	// A die of another game with free symbols is fine: a new die is only data.
	d, err := ParseDie("maps/dice/rebellion-black.json", []byte(`{"name":"black","system":"rebellion","kind":"attack","sides":6,"faces":[{"symbol":"hit","count":3},{"symbol":"direct-hit","count":1},{"symbol":"special","count":1},{"symbol":"blank","count":1}],"cite":"made-up faces for the test"}`))
	if err != nil || d.ID != "rebellion-black" {
		t.Errorf("free-symbol die: %v %+v", err, d)
	}
}

// Callers get copies: changing a returned die does not change the embedded one.
func TestDiceCopies(t *testing.T) {
	d, _ := DieByID("red-attack")
	d.Faces[0].Count = 99
	ds := Dice()
	ds[0].Faces[0].Count = 99
	again, _ := DieByID("red-attack")
	if again.Faces[0].Count != 5 || Dice()[0].Faces[0].Count == 99 {
		t.Errorf("embedded dice changed through a returned copy: %+v", again.Faces)
	}
}
