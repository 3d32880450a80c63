package scenes

import (
	"encoding/json"
	"reflect"
	"testing"

	"holotable/rules"
)

func diceScene(t *testing.T) *TableScene {
	t.Helper()
	s := editorScene(t, testDoc(), "dice")
	edMust(t, s, "dice", map[string]any{"action": "seed", "seed": 7})
	return s
}

func diceStateOf(t *testing.T, raw json.RawMessage) diceState {
	t.Helper()
	var st diceState
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestDiceOdds: the exact odds the tool shows, against values computed by hand from the faces in
// maps/dice (red attack 5 hit 1 crit 1 surge 1 blank of 8; black 3/1/1/3; white 1/1/1/5; red
// defence 3 block 1 surge 2 blank of 6; white defence 1/1/4).
func TestDiceOdds(t *testing.T) {
	cases := []struct {
		name    string
		pool    map[string]int
		surge   string
		tokens  int
		kind    string
		of      string
		atLeast []string // P(≥1), P(≥2), …
		mean    string
	}{
		{"red attack, no conversion: hit or crit 6/8", map[string]int{"red-attack": 1}, "", 0, "attack", "results", []string{"3/4"}, "3/4"},
		{"red attack, surge → hit: 7/8", map[string]int{"red-attack": 1}, "hit", 0, "attack", "results", []string{"7/8"}, "7/8"},
		{"red attack, a surge token: 7/8", map[string]int{"red-attack": 1}, "", 1, "attack", "results", []string{"7/8"}, "7/8"},
		{"two red attack: 1−(1/4)², (3/4)²", map[string]int{"red-attack": 2}, "", 0, "attack", "results", []string{"15/16", "9/16"}, "3/2"},
		{"black + white, surge → crit: 5/8 and 3/8", map[string]int{"black-attack": 1, "white-attack": 1}, "critical", 0, "attack", "results", []string{"49/64", "15/64"}, "1"},
		{"block conversion ignored by an attack pool", map[string]int{"white-attack": 1}, "block", 0, "attack", "results", []string{"1/4"}, "1/4"},
		{"red defence, no conversion: 3/6", map[string]int{"red-defence": 1}, "", 0, "defence", "blocks", []string{"1/2"}, "1/2"},
		{"red defence, surge → block: 4/6", map[string]int{"red-defence": 1}, "block", 0, "defence", "blocks", []string{"2/3"}, "2/3"},
		{"white defence, a surge token: 2/6", map[string]int{"white-defence": 1}, "", 1, "defence", "blocks", []string{"1/3"}, "1/3"},
		{"a d20 (another game's die, data only): the total", map[string]int{"swm-d20": 1}, "", 0, "mixed", "total", nil, "21/2"},
	}
	for _, c := range cases {
		s := diceScene(t)
		edMust(t, s, "dice", map[string]any{"action": "pool", "pool": c.pool})
		edMust(t, s, "dice", map[string]any{"action": "tokens", "tokens": c.tokens})
		st := diceStateOf(t, edMust(t, s, "dice", map[string]any{"action": "surge", "surge": c.surge}))
		if st.Kind != c.kind || st.Odds == nil || st.Odds.Of != c.of || st.Odds.Mean != c.mean {
			t.Errorf("%s: kind %q, odds %+v; want %s of %s, mean %s", c.name, st.Kind, st.Odds, c.kind, c.of, c.mean)
			continue
		}
		if c.atLeast == nil { // the d20: P(≥1) = 1, P(≥20) = 1/20, nothing beyond
			if n := len(st.Odds.AtLeast); n != 20 || st.Odds.AtLeast[0].P != "1" || st.Odds.AtLeast[19].P != "1/20" {
				t.Errorf("%s: %d chances, %+v", c.name, n, st.Odds.AtLeast)
			}
			continue
		}
		var got []string
		for _, a := range st.Odds.AtLeast {
			got = append(got, a.P)
		}
		if !reflect.DeepEqual(got, c.atLeast) {
			t.Errorf("%s: P(≥k) = %v, want %v", c.name, got, c.atLeast)
		}
	}
}

// TestDiceRollIsTheRulesRoll: a roll with seed 7 shows exactly what rules.SeededRoller(7) rolls for
// the same pool, converted as rules.ConvertAttack converts it; the dispute roll that follows is the
// roller's next roll; the same seed replays the same roll.
func TestDiceRollIsTheRulesRoll(t *testing.T) {
	s := diceScene(t)
	edMust(t, s, "dice", map[string]any{"action": "pool", "pool": map[string]int{"red-attack": 3, "white-attack": 2}})
	edMust(t, s, "dice", map[string]any{"action": "surge", "surge": "hit"})
	st := diceStateOf(t, edMust(t, s, "dice", map[string]any{"action": "roll"}))

	r := rules.SeededRoller(7)
	pool, err := rules.PoolOf(map[string]int{"red-attack": 3, "white-attack": 2})
	if err != nil {
		t.Fatal(err)
	}
	want := r.Roll(pool)
	conv, _ := rules.ConvertAttack(want.Tally, rules.SurgeHit, 0)
	if st.Roll == nil || !reflect.DeepEqual(st.Roll.Dice, want.Dice) || !reflect.DeepEqual(st.Roll.Tally, want.Tally) {
		t.Fatalf("roll %+v, want %+v", st.Roll, want)
	}
	if c := st.Roll.Converted; c == nil || c.Hits != conv.Hits || c.Crits != conv.Crits || c.Blanks != conv.Blanks || st.Roll.Kind != "attack" {
		t.Errorf("converted %+v, want %+v", st.Roll.Converted, conv)
	}
	if len(st.Roll.Dice) != 5 || st.Rolls != 1 {
		t.Errorf("%d dice rolled, %d rolls", len(st.Roll.Dice), st.Rolls)
	}

	st = diceStateOf(t, edMust(t, s, "dice", map[string]any{"action": "dispute"}))
	wantD := r.Dispute()
	if st.Dispute == nil || st.Dispute.Face != wantD.Face || st.Dispute.HolderWins != (wantD.Face.Symbol == "block") {
		t.Errorf("dispute %+v, want %+v", st.Dispute, wantD)
	}

	edMust(t, s, "dice", map[string]any{"action": "seed", "seed": 7})
	again := diceStateOf(t, edMust(t, s, "dice", map[string]any{"action": "roll"}))
	if !reflect.DeepEqual(again.Roll.Dice, st.Roll.Dice) {
		t.Errorf("seed 7 again rolled %+v, first %+v", again.Roll.Dice, st.Roll.Dice)
	}
}

// TestDiceRefusals: unknown dice, actions and conversions, and a pool beyond the limit are refused
// and leave the pool as it was; an empty pool does not roll.
func TestDiceRefusals(t *testing.T) {
	s := diceScene(t)
	edMust(t, s, "dice", map[string]any{"action": "add", "die": "red-attack"})
	for _, bad := range []map[string]any{
		{"action": "add", "die": "green-attack"},
		{"action": "pool", "pool": map[string]int{"red-attack": 20, "black-attack": 5}},
		{"action": "surge", "surge": "shield"},
		{"action": "shake"},
	} {
		if _, err := edCmd(t, s, "dice", bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	st := diceToolOf(s).state()
	if !reflect.DeepEqual(st.Pool, map[string]int{"red-attack": 1}) || st.Surge != "" {
		t.Errorf("after refusals: pool %v, surge %q", st.Pool, st.Surge)
	}
	edMust(t, s, "dice", map[string]any{"action": "clear"})
	if _, err := edCmd(t, s, "dice", map[string]any{"action": "roll"}); err == nil {
		t.Error("an empty pool rolled")
	}
}

// TestDicePalette: clicking the first die button (black attack, the dice sorted by id) adds one,
// twice makes two, Shift+click takes one away; the Roll button rolls; R rolls too.
func TestDicePalette(t *testing.T) {
	s := diceScene(t)
	dt := diceToolOf(s)
	if dt.offer[0].ID != "black-attack" {
		t.Fatalf("first die %q", dt.offer[0].ID)
	}
	b := dt.palette[0]
	x, y := float64(b.X+b.W/2), float64(b.Y+b.H/2)
	edClick(s, x, y)
	edClick(s, x, y)
	if dt.pool["black-attack"] != 2 {
		t.Fatalf("two clicks: pool %v", dt.pool)
	}
	tick(s, Input{X: x, Y: y, Left: true, LeftPressed: true, Shift: true})
	tick(s, Input{X: x, Y: y, LeftReleased: true})
	if dt.pool["black-attack"] != 1 {
		t.Fatalf("shift+click: pool %v", dt.pool)
	}
	roll := -1
	for i, p := range dt.palette {
		if p.Text == T("dice.roll") {
			roll = i
		}
	}
	if roll < 0 {
		t.Fatal("no Roll button")
	}
	rb := dt.palette[roll]
	edClick(s, float64(rb.X+rb.W/2), float64(rb.Y+rb.H/2))
	if dt.rolls != 1 || dt.last == nil || len(dt.last.Dice) != 1 {
		t.Fatalf("Roll button: %d rolls, last %+v", dt.rolls, dt.last)
	}
	if s.Doc().CanUndo() {
		t.Error("a roll became an edit of the table")
	}
	if len(dt.panelLines()) < 3 {
		t.Errorf("panel lines %q", dt.panelLines())
	}
}
