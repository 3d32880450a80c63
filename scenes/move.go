package scenes

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/golang/geo/r2"
	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
	"holotable/render"
	"holotable/rules"
	"holotable/table"
)

// The move tool: a standard move of a unit with the two-half movement tool (spec scenario-v1
// "Movement" and "Cohesion"; rules-legion.md §5.2, §5.10, §5.7).
//
// Click any base to pick its unit; its leader moves. The tool lies against the leader's base
// along the heading (at first the leader's facing), drawn as a translucent band rangeSegment/12
// wide (0.5" on a 6" ruler; rules.ToolShape.Width). Handles: the far end (drag: heading and bend,
// the bend limited to ±maxBend), the joint (drag: heading), the ghost base where the move ends
// (drag it along the path: the fraction of a partial move), and on notched bases a knob on the
// base edge in the facing direction (drag: pivot; the turn is shown, and marked when it is more
// than one pivot's 90°). Keys 1, 2, 3 pick the speed (at first the unit's speed from the file,
// lowered to rules' max speed when difficult terrain under the unit lowers it at the start);
// Enter, or a double-click on the ghost, commits a legal move: one op (unit.move) moves the leader
// and places the other minis with rules.PlaceFollowers. Escape puts the tool away. After a move
// the unit's other minis can be dragged into place (one minis.move op each; a pivot is one
// unit.pivot op); minis out of cohesion get a red ring while the tool is out.
//
// Every answer drawn — where the move ends, what stopped it, whether it is legal, what difficult
// terrain lowered the speed, where the followers go, who is out of cohesion — comes from package
// rules; the tool only maps it to the screen.
//
// Commands: moveSelect (a mini or unit id), moveSpeed (1–3), moveSet ({heading, bend, fraction},
// degrees and 0–1, each optional), moveCommit, moveCancel. Each returns the tool state below.
//
// toolState (names stable):
//
//	unit, leader     the picked unit and its leader ("" when none)
//	speed            the tool's speed; unitSpeed: the unit's speed in the file
//	placed           the tool is out (false after a commit or before a pick)
//	heading, bend    degrees; fraction: 0–1
//	answer           rules.Move for that query, exactly as cmd/tablecheck prints a move query:
//	                 {x, y, blocked, blockedBy (id or null), maxSpeed, legal}, plus difficult
//	                 (ids that lowered the max speed); null when no tool is out
//	error            why the query has no answer ("" when it has one)
//	followers        [{id, x, y, ok}]: with the tool out and the move legal, where a commit puts
//	                 the other minis (ok false: no legal spot in cohesion found, they stay put);
//	                 otherwise where they stand, ok = in cohesion
//	out              rules.Cohesion's out for the unit as it stands (sorted ids)
//	facing, notched  the leader's facing and whether its base is notched (pivots)
type moveTool struct {
	// pageLines are the tool's lines as last drawn, for the page's panel where the canvas does
	// not show them (a phone: narrowDocked).
	pageLines               []string
	unit, leader            string
	speed                   int
	heading, bend, fraction float64
	placed                  bool
	// A notched unit's maneuver (move_modes.go): the mode, and Reposition's pivot (nil: none)
	// before the move or after it.
	mode  rules.ManeuverMode
	turn  *float64
	after bool

	// The answers for the query and document revision they were asked for.
	key     moveKey
	ans     rules.MoveAnswer
	man     ops.ManeuverResult // a notched unit's maneuver answer (ans is its move)
	melee   meleeCache         // the enemy unit the tool reaches (move_melee.go)
	climbs  climbCache         // the climbs the leader may make (move_climb.go)
	embarks embarkCache        // the transports the speed-1 move reaches (move_transport.go)
	// The disembark preview (move_disembark.go): the pointer's table point and the plan for it.
	aim     r2.Point
	aimed   bool
	disPrev disembarkPreview
	disUnit string // the carried unit chosen to disembark ("" or not carried: the first)
	// Displacement (move_displace.go): what the move as it lies displaces, and the re-placing
	// after its commit (nil when none) in the order its minis are placed.
	disp         rules.Displacement
	phase        *displacePhase
	replaceOrder []string
	ask          rules.Answer
	shape        rules.ToolShape
	ansErr       error
	// Where a commit would put the followers (for key; asked lazily, not while dragging).
	followKey moveKey
	follow    []rules.Placement
	// Cohesion of the unit as shown (for viewKey).
	outKey viewRevKey
	out    []string

	drag      moveDrag
	hot       moveHandle    // the handle under the pointer
	lastPress time.Duration // when the last left press was, for double-clicks
	lastX     float64
	lastY     float64
}

type moveKey struct {
	rev     int
	q       rules.MoveQuery
	mode    rules.ManeuverMode
	turn    float64
	hasTurn bool
	after   bool
}

type viewRevKey struct {
	rev  int
	view int
}

// moveHandle is what the move tool's pointer holds: one of the tool's handles, or a follower.
type moveHandle int

// The move tool's handles.
const (
	handleNone     moveHandle = iota
	handleEnd                 // the tool's far end: the bend
	handleJoint               // its joint: heading
	handleGhost               // the ghost base: how far along the path
	handlePivot               // the pivot knob of a notched leader: its facing
	handleFollower            // a follower, dragged into place
)

var moveHandleNames = [...]string{"none", "end", "joint", "ghost", "pivot", "follower"}

// String names the handle ("end", "joint", …).
func (h moveHandle) String() string { return moveHandleNames[h] }

type moveDrag struct {
	kind   moveHandle
	id     string   // the follower being dragged
	offset r2.Point // handle position minus the pointer's table position at the press
	moved  float64  // pointer travel in pixels
	lastX  float64  // pointer at the last tick
	lastY  float64  //
	op     ops.Op   // the op a follower or pivot drag makes so far (shown as a preview)
	facing float64  // pivot: the facing being shown
	either bool     // a far-end press within the ghost's reach too: the drag's way decides (move_bend.go)
	press  r2.Point // the pointer's table position at the press
}

const (
	handlePx = 6  // CSS px: a handle's drawn radius
	grabPx   = 11 // CSS px: how near a press must be to take a handle
)

