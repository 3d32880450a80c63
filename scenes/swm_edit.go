package scenes

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"holotable/ops"
	"holotable/render"
	"holotable/table"
)

// The grid map editor (issue 16, D117): the grid view's pointer tools besides the measure. Every
// change is an op of package ops (swm.paint, swm.wall.*, swm.door.*, swm.figure.*) submitted to
// the document, so it is validated there, undoable, autosaved and sent to an online room like any
// op; a refusal shows its one line and changes nothing. The view follows the document
// (syncGrid), so the measure, reach and targets are answered again on the edited map.
//
//   - paint: press on a square, drag, release: the rectangle between is painted the chosen kind
//     (one op; a click paints one square).
//   - wall: press at a grid corner, drag along a grid line, release: a wall with the chosen bevel
//     (erase: the walls along it are erased). A click toggles the wall on the square edge nearest
//     the pointer.
//   - door: a click on a square edge adds a closed door there (a wall on it is taken away in the
//     same undo), or opens a closed door and closes an open one (erase: removes it).
//   - figure: a click on an empty square places the chosen figure; a press on a figure and a
//     drag moves it; a click on a figure selects it (its card is then edited from the panel;
//     erase: removes it).
//   - zone: a drag marks the rectangle as the chosen squad's deployment zone (L134).

// gridTool is the grid view's pointer tool: a closed set.
type gridTool uint8

const (
	gridToolMeasure gridTool = iota // select and measure (swm_view.go)
	gridToolPaint
	gridToolWall
	gridToolDoor
	gridToolFigure
	gridToolZone
	gridTools
)

var gridToolNames = [gridTools]string{"measure", "paint", "wall", "door", "figure", "zone"}

func (t gridTool) String() string {
	if t < gridTools {
		return gridToolNames[t]
	}
	return fmt.Sprintf("gridTool(%d)", uint8(t))
}

// MarshalText writes the name.
func (t gridTool) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads a name.
func (t *gridTool) UnmarshalText(b []byte) error {
	if i := slices.Index(gridToolNames[:], string(b)); i >= 0 {
		*t = gridTool(i)
		return nil
	}
	return errors.New(T("grid.noTool", string(b)))
}

// gridEditor is the editor's choice of tool and what it puts down, and the drag under way.
type gridEditor struct {
	tool   gridTool
	square table.Square   // paint: the kind
	bevel  table.Bevel    // wall: the new wall's bevel
	erase  bool           // wall, door, figure: take away instead
	card   ops.GridFigure // figure: the one placed
	zone   int            // zone: the squad whose deployment zone a drag marks (0 or 1)
	press  *gridPress     // the drag under way, nil when none
}

// gridPress is a left-button drag of an editor tool: where it started and where it is, in
// squares (x right, y down the rows).
type gridPress struct {
	x0, y0, x, y float64
	figure       string // figure tool: the figure pressed on ("" none)
}

// defaultCard is the figure a new table's figure tool places.
func defaultCard() ops.GridFigure {
	return ops.GridFigure{Side: "rebels", Speed: 6, Reach: 1}
}

// gridAt is screen point (sx, sy) in squares (x right, y down the rows, not clamped).
func (g *gridView) gridAt(s *TableScene, sx, sy float64) (float64, float64) {
	wx, wy := s.cam.ScreenToWorld(sx, sy)
	return wx, float64(g.file.Height) - wy
}

// editUpdate is update for an editor tool: it reports whether it took the left button.
func (g *gridView) editUpdate(s *TableScene, in *Input) bool {
	e := &g.edit
	x, y := g.gridAt(s, in.X, in.Y)
	if e.press == nil {
		if !in.LeftPressed || x < 0 || y < 0 || x >= float64(g.file.Width) || y >= float64(g.file.Height) {
			return false
		}
		e.press = &gridPress{x0: x, y0: y, x: x, y: y}
		if e.tool == gridToolFigure {
			e.press.figure = g.figureAt(int(x), int(y))
		}
		g.rev++
		return true
	}
	if p := e.press; p.x != x || p.y != y {
		p.x, p.y = x, y
		g.rev++ // the preview follows
	}
	if in.Left {
		return true
	}
	p := e.press
	e.press = nil
	g.rev++
	ops := g.editOps(p)
	if len(ops) == 0 {
		return true
	}
	if err := s.doc.Submit(ops...); err != nil {
		s.message = errText(err)
	} else {
		s.message = ""
		s.syncGrid()
	}
	return true
}

