package swm

import (
	"fmt"

	"holotable/rules"
	"holotable/table"
)

// Distance (seed 004 L322, L1318; the digest's §1.16 C): squares are counted as for movement — an
// orthogonal step 1, a diagonal step 2, never through a wall or closed door and never diagonally
// past a lattice point a wall touches (L520, L784) — but terrain that slows movement does not
// count. The distance between two spaces is the fewest squares from any square of the first to
// any square of the second, the second's counted and the first's not. Characters do not block
// counting (the rules name only terrain). Pits do not matter for range (L1318) but are counted
// around for commander effects (L958, "other impassable terrain"): the mode chooses. On open
// ground the count is |dx| + |dy|, so "within 6 squares" is a diamond clipped by walls.
//
// The counting is a multi-source Dijkstra over squares with a three-bucket queue (steps cost 1 or
// 2), linear in the map's squares.

// Distance is the answer to "how many squares from one space to another".
type Distance struct {
	Squares   int  `json:"distance"`
	Reachable bool `json:"reachable"`
	// Path is one shortest count, square by square, from a square of the first space to a square
	// of the second (both included).
	Path    [][2]int       `json:"path"`
	Reasons []rules.Reason `json:"reasons"`
}

// Mode is how distance is counted: for range (pits do not matter) or for commander effects (pits
// are counted around).
type Mode uint8

const (
	ModeRange     Mode = iota // L322, L1318
	ModeCommander             // L958
)

func (m Mode) String() string {
	if m == ModeCommander {
		return "commander"
	}
	return "range"
}

// ParseMode reads a mode name: "range" (or "") and "commander".
func ParseMode(s string) (Mode, error) {
	switch s {
	case "", "range":
		return ModeRange, nil
	case "commander":
		return ModeCommander, nil
	}
	return 0, fmt.Errorf("no distance mode '%s' (range or commander)", s)
}

// DistanceOf counts the squares from figure from to figure to.
func (b *Board) DistanceOf(from, to string, mode Mode) (Distance, error) {
	ga, ia, err := b.Figure(from)
	if err != nil {
		return Distance{}, err
	}
	gc, ic, err := b.Figure(to)
	if err != nil {
		return Distance{}, err
	}
	if ia == ic {
		return Distance{}, fmt.Errorf("'%s' is the same figure", from)
	}
	return b.distance(SpaceOf(ga), SpaceOf(gc), mode == ModeCommander), nil
}

// distance counts from space a to space c.
func (b *Board) distance(a, c Space, commander bool) Distance {
	f := b.field(a, commander, true)
	best, bx, by := -1, 0, 0
	c.Squares(func(x, y int) {
		if d := f.dist[y*b.w+x]; d >= 0 && (best < 0 || d < best) {
			best, bx, by = d, x, y
		}
	})
	res := Distance{Squares: best, Reachable: best >= 0}
	cite, how := CiteDistance, "walls and closed doors counted around; low objects, difficult terrain and pits do not matter"
	if commander {
		cite, how = CiteCommander, "walls, closed doors and pits counted around (a commander effect)"
	}
	if !res.Reachable {
		res.Reasons = []rules.Reason{{Rule: "distance", Cite: cite, Text: fmt.Sprintf(
			"no count of squares reaches the %v from the %v (%s)", c, a, how)}}
		return res
	}
	res.Path = f.path(bx, by)
	res.Reasons = []rules.Reason{
		{Rule: "distance", Cite: cite, Text: fmt.Sprintf("%d squares from the %v to the %v, its square counted (%s)", best, a, c, how)},
		{Rule: "diagonal", Cite: CiteDiagonal, Text: "a diagonal step counts 2"},
		{Rule: "corner", Cite: CiteCorner, Text: "no diagonal step past a wall's corner that reaches the intersection"},
	}
	return res
}

// field is the distance from a space to every square: dist (−1 where no count reaches) and, when
// kept, each square's predecessor on a shortest count (−1 for the space's own squares).
type field struct {
	w    int
	dist []int
	prev []int
}

func (f field) path(x, y int) [][2]int {
	var rev [][2]int
	for i := y*f.w + x; i >= 0; i = f.prev[i] {
		rev = append(rev, [2]int{i % f.w, i / f.w})
	}
	out := make([][2]int, len(rev))
	for i, p := range rev {
		out[len(rev)-1-i] = p
	}
	return out
}

