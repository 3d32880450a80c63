package scenes

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"holotable/army"
	"holotable/ops"
	"holotable/rules"
	"holotable/table"
)

// gameScene is a scene on the whole game's first table (ops/testdata/game-whole.json's "first":
// woods in the middle, the setup at its deployment with Battle Lines and three objective tokens).
func gameScene(t *testing.T) *TableScene {
	t.Helper()
	data, err := os.ReadFile("../ops/testdata/game-whole.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct{ First json.RawMessage }
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	s := mapScene(t, "game", rec.First)
	edMust(t, s, "tool", "game")
	return s
}

func gameCmd(t *testing.T, s *TableScene, arg map[string]any) gameState {
	t.Helper()
	var st gameState
	if err := json.Unmarshal(edMust(t, s, "game", arg), &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestGameToolHotSeat plays the whole game's first activations through the game tool's command,
// one screen for both sides: the two lists imported (a malformed one refused on one line, the
// table unchanged), the cards entered, every unit deployed where rules' fixture puts it, the
// command phase, the first squad's activation, then the stormtroopers' attack whose pool is the
// rules' answer for the same weapons (5 red, 1 black, 1 white, Critical 1, Suppressive), rolled
// with the faces of rules' TestWholeShortGame and applied: three rebels defeated, two
// suppression, shown in the unit's badge.
func TestGameToolHotSeat(t *testing.T) {
	s, st, weapons := gameToAttack(t)
	a, err := s.Doc().World().Attack(rules.AttackQuery{Attacker: "stormtroopers-1", Defender: "rebel-troopers-1", Weapons: weapons})
	if err != nil {
		t.Fatal(err)
	}
	p := st.Attack.Pool
	if p == nil || p.Red != a.Pool.Dice.Red || p.Black != a.Pool.Dice.Black || p.White != a.Pool.Dice.White ||
		a.Pool.Dice != (table.AttackDice{Red: 5, Black: 1, White: 1}) || !reflect.DeepEqual(st.Attack.Woundable, a.Woundable) || st.Attack.Band != 3 {
		t.Fatalf("the panel's pool %+v band %d, the rules' %+v", p, st.Attack.Band, a.Pool)
	}
	st = gameCmd(t, s, map[string]any{"action": "roll", "attack": map[string]int{"hit": 4, "critical": 1, "surge": 1, "blank": 1},
		"defence": map[string]int{"block": 1, "surge": 1, "blank": 3}})
	if r := st.Attack.Rolled; r == nil || r.Wounds != 3 || r.Supp != 2 || len(r.Steps) == 0 {
		t.Fatalf("rolled %+v", st.Attack.Rolled)
	}
	st = gameCmd(t, s, map[string]any{"action": "apply"})
	for _, u := range st.Units {
		if u.ID == "rebel-troopers-1" && (u.Minis != 3 || u.Defeated != 3 || u.Tokens["suppression"] != 2 || !strings.Contains(u.Badge, "2 suppression")) {
			t.Fatalf("the rebels after the attack: %+v", u)
		}
	}
	if st.Attack != nil {
		t.Fatal("the attack stays after it was applied")
	}
	// The defending unit's card: its defeated minis and its suppression.
	s.Select("rebel-troopers-1-1")
	st = gameCmd(t, s, map[string]any{"action": "state"})
	if c := st.Card; c == nil || c.Unit != "rebel-troopers-1" || len(c.Defeated) != 3 || !strings.Contains(c.Badge, "2 suppression") ||
		!strings.Contains(c.Values, "courage 1") {
		t.Fatalf("the card %+v", st.Card)
	}
	// The stormtroopers' activation shows their courage check.
	if !strings.Contains(st.Courage, "stormtroopers-1") {
		t.Fatalf("courage %q", st.Courage)
	}
	// Undo takes the whole attack back (one op).
	if _, _, err := s.Doc().Undo(); err != nil || len(s.Doc().File().UnitsOnTable[s.Doc().File().UnitIndex("rebel-troopers-1")].Minis) != 6 {
		t.Fatalf("undo of the attack: %v", err)
	}
}

// gameToAttack plays the whole game's first table up to the stormtroopers' attack on the first
// rebel squad, through the game tool's command (see TestGameToolHotSeat), and answers the attack
// with the stormtroopers' weapons (the DLT-19 trooper's own): the scene, the state and the weapons.
func gameToAttack(t *testing.T) (*TableScene, gameState, map[string]string) {
	t.Helper()
	s := gameScene(t)
	rev := s.Doc().Rev()
	if _, err := edCmd(t, s, "game", map[string]any{"action": "import", "colour": "blue", "list": "{not a list"}); err == nil ||
		strings.ContainsAny(err.Error(), "\n") || s.Doc().Rev() != rev {
		t.Fatalf("a malformed list: %v", err)
	}
	for _, l := range []struct{ colour, list string }{{"blue", "rebel-800"}, {"red", "imperial-800"}} {
		data, _ := army.Example(l.list)
		edMust(t, s, "game", map[string]any{"action": "import", "colour": l.colour, "list": string(data)})
	}
	cards, _ := os.ReadFile("../ops/testdata/game-cards.json")
	st := gameCmd(t, s, map[string]any{"action": "cards", "cards": string(cards)})
	if len(st.Reserve) != 19 || st.Sides[0].Side != "Rebels" || st.Sides[1].Side != "Empire" {
		t.Fatalf("after the imports: %d in the reserve, sides %+v", len(st.Reserve), st.Sides)
	}
	deployReserve(t, s, st)
	edMust(t, s, "setup", map[string]any{"action": "next"})
	gameCmd(t, s, map[string]any{"action": "start"})
	gameCmd(t, s, map[string]any{"action": "card", "colour": "blue", "name": "Ambush"})
	st = gameCmd(t, s, map[string]any{"action": "card", "colour": "red", "name": "Push"})
	if st.Priority != "blue" || st.Sides[0].Pips != 1 {
		t.Fatalf("priority %q, blue's pips %d", st.Priority, st.Sides[0].Pips)
	}
	gameCmd(t, s, map[string]any{"action": "orders", "colour": "blue", "commander": "leia-organa-1", "units": []string{"rebel-troopers-1"}})
	st = gameCmd(t, s, map[string]any{"action": "orders", "colour": "red", "commander": "darth-vader-1", "units": []string{"stormtroopers-1", "imperial-officer-1"}})
	if st.Phase != "activation" || st.Turn != "blue" {
		t.Fatalf("phase %s turn %s", st.Phase, st.Turn)
	}
	gameCmd(t, s, map[string]any{"action": "activate", "unit": "rebel-troopers-1"})
	if err := s.Doc().Submit(&ops.UnitMove{Unit: "rebel-troopers-1", Speed: 2, Heading: 90, Fraction: 1}); err != nil {
		t.Fatal(err)
	}
	gameCmd(t, s, map[string]any{"action": "endActivation"})
	gameCmd(t, s, map[string]any{"action": "activate", "unit": "stormtroopers-1"})
	if err := s.Doc().Submit(&ops.UnitMove{Unit: "stormtroopers-1", Speed: 2, Heading: 270, Fraction: 1}); err != nil {
		t.Fatal(err)
	}
	st = gameCmd(t, s, map[string]any{"action": "attack", "attacker": "stormtroopers-1", "defender": "rebel-troopers-1"})
	weapons := st.Attack.Weapons
	for _, o := range st.Attack.Options {
		if o.Weapon == "DLT-19" && o.Joins {
			weapons[o.Mini] = o.Weapon // the DLT-19 trooper fires its own weapon
		}
	}
	st = gameCmd(t, s, map[string]any{"action": "attack", "attacker": "stormtroopers-1", "defender": "rebel-troopers-1", "weapons": weapons})
	return s, st, weapons
}

// deployReserve deploys the reserve's units in turn through the game tool, blue's along y 3 and
// red's along y 33, 7" apart, and returns the last state.
func deployReserve(t *testing.T, s *TableScene, st gameState) gameState {
	t.Helper()
	n := map[string]int{}
	for len(st.Reserve) > 0 {
		turn := rules.SetupState(s.Doc().World()).Turn.String()
		for _, u := range st.Reserve {
			if u.Colour == turn {
				y := 3.0
				if turn == "red" {
					y = 33
				}
				st = gameCmd(t, s, map[string]any{"action": "deploy", "unit": u.ID, "x": 4 + 7*float64(n[turn]), "y": y})
				n[turn]++
				break
			}
		}
	}
	return st
}
