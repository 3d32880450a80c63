package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Move tool colours. The translucent ones are non-premultiplied (color.NRGBA).
var (
	ToolBand      = color.NRGBA{0xff, 0xd5, 0x4a, 0x66} // the movement tool: a translucent band
	ToolBandEdge  = color.NRGBA{0xff, 0xd5, 0x4a, 0xe0}
	PlannedPath   = color.NRGBA{0xff, 0xff, 0xff, 0x99} // the base centre's full path
	LegalColor    = color.RGBA{0x4c, 0xd9, 0x64, 0xff}  // a legal end, a follower in cohesion
	IllegalColor  = color.RGBA{0xff, 0x4d, 0x4d, 0xff}  // an illegal end, a blocker, a mini out of cohesion
	DifficultMark = color.RGBA{0xff, 0xa5, 0x1e, 0xff}  // difficult terrain that lowered the speed
	HandleFill    = color.RGBA{0xf4, 0xf4, 0xf4, 0xff}
	HandleHot     = color.RGBA{0xff, 0xd5, 0x4a, 0xff} // the handle being dragged or under the pointer
	HandleRim     = color.RGBA{0x20, 0x20, 0x20, 0xff}
)

// Disc is a circle on screen (centre and radius in pixels).
type Disc struct{ X, Y, R float32 }

// Handle is a draggable knob of a tool.
type Handle struct {
	X, Y, R float32
	Hot     bool
}

// MoveTool is the movement tool as it appears on screen: the tool itself (its centre line from
// the base edge through the joint to the far end, drawn as a band Width wide), the base centre's
// planned and travelled paths, the ghost base where the move ends, and the handles.
type MoveTool struct {
	Tool      [6]float32 // x, y of the tool's start, joint and far end
	Width     float32    // the tool's width in pixels
	Planned   []float32  // x0, y0, x1, y1, … the full path of the base centre
	Travelled []float32  // the path as travelled (up to the ghost)
	Ghost     Disc
	Legal     bool
	Handles   []Handle
	LineWidth float32
}

func nfill(dst *ebiten.Image, p *vector.Path, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(dst, p, nil, op)
}

// addPolyline adds the segments of a polyline (x, y pairs) of width w, with round joints.
func addPolyline(p *vector.Path, pts []float32, w float32) {
	for i := 2; i+1 < len(pts); i += 2 {
		addSegment(p, pts[i-2], pts[i-1], pts[i], pts[i+1], w)
	}
	for i := 2; i+3 < len(pts); i += 2 {
		addCircle(p, pts[i], pts[i+1], w/2, false)
	}
}

var toolPaths [8]vector.Path

// DrawMoveTool draws the movement tool overlay: every part of one colour in one path.
func DrawMoveTool(dst *ebiten.Image, t *MoveTool) {
	for i := range toolPaths {
		toolPaths[i].Reset()
	}
	band, bandEdge, planned, travelled, ghost, ghostRim, handles, rims := &toolPaths[0], &toolPaths[1],
		&toolPaths[2], &toolPaths[3], &toolPaths[4], &toolPaths[5], &toolPaths[6], &toolPaths[7]
	lw := t.LineWidth
	if lw <= 0 {
		lw = 1
	}
	end := IllegalColor
	if t.Legal {
		end = LegalColor
	}

	// The band: both halves as rectangles and the joint as a disc, all wound the same way so that
	// overlaps do not cancel (non-zero rule) and the translucent fill is even.
	x0, y0, x1, y1, x2, y2 := t.Tool[0], t.Tool[1], t.Tool[2], t.Tool[3], t.Tool[4], t.Tool[5]
	addSegment(band, x0, y0, x1, y1, t.Width)
	addSegment(band, x1, y1, x2, y2, t.Width)
	addCircle(band, x1, y1, t.Width/2, false)
	// Its outline: the two long sides of each half and the ends, as thin strips.
	for _, s := range [][4]float32{{x0, y0, x1, y1}, {x1, y1, x2, y2}} {
		dx, dy := s[2]-s[0], s[3]-s[1]
		l := float32(math.Hypot(float64(dx), float64(dy)))
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*t.Width/2, dx/l*t.Width/2
		addSegment(bandEdge, s[0]+nx, s[1]+ny, s[2]+nx, s[3]+ny, lw)
		addSegment(bandEdge, s[0]-nx, s[1]-ny, s[2]-nx, s[3]-ny, lw)
		addSegment(bandEdge, s[0]+nx, s[1]+ny, s[0]-nx, s[1]-ny, lw)
		addSegment(bandEdge, s[2]+nx, s[3]+ny, s[2]-nx, s[3]-ny, lw)
	}

	addPolyline(planned, t.Planned, lw)
	addPolyline(travelled, t.Travelled, 2.5*lw)
	if t.Ghost.R > 0 {
		addCircle(ghost, t.Ghost.X, t.Ghost.Y, t.Ghost.R, false)
		addRing(ghostRim, t.Ghost.X, t.Ghost.Y, t.Ghost.R-lw, t.Ghost.R+lw)
	}
	for _, h := range t.Handles {
		addCircle(rims, h.X, h.Y, h.R+lw, false)
	}

	nfill(dst, band, ToolBand)
	nfill(dst, bandEdge, ToolBandEdge)
	nfill(dst, planned, PlannedPath)
	nfill(dst, ghost, color.NRGBA{end.R, end.G, end.B, 0x70})
	nfill(dst, ghostRim, end)
	nfill(dst, travelled, end)
	nfill(dst, rims, HandleRim)
	// Handles: plain ones, then hot ones.
	for _, hot := range []bool{false, true} {
		handles.Reset()
		for _, h := range t.Handles {
			if h.Hot == hot {
				addCircle(handles, h.X, h.Y, h.R, false)
			}
		}
		c := HandleFill
		if hot {
			c = HandleHot
		}
		nfill(dst, handles, c)
	}
}

