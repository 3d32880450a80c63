package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/render"
	"holotable/swm"
	"holotable/table"
)

// Drawing the grid table (swm_view.go): the squares by kind, the grid, the deployment zones, the
// walls (a bevelled end stops short of its intersection), the doors, the selected figure's sight
// (unseen squares darkened) and reach (its end squares tinted, a mark on those whose cheapest path
// provokes attacks of opportunity), the figures, and the measure's sight line with the attacker's
// corner. Everything but the heads-up panel is drawn into a layer kept until the camera, the
// screen or the view changes; an idle grid costs one image copy a frame, like the Legion table.

// gridDraw is the grid drawing's caches.
type gridDraw struct {
	layer  *ebiten.Image
	key    gridKey
	drawn  bool
	shapes render.Overlay
	labels render.LabelCache
}

// gridKey is what the layer depends on.
type gridKey struct {
	cam    Camera
	screen Screen
	rev    int
	lang   string
	labels bool
}

// drawGrid draws the grid table and the heads-up panel.
func (s *TableScene) drawGrid(screen *ebiten.Image) {
	g, k := s.grid, s.scale()
	d := &g.draw
	b := screen.Bounds()
	if d.layer == nil || d.layer.Bounds() != b {
		if d.layer != nil {
			d.layer.Deallocate()
		}
		d.layer, d.drawn = ebiten.NewImageWithOptions(b, nil), false
	}
	key := gridKey{cam: s.cam, screen: s.screen, rev: g.rev, lang: Language(), labels: s.overlays.Labels}
	if !d.drawn || d.key != key {
		g.drawLayer(s, d.layer)
		d.key, d.drawn = key, true
	}
	screen.DrawImage(d.layer, &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy})
	s.hud.Draw(screen, s.hudLines(), 8*k, s.hudTop(), hudFontSize*k)
	s.hud.EndFrame()
}

