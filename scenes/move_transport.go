package scenes

import (
	"errors"
	"math"
	"strings"

	"github.com/golang/geo/r2"
	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
	"holotable/rules"
)

// Transports in the move tool (issue 14; RRG 2.0 Ein- und Aussteigen L5132–5181): when the
// speed-1 tool of a trooper unit reaches a friendly transport with room, the tool offers to embark
// — key E (the command moveEmbark {vehicle}) makes one unit.embark op, the leader's speed-1 move
// stopped where its base first touches the transport (the rules' ContactAt), and the unit leaves
// the table for the transport's carried list. With a transport that carries units selected, key B
// (moveDisembark {unit, x, y}) disembarks one toward a point (the pointer): the leader placed in
// base contact with the transport on the side facing the point, then a speed-1 move towards it,
// as far as the point or the full move; one unit.disembark op, the others placed in cohesion by
// the rules. Refusals carry the rules' reasons.
//
// Commands: moveEmbark ({vehicle}; "" the first transport the tool reaches), moveDisembark
// ({unit, x, y}; unit "" the first the transport carries).

// EmbarkOffer is a transport the leader's speed-1 move reaches, and at which fraction of the move
// its base first touches it.
type EmbarkOffer struct {
	Vehicle string  `json:"vehicle"`
	At      float64 `json:"at"`
}

// embarkCache is embarkOffers' answer for a tool query and document revision.
type embarkCache struct {
	key    moveKey
	asked  bool
	offers []EmbarkOffer
}

func init() {
	RegisterCommand("moveEmbark", func(s *TableScene, arg jsonRaw) (any, error) {
		var v struct{ Vehicle string }
		if err := argInto(arg, &v); err != nil {
			return nil, err
		}
		t, err := moveToolOf(s)
		if err != nil {
			return nil, err
		}
		if err := t.embark(s, v.Vehicle); err != nil {
			return nil, err
		}
		return t.State(s), nil
	})
	RegisterCommand("moveDisembark", func(s *TableScene, arg jsonRaw) (any, error) {
		var v struct {
			Unit string
			X, Y float64
		}
		if err := argInto(arg, &v); err != nil {
			return nil, err
		}
		t, err := moveToolOf(s)
		if err != nil {
			return nil, err
		}
		if err := t.disembark(s, v.Unit, r2.Point{X: v.X, Y: v.Y}); err != nil {
			return nil, err
		}
		return t.State(s), nil
	})
	RegisterStrings(map[string][2]string{
		"ui.move.embark":        {"Embark on %s", "In %s einsteigen"},
		"move.embarkHint":       {"the speed-1 move reaches %s: E embarks", "die Bewegung mit Geschwindigkeit 1 erreicht %s: E steigt ein"},
		"move.embarkHint.touch": {"the speed-1 move reaches %s: Embark (below)", "die Bewegung mit Geschwindigkeit 1 erreicht %s: Einsteigen (unten)"},
		"move.carries.touch":    {"%s carries %s: Disembark (below) towards the last tap", "%s transportiert %s: Aussteigen (unten) zum zuletzt angetippten Punkt hin"},
		"move.embarked":         {"%s embarked on %s", "%s ist in %s eingestiegen"},
		"move.noVehicle":        {"the speed-1 move reaches no friendly transport with room", "die Bewegung mit Geschwindigkeit 1 erreicht keinen befreundeten Transporter mit Platz"},
		"move.carries":          {"%s carries %s: B disembarks towards the pointer", "%s transportiert %s: B steigt zum Mauszeiger hin aus"},
		"move.disembarked":      {"%s disembarked from %s", "%s ist aus %s ausgestiegen"},
		"move.carriesNone":      {"%s carries no unit", "%s transportiert keine Einheit"},
		"move.notCarriedHere":   {"%s does not carry %s", "%s transportiert %s nicht"},
	})
}

// embarkOffers are the friendly transports with room that the unit's speed-1 move (the tool's
// heading and bend) reaches, nearest along the move first; none unless the tool is out at speed 1
// for a trooper unit's standard move.
func (t *moveTool) embarkOffers(c Context) []EmbarkOffer {
	if !t.placed || t.speed != 1 || t.mode != rules.ModeStandard {
		return nil
	}
	if _, err := t.answer(c); err != nil {
		return nil
	}
	if t.embarks.asked && t.embarks.key == t.key {
		return t.embarks.offers
	}
	t.embarks = embarkCache{key: t.key, asked: true, offers: t.askEmbarkOffers(c)}
	return t.embarks.offers
}

func (t *moveTool) askEmbarkOffers(c Context) []EmbarkOffer {
	w := c.World()
	u, err := w.Unit(t.unit)
	if err != nil || !u.IsTrooper() || len(t.engagedWith(c)) > 0 {
		return nil
	}
	var out []EmbarkOffer
	for _, v := range w.Units {
		if v == u || rules.Enemies(u, v) || v.Keywords.Transport.Capacity <= len(v.Carried) {
			continue
		}
		op := &ops.UnitEmbark{Unit: t.unit, Vehicle: v.ID, Heading: t.opHeading(c), Bend: t.bend, Fraction: 1}
		a, err := op.Answer(w, t.leader, len(v.Carried))
		if err != nil {
			continue
		}
		at := 1.0
		if !a.Legal {
			if a.ContactAt < 0 {
				continue
			}
			at = a.ContactAt
			op.Fraction = at
			if b, err := op.Answer(w, t.leader, len(v.Carried)); err != nil || !b.Legal {
				continue
			}
		}
		out = append(out, EmbarkOffer{Vehicle: v.ID, At: at})
	}
	for i := 1; i < len(out); i++ { // nearest along the move first (a handful of transports)
		for k := i; k > 0 && out[k].At < out[k-1].At; k-- {
			out[k], out[k-1] = out[k-1], out[k]
		}
	}
	return out
}

