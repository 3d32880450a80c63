//go:build !js

package main

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"holotable/maps"
	"holotable/ops"
	"holotable/table"
)

// TestServerRolls: an op with a random part is rolled by the server (D84). Blue's active unit b
// has two suppression tokens; blue sends its rally with three faces of its own choosing — which
// the rules would refuse (two dice) — and the entry logged and sent to red holds two white
// defence faces the server rolled. The entry replays on the first table.
func TestServerRolls(t *testing.T) {
	doc := gameState(t)
	units := doc["game"].(map[string]any)["units"].([]any)
	units[1].(map[string]any)["tokens"] = map[string]any{"suppression": 2} // unit b, blue's, active
	first, _ := json.Marshal(doc)
	ctx, c := openRoom(t, first, "blue", "red")
	blue, red := c["blue"], c["red"]
	sendOp(ctx, t, blue, "b1", `{"op":"game.rally","unit":"b","faces":["block","block","block"]}`)
	e := nextOf(t, red, "entry")
	lg := ops.NewLog(mustLoad(t, red.Welcome.First))
	en, err := ops.Decode(e.Op, lg.File())
	if err != nil {
		t.Fatal(err)
	}
	faces := en.Op.(*ops.GameRally).Faces
	if len(faces) != 2 || slices.ContainsFunc(faces, func(f string) bool {
		return f != maps.SymBlock && f != maps.SymSurge && f != maps.SymBlank
	}) {
		t.Fatalf("logged faces %v: want two white defence faces rolled by the server", faces)
	}
	if _, err := lg.Submit(en); err != nil {
		t.Errorf("the logged rally does not replay: %v", err)
	}
}

// gameState is ops' game-state table (testdata) as JSON to change.
func gameState(t *testing.T) map[string]any {
	t.Helper()
	data, err := os.ReadFile("../../ops/testdata/game-state.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func mustLoad(t *testing.T, data []byte) *table.File {
	t.Helper()
	f, err := table.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
