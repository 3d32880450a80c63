package ops

import (
	"os"
	"testing"

	"holotable/table"
)

// TestOpsKeepTheGame: on a table with a game (testdata/game-state.json: unit a's mini a-2
// wounded, b blue's commander, r in the reserve with minis r-1 and r-2, token obj claimed by a),
// an op that would leave the game naming what is gone is refused naming the game's field, one
// that takes an id of the game's is refused as a taken id, the rest apply and the file still
// loads; UniqueID skips the game's ids.
func TestOpsKeepTheGame(t *testing.T) {
	data, err := os.ReadFile("testdata/game-state.json")
	if err != nil {
		t.Fatal(err)
	}
	l := newTestLog(t, data)
	l.refused(&UnitDelete{Unit: "b"}, "unit", `the game's state would not hold: game.sides.blue.commander: no unit "b" on the table`)
	l.refused(&MiniDelete{Mini: "a-2"}, "mini", `game.units[0].wounds.a-2: no mini "a-2" of unit "a" on the table`)
	nu := table.Unit{ID: "r", Side: "blue", Type: table.Trooper, Speed: 2,
		Minis: []table.Mini{{ID: "x-1", Leader: true, X: 60, Y: 30, Base: 1.063, BaseName: "small", Height: 1.65}}}
	l.refused(&UnitAdd{Unit: nu}, "unit", `the id "r" is already used by a unit or mini of the game (in the reserve or defeated)`)
	nu.ID, nu.Minis[0].ID = "x", "a-3" // a defeated mini's id
	l.refused(&UnitAdd{Unit: nu}, "unit", `the id "a-3" is already used by a unit or mini of the game`)
	nu.Minis[0].ID = "x-1"
	l.must(&UnitAdd{Unit: nu})
	l.must(&TerrainMove{Piece: "wall", DX: 1})
	l.must(&UnitDelete{Unit: "x"})
	if _, err := table.Load([]byte(save(t, l.File()))); err != nil {
		t.Fatalf("the file after the ops: %v", err)
	}
	if id := UniqueID(l.File(), "r"); id != "r-3" {
		t.Errorf("UniqueID %q, want r-3 (r-1 and r-2 are the reserve's minis)", id)
	}
}
