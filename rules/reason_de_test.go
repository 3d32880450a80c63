package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/golang/geo/r2"

	"holotable/geometry"
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
			if _, game := gameWords[Code(code)]; germanByRule[Code(code)] == nil && !game {
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
	for _, c := range []struct {
		other, turns string
		colour       table.Colour
	}{
		{square("b", 40, 10, 44, 14), `[{"colour":"red","piece":"a"}]`, table.Blue},
		{square("b", 40, 10, 44, 14), `[{"colour":"red","piece":"a"}]`, table.Red},
		{square("b", 40, 10, 44, 14), `[]`, table.Red},
		{square("b", 20, 10, 22, 14), `[{"colour":"red","piece":"a"}]`, table.Blue},
		{square("b", 14, 10, 16, 12), `[{"colour":"red","piece":"a"}]`, table.Blue},
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

	add(germanMoveReasons(t)...)

	for _, r := range rs {
		key := string(r.Rule) + "|" + r.Text
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
		if got, ok := GermanText(Code(c.rule), c.en); !ok || got != c.de {
			t.Errorf("%s: %q, want %q", c.rule, got, c.de)
		}
	}
	// A game reason is worded by its GameWords template.
	if got, ok := German(say("start.side", "", nil, colourWord(table.Red))); !ok || got != "Rot hat noch keine Seite (Armee importieren)" {
		t.Errorf("start.side: %q", got)
	}
}

// germanMoveReasons asks the moves beyond the standard move, the arcs, climbing and the other dice
// systems everything they answer, on the moves' test tables and the judge's moves cases: every
// leader every maneuver, pivot, jump, charge, withdrawal, embarking and disembarking, every arc
// against every unit, every climb, the vertical cohesion on every piece, displacements and their
// spots; Rebellion's limits, successes and damage, Destiny.
func germanMoveReasons(t *testing.T) []Reason {
	var rs []Reason
	add := func(more ...Reason) { rs = append(rs, more...) }
	docs := []string{maneuverDoc, meleeDoc, transportDoc, weaponsDoc, strings.Replace(fuzzMovesDoc, "QUERY", "", 1)}
	cases, _ := filepath.Glob("../testdata/cases/mv-*.json")
	for _, c := range cases {
		if strings.HasSuffix(c, ".expect.json") {
			continue
		}
		data, err := os.ReadFile(c)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(data))
	}
	modes := []ManeuverMode{ModeStandard, ModeReverse, ModeStrafeLeft, ModeStrafeRight, ModeCompulsory}
	for _, doc := range docs {
		f, err := table.Load([]byte(doc))
		if err != nil {
			continue // the cases of refused files
		}
		w := NewWorld(f)
		for _, q := range f.Queries {
			add(w.Ask(q).Reasons...)
		}
		var flags ContactFlags
		for _, u := range w.Units {
			ld := u.Leader
			for _, mode := range modes {
				for _, q := range []ManeuverQuery{{Mini: ld.ID, Mode: mode}, {Mini: ld.ID, Mode: mode, Speed: 1, HasSpeed: true, Bend: 45},
					{Mini: ld.ID, Mode: mode, Speed: 3, HasSpeed: true, Bend: -90, Fraction: 0.5, HasFraction: true}} {
					if q.Mode == ModeCompulsory {
						q.HasSpeed, q.HasFraction = false, false
					}
					if a, err := w.Maneuver(q); err == nil {
						add(a.Reasons...)
					}
					if a, d, err := w.DisplacingMove(q, flags); err == nil {
						add(a.Reasons...)
						add(d.Reasons...)
						for _, id := range d.Minis {
							if spots, err := w.ReplaceSpots(d, id, nil); err == nil && len(spots) > 0 {
								r, _ := w.ReplaceSpot(d, id, spots[0], nil)
								add(r.Reasons...)
							}
							if m, err := w.Mini(id); err == nil {
								for _, at := range []r2.Point{{X: m.X, Y: m.Y}, {X: m.X + 0.3, Y: m.Y}, {X: m.X + 5, Y: m.Y}, {X: 0, Y: 0}, {X: ld.X, Y: ld.Y}} {
									r, _ := w.ReplaceSpot(d, id, at, nil)
									add(r.Reasons...)
								}
							}
						}
					}
				}
			}
			for _, turn := range []float64{30, -90, 180, 359} {
				if a, err := w.PivotBy(PivotQuery{Mini: ld.ID, Turn: turn}, flags); err == nil {
					add(a.Reasons...)
					if len(a.Displaced) > 0 {
						d := w.PivotDisplacement(ld.ID, a.Displaced)
						add(d.Reasons...)
					}
				}
				for _, after := range []bool{false, true} {
					if a, err := w.Reposition(RepositionQuery{Move: ManeuverQuery{Mini: ld.ID, Speed: 1, HasSpeed: true}, Turn: turn, After: after}, flags); err == nil {
						add(a.Reasons...)
					}
				}
			}
			if a, err := w.Jump(ManeuverQuery{Mini: ld.ID, Speed: 1, HasSpeed: true}); err == nil {
				add(a.Reasons...)
			}
			for _, p := range w.Terrain {
				for _, mode := range []ClimbMode{Clamber, Climb} {
					if a, err := w.ClimbOnto(ld.ID, p.ID, mode); err == nil {
						add(a.Reasons...)
					}
				}
				for _, down := range []bool{false, true} {
					if a, err := w.VerticalCohesion(VerticalQuery{Unit: u.ID, Piece: p.ID, Down: down}); err == nil {
						add(a.Reasons...)
					}
				}
			}
			if a, err := w.VerticalCohesion(VerticalQuery{Unit: u.ID, Ignored: 0.5}); err == nil {
				add(a.Reasons...)
			}
			for _, v := range w.Units {
				if v == u {
					continue
				}
				for _, arc := range Arcs {
					if a, err := w.InArc(ld.ID, v.ID, arc); err == nil {
						add(a.Reasons...)
					}
					if a, err := w.FixedArc(u.ID, v.ID, arc); err == nil {
						add(a.Reasons...)
					}
				}
				for _, side := range []WeakSide{WeakRear, WeakSides} {
					if a, err := w.WeakPoint(WeakPointQuery{Attacker: u.ID, Defender: v.ID, Side: side}); err == nil {
						add(a.Reasons...)
					}
				}
				for _, frac := range []float64{1, 0.5} {
					mv := ManeuverQuery{Mini: ld.ID, Speed: 2, HasSpeed: true, Fraction: frac, HasFraction: true}
					if a, err := w.Charge(ChargeQuery{Move: mv, Target: v.ID}, flags); err == nil {
						add(a.Reasons...)
						for _, pl := range a.Followers {
							add(pl.Reasons...)
						}
						for _, pl := range a.Reply {
							add(pl.Reasons...)
						}
					}
					if a, err := w.Embark(EmbarkQuery{Vehicle: v.ID, Move: mv}, flags); err == nil {
						add(a.Reasons...)
					}
				}
				for _, at := range []r2.Point{{X: v.Leader.X, Y: v.Leader.Y}, {X: v.Leader.X + 2, Y: v.Leader.Y}, {X: v.Leader.X - 2.5, Y: v.Leader.Y}, {X: v.Leader.X, Y: v.Leader.Y + 2.5}, {X: 0.1, Y: 0.1}} {
					if a, err := w.Disembark(DisembarkQuery{Vehicle: v.ID, Place: at, Move: ManeuverQuery{Mini: ld.ID, Speed: 1, HasSpeed: true}}, flags); err == nil {
						add(a.Reasons...)
					}
				}
				if _, r, err := w.MeasuresFrom(v.ID); err == nil {
					add(r)
				}
				var fl ContactFlags
				if r, err := w.FlagContact(&fl, ld.ID, v.Leader.ID); err == nil {
					add(r)
					if a, err := w.Withdraw(ManeuverQuery{Mini: ld.ID}, fl); err == nil {
						add(a.Reasons...)
					}
				}
			}
			if a, err := w.Withdraw(ManeuverQuery{Mini: ld.ID}, flags); err == nil {
				add(a.Reasons...)
			}
		}
	}
	// What the tables above do not reach: a jump, a reposition, a pivot that sweeps, a displacement
	// stopped by an engaged trooper, withdrawing into the enemy, an engaged unit embarking,
	// charges that reach their target, disembarking.
	w := world(t, `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "terrain":[{"id":"crate","polygon":[[20,7],[21,7],[21,9],[20,9]],"height":3,"kind":"solid","cover":"heavy","move":"impassable"}],
	 "units_on_table":[
	  {"id":"luke","side":"blue","type":"trooper","keywords":{"jump":1},"minis":[{"id":"lk-1","leader":true,"x":17,"y":8,"base":"small","height":1.7}]},
	  {"id":"dewback","side":"red","type":"creature","keywords":{"reposition":true},"minis":[{"id":"dw-1","leader":true,"x":60,"y":30,"base":"medium","height":2.2,"facing":0}]},
	  {"id":"walker","side":"red","type":"ground","speed":2,"minis":[{"id":"wk-1","leader":true,"x":20,"y":18,"base":"large","height":5,"facing":0}]},
	  {"id":"squad","side":"blue","type":"trooper","minis":[{"id":"sq-1","leader":true,"x":20,"y":20.5,"base":"small","height":1.65}]},
	  {"id":"beast","side":"blue","type":"creature","minis":[{"id":"bs-1","leader":true,"x":22,"y":15.5,"base":"medium","height":2,"facing":0}]},
	  {"id":"atst","side":"red","type":"ground","speed":2,"minis":[{"id":"at-1","leader":true,"x":24,"y":30,"base":"large","height":5,"facing":0}]},
	  {"id":"storm","side":"red","type":"trooper","minis":[{"id":"s2-1","leader":true,"x":28.937,"y":30,"base":"small","height":1.65}]},
	  {"id":"duel","side":"blue","type":"trooper","minis":[{"id":"du-1","leader":true,"x":30,"y":30,"base":"small","height":1.65}]},
	  {"id":"barge","side":"red","type":"repulsor","keywords":{"transport":{"capacity":1,"open":true}},"minis":[{"id":"bg-1","leader":true,"x":29,"y":25,"base":"large","height":2,"facing":0,"hover":0.5}]}]}`)
	for _, sp := range []int{1, 2} {
		if a, err := w.Jump(ManeuverQuery{Mini: "lk-1", Speed: sp, HasSpeed: true}); err == nil {
			add(a.Reasons...)
		}
	}
	if a, err := w.Reposition(RepositionQuery{Move: ManeuverQuery{Mini: "dw-1", Speed: 1, HasSpeed: true}, Turn: 90}, ContactFlags{}); err == nil {
		add(a.Reasons...)
	}
	long := geometry.Stadium(r2.Point{X: 18, Y: 18}, r2.Point{X: 22, Y: 18}, 1)
	for _, turn := range []float64{90, -90} {
		if a, err := w.PivotBy(PivotQuery{Mini: "wk-1", Turn: turn, Foot: &long}, ContactFlags{}); err == nil {
			add(a.Reasons...)
		}
	}
	if a, d, err := w.DisplacingMove(ManeuverQuery{Mini: "at-1", Speed: 2, HasSpeed: true}, ContactFlags{}); err == nil {
		add(a.Reasons...)
		add(d.Reasons...)
	}
	for _, h := range []float64{0, 180} {
		if a, err := w.Withdraw(ManeuverQuery{Mini: "s2-1", Heading: h, HasHeading: true}, ContactFlags{}); err == nil {
			add(a.Reasons...)
		}
	}
	if a, err := w.Embark(EmbarkQuery{Vehicle: "barge", Move: ManeuverQuery{Mini: "s2-1", Heading: 90, HasHeading: true}}, ContactFlags{}); err == nil {
		add(a.Reasons...)
	}
	w = world(t, meleeDoc)
	for _, c := range []struct {
		target  string
		heading float64
	}{{"rebels", 0}, {"scouts", 59.74}} {
		q := ChargeQuery{Target: c.target, Move: ManeuverQuery{Mini: "st-1", Speed: 3, HasSpeed: true, Heading: c.heading, HasHeading: true}}
		a, err := w.Charge(q, ContactFlags{})
		if err != nil {
			continue
		}
		add(a.Reasons...)
		q.Move.Fraction, q.Move.HasFraction = a.ContactAt, true
		if a, err := w.Charge(q, ContactFlags{}); err == nil {
			add(a.Reasons...)
			for _, pl := range append(a.Followers, a.Reply...) {
				add(pl.Reasons...)
			}
		}
	}
	w = world(t, transportDoc)
	for _, h := range []float64{0, 90} {
		if a, err := w.Disembark(DisembarkQuery{Vehicle: "barge", Place: r2.Point{X: 20, Y: 18 + 1.378 + 0.5315}, Move: ManeuverQuery{Mini: "sq-1", Heading: h, HasHeading: true}}, ContactFlags{}); err == nil {
			add(a.Reasons...)
		}
	}
	// Rebellion and Destiny.
	for _, counts := range []map[string]int{{"rebellion-black": 7, "rebellion-red": 6}, {"rebellion-black": 3}, {"rebellion-black": 1, "rebellion-red": 6}} {
		p, err := PoolOf(counts)
		if err != nil {
			t.Fatal(err)
		}
		for _, purpose := range []RebellionRoll{RebellionAttack, RebellionMission} {
			_, why := LimitPool("rebellion", purpose, p)
			add(why...)
		}
	}
	_, why := RebellionSuccesses(map[string]int{"hit": 2, "direct-hit": 1, "special": 2, "blank": 3})
	add(why)
	for _, r := range []Roll{{}, {Dice: []RolledDie{{Die: "rebellion-black", Symbol: "hit"}, {Die: "rebellion-red", Symbol: "hit"},
		{Die: "rebellion-red", Symbol: "hit"}, {Die: "rebellion-red", Symbol: "direct-hit"}, {Die: "rebellion-black", Symbol: "special"}}}} {
		add(RebellionDamage(r, maps.Dice()).Reasons...)
	}
	r := Roll{Dice: []RolledDie{{Die: "a", Symbol: "ranged", Value: 2, Modifier: true}, {Die: "b", Symbol: "ranged", Value: 1},
		{Die: "c", Symbol: "focus", Value: 1, Cost: 1}, {Die: "d", Symbol: "blank"}}}
	for _, sym := range []string{"ranged", "focus"} {
		for _, res := range []int{0, 3} {
			if d, err := ResolveDestiny(r, sym, res); err == nil {
				add(d.Reasons...)
			}
		}
	}
	// Every rule code of the moves has been reached at least once.
	got := map[string]bool{}
	for _, r := range rs {
		got[string(r.Rule)] = true
	}
	for _, p := range germanMovePatterns {
		if code := p[0]; !got[code] && code != "arc.*" {
			t.Logf("no reason of rule %s reached by the questions (its German checked by reading only)", code)
		}
	}
	return rs
}

// TestGermanPatternsCompile compiles every German pattern, as the program did when it started
// before they were compiled on first use (D144): a malformed pattern fails here, not in a game.
func TestGermanPatternsCompile(t *testing.T) {
	germanByRule.Compile()
	for code, ps := range germanByRule {
		for _, p := range ps {
			if p.re == nil || p.re.NumSubexp() != len(p.kinds) {
				t.Errorf("%s: %q compiled to %v with %d placeholders", code, p.en, p.re, len(p.kinds))
			}
		}
	}
}
