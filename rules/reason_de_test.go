package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/golang/geo/r2"

	"holotable/maps"
	"holotable/table"
)

// TestGermanReasonCodes: every rule code the package's sources give a reason has German patterns
// (reason_de.go) — a reason added without them fails here, naming its code and file.
func TestGermanReasonCodes(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		check := func(lit *ast.BasicLit) {
			code, err := strconv.Unquote(lit.Value)
			if err != nil || code == "" {
				return
			}
			n++
			if germanByRule[code] == nil {
				t.Errorf("%s: rule %q has no German (rules/reason_de.go)", fset.Position(lit.Pos()), code)
			}
		}
		ast.Inspect(f, func(node ast.Node) bool {
			switch x := node.(type) {
			case *ast.KeyValueExpr: // Reason{Rule: "code", …}
				if id, ok := x.Key.(*ast.Ident); ok && id.Name == "Rule" {
					if lit, ok := x.Value.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						check(lit)
					}
				}
			case *ast.AssignStmt: // r.Rule, r.Cite = "code", …
				for i, l := range x.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == "Rule" && i < len(x.Rhs) {
						if lit, ok := x.Rhs[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							check(lit)
						}
					}
				}
			}
			return true
		})
	}
	t.Logf("%d rule codes in the sources", n)
	if n < 100 {
		t.Errorf("found %d rule codes in the sources: the scan misses them", n)
	}
}

