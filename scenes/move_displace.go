package scenes

import (
	"errors"
	"math"
	"strings"

	"github.com/golang/geo/r2"
	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
	"holotable/render"
	"holotable/rules"
)

// Displacement in the move tool (issue 14; RRG 2.0 Verdrängung L11342–11420): a ground vehicle's
// or creature's move — and a repulsor's compulsory move — is asked as rules.World.DisplacingMove,
// so the troopers it may displace do not stop it; the tool marks them. Its commit sets them aside
// and the other player re-places them: one mini after the other (a displaced leader first), the
// legal spots the rules list (World.ReplaceSpots) drawn as small green discs, a click on one (or
// the command moveReplace {x, y}) puts the mini there. When every displaced mini has a place, the
// move and the re-placing are one unit.displace op; Escape drops the re-placing and changes
// nothing.
//
// State: toolState.displace = {minis, places: [{mini, x, y}], next, spots: [[x, y]…]} while
// re-placing (null otherwise); toolState.displaced: what the move as the tool lies displaces.

// displacePhase is a displacing move waiting for its displaced minis' places.
type displacePhase struct {
	op     *ops.UnitDisplace
	d      rules.Displacement
	after  *rules.World // the table after the move, the displaced minis where they stood
	placed map[string]r2.Point
	spots  []r2.Point // for the next mini
}

// DisplaceState is the re-placing in the tool's state.
type DisplaceState struct {
	Minis  []string             `json:"minis"`
	Places []ops.DisplacedPlace `json:"places"`
	Next   string               `json:"next"`
	Spots  [][2]float64         `json:"spots"`
}

func init() {
	RegisterCommand("moveReplace", func(s *TableScene, arg jsonRaw) (any, error) {
		var v struct{ X, Y float64 }
		if err := argInto(arg, &v); err != nil {
			return nil, err
		}
		t, err := moveToolOf(s)
		if err != nil {
			return nil, err
		}
		if err := t.replace(s, r2.Point{X: v.X, Y: v.Y}); err != nil {
			return nil, err
		}
		return t.State(s), nil
	})
	RegisterStrings(map[string][2]string{
		"move.displaces":         {"displaces %s (set aside; the other player re-places them; 1 suppression each for %s)", "verdrängt %s (beiseitegestellt; der andere Spieler stellt sie wieder auf; je 1 Niederhaltung für %s)"},
		"move.replaceNext.touch": {"other player: tap a green spot to re-place %s (%d of %d) · Cancel: cancel the move", "anderer Spieler: grünen Platz antippen, um %s wieder aufzustellen (%d von %d) · Abbrechen: Bewegung abbrechen"},
		"move.replaceNext":       {"other player: click a green spot to re-place %s (%d of %d) · Esc: cancel the move", "anderer Spieler: grünen Platz anklicken, um %s wieder aufzustellen (%d von %d) · Esc: Bewegung abbrechen"},
		"move.replaceNone":       {"no legal spot found for %s: place it with moveReplace", "kein zulässiger Platz für %s gefunden: mit moveReplace platzieren"},
		"move.displaced":         {"moved %s; re-placed %s; 1 suppression each for %s", "%s bewegt; %s wieder aufgestellt; je 1 Niederhaltung für %s"},
		"move.noReplace":         {"nothing is being re-placed", "nichts wird wieder aufgestellt"},
		"move.replaceBad":        {"%s cannot go there: %s", "%s kann dort nicht stehen: %s"},
	})
}

// displacing reports whether the unit's move in the tool's mode displaces troopers (and so is
// asked as a displacing move); never with Reposition's pivot.
func (t *moveTool) displacing(c Context) bool {
	if !t.maneuvering(c) || t.turn != nil {
		return false
	}
	u, err := c.World().Unit(t.unit)
	return err == nil && u.Displaces(t.mode)
}

// displaceOp is the unit.displace op of the tool's move, without places.
func (t *moveTool) displaceOp() *ops.UnitDisplace {
	m := t.op()
	return &ops.UnitDisplace{Unit: m.Unit, Mode: m.Mode, Speed: m.Speed, Bend: m.Bend, Fraction: m.Fraction}
}

// askDisplacing answers the tool's move as a displacing move into t.man and t.disp.
func (t *moveTool) askDisplacing(w *rules.World) error {
	mv, d, err := t.displaceOp().Answer(w, t.leader)
	if err != nil {
		return err
	}
	t.man = ops.ManeuverResult{Move: mv, X: mv.X, Y: mv.Y, Facing: mv.Facing, Legal: mv.Legal,
		Illegal: ops.IllegalReasons(mv.MoveAnswer), Reasons: mv.Reasons}
	t.disp = d
	return nil
}

