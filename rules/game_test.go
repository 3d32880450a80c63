package rules

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"holotable/table"
)

// gameDoc is a 72×36 table in round 1's command phase. Blue (Rebels): commander leia at (10, 5),
// corps reb-1 at (14, 5) (2.94 from leia: range 1), corps reb-3 at (20, 5) (range 2), corps reb-2
// at (40, 5) (range 5), heavy walker at (10, 20). Red (Empire): commander vader at (60, 30),
// corps storm-1 (63, 30), corps storm-2 (66, 30). Every corps unit has courage 1, leia 2, vader
// "–" in its card; the hands hold the generic cards.
const gameDoc = `{"format":"holotable/1","battlefield":{"width":72,"depth":36},
 "units_on_table":[
  {"id":"leia","side":"Rebels","type":"trooper","card":{"courage":2},"minis":[{"id":"leia-1","leader":true,"x":10,"y":5,"base":"small","height":1.65}]},
  {"id":"reb-1","side":"Rebels","type":"trooper","card":{"courage":1},"minis":[{"id":"reb-1-1","leader":true,"x":14,"y":5,"base":"small","height":1.65},{"id":"reb-1-2","x":15.2,"y":5,"base":"small","height":1.65}]},
  {"id":"reb-2","side":"Rebels","type":"trooper","card":{"courage":1},"minis":[{"id":"reb-2-1","leader":true,"x":40,"y":5,"base":"small","height":1.65}]},
  {"id":"reb-3","side":"Rebels","type":"trooper","card":{"courage":1},"minis":[{"id":"reb-3-1","leader":true,"x":20,"y":5,"base":"small","height":1.65}]},
  {"id":"walker","side":"Rebels","type":"ground","minis":[{"id":"walker-1","leader":true,"x":10,"y":20,"base":"large","height":3}]},
  {"id":"vader","side":"Empire","type":"trooper","card":{"courage":"-"},"minis":[{"id":"vader-1","leader":true,"x":60,"y":30,"base":"small","height":1.65}]},
  {"id":"storm-1","side":"Empire","type":"trooper","card":{"courage":1},"minis":[{"id":"storm-1-1","leader":true,"x":63,"y":30,"base":"small","height":1.65}]},
  {"id":"storm-2","side":"Empire","type":"trooper","card":{"courage":1},"minis":[{"id":"storm-2-1","leader":true,"x":66,"y":30,"base":"small","height":1.65}]}],
 "game":{"round":1,"rounds":6,"phase":"command",
  "sides":{"blue":{"side":"Rebels","hand":["Ambush","Push","Assault","Standing Orders"]},
           "red":{"side":"Empire","hand":["Ambush","Push","Assault","Standing Orders"],"discard":["Master of Evil"]}},
  "units":[
   {"unit":"leia","colour":"blue","name":"Leia Organa Fearless And Inventive","rank":"commander","points":75},
   {"unit":"reb-1","colour":"blue","name":"Rebel Troopers","rank":"corps","points":40},
   {"unit":"reb-2","colour":"blue","name":"Rebel Troopers","rank":"corps","points":40},
   {"unit":"reb-3","colour":"blue","name":"Rebel Troopers","rank":"corps","points":40},
   {"unit":"walker","colour":"blue","name":"AT-RT","rank":"support","points":50},
   {"unit":"vader","colour":"red","name":"Darth Vader Dark Lord Of The Sith","rank":"commander","points":190},
   {"unit":"storm-1","colour":"red","name":"Stormtroopers","rank":"corps","points":42},
   {"unit":"storm-2","colour":"red","name":"Stormtroopers","rank":"corps","points":42}]}}`

// stepper returns a function that takes a game step's results, fails the test unless it
// succeeded with every reason worded and cited, and returns the world of its table.
func stepper(t *testing.T) func(Step, error) *World {
	return func(s Step, err error) *World {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range s.Reasons {
			if r.Text == "" || r.Cite == "" {
				t.Fatalf("reason without text or citation: %+v", r)
			}
		}
		return NewWorld(s.File)
	}
}