// embark embarks the unit on vehicle ("" the first transport the move reaches).
func (t *moveTool) embark(c Context, vehicle string) error {
	if t.unit == "" {
		return errors.New(T("move.noUnit"))
	}
	var offer *EmbarkOffer
	for _, o := range t.embarkOffers(c) {
		if vehicle == "" || o.Vehicle == vehicle {
			offer = &o
			break
		}
	}
	if offer == nil {
		return errors.New(T("move.noVehicle"))
	}
	op := &ops.UnitEmbark{Unit: t.unit, Vehicle: offer.Vehicle, Heading: t.opHeading(c), Bend: t.bend, Fraction: offer.At}
	if err := c.Submit(op); err != nil {
		return errors.New(T("move.refused", errText(err)))
	}
	c.SetMessage(T("move.embarked", t.unit, offer.Vehicle))
	t.unit, t.leader, t.placed = "", "", false
	c.Select("")
	return nil
}

// carried are the units the tool's unit carries (none when it is no transport).
func (t *moveTool) carried(c Context) []string {
	u, err := c.World().Unit(t.unit)
	if err != nil {
		return nil
	}
	var out []string
	for _, cu := range u.Carried {
		out = append(out, cu.ID)
	}
	return out
}

// DisembarkToward is the disembark of carried unit c from the transport (leader vc, base radius
// rv; the carried leader's radius rm) towards point p: the leader first placed touching the
// transport on the side facing p, then a speed-1 move (tool length tool) straight towards p, as far
// as p or the full move (a round base's full move covers the tool and its diameter).
func DisembarkToward(unit string, vc r2.Point, rv, rm, tool float64, p r2.Point) *ops.UnitDisembark {
	d := p.Sub(vc)
	if d.Norm() == 0 {
		d = r2.Point{X: 1}
	}
	dir := d.Normalize()
	place := vc.Add(dir.Mul(rv + rm))
	heading := math.Atan2(dir.Y, dir.X) * 180 / math.Pi
	full := tool + 2*rm
	frac := math.Max(0, math.Min(1, p.Sub(place).Dot(dir)/full))
	return &ops.UnitDisembark{Unit: unit, X: place.X, Y: place.Y, Heading: &heading, Fraction: frac}
}

// disembarkOp is the disembark of carried unit ("" the first) from the tool's transport towards
// p (DisembarkToward), and the transport's id.
func (t *moveTool) disembarkOp(c Context, unit string, p r2.Point) (*ops.UnitDisembark, error) {
	if t.unit == "" {
		return nil, errors.New(T("move.noUnit"))
	}
	w := c.World()
	v, err := w.Unit(t.unit)
	if err != nil {
		return nil, err
	}
	if len(v.Carried) == 0 {
		return nil, errors.New(T("move.carriesNone", t.unit))
	}
	ci := 0
	if unit != "" {
		ci = -1
		for i := range v.Carried {
			if v.Carried[i].ID == unit {
				ci = i
			}
		}
		if ci < 0 {
			return nil, errors.New(T("move.notCarriedHere", t.unit, unit))
		}
	}
	cu := &v.Carried[ci]
	rm := 0.0
	for _, m := range cu.Minis {
		if m.Leader {
			rm = m.Base / 2
		}
	}
	return DisembarkToward(cu.ID, v.Leader.Centre(), v.Leader.Radius(), rm, w.File.Profile.MoveTools[0], p), nil
}

// disembark disembarks carried unit ("" the first) towards p.
func (t *moveTool) disembark(c Context, unit string, p r2.Point) error {
	op, err := t.disembarkOp(c, unit, p)
	if err != nil {
		return err
	}
	_, whole := c.World().DisembarkEvent(op.Unit, t.unit) // D111: the disembark may use the whole activation
	if err := c.Submit(op); err != nil {
		return errors.New(T("move.refused", errText(err)))
	}
	msg := T("move.disembarked", op.Unit, t.unit)
	for _, r := range whole {
		msg += " · " + reasonText(r)
	}
	c.SetMessage(msg)
	return nil
}

// transportLines are the panel's lines: the transport the move reaches, or what the unit carries.
func (t *moveTool) transportLines(c Context) []string {
	var out []string
	for _, o := range t.embarkOffers(c) {
		out = append(out, TFor(c.Fingers(), "move.embarkHint", o.Vehicle))
	}
	if cs := t.carried(c); len(cs) > 0 {
		out = append(out, TFor(c.Fingers(), "move.carries", t.unit, t.disembarkUnit(c)))
		if len(cs) > 1 {
			out = append(out, TFor(c.Fingers(), "move.carriedNext", strings.Join(cs, ", ")))
		}
	}
	return out
}

// transportKeys: E embarks on the first transport the move reaches; B disembarks the chosen
// carried unit (the first unless N chose another) towards the pointer.
func (t *moveTool) transportKeys(c Context, in *Input) {
	if t.unit == "" || in.Ctrl {
		return
	}
	var err error
	switch {
	case in.KeyPressed(ebiten.KeyE):
		err = t.embark(c, "")
	case in.KeyPressed(ebiten.KeyB):
		x, y := c.Camera().ScreenToWorld(in.X, in.Y)
		err = t.disembark(c, t.disembarkUnit(c), r2.Point{X: x, Y: y})
	case in.KeyPressed(ebiten.KeyN):
		t.nextCarried(c) // move_disembark.go
	}
	if err != nil {
		c.SetMessage(err.Error())
	}
}