var hlFill, hlEdge vector.Path

// Highlight marks terrain pieces and discs in colour c: a translucent fill and an outline of width
// lineWidth (the thing that stopped a move, what its end overlaps, difficult terrain).
func Highlight(dst *ebiten.Image, pieces []Piece, discs []Disc, c color.RGBA, lineWidth float32) {
	if len(pieces) == 0 && len(discs) == 0 {
		return
	}
	hlFill.Reset()
	hlEdge.Reset()
	for _, pc := range pieces {
		if len(pc.Points) >= 6 {
			addPolygon(&hlFill, pc.Points)
			n := len(pc.Points)
			for i := 0; i < n; i += 2 {
				j := (i + 2) % n
				addSegment(&hlEdge, pc.Points[i], pc.Points[i+1], pc.Points[j], pc.Points[j+1], lineWidth)
				addCircle(&hlEdge, pc.Points[i], pc.Points[i+1], lineWidth/2, false)
			}
		} else {
			addCircle(&hlFill, pc.CX, pc.CY, pc.R, false)
			addRing(&hlEdge, pc.CX, pc.CY, pc.R-lineWidth/2, pc.R+lineWidth/2)
		}
	}
	for _, d := range discs {
		addCircle(&hlFill, d.X, d.Y, d.R, false)
		addRing(&hlEdge, d.X, d.Y, d.R, d.R+lineWidth)
	}
	nfill(dst, &hlFill, color.NRGBA{c.R, c.G, c.B, 0x50})
	nfill(dst, &hlEdge, c)
}

var ringPath vector.Path

// Rings draws a ring of colour c just outside each disc, width lineWidth (minis out of cohesion).
func Rings(dst *ebiten.Image, discs []Disc, c color.Color, lineWidth float32) {
	if len(discs) == 0 {
		return
	}
	ringPath.Reset()
	for _, d := range discs {
		addRing(&ringPath, d.X, d.Y, d.R+lineWidth, d.R+2.5*lineWidth)
	}
	nfill(dst, &ringPath, c)
}

var ghostPath, ghostRimPath vector.Path

// Ghosts draws outlines of bases that are not there yet (where the followers will go), in colour
// c, with a faint fill.
func Ghosts(dst *ebiten.Image, discs []Disc, c color.RGBA, lineWidth float32) {
	if len(discs) == 0 {
		return
	}
	ghostPath.Reset()
	ghostRimPath.Reset()
	for _, d := range discs {
		addCircle(&ghostPath, d.X, d.Y, d.R, false)
		addRing(&ghostRimPath, d.X, d.Y, d.R-lineWidth, d.R)
	}
	nfill(dst, &ghostPath, color.NRGBA{c.R, c.G, c.B, 0x38})
	nfill(dst, &ghostRimPath, c)
}

// Frame draws a rectangle's outline of width w in colour c (the table edge that stopped a move).
func Frame(dst *ebiten.Image, x, y, w, h, width float32, c color.Color) {
	vector.StrokeRect(dst, x, y, w, h, width, c, false)
}
