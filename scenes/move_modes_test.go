package scenes

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/internal/tabletest"
	"holotable/rules"
)

// conformanceDoc is a document of a public judge case's table (testdata/conformance).
func conformanceDoc(t *testing.T, name string) *Doc {
	t.Helper()
	b, err := tabletest.ConformanceTable(name)
	if err != nil {
		t.Fatal(err)
	}
	return docOf(t, b)
}

// sameAsJudge checks the tool's answer against the judge's maneuver answer field by field.
func sameAsJudge(t *testing.T, s *TableScene, want map[string]any, what string) {
	t.Helper()
	got := answerJSON(t, s)
	for _, k := range []string{"x", "y", "facing", "blocked", "blockedBy", "maxSpeed", "legal", "wounds"} {
		if !jsonEqual(got[k], want[k]) {
			t.Errorf("%s: %s = %v, the judge says %v", what, k, got[k], want[k])
		}
	}
}

// TestMoveModesHover: conformance case 30's landspeeder (Hover: Air 1, side notches) may make
// standard, reverse and strafe moves, not a compulsory one; every mode's answer is the judge's
// (sl1, sr2); a strafe left 2 then a strafe right 2 return it where it started (one op each,
// undone as such); a trooper unit has no modes.
func TestMoveModesHover(t *testing.T) {
	d := conformanceDoc(t, "30-maneuver-strafe-hover.json")
	s := moveScene(t, d)
	mustCommand(t, s, "moveSelect", "landspeeder")
	st := moveState(t, s)
	if want := []string{"standard", "reverse", "strafe-left", "strafe-right"}; !slices.Equal(st.Modes, want) || st.Mode != "standard" {
		t.Fatalf("modes %v (mode %s), want %v", st.Modes, st.Mode, want)
	}
	if _, err := command(t, s, "moveMode", "compulsory"); err == nil || !strings.Contains(err.Error(), "no compulsory move") {
		t.Errorf("a compulsory move of a hover unit: %v", err)
	}
	if _, err := command(t, s, "moveMode", "sideways"); err == nil || !strings.Contains(err.Error(), "sideways") {
		t.Errorf("an unknown mode: %v", err)
	}
	mustCommand(t, s, "moveMode", "strafe-left")
	mustCommand(t, s, "moveSpeed", 2)
	st = moveState(t, s)
	if st.Mode != "strafe-left" || st.Heading != 90 {
		t.Fatalf("strafe left: mode %s, tool heading %v (want 90: the left notch)", st.Mode, st.Heading)
	}
	sameAsJudge(t, s, judgeManeuver(t, d.World(), rules.ModeStrafeLeft, "ls-1", 2, 0, 1), "strafe left 2")
	mustCommand(t, s, "moveCommit", nil)
	if d.UndoLabel() != "landspeeder: strafe left" {
		t.Errorf("undo label %q", d.UndoLabel())
	}
	mustCommand(t, s, "moveMode", "strafe-right")
	mustCommand(t, s, "moveSpeed", 2)
	mustCommand(t, s, "moveCommit", nil)
	if m := d.File().UnitsOnTable[0].Minis[0]; math.Abs(m.X-20) > 1e-9 || math.Abs(m.Y-18) > 1e-9 || m.Facing != 0 {
		t.Errorf("strafe left 2, right 2: at (%v, %v) facing %v, want (20, 18) facing 0", m.X, m.Y, m.Facing)
	}
	// The judge's sr2: strafe right 1 bent 30 → blocked by the tall piece, facing 30.
	mustCommand(t, s, "moveMode", "strafe-right")
	mustCommand(t, s, "moveSpeed", 1)
	mustCommand(t, s, "moveSet", map[string]float64{"bend": 30})
	sameAsJudge(t, s, judgeManeuver(t, d.World(), rules.ModeStrafeRight, "ls-1", 1, 30, 1), "strafe right 1 bend 30")
	// A reverse: the tool in the rear notch.
	mustCommand(t, s, "moveMode", "reverse")
	if st := moveState(t, s); st.Heading != 180 || st.Bend != 0 {
		t.Errorf("reverse: tool heading %v bend %v, want 180, 0", st.Heading, st.Bend)
	}
	sameAsJudge(t, s, judgeManeuver(t, d.World(), rules.ModeReverse, "ls-1", 1, 0, 1), "reverse 1")
	// Keys: D strafes right, W back to standard.
	tick(s, Input{Keys: []ebiten.Key{ebiten.KeyD}})
	if st := moveState(t, s); st.Mode != "strafe-right" {
		t.Errorf("key D: mode %s", st.Mode)
	}
	tick(s, Input{Keys: []ebiten.Key{ebiten.KeyW}})
	if st := moveState(t, s); st.Mode != "standard" || st.Heading != 0 {
		t.Errorf("key W: mode %s heading %v", st.Mode, st.Heading)
	}
}