// TestGermanReasons asks the rules every kind of question — on the default and the skirmish
// table, through a setup, with dice and Spezialeinsätze missions — and checks that every reason
// it gets has its German sentence (its English text matches one of its code's patterns), and, for
// a few, what the German says.
func TestGermanReasons(t *testing.T) {
	seen := map[string]bool{}
	var rs []Reason
	add := func(more ...Reason) { rs = append(rs, more...) }
	// The tables: every question between every two units of opposite sides.
	for _, data := range [][]byte{maps.Default(), maps.Skirmish()} {
		f, err := table.Load(data)
		if err != nil {
			t.Fatal(err)
		}
		w := NewWorld(f)
		add(w.TerrainCoverage().Reasons...)
		for _, c := range w.TerrainPlacement() {
			add(c.Reasons...)
		}
		for _, a := range w.Units {
			ld := a.Leader
			coh, _ := w.Cohesion(a.ID)
			add(coh.Reasons...)
			for _, h := range []float64{0, 90, 180, 270} {
				for sp := 1; sp <= 3; sp++ {
					mv, err := w.Move(MoveQuery{Mini: ld.ID, Speed: sp, Heading: h, Bend: 20, Fraction: 1})
					if err == nil {
						add(mv.Reasons...)
					}
				}
			}
			for _, fc := range []float64{ld.Facing + 45, ld.Facing + 170} {
				if pv, err := w.Pivot(ld.ID, fc); err == nil {
					add(pv.Reasons...)
				}
			}
			pl, _ := w.PlaceFollowers(a.ID, r2.Point{X: ld.X + 3, Y: ld.Y})
			for _, p := range pl {
				add(p.Reasons...)
			}
			for _, v := range w.Units {
				if v.Side == a.Side {
					continue
				}
				for _, m := range []CoverModifiers{{}, {Suppressed: true, CoverX: 1, Sharpshooter: 1}, {Smoke: 1, LowProfile: true}, {Blast: true}} {
					q := CoverQuery{Attacker: a.ID, Defender: v.ID, CoverModifiers: m}
					c, _ := w.Cover(q)
					add(c.Reasons...)
				}
				los, _ := w.LOS(ld.ID, v.Leader.ID)
				add(los.Reasons...)
				for _, attack := range []bool{true, false} {
					r, _ := w.Range(a.ID, v.ID, attack)
					add(r.Reasons...)
				}
				for band := 1; band <= 4; band += 3 {
					in, _ := w.Within(a.ID, v.ID, band)
					add(in.Reasons...)
					_, why, _ := w.Beyond(a.ID, v.ID, band)
					add(why...)
				}
				ct, _ := w.Contact(ld.ID, v.Leader.ID)
				add(ct.Reasons...)
				d, _ := w.Distance(ld.ID, v.Leader.ID)
				add(d.Reasons...)
				e, _ := w.Engagement(a.ID, v.ID)
				add(e.Reasons...)
			}
		}
		if h, err := w.HeatMap(HeatQuery{Side: w.Units[0].Side}); err == nil {
			add(h.reasons()...)
		}
	}
	// A setup: terrain turns, the draft, tokens, deployment, and the summary at each phase.
	a := square("a", 10, 10, 14, 14)
	for _, c := range []struct{ other, turns, colour string }{
		{square("b", 40, 10, 44, 14), `[{"colour":"red","piece":"a"}]`, "blue"},
		{square("b", 40, 10, 44, 14), `[{"colour":"red","piece":"a"}]`, "red"},
		{square("b", 40, 10, 44, 14), `[]`, "red"},
		{square("b", 20, 10, 22, 14), `[{"colour":"red","piece":"a"}]`, "blue"},
		{square("b", 14, 10, 16, 12), `[{"colour":"red","piece":"a"}]`, "blue"},
	} {
		tt, _ := world(t, setupDoc(a+","+c.other, "", `{"phase":"terrain","terrainTurns":`+c.turns+`}`)).TerrainTurn(c.colour, "b")
		add(tt.Reasons...)
	}
	units := sideUnit("b", "Rebels", [2]float64{10, 3}, [2]float64{11.5, 3}) + "," + sideUnit("r", "Empire", [2]float64{30, 33})
	for _, phase := range []string{`"phase":"terrain"`, `"blue":"Rebels","red":"Empire","phase":"draft"`,
		`"blue":"Rebels","red":"Empire","blueEdge":"south","phase":"tokens","draft":` + exampleDraft,
		`"blue":"Rebels","red":"Empire","blueEdge":"south","phase":"deploy","draft":` + battleLinesDraft + `,"deployed":["r"]`} {
		w := world(t, setupDoc(a, units, `{`+phase+`}`))
		sum := SetupState(w)
		add(sum.Reasons...)
		for _, m := range sum.Missing {
			add(Reason{Rule: "setup.missing", Text: m})
		}
		if sum.Draft != nil {
			add(sum.Draft.Reasons()...)
		}
		for _, p := range [][2]float64{{36, 18}, {36, 8}, {10, 3}, {0.2, 20}, {12, 12}} {
			for _, kind := range []string{"objective", "condition"} {
				if c, err := w.PlaceToken(TokenQuery{Kind: kind, X: p[0], Y: p[1], R: 0.5}); err == nil {
					add(c.Reasons...)
				}
			}
		}
		for _, dy := range []float64{0, 20} {
			moved := strings.Replace(units, `"y":3`, `"y":`+strconv.FormatFloat(3+dy, 'f', -1, 64), 1)
			if c, err := world(t, setupDoc(a, moved, `{`+phase+`}`)).Deploy(DeployQuery{Unit: "b"}); err == nil {
				add(c.Reasons...)
			}
			if c, err := world(t, setupDoc(a, moved, `{`+phase+`}`)).Deploy(DeployQuery{Unit: "b", Infiltrate: true}); err == nil {
				add(c.Reasons...)
			}
		}
	}
	d, _ := NewDraft([]string{"a", "b", "c"}, []string{"d", "e", "f"}, []string{"g", "h", "i"})
	_ = d.Eliminate(2)
	_ = d.Eliminate(2)
	add(Reason{Rule: "draft.eliminate", Text: d.Eliminate(2).Error()})
	_ = d.Pass()
	_ = d.Pass()
	add(d.Reasons()...)
	add(Reason{Rule: "draft.pass", Text: d.Pass().Error()})
	// Dice.
	for _, card := range []SurgeTo{SurgeNone, SurgeHit} {
		for _, tokens := range []int{0, 1} {
			c, _ := ConvertAttack(map[string]int{maps.SymSurge: 2, maps.SymHit: 1}, card, tokens)
			add(c.Reasons...)
		}
	}
	for seed := range uint64(6) {
		add(SeededRoller(seed).Dispute().Reasons...)
	}

	for _, r := range rs {
		key := r.Rule + "|" + r.Text
		if seen[key] {
			continue
		}
		seen[key] = true
		if _, ok := German(r); !ok {
			t.Errorf("no German for %s: %q", r.Rule, r.Text)
		}
	}
	t.Logf("%d distinct reasons", len(seen))
	if len(seen) < 150 {
		t.Errorf("only %d distinct reasons: the questions do not reach the rules", len(seen))
	}
	// What the German says, for a few worked by hand.
	for _, c := range []struct{ rule, en, de string }{
		{"move.speed", "a speed-3 move is more than the unit's max speed 2", "eine Bewegung mit Geschwindigkeit 3 ist mehr als die Höchstgeschwindigkeit 2 der Einheit"},
		{"cover.mini", "b-1: obscured by wall (terrain, light), atst-1 (mini, heavy) → heavy; fully hidden from a-1, it cannot be wounded",
			"b-1: verdeckt durch wall (Gelände, leicht), atst-1 (Miniatur, schwer) → schwer; vollständig verdeckt vor a-1, kann er nicht verwundet werden"},
		{"deploy.zone", "not wholly inside a blue zone: b-1, b-2", "nicht vollständig in einer Blau Zone: b-1, b-2"},
		{"terrain.turn", "it is blue's turn: red placed the previous piece", "Blau ist am Zug: Rot hat das vorige Teil platziert"},
	} {
		if got, ok := GermanText(c.rule, c.en); !ok || got != c.de {
			t.Errorf("%s: %q, want %q", c.rule, got, c.de)
		}
	}
}
