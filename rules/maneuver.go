package rules

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/golang/geo/r1"

	"holotable/geometry"
	"holotable/table"
)

// ManeuverMode is a kind of move made with the movement tool (spec scenario-v1 v1.1 "The maneuver
// query"): the standard move, the reverse (Rückwärtsbewegung), the strafes (Seitwärtsbewegung) and
// the compulsory move (Zwangsbewegung). Its JSON form is its String.
type ManeuverMode int

// The maneuver modes. ModeStandard is the zero value.
const (
	ModeStandard ManeuverMode = iota
	ModeReverse
	ModeStrafeLeft
	ModeStrafeRight
	ModeCompulsory
)

var maneuverModeWords = words[ManeuverMode]{"ManeuverMode",
	[]string{"standard", "reverse", "strafe-left", "strafe-right", "compulsory"}, errModeWord}

// String returns the spec's word: "standard", "reverse", "strafe-left", "strafe-right",
// "compulsory".
func (m ManeuverMode) String() string { return maneuverModeWords.str(m) }

// ParseManeuverMode reads the spec's word for a mode.
func ParseManeuverMode(s string) (ManeuverMode, bool) { return maneuverModeWords.parse(s) }

// MarshalText writes the mode's word.
func (m ManeuverMode) MarshalText() ([]byte, error) { return maneuverModeWords.marshal(m) }

// UnmarshalText reads the mode's word.
func (m *ManeuverMode) UnmarshalText(b []byte) error { return maneuverModeWords.unmarshal(m, b) }

var errModeWord = errors.New("mode must be one of standard, reverse, strafe-left, strafe-right, compulsory")

// offset is the angle between the facing and the tool's first half (d0 = facing + offset), and
// minus the angle from the section reached back to the facing at the end (facing = d − offset).
func (m ManeuverMode) offset() float64 {
	switch m {
	case ModeReverse:
		return 180
	case ModeStrafeLeft:
		return 90
	case ModeStrafeRight:
		return -90
	}
	return 0
}

// ManeuverQuery is a move of a unit leader in one of the modes: the tool of Speed (not for a
// compulsory move, which uses the unit's speed), bent by Bend degrees, stopped at Fraction (not for
// a compulsory move, which is full). Heading is the tool's direction for a round base only; a
// notched base's tool leaves along its facing (by mode). The Has flags say which of speed,
// fraction and heading the question gave: a compulsory move may give neither speed nor fraction,
// a notched base no heading.
type ManeuverQuery struct {
	Mini        string
	Mode        ManeuverMode
	Speed       int
	Bend        float64
	Fraction    float64
	Heading     float64
	HasSpeed    bool
	HasFraction bool
	HasHeading  bool
}

// ManeuverAnswer is the move's answer (the fields of MoveAnswer; for a compulsory move MaxSpeed
// is the unit's speed and Legal is always true) with the mini's facing at the end (degrees in
// [0, 360), rounded to 4 decimals), the half of the tool whose direction it took (1 or 2), the
// wounds a compulsory move that fell short deals (0 otherwise), and where the full move would
// have ended (Planned's last point) for a compulsory move that fell short.
type ManeuverAnswer struct {
	MoveAnswer
	Mode    ManeuverMode
	Facing  float64
	Section int
	Wounds  int
}

// MayReverse reports whether the unit may make reverse moves: ground vehicles, creature and
// emplacement troopers, and units with Hover (RRG 2.0 Rückwärtsbewegung L9414–9489, Schweben
// L9950–9954; docs/decisions.md D27).
func (u *Unit) MayReverse() bool {
	switch u.Type {
	case table.Ground, table.Creature, table.Emplacement:
		return true
	}
	return u.Type != table.Trooper && u.Keywords.Hover.Kind != table.HoverNone
}

// MayStrafe reports whether the unit may strafe: a notched unit with Hover and side notches (RRG
// 2.0 Seitwärtsbewegung L10108–10161).
func (u *Unit) MayStrafe() bool {
	return u.Notched() && u.Keywords.Hover.Kind != table.HoverNone && u.Keywords.SideNotches
}

