package scenes

import (
	"errors"
	"math"
	"slices"

	"github.com/golang/geo/r2"
	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
	"holotable/render"
	"holotable/rules"
)

// The move tool's modes (issue 14; spec scenario-v1 v1.1 "The maneuver query"; rules-legion.md
// §5): a unit on notched bases makes a standard move, and — when the rules let it — a reverse
// (ground vehicles, creatures, emplacements, Hover), a strafe left or right (Hover with side
// notches) or its compulsory move (Speeder X). The tool shows a row of mode buttons under the
// heads-up panel, one for each mode the unit may make (rules.Unit.MayReverse, MayStrafe,
// HasCompulsoryMove), with keys W (standard), S (reverse), A (strafe left), D (strafe right) and C
// (compulsory). The tool lies in the notch of the mode (rules.ManeuverMode.ToolHeading): the front
// notch, the rear one, or a side notch; its far end bends it (rules.World.AimBend), and the ghost
// shows where the base ends and, with a tick, which way it faces (the rules' answer). A compulsory
// move is full and made at the unit's speed: its ghost shows the end — backed off to the
// farthest legal point when the full move is not legal, with the wounds that deals — and one click
// on it (or Enter) makes it. With Reposition a pivot drag before the move is the move's own pivot
// (made before it, or after it: key T or the button), and the move and its pivot are one op.
// Every move is one unit.maneuver op (ops/unit_maneuver.go).
//
// Commands: moveMode (a mode word: "standard", "reverse", "strafe-left", "strafe-right",
// "compulsory"), moveTurn ({turn, after}: Reposition's pivot; {turn: null} drops it).

// modeKeys are the keys of the modes, in rules' order.
var modeKeys = [...]ebiten.Key{ebiten.KeyW, ebiten.KeyS, ebiten.KeyA, ebiten.KeyD, ebiten.KeyC}

// modeLabels are the mode buttons' words (with their keys), modeNames the modes' names.
var (
	modeLabels = [...]string{"move.mode.standard", "move.mode.reverse", "move.mode.strafeLeft", "move.mode.strafeRight", "move.mode.compulsory"}
	modeNames  = [...]string{"move.name.standard", "move.name.reverse", "move.name.strafeLeft", "move.name.strafeRight", "move.name.compulsory"}
)