// TestMoveCompulsoryShort: conformance case 32's bike4 (Speeder 1, speed 3): the compulsory move's
// full end lies on the objective, so the ghost shows the farthest legal point (30, 13.7655) and 3
// wounds, as the judge answers (c6); one click on the ghost makes it — one op — and the message
// names the wounds.
func TestMoveCompulsoryShort(t *testing.T) {
	d := conformanceDoc(t, "32-maneuver-compulsory-speeder.json")
	s := moveScene(t, d)
	mustCommand(t, s, "moveSelect", "bike4")
	if st := moveState(t, s); !slices.Contains(st.Modes, "compulsory") || slices.Contains(st.Modes, "reverse") {
		t.Fatalf("bike modes %v", st.Modes)
	}
	mustCommand(t, s, "moveMode", "compulsory")
	st := moveState(t, s)
	if st.Speed != 3 || st.Answer == nil || st.Answer.Wounds == nil || *st.Answer.Wounds != 3 {
		t.Fatalf("compulsory: %+v", st)
	}
	sameAsJudge(t, s, judgeManeuver(t, d.World(), rules.ModeCompulsory, "b4-1", 0, 0, 0), "compulsory bike4")
	gx, gy := s.Camera().WorldToScreen(st.Answer.X, st.Answer.Y)
	rev := d.Rev()
	tick(s, Input{X: gx, Y: gy})
	tick(s, Input{X: gx, Y: gy, Left: true, LeftPressed: true, LeftReleased: true})
	if d.Rev() != rev+1 || d.UndoLabel() != "bike4: compulsory move" {
		t.Fatalf("one click on the ghost: rev %d → %d, %q", rev, d.Rev(), d.UndoLabel())
	}
	if m := d.File().UnitsOnTable[3].Minis[0]; math.Abs(m.X-30) > 1e-4 || math.Abs(m.Y-13.7655) > 1e-4 {
		t.Errorf("bike4 at (%v, %v), judge (30, 13.7655)", m.X, m.Y)
	}
	if m := s.Snapshot().Message; !strings.Contains(m, "3 wounds") {
		t.Errorf("message %q names no wounds", m)
	}
	// In German.
	SetLanguage("de")
	defer SetLanguage("en")
	mustCommand(t, s, "moveSelect", "bike1")
	mustCommand(t, s, "moveMode", "compulsory")
	if st := moveState(t, s); st.Answer == nil || !st.Answer.Legal {
		t.Fatalf("bike1: %+v", st)
	}
}

