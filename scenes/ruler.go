package scenes

import (
	"encoding/json"
	"errors"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/render"
	"holotable/rules"
)

// The measure tool's ruler: Shift+drag (or the "ruler" command with no argument, then a left
// drag) from a base or any point to the base under the pointer or the pointer's point shows the
// edge-to-edge distance in the display unit and its range band, live while dragging
// (rules.World.Ruler). It stays until Escape or the next click.
//
// Command "ruler": with {from, to} (each a mini id or [x, y] in table units) it sets the ruler
// and returns {from, to, distance, band, live}; with no argument it arms the ruler for the next
// left drag and returns {armed: true}.

func init() {
	RegisterStrings(map[string][2]string{
		"measure.ruler":  {"%s · range %d", "%s · Reichweite %d"},
		"ruler.noEnd":    {"a ruler end needs a mini id or [x, y]", "ein Linealende braucht eine Miniatur-Id oder [x, y]"},
		"ruler.badEnd":   {"a ruler end is a mini id or [x, y], not %s", "ein Linealende ist eine Miniatur-Id oder [x, y], nicht %s"},
		"ruler.needBoth": {"the ruler needs both from and to", "das Lineal braucht from und to"},
	})
	RegisterCommand("ruler", measureRulerCommand)
}

type measureRuler struct {
	armed    bool // the next left press starts a ruler
	active   bool // a ruler is shown
	dragging bool // its far end follows the pointer
	from, to rules.RulerEnd
	ans      rules.RulerAnswer
}

// MeasureRulerState is the ruler in toolState.
type MeasureRulerState struct {
	From     any     `json:"from"` // a mini id or [x, y]
	To       any     `json:"to"`
	Distance float64 `json:"distance"`
	Band     int     `json:"band"`
	Live     bool    `json:"live"` // still being dragged
}

func (r *measureRuler) clear() { *r = measureRuler{} }

// endAt is the ruler end under a screen point: the base there (other than except), or the table
// point.
func measureEndAt(s Context, x, y float64, except string) rules.RulerEnd {
	if id := s.MiniAt(x, y); id != "" && id != except {
		return rules.RulerEnd{ID: id}
	}
	wx, wy := s.Camera().ScreenToWorld(x, y)
	return rules.RulerEnd{X: wx, Y: wy}
}

// start begins a ruler at the pointer.
func (r *measureRuler) start(s Context, w *rules.World, in *Input) {
	r.clear()
	r.active, r.dragging = true, true
	r.from = measureEndAt(s, in.X, in.Y, "")
	wx, wy := s.Camera().ScreenToWorld(in.X, in.Y)
	r.to = rules.RulerEnd{X: wx, Y: wy}
	r.recompute(w)
}

// update moves the far end to the pointer; the release leaves the ruler in place.
func (r *measureRuler) update(s Context, w *rules.World, in *Input) {
	r.to = measureEndAt(s, in.X, in.Y, r.from.ID)
	r.recompute(w)
	if !in.Left {
		r.dragging = false
	}
}

// recompute asks rules for the distance; a ruler whose mini is gone disappears.
func (r *measureRuler) recompute(w *rules.World) {
	if !r.active {
		return
	}
	ans, err := w.Ruler(r.from, r.to)
	if err != nil {
		armed := r.armed
		r.clear()
		r.armed = armed
		return
	}
	r.ans = ans
}

func (r *measureRuler) addShapes(s Context, o *render.Overlay) {
	if !r.active {
		return
	}
	lw := float32(s.Scale())
	x0, y0 := s.Camera().WorldToScreen(r.ans.From.X, r.ans.From.Y)
	x1, y1 := s.Camera().WorldToScreen(r.ans.To.X, r.ans.To.Y)
	o.Line(float32(x0), float32(y0), float32(x1), float32(y1), 2*lw, render.RulerColor)
	o.Disc(float32(x0), float32(y0), 3*lw, render.RulerColor)
	o.Disc(float32(x1), float32(y1), 3*lw, render.RulerColor)
}

func (r *measureRuler) drawLabel(s Context, c *render.TextCache, screen *ebiten.Image, size float64) {
	if !r.active {
		return
	}
	x0, y0 := s.Camera().WorldToScreen(r.ans.From.X, r.ans.From.Y)
	x1, y1 := s.Camera().WorldToScreen(r.ans.To.X, r.ans.To.Y)
	text := T("measure.ruler", FormatLength(r.ans.Distance, s.File().Units), r.ans.Band)
	if s.File().Ruleset == "specops" {
		text = rangeText(s.File(), r.ans.Band, r.ans.Distance)
	}
	c.Draw(screen, []render.TextLine{{Text: text, Color: render.RulerColor}}, (x0+x1)/2, (y0+y1)/2-6*s.Scale(), size, render.BottomCentre, true)
}

func measureEndJSON(e rules.RulerEnd) any {
	if e.ID != "" {
		return e.ID
	}
	return [2]float64{measureRound4(e.X), measureRound4(e.Y)}
}

func (r *measureRuler) state() *MeasureRulerState {
	if !r.active {
		return nil
	}
	return &MeasureRulerState{From: measureEndJSON(r.from), To: measureEndJSON(r.to),
		Distance: measureRound4(r.ans.Distance), Band: r.ans.Band, Live: r.dragging}
}

// measureParseEnd reads a ruler end: a mini id ("…") or a point ([x, y]).
func measureParseEnd(raw json.RawMessage) (rules.RulerEnd, error) {
	var id string
	if err := json.Unmarshal(raw, &id); err == nil {
		if id == "" {
			return rules.RulerEnd{}, errors.New(T("ruler.noEnd"))
		}
		return rules.RulerEnd{ID: id}, nil
	}
	var p [2]float64
	if err := json.Unmarshal(raw, &p); err != nil {
		return rules.RulerEnd{}, errors.New(T("ruler.badEnd", string(raw)))
	}
	return rules.RulerEnd{X: p[0], Y: p[1]}, nil
}

func measureRulerCommand(s *TableScene, arg jsonRaw) (any, error) {
	t, err := measureToolOf(s)
	if err != nil {
		return nil, err
	}
	var a struct {
		From json.RawMessage `json:"from"`
		To   json.RawMessage `json:"to"`
	}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	if len(a.From) == 0 && len(a.To) == 0 {
		t.ruler.clear()
		t.ruler.armed = true
		return map[string]bool{"armed": true}, nil
	}
	if len(a.From) == 0 || len(a.To) == 0 {
		return nil, errors.New(T("ruler.needBoth"))
	}
	from, err := measureParseEnd(a.From)
	if err != nil {
		return nil, err
	}
	to, err := measureParseEnd(a.To)
	if err != nil {
		return nil, err
	}
	t.sync(s)
	w := t.world(s)
	if _, err := w.Ruler(from, to); err != nil {
		return nil, err
	}
	t.ruler.clear()
	t.ruler.active, t.ruler.from, t.ruler.to = true, from, to
	t.ruler.recompute(w)
	return t.ruler.state(), nil
}
