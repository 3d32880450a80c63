package scenes

import (
	"errors"
	"math"
	"slices"

	"github.com/golang/geo/r2"
	"github.com/hajimehoshi/ebiten/v2"

	"holotable/ops"
	"holotable/render"
)

// The disembark preview (issue 14, D110). With a transport that carries units in the move tool,
// the disembark that key B (or the panel's Disembark button) would make towards the pointer is
// shown before it is made: the op DisembarkToward builds — the leader placed in base contact with
// the vehicle on the side facing the pointer, then its speed-1 move towards it (RRG 2.0 Ein- und
// Aussteigen L5151–5154) — is planned exactly as a commit plans it (ops.Preview: the rules'
// Disembark and the followers placed in cohesion by PlaceFollowers), and its minis are drawn as
// ghosts where it would put them. When the op is refused, the leader's first place is drawn in the
// refusal colour with the refusal's reason beside it (not in base contact, overlapping, touching
// an enemy, no room in cohesion, ...). The preview is planned again only when the pointer, the
// carried unit or the document changes. A transport carrying several units previews the one
// chosen (D139): the first, or the next with key N, or the one the panel's list names
// (moveDisembarkUnit); B and the Disembark button disembark that one.

// DisembarkState is the preview in the move tool's state.
type DisembarkState struct {
	Unit  string  `json:"unit"`
	X     float64 `json:"x"` // the point it disembarks towards
	Y     float64 `json:"y"`
	Legal bool    `json:"legal"`
	// Place is where the leader is first put, touching the transport.
	Place [2]float64 `json:"place"`
	// Minis are where a commit puts the unit's minis (none when refused).
	Minis  []MiniState `json:"minis"`
	Reason string      `json:"reason,omitempty"`
	// Carried lists the units the transport carries when it carries more than one (the page's
	// choice of Unit, moveDisembarkUnit; key N takes the next).
	Carried []string `json:"carried,omitempty"`
}

// disembarkPreview is the planned preview for a document revision, carried unit and aim.
type disembarkPreview struct {
	rev   int
	unit  string
	aim   r2.Point
	asked bool
	op    *ops.UnitDisembark
	minis []MiniState
	err   error
}

func init() {
	// moveDisembarkUnit {unit}: the carried unit the preview shows and B disembarks (D139).
	RegisterCommand("moveDisembarkUnit", func(s *TableScene, arg jsonRaw) (any, error) {
		var unit string
		if err := argInto(arg, &unit); err != nil {
			return nil, err
		}
		t, err := moveToolOf(s)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(t.carried(s), unit) {
			return nil, errors.New(T("move.notCarriedHere", t.unit, unit))
		}
		t.disUnit = unit
		return t.State(s), nil
	})
	RegisterStrings(map[string][2]string{
		"move.carriedNext":       {"N: another carried unit (%s)", "N: eine andere transportierte Einheit (%s)"},
		"move.carriedNext.touch": {"another carried unit: the list below (%s)", "eine andere transportierte Einheit: die Liste unten (%s)"},
		"ui.move.disembarkWhich": {"Carried unit (N)", "Transportierte Einheit (N)"},
		"ui.move.disembark":      {"Disembark %s", "%s aussteigen lassen"},
		"move.disembarkNo":       {"%s cannot disembark here: %s", "%s kann hier nicht aussteigen: %s"},
		"move.disembarkHere":     {"B: %s disembarks here", "B: %s steigt hier aus"},
	})
}

// aimDisembark keeps the pointer's table point while the tool's unit carries units.
func (t *moveTool) aimDisembark(c Context, in *Input) {
	if len(t.carried(c)) == 0 {
		return
	}
	x, y := c.Camera().ScreenToWorld(in.X, in.Y)
	t.aim, t.aimed = r2.Point{X: x, Y: y}, true
}

// disembarkUnit is the carried unit B disembarks and the preview shows: the one chosen with N
// (or the panel's list, moveDisembarkUnit) while the tool's transport carries it, else the
// first ("" when it carries none).
func (t *moveTool) disembarkUnit(c Context) string {
	cs := t.carried(c)
	if len(cs) == 0 {
		return ""
	}
	if slices.Contains(cs, t.disUnit) {
		return t.disUnit
	}
	return cs[0]
}

