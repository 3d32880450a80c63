package ops

import (
	"encoding/json"
	"slices"
	"testing"

	"holotable/rules"
	"holotable/table"
)

// keywordGame is transportGame (active the active unit, no moves yet) with keywords added to
// units by id.
func keywordGame(t *testing.T, active string, kw map[string]map[string]any) []byte {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(transportGame(t, active, "[]", false), &doc); err != nil {
		t.Fatal(err)
	}
	for _, u := range doc["units_on_table"].([]any) {
		u := u.(map[string]any)
		for k, v := range kw[u["id"].(string)] {
			ks, _ := u["keywords"].(map[string]any)
			if ks == nil {
				ks = map[string]any{}
				u["keywords"] = ks
			}
			ks[k] = v
		}
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPloddingMoveOps (RRG 2.0 Schwerfällig L10035–10048): t with Schwerfällig (and Hover:
// Ground, so it may reverse) makes a standard
// move in its activation; its second standard move (unit.maneuver standard or compulsory, and
// unit.move) is refused with the rule's citation, a reverse is not; undone, the first move's
// record is gone and a standard move is allowed again.
func TestPloddingMoveOps(t *testing.T) {
	l := newTestLog(t, keywordGame(t, "t", map[string]map[string]any{"t": {"plodding": true, "hover": "ground"}}))
	l.ok(&UnitManeuver{Unit: "t", Mode: rules.ModeStandard, Speed: 1, Fraction: ptr(0.25)})
	if got := movesOf(l.File()); !slices.Equal(got, []table.GameMove{{Unit: "t", Move: table.MoveStandard, During: "t"}}) {
		t.Fatalf("record %+v", got)
	}
	for _, op := range []Op{
		&UnitManeuver{Unit: "t", Mode: rules.ModeStandard, Speed: 1, Fraction: ptr(0.25)},
		&UnitMove{Unit: "t", Speed: 1, Heading: 0, Fraction: 0.25},
	} {
		_, err := l.Submit(Entry{ID: l.nextID(), Author: "me", Op: op})
		if r, ok := err.(*Refusal); !ok || len(r.Reasons) != 1 || r.Reasons[0].Cite != rules.CitePlodding {
			t.Errorf("%s after a standard move: %v", op.Kind(), err)
		}
	}
	l.ok(&UnitManeuver{Unit: "t", Mode: rules.ModeReverse, Speed: 1, Fraction: ptr(0.25)})
	if _, err := l.Undo("me", l.nextID()); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Undo("me", l.nextID()); err != nil {
		t.Fatal(err)
	}
	if got := movesOf(l.File()); len(got) != 0 {
		t.Fatalf("after undo %+v", got)
	}
	l.ok(&UnitMove{Unit: "t", Speed: 1, Heading: 0, Fraction: 0.25})
}

// TestAgileTacticalMoveOps (RRG 2.0 Agil X L2131–2158, Taktisch X L10594–10621): sq2 with Agile 1
// and Tactical 2 makes a standard move (unit.move): 1 dodge and 2 aim tokens in the same op;
// undone, none; t (Hover: Ground, Agile 2) reverses — not a standard move action (L2138–2141):
// no token; then its standard maneuver: 2 dodge tokens.
func TestAgileTacticalMoveOps(t *testing.T) {
	l := newTestLog(t, keywordGame(t, "sq2", map[string]map[string]any{"sq2": {"agile": 1, "tactical": 2}, "t": {"agile": 2, "hover": "ground"}}))
	l.ok(&UnitMove{Unit: "sq2", Speed: 1, Heading: 0, Fraction: 0.25})
	if tok := l.File().Game.Unit("sq2").Tokens; tok[table.TokenDodge] != 1 || tok[table.TokenAim] != 2 {
		t.Errorf("after sq2's standard move: %v", tok)
	}
	if _, err := l.Undo("me", l.nextID()); err != nil {
		t.Fatal(err)
	}
	if tok := l.File().Game.Unit("sq2").Tokens; len(tok) != 0 {
		t.Errorf("undone: %v", tok)
	}
	l.ok(&UnitManeuver{Unit: "t", Mode: rules.ModeReverse, Speed: 1, Fraction: ptr(0.25)})
	if tok := l.File().Game.Unit("t").Tokens; len(tok) != 0 {
		t.Errorf("after t's reverse: %v", tok)
	}
	l.ok(&UnitManeuver{Unit: "t", Mode: rules.ModeStandard, Speed: 1, Fraction: ptr(0.25)})
	if tok := l.File().Game.Unit("t").Tokens; tok[table.TokenDodge] != 2 || tok[table.TokenAim] != 0 {
		t.Errorf("after t's standard move: %v", tok)
	}
}
