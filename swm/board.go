package swm

import (
	"fmt"

	"holotable/geometry"
	"holotable/table"
)

// Board is a grid table compiled for the rules: the squares, the walls as maximal runs (walls,
// closed doors and the outlines of solid squares merged along each grid line), which unit edges
// and lattice points the runs cover, and where the figures stand. A Board is immutable; a change
// of the file (a door opening, a figure moving) is a new Board.
type Board struct {
	f    *table.SWMFile
	w, h int
	runs []run
	// hRuns[y] and vRuns[x] index the runs on each grid line (y = c, x = c).
	hRuns, vRuns [][]int32
	// hEdge[y*w+x]: the unit edge (x,y)–(x+1,y) lies on a wall; vEdge[y*(w+1)+x]: the edge
	// (x,y)–(x,y+1) does.
	hEdge, vEdge []bool
	// touched[y*(w+1)+x]: the lattice point (x, y) belongs to a wall (a bevelled end does not).
	touched []bool
	// occupant[y*w+x]: the index of the figure on square (x, y), -1 for none.
	occupant []int
	byID     map[string]int
	// low lists the low-object squares (y*w+x); shapes holds the polygon of every square that can
	// give cover (low objects and figures' squares), for cover.go.
	low    []int
	shapes map[int]geometry.Shape
	// k is the perturbation factor of the exact line-of-sight search (lattice.go).
	k int64
}

// run is a maximal wall segment along one grid line: from (lo) to (hi) on the line y = c
// (horizontal) or x = c, lo < hi, each end closed unless bevelled (open).
type run struct {
	horizontal     bool
	c, lo, hi      int
	openLo, openHi bool
}

func (r run) String() string {
	a, b := table.Point{X: r.lo, Y: r.c}, table.Point{X: r.hi, Y: r.c}
	if !r.horizontal {
		a, b = table.Point{X: r.c, Y: r.lo}, table.Point{X: r.c, Y: r.hi}
	}
	return fmt.Sprintf("the wall from %v to %v", a, b)
}

// ends returns the run's end points.
func (r run) ends() (table.Point, table.Point) {
	if r.horizontal {
		return table.Point{X: r.lo, Y: r.c}, table.Point{X: r.hi, Y: r.c}
	}
	return table.Point{X: r.c, Y: r.lo}, table.Point{X: r.c, Y: r.hi}
}