// refused checks that a step was refused with a Refusal whose last reason has code and changed
// nothing (the world's file is the one the step was asked on).
func refused(t *testing.T, w *World, before []byte, s Step, err error, code string) {
	t.Helper()
	var r *Refusal
	if !errors.As(err, &r) {
		t.Fatalf("got %v (%T), want a refusal %s", err, err, code)
	}
	if got := r.Reasons[len(r.Reasons)-1].Rule; string(got) != code {
		t.Fatalf("refused with %s (%v), want %s", got, err, code)
	}
	if s.File != nil {
		t.Fatal("a refused step returned a table")
	}
	after, _ := table.Save(w.File)
	if string(after) != string(before) {
		t.Fatal("a refused step changed its world's table")
	}
	if strings.ContainsAny(err.Error(), "\n\r") || !strings.Contains(err.Error(), "[") {
		t.Fatalf("refusal is not one line with its citation: %q", err)
	}
}

func saved(t *testing.T, w *World) []byte {
	t.Helper()
	b, err := table.Save(w.File)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func cmd(name string, pips, orders int) table.CommandCard {
	return table.CommandCard{Name: name, Pips: pips, Orders: orders}
}

// TestGameWords: every sentence has English and German, and both take the same arguments.
func TestGameWords(t *testing.T) {
	verb := regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?([a-zA-Z%])`)
	for code, tw := range GameWords() {
		if tw[0] == "" || tw[1] == "" {
			t.Errorf("%s: a language is missing", code)
			continue
		}
		var args []any
		for _, m := range verb.FindAllStringSubmatch(tw[0], -1) {
			switch m[3] {
			case "d":
				args = append(args, 3)
			case "g":
				args = append(args, 2.5)
			case "%":
			default:
				args = append(args, "x")
			}
		}
		for i, tmpl := range tw {
			if s := fmt.Sprintf(tmpl, args...); strings.Contains(s, "%!") {
				t.Errorf("%s (%s): %q", code, []string{"en", "de"}[i], s)
			}
		}
	}
	r := say("priority.pips", CitePriority, nil, colourWord(table.Red), 1, 2)
	if r.Text != "red has priority: 1 pips against 2" || ReasonIn(r, "de") != "Rot hat Priorität: 1 Kreise gegen 2" {
		t.Fatalf("%q / %q", r.Text, ReasonIn(r, "de"))
	}
}

// The command phase (RRG 2.0 Kommandophase L7810–7881), step by step against hand-set answers.
func TestCommandPhase(t *testing.T) {
	ok := stepper(t)
	w0 := world(t, gameDoc)
	before := saved(t, w0)
	s, err := w0.IssueOrders(table.Blue, "leia", []string{"reb-1"})
	refused(t, w0, before, s, err, "priority.undecided")
	s, err = w0.PlayCommandCard(table.Red, cmd("Master of Evil", 1, 1))
	refused(t, w0, before, s, err, "command.used")
	s, err = w0.PlayCommandCard(table.Red, cmd("Son of Skywalker", 1, 1))
	refused(t, w0, before, s, err, "command.notInHand")

	w := ok(w0.PlayCommandCard(table.Blue, cmd("Push", 2, 2)))
	if w.File.Game.Priority != table.NoColour || containsFold(w.File.Game.Blue.Hand, "Push") {
		t.Fatal("one card decides nothing, and leaves the hand")
	}
	before = saved(t, w)
	s, err = w.PlayCommandCard(table.Blue, cmd("Assault", 3, 3))
	refused(t, w, before, s, err, "command.played")
	w = ok(w.PlayCommandCard(table.Red, cmd("Ambush", 1, 1)))
	if w.File.Game.Priority != table.Red {
		t.Fatalf("1 pip against 2: red has priority, got %v", w.File.Game.Priority)
	}
	before = saved(t, w)
	s, err = w.IssueOrders(table.Blue, "leia", []string{"reb-1", "reb-3"})
	refused(t, w, before, s, err, "orders.first")
	s, err = w.IssueOrders(table.Red, "storm-1", []string{"storm-1"})
	refused(t, w, before, s, err, "orders.commander")
	s, err = w.IssueOrders(table.Red, "vader", []string{"storm-1", "storm-2"})
	refused(t, w, before, s, err, "orders.tooMany")
	w = ok(w.IssueOrders(table.Red, "vader", []string{"storm-1"}))

	before = saved(t, w)
	s, err = w.IssueOrders(table.Blue, "leia", []string{"reb-2"})
	refused(t, w, before, s, err, "orders.range") // reb-2 is 30 − 0.53·2 = 28.94 from leia: range 5
	s, err = w.IssueOrders(table.Blue, "leia", []string{"reb-1"})
	refused(t, w, before, s, err, "orders.asMany") // reb-3 (range 2) could take the second order
	s, err = w.IssueOrders(table.Blue, "leia", []string{"storm-2"})
	refused(t, w, before, s, err, "game.notYours")
	s, err = w.IssueOrders(table.Blue, "leia", []string{"reb-1", "reb-1"})
	refused(t, w, before, s, err, "orders.twice")
	elig, why, err := w.OrderEligible(table.Blue, "leia")
	if err != nil || strings.Join(elig, ",") != "leia,reb-1,reb-3,walker" || len(why) != 1 || why[0].Rule != "orders.range" {
		t.Fatalf("eligible %v (%v) %v", elig, why, err)
	}
	w = ok(w.IssueOrders(table.Blue, "leia", []string{"reb-1", "reb-3"}))
	g := w.File.Game
	if g.Phase != table.PhaseActivation || g.Turn != table.Red {
		t.Fatalf("after both orders: phase %v turn %v", g.Phase, g.Turn)
	}
	wantPool := func(c table.Colour, ranks ...table.Rank) {
		t.Helper()
		if got := g.Side(c).Pool; !reflect.DeepEqual(got, ranks) {
			t.Fatalf("%v pool %v, want %v", c, got, ranks)
		}
	}
	// Blue: leia (commander), reb-2 (corps), walker (support) got no order; red: vader, storm-2.
	wantPool(table.Blue, table.RankCommander, table.RankCorps, table.RankSupport)
	wantPool(table.Red, table.RankCommander, table.RankCorps)
	for id, want := range map[string]table.OrderState{"reb-1": table.OrderFaceUp, "reb-3": table.OrderFaceUp, "storm-1": table.OrderFaceUp, "leia": table.OrderNone} {
		if got := g.Unit(id).Order; got != want {
			t.Errorf("%s order %v, want %v", id, got, want)
		}
	}
}

// Equal pips: the round-counter holder (blue in round 1, red in round 2) rolls a red defence die;
// block gives that player priority, anything else the opponent (RRG 2.0 Priorität L8811–8814).
func TestPriorityTie(t *testing.T) {
	ok := stepper(t)
	for _, tc := range []struct {
		round int
		face  string
		want  table.Colour
	}{{1, "block", table.Blue}, {1, "blank", table.Red}, {1, "surge", table.Red}, {2, "block", table.Red}, {2, "blank", table.Blue}} {
		doc := strings.Replace(gameDoc, `"round":1,`, fmt.Sprintf(`"round":%d,`, tc.round), 1)
		w := world(t, doc)
		before := saved(t, w)
		s, err := w.RollPriority(tc.face)
		refused(t, w, before, s, err, "priority.notTie")
		w = ok(w.PlayCommandCard(table.Blue, cmd("Push", 2, 2)))
		s0, err := w.PlayCommandCard(table.Red, cmd("Push", 2, 2))
		w = ok(s0, err)
		if w.File.Game.Priority != table.NoColour || s0.Reasons[len(s0.Reasons)-1].Rule != "priority.tie" {
			t.Fatalf("a tie decided priority: %v", s0.Reasons)
		}
		before = saved(t, w)
		s, err = w.RollPriority("hit")
		refused(t, w, before, s, err, "priority.face")
		w = ok(w.RollPriority(tc.face))
		if got := w.File.Game.Priority; got != tc.want {
			t.Errorf("round %d, %s: priority %v, want %v", tc.round, tc.face, got, tc.want)
		}
	}
}

// A side without a commander or operative on the battlefield plays no card; the other then has
// priority whatever its pips (RRG 2.0 Kommandokarten L7728–7731).
func TestNoCommanderNoCard(t *testing.T) {
	ok := stepper(t)
	doc := strings.Replace(gameDoc, `{"id":"vader","side":"Empire","type":"trooper","card":{"courage":"-"},"minis":[{"id":"vader-1","leader":true,"x":60,"y":30,"base":"small","height":1.65}]},`, "", 1)
	doc = strings.Replace(doc, `{"unit":"vader","colour":"red","name":"Darth Vader Dark Lord Of The Sith","rank":"commander","points":190},`, "", 1)
	w := world(t, doc)
	before := saved(t, w)
	s, err := w.PlayCommandCard(table.Red, cmd("Ambush", 1, 1))
	refused(t, w, before, s, err, "command.noCommander")
	w = ok(w.PlayCommandCard(table.Blue, cmd("Standing Orders", 4, 1)))
	if w.File.Game.Priority != table.Blue {
		t.Fatalf("blue alone played: priority %v", w.File.Game.Priority)
	}
	w = ok(w.IssueOrders(table.Blue, "leia", []string{"leia"}))
	before = saved(t, w)
	s, err = w.IssueOrders(table.Red, "", []string{"storm-1"})
	refused(t, w, before, s, err, "orders.noCard")
	w = ok(w.IssueOrders(table.Red, "", nil))
	if g := w.File.Game; g.Phase != table.PhaseActivation || len(g.Red.Pool) != 2 {
		t.Fatalf("red's pool %v, phase %v", g.Red.Pool, g.Phase)
	}
}

// activationWorld is gameDoc after the command phase of TestCommandPhase.
func activationWorld(t *testing.T) *World {
	ok := stepper(t)
	w := world(t, gameDoc)
	w = ok(w.PlayCommandCard(table.Blue, cmd("Push", 2, 2)))
	w = ok(w.PlayCommandCard(table.Red, cmd("Ambush", 1, 1)))
	w = ok(w.IssueOrders(table.Red, "vader", []string{"storm-1"}))
	return ok(w.IssueOrders(table.Blue, "leia", []string{"reb-1", "reb-3"}))
}

// The activation phase: red (priority) first, alternating; face-up orders or a drawn token of the
// unit's rank; after its last unit a side waits and the other goes on in a row; then the end phase.
func TestActivationPhase(t *testing.T) {
	ok := stepper(t)
	w := activationWorld(t)
	before := saved(t, w)
	s, err := w.Activate(table.Blue, "reb-1", OrderDraw{})
	refused(t, w, before, s, err, "activate.turn")
	s, err = w.Activate(table.Red, "storm-2", OrderDraw{})
	refused(t, w, before, s, err, "activate.draw")
	s, err = w.Activate(table.Red, "storm-1", OrderDraw{Rank: table.RankCorps})
	refused(t, w, before, s, err, "activate.faceUp")
	s, err = w.Activate(table.Red, "storm-2", OrderDraw{Rank: table.RankCommander})
	refused(t, w, before, s, err, "activate.rank")
	s, err = w.Activate(table.Red, "storm-2", OrderDraw{Rank: table.RankHeavy})
	refused(t, w, before, s, err, "activate.notInPool")

	w = ok(w.Activate(table.Red, "storm-1", OrderDraw{}))
	before = saved(t, w)
	s, err = w.Activate(table.Red, "storm-2", OrderDraw{Rank: table.RankCorps})
	refused(t, w, before, s, err, "activate.busy")
	s, err = w.EndActivation("storm-2")
	refused(t, w, before, s, err, "activate.notActive")
	w = ok(w.EndActivation("storm-1"))
	if g := w.File.Game; !g.Unit("storm-1").FaceDown() || g.Turn != table.Blue || g.Active != "" {
		t.Fatalf("after storm-1: turn %v, storm-1 %v", g.Turn, g.Unit("storm-1").Order)
	}
	// Blue draws: the seeded roller's draw is checked by Activate.
	d, err := w.DrawOrder(table.Blue, SeededRoller(7))
	if err != nil || d.Rank == table.RankNone {
		t.Fatalf("draw %+v %v", d, err)
	}
	unit := map[table.Rank]string{table.RankCommander: "leia", table.RankCorps: "reb-2", table.RankSupport: "walker"}[d.Rank]
	w = ok(w.Activate(table.Blue, unit, d))
	if got := len(w.File.Game.Blue.Pool); got != 2 {
		t.Fatalf("blue's pool after a draw holds %d tokens, want 2", got)
	}
	w = ok(w.EndActivation(unit))
	before = saved(t, w)
	s, err = w.Activate(table.Red, "storm-1", OrderDraw{})
	refused(t, w, before, s, err, "activate.done")

	// Play the round out: red has vader and storm-2, blue 4 units left: red runs out first.
	order := []struct {
		c    table.Colour
		unit string
		rank table.Rank
	}{{table.Red, "vader", table.RankCommander}, {table.Blue, "reb-1", 0}, {table.Red, "storm-2", table.RankCorps}, {table.Blue, "reb-3", 0}}
	for _, o := range order {
		w = ok(w.Activate(o.c, o.unit, OrderDraw{Rank: o.rank}))
		w = ok(w.EndActivation(o.unit))
	}
	if g := w.File.Game; g.Turn != table.Blue {
		t.Fatalf("red has nothing left: blue goes on in a row, turn %v", g.Turn)
	}
	for _, id := range []string{"leia", "reb-2", "walker"} {
		if id == unit {
			continue
		}
		r := w.File.Game.Unit(id)
		w = ok(w.Activate(table.Blue, id, OrderDraw{Rank: r.Rank}))
		w = ok(w.EndActivation(id))
	}
	if g := w.File.Game; g.Phase != table.PhaseEnd || g.Turn != table.NoColour || len(g.Blue.Pool)+len(g.Red.Pool) != 0 {
		t.Fatalf("every unit activated: phase %v turn %v pools %v %v", g.Phase, g.Turn, g.Blue.Pool, g.Red.Pool)
	}
}

// A drawn token with no unit left to activate is removed and another drawn (RRG 2.0 Befehlspool
// L3512–3515); discarding a token that still has a unit is refused.
func TestDrawAgain(t *testing.T) {
	ok := stepper(t)
	w := activationWorld(t)
	w = ok(w.Activate(table.Red, "storm-1", OrderDraw{}))
	w = ok(w.EndActivation("storm-1"))
	f, _ := cloneFile(w.File)
	f.Game.Blue.Pool = append(f.Game.Blue.Pool, table.RankHeavy) // a token of a defeated heavy unit
	w = NewWorld(f)
	before := saved(t, w)
	s, err := w.Activate(table.Blue, "reb-2", OrderDraw{Rank: table.RankCorps, Discarded: []table.Rank{table.RankSupport}})
	refused(t, w, before, s, err, "activate.keep")
	w2 := ok(w.Activate(table.Blue, "reb-2", OrderDraw{Rank: table.RankCorps, Discarded: []table.Rank{table.RankHeavy}}))
	if got := w2.File.Game.Blue.Pool; !reflect.DeepEqual(got, []table.Rank{table.RankCommander, table.RankSupport}) {
		t.Fatalf("pool %v", got)
	}
	// Every seed's draw never ends on the heavy token.
	for seed := range uint64(40) {
		d, err := w.DrawOrder(table.Blue, SeededRoller(seed))
		if err != nil || d.Rank == table.RankHeavy {
			t.Fatalf("seed %d: %+v %v", seed, d, err)
		}
		for _, x := range d.Discarded {
			if x != table.RankHeavy {
				t.Fatalf("seed %d discarded %v", seed, x)
			}
		}
	}
}

// The end phase (RRG 2.0 Endphase L5471–5512): the cards (Standing Orders back to the hand), the
// tokens, the orders, the round counter; after the last round the game is over.
func TestEndRound(t *testing.T) {
	ok := stepper(t)
	f, _ := cloneFile(world(t, gameDoc).File)
	g := f.Game
	g.Phase = table.PhaseEnd
	g.Blue.Card, g.Red.Card = &table.CommandCard{Name: "Standing Orders", Pips: 4, Orders: 1}, &table.CommandCard{Name: "Push", Pips: 2, Orders: 2}
	g.Blue.Hand = []string{"Ambush"}
	g.Blue.Pool = []table.Rank{table.RankCorps}
	g.Unit("reb-1").Tokens = table.Tokens{table.TokenAim: 2, table.TokenDodge: 1, table.TokenSuppression: 3, table.TokenStandby: 1, table.TokenIon: 1}
	g.Unit("reb-1").Order = table.OrderFaceDown
	w := NewWorld(f)
	w = ok(w.EndRound(nil))
	g = w.File.Game
	if g.Round != 2 || g.Phase != table.PhaseCommand || g.Priority != table.NoColour {
		t.Fatalf("round %d phase %v", g.Round, g.Phase)
	}
	if !reflect.DeepEqual(g.Blue.Hand, []string{"Ambush", "Standing Orders"}) || !reflect.DeepEqual(g.Red.Discard, []string{"Master of Evil", "Push"}) ||
		g.Blue.Card != nil || g.Red.Card != nil || g.Blue.Pool != nil {
		t.Fatalf("cards: blue %+v red %+v", g.Blue, g.Red)
	}
	if got := g.Unit("reb-1").Tokens; !reflect.DeepEqual(got, table.Tokens{table.TokenSuppression: 2, table.TokenIon: 1}) || g.Unit("reb-1").Order != table.OrderNone {
		t.Fatalf("reb-1 tokens %v order %v", got, g.Unit("reb-1").Order)
	}
	if RoundCounter(2) != table.Red {
		t.Fatal("red holds the round counter in round 2")
	}
	// The last round ends the game.
	f, _ = cloneFile(w.File)
	f.Game.Round, f.Game.Phase = 6, table.PhaseEnd
	w = ok(NewWorld(f).EndRound(nil))
	if w.File.Game.Phase != table.PhaseOver {
		t.Fatalf("after round 6: %v", w.File.Game.Phase)
	}
	before := saved(t, w)
	s, err := w.EndRound(nil)
	refused(t, w, before, s, err, "game.phase")
}

// Spezialeinsätze keeps suppression in the end phase (SO L137–138).
func TestEndRoundSpecOpsKeepsSuppression(t *testing.T) {
	ok := stepper(t)
	doc := strings.Replace(gameDoc, `{"format":"holotable/1",`, `{"format":"holotable/1","ruleset":"specops",`, 1)
	f, _ := cloneFile(world(t, doc).File)
	f.Game.Phase, f.Game.Rounds = table.PhaseEnd, 4
	f.Game.Unit("reb-1").Tokens = table.Tokens{table.TokenSuppression: 2, table.TokenAim: 1}
	w := ok(NewWorld(f).EndRound(nil))
	if got := w.File.Game.Unit("reb-1").Tokens; !reflect.DeepEqual(got, table.Tokens{table.TokenSuppression: 2}) {
		t.Fatalf("tokens %v", got)
	}
}

// A side whose commanders are all defeated promotes a trooper unit in the end phase (RRG 2.0
// Endphase L5488–5503): refused without a choice or with a vehicle, done with a trooper unit.
func TestPromotion(t *testing.T) {
	ok := stepper(t)
	f, _ := cloneFile(world(t, gameDoc).File)
	f.UnitsOnTable = f.UnitsOnTable[1:] // leia is defeated
	r := f.Game.Unit("leia")
	r.Defeated = []table.Mini{{ID: "leia-1", Leader: true, X: 10, Y: 5, Base: 1.063, Height: 1.65}}
	f.Game.Phase = table.PhaseEnd
	w := NewWorld(f)
	if need := w.PromotionNeeded(); !reflect.DeepEqual(need, map[table.Colour][]string{table.Blue: {"reb-1", "reb-2", "reb-3"}}) {
		t.Fatalf("promotion needed %v", need)
	}
	before := saved(t, w)
	s, err := w.EndRound(nil)
	refused(t, w, before, s, err, "end.promoteNeed")
	s, err = w.EndRound(map[table.Colour]string{table.Blue: "walker"})
	refused(t, w, before, s, err, "end.promoteBad")
	w = ok(w.EndRound(map[table.Colour]string{table.Blue: "reb-2"}))
	if r := w.File.Game.Unit("reb-2"); r.Rank != table.RankCommander || r.Tokens[table.TokenCommander] != 1 {
		t.Fatalf("reb-2 %+v", r)
	}
	if err := CheckGame(w.File); err != nil {
		t.Fatal(err)
	}
}

// The winner (RRG 2.0 Spielsieg L10348–10369): victory points, then score, then blue.
func TestWinner(t *testing.T) {
	for _, tc := range []struct {
		name             string
		blueVP, redVP    int
		defeated         []string
		want             table.Colour
		code             string
		blueScore, score int
	}{
		{"points", 3, 1, nil, table.Blue, "win.vp", 0, 0},
		{"red points", 0, 2, nil, table.Red, "win.vp", 0, 0},
		{"score", 2, 2, []string{"storm-1"}, table.Blue, "win.score", 42, 0},
		{"score red", 2, 2, []string{"reb-1"}, table.Red, "win.score", 0, 40},
		{"blue", 1, 1, nil, table.Blue, "win.blue", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, _ := cloneFile(world(t, gameDoc).File)
			f.Game.Phase = table.PhaseOver
			f.Game.Blue.VictoryPoints, f.Game.Red.VictoryPoints = tc.blueVP, tc.redVP
			for _, id := range tc.defeated {
				k := f.UnitIndex(id)
				u := f.UnitsOnTable[k]
				f.UnitsOnTable = append(f.UnitsOnTable[:k], f.UnitsOnTable[k+1:]...)
				f.Game.Unit(id).Defeated = u.Minis
			}
			a, err := NewWorld(f).Winner()
			if err != nil || !a.Over || a.Winner != tc.want || string(a.Reasons[0].Rule) != tc.code || a.Score[0] != tc.blueScore || a.Score[1] != tc.score {
				t.Fatalf("%+v %v", a, err)
			}
		})
	}
	a, _ := world(t, gameDoc).Winner()
	if a.Over || a.Reasons[0].Rule != "win.notOver" {
		t.Fatalf("round 1: %+v", a)
	}
}

func TestVictoryPoints(t *testing.T) {
	ok := stepper(t)
	w := world(t, gameDoc)
	w = ok(w.AwardVictoryPoints(table.Red, 2, nil))
	if w.File.Game.Red.VictoryPoints != 2 {
		t.Fatal("not awarded")
	}
	before := saved(t, w)
	s, err := w.AwardVictoryPoints(table.Red, -3, nil)
	refused(t, w, before, s, err, "vp.negative")
	w = ok(w.AwardVictoryPoints(table.Red, -2, nil))
	if w.File.Game.Red.VictoryPoints != 0 {
		t.Fatal("a player may overrule the points back")
	}
}

// Tokens beside a unit: no suppression for a vehicle or a unit without courage, one standby at
// most, standby removed when suppression comes (RRG 2.0 Bereitschaft L3663–3666).
func TestChangeTokens(t *testing.T) {
	ok := stepper(t)
	w := world(t, gameDoc)
	before := saved(t, w)
	s, err := w.ChangeTokens("walker", table.TokenSuppression, 1)
	refused(t, w, before, s, err, "tokens.vehicleSuppr")
	s, err = w.ChangeTokens("vader", table.TokenSuppression, 1)
	refused(t, w, before, s, err, "tokens.noCourage")
	s, err = w.ChangeTokens("reb-1", table.TokenAim, -1)
	refused(t, w, before, s, err, "tokens.negative")
	w = ok(w.ChangeTokens("reb-1", table.TokenStandby, 1))
	before = saved(t, w)
	s, err = w.ChangeTokens("reb-1", table.TokenStandby, 1)
	refused(t, w, before, s, err, "tokens.standbyOne")
	s1, err := w.ChangeTokens("reb-1", table.TokenSuppression, 2)
	w = ok(s1, err)
	if got := w.File.Game.Unit("reb-1").Tokens; !reflect.DeepEqual(got, table.Tokens{table.TokenSuppression: 2}) || s1.Reasons[1].Rule != "tokens.standbyGone" {
		t.Fatalf("tokens %v reasons %v", got, s1.Reasons)
	}
}

// On- and off-side: a side changes its own units; another's is an offer to its owner.
func TestMayChange(t *testing.T) {
	w := world(t, gameDoc)
	p, err := w.MayChange(table.Blue, "reb-1", "leia")
	if err != nil || !p.Allowed || p.Offer {
		t.Fatalf("%+v %v", p, err)
	}
	p, _ = w.MayChange(table.Blue, "reb-1", "storm-1")
	if p.Allowed || !p.Offer || p.Owner != table.Red || p.Reasons[1].Rule != "perm.offer" {
		t.Fatalf("%+v", p)
	}
	if ReasonIn(p.Reasons[1], "de") != "storm-1 ist eine Einheit von Rot: die Änderung wird Rot angeboten, die sie annimmt oder ablehnt" {
		t.Fatal(ReasonIn(p.Reasons[1], "de"))
	}
}

// Setting up: a unit leaves the reserve only with a place for each mini on the table; the game
// starts only with every unit deployed and both sides named (RRG 2.0 Spielaufbau step 8 L864–870).
func TestDeployAndStart(t *testing.T) {
	ok := stepper(t)
	f, _ := cloneFile(world(t, gameDoc).File)
	g := f.Game
	g.Phase = table.PhaseSetup
	k := f.UnitIndex("storm-2")
	g.Reserve = append(g.Reserve, f.UnitsOnTable[k])
	f.UnitsOnTable = append(f.UnitsOnTable[:k], f.UnitsOnTable[k+1:]...)
	w := NewWorld(f)
	before := saved(t, w)
	s, err := w.StartGame()
	refused(t, w, before, s, err, "start.reserve")
	s, err = w.DeployReserve("storm-1", []MiniPlace{{X: 1, Y: 1}})
	refused(t, w, before, s, err, "deploy.notReserve")
	s, err = w.DeployReserve("storm-2", nil)
	refused(t, w, before, s, err, "deploy.places")
	s, err = w.DeployReserve("storm-2", []MiniPlace{{X: 80, Y: 1}})
	refused(t, w, before, s, err, "deploy.table")
	w = ok(w.DeployReserve("storm-2", []MiniPlace{{X: 66, Y: 33}}))
	w = ok(w.StartGame())
	if g := w.File.Game; g.Phase != table.PhaseCommand || g.Round != 1 || g.Rounds != 6 {
		t.Fatalf("started: %v round %d of %d", g.Phase, g.Round, g.Rounds)
	}
	// A side without a name cannot start.
	f, _ = cloneFile(world(t, gameDoc).File)
	f.Game.Phase, f.Game.Red.Side = table.PhaseSetup, ""
	for i := range f.UnitsOnTable {
		if f.Game.Unit(f.UnitsOnTable[i].ID).Colour == table.Red {
			f.UnitsOnTable[i].Side = "Empire"
		}
	}
	w = NewWorld(f)
	before = saved(t, w)
	s, err = w.StartGame()
	refused(t, w, before, s, err, "start.side")
}

// CheckGame: what the game state means beyond its shape, one line each.
func TestCheckGame(t *testing.T) {
	if err := CheckGame(world(t, gameDoc).File); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		edit  func(f *table.File)
		fault string
	}{
		{"no record", func(f *table.File) { f.Game.Units = f.Game.Units[1:] }, `units_on_table[0]: unit "leia" has no game record (game.units)`},
		{"wrong side", func(f *table.File) { f.UnitsOnTable[0].Side = "Empire" }, `units_on_table[0].side: "Empire", but its record is blue's, whose side is "Rebels"`},
		{"commander", func(f *table.File) { f.Game.Blue.Commander = "reb-1" }, `game.sides.blue.commander: "reb-1" is not a commander or operative of blue`},
		{"turn", func(f *table.File) { f.Game.Phase = table.PhaseActivation }, `game.turn: the activation phase needs the colour whose turn it is`},
		{"active", func(f *table.File) {
			f.Game.Phase, f.Game.Turn, f.Game.Active = table.PhaseActivation, table.Red, "reb-1"
		}, `game.active: "reb-1" is not a unit of red, whose turn it is`},
	} {
		f, _ := cloneFile(world(t, gameDoc).File)
		tc.edit(f)
		if err := CheckGame(f); err == nil || err.Error() != tc.fault {
			t.Errorf("%s: got %v, want %s", tc.name, err, tc.fault)
		}
	}
}

// Spezialeinsätze: no commander is named, and orders reach eligible units anywhere (SO L88–91).
func TestSpecOpsOrders(t *testing.T) {
	ok := stepper(t)
	doc := strings.Replace(gameDoc, `"battlefield"`, `"ruleset":"specops","battlefield"`, 1)
	doc = strings.Replace(doc, `"rounds":6`, `"rounds":4`, 1)
	w := world(t, doc)
	w = ok(w.PlayCommandCard(table.Blue, cmd("Push", 2, 2)))
	w = ok(w.PlayCommandCard(table.Red, cmd("Assault", 3, 3)))
	before := saved(t, w)
	s, err := w.IssueOrders(table.Blue, "leia", []string{"reb-2", "walker"})
	refused(t, w, before, s, err, "orders.specops")
	// reb-2 stands at range 5 of leia: in Spezialeinsätze that does not matter.
	w = ok(w.IssueOrders(table.Blue, "", []string{"reb-2", "walker"}))
	if w.File.Game.Unit("reb-2").Order != table.OrderFaceUp {
		t.Fatal("reb-2 has no order")
	}
}
