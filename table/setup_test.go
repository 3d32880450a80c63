package table

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// setupRaw is a full setup object that the fault cases break one field at a time.
const setupRaw = `{
 "blue": "blue", "red": "red", "blueEdge": "south",
 "phase": "tokens",
 "draft": {
  "objectives": ["recover-the-supplies", "breakthrough", "key-positions"],
  "deployments": ["battle-lines", "the-long-march", "disarray"],
  "conditions": ["clear-conditions", "limited-visibility", "supply-drop"],
  "steps": [{"action": "eliminate", "row": "deployment"}, {"action": "pass"}, {"action": "eliminate", "row": "condition"}, {"action": "pass"}]
 },
 "terrainTurns": [{"colour": "red", "piece": "wall"}, {"colour": "blue", "piece": "rock"}],
 "deployed": ["b", "a"]
}`

// withSetup is baseDoc with setupRaw added, then the further edits.
func withSetup(edits ...any) []any {
	return append([]any{"setup", raw(setupRaw)}, edits...)
}

func TestSetupLoads(t *testing.T) {
	f := mustLoad(t, edit(t, withSetup()...))
	want := &Setup{
		Blue: "blue", Red: "red", BlueEdge: "south", Phase: PhaseTokens,
		Draft: &SetupDraft{
			Objectives:  []string{"recover-the-supplies", "breakthrough", "key-positions"},
			Deployments: []string{"battle-lines", "the-long-march", "disarray"},
			Conditions:  []string{"clear-conditions", "limited-visibility", "supply-drop"},
			Steps:       []DraftTurn{{StepEliminate, "deployment"}, {StepPass, ""}, {StepEliminate, "condition"}, {StepPass, ""}},
		},
		TerrainTurns: []TerrainTurn{{Red, "wall"}, {Blue, "rock"}},
		Deployed:     []string{"b", "a"},
	}
	if !reflect.DeepEqual(f.Setup, want) {
		t.Errorf("setup\n got %+v\nwant %+v", f.Setup, want)
	}
}

func TestSetupAbsentIsNil(t *testing.T) {
	f := mustLoad(t, []byte(baseDoc))
	if f.Setup != nil {
		t.Errorf("setup %+v from a file without one", f.Setup)
	}
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), `"setup"`) {
		t.Errorf("Save wrote a setup the file did not have:\n%s", out)
	}
}

// TestSetupRoundTrip: Save→Load gives the same File, and Save of that is the same text, for a
// full setup, a minimal one, an empty draft row list, a specops mission and unknown fields.
func TestSetupRoundTrip(t *testing.T) {
	cases := []struct {
		name  string
		edits []any
	}{
		{"full", withSetup()},
		{"minimal", []any{"setup", raw(`{"phase": "terrain"}`)}},
		{"draft without steps", withSetup("setup.draft.steps", del)},
		{"empty lists", withSetup("setup.draft.steps", raw(`[]`), "setup.deployed", raw(`[]`), "setup.terrainTurns", raw(`[]`))},
		{"specops mission", []any{"ruleset", "specops", "battlefield", raw(`{"width": 36, "depth": 36}`), "units_on_table", del, "tokens", del,
			"setup", raw(`{"blue": "Rebels", "red": "Empire", "mission": "disabled-vehicle", "phase": "deploy"}`)}},
		{"unknown fields kept", withSetup("setup.note", "keep me", "setup.zz", raw(`{"a": [1, 2]}`))},
		{"north", withSetup("setup.blueEdge", "north", "setup.phase", "done")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			roundTrip(t, mustLoad(t, edit(t, c.edits...)))
		})
	}
}

// roundTrip checks that Save→Load gives f again and that a second Save writes the same text;
// it returns the text.
func roundTrip(t *testing.T, f *File) []byte {
	t.Helper()
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	g := mustLoad(t, out)
	if !reflect.DeepEqual(f, g) {
		t.Fatalf("round trip differs:\n%s", out)
	}
	out2, err := Save(g)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != string(out2) {
		t.Fatalf("second save differs:\n%s\n---\n%s", out, out2)
	}
	return out
}

// TestSetupSaveText pins the written form: order, one line per step and turn, empty fields left out.
func TestSetupSaveText(t *testing.T) {
	f := mustLoad(t, []byte(baseDoc))
	f.Setup = &Setup{Blue: "blue", Phase: PhaseDraft,
		Draft:        &SetupDraft{Objectives: []string{"a", "b", "c"}, Steps: []DraftTurn{{StepPass, ""}, {StepEliminate, "objective"}}},
		TerrainTurns: []TerrainTurn{{Blue, "wall"}}}
	out, err := Save(f)
	if err != nil {
		t.Fatal(err)
	}
	want := `  "setup": {
    "blue": "blue",
    "phase": "draft",
    "draft": {
      "objectives": ["a", "b", "c"],
      "deployments": [],
      "conditions": [],
      "steps": [
        {"action": "pass"},
        {"action": "eliminate", "row": "objective"}
      ]
    },
    "terrainTurns": [
      {"colour": "blue", "piece": "wall"}
    ]
  },
  "queries": [`
	if !strings.Contains(string(out), want) {
		t.Errorf("output lacks\n%s\n---\n%s", want, out)
	}
	g := mustLoad(t, out)
	if !reflect.DeepEqual(f.Setup, g.Setup) {
		t.Errorf("hand-built setup does not round-trip: %+v vs %+v", f.Setup, g.Setup)
	}
}

