package scenes

import (
	"slices"

	"holotable/ops"
	"holotable/render"
)

// The wall and door tools' preview (issue 16): before a click, the square edge under the pointer
// is drawn with what a click there would do — the very ops editOps would submit (add a wall or a
// door, take one away, open or close a door), in the colour of the last of them; the page's state
// names them (GridEditState.Aim), so a test can read what the picture shows.

// gridAim is what a click of the wall or door tool at the pointer would do.
type gridAim struct {
	from, to [2]int // the square edge nearest the pointer
	kinds    []ops.Kind
	last     ops.Op // the last op (it decides the colour); nil when a click does nothing
}

// GridAimState is the aim in the page's state.
type GridAimState struct {
	From [2]int     `json:"from"`
	To   [2]int     `json:"to"`
	Ops  []ops.Kind `json:"ops"` // what a click would submit, in order (empty: nothing)
}

// aimAt sets the aim for the pointer at (x, y) in squares (none off the grid, during a drag or
// with another tool) and bumps the view's revision when it changed.
func (g *gridView) aimAt(x, y float64) {
	var a *gridAim
	f := g.file
	inside := x >= 0 && y >= 0 && x < float64(f.Width) && y < float64(f.Height)
	if t := g.edit.tool; (t == gridToolWall || t == gridToolDoor) && g.edit.press == nil && inside {
		a = &gridAim{}
		a.from, a.to = nearestEdge(x, y)
		for _, op := range g.editOps(&gridPress{x0: x, y0: y, x: x, y: y}) {
			a.kinds = append(a.kinds, op.Kind())
			a.last = op
		}
	}
	if !sameAim(a, g.aim) {
		g.rev++ // the drawing shows it
	}
	g.aim = a
}

func sameAim(a, b *gridAim) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.from == b.from && a.to == b.to && slices.Equal(a.kinds, b.kinds)
}

// aimState is the aim for the page's state (nil when none).
func (g *gridView) aimState() *GridAimState {
	if g.aim == nil {
		return nil
	}
	return &GridAimState{From: g.aim.from, To: g.aim.to, Ops: append([]ops.Kind{}, g.aim.kinds...)}
}

// drawAim draws the aimed edge: a wall to be added in the wall colour, a door added, opened or
// closed in the door colour, anything taken away in the refusal red, and a thin grey line where a
// click does nothing.
func (g *gridView) drawAim(o *render.Overlay, pt func(x, y float64) (float32, float32), lw float32) {
	a := g.aim
	if a == nil {
		return
	}
	ax, ay := pt(float64(a.from[0]), float64(a.from[1]))
	bx, by := pt(float64(a.to[0]), float64(a.to[1]))
	c, w := render.GridNoSight, 3*lw
	switch a.last.(type) {
	case nil:
		c, w = render.GridDeploy, lw
	case *ops.SWMWallAdd:
		c = render.GridWall
	case *ops.SWMDoorAdd, *ops.SWMDoorState:
		c = render.GridDoor
	}
	o.DashedLine(ax, ay, bx, by, w, 4*lw, 3*lw, c)
}
