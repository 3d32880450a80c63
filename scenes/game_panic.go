package scenes

import (
	"encoding/json"
	"errors"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/render"
	"holotable/rules"
)

// The panic move on the table (issue 15: "panic at double courage, with the panic move's direction
// to the nearest edge suggested", D93): while the active unit is panicked (rules.CourageCheck) the
// game tool draws an arrow from its leader's base straight to the nearest battlefield edge
// (rules.PanicEdge: its heading and distance), and the panel's *Panic move* hands the move tool
// that unit with the heading preset, a full move (the route around terrain stays the players').

var gamePanicColour = color.RGBA{0xe5, 0x39, 0x35, 0xff}

// panicMove is the active unit's suggested panic move: its leader, where it stands, and the edge.
type panicMove struct {
	Unit     string  `json:"unit"`
	Edges    string  `json:"edges"` // the edge (or the edges that tie), in the page's language
	Heading  float64 `json:"heading"`
	Distance float64 `json:"distance"` // from the leader's base to the edge
	leader   string
	x, y, r  float64
	edge     rules.PanicEdgeAnswer
}

// panic is the active unit's panic move, or nil when no unit is active or it is not panicked.
func (t *gameTool) panic(s Context) *panicMove {
	g := s.State().File().Game
	if g == nil || g.Active == "" {
		return nil
	}
	w := s.World()
	cc, err := w.CourageCheck(g.Active)
	if err != nil || !cc.Panicked {
		return nil
	}
	pe, err := w.PanicEdge(g.Active)
	if err != nil {
		return nil
	}
	u, _ := w.Unit(g.Active)
	p := &panicMove{Unit: g.Active, Heading: pe.Heading, Distance: pe.Distance, leader: u.Leader.ID, x: u.Leader.X, y: u.Leader.Y, r: u.Leader.Radius(), edge: pe}
	for i, e := range pe.Edges {
		if i > 0 {
			p.Edges += ", "
		}
		p.Edges += T("play.edge." + e)
	}
	return p
}

// drawPanic draws the arrow of the active unit's panic move: from its leader's base to the edge.
func (t *gameTool) drawPanic(s Context, screen *ebiten.Image) {
	p := t.panic(s)
	if p == nil {
		return
	}
	cam := s.Camera()
	c, n := math.Cos(p.Heading*math.Pi/180), math.Sin(p.Heading*math.Pi/180)
	x0, y0 := cam.WorldToScreen(p.x+p.r*c, p.y+p.r*n)
	x1, y1 := cam.WorldToScreen(p.x+(p.r+p.edge.Distance)*c, p.y+(p.r+p.edge.Distance)*n)
	k := s.Scale()
	render.Arrow(screen, float32(x0), float32(y0), float32(x1), float32(y1), float32(3*k), gamePanicColour)
	render.Tag(screen, []render.TextLine{{Text: T("play.panicTag", p.Edges), Color: gamePanicColour}}, (x0+x1)/2, (y0+y1)/2-4*k, 10*k)
}

// startPanicMove switches to the move tool with the active unit's panic move preset: the unit
// picked, the heading to the edge, the full move.
func (t *gameTool) startPanicMove(s *TableScene) error {
	p := t.panic(s)
	if p == nil {
		return t.refuse(s, errors.New(T("play.noPanic")))
	}
	unit, _ := json.Marshal(p.Unit)
	if _, err := s.Command("moveSelect", unit); err != nil {
		return err
	}
	set, _ := json.Marshal(map[string]float64{"heading": p.Heading, "fraction": 1})
	if _, err := s.Command("moveSet", set); err != nil {
		s.SetMessage(T("play.panicBlocked", errText(err)))
	}
	return nil
}