// drawLayer draws the map, the overlays and the figures.
func (g *gridView) drawLayer(s *TableScene, dst *ebiten.Image) {
	dst.Fill(render.Background)
	if s.cam.Zoom == 0 {
		return
	}
	k := float32(s.scale())
	f := g.file
	pt := func(x, y float64) (float32, float32) {
		wx, wy := g.gridWorld(x, y)
		sx, sy := s.cam.WorldToScreen(wx, wy)
		return float32(sx), float32(sy)
	}
	u := float32(s.cam.Zoom) // pixels per square
	o := &g.draw.shapes
	o.Reset()

	// Squares by kind.
	x0, y0 := pt(0, 0)
	o.Rect(x0, y0, u*float32(f.Width), u*float32(f.Height), render.GridOpen)
	for y := 0; y < f.Height; y++ {
		for x := 0; x < f.Width; x++ {
			if q := f.At(x, y); q != table.SquareOpen {
				sx, sy := pt(float64(x), float64(y))
				o.Rect(sx, sy, u, u, render.GridSquareColor(int(q)))
			}
		}
	}
	// The selected figure's sight and reach.
	if g.sel != "" {
		for y := 0; y < f.Height; y++ {
			for x := 0; x < f.Width; x++ {
				if len(g.sight.Seen) > 0 && !g.sight.At(x, y) {
					sx, sy := pt(float64(x), float64(y))
					o.Rect(sx, sy, u, u, render.GridUnseen)
				}
			}
		}
		if g.reach != nil {
			fg, _ := g.figure(g.sel)
			n := float64(fg.Size.Squares())
			for _, e := range g.reach.Ends {
				sx, sy := pt(float64(e.X), float64(e.Y))
				o.Rect(sx+1, sy+1, u*float32(n)-2, u*float32(n)-2, render.GridReach)
				if e.Provoking > 0 {
					cx, cy := pt(float64(e.X)+n/2, float64(e.Y)+n/2)
					o.Ring(cx, cy, u*0.18, 1.5*k, render.GridProvoke)
				}
			}
		}
	}
	// The grid.
	lw := k
	for x := 0; x <= f.Width; x++ {
		ax, ay := pt(float64(x), 0)
		bx, by := pt(float64(x), float64(f.Height))
		o.Line(ax, ay, bx, by, 0.75*lw, render.GridSquareLine)
	}
	for y := 0; y <= f.Height; y++ {
		ax, ay := pt(0, float64(y))
		bx, by := pt(float64(f.Width), float64(y))
		o.Line(ax, ay, bx, by, 0.75*lw, render.GridSquareLine)
	}
	// The deployment zones (4 squares from each short edge, L134).
	for _, z := range g.board.Deployment() {
		a, b := table.Point{X: z.X, Y: z.Y}, table.Point{X: z.X + z.W, Y: z.Y + z.H}
		for _, e := range [][4]int{{a.X, a.Y, b.X, a.Y}, {b.X, a.Y, b.X, b.Y}, {b.X, b.Y, a.X, b.Y}, {a.X, b.Y, a.X, a.Y}} {
			ax, ay := pt(float64(e[0]), float64(e[1]))
			bx, by := pt(float64(e[2]), float64(e[3]))
			o.DashedLine(ax, ay, bx, by, lw, 5*lw, 4*lw, render.GridDeploy)
		}
	}
	// Walls: a bevelled end stops short of its grid intersection (L520, L784).
	const bevel = 0.18
	for _, w := range f.Walls {
		ax, ay, bx, by := float64(w.From.X), float64(w.From.Y), float64(w.To.X), float64(w.To.Y)
		l := math.Hypot(bx-ax, by-ay) // at least 1: a wall is a square edge long or longer
		dx, dy := (bx-ax)/l, (by-ay)/l
		if w.Bevel.Open(true) {
			ax, ay = ax+bevel*dx, ay+bevel*dy
		}
		if w.Bevel.Open(false) {
			bx, by = bx-bevel*dx, by-bevel*dy
		}
		sx0, sy0 := pt(ax, ay)
		sx1, sy1 := pt(bx, by)
		o.Line(sx0, sy0, sx1, sy1, 4*lw, render.GridWall)
	}
	// Doors: closed ones as thick blue lines, open ones dashed; a held door has a disc at its middle.
	for _, d := range f.Doors {
		sx0, sy0 := pt(float64(d.From.X), float64(d.From.Y))
		sx1, sy1 := pt(float64(d.To.X), float64(d.To.Y))
		switch {
		case d.State.Blocks():
			o.Line(sx0, sy0, sx1, sy1, 4*lw, render.GridDoor)
		case d.State != table.DoorRemoved:
			o.DashedLine(sx0, sy0, sx1, sy1, 1.5*lw, 4*lw, 3*lw, render.GridDoor)
		}
		if d.State.Held() {
			o.Disc((sx0+sx1)/2, (sy0+sy1)/2, 3*lw, render.GridDoor)
		}
	}
	// The figures: a disc on the space, ringed when selected, measured to, or a legal target.
	legal := map[string]bool{}
	if g.targets != nil {
		for _, id := range g.targets.Legal {
			legal[id] = true
		}
	}
	for _, fg := range f.Figures {
		n := float64(fg.Size.Squares())
		cx, cy := pt(float64(fg.X)+n/2, float64(fg.Y)+n/2)
		r := u * float32(n) * 0.4
		o.Disc(cx, cy, r, render.SideColor(fg.Side))
		ring := color.RGBA{0x10, 0x10, 0x10, 0xff}
		w := 1.5 * lw
		switch {
		case fg.ID == g.sel:
			ring, w = render.GridSelected, 3*lw
		case fg.ID == g.target:
			ring, w = render.GridTarget, 3*lw
		case legal[fg.ID]:
			ring, w = render.GridLegal, 2.5*lw
		}
		o.Ring(cx, cy, r, w, ring)
	}
	// The path to the square under the pointer: its steps from centre to centre, a provoking
	// step's start ringed in the attack-of-opportunity colour.
	if len(g.path) > 0 {
		fg, _ := g.figure(g.sel)
		h := float64(fg.Size.Squares()) / 2
		for _, st := range g.path {
			ax, ay := pt(float64(st.From[0])+h, float64(st.From[1])+h)
			bx, by := pt(float64(st.To[0])+h, float64(st.To[1])+h)
			c := render.GridSelected
			if len(st.Provokes) > 0 {
				c = render.GridProvoke
				o.Disc(ax, ay, 4*lw, c)
			}
			o.Line(ax, ay, bx, by, 2*lw, c)
		}
	}
	// The measure: a clear sight line, or a red dashed line between the centres; the attacker's
	// corner from which the defender has no cover.
	if m := g.measure; m != nil {
		if m.LOS.Visible {
			ax, ay := pt(m.LOS.Line[0][0], m.LOS.Line[0][1])
			bx, by := pt(m.LOS.Line[1][0], m.LOS.Line[1][1])
			o.Line(ax, ay, bx, by, 2*lw, render.GridSightLine)
			o.Disc(ax, ay, 3*lw, render.GridSightLine)
			o.Disc(bx, by, 3*lw, render.GridSightLine)
		} else {
			fa, _ := g.figure(m.From)
			fb, _ := g.figure(m.To)
			ax, ay := pt(spaceCentre(fa))
			bx, by := pt(spaceCentre(fb))
			o.DashedLine(ax, ay, bx, by, 2*lw, 6*lw, 4*lw, render.GridNoSight)
		}
		if c := m.Cover.Corner; c != nil {
			cx, cy := pt(float64(c.X), float64(c.Y))
			o.Ring(cx, cy, 5*lw, 2*lw, render.GridCorner)
		}
	}
	g.drawEdit(o, pt, lw, u) // the editor's drag (swm_edit.go)
	g.drawAim(o, pt, lw)     // what a click of the wall or door tool would do (swm_aim.go)
	o.Draw(dst)

	// Figure names, once there is room.
	if s.overlays.Labels && u >= 18*k {
		size := 10 * float64(k)
		for _, fg := range f.Figures {
			n := float64(fg.Size.Squares())
			cx, cy := pt(float64(fg.X)+n/2, float64(fg.Y)+n)
			g.draw.labels.Draw(dst, fg.ID, float64(cx), float64(cy)+2*float64(k), size, render.LabelColor)
		}
	}
	g.draw.labels.EndFrame()
}

// spaceCentre is the centre of a figure's space, in squares.
func spaceCentre(f table.Figure) (float64, float64) {
	sp := swm.SpaceOf(f)
	return float64(sp.X) + float64(sp.N)/2, float64(sp.Y) + float64(sp.N)/2
}