// HasCompulsoryMove reports whether the unit must make compulsory moves: a notched unit with
// Speeder X (RRG 2.0 Gleiter X L6743–6865, Zwangsbewegung L12139–12229).
func (u *Unit) HasCompulsoryMove() bool { return u.Notched() && u.Keywords.Speeder.Has }

// PassOver is the height of terrain the unit's moves pass over and may end on: X·rangeSegment for
// the larger X of Speeder X and Hover: Air X on a notched unit, or noPassOver (spec v1.1; RRG 2.0
// Gleiter X L6792–6798, Schweben L9995–10002).
func (w *World) PassOver(u *Unit) float64 {
	if !u.Notched() {
		return noPassOver
	}
	x, has := 0.0, false
	if k := u.Keywords.Speeder; k.Has {
		x, has = k.X, true
	}
	if h := u.Keywords.Hover; h.Kind == table.HoverAir {
		x, has = max(x, h.X), true
	}
	if !has {
		return noPassOver
	}
	return x * w.File.Profile.RangeSegment
}

// mayMake returns the sentence why u may not make mode, or nil.
func mayMake(u *Unit, mode ManeuverMode) error {
	if mode == ModeStandard {
		return nil
	}
	if !u.Notched() {
		return fmt.Errorf("a trooper unit (round bases) makes only standard moves, not %s", mode)
	}
	switch mode {
	case ModeReverse:
		if !u.MayReverse() {
			return fmt.Errorf("unit %s may not reverse (ground, creature, emplacement or hover units only)", u.ID)
		}
	case ModeStrafeLeft, ModeStrafeRight:
		if !u.MayStrafe() {
			return fmt.Errorf("unit %s may not strafe (hover with side notches only)", u.ID)
		}
	case ModeCompulsory:
		if !u.HasCompulsoryMove() {
			return fmt.Errorf("unit %s has no compulsory move (speeder only)", u.ID)
		}
	}
	return nil
}

// Maneuver answers a standard, reverse, strafe or compulsory move of a unit leader (spec
// scenario-v1 v1.1 "The maneuver query"). The tool, its path, blocking, the table edge, difficult
// terrain and the legal end are those of Move; a notched base's tool leaves along its facing
// (reverse +180°, strafe left +90°, right −90°) and the mini ends facing along the section of the
// tool it reached; reverse and strafe lose 1 max speed (2 through difficult terrain, never below
// 1); Speeder X and Hover: Air X pass over terrain up to X·rangeSegment; a compulsory move is full,
// at the unit's speed, and when the full move is not legal ends at the farthest legal point with
// wounds equal to the speed.
func (w *World) Maneuver(q ManeuverQuery) (ManeuverAnswer, error) {
	m, err := w.Mini(q.Mini)
	if err != nil {
		return ManeuverAnswer{}, err
	}
	return w.maneuver(m, q, moveOpts{})
}

