package ops

import (
	"slices"

	"holotable/table"
)

// Walls of the grid table (magenta on the map, seed 004 L780–788): swm.wall.add draws one along a
// grid line, swm.wall.remove erases the unit edges of a grid-line segment from whatever walls
// cover them (a longer wall is cut into what is left; a cut end is not bevelled, an end left as it
// was keeps its bevel).
const (
	KindSWMWallAdd    Kind = "swm.wall.add"
	KindSWMWallRemove Kind = "swm.wall.remove"
)

// SWMWallAdd draws a wall from From to To (lattice points [x, y] on one grid line) with Bevel. It
// is refused when an edge of it already has a wall, and when the grid would not load (a door on
// the line, a figure standing across it).
type SWMWallAdd struct {
	From  [2]int      `op:"from"`
	To    [2]int      `op:"to"`
	Bevel table.Bevel `op:"bevel,omitempty"`
}

// SWMWallRemove erases the walls along From–To; every unit edge of it must have a wall.
type SWMWallRemove struct {
	From [2]int `op:"from"`
	To   [2]int `op:"to"`
}

func init() {
	Register[SWMWallAdd](KindSWMWallAdd)
	Register[SWMWallRemove](KindSWMWallRemove)
	RegisterWords(map[string][2]string{
		"op.swm.wall.add":      {"draw a wall %v–%v", "Wand %v–%v ziehen"},
		"op.swm.wall.remove":   {"erase the wall %v–%v", "Wand %v–%v entfernen"},
		"reason.op.wallThere":  {"edge %v–%v has a wall already (%s)", "Kante %v–%v hat schon eine Wand (%s)"},
		"reason.op.wallAbsent": {"edge %v–%v has no wall", "Kante %v–%v hat keine Wand"},
	})
}

func (o *SWMWallAdd) Kind() Kind    { return KindSWMWallAdd }
func (o *SWMWallRemove) Kind() Kind { return KindSWMWallRemove }
func (o *SWMWallAdd) Describe() Words {
	return Words{Key: "op.swm.wall.add", Args: []any{pt(o.From), pt(o.To)}}
}
func (o *SWMWallRemove) Describe() Words {
	return Words{Key: "op.swm.wall.remove", Args: []any{pt(o.From), pt(o.To)}}
}

func pt(p [2]int) table.Point { return table.Point{X: p[0], Y: p[1]} }

// wallOn is the index of a wall of g along the unit edge p–q, or -1.
func wallOn(g *table.SWMFile, p, q table.Point) int {
	return slices.IndexFunc(g.Walls, func(w table.Wall) bool { return table.OnGridLine(w.From, w.To, p, q) })
}

// wallSpan is the grid table of s and the grid-line segment from–to on it, or the first fault:
// the table's or the segment's, then the first that edge (called for each unit edge p–q of the
// segment in order) returns.
func wallSpan(s *State, from, to [2]int, edge func(g *table.SWMFile, p, q table.Point) error) (g *table.SWMFile, a, b table.Point, err error) {
	if g, err = s.gridOr("from"); err != nil {
		return
	}
	if a, b, err = gridSegment(from, to, g); err != nil {
		return
	}
	unitEdges(a, b, func(p, q table.Point) {
		if err == nil {
			err = edge(g, p, q)
		}
	})
	return
}

func (o *SWMWallAdd) Plan(s *State) (Patch, error) {
	g, a, b, err := wallSpan(s, o.From, o.To, func(g *table.SWMFile, p, q table.Point) error {
		if _, err := o.Bevel.MarshalText(); err != nil {
			return formatFault("bevel", "%v", err)
		}
		if i := wallOn(g, p, q); i >= 0 {
			return refuse("from", "op.wallThere", CiteGrid, p, q, index("walls", i))
		}
		return nil
	})
	if err != nil {
		return Patch{}, err
	}
	next := *g
	next.Walls = append(slices.Clip(g.Walls), table.Wall{From: a, To: b, Bevel: o.Bevel})
	return gridPatch("from", gridWalls, g, &next), nil
}

func (o *SWMWallRemove) Plan(s *State) (Patch, error) {
	g, a, b, err := wallSpan(s, o.From, o.To, func(g *table.SWMFile, p, q table.Point) error {
		if wallOn(g, p, q) < 0 {
			return refuse("from", "op.wallAbsent", CiteGrid, p, q)
		}
		return nil
	})
	if err != nil {
		return Patch{}, err
	}
	var walls []table.Wall
	for _, w := range g.Walls {
		walls = append(walls, cutWall(w, a, b)...)
	}
	next := *g
	next.Walls = walls
	return gridPatch("from", gridWalls, g, &next), nil
}

// cutWall is w without the unit edges it shares with the grid-line segment a–b: w itself, the
// part before the cut, the part after it, both, or nothing. A part keeps w's bevel at the end it
// keeps of w and has none at the cut.
func cutWall(w table.Wall, a, b table.Point) []table.Wall {
	var keep []bool // keep[i]: w's i-th unit edge from From stays
	var pts []table.Point
	unitEdges(w.From, w.To, func(p, q table.Point) {
		pts = append(pts, p)
		keep = append(keep, !table.OnGridLine(a, b, p, q))
	})
	pts = append(pts, w.To)
	if !slices.Contains(keep, false) {
		return []table.Wall{w}
	}
	var out []table.Wall
	for i := 0; i < len(keep); {
		if !keep[i] {
			i++
			continue
		}
		j := i
		for j < len(keep) && keep[j] {
			j++
		}
		part := table.Wall{From: pts[i], To: pts[j], Extra: w.Extra}
		fromOpen, toOpen := i == 0 && w.Bevel.Open(true), j == len(keep) && w.Bevel.Open(false)
		switch {
		case fromOpen && toOpen:
			part.Bevel = table.BevelBoth
		case fromOpen:
			part.Bevel = table.BevelFrom
		case toOpen:
			part.Bevel = table.BevelTo
		}
		out = append(out, part)
		i = j
	}
	return out
}