// TestMovePivotLimitAndReposition: the AT-ST (no Full Pivot) may not pivot more than 90° in one
// pivot: a knob drag to 135° is refused with the rules' reason and changes nothing; with Full
// Pivot it is made. With Reposition, moveTurn makes the pivot part of the move: one op, the end
// facing the rules' (a turn of 90 before a standard move: facing 90 + 90).
func TestMovePivotLimitAndReposition(t *testing.T) {
	d := newTestDoc(t)
	s := moveScene(t, d)
	cam := s.Camera()
	mustCommand(t, s, "moveSelect", "red-atst-1")
	r := 3.937 / 2
	kx, ky := cam.WorldToScreen(36, 3.5+r)
	tx, ty := cam.WorldToScreen(36-2, 3.5-2) // south-west: 225°, a turn of 135°
	rev := d.Rev()
	dragPx(s, kx, ky, tx, ty)
	if d.Rev() != rev || !strings.Contains(s.Snapshot().Message, "more than one pivot") {
		t.Fatalf("a 135° pivot: rev %d → %d, message %q", rev, d.Rev(), s.Snapshot().Message)
	}
	mustCommand(t, s, "unitKeywords", map[string]any{"unit": "red-atst-1", "fullPivot": true})
	rev = d.Rev()
	dragPx(s, kx, ky, tx, ty)
	if d.Rev() != rev+1 || d.UndoLabel() != "pivot red-atst-1" {
		t.Fatalf("a 135° Full Pivot: rev %d → %d, %q", rev, d.Rev(), d.UndoLabel())
	}
	mustCommand(t, s, "undo", nil)
	mustCommand(t, s, "unitKeywords", map[string]any{"unit": "red-atst-1", "reposition": true})
	mustCommand(t, s, "moveSelect", "red-atst-1")
	mustCommand(t, s, "moveSpeed", 1)
	mustCommand(t, s, "moveTurn", map[string]any{"turn": 90})
	st := moveState(t, s)
	if st.Turn == nil || *st.Turn != 90 || st.Heading != 180 || st.Answer == nil || st.Answer.Facing == nil || *st.Answer.Facing != 180 {
		t.Fatalf("Reposition before: %+v", st)
	}
	rev = d.Rev()
	mustCommand(t, s, "moveCommit", nil)
	if d.Rev() != rev+1 || d.File().UnitsOnTable[4].Minis[0].Facing != 180 {
		t.Errorf("Reposition: rev %d → %d, facing %v", rev, d.Rev(), d.File().UnitsOnTable[4].Minis[0].Facing)
	}
	mustCommand(t, s, "moveSelect", "red-storm-1")
	if _, err := command(t, s, "moveTurn", map[string]any{"turn": 10}); err == nil {
		t.Error("a trooper unit took Reposition's pivot")
	}
}

// TestMoveModesInPageDock: with the page's dock the canvas shows no mode buttons (the page's move
// panel has them: on a phone the canvas row stood over the turned table's top), while the state
// still lists the modes; without the page the canvas row is there. Reposition is in the state
// for the page's before/after button, and moveTurn with no pivot switches before and after as
// key T does.
func TestMoveModesInPageDock(t *testing.T) {
	d := conformanceDoc(t, "30-maneuver-strafe-hover.json")
	s := moveScene(t, d)
	mustCommand(t, s, "moveSelect", "landspeeder")
	tool := toolOf[*moveTool](s, "move")
	if bs, _ := tool.modeButtons(s); len(bs) != 4 {
		t.Fatalf("without the page: %d mode buttons, want 4", len(bs))
	}
	mustCommand(t, s, "reserve", map[string]any{"top": 30, "bottom": 34, "dock": 112})
	tick(s, Input{Screen: Screen{W: 390, H: 844, Scale: 1}, ScreenChanged: true})
	if bs, _ := tool.modeButtons(s); len(bs) != 0 {
		t.Errorf("with the page's dock: %d mode buttons on the canvas", len(bs))
	}
	if st := moveState(t, s); len(st.Modes) != 4 || st.Reposition {
		t.Errorf("with the page's dock: modes %v, reposition %v", st.Modes, st.Reposition)
	}

	d2 := newTestDoc(t)
	s2 := moveScene(t, d2)
	mustCommand(t, s2, "unitKeywords", map[string]any{"unit": "red-atst-1", "reposition": true})
	mustCommand(t, s2, "moveSelect", "red-atst-1")
	if st := moveState(t, s2); !st.Reposition || st.After || st.Turn != nil {
		t.Fatalf("the AT-ST with Reposition: reposition %v, after %v, turn %v", st.Reposition, st.After, st.Turn)
	}
	mustCommand(t, s2, "moveTurn", map[string]any{"turn": nil, "after": true})
	if st := moveState(t, s2); !st.After || st.Turn != nil {
		t.Errorf("switched to after: after %v, turn %v", st.After, st.Turn)
	}
	mustCommand(t, s2, "moveSelect", "red-storm-1")
	if st := moveState(t, s2); st.Reposition {
		t.Error("a trooper unit offers Reposition")
	}
}
