package geometry

import (
	"cmp"
	"slices"

	"github.com/golang/geo/r2"
)

// ringCrossing finds two edges of the vertex ring pts that meet where a simple polygon's edges
// may not: two edges that are not consecutive and share a point (cross, touch or overlap). Edge e
// runs from pts[e] to pts[e+1 mod n]. The ring has n ≥ 3 vertices, no zero-length edge and no two
// consecutive edges that fold back onto each other (ValidatePolygon checks those first), so
// consecutive edges meet only at their shared vertex and are never a fault here.
//
// Method: Shamos–Hoey. A line sweeps the plane from left to right (points in (x, y) order, which
// is a sweep line turned a hair so that no edge is parallel to it); the edges it cuts are kept in
// a balanced search tree (a treap) in their order along it. Until the sweep passes the leftmost
// point where two edges meet, that order is well defined and the two edges are neighbours in it
// at some moment, so it suffices to test each pair of edges that become neighbours — when an
// edge is inserted, with the edges just below and above it; when one is removed, the two it
// separated — plus an edge being inserted at a point that lies on an edge already in the tree.
// That is O(n log n) with exact predicates (exactOrient), whatever the input.
//
// Which pair is reported: the first pair the sweep finds meeting, as (i, j) with i < j. The
// sweep visits the edge end points in (x, y) order, at one point first inserting the edges that
// start there (in edge order), then removing those that end there (in edge order), and tests a
// new edge against the tree's edges on its way down the tree and then against its two
// neighbours; the first test that finds two edges meeting decides. A ring with one such pair
// (the common case: one bow tie) gets that pair; with several, the sweep's first, which is
// deterministic but need not be the pair with the smallest edge numbers.
func ringCrossing(pts []r2.Point) (i, j int, found bool) {
	n := len(pts)
	sw := sweeper{pts: pts, n: n, lo: make([]int32, n), nodes: make([]treapNode, n), root: -1}
	events := make([]sweepEvent, 0, 2*n)
	for e := range n {
		a, b := pts[e], pts[(e+1)%n]
		if lexLess(b, a) {
			a, b = b, a
			sw.lo[e] = 1 // the left end point is pts[e+1]
		}
		events = append(events, sweepEvent{a, int32(e), false}, sweepEvent{b, int32(e), true})
		sw.nodes[e] = treapNode{left: -1, right: -1, parent: -1, prio: splitmix(uint64(e))}
	}
	slices.SortFunc(events, func(x, y sweepEvent) int {
		if c := cmp.Compare(x.p.X, y.p.X); c != 0 {
			return c
		}
		if c := cmp.Compare(x.p.Y, y.p.Y); c != 0 {
			return c
		}
		if x.end != y.end {
			if x.end {
				return 1 // insert before removing at the same point: edges touching there meet
			}
			return -1
		}
		return cmp.Compare(x.edge, y.edge)
	})
	for _, ev := range events {
		e := int(ev.edge)
		if !ev.end {
			if f, hit := sw.insert(e); hit {
				return min(e, f), max(e, f), true
			}
			for _, f := range [2]int{sw.prev(e), sw.next(e)} {
				if f >= 0 && sw.meet(e, f) {
					return min(e, f), max(e, f), true
				}
			}
			continue
		}
		p, q := sw.prev(e), sw.next(e)
		sw.remove(e)
		if p >= 0 && q >= 0 && sw.meet(p, q) {
			return min(p, q), max(p, q), true
		}
	}
	return -1, -1, false
}

// sweepEvent is an edge's left (end = false) or right end point.
type sweepEvent struct {
	p    r2.Point
	edge int32
	end  bool
}

// lexLess is the sweep's order of points: by x, then by y.
func lexLess(a, b r2.Point) bool { return a.X < b.X || a.X == b.X && a.Y < b.Y }

// sweeper is the state of ringCrossing: the ring, each edge's left end (lo[e] = 0: pts[e], 1:
// pts[e+1]) and the treap of the edges the sweep line cuts, ordered from below to above.
type sweeper struct {
	pts   []r2.Point
	n     int
	lo    []int32
	nodes []treapNode
	root  int32
}

// treapNode is edge e's node: children, parent (-1 for none) and heap priority.
type treapNode struct {
	left, right, parent int32
	prio                uint64
}

// ends returns edge e's left and right end points in sweep order.
func (s *sweeper) ends(e int) (r2.Point, r2.Point) {
	a, b := s.pts[e], s.pts[(e+1)%s.n]
	if s.lo[e] == 1 {
		return b, a
	}
	return a, b
}