// nextCarried chooses the carried unit after the chosen one, the first after the last.
func (t *moveTool) nextCarried(c Context) {
	cs := t.carried(c)
	if len(cs) == 0 {
		return
	}
	i := slices.Index(cs, t.disembarkUnit(c))
	t.disUnit = cs[(i+1)%len(cs)]
	c.SetMessage(TFor(c.Fingers(), "move.carries", t.unit, t.disUnit))
}

// disembarkPreview plans the disembark of the chosen carried unit towards the aim (nil when the
// tool's unit carries none or no aim is known yet).
func (t *moveTool) disembarkPreview(c Context) *disembarkPreview {
	unit := t.disembarkUnit(c)
	if unit == "" || !t.aimed {
		return nil
	}
	p := &t.disPrev
	if p.asked && p.rev == c.Rev() && p.unit == unit && p.aim == t.aim {
		return p
	}
	*p = disembarkPreview{rev: c.Rev(), unit: unit, aim: t.aim, asked: true}
	p.op, p.err = t.disembarkOp(c, unit, t.aim)
	if p.err != nil {
		return p
	}
	f, _, err := ops.Preview(p.op, c.State())
	if err != nil {
		p.err = err
		return p
	}
	if ref, ok := f.Lookup(unit); ok && ref.Unit != nil {
		for _, m := range ref.Unit.Minis {
			p.minis = append(p.minis, MiniState{ID: m.ID, X: m.X, Y: m.Y, Base: m.Base, Leader: m.Leader})
		}
	} else {
		p.err = errors.New(T("units.noUnit", unit))
	}
	return p
}

// disembarkState is the preview for the tool's state (nil when none).
func (t *moveTool) disembarkState(c Context) *DisembarkState {
	p := t.disembarkPreview(c)
	if p == nil {
		return nil
	}
	st := &DisembarkState{Unit: p.unit, X: p.aim.X, Y: p.aim.Y, Legal: p.err == nil, Minis: p.minis}
	if cs := t.carried(c); len(cs) > 1 {
		st.Carried = cs
	}
	if p.op != nil {
		st.Place = [2]float64{p.op.X, p.op.Y}
	}
	if p.err != nil {
		st.Reason = errText(p.err)
	}
	return st
}

// drawDisembark draws the preview: the minis' ghosts, or the leader's first place and the reason
// it is refused.
func (t *moveTool) drawDisembark(c Context, screen *ebiten.Image) {
	p := t.disembarkPreview(c)
	if p == nil {
		return
	}
	cam, k := c.Camera(), c.Scale()
	lw := float32(k)
	disc := func(x, y, r float64) render.Disc {
		sx, sy := cam.WorldToScreen(x, y)
		return render.Disc{X: float32(sx), Y: float32(sy), R: float32(cam.Length(r))}
	}
	size := 12 * k
	if p.err == nil {
		ds := make([]render.Disc, len(p.minis))
		for i, m := range p.minis {
			ds[i] = disc(m.X, m.Y, m.Base/2)
		}
		render.Ghosts(screen, ds, render.LegalColor, 1.5*lw)
		if len(p.minis) > 0 {
			x, y := cam.WorldToScreen(p.minis[0].X, p.minis[0].Y)
			render.Label(screen, T("move.disembarkHere", p.unit), x, y+cam.Length(p.minis[0].Base/2)+4*k, size, render.LegalColor)
		}
		return
	}
	if p.op == nil {
		return
	}
	r := 0.0
	if u, err := c.World().Unit(t.unit); err == nil {
		for _, cu := range u.Carried {
			for _, m := range cu.Minis {
				if cu.ID == p.unit && m.Leader {
					r = m.Base / 2
				}
			}
		}
	}
	render.Ghosts(screen, []render.Disc{disc(p.op.X, p.op.Y, r)}, render.IllegalColor, 1.5*lw)
	x, y := cam.WorldToScreen(p.op.X, p.op.Y)
	render.Label(screen, T("move.disembarkNo", p.unit, errText(p.err)), x, y+cam.Length(math.Max(r, 0))+4*k, size, render.IllegalColor)
}