// startReplace begins the re-placing after a displacing move's commit; false when the move
// displaces nobody (it is then an ordinary maneuver).
func (t *moveTool) startReplace(c Context) bool {
	if !t.displacing(c) || len(t.disp.Minis) == 0 {
		return false
	}
	w := c.World()
	u, _ := w.Unit(t.unit)
	mv := t.man.Move
	after := w.With(map[string]rules.MiniPlace{t.leader: {X: mv.X, Y: mv.Y, Z: u.Leader.Z, Facing: mv.Facing}})
	ph := &displacePhase{op: t.displaceOp(), d: t.disp, after: after, placed: map[string]r2.Point{}}
	// Leaders first (a displaced unit's others are placed in cohesion with theirs).
	order := make([]string, 0, len(t.disp.Minis))
	for _, id := range t.disp.Minis {
		if _, leader := t.disp.Marks[id]; leader {
			order = append(order, id)
		}
	}
	for _, id := range t.disp.Minis {
		if _, leader := t.disp.Marks[id]; !leader {
			order = append(order, id)
		}
	}
	for _, id := range order {
		ph.op.Places = append(ph.op.Places, ops.DisplacedPlace{Mini: id})
	}
	ph.op.Places = ph.op.Places[:0:len(order)]
	t.phase, t.replaceOrder = ph, order
	t.nextSpots(c)
	return true
}

// nextSpots lists the legal spots of the next mini to re-place.
func (t *moveTool) nextSpots(c Context) {
	ph := t.phase
	n := len(ph.op.Places)
	if n >= len(t.replaceOrder) {
		ph.spots = nil
		return
	}
	next := t.replaceOrder[n]
	ph.spots, _ = ph.after.ReplaceSpots(ph.d, next, ph.placed)
	if len(ph.spots) == 0 {
		c.SetMessage(T("move.replaceNone", next))
		return
	}
	c.SetMessage(TFor(c.Fingers(), "move.replaceNext", next, n+1, len(t.replaceOrder)))
}

// replace puts the next displaced mini at p (checked by the rules); the last one makes the op.
func (t *moveTool) replace(c Context, p r2.Point) error {
	ph := t.phase
	if ph == nil {
		return errors.New(T("move.noReplace"))
	}
	next := t.replaceOrder[len(ph.op.Places)]
	a, err := ph.after.ReplaceSpot(ph.d, next, p, ph.placed)
	if err != nil {
		return err
	}
	if !a.Legal {
		return errors.New(T("move.replaceBad", next, reasonsText(a.Reasons)))
	}
	ph.placed[next] = p
	ph.op.Places = append(ph.op.Places, ops.DisplacedPlace{Mini: next, X: p.X, Y: p.Y})
	if len(ph.op.Places) < len(t.replaceOrder) {
		t.nextSpots(c)
		return nil
	}
	t.phase = nil
	if err := c.Submit(ph.op); err != nil {
		return errors.New(T("move.refused", errText(err)))
	}
	t.placed, t.fraction, t.bend = false, 1, 0
	c.SetMessage(T("move.displaced", t.unit, strings.Join(t.replaceOrder, ", "), strings.Join(ph.d.Units, ", ")))
	return nil
}

// updateReplace handles the input while re-placing: a click on (or near) a spot puts the next
// mini there; Escape drops the re-placing. It reports whether the tool used the input.
func (t *moveTool) updateReplace(c Context, in *Input) bool {
	if t.phase == nil {
		return false
	}
	if in.Escape {
		t.phase = nil
		c.SetMessage("")
		return true
	}
	if !in.LeftPressed {
		return true
	}
	cam := c.Camera()
	best, bestD := r2.Point{}, math.Inf(1)
	for _, p := range t.phase.spots {
		x, y := cam.WorldToScreen(p.X, p.Y)
		if d := math.Hypot(in.X-x, in.Y-y); d < bestD {
			best, bestD = p, d
		}
	}
	if bestD > grabPx*c.Scale() {
		return true
	}
	if err := t.replace(c, best); err != nil {
		c.SetMessage(err.Error())
	}
	return true
}

// drawReplace draws the spots of the next mini and the displaced minis' old places.
func (t *moveTool) drawReplace(c Context, screen *ebiten.Image, lw float32) {
	cam := c.Camera()
	var ds, old []render.Disc
	if ph := t.phase; ph != nil {
		for _, p := range ph.spots {
			x, y := cam.WorldToScreen(p.X, p.Y)
			ds = append(ds, render.Disc{X: float32(x), Y: float32(y), R: float32(3 * c.Scale())})
		}
		render.Ghosts(screen, ds, render.LegalColor, lw)
	}
	d := t.disp
	if t.phase != nil {
		d = t.phase.d
	}
	for _, id := range d.Minis {
		if m, err := c.World().Mini(id); err == nil {
			x, y := cam.WorldToScreen(m.X, m.Y)
			old = append(old, render.Disc{X: float32(x), Y: float32(y), R: float32(cam.Length(m.Radius()))})
		}
	}
	render.Rings(screen, old, render.DifficultMark, 2*lw)
}

// displaceState is the re-placing in the tool's state (nil when none).
func (t *moveTool) displaceState() *DisplaceState {
	ph := t.phase
	if ph == nil {
		return nil
	}
	st := &DisplaceState{Minis: t.replaceOrder, Places: append([]ops.DisplacedPlace{}, ph.op.Places...), Spots: [][2]float64{}}
	if n := len(ph.op.Places); n < len(t.replaceOrder) {
		st.Next = t.replaceOrder[n]
	}
	for _, p := range ph.spots {
		st.Spots = append(st.Spots, [2]float64{p.X, p.Y})
	}
	return st
}