// consecutive reports whether edges e and f share a vertex of the ring.
func (s *sweeper) consecutive(e, f int) bool {
	d := e - f
	return d == 1 || d == -1 || d == s.n-1 || d == 1-s.n
}

// meet reports whether edges e and f meet where they may not: they are not consecutive and
// share a point.
func (s *sweeper) meet(e, f int) bool {
	if s.consecutive(e, f) {
		return false
	}
	a, b := s.ends(e)
	c, d := s.ends(f)
	return segmentsMeetExact(a, b, c, d)
}

// above compares edge e, entering the tree at its left end point p, with edge t, which the
// sweep line cuts at p: +1 when e lies above t there, -1 below. hit is true when p lies on t and
// the two are not consecutive (they meet at p).
func (s *sweeper) above(e, t int) (side int, hit bool) {
	p, q := s.ends(e)
	tl, tr := s.ends(t)
	if o := exactOrient(tl, tr, p); o != 0 {
		return o, false
	}
	// p lies on t (t spans p in sweep order, so on its line means on it).
	if !s.consecutive(e, t) {
		return 0, true
	}
	// They share the vertex p: the far end decides; collinear (a straight continuation, since
	// folds were refused first) goes above.
	if o := exactOrient(tl, tr, q); o != 0 {
		return o, false
	}
	return 1, false
}

// insert puts edge e into the tree at its place along the sweep line. It returns an edge e
// meets when its left end point lies on that edge (found on the way down).
func (s *sweeper) insert(e int) (int, bool) {
	nd := s.nodes
	if s.root < 0 {
		s.root = int32(e)
		return -1, false
	}
	cur := int(s.root)
	for {
		side, hit := s.above(e, cur)
		if hit {
			return cur, true
		}
		child := &nd[cur].left
		if side > 0 {
			child = &nd[cur].right
		}
		if *child < 0 {
			*child = int32(e)
			nd[e].parent = int32(cur)
			break
		}
		cur = int(*child)
	}
	for p := nd[e].parent; p >= 0 && nd[e].prio > nd[p].prio; p = nd[e].parent {
		s.rotateUp(e)
	}
	return -1, false
}

// remove takes edge e out of the tree: it is rotated down to a leaf and cut off.
func (s *sweeper) remove(e int) {
	nd := s.nodes
	for nd[e].left >= 0 || nd[e].right >= 0 {
		c := nd[e].left
		if c < 0 || nd[e].right >= 0 && nd[nd[e].right].prio > nd[c].prio {
			c = nd[e].right
		}
		s.rotateUp(int(c))
	}
	switch p := nd[e].parent; {
	case p < 0:
		s.root = -1
	case nd[p].left == int32(e):
		nd[p].left = -1
	default:
		nd[p].right = -1
	}
	nd[e].parent = -1
}

// rotateUp rotates node x above its parent, keeping the in-order sequence.
func (s *sweeper) rotateUp(x int) {
	nd := s.nodes
	p := int(nd[x].parent)
	g := nd[p].parent
	if nd[p].left == int32(x) {
		nd[p].left = nd[x].right
		if nd[x].right >= 0 {
			nd[nd[x].right].parent = int32(p)
		}
		nd[x].right = int32(p)
	} else {
		nd[p].right = nd[x].left
		if nd[x].left >= 0 {
			nd[nd[x].left].parent = int32(p)
		}
		nd[x].left = int32(p)
	}
	nd[p].parent = int32(x)
	nd[x].parent = g
	switch {
	case g < 0:
		s.root = int32(x)
	case nd[g].left == int32(p):
		nd[g].left = int32(x)
	default:
		nd[g].right = int32(x)
	}
}

// prev is the edge just below e in the tree (-1 if none); next the one just above.
func (s *sweeper) prev(e int) int { return s.step(e, true) }

func (s *sweeper) next(e int) int { return s.step(e, false) }

func (s *sweeper) step(e int, down bool) int {
	nd := s.nodes
	child := func(x int32) int32 {
		if down {
			return nd[x].left
		}
		return nd[x].right
	}
	other := func(x int32) int32 {
		if down {
			return nd[x].right
		}
		return nd[x].left
	}
	x := int32(e)
	if c := child(x); c >= 0 {
		for x = c; other(x) >= 0; x = other(x) {
		}
		return int(x)
	}
	for p := nd[x].parent; p >= 0; x, p = p, nd[p].parent {
		if other(p) == x {
			return int(p)
		}
	}
	return -1
}

// splitmix is SplitMix64's output function: the treap's priorities, fixed per edge so that a
// ring is always swept the same way.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
