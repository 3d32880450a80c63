package scenes

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"holotable/rules"
	"holotable/table"
)

// customDie is a Rebellion black die as a player types it in: 3 hit, 1 direct hit, 1 special,
// 1 blank (not the assumed default of maps/dice, 2/1/1/2).
var customDie = map[string]any{"action": "saveDie", "dieId": "rebellion-black", "die": map[string]any{
	"name": "black combat die", "system": "rebellion", "colour": "#1c1c1c",
	"faces": []map[string]any{{"symbol": "hit", "count": 3}, {"symbol": "direct-hit", "count": 1}, {"symbol": "special", "count": 1}, {"symbol": "blank", "count": 1}}}}

func diceCmdState(t *testing.T, s *TableScene, arg map[string]any) diceState {
	t.Helper()
	return diceStateOf(t, edMust(t, s, "dice", arg))
}

// TestDiceCustom: a die made in the tool is saved with the table (an undoable op) and replaces the
// built-in of its id; it exports as a die file; a seeded roll of it gives the faces rules'
// roller gives with that seed; its pool's odds of each symbol are exact (checked against an
// enumeration of every face combination); the Rebellion limits hold a pool to 5 of each colour
// for an attack and 10 dice for a mission.
func TestDiceCustom(t *testing.T) {
	s := diceScene(t)
	st := diceCmdState(t, s, customDie)
	f := s.Doc().File()
	if len(f.Dice) != 1 || f.Dice[0].ID != "rebellion-black" || f.Dice[0].Sides != 6 || f.Dice[0].Kind != table.DieAny {
		t.Fatalf("the table's dice: %+v", f.Dice)
	}
	var offered *diceOffer
	for i := range st.Dice {
		if st.Dice[i].ID == "rebellion-black" {
			offered = &st.Dice[i]
		}
	}
	if offered == nil || !offered.Custom || offered.Faces[0].Count != 3 || offered.Colour != "#1c1c1c" {
		t.Fatalf("offered %+v", offered)
	}
	// The file a player exports reads back as the same die.
	var text string
	json.Unmarshal(edMust(t, s, "dice", map[string]any{"action": "exportDie", "dieId": "rebellion-black"}), &text)
	d, err := table.LoadDie([]byte(text))
	if err != nil || !reflect.DeepEqual(d.Faces, f.Dice[0].Faces) || !strings.Contains(text, `"cite"`) {
		t.Errorf("export %q: %v %+v", text, err, d)
	}

	// Two of them: P(≥1 hit) = 1 − (3/6)² = 3/4, P(2 hits) = 1/4; P(≥1 special) = 1 − (5/6)² = 11/36.
	st = diceCmdState(t, s, map[string]any{"action": "pool", "pool": map[string]int{"rebellion-black": 2}})
	want := enumerate(f.Dice[0], 2)
	for _, so := range st.Symbols {
		var got []string
		for _, c := range so.AtLeast {
			got = append(got, c.P)
		}
		if strings.Join(got, " ") != strings.Join(want[so.Symbol], " ") {
			t.Errorf("%s: P(≥k) %v, by enumeration %v", so.Symbol, got, want[so.Symbol])
		}
	}
	if len(st.Symbols) != 4 || strings.Join(want["hit"], " ") != "3/4 1/4" || strings.Join(want["special"], " ") != "11/36 1/36" {
		t.Errorf("symbols %+v; enumeration %v", st.Symbols, want)
	}

	// A seeded roll: the faces rules' roller gives with the seed.
	edMust(t, s, "dice", map[string]any{"action": "seed", "seed": 99})
	st = diceCmdState(t, s, map[string]any{"action": "roll"})
	p, _ := rules.PoolFrom(rules.DiceFor(f.Dice), map[string]int{"rebellion-black": 2})
	if r := rules.SeededRoller(99).Roll(p); !reflect.DeepEqual(st.Roll.Dice, r.Dice) {
		t.Errorf("the tool rolled %+v, rules %+v", st.Roll.Dice, r.Dice)
	}

	// Rebellion limits: 7 black + 2 red for an attack → 5 black + 2 red; 12 for a mission → 10.
	edMust(t, s, "dice", map[string]any{"action": "pool", "pool": map[string]int{"rebellion-black": 7, "rebellion-red": 2}})
	st = diceCmdState(t, s, map[string]any{"action": "system", "system": "rebellion-attack"})
	st = diceCmdState(t, s, map[string]any{"action": "roll"})
	if len(st.Roll.Dice) != 7 || len(st.Limit) != 1 || !strings.Contains(st.Limit[0].Text, "left out: at most 5 dice of each colour") {
		t.Errorf("attack: %d dice rolled, limit %+v", len(st.Roll.Dice), st.Limit)
	}
	edMust(t, s, "dice", map[string]any{"action": "pool", "pool": map[string]int{"rebellion-black": 7, "rebellion-red": 5}})
	edMust(t, s, "dice", map[string]any{"action": "system", "system": "rebellion-mission"})
	st = diceCmdState(t, s, map[string]any{"action": "roll"})
	if len(st.Roll.Dice) != 10 || len(st.Limit) != 1 || !strings.Contains(st.Limit[0].Text, "10 of 12") {
		t.Errorf("mission: %d dice rolled, limit %+v", len(st.Roll.Dice), st.Limit)
	}
	if _, err := s.Command("dice", json.RawMessage(`{"action": "system", "system": "risk"}`)); err == nil {
		t.Error("a system without limits was taken")
	}

	// A Destiny die with a modifier side and a resource cost is built and rolled.
	edMust(t, s, "dice", map[string]any{"action": "saveDie", "dieId": "destiny-blaster", "die": map[string]any{
		"name": "blaster die", "system": "destiny", "faces": []map[string]any{
			{"symbol": "ranged", "value": 2, "count": 1, "modifier": true}, {"symbol": "ranged", "value": 1, "count": 3},
			{"symbol": "focus", "value": 1, "count": 1, "cost": 1}, {"symbol": "blank", "count": 1}}}})
	edMust(t, s, "dice", map[string]any{"action": "system", "system": ""})
	edMust(t, s, "dice", map[string]any{"action": "pool", "pool": map[string]int{"destiny-blaster": 1}})
	st = diceCmdState(t, s, map[string]any{"action": "roll"})
	if len(st.Roll.Dice) != 1 || st.Roll.Dice[0].Die != "destiny-blaster" {
		t.Errorf("the Destiny die rolled %+v", st.Roll)
	}

	// Refused: counts that do not add up to 6 on a Rebellion die; undo takes the dice back.
	if _, err := s.Command("dice", json.RawMessage(`{"action": "saveDie", "dieId": "x", "die": {"name": "x", "system": "rebellion", "sides": 6, "faces": [{"symbol": "hit", "count": 2}]}}`)); err == nil ||
		!strings.Contains(err.Error(), "die.faces") {
		t.Errorf("a bad die: %v", err)
	}
	edMust(t, s, "undo", nil)
	edMust(t, s, "undo", nil)
	if d := s.Doc().File().Dice; d != nil {
		t.Errorf("after two undos the table still has %+v", d)
	}
	st = diceCmdState(t, s, map[string]any{"action": "state"})
	for _, o := range st.Dice {
		if o.Custom {
			t.Errorf("still offered as the table's: %+v", o)
		}
	}
}