func init() {
	RegisterTool("move", func() Tool { return &moveTool{fraction: 1} })
	RegisterCommand("moveSelect", func(s *TableScene, arg jsonRaw) (any, error) {
		var id string
		if err := argInto(arg, &id); err != nil {
			return nil, err
		}
		t, err := moveToolOf(s)
		if err != nil {
			return nil, err
		}
		if err := t.pick(s, id); err != nil {
			return nil, err
		}
		return t.State(s), nil
	})
	RegisterCommand("moveSpeed", func(s *TableScene, arg jsonRaw) (any, error) {
		var v int
		if err := argInto(arg, &v); err != nil {
			return nil, err
		}
		t, err := moveToolOf(s)
		if err != nil {
			return nil, err
		}
		if err := t.setSpeed(v); err != nil {
			return nil, err
		}
		return t.State(s), nil
	})
	RegisterCommand("moveSet", func(s *TableScene, arg jsonRaw) (any, error) {
		var v struct{ Heading, Bend, Fraction *float64 }
		if err := argInto(arg, &v); err != nil {
			return nil, err
		}
		t, err := moveToolOf(s)
		if err != nil {
			return nil, err
		}
		if t.unit == "" {
			return nil, errors.New(T("move.noUnit"))
		}
		q := t.query()
		if v.Heading != nil {
			q.Heading = *v.Heading
		}
		if v.Bend != nil {
			q.Bend = *v.Bend
		}
		if v.Fraction != nil {
			q.Fraction = *v.Fraction
		}
		if t.maneuvering(s) {
			if v.Heading != nil { // rules' sentence: a notched base moves along its facing
				mq := t.op().Query(t.leader)
				mq.Heading, mq.HasHeading = *v.Heading, true
				if _, err := s.World().Maneuver(mq); err != nil {
					return nil, err
				}
			}
			op := t.op()
			op.Bend = q.Bend
			if op.Fraction != nil {
				op.Fraction = &q.Fraction
			}
			if _, err := op.Answer(s.World(), t.leader); err != nil {
				return nil, err
			}
			q.Heading = t.heading
		} else if _, err := s.World().Move(q); err != nil {
			return nil, err
		}
		t.heading, t.bend, t.fraction, t.placed = q.Heading, q.Bend, q.Fraction, true
		return t.State(s), nil
	})
	RegisterCommand("moveCommit", func(s *TableScene, _ jsonRaw) (any, error) {
		t, err := moveToolOf(s)
		if err != nil {
			return nil, err
		}
		if err := t.commit(s); err != nil {
			return nil, err
		}
		return t.State(s), nil
	})
	RegisterCommand("moveCancel", func(s *TableScene, _ jsonRaw) (any, error) {
		t, err := moveToolOf(s)
		if err != nil {
			return nil, err
		}
		t.cancel(s)
		return t.State(s), nil
	})
	RegisterStrings(map[string][2]string{
		"move.hint": {"Move: click a unit to pick it", "Bewegen: eine Einheit anklicken"},
		// The touch forms (TFor): taps and the page's buttons, no keys.
		"move.hint.touch":      {"Move: tap a unit to pick it", "Bewegen: eine Einheit antippen"},
		"move.head.touch":      {"Move %s · speed %d (unit %d, max %d)", "Bewegen %s · Geschwindigkeit %d (Einheit %d, max. %d)"},
		"move.legal.touch":     {"legal: Commit or a double-tap on the ghost moves the unit", "zulässig: Ausführen oder Doppeltippen auf den Geist bewegt die Einheit"},
		"move.notPlaced.touch": {"the tool is put away: tap the leader to place it", "das Werkzeug ist weggelegt: Anführer antippen, um es anzulegen"},
		"move.adjust.touch":    {"%s: drag its minis into place · tap the leader for another move", "%s: Miniaturen zurechtziehen · Anführer antippen für eine weitere Bewegung"},
		"move.head":            {"Move %s · speed %d (unit %d, max %d) · keys 1 2 3: speed · Enter: move · Esc: put away", "Bewegen %s · Geschwindigkeit %d (Einheit %d, max. %d) · Tasten 1 2 3: Geschwindigkeit · Enter: bewegen · Esc: weglegen"},
		"move.tool":            {"heading %s° · bend %s° · %s of the tool · drag the far end to bend, the joint to turn, the ghost back to stop short", "Richtung %s° · Knick %s° · %s des Werkzeugs · Ende ziehen: knicken, Gelenk: drehen, Geist zurück: kürzer"},
		"move.legal":           {"legal: Enter or a double-click on the ghost moves the unit", "zulässig: Enter oder Doppelklick auf den Geist bewegt die Einheit"},
		"move.illegal":         {"not legal: %s", "nicht zulässig: %s"},
		"move.stoppedBy":       {"stopped by %s", "gestoppt von %s"},
		"move.edge":            {"the table edge", "der Tischkante"},
		"move.maxSpeed":        {"max speed %d → %d (difficult: %s)", "Höchstgeschwindigkeit %d → %d (schwierig: %s)"},
		"move.done":            {"moved %s", "%s bewegt"},
		"move.flagged":         {"moved %s; no spot in cohesion for %s: drag them into place", "%s bewegt; kein Platz in Formation für %s: bitte ziehen"},
		"move.refused":         {"move not legal, nothing changed: %s", "Bewegung nicht zulässig, nichts geändert: %s"},
		"move.noUnit":          {"no unit picked for the move tool", "keine Einheit für das Bewegungswerkzeug gewählt"},
		"move.notPlaced":       {"the tool is put away: click the leader to place it", "das Werkzeug ist weggelegt: Anführer anklicken, um es anzulegen"},
		"move.adjust":          {"%s: drag its minis into place · click the leader for another move · Esc: done", "%s: Miniaturen zurechtziehen · Anführer anklicken für eine weitere Bewegung · Esc: fertig"},
		"move.out":             {"out of cohesion: %s", "außer Formation: %s"},
		"move.pivot":           {"pivot %+.0f°", "Drehung %+.0f°"},
		"move.pivotFar":        {"pivot %+.0f° (more than 90°)", "Drehung %+.0f° (mehr als 90°)"},
		"move.speed":           {"speed must be 1, 2 or 3, not %d", "Geschwindigkeit muss 1, 2 oder 3 sein, nicht %d"},
		"move.placeFail":       {"cannot place %s there: %s", "%s kann dort nicht stehen: %s"},
	})
}