// maneuver is Maneuver for the leader m, which may be a copy of a leader standing elsewhere or
// facing another way (a Reposition's pivot first, a disembarking leader's place), with opts.
func (w *World) maneuver(m *Mini, q ManeuverQuery, opts moveOpts) (ManeuverAnswer, error) {
	u, p := m.Unit, w.File.Profile
	if !m.Leader {
		return ManeuverAnswer{}, fmt.Errorf("mini '%s' is not a unit leader", m.ID)
	}
	if !maneuverModeWords.valid(q.Mode) {
		return ManeuverAnswer{}, errModeWord
	}
	if err := mayMake(u, q.Mode); err != nil {
		return ManeuverAnswer{}, err
	}
	if u.Notched() && q.HasHeading {
		return ManeuverAnswer{}, fmt.Errorf("a notched base moves along its facing: no heading (mini %s)", m.ID)
	}
	speed, fraction := q.Speed, 1.0
	if q.Mode == ModeCompulsory {
		switch {
		case q.HasSpeed:
			return ManeuverAnswer{}, fmt.Errorf("a compulsory move takes no speed (it is made at the unit's speed)")
		case q.HasFraction:
			return ManeuverAnswer{}, fmt.Errorf("a compulsory move takes no fraction (it is a full move)")
		}
		speed = u.Speed
	} else {
		if !q.HasSpeed || speed < 1 || speed > 3 {
			return ManeuverAnswer{}, fmt.Errorf("speed must be 1, 2 or 3")
		}
		if q.HasFraction {
			fraction = q.Fraction
		}
	}
	switch {
	case !(math.Abs(q.Bend) <= p.MaxBend+1e-9):
		return ManeuverAnswer{}, fmt.Errorf("bend must be within maxBend (%g)", p.MaxBend)
	case !(fraction >= 0 && fraction <= 1):
		return ManeuverAnswer{}, fmt.Errorf("fraction must be within 0–1")
	}

	d0 := q.Heading
	if u.Notched() {
		d0 = m.Facing + q.Mode.offset()
	}
	passOver := w.PassOver(u)
	ans := ManeuverAnswer{Mode: q.Mode}
	ans.MoveAnswer = w.run(toolRun{m: m, speed: speed, d0: d0, bend: q.Bend, fraction: fraction, pass: passing{passOver, noPassOver}, opts: opts})
	if passOver >= 0 {
		ans.Reasons = append(ans.Reasons, Reason{Rule: "maneuver.passover", Cite: CitePassOver,
			Text: u.ID + passOverWhy(u) + " passes over terrain up to " + strconv.FormatFloat(passOver, 'g', 4, 64) + " high and may end on it",
			IDs:  []string{u.ID}})
	}
	switch q.Mode {
	case ModeCompulsory:
		w.compulsory(&ans, m, opts)
	case ModeStandard:
		maxSpeed := u.Speed
		if len(ans.Difficult) > 0 {
			maxSpeed = max(1, u.Speed-1)
		}
		w.speedAndEnd(&ans.MoveAnswer, speed, u.Speed, maxSpeed)
	default: // reverse, strafes: −1, or −2 through difficult terrain, never below 1
		loss := 1
		if len(ans.Difficult) > 0 {
			loss = 2
		}
		ans.Reasons = append(ans.Reasons, Reason{Rule: "maneuver.speed", Cite: citeModeSpeed(q.Mode),
			Text: "a " + q.Mode.String() + " move is made at the unit's speed − " + strconv.Itoa(loss) + " (never below 1)"})
		w.speedAndEnd(&ans.MoveAnswer, speed, u.Speed, max(1, u.Speed-loss))
	}
	w.endFacing(&ans, m, d0, q.Bend)
	return ans, nil
}

// passOverWhy names the keywords a unit passes over terrain by: " (Speeder 1)", " (Hover: Air 1)"
// or both.
func passOverWhy(u *Unit) string {
	k := u.Keywords
	var b []byte
	if k.Speeder.Has {
		b = append4(append(b, " (Speeder "...), k.Speeder.X)
	}
	if k.Hover.Kind == table.HoverAir {
		if b == nil {
			b = append(b, " ("...)
		} else {
			b = append(b, ", "...)
		}
		b = append4(append(b, "Hover: Air "...), k.Hover.X)
	}
	return string(append(b, ')'))
}

// citeModeSpeed is the citation of the speed rule of a reverse or strafe.
func citeModeSpeed(mode ManeuverMode) string {
	if mode == ModeReverse {
		return CiteReverse
	}
	return CiteStrafe
}

// endFacing sets the facing at the end: a round base keeps its own; a notched base ends parallel
// to the section of the tool it reached — the first half up to and including the joint (within
// epsilon), the second beyond — turned back by the mode's offset (spec v1.1).
func (w *World) endFacing(ans *ManeuverAnswer, m *Mini, d0, bend float64) {
	if !m.Unit.Notched() {
		ans.Facing, ans.Section = answerDeg(m.Facing), 1
		return
	}
	d := d0
	ans.Section = w.sectionReached(ans.MoveAnswer)
	if ans.Section == 2 {
		d = d0 + bend
	}
	ans.Facing = answerDeg(d - ans.Mode.offset())
	var buf [96]byte
	b := append(append(append(append(buf[:0], m.ID...), " ends with its notches parallel to the tool's "...), ordinal(ans.Section)...), " half: facing "...)
	b = append(append4(b, ans.Facing), "°"...)
	ans.Reasons = append(ans.Reasons, Reason{Rule: "maneuver.facing", Cite: CiteNotchFacing, Text: string(b), IDs: m.ids()})
}