// enumerate is P(≥k) of each symbol for n dice d, by listing every combination of sides.
func enumerate(d table.Die, n int) map[string][]string {
	var sides []string
	for _, f := range d.Faces {
		for range f.Count {
			sides = append(sides, f.Symbol)
		}
	}
	counts := map[string][]int{} // symbol → ways of showing it k times
	total := 0
	var walk func(i int, tally map[string]int)
	walk = func(i int, tally map[string]int) {
		if i == n {
			total++
			for _, f := range d.Faces {
				c := counts[f.Symbol]
				for len(c) <= n {
					c = append(c, 0)
				}
				c[tally[f.Symbol]]++
				counts[f.Symbol] = c
			}
			return
		}
		for _, s := range sides {
			tally[s]++
			walk(i+1, tally)
			tally[s]--
		}
	}
	walk(0, map[string]int{})
	out := map[string][]string{}
	for sym, c := range counts {
		for k := 1; k <= n; k++ {
			ways := 0
			for j := k; j <= n; j++ {
				ways += c[j]
			}
			if ways == 0 {
				break
			}
			out[sym] = append(out[sym], ratText(ways, total))
		}
	}
	return out
}

func ratText(a, b int) string {
	for _, p := range []int{2, 3, 5, 7} {
		for a%p == 0 && b%p == 0 {
			a, b = a/p, b/p
		}
	}
	if b == 1 {
		return itoaT(a)
	}
	return itoaT(a) + "/" + itoaT(b)
}

func itoaT(v int) string { b, _ := json.Marshal(v); return string(b) }