// moveToolOf switches to the move tool and returns it.
func moveToolOf(s *TableScene) (*moveTool, error) {
	if err := s.SetTool("move"); err != nil {
		return nil, err
	}
	return s.Tool().(*moveTool), nil
}

func (t *moveTool) Name() string { return "move" }

func (t *moveTool) query() rules.MoveQuery {
	return rules.MoveQuery{Mini: t.leader, Speed: t.speed, Heading: t.heading, Bend: t.bend, Fraction: t.fraction}
}

// pick makes the unit of id (a unit or a mini) the one to move and places the tool against its
// leader along the leader's facing, at the unit's speed (lowered to the max speed rules gives
// for standing in difficult terrain), for a full move.
func (t *moveTool) pick(s Context, id string) error {
	w := s.World()
	u, err := w.Unit(id)
	if err != nil {
		m, merr := w.Mini(id)
		if merr != nil {
			return errors.New(T("cmd.noMiniOrUnit", id))
		}
		u = m.Unit
	}
	t.finishDrag(s, false)
	t.unit, t.leader = u.ID, u.Leader.ID
	t.heading, t.bend, t.fraction, t.placed = u.Leader.Facing, 0, 1, true
	t.mode, t.turn, t.after = rules.ModeStandard, nil, false
	t.speed = u.Speed
	if a, err := w.Move(rules.MoveQuery{Mini: t.leader, Speed: u.Speed, Heading: t.heading}); err == nil {
		t.speed = min(u.Speed, a.MaxSpeed)
	}
	if len(t.engagedWith(s)) > 0 { // a withdraw is a speed-1 move (move_melee.go)
		t.speed = 1
	}
	s.Select(t.leader)
	return nil
}

func (t *moveTool) setSpeed(v int) error {
	if t.unit == "" {
		return errors.New(T("move.noUnit"))
	}
	if v < 1 || v > 3 {
		return errors.New(T("move.speed", v))
	}
	if t.mode == rules.ModeCompulsory {
		t.mode = rules.ModeStandard // a speed is chosen for the other moves; a compulsory move has none
	}
	t.speed, t.placed = v, true
	return nil
}

// cancel puts the tool away and forgets the unit.
func (t *moveTool) cancel(s Context) {
	t.finishDrag(s, false)
	*t = moveTool{fraction: 1}
}

// sync follows the document: a unit that no longer exists is dropped; the leader is re-read.
func (t *moveTool) sync(s Context) {
	if t.unit == "" {
		return
	}
	u, err := s.World().Unit(t.unit)
	if err != nil {
		t.cancel(s)
		return
	}
	t.leader = u.Leader.ID
	if u.Notched() {
		// The tool lies in the notch of the mode (after Reposition's pivot when it comes first).
		f := u.Leader.Facing
		if t.turn != nil && !t.after {
			f += *t.turn
		}
		t.heading = t.mode.ToolHeading(f)
		if t.mode == rules.ModeCompulsory {
			t.speed, t.fraction = u.Speed, 1
		}
	}
}

// op is the unit.maneuver op of the tool as it lies (a notched unit's move).
func (t *moveTool) op() *ops.UnitManeuver {
	o := &ops.UnitManeuver{Unit: t.unit, Mode: t.mode, Bend: t.bend, Turn: t.turn, After: t.after && t.turn != nil}
	if t.mode != rules.ModeCompulsory {
		f := t.fraction
		o.Speed, o.Fraction = t.speed, &f
	}
	return o
}

// legal reports whether the move as the tool lies is legal (the answer asked), and why not.
func (t *moveTool) legal(s Context) (bool, []rules.Reason) {
	a, err := t.answer(s)
	switch {
	case err != nil:
		return false, nil
	case t.maneuvering(s):
		return t.man.Legal, t.man.Illegal
	}
	return a.Legal, ops.IllegalReasons(a)
}

// answer asks rules for the current query (cached per document revision and query).
func (t *moveTool) answer(s Context) (rules.MoveAnswer, error) {
	t.sync(s)
	k := moveKey{rev: s.Rev(), q: t.query(), mode: t.mode, hasTurn: t.turn != nil, after: t.after}
	if t.turn != nil {
		k.turn = *t.turn
	}
	if k != t.key && t.maneuvering(s) {
		w := s.World()
		t.key = k
		t.disp = rules.Displacement{}
		if t.displacing(s) {
			t.ansErr = t.askDisplacing(w)
		} else {
			t.man, t.ansErr = t.op().Answer(w, t.leader)
		}
		t.ans = t.man.Move.MoveAnswer
		t.shape, _ = w.Tool(k.q)
		q := table.Query{ID: "tool", Kind: "maneuver", Mini: k.q.Mini, Mode: t.mode.String(), Bend: k.q.Bend, Has: map[string]bool{}}
		if t.mode != rules.ModeCompulsory {
			q.MoveSpeed, q.Fraction, q.Has["speed"], q.Has["fraction"] = k.q.Speed, k.q.Fraction, true, true
		}
		t.ask = w.Ask(q)
	}
	if k != t.key {
		w := s.World()
		t.key = k
		t.ans, t.ansErr = w.Move(k.q)
		t.shape, _ = w.Tool(k.q)
		t.ask = w.Ask(table.Query{ID: "tool", Kind: "move", Mini: k.q.Mini, MoveSpeed: k.q.Speed,
			Heading: k.q.Heading, Bend: k.q.Bend, Fraction: k.q.Fraction, Has: map[string]bool{"fraction": true}})
	}
	return t.ans, t.ansErr
}

// followers is where a commit would put the unit's other minis (nil while a handle is dragged,
// or when the move is not legal).
func (t *moveTool) followers(s Context) []rules.Placement {
	a, err := t.answer(s)
	if ok, _ := t.legal(s); err != nil || !ok || !t.placed || t.dragging() {
		return nil
	}
	if t.followKey != t.key {
		t.followKey = t.key
		t.follow, _ = s.World().PlaceFollowers(t.unit, r2.Point{X: a.X, Y: a.Y})
	}
	return t.follow
}