// sectionReached is the half of the tool (1 or 2) whose direction a notched base ends parallel to:
// the first up to and including the joint (a travelled length within epsilon of the first half's
// length counts as the joint), the second beyond it (spec v1.1; CiteNotchFacing).
func (w *World) sectionReached(a MoveAnswer) int {
	if len(a.Planned) < 2 {
		return 1
	}
	joint := a.Planned[1].Sub(a.Planned[0]).Norm()
	if geometry.PolylineLength(a.Path) > joint+w.File.Profile.Epsilon {
		return 2
	}
	return 1
}

func ordinal(section int) string {
	if section == 2 {
		return "second"
	}
	return "first"
}

// answerDeg rounds an angle to 4 decimals and reduces it to [0, 360) (spec v1.1: 359.99996 → 0).
// An angle beyond ±1e12 (where rounding to 4 decimals changes nothing a float64 holds) is
// reduced first, so that no finite facing overflows.
func answerDeg(a float64) float64 {
	if math.Abs(a) > 1e12 {
		a = math.Mod(a, 360)
	}
	a = round4(a)
	a = round4(a - 360*math.Floor(a/360)) // a multiple of 360 subtracts exactly at these sizes
	if a >= 360 {
		a -= 360
	}
	return a + 0 // no −0
}

// compulsory finishes a compulsory move: full, at the unit's speed, difficult terrain ignored, and
// always made. When the full move is not legal (stopped, or its end overlaps something) the leader
// ends at the point farthest along the path it reached unblocked where its end overlaps nothing (a
// base touching the table edge from inside is a legal end), or where it started if there is none,
// and the unit suffers wounds equal to its speed (RRG 2.0 Zwangsbewegung L12139–12229, Gleiter X
// L6770–6774).
func (w *World) compulsory(ans *ManeuverAnswer, m *Mini, opts moveOpts) {
	u := m.Unit
	ans.MaxSpeed, ans.Legal = u.Speed, true
	ans.Difficult = nil // a compulsory move is made at max speed whatever the terrain
	ans.Reasons = append(ans.Reasons, Reason{Rule: "maneuver.compulsory", Cite: CiteCompulsory,
		Text: "a compulsory move is a full move at the unit's speed " + strconv.Itoa(u.Speed) + ", whatever the terrain"})
	if !ans.Blocked && len(ans.EndClash) == 0 {
		return
	}
	full := ans.EndClash
	r := m.Radius()
	reach := geometry.PolylineLength(ans.Path)
	var bad []r1.Interval
	for _, o := range opts.apply(w.endShapes(m, false, w.PassOver(u)), true) {
		bad = geometry.OverlapAlong(bad, ans.Path, r, *o.foot)
	}
	t := farthestFree(reach, bad)
	if !(t > 0) {
		t = 0
	}
	end := geometry.PolylinePoint(ans.Path, t)
	ans.Path = truncate(ans.Path, t)
	ans.X, ans.Y = end.X, end.Y
	ans.EndClash = nil
	ans.Wounds = u.Speed
	why := "its end overlaps " + joinIDs(full)
	if ans.Blocked {
		why = "it is stopped by " + ans.BlockedBy
	}
	where := fmt.Sprintf("it ends at the farthest legal point, %.4g along the tool", t)
	if t == 0 {
		where = "no point beyond its start is a legal end: it stays where it is"
	}
	ans.Reasons = append(ans.Reasons, Reason{Rule: "maneuver.short", Cite: CiteCompulsoryShort,
		Text: fmt.Sprintf("the full compulsory move is not legal (%s): %s, and unit %s suffers %d wounds", why, where, u.ID, u.Speed),
		IDs:  []string{m.ID}})
}

// farthestFree is the largest t in [0, reach] inside none of the open intervals bad (their ends
// are free): start at reach and step back to the start of every interval that holds t.
func farthestFree(reach float64, bad []r1.Interval) float64 {
	t := reach
	for moved := true; moved; {
		moved = false
		for _, x := range bad {
			if x.Lo < t && t < x.Hi || (t == x.Hi && x.Lo < t && t >= reach) {
				t, moved = x.Lo, true
			}
		}
	}
	return t
}