// editOps are the ops a finished drag p of the editor's tool makes (none: nothing to do; a
// click on a figure with the figure tool selects it instead).
func (g *gridView) editOps(p *gridPress) []ops.Op {
	e, f := &g.edit, g.file
	clampSq := func(v float64, n int) int { return max(0, min(n-1, int(math.Floor(v)))) }
	ax, ay := clampSq(p.x0, f.Width), clampSq(p.y0, f.Height)
	bx, by := clampSq(p.x, f.Width), clampSq(p.y, f.Height)
	click := ax == bx && ay == by
	switch e.tool {
	case gridToolPaint:
		return []ops.Op{&ops.SWMPaint{X: min(ax, bx), Y: min(ay, by), W: abs(bx-ax) + 1, H: abs(by-ay) + 1, Square: e.square}}
	case gridToolZone:
		return []ops.Op{&ops.SWMZone{Zone: e.zone, X: min(ax, bx), Y: min(ay, by), W: abs(bx-ax) + 1, H: abs(by-ay) + 1}}
	case gridToolWall:
		from, to := gridWallDrag(p, f)
		if from == to { // a click: the nearest edge
			from, to = nearestEdge(p.x0, p.y0)
			if !e.erase && !g.walled(from, to) {
				return []ops.Op{&ops.SWMWallAdd{From: from, To: to, Bevel: e.bevel}}
			}
			return []ops.Op{&ops.SWMWallRemove{From: from, To: to}}
		}
		if e.erase {
			return []ops.Op{&ops.SWMWallRemove{From: from, To: to}}
		}
		return []ops.Op{&ops.SWMWallAdd{From: from, To: to, Bevel: e.bevel}}
	case gridToolDoor:
		from, to := nearestEdge(p.x, p.y)
		if d, ok := g.doorOn(from, to); ok {
			switch {
			case e.erase:
				return []ops.Op{&ops.SWMDoorRemove{DoorID: d.ID}}
			case d.State.Blocks():
				return []ops.Op{&ops.SWMDoorState{DoorID: d.ID, State: table.DoorOpen}}
			}
			return []ops.Op{&ops.SWMDoorState{DoorID: d.ID, State: table.DoorClosed}}
		}
		if e.erase {
			return nil
		}
		add := &ops.SWMDoorAdd{DoorID: g.freeID("door"), From: from, To: to}
		if g.walled(from, to) {
			return []ops.Op{&ops.SWMWallRemove{From: from, To: to}, add}
		}
		return []ops.Op{add}
	case gridToolFigure:
		switch {
		case p.figure != "" && e.erase:
			return []ops.Op{&ops.SWMFigureRemove{FigureID: p.figure}}
		case p.figure != "" && click:
			_ = g.selectFigure(p.figure)
			return nil
		case p.figure != "":
			fg, _ := g.figure(p.figure)
			// The figure keeps the square pressed under the pointer.
			nx, ny := fg.X+bx-ax, fg.Y+by-ay
			return []ops.Op{&ops.SWMFigureMove{FigureID: p.figure, X: nx, Y: ny}}
		case click && !e.erase:
			side := e.card.Side
			if side == "" {
				side = "figure"
			}
			return []ops.Op{&ops.SWMFigureAdd{FigureID: g.freeID(side), X: bx, Y: by, Figure: e.card}}
		}
	}
	return nil
}

func abs(v int) int { return max(v, -v) }

// gridWallDrag is the grid-line segment of a wall drag: from the corner nearest the press to the
// corner nearest the pointer along the row or column it is farther along.
func gridWallDrag(p *gridPress, f *table.SWMFile) (from, to [2]int) {
	corner := func(x, y float64) [2]int {
		return [2]int{max(0, min(f.Width, int(math.Round(x)))), max(0, min(f.Height, int(math.Round(y))))}
	}
	from, to = corner(p.x0, p.y0), corner(p.x, p.y)
	if abs(to[0]-from[0]) >= abs(to[1]-from[1]) {
		to[1] = from[1]
	} else {
		to[0] = from[0]
	}
	return from, to
}