func (t *moveTool) dragging() bool {
	switch t.drag.kind {
	case handleEnd, handleJoint, handleGhost:
		return true
	}
	return false
}

// outOfCohesion is rules.Cohesion's out for the unit as shown (the preview while a follower or
// pivot drag shows one).
func (t *moveTool) outOfCohesion(s Context) []string {
	if t.unit == "" {
		return nil
	}
	k := viewRevKey{s.Rev(), s.ViewRev()}
	if k != t.outKey || t.out == nil {
		t.outKey = k
		w := s.ShownWorld()
		t.out = []string{}
		if c, err := w.Cohesion(t.unit); err == nil {
			t.out = c.Out
		}
	}
	return t.out
}

// commit makes the move: one op (unit.move) moves the leader to the end (facing the tool section
// it reached when its base is notched) and places the other minis (notched ones parallel to the
// leader).
func (t *moveTool) commit(s Context) error {
	if t.unit == "" {
		return errors.New(T("move.noUnit"))
	}
	if !t.placed {
		return errors.New(TFor(s.Fingers(), "move.notPlaced"))
	}
	a, err := t.answer(s)
	if err != nil {
		return err
	}
	if ok, why := t.legal(s); !ok {
		return errors.New(T("move.refused", reasonsText(why)))
	}
	if done, err := t.commitMelee(s, r2.Point{X: a.X, Y: a.Y}); done { // move_melee.go
		return err
	}
	if t.maneuvering(s) {
		return t.commitManeuver(s)
	}
	pl, err := s.World().PlaceFollowers(t.unit, r2.Point{X: a.X, Y: a.Y})
	if err != nil {
		return err
	}
	notched := false
	if u, err := s.World().Unit(t.unit); err == nil {
		notched = u.Notched()
	}
	q := t.query()
	facing, _ := s.World().EndFacing(q, a)
	if err := s.Submit(&ops.UnitMove{Unit: t.unit, Speed: q.Speed, Heading: q.Heading, Bend: q.Bend, Fraction: q.Fraction}); err != nil {
		return errors.New(T("move.refused", errText(err)))
	}
	t.placed = false
	t.fraction = 1
	if notched {
		t.heading, t.bend = facing, 0
	}
	s.SetMessage(movedMessage(t.unit, pl))
	return nil
}

// commitManeuver makes a notched unit's move: one unit.maneuver op.
func (t *moveTool) commitManeuver(s Context) error {
	if t.startReplace(s) { // move_displace.go: the other player re-places the displaced first
		t.placed = false
		return nil
	}
	op, wounds := t.op(), t.man.Move.Wounds
	pl, _ := s.World().PlaceFollowers(t.unit, r2.Point{X: t.man.X, Y: t.man.Y}) // as the op places them
	if err := s.Submit(op); err != nil {
		return errors.New(T("move.refused", errText(err)))
	}
	t.placed, t.fraction, t.bend, t.turn = false, 1, 0, nil
	switch {
	case wounds > 0:
		s.SetMessage(T("move.doneWounds", t.unit, t.unit, wounds))
	default:
		s.SetMessage(movedMessage(t.unit, pl))
	}
	return nil
}

// handleAt is the tool handle under screen point (x, y).
func (t *moveTool) handleAt(s Context, x, y float64) moveHandle {
	if t.unit == "" {
		return handleNone
	}
	h, _ := t.pickAt(s, x, y)
	return h
}

// pickAt is handleAt with pickHandle's either: the press took the far end while within the
// ghost's reach too (move_bend.go).
func (t *moveTool) pickAt(s Context, x, y float64) (moveHandle, bool) {
	cam := s.Camera()
	grab := grabPx * s.Scale()
	inf := math.Inf(1)
	dEnd, dJoint, dPivot, dGhost, ghostReach := inf, inf, inf, inf, 0.0
	dist := func(p r2.Point) float64 {
		sx, sy := cam.WorldToScreen(p.X, p.Y)
		return math.Hypot(x-sx, y-sy)
	}
	w := s.World()
	if ld, err := w.Mini(t.leader); err == nil && ld.Unit.Notched() {
		if pv, err := w.Pivot(t.leader, t.shownFacing(s, ld.Facing)); err == nil {
			dPivot = dist(pv.Knob)
		}
	}
	if t.placed {
		if a, err := t.answer(s); err == nil {
			dGhost, ghostReach = dist(r2.Point{X: a.X, Y: a.Y}), math.Max(grab, cam.Length(t.shape.Radius))
			dEnd = dist(t.shape.End)
			if !t.maneuvering(s) { // a notched base's tool lies in its notch: no heading to drag
				dJoint = dist(t.shape.Joint)
			}
		}
	}
	return pickHandle(dEnd, dJoint, dPivot, dGhost, grab, ghostReach)
}

// onGhost reports whether screen point (x, y) lies on the ghost base of a placed tool.
func (t *moveTool) onGhost(s Context, x, y float64) bool {
	if !t.placed {
		return false
	}
	a, err := t.answer(s)
	if err != nil {
		return false
	}
	cam := s.Camera()
	gx, gy := cam.WorldToScreen(a.X, a.Y)
	return math.Hypot(x-gx, y-gy) <= math.Max(grabPx*s.Scale(), cam.Length(t.shape.Radius))
}

// handlePos is where a handle is on the table.
func (t *moveTool) handlePos(s Context, h moveHandle) r2.Point {
	switch h {
	case handleEnd:
		return t.shape.End
	case handleJoint:
		return t.shape.Joint
	case handleGhost:
		return r2.Point{X: t.ans.X, Y: t.ans.Y}
	case handlePivot:
		w := s.World()
		if ld, err := w.Mini(t.leader); err == nil {
			if pv, err := w.Pivot(t.leader, t.shownFacing(s, ld.Facing)); err == nil {
				return pv.Knob
			}
		}
	}
	return r2.Point{}
}

