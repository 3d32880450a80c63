package ops

import (
	"encoding/json"
	"testing"

	"holotable/internal/tabletest"
	"holotable/rules"
	"holotable/table"
)

// withGame is the table data with a game state in its activation phase whose records are recs
// (unit id → record object; the colour is the unit's side), and cards (unit id → card object).
func withGame(t *testing.T, data []byte, recs map[string]map[string]any, cards map[string]map[string]any) []byte {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var units []any
	for _, u := range doc["units_on_table"].([]any) {
		u := u.(map[string]any)
		id := u["id"].(string)
		if c, ok := cards[id]; ok {
			u["card"] = c
		}
		if r, ok := recs[id]; ok {
			rec := map[string]any{"unit": id, "colour": u["side"], "rank": "corps"}
			for k, v := range r {
				rec[k] = v
			}
			units = append(units, rec)
		}
	}
	doc["game"] = map[string]any{"round": 1, "rounds": 6, "phase": "activation",
		"sides": map[string]any{"blue": map[string]any{"side": "blue"}, "red": map[string]any{"side": "red"}},
		"units": units}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestManeuverWoundsToGame (RRG 2.0 Zwangsbewegung L12155–12163, Wunden L11764–11775):
// conformance case 32's bike4 cannot make its full compulsory move (the objective) and ends short
// at (30, 13.7655) with 3 wounds, its max speed. With a game state and a wound threshold of 5, its
// one mini b4-1 carries 3 wound tokens after the op; undone, none. With 2 wounds on it already,
// 2 + 3 = 5 reaches the threshold: b4-1 is defeated, off the table, kept in the record as it
// last stood — where the move left it. bike1's full move leaves the game as it was; without a
// game state the table has none afterwards (D65: nothing written).
func TestManeuverWoundsToGame(t *testing.T) {
	data := conformanceTable(t, "32-maneuver-compulsory-speeder.json")
	recs := map[string]map[string]any{"bike4": {}, "bike1": {}}
	cards := map[string]map[string]any{"bike4": {"wounds": 5}}
	l := newTestLog(t, withGame(t, data, recs, cards))
	l.ok(&UnitManeuver{Unit: "bike4", Mode: rules.ModeCompulsory})
	if m := miniOf(t, l.File(), "b4-1"); !near(m.X, 30) || !near(m.Y, 13.7655) || m.Facing != 90 {
		t.Errorf("bike4 at (%v, %v) facing %v, judge (30, 13.7655) facing 90", m.X, m.Y, m.Facing)
	}
	if w := l.File().Game.Unit("bike4").Wounds; len(w) != 1 || w["b4-1"] != 3 {
		t.Errorf("bike4's wounds %v, want b4-1: 3", w)
	}
	if _, err := l.Undo("me", l.nextID()); err != nil {
		t.Fatal(err)
	}
	if w := l.File().Game.Unit("bike4").Wounds; len(w) != 0 {
		t.Errorf("after undo: wounds %v", w)
	}
	if m := miniOf(t, l.File(), "b4-1"); m.X != 30 || m.Y != 6 {
		t.Errorf("after undo b4-1 at (%v, %v), started at (30, 6)", m.X, m.Y)
	}
	before := *l.File().Game.Unit("bike1")
	l.ok(&UnitManeuver{Unit: "bike1", Mode: rules.ModeCompulsory})
	if r := l.File().Game.Unit("bike1"); len(r.Wounds) != 0 || len(r.Tokens) != len(before.Tokens) {
		t.Errorf("bike1's full move changed its record: %+v", r)
	}

	recs["bike4"] = map[string]any{"wounds": map[string]any{"b4-1": 2}}
	l = newTestLog(t, withGame(t, data, recs, cards))
	l.ok(&UnitManeuver{Unit: "bike4", Mode: rules.ModeCompulsory})
	if unitAt(l.File(), "bike4") >= 0 {
		t.Fatal("bike4 is still on the table after 5 wounds (threshold 5)")
	}
	r := l.File().Game.Unit("bike4")
	if len(r.Defeated) != 1 || r.Defeated[0].ID != "b4-1" || !near(r.Defeated[0].Y, 13.7655) || len(r.Wounds) != 0 {
		t.Errorf("bike4's record: %+v; want b4-1 defeated at y 13.7655, no wounds left", r)
	}

	l = newTestLog(t, data)
	l.ok(&UnitManeuver{Unit: "bike4", Mode: rules.ModeCompulsory})
	if l.File().Game != nil {
		t.Error("a table without a game has one after the move")
	}
}

// TestDisplaceSuppressionToGame (RRG 2.0 Verdrängung L11372–11420, Bereitschaft L3663–3666): the
// tank's move displaces both minis of sq; with a game state sq's record goes from 1 suppression
// and a standby token to 2 suppression and no standby; the tank's record is unchanged. Undone, 1
// and the standby again.
func TestDisplaceSuppressionToGame(t *testing.T) {
	data := withGame(t, []byte(tabletest.Displace),
		map[string]map[string]any{"tank": {}, "sq": {"tokens": map[string]any{"suppression": 1, "standby": 1}}}, nil)
	l := newTestLog(t, data)
	w := l.State().World()
	op := &UnitDisplace{Unit: "tank", Mode: rules.ModeStandard, Speed: 2, Fraction: ptr(1.0)}
	mv, d, err := op.Answer(w, "tank-1")
	if err != nil || len(d.Units) != 1 || d.Units[0] != "sq" {
		t.Fatalf("the tank's move: %+v, %v", d, err)
	}
	op.Places = firstSpots(t, w, "tank-1", mv, d, "sq-1", "sq-2")
	l.ok(op)
	g := l.File().Game
	if tk := g.Unit("sq").Tokens; tk[table.TokenSuppression] != 2 || tk[table.TokenStandby] != 0 {
		t.Errorf("sq's tokens after displacement: %v, want suppression 2, no standby", tk)
	}
	if tk := g.Unit("tank").Tokens; len(tk) != 0 {
		t.Errorf("the tank gained tokens: %v", tk)
	}
	if _, err := l.Undo("me", l.nextID()); err != nil {
		t.Fatal(err)
	}
	if tk := l.File().Game.Unit("sq").Tokens; tk[table.TokenSuppression] != 1 || tk[table.TokenStandby] != 1 {
		t.Errorf("after undo: %v", tk)
	}
}