// steps are the eight steps from a square: orthogonal ones cost 1, diagonal ones 2.
var steps = [8]struct{ dx, dy, cost int }{
	{1, 0, 1}, {-1, 0, 1}, {0, 1, 1}, {0, -1, 1}, {1, 1, 2}, {-1, 1, 2}, {1, -1, 2}, {-1, -1, 2},
}

// passes reports whether a single square steps from (x, y) by (dx, dy) without crossing a wall:
// an orthogonal step crosses one unit edge, a diagonal step passes one lattice point.
func (b *Board) passes(x, y, dx, dy int) bool {
	switch {
	case dx == 1 && dy == 0:
		return !b.wallV(x+1, y)
	case dx == -1 && dy == 0:
		return !b.wallV(x, y)
	case dx == 0 && dy == 1:
		return !b.wallH(x, y+1)
	case dx == 0 && dy == -1:
		return !b.wallH(x, y)
	}
	px, py := x, y
	if dx > 0 {
		px++
	}
	if dy > 0 {
		py++
	}
	return !b.pointTouched(px, py)
}

// field counts from every square of space a (Dijkstra with buckets for costs 0, 1, 2 ahead).
func (b *Board) field(a Space, commander, keepPrev bool) field {
	n := b.w * b.h
	f := field{w: b.w, dist: make([]int, n)}
	if keepPrev {
		f.prev = make([]int, n)
	}
	for i := range f.dist {
		f.dist[i] = -1
	}
	var buckets [3][]int
	a.Squares(func(x, y int) {
		i := y*b.w + x
		f.dist[i] = 0
		if keepPrev {
			f.prev[i] = -1
		}
		buckets[0] = append(buckets[0], i)
	})
	blocked := func(x, y int) bool {
		s := b.at(x, y)
		return s == table.SquareSolid || commander && s == table.SquarePit
	}
	for d := 0; len(buckets[0])+len(buckets[1])+len(buckets[2]) > 0; d++ {
		cur := buckets[d%3]
		for _, i := range cur {
			if f.dist[i] != d {
				continue // reached more cheaply since it was queued
			}
			x, y := i%b.w, i/b.w
			for _, s := range steps {
				nx, ny := x+s.dx, y+s.dy
				if !b.on(nx, ny) || blocked(nx, ny) || !b.passes(x, y, s.dx, s.dy) {
					continue
				}
				j := ny*b.w + nx
				if f.dist[j] >= 0 && f.dist[j] <= d+s.cost {
					continue
				}
				f.dist[j] = d + s.cost
				if keepPrev {
					f.prev[j] = i
				}
				buckets[(d+s.cost)%3] = append(buckets[(d+s.cost)%3], j)
			}
		}
		buckets[d%3] = cur[:0]
	}
	return f
}

// Within lists the squares within n squares of figure id's space (its own squares excluded) and
// the other figures with a square among them (friend and foe, as Force Burst counts, L393, L1078),
// counted in the given mode (the digest's §1.16 H).
type Within struct {
	Squares [][2]int       `json:"squares"`
	Figures []string       `json:"figures"`
	Reasons []rules.Reason `json:"reasons"`
}

// WithinOf answers "within n squares" of figure id.
func (b *Board) WithinOf(id string, n int, mode Mode) (Within, error) {
	g, gi, err := b.Figure(id)
	if err != nil {
		return Within{}, err
	}
	if n < 0 || n > b.w+b.h {
		return Within{}, fmt.Errorf("within %d squares: n must be 0 to %d on this map", n, b.w+b.h)
	}
	a := SpaceOf(g)
	f := b.field(a, mode == ModeCommander, false)
	res := Within{Squares: [][2]int{}, Figures: []string{}}
	for y := 0; y < b.h; y++ {
		for x := 0; x < b.w; x++ {
			if d := f.dist[y*b.w+x]; d > 0 && d <= n {
				res.Squares = append(res.Squares, [2]int{x, y})
			}
		}
	}
	for i, o := range b.f.Figures {
		if i == gi {
			continue
		}
		in := false
		SpaceOf(o).Squares(func(x, y int) {
			if d := f.dist[y*b.w+x]; d >= 0 && d <= n {
				in = true
			}
		})
		if in {
			res.Figures = append(res.Figures, o.ID)
		}
	}
	cite := CiteAround
	if mode == ModeCommander {
		cite = CiteCommander
	}
	res.Reasons = []rules.Reason{{Rule: "within", Cite: cite, Text: fmt.Sprintf(
		"%d squares and %d other figures within %d squares of %s, counted around walls (%s mode), no line of sight needed",
		len(res.Squares), len(res.Figures), n, id, mode)}}
	return res, nil
}