func (t *moveTool) Update(s Context, in *Input) bool {
	t.sync(s)
	if in.Escape {
		t.cancel(s)
		return false
	}
	if t.unit != "" {
		t.modeKeysPressed(s, in)
		t.meleeKeys(s, in)
		t.climbKeys(s, in)
		t.aimDisembark(s, in)
		t.transportKeys(s, in)
		for n, k := range [][2]ebiten.Key{{ebiten.Key1, ebiten.KeyNumpad1}, {ebiten.Key2, ebiten.KeyNumpad2}, {ebiten.Key3, ebiten.KeyNumpad3}} {
			if in.KeyPressed(k[0]) || in.KeyPressed(k[1]) {
				_ = t.setSpeed(n + 1)
			}
		}
		if in.KeyPressed(ebiten.KeyEnter) || in.KeyPressed(ebiten.KeyNumpadEnter) {
			if err := t.commit(s); err != nil {
				s.SetMessage(err.Error())
			}
		}
	}
	if t.updateReplace(s, in) {
		return true
	}
	wx, wy := s.Camera().ScreenToWorld(in.X, in.Y)
	cursor := r2.Point{X: wx, Y: wy}

	if t.drag.kind != handleNone {
		t.drag.moved += math.Hypot(in.X-t.drag.lastX, in.Y-t.drag.lastY)
		t.drag.lastX, t.drag.lastY = in.X, in.Y
		if in.Left && !in.LeftReleased {
			if t.drag.moved >= clickSlop*s.Scale() {
				if t.drag.either {
					t.drag.either = false
					if p := t.shape.Planned; len(p) >= 2 && dragBack(cursor.Sub(t.drag.press), p[len(p)-1].Sub(p[len(p)-2])) {
						t.drag.kind, t.drag.offset = handleGhost, t.handlePos(s, handleGhost).Sub(t.drag.press)
					}
				}
				t.dragTo(s, cursor.Add(t.drag.offset))
			}
			return true
		}
		t.finishDrag(s, t.drag.moved >= clickSlop*s.Scale())
		return true
	}

	var either bool
	t.hot, either = t.pickAt(s, in.X, in.Y)
	if !in.LeftPressed {
		return false
	}
	if bs, _ := t.modeButtons(s); len(bs) > 0 {
		if b := buttonAt(bs, in.X, in.Y); b != nil {
			b.do(s)
			return true
		}
	}
	double := isDouble(in.Time, t.lastPress, in.X, in.Y, t.lastX, t.lastY, grabPx*s.Scale())
	t.lastPress, t.lastX, t.lastY = in.Time, in.X, in.Y
	start := func(h moveHandle, id string, at r2.Point) {
		t.drag = moveDrag{kind: h, id: id, offset: at.Sub(cursor), lastX: in.X, lastY: in.Y, either: either && h == handleEnd, press: cursor}
		if in.LeftReleased { // pressed and released within one tick: a click
			t.finishDrag(s, false)
		}
	}
	if h := t.hot; h != handleNone {
		if (double || t.mode == rules.ModeCompulsory && t.maneuvering(s)) && t.onGhost(s, in.X, in.Y) {
			if err := t.commit(s); err != nil {
				s.SetMessage(err.Error())
			}
			return true
		}
		start(h, "", t.handlePos(s, h))
		return true
	}
	id := s.MiniAt(in.X, in.Y)
	if id == "" {
		return false
	}
	m, err := s.World().Mini(id)
	if err != nil {
		return false
	}
	switch {
	case m.Unit.ID == t.unit && !m.Leader:
		start(handleFollower, id, m.Centre())
	case m.Unit.ID == t.unit:
		if !t.placed {
			t.placed, t.fraction = true, 1
		}
	default:
		if err := t.pick(s, id); err != nil {
			s.SetMessage(err.Error())
		}
	}
	return true
}

// dragTo moves the dragged handle to table point p.
func (t *moveTool) dragTo(s Context, p r2.Point) {
	w := s.World()
	switch t.drag.kind {
	case handleEnd: // the second half swings about the joint (move_bend.go)
		if b, err := w.AimBend(t.query(), p); err == nil {
			t.bend = b
		}
	case handleJoint:
		if h, err := w.Bearing(t.leader, p); err == nil {
			t.heading = h
		}
	case handleGhost:
		if f, err := w.FractionAt(t.query(), p); err == nil {
			t.fraction = f
		}
	case handleFollower:
		t.drag.op = &ops.MinisMove{Minis: []ops.MiniPlace{{Mini: t.drag.id, X: p.X, Y: p.Y}}}
		_ = s.Preview(t.drag.op) // a base off the table is shown; the release says why it is refused
	case handlePivot:
		f, err := w.Bearing(t.leader, p)
		if err != nil {
			return
		}
		t.drag.facing = f
		if t.repositioning(s) { // Reposition: the move's own pivot, made with it
			if pv, err := w.Pivot(t.leader, f); err == nil {
				turn := pv.Turn
				t.turn = &turn
			}
			return
		}
		t.drag.op = &ops.UnitPivot{Unit: t.unit, Facing: f}
		_ = s.Preview(t.drag.op)
	}
}

// finishDrag ends a drag; apply commits the op a follower or pivot drag made.
func (t *moveTool) finishDrag(s Context, apply bool) {
	d := t.drag
	t.drag = moveDrag{}
	if d.op == nil {
		return
	}
	s.Preview(nil)
	if !apply {
		return
	}
	if d.kind == handlePivot { // one pivot turns at most the unit's limit (90°, Full Pivot 360°)
		if pv, err := s.World().Pivot(t.leader, d.facing); err == nil && !pv.Legal {
			s.SetMessage(T("move.pivotRefused", reasonsText(pv.Reasons)))
			return
		}
	}
	err := s.Submit(d.op)
	switch {
	case err != nil && d.kind == handleFollower:
		s.SetMessage(T("move.placeFail", d.id, errText(err)))
	case err != nil:
		s.SetMessage(errText(err))
	case d.kind == handlePivot:
		t.heading = d.facing // the tool goes into the front notch
	}
}