func init() {
	RegisterCommand("moveMode", func(s *TableScene, arg jsonRaw) (any, error) {
		var word string
		if err := argInto(arg, &word); err != nil {
			return nil, err
		}
		m, ok := rules.ParseManeuverMode(word)
		if !ok {
			return nil, errors.New(T("move.noMode", word))
		}
		t, err := moveToolOf(s)
		if err != nil {
			return nil, err
		}
		if err := t.setMode(s, m); err != nil {
			return nil, err
		}
		return t.State(s), nil
	})
	RegisterCommand("moveTurn", func(s *TableScene, arg jsonRaw) (any, error) {
		var v struct {
			Turn  *float64
			After bool
		}
		if err := argInto(arg, &v); err != nil {
			return nil, err
		}
		t, err := moveToolOf(s)
		if err != nil {
			return nil, err
		}
		if err := t.setTurn(s, v.Turn, v.After); err != nil {
			return nil, err
		}
		return t.State(s), nil
	})
	RegisterStrings(map[string][2]string{
		"move.mode.standard":        {"Standard (W)", "Standard (W)"},
		"move.mode.reverse":         {"Reverse (S)", "Rückwärts (S)"},
		"move.mode.strafeLeft":      {"Strafe left (A)", "Seitwärts links (A)"},
		"move.mode.strafeRight":     {"Strafe right (D)", "Seitwärts rechts (D)"},
		"move.mode.compulsory":      {"Compulsory (C)", "Zwangsbewegung (C)"},
		"move.name.standard":        {"standard move", "Standardbewegung"},
		"move.name.reverse":         {"reverse", "Rückwärtsbewegung"},
		"move.name.strafeLeft":      {"strafe left", "Seitwärtsbewegung links"},
		"move.name.strafeRight":     {"strafe right", "Seitwärtsbewegung rechts"},
		"move.name.compulsory":      {"compulsory move", "Zwangsbewegung"},
		"move.reposition":           {"Reposition: pivot %s (T)", "Neupositionieren: Drehung %s (T)"},
		"move.repBefore":            {"before", "davor"},
		"move.repAfter":             {"after", "danach"},
		"move.noMode":               {"no move mode %q (standard, reverse, strafe-left, strafe-right, compulsory)", "keine Bewegungsart %q (standard, reverse, strafe-left, strafe-right, compulsory)"},
		"move.modeNotAllowed":       {"%s may not make that move: %s", "%s darf diese Bewegung nicht machen: %s"},
		"move.roundModes":           {"%s stands on round bases: standard moves only", "%s steht auf runden Basen: nur Standardbewegungen"},
		"move.noReposition":         {"%s has no Reposition", "%s hat kein Neupositionieren"},
		"move.head.mode":            {"%s · %s · facing %s° → %s°", "%s · %s · Ausrichtung %s° → %s°"},
		"move.compulsoryHead.touch": {"Compulsory move of %s · speed %d · bend %s° · tap the ghost: move", "Zwangsbewegung von %s · Geschwindigkeit %d · Knick %s° · Geist antippen: bewegen"},
		"move.compulsoryHead":       {"Compulsory move of %s · speed %d · bend %s° · click the ghost or Enter: move · Esc: put away", "Zwangsbewegung von %s · Geschwindigkeit %d · Knick %s° · Geist anklicken oder Enter: bewegen · Esc: weglegen"},
		"move.short":                {"the full move is not legal: it ends short and %s suffers %d wounds", "die volle Bewegung ist nicht zulässig: sie endet früher und %s erleidet %d Wunden"},
		"move.doneWounds":           {"moved %s (compulsory move ended short): %s suffers %d wounds", "%s bewegt (Zwangsbewegung endete früher): %s erleidet %d Wunden"},
		"move.toolNotched":          {"heading %s° · bend %s° · %s of the tool · drag the far end or the ghost; the knob on the base pivots", "Richtung %s° · Knick %s° · %s des Werkzeugs · Ende oder Geist ziehen; der Knopf an der Basis dreht"},
		"move.maxSpeedMode":         {"max speed %d → %d (%s)", "Höchstgeschwindigkeit %d → %d (%s)"},
		"move.turn":                 {"Reposition: pivot %+.0f° %s the move", "Neupositionieren: Drehung %+.0f° %s der Bewegung"},
		"move.pivotRefused":         {"pivot not made: %s", "Drehung nicht ausgeführt: %s"},
	})
}

// modeNames are the mode words in rules' order (for the tool's state).
func modeWords(ms []rules.ManeuverMode) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// modes are the modes the unit being moved may make (rules' answer), standard first; nil when no
// unit is picked or it stands on round bases.
func (t *moveTool) modes(c Context) []rules.ManeuverMode {
	if t.unit == "" {
		return nil
	}
	u, err := c.World().Unit(t.unit)
	if err != nil || !u.Notched() {
		return nil
	}
	out := []rules.ManeuverMode{rules.ModeStandard}
	if u.MayReverse() {
		out = append(out, rules.ModeReverse)
	}
	if u.MayStrafe() {
		out = append(out, rules.ModeStrafeLeft, rules.ModeStrafeRight)
	}
	if u.HasCompulsoryMove() {
		out = append(out, rules.ModeCompulsory)
	}
	return out
}

// maneuvering reports whether the unit moves by maneuvers (notched bases): its moves are
// unit.maneuver ops in the tool's mode.
func (t *moveTool) maneuvering(c Context) bool {
	if t.unit == "" {
		return false
	}
	u, err := c.World().Unit(t.unit)
	return err == nil && u.Notched()
}

