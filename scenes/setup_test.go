package scenes

import (
	"encoding/json"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/ops"
	"holotable/table"
)

// setupCmd runs the setup command and decodes the tool's state (or the token check).
func setupCmd(t *testing.T, s *TableScene, arg map[string]any) setupState {
	t.Helper()
	var st setupState
	if err := json.Unmarshal(edMust(t, s, "setup", arg), &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// setupRefused runs a setup action that the rules must refuse, and checks the message.
func setupRefused(t *testing.T, s *TableScene, arg map[string]any, want string) {
	t.Helper()
	rev := s.Doc().Rev()
	_, err := edCmd(t, s, "setup", arg)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%v: %v; want a refusal with %q", arg, err, want)
	}
	if s.Doc().Rev() != rev {
		t.Fatalf("%v was refused but changed the document", arg)
	}
}

// Default-table draft rows: Battle Lines, Recover the Supplies, and conditions to eliminate.
var setupRows = map[string]any{"action": "deal",
	"objectives":  []string{"recover-the-supplies", "breakthrough", "key-positions"},
	"deployments": []string{"battle-lines", "the-long-march", "disarray"},
	"conditions":  []string{"clear-conditions", "limited-visibility", "supply-drop"}}

// TestSetupWholeGame runs a whole setup on the default table through the setup command: colours
// and blue's edge; a competitive terrain turn refused within range 1, then taken as the fallback
// (RRG 2.0 L1711–1717); the draft with a pass and a refused last card (L849–857); Recover the
// Supplies' centre token placed by the card and 4 more by the players, an illegal one refused with
// its reason (L900–906); every unit deployed in turn in its zone, one outside refused
// (L2794–2831). Each step is one undoable edit.
func TestSetupWholeGame(t *testing.T) {
	s := measureScene(t)
	edMust(t, s, "tool", "setup")
	st := setupCmd(t, s, map[string]any{"action": "start"})
	if st.Phase != table.PhaseTerrain || strings.Join(st.Sides, ",") != "blue,red" {
		t.Fatalf("start: %+v", st)
	}
	setupRefused(t, s, map[string]any{"action": "next"}, "choose blue, red and blue's edge first")
	setupRefused(t, s, map[string]any{"action": "colours", "blue": "green"}, `no side "green"`)
	st = setupCmd(t, s, map[string]any{"action": "colours", "blue": "blue", "blueEdge": "north"})
	if st.Blue != "blue" || st.Red != "red" || st.BlueEdge != "north" {
		t.Fatalf("colours: %+v", st)
	}

	// A barricade at (36, 25.5): 1.5" from ruin-2's corner region — within range 1, touching nothing.
	setupRefused(t, s, map[string]any{"action": "terrain", "preset": "barricade", "x": 36, "y": 30}, "within range 1")
	st = setupCmd(t, s, map[string]any{"action": "terrain", "preset": "barricade", "x": 36, "y": 30, "fallback": true})
	f := s.Doc().File()
	if n := len(f.Setup.TerrainTurns); n != 1 || f.Setup.TerrainTurns[0].Colour != table.Blue || st.Turn != "red" {
		t.Fatalf("terrain turns %+v, next turn %q", f.Setup.TerrainTurns, st.Turn)
	}
	// Touching bldg-1 is refused even as the fallback.
	setupRefused(t, s, map[string]any{"action": "terrain", "preset": "barricade", "x": 17, "y": 22.4, "fallback": true}, "touches")
	setupCmd(t, s, map[string]any{"action": "next"})

	// The draft: blue passes, red and blue eliminate conditions, red may not take the last one.
	setupRefused(t, s, map[string]any{"action": "pass"}, "deal the cards first")
	setupCmd(t, s, setupRows)
	setupCmd(t, s, map[string]any{"action": "pass"})
	setupCmd(t, s, map[string]any{"action": "eliminate", "row": "condition"})
	st = setupCmd(t, s, map[string]any{"action": "eliminate", "row": "condition"})
	if st.Draft == nil || st.Draft.Player != "red" || strings.Join(st.Draft.Left[2], ",") != "supply-drop" {
		t.Fatalf("draft after 3 turns: %+v", st.Draft)
	}
	setupRefused(t, s, map[string]any{"action": "eliminate", "row": "condition"}, "last card supply-drop cannot be discarded")
	setupRefused(t, s, map[string]any{"action": "next"}, "the draft is not over")
	st = setupCmd(t, s, map[string]any{"action": "pass"})
	if !st.Draft.Done || strings.Join(st.Cards, ",") != "recover-the-supplies,battle-lines,supply-drop" {
		t.Fatalf("draft done %v, cards %v", st.Draft.Done, st.Cards)
	}
	// Battle Lines with blue's edge north: blue y ≥ 30, red y ≤ 6, full width; the cards' zone
	// maps are reconstructions (docs/decisions.md D11), so they are marked inferred.
	if len(st.Zones) != 2 || !st.Zones[0].Inferred || st.Zones[0].Colour != "blue" || st.Zones[0].Points[2] != [2]float64{0, 30} ||
		st.Zones[1].Colour != "red" || st.Zones[1].Points[0] != [2]float64{72, 6} {
		t.Fatalf("zones %+v", st.Zones)
	}
	st = setupCmd(t, s, map[string]any{"action": "next"})
	if st.Phase != table.PhaseTokens || len(s.Doc().File().Tokens) != 1 || st.Tokens.ToPlace != 4 || st.Turn != "blue" {
		t.Fatalf("tokens phase: %+v, tokens %+v", st.Tokens, s.Doc().File().Tokens)
	}
	if tk := s.Doc().File().Tokens[0]; tk.X != 36 || tk.Y != 18 || tk.Kind != "objective" {
		t.Errorf("the centre token: %+v", tk)
	}

	// (36, 8) is within range 1 of red's zone (y ≤ 6): refused with the card's reason.
	var chk ops.TokenCheck
	if err := json.Unmarshal(edMust(t, s, "setup", map[string]any{"action": "check", "x": 36, "y": 8}), &chk); err != nil {
		t.Fatal(err)
	}
	if chk.Legal || len(chk.Reasons) == 0 {
		t.Fatalf("check at (36, 8): %+v", chk)
	}
	setupRefused(t, s, map[string]any{"action": "placeToken", "x": 36, "y": 8}, "zone")
	for i, p := range [][2]float64{{24, 20}, {48, 16}, {62, 19}, {3, 22}} {
		edMust(t, s, "setup", map[string]any{"action": "placeToken", "x": p[0], "y": p[1]})
		if st = setupCmd(t, s, map[string]any{"action": "state"}); st.Tokens.Placed != i+1 {
			t.Fatalf("token %d at %v: placed %d", i+1, p, st.Tokens.Placed)
		}
	}
	if st.Turn != "" || len(s.Doc().File().Tokens) != 5 {
		t.Fatalf("after 4 tokens: turn %q, %d tokens", st.Turn, len(s.Doc().File().Tokens))
	}
	st = setupCmd(t, s, map[string]any{"action": "next"})

	// Deployment: blue first, alternately; the units stand in their zones already.
	if st.Phase != table.PhaseDeploy || st.Turn != "blue" || len(st.Waiting["blue"]) != 6 || len(st.Waiting["red"]) != 6 {
		t.Fatalf("deploy phase: %+v", st)
	}
	setupRefused(t, s, map[string]any{"action": "deploy", "unit": "red-storm-1"}, "it is Blue's turn")
	setupRefused(t, s, map[string]any{"action": "deploy", "unit": "blue-rebel-1", "dx": 0, "dy": -6}, "not wholly inside a blue zone")
	for len(st.Waiting["blue"])+len(st.Waiting["red"]) > 0 {
		id := st.Waiting[st.Turn][0]
		st = setupCmd(t, s, map[string]any{"action": "deploy", "unit": id})
	}
	st = setupCmd(t, s, map[string]any{"action": "next"})
	if st.Phase != table.PhaseDone || len(st.Missing) != 0 {
		t.Fatalf("done: phase %q, missing %v", st.Phase, st.Missing)
	}
	f = s.Doc().File()
	if len(f.Setup.Deployed) != 12 || f.Setup.Deployed[0][:4] != "blue" || f.Setup.Deployed[1][:3] != "red" {
		t.Errorf("deployed %v", f.Setup.Deployed)
	}

	// Every step was one edit: undo walks back through them to the table without a setup.
	for s.Doc().File().Setup != nil {
		if _, err := edCmd(t, s, "undo", nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(s.Doc().File().Tokens) != 0 || len(s.Doc().File().Terrain) != 17 {
		t.Errorf("after undoing the setup: %d tokens, %d pieces", len(s.Doc().File().Tokens), len(s.Doc().File().Terrain))
	}
}

// TestSetupSpecOpsMission: on the Spezialeinsätze table the second step is the mission, not the
// battle cards (SO L58–62); Disabled Vehicle's objective marker is put at the centre (SO L332–334)
// and the players place its 4 ambush points, each wholly on the table and overlapping no other
// marker (the map is not in the seeds).
func TestSetupSpecOpsMission(t *testing.T) {
	s := mapScene(t, "skirmish", maps.Skirmish())
	edMust(t, s, "tool", "setup")
	setupCmd(t, s, map[string]any{"action": "start"})
	setupCmd(t, s, map[string]any{"action": "colours", "blue": "blue"})
	st := setupCmd(t, s, map[string]any{"action": "next"}) // no blue edge in specops
	if st.Phase != table.PhaseDraft || len(st.Missions) != 4 {
		t.Fatalf("draft phase: %+v", st)
	}
	setupRefused(t, s, map[string]any{"action": "deal"}, "uses no battle cards")
	setupRefused(t, s, map[string]any{"action": "next"}, "choose the mission first")
	setupRefused(t, s, map[string]any{"action": "mission", "mission": "nope"}, `no mission "nope"`)
	setupCmd(t, s, map[string]any{"action": "mission", "mission": "disabled-vehicle"})
	before := len(s.Doc().File().Tokens) // the skirmish map has two objective tokens of its own
	st = setupCmd(t, s, map[string]any{"action": "next"})
	toks := s.Doc().File().Tokens
	if c := toks[len(toks)-1]; st.Phase != table.PhaseTokens || len(toks) != before+1 || c.X != 18 || c.Y != 18 || c.Kind != "objective" {
		t.Fatalf("tokens phase: %+v, tokens %+v", st.Tokens, toks)
	}
	if st.Tokens.Kind != "ambush" || st.Tokens.ToPlace != 4 {
		t.Fatalf("markers to place: %+v", st.Tokens)
	}
	setupRefused(t, s, map[string]any{"action": "placeToken", "x": 0.2, "y": 30}, "not wholly on the battlefield")
	for i, p := range [][2]float64{{3, 30}, {33, 30}, {3, 3}, {33, 3}} {
		edMust(t, s, "setup", map[string]any{"action": "placeToken", "x": p[0], "y": p[1]})
		if st = setupCmd(t, s, map[string]any{"action": "state"}); st.Tokens.Placed != i+1 {
			t.Fatalf("ambush point %d: %+v", i+1, st.Tokens)
		}
	}
	setupRefused(t, s, map[string]any{"action": "placeToken", "x": 10, "y": 30}, "no token is left to place")
	if st = setupCmd(t, s, map[string]any{"action": "next"}); st.Phase != table.PhaseDeploy || st.Turn != "blue" {
		t.Fatalf("deploy phase: %+v", st)
	}
}

// TestSetupKeyPositions: Key Positions' tokens go on terrain pieces (RRG 2.0 errata L12296–12307):
// the first on the piece closest to the centre (crater-1, centred on the centre), a click on a
// piece puts the token at the piece's centre; a piece within range 1 of a marked piece is refused
// while one beyond range 1 and outside the zones is accepted.
func TestSetupKeyPositions(t *testing.T) {
	s := measureScene(t)
	edMust(t, s, "tool", "setup")
	setupCmd(t, s, map[string]any{"action": "start"})
	setupCmd(t, s, map[string]any{"action": "colours", "blue": "blue", "blueEdge": "north"})
	setupCmd(t, s, map[string]any{"action": "next"})
	setupCmd(t, s, map[string]any{"action": "deal",
		"objectives":  []string{"key-positions", "breakthrough", "recover-the-supplies"},
		"deployments": []string{"battle-lines", "the-long-march", "disarray"},
		"conditions":  []string{"clear-conditions", "limited-visibility", "supply-drop"}})
	for range 4 {
		setupCmd(t, s, map[string]any{"action": "pass"})
	}
	st := setupCmd(t, s, map[string]any{"action": "next"})
	if st.Phase != table.PhaseTokens || st.Tokens.ToPlace != 3 || st.Turn != "" {
		t.Fatalf("tokens phase: %+v turn %q", st.Tokens, st.Turn)
	}
	setupRefused(t, s, map[string]any{"action": "placeToken", "x": 36, "y": 8}, "go on terrain pieces")
	setupRefused(t, s, map[string]any{"action": "placeToken", "x": 17, "y": 17}, "closest to the centre")
	edMust(t, s, "setup", map[string]any{"action": "placeToken", "x": 35, "y": 17})
	toks := s.Doc().File().Tokens
	if tk := toks[len(toks)-1]; tk.X != 36 || tk.Y != 18 {
		t.Fatalf("the first token is at (%v, %v), not crater-1's centre (36, 18)", tk.X, tk.Y)
	}
	if st = setupCmd(t, s, map[string]any{"action": "state"}); st.Turn != "blue" || st.Tokens.Placed != 1 {
		t.Fatalf("after the centre token: turn %q, %+v", st.Turn, st.Tokens)
	}
	// ruin-1 (x 25–34) is within range 1 of crater-1 (x 32.5–39.5); bldg-1 (x 12–22) is beyond it.
	setupRefused(t, s, map[string]any{"action": "placeToken", "x": 26, "y": 15}, "within range 1")
	edMust(t, s, "setup", map[string]any{"action": "placeToken", "x": 17, "y": 17})
	if st = setupCmd(t, s, map[string]any{"action": "state"}); st.Turn != "red" || st.Tokens.Placed != 2 {
		t.Fatalf("after blue's token: turn %q, %+v", st.Turn, st.Tokens)
	}
	// Red asserts the fallback (no piece beyond range 1 left): ruin-1, outside the zones, is allowed.
	edMust(t, s, "setup", map[string]any{"action": "placeToken", "x": 26, "y": 15, "fallback": true})
	if st = setupCmd(t, s, map[string]any{"action": "state"}); st.Tokens.Placed != 3 {
		t.Fatalf("the fallback token: %+v", st.Tokens)
	}
}

// TestRefusalsInGerman: in the German interface a refusal of the rules reads in German — the
// setup's terrain turn within range 1, a move off the table's edge — with its citation.
func TestRefusalsInGerman(t *testing.T) {
	if err := SetLanguage("de"); err != nil {
		t.Fatal(err)
	}
	defer SetLanguage("en")
	s := measureScene(t)
	edMust(t, s, "tool", "setup")
	setupCmd(t, s, map[string]any{"action": "start"})
	setupCmd(t, s, map[string]any{"action": "colours", "blue": "blue", "blueEdge": "north"})
	setupRefused(t, s, map[string]any{"action": "terrain", "preset": "barricade", "x": 36, "y": 30}, "innerhalb von Reichweite 1")
	if msg := s.Snapshot().Message; !strings.HasPrefix(msg, "abgelehnt: ") || !strings.Contains(msg, " (RRG L") {
		t.Errorf("message %q", msg)
	}
	edMust(t, s, "tool", "move")
	edMust(t, s, "moveSelect", "red-storm-2")
	edMust(t, s, "moveSet", map[string]any{"heading": 270})
	if _, err := edCmd(t, s, "moveCommit", nil); err == nil || !strings.Contains(err.Error(), "die Basis würde das Schlachtfeld verlassen") {
		t.Errorf("a move off the edge in German: %v", err)
	}
}

// TestSetupFallbackByTap: a touch screen has no Shift+click, so the page's "next placement: the
// fallback rule" button (setup action nextFallback) makes the next tap on the table a fallback
// placement: the barricade tapped within range 1 of ruin-2 is refused (RRG 2.0 L1711–1717),
// placed after the button, and the button is off again after that one tap.
func TestSetupFallbackByTap(t *testing.T) {
	s := measureScene(t)
	edMust(t, s, "tool", "setup")
	setupCmd(t, s, map[string]any{"action": "start"})
	setupCmd(t, s, map[string]any{"action": "colours", "blue": "blue", "blueEdge": "north"})
	st := setupCmd(t, s, map[string]any{"action": "arm", "preset": "barricade"})
	if !st.CanFallback || st.Fallback {
		t.Fatalf("armed: canFallback %v, fallback %v", st.CanFallback, st.Fallback)
	}
	x, y := s.Camera().WorldToScreen(36, 30)
	rev := s.Doc().Rev()
	measureClick(s, x, y)
	if s.Doc().Rev() != rev || !strings.Contains(s.Snapshot().Message, "within range 1") {
		t.Fatalf("a plain tap within range 1: rev %d → %d, message %q", rev, s.Doc().Rev(), s.Snapshot().Message)
	}
	if st = setupCmd(t, s, map[string]any{"action": "nextFallback", "fallback": true}); !st.Fallback {
		t.Fatal("nextFallback did not arm the fallback")
	}
	measureClick(s, x, y)
	f := s.Doc().File()
	if n := len(f.Setup.TerrainTurns); n != 1 || f.Setup.TerrainTurns[0].Colour != table.Blue {
		t.Fatalf("after the fallback tap: terrain turns %+v (message %q)", f.Setup.TerrainTurns, s.Snapshot().Message)
	}
	if st = setupCmd(t, s, map[string]any{"action": "state"}); st.Fallback {
		t.Error("the fallback stayed armed after its tap")
	}
}