func (t *moveTool) Draw(s Context, screen *ebiten.Image) {
	k := s.Scale()
	lw := float32(k)
	cam := s.Camera()
	var lines []string
	defer func() { t.drawPanel(s, screen, lines) }()
	if t.unit == "" {
		lines = []string{TFor(s.Fingers(), "move.hint")}
		return
	}
	t.drawDisembark(s, screen) // move_disembark.go
	w := s.World()
	u, err := w.Unit(t.unit)
	if err != nil {
		return
	}
	disc := func(x, y, r float64) render.Disc {
		sx, sy := cam.WorldToScreen(x, y)
		return render.Disc{X: float32(sx), Y: float32(sy), R: float32(cam.Length(r))}
	}
	size := 12 * k

	// Minis out of cohesion: a red ring.
	var outDiscs []render.Disc
	shown := s.File()
	for _, id := range t.outOfCohesion(s) {
		if ref, ok := shown.Lookup(id); ok && ref.Mini != nil {
			outDiscs = append(outDiscs, disc(ref.Mini.X, ref.Mini.Y, ref.Mini.Base/2))
		}
	}
	render.Rings(screen, outDiscs, render.IllegalColor, 1.5*lw)

	if t.placed {
		a, err := t.answer(s)
		if err != nil {
			lines = append(lines, TFor(s.Fingers(), "move.head", t.unit, t.speed, u.Speed, u.Speed), err.Error())
			return
		}
		// What stopped the move or what its end overlaps, and difficult terrain.
		var blockP, diffP []render.Piece
		var blockD []render.Disc
		mark := func(id string, pieces *[]render.Piece, discs *[]render.Disc) {
			ref, ok := s.File().Lookup(id)
			switch {
			case !ok:
			case ref.Terrain != nil:
				*pieces = append(*pieces, screenPiece(s.Camera(), ref.Terrain, s.File().Units))
			case ref.Mini != nil && discs != nil:
				*discs = append(*discs, disc(ref.Mini.X, ref.Mini.Y, ref.Mini.Base/2))
			case ref.Token != nil && discs != nil:
				*discs = append(*discs, disc(ref.Token.X, ref.Token.Y, ref.Token.R))
			}
		}
		if a.BlockedBy != "" && a.BlockedBy != "edge" {
			mark(a.BlockedBy, &blockP, &blockD)
		}
		for _, id := range a.EndClash {
			mark(id, &blockP, &blockD)
		}
		for _, id := range a.Difficult {
			mark(id, &diffP, nil)
		}
		render.Highlight(screen, diffP, nil, render.DifficultMark, 2*lw)
		render.Highlight(screen, blockP, blockD, render.IllegalColor, 2*lw)
		if a.BlockedBy == "edge" {
			bf := s.File().Battlefield
			tb := cam.Box(bf.Width, bf.Depth)
			render.Frame(screen, float32(tb.X), float32(tb.Y), float32(tb.W), float32(tb.H), 4*lw, render.IllegalColor)
		}

		// Followers: where a commit puts them.
		var okD, badD []render.Disc
		for _, p := range t.followers(s) {
			if ref, ok := s.File().Lookup(p.ID); ok && ref.Mini != nil {
				if p.OK {
					okD = append(okD, disc(p.X, p.Y, ref.Mini.Base/2))
				} else {
					badD = append(badD, disc(p.X, p.Y, ref.Mini.Base/2))
				}
			}
		}
		render.Ghosts(screen, okD, render.LegalColor, 1.5*lw)
		render.Ghosts(screen, badD, render.IllegalColor, 1.5*lw)

		// The tool, the paths, the ghost and the handles.
		pts := func(path []r2.Point) []float32 {
			out := make([]float32, 0, 2*len(path))
			for _, p := range path {
				x, y := cam.WorldToScreen(p.X, p.Y)
				out = append(out, float32(x), float32(y))
			}
			return out
		}
		tool := pts([]r2.Point{t.shape.Start, t.shape.Joint, t.shape.End})
		mt := render.MoveTool{
			Width: float32(cam.Length(t.shape.Width)), Planned: pts(t.shape.Planned), Travelled: pts(a.Path),
			Ghost: disc(a.X, a.Y, t.shape.Radius), LineWidth: lw,
		}
		mt.Legal, _ = t.legal(s)
		copy(mt.Tool[:], tool)
		hr := float32(handlePx * k)
		handles := []moveHandle{handleJoint, handleEnd}
		if t.maneuvering(s) {
			handles = handles[1:]
		}
		for _, h := range handles {
			p := t.handlePos(s, h)
			x, y := cam.WorldToScreen(p.X, p.Y)
			mt.Handles = append(mt.Handles, render.Handle{X: float32(x), Y: float32(y), R: hr, Hot: t.hot == h || t.drag.kind == h})
		}
		render.DrawMoveTool(screen, &mt)
		if t.maneuvering(s) { // the facing at the end: a tick from the ghost's centre
			drawFacingTick(screen, cam, r2.Point{X: a.X, Y: a.Y}, t.shape.Radius, t.man.Facing, float64(lw))
		}

		// Labels under the ghost: what stopped it, difficult terrain.
		gx, gy := cam.WorldToScreen(a.X, a.Y)
		ly := gy + cam.Length(t.shape.Radius) + 4*k
		if a.Blocked {
			by := a.BlockedBy
			if by == "edge" {
				by = T("move.edge")
			}
			render.Label(screen, T("move.stoppedBy", by), gx, ly, size, render.IllegalColor)
			ly += size * 1.4
		}
		switch {
		case a.MaxSpeed < u.Speed && len(a.Difficult) > 0:
			render.Label(screen, T("move.maxSpeed", u.Speed, a.MaxSpeed, strings.Join(a.Difficult, ", ")), gx, ly, size, render.DifficultMark)
			ly += size * 1.4
		case a.MaxSpeed < u.Speed: // a reverse or strafe: the unit's speed − 1
			render.Label(screen, T("move.maxSpeedMode", u.Speed, a.MaxSpeed, T(modeNames[t.mode])), gx, ly, size, render.DifficultMark)
			ly += size * 1.4
		}
		if w := t.man.Move.Wounds; t.maneuvering(s) && w > 0 {
			render.Label(screen, T("move.short", t.unit, w), gx, ly, size, render.IllegalColor)
		}

		switch {
		case t.maneuvering(s) && t.mode == rules.ModeCompulsory:
			lines = append(lines, TFor(s.Fingers(), "move.compulsoryHead", t.unit, t.speed, num(round1(t.bend))))
		case t.maneuvering(s): // the tool lies in the mode's notch: no joint to drag
			lines = append(lines, TFor(s.Fingers(), "move.head", t.unit, t.speed, u.Speed, a.MaxSpeed),
				T("move.toolNotched", num(round1(t.heading)), num(round1(t.bend)), fmt.Sprintf("%.0f%%", 100*t.fraction)))
		default:
			lines = append(lines, TFor(s.Fingers(), "move.head", t.unit, t.speed, u.Speed, a.MaxSpeed),
				T("move.tool", num(round1(t.heading)), num(round1(t.bend)), fmt.Sprintf("%.0f%%", 100*t.fraction)))
		}
		if t.maneuvering(s) {
			lines = append(lines, T("move.head.mode", t.unit, T(modeNames[t.mode]),
				num(round1(u.Leader.Facing)), num(round1(t.man.Facing))))
			if t.turn != nil {
				when := T("move.repBefore")
				if t.after {
					when = T("move.repAfter")
				}
				lines = append(lines, T("move.turn", *t.turn, when))
			}
		}
		if ok, why := t.legal(s); ok && t.mode == rules.ModeCompulsory {
			// the head line says how it is made (one click)
		} else if ok {
			lines = append(lines, TFor(s.Fingers(), "move.legal"))
		} else {
			lines = append(lines, T("move.illegal", reasonsText(why)))
		}
	} else {
		lines = append(lines, TFor(s.Fingers(), "move.adjust", t.unit))
	}
	if t.placed && !t.dragging() { // asked once the tool is still: a charge is asked of every enemy unit
		lines = append(lines, t.meleeLines(s)...)
	}
	if d := t.disp; t.placed && len(d.Minis) > 0 {
		lines = append(lines, T("move.displaces", strings.Join(d.Minis, ", "), strings.Join(d.Units, ", ")))
	}
	if t.placed || t.phase != nil {
		t.drawReplace(s, screen, lw)
	}
	if !t.dragging() {
		lines = append(lines, t.transportLines(s)...)
		lines = append(lines, t.climbLines(s)...)
		if ld, err := w.Mini(t.leader); err == nil {
			t.drawClimbSpots(s, screen, ld.Radius(), lw)
		}
	}
	if out := t.outOfCohesion(s); len(out) > 0 {
		lines = append(lines, T("move.out", strings.Join(out, ", ")))
	}

	// The pivot knob of a notched leader, and the turn while it is dragged.
	if ld, err := w.Mini(t.leader); err == nil && ld.Unit.Notched() {
		facing := t.shownFacing(s, ld.Facing)
		if t.drag.kind == handlePivot && t.drag.op != nil {
			facing = t.drag.facing
		}
		if pv, err := w.Pivot(t.leader, facing); err == nil {
			x, y := cam.WorldToScreen(pv.Knob.X, pv.Knob.Y)
			hot := t.hot == handlePivot || t.drag.kind == handlePivot
			render.DrawMoveTool(screen, &render.MoveTool{Handles: []render.Handle{{X: float32(x), Y: float32(y), R: float32(0.8 * handlePx * k), Hot: hot}}, LineWidth: lw})
			if t.drag.kind == handlePivot && t.drag.op != nil {
				key, c := "move.pivot", render.LabelColor
				if !pv.Legal {
					key, c = "move.pivotFar", render.IllegalColor
				}
				render.Label(screen, T(key, pv.Turn), x, y+10*k, size, c)
			}
		}
	}
}