// NewBoard compiles a file that table.LoadSWM accepted (or SaveSWM would write).
func NewBoard(f *table.SWMFile) *Board {
	w, h := f.Width, f.Height
	b := &Board{f: f, w: w, h: h,
		hEdge: make([]bool, w*(h+1)), vEdge: make([]bool, (w+1)*h), touched: make([]bool, (w+1)*(h+1)),
		occupant: make([]int, w*h), byID: map[string]int{}}
	l2 := int64(w*w + h*h)
	b.k = 2*l2 + 1

	// Each grid line's unit edges and lattice points: covered edges, and points a segment holds
	// (its inner points and its closed ends).
	hCover := make([][]bool, h+1)
	hClosed := make([][]bool, h+1)
	for y := range hCover {
		hCover[y], hClosed[y] = make([]bool, w), make([]bool, w+1)
	}
	vCover := make([][]bool, w+1)
	vClosed := make([][]bool, w+1)
	for x := range vCover {
		vCover[x], vClosed[x] = make([]bool, h), make([]bool, h+1)
	}
	add := func(a, c table.Point, openA, openC bool) {
		if a.Y == c.Y {
			if a.X > c.X {
				a, c, openA, openC = c, a, openC, openA
			}
			for x := a.X; x < c.X; x++ {
				hCover[a.Y][x] = true
				if x > a.X {
					hClosed[a.Y][x] = true
				}
			}
			hClosed[a.Y][a.X] = hClosed[a.Y][a.X] || !openA
			hClosed[a.Y][c.X] = hClosed[a.Y][c.X] || !openC
			return
		}
		if a.Y > c.Y {
			a, c, openA, openC = c, a, openC, openA
		}
		for y := a.Y; y < c.Y; y++ {
			vCover[a.X][y] = true
			if y > a.Y {
				vClosed[a.X][y] = true
			}
		}
		vClosed[a.X][a.Y] = vClosed[a.X][a.Y] || !openA
		vClosed[a.X][c.Y] = vClosed[a.X][c.Y] || !openC
	}
	for _, wl := range f.Walls {
		add(wl.From, wl.To, wl.Bevel.Open(true), wl.Bevel.Open(false))
	}
	for _, d := range f.Doors {
		if d.State.Blocks() {
			add(d.From, d.To, false, false)
		}
	}
	solid := func(x, y int) bool { return x >= 0 && y >= 0 && x < w && y < h && f.At(x, y) == table.SquareSolid }
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if !solid(x, y) {
				continue
			}
			// The outline of the solid region: the edges a solid square shares with a square that
			// is not solid (or with the map's border).
			if !solid(x, y-1) {
				add(table.Point{X: x, Y: y}, table.Point{X: x + 1, Y: y}, false, false)
			}
			if !solid(x, y+1) {
				add(table.Point{X: x, Y: y + 1}, table.Point{X: x + 1, Y: y + 1}, false, false)
			}
			if !solid(x-1, y) {
				add(table.Point{X: x, Y: y}, table.Point{X: x, Y: y + 1}, false, false)
			}
			if !solid(x+1, y) {
				add(table.Point{X: x + 1, Y: y}, table.Point{X: x + 1, Y: y + 1}, false, false)
			}
		}
	}
	// Runs: maximal stretches of covered edges whose inner points are held.
	extract := func(horizontal bool, c int, cover, closed []bool) {
		for i := 0; i < len(cover); {
			if !cover[i] {
				i++
				continue
			}
			j := i + 1
			for j < len(cover) && cover[j] && closed[j] {
				j++
			}
			b.runs = append(b.runs, run{horizontal: horizontal, c: c, lo: i, hi: j, openLo: !closed[i], openHi: !closed[j]})
			i = j
		}
	}
	for y := 0; y <= h; y++ {
		extract(true, y, hCover[y], hClosed[y])
		for x := 0; x < w; x++ {
			b.hEdge[y*w+x] = hCover[y][x]
		}
		for x := 0; x <= w; x++ {
			if hClosed[y][x] {
				b.touched[y*(w+1)+x] = true
			}
		}
	}
	for x := 0; x <= w; x++ {
		extract(false, x, vCover[x], vClosed[x])
		for y := 0; y < h; y++ {
			b.vEdge[y*(w+1)+x] = vCover[x][y]
		}
		for y := 0; y <= h; y++ {
			if vClosed[x][y] {
				b.touched[y*(w+1)+x] = true
			}
		}
	}

	b.hRuns, b.vRuns = make([][]int32, h+1), make([][]int32, w+1)
	for i, r := range b.runs {
		if r.horizontal {
			b.hRuns[r.c] = append(b.hRuns[r.c], int32(i))
		} else {
			b.vRuns[r.c] = append(b.vRuns[r.c], int32(i))
		}
	}
	for i := range b.occupant {
		b.occupant[i] = -1
	}
	b.shapes = map[int]geometry.Shape{}
	for i, g := range f.Figures {
		b.byID[g.ID] = i
		SpaceOf(g).Squares(func(x, y int) {
			b.occupant[y*w+x] = i
			b.shapes[y*w+x] = squareShape(x, y)
		})
	}
	for i, s := range f.Squares {
		if s == table.SquareLow {
			b.low = append(b.low, i)
			b.shapes[i] = squareShape(i%w, i/w)
		}
	}
	return b
}

// File returns the file the board was compiled from (not to be modified).
func (b *Board) File() *table.SWMFile { return b.f }

// Size returns the map's width and height in squares.
func (b *Board) Size() (w, h int) { return b.w, b.h }

// Figure returns the figure with that id and its index.
func (b *Board) Figure(id string) (table.Figure, int, error) {
	i, ok := b.byID[id]
	if !ok {
		return table.Figure{}, -1, fmt.Errorf("no figure '%s'", id)
	}
	return b.f.Figures[i], i, nil
}

// on reports whether square (x, y) is on the map.
func (b *Board) on(x, y int) bool { return x >= 0 && y >= 0 && x < b.w && y < b.h }

// at is the terrain of square (x, y) (on the map).
func (b *Board) at(x, y int) table.Square { return b.f.Squares[y*b.w+x] }

// wallH reports whether the unit edge (x,y)–(x+1,y) lies on a wall.
func (b *Board) wallH(x, y int) bool { return b.hEdge[y*b.w+x] }

// wallV reports whether the unit edge (x,y)–(x,y+1) lies on a wall.
func (b *Board) wallV(x, y int) bool { return b.vEdge[y*(b.w+1)+x] }

// pointTouched reports whether the lattice point (x, y) belongs to a wall.
func (b *Board) pointTouched(x, y int) bool { return b.touched[y*(b.w+1)+x] }

// inSpace reports whether space s lies on the map.
func (b *Board) inSpace(s Space) bool {
	return s.N >= 1 && s.X >= 0 && s.Y >= 0 && s.X+s.N <= b.w && s.Y+s.N <= b.h
}