// nearestEdge is the square edge nearest to point (x, y) of the square it is in.
func nearestEdge(x, y float64) (from, to [2]int) {
	sx, sy := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(sx), y-float64(sy)
	switch min(fx, 1-fx, fy, 1-fy) {
	case fx:
		return [2]int{sx, sy}, [2]int{sx, sy + 1}
	case 1 - fx:
		return [2]int{sx + 1, sy}, [2]int{sx + 1, sy + 1}
	case fy:
		return [2]int{sx, sy}, [2]int{sx + 1, sy}
	}
	return [2]int{sx, sy + 1}, [2]int{sx + 1, sy + 1}
}

// onGridLine reports whether the unit edge p–q lies on the grid-line segment a–b.
func onGridLine(a, b table.Point, p, q [2]int) bool {
	return table.OnGridLine(a, b, table.Point{X: p[0], Y: p[1]}, table.Point{X: q[0], Y: q[1]})
}

// walled reports whether a wall covers the unit edge p–q.
func (g *gridView) walled(p, q [2]int) bool {
	return slices.ContainsFunc(g.file.Walls, func(w table.Wall) bool { return onGridLine(w.From, w.To, p, q) })
}

// doorOn is the door covering the unit edge p–q.
func (g *gridView) doorOn(p, q [2]int) (table.Door, bool) {
	i := slices.IndexFunc(g.file.Doors, func(d table.Door) bool { return onGridLine(d.From, d.To, p, q) })
	if i < 0 {
		return table.Door{}, false
	}
	return g.file.Doors[i], true
}

// freeID is stem-k for the least k ≥ 1 that no door or figure uses.
func (g *gridView) freeID(stem string) string {
	for k := 1; ; k++ {
		id := stem + "-" + strconv.Itoa(k)
		if _, ok := g.figure(id); !ok && !slices.ContainsFunc(g.file.Doors, func(d table.Door) bool { return d.ID == id }) {
			return id
		}
	}
}

// drawEdit draws the drag under way: the rectangle to paint, the wall to draw or erase, the
// square a figure is moved to.
func (g *gridView) drawEdit(o *render.Overlay, pt func(x, y float64) (float32, float32), lw, u float32) {
	p := g.edit.press
	if p == nil {
		return
	}
	f := g.file
	clampSq := func(v float64, n int) int { return max(0, min(n-1, int(math.Floor(v)))) }
	switch g.edit.tool {
	case gridToolPaint, gridToolZone:
		ax, ay := clampSq(p.x0, f.Width), clampSq(p.y0, f.Height)
		bx, by := clampSq(p.x, f.Width), clampSq(p.y, f.Height)
		x0, y0 := pt(float64(min(ax, bx)), float64(min(ay, by)))
		x1, y1 := pt(float64(max(ax, bx)+1), float64(max(ay, by)+1))
		o.Rect(min(x0, x1), min(y0, y1), abs32(x1-x0), abs32(y1-y0), render.GridReach)
	case gridToolWall:
		from, to := gridWallDrag(p, f)
		ax, ay := pt(float64(from[0]), float64(from[1]))
		bx, by := pt(float64(to[0]), float64(to[1]))
		c := render.GridWall
		if g.edit.erase {
			c = render.GridNoSight
		}
		o.DashedLine(ax, ay, bx, by, 3*lw, 6*lw, 3*lw, c)
		o.Disc(ax, ay, 3*lw, c)
	case gridToolFigure:
		if p.figure == "" {
			return
		}
		fg, _ := g.figure(p.figure)
		n := float64(fg.Size.Squares())
		nx := float64(fg.X + clampSq(p.x, f.Width) - clampSq(p.x0, f.Width))
		ny := float64(fg.Y + clampSq(p.y, f.Height) - clampSq(p.y0, f.Height))
		cx, cy := pt(nx+n/2, ny+n/2)
		o.Ring(cx, cy, float32(n)*0.4*u, 2*lw, render.GridSelected)
	}
}

func abs32(v float32) float32 { return max(v, -v) }