// repositioning reports whether a pivot drag is Reposition's pivot of the next move: a unit with
// Reposition, the tool out for a standard move.
func (t *moveTool) repositioning(s Context) bool {
	return t.placed && t.mode == rules.ModeStandard && t.hasReposition(s)
}

// shownFacing is the leader's facing as the tool shows it: after Reposition's pivot when the move
// makes it first.
func (t *moveTool) shownFacing(s Context, facing float64) float64 {
	if t.turn != nil && !t.after && t.repositioning(s) {
		return facing + *t.turn
	}
	return facing
}

// drawPanel draws the tool's lines at the top-left, under the heads-up panel (the page's own
// tool bar sits at the bottom).
func (t *moveTool) drawPanel(s Context, screen *ebiten.Image, lines []string) {
	if len(lines) == 0 {
		return
	}
	k := s.Scale()
	bs, top := t.modeButtons(s)
	if len(bs) > 0 {
		cx, cy := ebiten.CursorPosition()
		drawButtons(s, screen, bs, float64(cx), float64(cy))
	}
	t.pageLines = nil
	if narrowDocked(s) { // a phone: the lines go to the page's panel, not over the table's top
		t.pageLines = lines
		return
	}
	render.Panel(screen, fitPanelLines(lines, hudFontSize*k, s.Screen().W-16*k), 8*k, top, hudFontSize*k)
}

// narrowDocked reports whether the page docks its panels below the table on a narrow window (a
// phone): there a tool's lines drawn at the top covered a third of the turned table.
func narrowDocked(c Context) bool {
	return docked(c) && isNarrow(c.Screen().W/c.Scale())
}

// fitPanelLines wraps each of a canvas panel's lines that would run past maxW (the panel's text and
// padding, device px) at its spaces, the rest indented: on a 390 px phone the move tool's lines ran
// off the screen's right edge ("… · Ende oder Geist" cut). Lines that fit are kept as they are.
func fitPanelLines(lines []string, size, maxW float64) []string {
	text := maxW - 2*render.PanelPad(size)
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		if render.PanelWidth([]string{l}, size) <= maxW {
			out = append(out, l)
			continue
		}
		out = append(out, render.Wrap(l, size, text, "  ")...)
	}
	return out
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

// round4 rounds to 4 decimals, as the judge prints coordinates.
func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// MoveAnswerState is a move answer as toolState shows it: the fields cmd/tablecheck prints for a
// move query, from the same rules.Ask, plus the difficult terrain that lowered the max speed.
type MoveAnswerState struct {
	X         float64  `json:"x"`
	Y         float64  `json:"y"`
	Blocked   bool     `json:"blocked"`
	BlockedBy any      `json:"blockedBy"` // an id, or null
	MaxSpeed  int      `json:"maxSpeed"`
	Legal     bool     `json:"legal"`
	Difficult []string `json:"difficult"`
	// A notched unit's move (the judge's maneuver query): its facing at the end and the wounds
	// a compulsory move that ended short deals.
	Facing *float64 `json:"facing,omitempty"`
	Wounds *int     `json:"wounds,omitempty"`
}