// setMode puts the tool in mode m, when the unit may make it.
func (t *moveTool) setMode(c Context, m rules.ManeuverMode) error {
	if t.unit == "" {
		return errors.New(T("move.noUnit"))
	}
	if m != rules.ModeStandard && !t.maneuvering(c) {
		return errors.New(T("move.roundModes", t.unit))
	}
	if m != rules.ModeStandard && !slices.Contains(t.modes(c), m) {
		q := (&ops.UnitManeuver{Unit: t.unit, Mode: m, Speed: 1}).Query(t.leader)
		if m == rules.ModeCompulsory {
			q.Speed, q.HasSpeed = 0, false
		}
		_, err := c.World().Maneuver(q)
		why := ""
		if err != nil {
			why = reasonsText([]rules.Reason{{Rule: "maneuver.query", Text: err.Error()}}) // German by the rules' patterns
		}
		return errors.New(T("move.modeNotAllowed", t.unit, why))
	}
	t.mode, t.placed = m, true
	t.bend = 0
	if m == rules.ModeCompulsory {
		t.fraction = 1
	}
	if m != rules.ModeStandard {
		t.turn = nil
	}
	return nil
}

// setTurn sets (or with nil drops) Reposition's pivot of the next standard move.
func (t *moveTool) setTurn(c Context, turn *float64, after bool) error {
	if t.unit == "" {
		return errors.New(T("move.noUnit"))
	}
	if turn == nil {
		t.turn, t.after = nil, after
		return nil
	}
	u, err := c.World().Unit(t.unit)
	if err != nil {
		return err
	}
	if !u.Keywords.Reposition || !u.Notched() {
		return errors.New(T("move.noReposition", t.unit))
	}
	v := *turn
	t.turn, t.after, t.mode, t.placed = &v, after, rules.ModeStandard, true
	return nil
}

// hasReposition reports whether the unit being moved pivots with Reposition.
func (t *moveTool) hasReposition(c Context) bool {
	if !t.maneuvering(c) {
		return false
	}
	u, err := c.World().Unit(t.unit)
	return err == nil && u.Keywords.Reposition
}

// modeButtons are the mode buttons of the unit being moved (none for round bases), laid out at the
// tool's panel top; the y below them. With the page's dock there are none on the canvas: the
// page's move panel has the modes and Reposition's toggle (web/ui.js moveModeNodes; state modes,
// reposition), and on a phone the canvas buttons stood over the turned table's top.
func (t *moveTool) modeButtons(c Context) ([]paletteButton, float64) {
	ms := t.modes(c)
	top := c.PanelTop()
	if len(ms) == 0 || docked(c) {
		return nil, top
	}
	specs := make([]buttonSpec, 0, len(ms)+1)
	for _, m := range ms {
		m := m
		specs = append(specs, buttonSpec{text: T(modeLabels[m]), active: t.mode == m, do: func(c Context) {
			if err := t.setMode(c, m); err != nil {
				c.SetMessage(err.Error())
			}
		}})
	}
	if t.hasReposition(c) {
		when := T("move.repBefore")
		if t.after {
			when = T("move.repAfter")
		}
		specs = append(specs, buttonSpec{text: T("move.reposition", when), gap: true, active: t.turn != nil,
			do: func(c Context) { t.after = !t.after }})
	}
	return flowButtons(c, specs, top)
}

// modeKeysPressed switches the mode by its key (and T: Reposition's pivot before or after).
func (t *moveTool) modeKeysPressed(c Context, in *Input) {
	if in.Ctrl || !t.maneuvering(c) {
		return
	}
	for m, k := range modeKeys {
		if in.KeyPressed(k) {
			if err := t.setMode(c, rules.ManeuverMode(m)); err != nil {
				c.SetMessage(err.Error())
			}
		}
	}
	if in.KeyPressed(ebiten.KeyT) && t.hasReposition(c) {
		t.after = !t.after
	}
}

// drawFacingTick marks which way a notched base at c (radius r) faces: a line from its centre to
// its edge along facing (degrees).
func drawFacingTick(screen *ebiten.Image, cam Camera, c r2.Point, r, facing, lw float64) {
	x0, y0 := cam.WorldToScreen(c.X, c.Y)
	d := facing * math.Pi / 180
	x1, y1 := cam.WorldToScreen(c.X+r*math.Cos(d), c.Y+r*math.Sin(d))
	render.Tick(screen, float32(x0), float32(y0), float32(x1), float32(y1), float32(2.5*lw))
}
