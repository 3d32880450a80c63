package ops

import (
	"math"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"holotable/army"
	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

// gameFirst is the first table of the whole game: the default table's battlefield with one piece
// of terrain, woods (area, light cover, 3 high) at x 16–20, y 14–22; no units; the setup at its
// deployment (Rebels blue on the south edge, Empire red; Intercept the Transmissions, Battle
// Lines and Clear Conditions drafted) with the card's three objective tokens — the same table as
// rules' whole-game fixture, before the armies are imported.
func gameFirst(t testing.TB) *table.File {
	f := load(t, maps.Default())
	f.UnitsOnTable, f.Tokens = nil, nil
	f.Terrain = []table.Terrain{{ID: "woods", Polygon: [][2]float64{{16, 14}, {20, 14}, {20, 22}, {16, 22}}, Height: 3, Kind: table.Area,
		Cover: table.CoverByClass{Trooper: table.CoverLight, Creature: table.CoverLight, Vehicle: table.CoverLight},
		Move:  table.MoveByClass{Trooper: table.Open, Ground: table.Open, Repulsor: table.Open}}}
	f.Setup = &table.Setup{Blue: "Rebels", Red: "Empire", BlueEdge: rules.BlueSouth, Phase: table.PhaseDeploy,
		Draft: &table.SetupDraft{
			Objectives:  []string{"intercept-the-transmissions", "breakthrough", "key-positions"},
			Deployments: []string{"battle-lines", "disarray", "the-long-march"},
			Conditions:  []string{"clear-conditions", "limited-visibility", "hostile-environment"},
			Steps:       []table.DraftTurn{{Action: table.StepPass}, {Action: table.StepPass}, {Action: table.StepPass}, {Action: table.StepPass}}}}
	for i, c := range [][2]float64{{0.5, 0.5}, {0.25, 0.5}, {0.75, 0.5}} {
		f.Tokens = append(f.Tokens, table.Token{ID: []string{"obj-c", "obj-l", "obj-r"}[i], Kind: "objective", X: c[0] * 72, Y: c[1] * 36, R: 0.75})
	}
	return load(t, []byte(save(t, f)))
}

// block places a unit's minis as rules' fixture does: the leader at (x, y), the others round it
// one base diameter and a little apart.
func block(u table.Unit, x, y float64) []MiniPlace {
	d := u.Minis[0].Base + 0.05
	offsets := [][2]float64{{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	out := make([]MiniPlace, len(u.Minis))
	for i := range u.Minis {
		o := offsets[i%len(offsets)]
		out[i] = MiniPlace{Mini: u.Minis[i].ID, X: x + o[0]*d, Y: y + o[1]*d}
	}
	return out
}

// side submits ops as the author of one colour ("blue", "red"), as an online server would.
func (l *testLog) as(c table.Colour, op Op) *Entry {
	l.t.Helper()
	applied(op.Kind())
	if c == table.NoColour {
		return l.mustAs("local", op) // hot seat: one screen acts for both sides
	}
	return l.mustAs(c.String(), op)
}

// refusedAs submits op as author c: it must be refused at field with a reason of code.
func (l *testLog) refusedAs(c table.Colour, op Op, field string, code rules.Code) {
	l.t.Helper()
	refusedK(op.Kind())
	before, n := l.File(), l.Len()
	_, err := l.Submit(Entry{ID: l.nextID(), Author: c.String(), Op: op})
	r, ok := err.(*Refusal)
	if !ok || r.Field != field || r.Reasons[len(r.Reasons)-1].Rule != code || l.File() != before || l.Len() != n {
		got := rules.Code("")
		if ok {
			got = r.Reasons[len(r.Reasons)-1].Rule
		}
		l.t.Fatalf("%s as %s: %v (%s), want a refusal at %q with %s", op.Kind(), c, err, got, field, code)
	}
}

// playOutOps activates every unit left this round through ops — a face-up order first, else a
// token drawn from the pool with the roller and the first unit of its rank — until the end
// phase; it returns the number of activations.
func playOutOps(t testing.TB, l *testLog, r *rules.Roller) int {
	n := 0
	for l.File().Game.Phase == table.PhaseActivation {
		g, w := l.File().Game, rules.NewWorld(l.File())
		c := g.Turn
		op := &GameActivate{Colour: c}
		for _, u := range l.File().UnitsOnTable {
			if rec := g.Unit(u.ID); rec != nil && rec.Colour == c && rec.Order == table.OrderFaceUp {
				op.Unit = u.ID
				break
			}
		}
		if op.Unit == "" {
			d, err := w.DrawOrder(c, r)
			if err != nil {
				t.Fatal(err)
			}
			op.Rank, op.Discarded = d.Rank, d.Discarded
			for _, u := range l.File().UnitsOnTable {
				if rec := g.Unit(u.ID); rec.Colour == c && rec.Rank == d.Rank && rec.Order == table.OrderNone {
					op.Unit = u.ID
					break
				}
			}
		}
		l.as(c, op)
		l.as(c, &GameEndActivation{Unit: op.Unit})
		if n++; n > 40 {
			t.Fatal("the activation phase does not end")
		}
	}
	return n
}

// playWholeGame plays the whole game of rules' TestWholeShortGame through the ops, each by the
// side that takes it: the two example lists imported, the unit cards entered, every unit deployed
// in turn, the game started, rounds 1 and 2 as there (command cards, orders, moves, two attacks,
// tokens, a rally into panic, every unit activated, red's victory point, both end phases), and in
// round 2 a die set by the players, a mini restored and a contact pair dropped by a move
// (roundTwoCheckpoints): issue 15's short game, from the lists to the score after round 2.
func playWholeGame(t testing.TB) *testLog {
	l := &testLog{Log: NewLog(gameFirst(t)), t: t}
	roller := rules.SeededRoller(15)
	for _, side := range []struct {
		list, name string
		colour     table.Colour
	}{{"rebel-800", "Rebels", table.Blue}, {"imperial-800", "Empire", table.Red}} {
		data, _ := army.Example(side.list)
		l.as(side.colour, &GameImport{Colour: side.colour, Side: side.name, List: string(data)})
	}
	cards, err := os.ReadFile("testdata/game-cards.json")
	if err != nil {
		t.Fatal(err)
	}
	l.as(table.NoColour, &GameCards{Cards: string(cards)})
	n := map[table.Colour]int{}
	for len(l.File().Game.Reserve) > 0 {
		c := rules.SetupState(rules.NewWorld(l.File())).Turn
		var u table.Unit
		for _, r := range l.File().Game.Reserve {
			if l.File().Game.Unit(r.ID).Colour == c {
				u = r
				break
			}
		}
		y := 3.0
		if c == table.Red {
			y = 33
		}
		l.as(c, &GameDeploy{Unit: u.ID, Minis: block(u, 4+7*float64(n[c]), y)})
		n[c]++
	}
	l.as(table.Blue, &SetupNext{To: table.PhaseDone})
	l.as(table.Red, &GameStart{})

	// Round 1 (rules' TestWholeShortGame): Ambush beats Push; Leia orders one squad, Vader two.
	l.as(table.Blue, &GameCard{Colour: table.Blue, Name: "Ambush", Pips: 1, Orders: 1})
	l.as(table.Red, &GameCard{Colour: table.Red, Name: "Push", Pips: 2, Orders: 2})
	l.as(table.Blue, &GameOrders{Colour: table.Blue, Commander: "leia-organa-1", Units: []string{"rebel-troopers-1"}})
	l.as(table.Red, &GameOrders{Colour: table.Red, Commander: "darth-vader-1", Units: []string{"stormtroopers-1", "imperial-officer-1"}})
	l.as(table.Blue, &GameActivate{Colour: table.Blue, Unit: "rebel-troopers-1"})
	l.as(table.Blue, &UnitMove{Unit: "rebel-troopers-1", Speed: 2, Heading: 90, Fraction: 1})
	l.as(table.Blue, &GameEndActivation{Unit: "rebel-troopers-1"})
	l.as(table.Red, &GameActivate{Colour: table.Red, Unit: "stormtroopers-1"})
	l.as(table.Red, &UnitMove{Unit: "stormtroopers-1", Speed: 2, Heading: 270, Fraction: 1})
	weapons := []AttackWeapon{}
	a, err := rules.NewWorld(l.File()).Attack(rules.AttackQuery{Attacker: "stormtroopers-1", Defender: "rebel-troopers-1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range a.Options {
		if o.Joins {
			if k := slices.IndexFunc(weapons, func(w AttackWeapon) bool { return w.Mini == o.Mini }); k < 0 {
				weapons = append(weapons, AttackWeapon{Mini: o.Mini, Weapon: o.Weapon})
			} else if o.Weapon == "DLT-19" {
				weapons[k].Weapon = o.Weapon
			}
		}
	}
	l.as(table.Red, &GameAttack{Attacker: "stormtroopers-1", Defender: "rebel-troopers-1", Weapons: weapons,
		Attack: AttackFaces{Hit: 4, Critical: 1, Surge: 1, Blank: 1}, Defence: DefenceFaces{Block: 1, Surge: 1, Blank: 3}})
	l.as(table.Red, &GameEndActivation{Unit: "stormtroopers-1"})
	if k := playOutOps(t, l, roller); k != 17 {
		t.Fatalf("round 1: %d more activations, want 17", k)
	}
	l.as(table.Blue, &GameTokens{Unit: "rebel-troopers-2", Token: "dodge", Delta: 1})
	l.as(table.Red, &GameTokens{Unit: "stormtroopers-2", Token: "aim", Delta: 2})
	l.as(table.Blue, &GameEndRound{})

	// Round 2: Assault against Assault, red (holding the counter) rolls a blank: blue's priority.
	l.as(table.Blue, &GameCard{Colour: table.Blue, Name: "Assault", Pips: 3, Orders: 3})
	l.as(table.Red, &GameCard{Colour: table.Red, Name: "Assault", Pips: 3, Orders: 3})
	l.as(table.Red, &GamePriority{Face: "blank"})
	l.as(table.Blue, &GameOrders{Colour: table.Blue, Commander: "leia-organa-1", Units: []string{"rebel-troopers-1", "rebel-troopers-2", "luke-skywalker-1"}})
	l.as(table.Red, &GameOrders{Colour: table.Red, Commander: "darth-vader-1", Units: []string{"darth-vader-1", "imperial-officer-1", "stormtroopers-1"}})
	l.as(table.Blue, &GameActivate{Colour: table.Blue, Unit: "rebel-troopers-2"})
	l.as(table.Blue, &GameEndActivation{Unit: "rebel-troopers-2"})
	l.as(table.Red, &GameActivate{Colour: table.Red, Unit: "stormtroopers-1"})
	l.as(table.Red, &UnitMove{Unit: "stormtroopers-1", Speed: 1, Heading: 270, Fraction: 1})
	// One attack die fell blank and the players agree it showed a hit (D113): the op keeps the
	// faces as rolled beside the faces as set.
	l.as(table.Red, &GameAttack{Attacker: "stormtroopers-1", Defender: "rebel-troopers-1", Weapons: weapons,
		Attack: AttackFaces{Hit: 3, Blank: 4}, AttackRolled: &AttackFaces{Hit: 2, Blank: 5}, Defence: DefenceFaces{Blank: 1}})
	l.as(table.Red, &GameEndActivation{Unit: "stormtroopers-1"})
	l.as(table.Blue, &GameActivate{Colour: table.Blue, Unit: "rebel-troopers-1"})
	// A card's effect restores the mini defeated this round (D112); the squad's leader and the
	// second squad's leader are treated as in base contact until one of them moves (D114).
	l.as(table.Blue, &GameHeal{Unit: "rebel-troopers-1", Ability: "effect", Restore: []string{"rebel-troopers-1-5"}})
	l.as(table.Blue, &GameRally{Unit: "rebel-troopers-1", Faces: []string{"blank", "block", "blank"}})
	l.as(table.Blue, &GameContact{A: "rebel-troopers-2-1", B: "rebel-troopers-1-1", On: true})
	l.as(table.Blue, &UnitMove{Unit: "rebel-troopers-1", Speed: 2, Heading: 270, Fraction: 1})
	l.as(table.Blue, &GameEndActivation{Unit: "rebel-troopers-1"})
	if k := playOutOps(t, l, roller); k != 16 {
		t.Fatalf("round 2: %d more activations, want 16", k)
	}
	l.as(table.Blue, &GameScore{Colour: table.Red, VP: 1})
	l.as(table.Red, &GameEndRound{})

	return l
}

// TestWholeGameOps plays the whole game through the ops (playWholeGame), each op by the side
// that takes it, checking what rules' TestWholeShortGame checks by hand (its figures are cited
// there): the pools after round 1's orders, the stormtroopers' leader after its move, the three
// rebels defeated by the first attack with two suppression, and after round 2 red's one VP and
// the rebels' panic, and round 2's set die, restore and contact pair (roundTwoCheckpoints). Then
// the log replays from
// its record to the same table, undo of the last game step puts the table back, and the record
// is testdata/game-whole.json (-update writes it and its final table).
func TestWholeGameOps(t *testing.T) {
	if runtime.GOOS == "js" && os.Getenv("HOLOTABLE_WASM_GAME") == "" {
		// As WebAssembly (build.sh's node stage) a replayed game op costs ~23 ms (D92; it was
		// ~95 ms when the rules' step saved and loaded the whole table): this test, which plays
		// and replays the game, takes ~18 s there. It gives the same final table byte for byte
		// (run by hand with HOLOTABLE_WASM_GAME=1); CI skips it.
		t.Skip("the whole game as WebAssembly takes ~18 s: HOLOTABLE_WASM_GAME=1 runs it")
	}
	if runtime.GOOS == "js" {
		data, err := os.ReadFile("testdata/game-whole.json")
		if err != nil {
			t.Fatal(err)
		}
		back, err := ReadRecord(data)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := os.ReadFile("testdata/game-whole.final.json"); save(t, back.File()) != string(want) {
			t.Fatal("the record replays to another table as WebAssembly")
		}
		return
	}
	l := playWholeGame(t)
	g := l.File().Game
	if g.Phase != table.PhaseCommand || g.Round != 3 || g.Red.VictoryPoints != 1 || g.Blue.VictoryPoints != 0 ||
		g.Unit("rebel-troopers-1").Tokens[table.TokenSuppression] != 1 || g.Unit("rebel-troopers-1").Tokens[table.TokenPanic] != 1 {
		t.Fatalf("after round 2: phase %v round %d, VP %d–%d, rebels' tokens %v", g.Phase, g.Round, g.Blue.VictoryPoints,
			g.Red.VictoryPoints, g.Unit("rebel-troopers-1").Tokens)
	}
	gameCheckpoints(t, l)
	rec, err := l.Record()
	if err != nil {
		t.Fatal(err)
	}
	final := save(t, l.File())
	if *update {
		if err := os.WriteFile("testdata/game-whole.json", rec, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("testdata/game-whole.final.json", []byte(final), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("testdata/game-whole.json")
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != string(rec) {
		t.Fatal("the game's record is not testdata/game-whole.json (go test -run TestWholeGameOps -update)")
	}
	back, err := ReadRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	if save(t, back.File()) != final {
		t.Fatal("the record replays to another table")
	}
	if wantFinal, _ := os.ReadFile("testdata/game-whole.final.json"); string(wantFinal) != final {
		t.Fatal("the final table is not testdata/game-whole.final.json")
	}
}

// TestGameOpsSteps: the permission check (a side acting for the other is refused, CiteOwnUnits)
// and refusals with the rules' reasons naming the op's field.
func TestGameOpsSteps(t *testing.T) {
	l := &testLog{Log: NewLog(gameFirst(t)), t: t}
	data, _ := army.Example("rebel-800")
	l.refusedAs(table.Red, &GameImport{Colour: table.Blue, Side: "Rebels", List: string(data)}, "colour", codeNotActor)
	l.refusedAs(table.Blue, &GameImport{Colour: table.Blue, Side: "Rebels", List: "{"}, "list", codeGameList)
	l.as(table.Blue, &GameImport{Colour: table.Blue, Side: "Rebels", List: string(data)})
	if g := l.File().Game; len(g.Reserve) != 10 || g.Blue.Side != "Rebels" || g.Phase != table.PhaseSetup {
		t.Fatalf("after the import: %d reserve units, side %q", len(g.Reserve), g.Blue.Side)
	}
	l.refusedAs(table.Blue, &GameImport{Colour: table.Blue, Side: "Rebels", List: string(data)}, "side", codeGameList)
	// Undo takes a side's last game step back while the game is as it left it; once red has
	// acted, blue's import can no longer be undone (D69).
	before := save(t, l.First())
	if _, err := l.Undo("blue", l.nextID()); err != nil || save(t, l.File()) != before {
		t.Fatalf("undo of the import: %v", err)
	}
	if _, err := l.Redo("blue", l.nextID()); err != nil || len(l.File().Game.Reserve) != 10 {
		t.Fatalf("redo of the import: %v", err)
	}
	imp, _ := army.Example("imperial-800")
	l.as(table.Red, &GameImport{Colour: table.Red, Side: "Empire", List: string(imp)})
	if _, err := l.Undo("blue", l.nextID()); err == nil || !strings.Contains(err.Error(), "was changed since") {
		t.Fatalf("blue's undo after red's import: %v", err)
	}
	l.refusedAs(table.Blue, &GameCards{Cards: `{"format": "holotable-cards/1", "cards": [{"name": "Nobody"}]}`}, "cards", codeGameField)
	u := l.File().Game.Reserve[0]
	// Out of the zone: Battle Lines gives blue y 0–6.
	refusedK(KindGameDeploy)
	if _, err := l.Submit(Entry{ID: l.nextID(), Author: "blue", Op: &GameDeploy{Unit: u.ID, Minis: block(u, 4, 20)}}); err == nil {
		t.Fatal("a deployment outside the zone was accepted")
	} else if r := err.(*Refusal); r.Field != "minis" {
		t.Fatalf("refused at %q: %v", r.Field, err)
	}
	l.refusedAs(table.Red, &GameDeploy{Unit: u.ID, Minis: block(u, 4, 3)}, "unit", codeNotActor)
	l.refusedAs(table.Blue, &GameStart{}, "", "start.reserve")
}

// gameCheckpoints checks the whole game's first round step by step, as rules'
// TestWholeShortGame does (its figures cited there).
func gameCheckpoints(t *testing.T, p *testLog) {
	var r1 *table.File
	for seq := 1; seq <= p.Len(); seq++ {
		e := p.Entry(seq)
		if c, ok := e.Op.(*GameOrders); ok && c.Colour == table.Red && p.FileAt(seq).Game.Round == 1 {
			r1 = p.FileAt(seq)
			break
		}
	}
	R := func(rs ...table.Rank) []table.Rank { return rs }
	C, K, S, U, H := table.RankCommander, table.RankCorps, table.RankSpecial, table.RankSupport, table.RankHeavy
	if g := r1.Game; !reflect.DeepEqual(g.Blue.Pool, R(C, C, K, K, S, S, U, H, H)) || !reflect.DeepEqual(g.Red.Pool, R(C, K, K, S, U, H, U)) ||
		g.Phase != table.PhaseActivation || g.Turn != table.Blue {
		t.Fatalf("round 1's pools %v / %v, phase %v turn %v", g.Blue.Pool, g.Red.Pool, g.Phase, g.Turn)
	}
	var afterAttack *table.File
	for seq := 1; seq <= p.Len(); seq++ {
		if _, ok := p.Entry(seq).Op.(*GameAttack); ok {
			afterAttack = p.FileAt(seq)
			break
		}
	}
	rec := afterAttack.Game.Unit("rebel-troopers-1")
	if i := afterAttack.UnitIndex("rebel-troopers-1"); len(afterAttack.UnitsOnTable[i].Minis) != 3 || len(rec.Defeated) != 3 ||
		rec.Tokens[table.TokenSuppression] != 2 {
		t.Fatalf("after the first attack: %d minis, defeated %d, tokens %v", len(afterAttack.UnitsOnTable[i].Minis), len(rec.Defeated), rec.Tokens)
	}
	if ids := []string{rec.Defeated[0].ID, rec.Defeated[1].ID, rec.Defeated[2].ID}; !reflect.DeepEqual(ids, []string{"rebel-troopers-1-2", "rebel-troopers-1-3", "rebel-troopers-1-4"}) {
		t.Fatalf("defeated %v", ids)
	}
	var leader table.Mini
	for seq := 1; seq <= p.Len(); seq++ {
		if m, ok := p.Entry(seq).Op.(*UnitMove); ok && m.Unit == "stormtroopers-1" {
			f := p.FileAt(seq)
			leader = f.UnitsOnTable[f.UnitIndex("stormtroopers-1")].Minis[0]
			break
		}
	}
	if math.Abs(leader.X-18) > 1e-9 || math.Abs(leader.Y-27.017) > 1e-9 {
		t.Fatalf("the stormtroopers' leader at (%g, %g), want (18, 27.017)", leader.X, leader.Y)
	}
	roundTwoCheckpoints(t, p)
}

// seqOf is the sequence number of the first entry of p for which is holds (0 when none).
func seqOf(p *testLog, is func(Op) bool) int {
	for seq := 1; seq <= p.Len(); seq++ {
		if is(p.Entry(seq).Op) {
			return seq
		}
	}
	return 0
}

// roundTwoCheckpoints checks the three steps of round 2 that the short game gained after D115,
// against figures worked out by hand from the table:
//
//   - The stormtroopers' second attack with one die set by the players (D113): rolled 2 hits and
//     5 blanks, set to 3 hits and 4 blanks. The rebels have heavy cover, which cancels 2 hits
//     (Deckung L4482–4488): as set, 1 hit is left, 1 white defence die rolls a blank, 1 wound,
//     which defeats rebel-troopers-1-5 (one wound each; the leader last, Wunden L11764–11884)
//     in round 2. As rolled, cover would cancel both hits: no defence die and no wound (the op
//     with the rolled faces alone is refused: its 1 defence face is one more than the pool).
//   - A card's effect restoring that mini during the rebels' activation (D112, Wiederherstellen
//     L11689–11716): its last spot, (18, 8.983 − 1.113) = (18, 7.87) — block's place straight
//     south of the leader, one small base (1.063) and 0.05 apart — is legal and in cohesion, so it
//     stands there again, with its threshold 1 − 1 = 0 wounds; the three minis defeated in round 1
//     stay defeated.
//   - rebel-troopers-1-1 and rebel-troopers-2-1 treated as in base contact (kept in byte order),
//     dropped by the squad's speed-2 move south (D114, Toleranzbereich L1865–1894) in the move's
//     own entry: the leader travels 4.92 + 1.063 = 5.983 from y 8.983 to y 3.
func roundTwoCheckpoints(t *testing.T, p *testLog) {
	const rt5 = "rebel-troopers-1-5"
	at := seqOf(p, func(o Op) bool { a, ok := o.(*GameAttack); return ok && a.AttackRolled != nil })
	if at == 0 {
		t.Fatal("no attack with a die set by the players")
	}
	op := *p.Entry(at).Op.(*GameAttack)
	_, out, err := op.Resolve(NewLog(p.FileAt(at - 1)).State())
	if err != nil || out.CoverCancelled != 2 || out.Final.Hits != 1 || out.DefenceDice != 1 || out.Wounds != 1 ||
		!reflect.DeepEqual(out.Assignment.Defeated, []string{rt5}) || out.Reasons[0].Rule != "pool.facesEdited" {
		t.Fatalf("the attack with a die set: %v, %+v", err, out)
	}
	if want := "attack dice set by the players: 3× hit, 4× blank (rolled: 2× hit, 5× blank)"; out.Reasons[0].Text != want {
		t.Fatalf("the set die's reason %q, want %q", out.Reasons[0].Text, want)
	}
	rolled := op
	rolled.Attack, rolled.AttackRolled = *op.AttackRolled, nil
	if _, _, err := rolled.Resolve(NewLog(p.FileAt(at - 1)).State()); err == nil {
		t.Fatal("the attack with the faces as rolled and one defence face is not refused")
	}
	if r := p.FileAt(at).Game.Unit("rebel-troopers-1"); len(r.Defeated) != 4 || r.DefeatedIn[rt5] != 2 {
		t.Fatalf("after the attack with a die set: defeated %v in %v", r.Defeated, r.DefeatedIn)
	}

	heal := seqOf(p, func(o Op) bool { _, ok := o.(*GameHeal); return ok })
	f := p.FileAt(heal)
	r := f.Game.Unit("rebel-troopers-1")
	ref, ok := f.Lookup(rt5)
	if !ok || ref.Mini == nil || math.Abs(ref.Mini.X-18) > 1e-9 || math.Abs(ref.Mini.Y-7.87) > 1e-9 || r.Wounds[rt5] != 0 ||
		len(r.Defeated) != 3 || len(r.DefeatedIn) != 3 || r.DefeatedIn[rt5] != 0 {
		t.Fatalf("after the restore: %s %+v, wounds %v, defeated %d in %v", rt5, ref.Mini, r.Wounds, len(r.Defeated), r.DefeatedIn)
	}

	pair := [][2]string{{"rebel-troopers-1-1", "rebel-troopers-2-1"}}
	contact := seqOf(p, func(o Op) bool { _, ok := o.(*GameContact); return ok })
	move := 0 // the first move after the pair was set
	for m := contact + 1; m <= p.Len(); m++ {
		if _, ok := p.Entry(m).Op.(*UnitMove); ok {
			move = m
			break
		}
	}
	if contact == 0 || move <= contact || !reflect.DeepEqual(p.FileAt(contact).Game.Contacts, pair) || !reflect.DeepEqual(p.FileAt(move-1).Game.Contacts, pair) {
		t.Fatalf("the contact pair (entry %d) before the move (entry %d): %v", contact, move, p.FileAt(move-1).Game.Contacts)
	}
	f = p.FileAt(move)
	if ref, ok := f.Lookup("rebel-troopers-1-1"); !ok || math.Abs(ref.Mini.Y-3) > 1e-9 || f.Game.Contacts != nil {
		t.Fatalf("after the move: the leader %+v, contacts %v", ref.Mini, f.Game.Contacts)
	}
}

// TestGameOpsRefused: every game kind refused with the rules' reason naming the op's field, the
// table unchanged — here on a table whose game is still being set up (blue's army imported).
func TestGameOpsRefused(t *testing.T) {
	l := &testLog{Log: NewLog(gameFirst(t)), t: t}
	data, _ := army.Example("rebel-800")
	l.as(table.Blue, &GameImport{Colour: table.Blue, Side: "Rebels", List: string(data)})
	for _, c := range []struct {
		op    Op
		as    table.Colour
		field string
		code  rules.Code
	}{
		{&GameCard{Colour: table.Blue, Name: "Ambush", Pips: 1, Orders: 1}, table.Blue, "colour", "game.phase"},
		{&GameCard{Colour: table.Blue, Name: "Ambush", Pips: 1}, table.Red, "colour", codeNotActor},
		{&GamePriority{Face: "block"}, table.Red, "face", "game.phase"},
		{&GameOrders{Colour: table.Blue, Commander: "leia-organa-1"}, table.Blue, "units", "game.phase"},
		{&GameActivate{Colour: table.Blue, Unit: "rebel-troopers-1"}, table.Blue, "unit", "game.phase"},
		{&GameRally{Unit: "rebel-troopers-1", Faces: []string{"blank"}}, table.Blue, "unit", "activate.notActive"},
		{&GameEndActivation{Unit: "rebel-troopers-1"}, table.Blue, "unit", "game.phase"},
		{&GameEndActivation{Unit: "rebel-troopers-1"}, table.Red, "unit", codeNotActor},
		{&GameTokens{Unit: "rebel-troopers-1", Token: "fear", Delta: 1}, table.Blue, "token", codeGameField},
		{&GameTokens{Unit: "rebel-troopers-1", Token: "aim", Delta: -1}, table.Blue, "unit", "tokens.negative"},
		{&GameWounds{Unit: "rebel-troopers-1", Wounds: 0}, table.Blue, "wounds", codeGameField},
		{&GameWounds{Unit: "rebel-troopers-1", Wounds: 1}, table.Red, "unit", codeNotActor},
		{&GameWounds{Unit: "rebel-troopers-1", Wounds: 1}, table.Blue, "unit", "game.notOnTable"},
		{&GameAttack{Attacker: "rebel-troopers-1", Defender: "rebel-troopers-2"}, table.Blue, "defender", codeGameRules},
		{&GameAttack{Attacker: "rebel-troopers-1", Defender: "rebel-troopers-2"}, table.Red, "attacker", codeNotActor},
		{&GameScore{Colour: table.Red, VP: 0}, table.Blue, "vp", codeGameField},
		{&GameScore{Colour: table.Red, VP: -1}, table.Blue, "vp", "vp.negative"},
		{&GameEndRound{}, table.Blue, "promote", "game.phase"},
		{&GamePrimary{Face: "hit"}, table.Blue, "face", codeGameRules},
		{&GamePrimary{Face: "hit"}, table.Red, "face", codeNotActor},
	} {
		l.refusedAs(c.as, c.op, c.field, c.code)
	}
}

// TestGamePrimaryOp: Shifting Priorities' primary roll as an op (rules' TestScoreShiftingPriorities'
// table: a crit picks the right marker), blue's to make.
func TestGamePrimaryOp(t *testing.T) {
	doc := `{"format":"holotable/1","ruleset":"specops","battlefield":{"width":36,"depth":36},
	 "units_on_table":[
	  {"id":"b","side":"Rebels","type":"trooper","minis":[{"id":"b-1","leader":true,"x":18,"y":20,"base":"small","height":1.65}]},
	  {"id":"r","side":"Empire","type":"trooper","minis":[{"id":"r-1","leader":true,"x":27,"y":21.2,"base":"small","height":1.65}]}],
	 "tokens":[{"id":"m1","kind":"objective","x":9,"y":18,"r":0.75},{"id":"m2","kind":"objective","x":18,"y":18,"r":0.75},{"id":"m3","kind":"objective","x":27,"y":18,"r":0.75}],
	 "setup":{"blue":"Rebels","red":"Empire","blueEdge":"south","mission":"shifting-priorities","phase":"done"},
	 "game":{"round":2,"rounds":4,"phase":"command","sides":{"blue":{"side":"Rebels"},"red":{"side":"Empire"}},
	  "units":[{"unit":"b","colour":"blue","rank":"corps"},{"unit":"r","colour":"red","rank":"corps"}]}}`
	l := newTestLog(t, []byte(doc))
	l.refusedAs(table.Red, &GamePrimary{Face: "critical"}, "face", codeNotActor)
	l.as(table.Blue, &GamePrimary{Face: "critical"})
	if p := l.File().Game.Primary; p != "right" {
		t.Fatalf("primary %q, want right", p)
	}
}

// TestGameWoundsOp: wounds placed by hand (rules' TestSufferWounds has the figures): two wounds
// on a three-mini squad of threshold 1, the player's order naming the third mini, defeat it and
// the second, the leader stays; undo puts both back on the table; the owner places them.
func TestGameWoundsOp(t *testing.T) {
	doc := `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[
	  {"id":"sq","side":"Rebels","type":"trooper","card":{"wounds":1,"courage":1},"minis":[
	   {"id":"sq-1","leader":true,"x":10,"y":10,"base":"small","height":1.65},
	   {"id":"sq-2","x":11.2,"y":10,"base":"small","height":1.65},
	   {"id":"sq-3","x":12.4,"y":10,"base":"small","height":1.65}]}],
	 "game":{"round":1,"rounds":6,"phase":"activation","turn":"blue","sides":{"blue":{"side":"Rebels"},"red":{"side":"Empire"}},
	  "units":[{"unit":"sq","colour":"blue","rank":"corps"}]}}`
	l := newTestLog(t, []byte(doc))
	before := l.File()
	l.refusedAs(table.Red, &GameWounds{Unit: "sq", Wounds: 1}, "unit", codeNotActor)
	l.refusedAs(table.Blue, &GameWounds{Unit: "sq", Wounds: 1, Order: []string{"sq-9"}}, "unit", "wounds.notMini")
	e := l.as(table.Blue, &GameWounds{Unit: "sq", Wounds: 2, Order: []string{"sq-3"}})
	f := l.File()
	if u := f.UnitsOnTable[0]; len(u.Minis) != 1 || u.Minis[0].ID != "sq-1" || !u.Minis[0].Leader {
		t.Fatalf("after 2 wounds: %+v", u.Minis)
	}
	if d := f.Game.Unit("sq").Defeated; len(d) != 2 || d[0].ID != "sq-2" || d[1].ID != "sq-3" { // kept in unit order
		t.Fatalf("defeated %+v", d)
	}
	l.as(table.Blue, &Undo{Of: e.ID})
	if !reflect.DeepEqual(l.File(), before) {
		t.Fatal("undo did not put the squad back")
	}
}

// TestGameContactOp: a pair marked as in base contact and cleared again by ops (rules'
// TestSetContact has the rules), either side's to make; a pair of one unit is refused.
func TestGameContactOp(t *testing.T) {
	doc := `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
	 "units_on_table":[
	  {"id":"a","side":"Rebels","type":"trooper","minis":[{"id":"a-1","leader":true,"x":10,"y":10,"base":"small","height":1.65},
	   {"id":"a-2","x":11.2,"y":10,"base":"small","height":1.65}]},
	  {"id":"b","side":"Empire","type":"trooper","minis":[{"id":"b-1","leader":true,"x":14,"y":10,"base":"small","height":1.65}]}],
	 "game":{"round":1,"rounds":6,"phase":"activation","turn":"blue","sides":{"blue":{"side":"Rebels"},"red":{"side":"Empire"}},
	  "units":[{"unit":"a","colour":"blue","rank":"corps"},{"unit":"b","colour":"red","rank":"corps"}]}}`
	l := newTestLog(t, []byte(doc))
	l.refusedAs(table.Blue, &GameContact{A: "a-1", B: "a-2", On: true}, "a", "contact.sameUnit")
	l.as(table.Red, &GameContact{A: "b-1", B: "a-2", On: true})
	if c := l.File().Game.Contacts; len(c) != 1 || c[0] != [2]string{"a-2", "b-1"} {
		t.Fatalf("contacts %v", c)
	}
	l.refusedAs(table.Blue, &GameContact{A: "a-2", B: "b-1", On: true}, "a", "contact.already")
	l.as(table.Blue, &GameContact{A: "a-2", B: "b-1"})
	if c := l.File().Game.Contacts; c != nil {
		t.Fatalf("contacts after clearing %v", c)
	}

	// A pair ends when one of its minis moves to a new place (D114): the move drops it, one undo
	// brings back both; a move of another mini keeps it.
	l.as(table.Red, &GameContact{A: "b-1", B: "a-2", On: true})
	marked := l.File()
	l.as(table.Blue, &MinisMove{Minis: []MiniPlace{{Mini: "a-1", X: 10, Y: 12}}})
	if c := l.File().Game.Contacts; len(c) != 1 {
		t.Fatalf("a move of a-1 dropped the pair of a-2: %v", c)
	}
	e := l.as(table.Red, &MinisMove{Minis: []MiniPlace{{Mini: "b-1", X: 14.5, Y: 10}}})
	if c := l.File().Game.Contacts; c != nil {
		t.Fatalf("contacts after b-1 moved: %v", c)
	}
	l.as(table.Red, &Undo{Of: e.ID})
	if f := l.File(); len(f.Game.Contacts) != 1 || f.UnitsOnTable[1].Minis[0].X != 14 || !reflect.DeepEqual(f.Game, marked.Game) {
		t.Fatalf("undo of the move: contacts %v, b-1 at %v", f.Game.Contacts, f.UnitsOnTable[1].Minis[0].X)
	}
}