// FollowerState is one non-leader mini in toolState.
type FollowerState struct {
	ID string  `json:"id"`
	X  float64 `json:"x"`
	Y  float64 `json:"y"`
	OK bool    `json:"ok"`
}

// MoveToolState is the move tool's toolState (see the comment at the top of this file).
type MoveToolState struct {
	Lines     []string         `json:"lines,omitempty"` // the tool's lines for the page's panel on a phone (narrowDocked)
	Unit      string           `json:"unit"`
	Leader    string           `json:"leader"`
	Speed     int              `json:"speed"`
	UnitSpeed int              `json:"unitSpeed"`
	Placed    bool             `json:"placed"`
	Heading   float64          `json:"heading"`
	Bend      float64          `json:"bend"`
	Fraction  float64          `json:"fraction"`
	Answer    *MoveAnswerState `json:"answer"`
	Error     string           `json:"error,omitempty"`
	Followers []FollowerState  `json:"followers"`
	Out       []string         `json:"out"`
	Facing    float64          `json:"facing"`
	Notched   bool             `json:"notched"`
	// A notched unit's maneuver (move_modes.go): the mode, the modes it may make, Reposition's
	// pivot (null: none) and whether it comes after the move, and the reasons the move is not
	// legal ("" when it is).
	Mode       string   `json:"mode"`
	Modes      []string `json:"modes"`
	Reposition bool     `json:"reposition,omitempty"` // the unit pivots with Reposition: the page offers before/after
	Turn       *float64 `json:"turn"`
	After      bool     `json:"after"`
	Illegal    string   `json:"illegal,omitempty"`
	// The clambers and climbs the leader may make now (move_climb.go).
	Climbs []ClimbOffer `json:"climbs"`
	// Displacement (move_displace.go): what the move displaces, and the re-placing under way.
	Displaced []string       `json:"displaced"`
	Displace  *DisplaceState `json:"displace"`
	// Transports (move_transport.go): the transports the speed-1 move reaches, and the units the
	// tool's unit carries.
	Embark  []EmbarkOffer `json:"embark"`
	Carried []string      `json:"carried"`
	// Charge is the enemy unit the placed tool reaches (move_melee.go): the page's Charge buttons
	// (key M, Shift+M), which a touch screen needs; "" when none or the unit is engaged.
	Charge string `json:"charge,omitempty"`
	// Disembark is the disembark B would make towards the pointer (move_disembark.go).
	Disembark *DisembarkState `json:"disembark,omitempty"`
}

func (t *moveTool) State(s Context) any {
	t.sync(s)
	st := MoveToolState{Lines: t.pageLines, Unit: t.unit, Leader: t.leader, Speed: t.speed, Placed: t.placed,
		Heading: t.heading, Bend: t.bend, Fraction: t.fraction, Followers: []FollowerState{}, Out: []string{},
		Mode: t.mode.String(), Modes: modeWords(t.modes(s)), Reposition: t.hasReposition(s), Turn: t.turn, After: t.after}
	if t.unit == "" {
		return st
	}
	w := s.World()
	if u, err := w.Unit(t.unit); err == nil {
		st.UnitSpeed, st.Notched, st.Facing = u.Speed, u.Notched(), u.Leader.Facing
	}
	st.Out = append(st.Out, t.outOfCohesion(s)...)
	st.Climbs = t.climbOffers(s)
	st.Carried = t.carried(s)
	st.Disembark = t.disembarkState(s)
	st.Displace = t.displaceState()
	if t.placed {
		a, err := t.answer(s)
		if err != nil {
			st.Error = err.Error()
		} else {
			as := &MoveAnswerState{Difficult: append([]string{}, a.Difficult...)}
			for _, f := range t.ask.Fields {
				switch f.Key {
				case "x":
					as.X, _ = f.Value.(float64)
				case "y":
					as.Y, _ = f.Value.(float64)
				case "blocked":
					as.Blocked, _ = f.Value.(bool)
				case "blockedBy":
					as.BlockedBy = f.Value
				case "maxSpeed":
					as.MaxSpeed, _ = f.Value.(int)
				case "legal":
					as.Legal, _ = f.Value.(bool)
				case "facing":
					v, _ := f.Value.(float64)
					as.Facing = &v
				case "wounds":
					v, _ := f.Value.(int)
					as.Wounds = &v
				}
			}
			if t.turn != nil && t.maneuvering(s) {
				// Reposition: the judge has no query for it; the rules' answer as the op makes it.
				m, by := t.man, any(nil)
				if m.Move.BlockedBy != "" {
					by = m.Move.BlockedBy
				}
				f, wounds := m.Facing, m.Move.Wounds
				as = &MoveAnswerState{X: round4(m.X), Y: round4(m.Y), Blocked: m.Move.Blocked, BlockedBy: by, MaxSpeed: m.Move.MaxSpeed,
					Legal: m.Legal, Difficult: append([]string{}, m.Move.Difficult...), Facing: &f, Wounds: &wounds}
			}
			st.Answer = as
			if ok, why := t.legal(s); !ok {
				st.Illegal = reasonsText(why)
			}
			st.Displaced = t.disp.Minis
			st.Embark = t.embarkOffers(s)
			if len(t.engagedWith(s)) == 0 {
				st.Charge, _ = t.chargeTarget(s)
			}
			for _, p := range t.followers(s) {
				st.Followers = append(st.Followers, FollowerState{p.ID, p.X, p.Y, p.OK})
			}
			return st
		}
	}
	out := map[string]bool{}
	for _, id := range st.Out {
		out[id] = true
	}
	if u, err := w.Unit(t.unit); err == nil {
		for _, m := range u.Minis {
			if !m.Leader {
				st.Followers = append(st.Followers, FollowerState{m.ID, m.X, m.Y, !out[m.ID]})
			}
		}
	}
	return st
}