func TestSetupSaveRefusesInvalid(t *testing.T) {
	f := mustLoad(t, []byte(baseDoc))
	f.Setup = &Setup{Phase: "playing"}
	_, err := Save(f)
	var te *Error
	if !errors.As(err, &te) || err.Error() != `setup.phase: unknown phase "playing" (terrain, draft, tokens, deploy or done)` {
		t.Errorf("Save of a bad phase: %v", err)
	}
}

var setupFaults = []faultCase{
	{name: "setup type", edits: []any{"setup", raw(`[]`)}, want: `setup: must be an object, got array`},
	{name: "setup phase missing", edits: withSetup("setup.phase", del), want: `setup.phase: missing`},
	{name: "setup phase unknown", edits: withSetup("setup.phase", "setup"), want: `setup.phase: unknown phase "setup" (terrain, draft, tokens, deploy or done)`},
	{name: "setup phase type", edits: withSetup("setup.phase", 3), want: `setup.phase: must be a string, got number`},
	{name: "setup blue type", edits: withSetup("setup.blue", raw(`{}`)), want: `setup.blue: must be a string, got object`},
	{name: "setup same sides", edits: withSetup("setup.red", "blue"), want: `setup.red: is the same side as blue ("blue")`},
	{name: "setup blueEdge unknown", edits: withSetup("setup.blueEdge", "east"), want: `setup.blueEdge: unknown edge "east" (south or north)`},
	{name: "setup blueEdge empty", edits: withSetup("setup.blueEdge", ""), want: `setup.blueEdge: unknown edge "" (south or north)`},
	{name: "setup mission empty", edits: withSetup("setup.mission", ""), want: `setup.mission: must not be empty`},
	{name: "setup mission type", edits: withSetup("setup.mission", 4), want: `setup.mission: must be a string, got number`},
	{name: "setup draft type", edits: withSetup("setup.draft", "yes"), want: `setup.draft: must be an object, got string`},
	{name: "setup draft row missing", edits: withSetup("setup.draft.conditions", del), want: `setup.draft.conditions: missing`},
	{name: "setup draft row type", edits: withSetup("setup.draft.deployments", "battle-lines"), want: `setup.draft.deployments: must be an array, got string`},
	{name: "setup draft card type", edits: withSetup("setup.draft.objectives.1", 2), want: `setup.draft.objectives[1]: must be a string, got number`},
	{name: "setup draft card empty", edits: withSetup("setup.draft.objectives.2", ""), want: `setup.draft.objectives[2]: must not be empty`},
	{name: "setup draft card twice", edits: withSetup("setup.draft.conditions.2", "clear-conditions"), want: `setup.draft.conditions[2]: "clear-conditions" is listed twice (first at setup.draft.conditions[0])`},
	{name: "setup steps type", edits: withSetup("setup.draft.steps", raw(`{}`)), want: `setup.draft.steps: must be an array, got object`},
	{name: "setup step type", edits: withSetup("setup.draft.steps.1", "pass"), want: `setup.draft.steps[1]: must be an object, got string`},
	{name: "setup step action missing", edits: withSetup("setup.draft.steps.0.action", del), want: `setup.draft.steps[0].action: missing`},
	{name: "setup step action unknown", edits: withSetup("setup.draft.steps.0.action", "discard"), want: `setup.draft.steps[0].action: unknown action "discard" (eliminate or pass)`},
	{name: "setup step row missing", edits: withSetup("setup.draft.steps.2.row", del), want: `setup.draft.steps[2].row: missing`},
	{name: "setup step row unknown", edits: withSetup("setup.draft.steps.2.row", "objectives"), want: `setup.draft.steps[2].row: unknown row "objectives" (objective, deployment or condition)`},
	{name: "setup step row type", edits: withSetup("setup.draft.steps.2.row", 1), want: `setup.draft.steps[2].row: must be a string, got number`},
	{name: "setup pass with row", edits: withSetup("setup.draft.steps.1.row", "objective"), want: `setup.draft.steps[1].row: a pass eliminates from no row`},
	{name: "setup terrainTurns type", edits: withSetup("setup.terrainTurns", "wall"), want: `setup.terrainTurns: must be an array, got string`},
	{name: "setup terrain turn colour", edits: withSetup("setup.terrainTurns.1.colour", "green"), want: `setup.terrainTurns[1].colour: unknown colour "green" (blue or red)`},
	{name: "setup terrain turn piece missing", edits: withSetup("setup.terrainTurns.0.piece", del), want: `setup.terrainTurns[0].piece: missing`},
	{name: "setup terrain turn piece empty", edits: withSetup("setup.terrainTurns.0.piece", ""), want: `setup.terrainTurns[0].piece: must not be empty`},
	{name: "setup deployed type", edits: withSetup("setup.deployed", "a"), want: `setup.deployed: must be an array, got string`},
	{name: "setup deployed twice", edits: withSetup("setup.deployed.1", "b"), want: `setup.deployed[1]: "b" is listed twice (first at setup.deployed[0])`},
	{name: "setup deployed null", edits: withSetup("setup.deployed.0", nil), want: `setup.deployed[0]: must be a string, got null`},
}

func TestSetupFaults(t *testing.T) { runFaults(t, setupFaults) }

// TestSetupFaultComesLast: a file with a fault elsewhere and in setup names the other fault
// first, so that the existing error order is unchanged.
func TestSetupFaultComesLast(t *testing.T) {
	_, err := Load(edit(t, withSetup("setup.phase", "x", "tokens.0.r", 0)...))
	if err == nil || err.Error() != `tokens[0].r: must be positive, got 0` {
		t.Errorf("got %v", err)
	}
}
