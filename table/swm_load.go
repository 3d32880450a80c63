package table

import (
	"maps"
	"slices"
	"strings"
)

// RulesetOf reads a holotable/1 file only as far as its ruleset: "legion" when it names none,
// "specops", "swm" (a grid table, LoadSWM) or whatever else it says (which Load then refuses). A
// file that is not JSON, not an object, or not holotable/1 gets the *Error Load would give.
func RulesetOf(data []byte) (string, error) {
	return guard(func() string {
		root := asObject("", decode(data))
		checkFormat(root)
		return root.strOr("ruleset", "legion")
	})
}

// checkFormat requires "format": "holotable/1".
func checkFormat(root object) {
	root.require("format")
	format, _ := root.str("format")
	if format != Format {
		fail("format", "unknown format %q", format)
	}
}

// LoadSWM parses and validates a grid table (ruleset "swm", docs/format-swm.md) and fills every
// default. A file that breaks the format yields a nil file and an *Error naming the first fault,
// in a fixed order: JSON syntax, format, ruleset, grid, terrain, walls, doors, figures,
// doorSquares, queries, dice, each in file order. Like Load it never panics, treats null as a
// value of the wrong type, and keeps unknown fields (SWMFile.Extra and Extra on walls, doors,
// figures, queries and dice) so that SaveSWM loses nothing.
func LoadSWM(data []byte) (*SWMFile, error) {
	return guard(func() *SWMFile { return loadSWM(data) })
}

var swmTopFields = []string{"format", "ruleset", "grid", "terrain", "walls", "doors", "figures", "doorSquares", "deployment", "queries", "dice"}

func loadSWM(data []byte) *SWMFile { return loadSWMRoot(decode(data)) }

// loadSWMRoot reads a grid table from its decoded JSON.
func loadSWMRoot(v any) *SWMFile {
	root := asObject("", v)
	checkFormat(root)
	f := &SWMFile{Format: Format}
	root.require("ruleset")
	f.Ruleset, _ = root.str("ruleset")
	if f.Ruleset != RulesetSWM {
		fail("ruleset", "%q is not a grid table (LoadSWM reads ruleset %q; Legion tables are read by Load)", f.Ruleset, RulesetSWM)
	}

	grid := asObject("grid", root.require("grid"))
	f.Width = gridSide(grid, "width")
	f.Height = gridSide(grid, "height")

	f.Squares = loadTerrainRows(root, f.Width, f.Height)

	edges := newEdgeSet(f.Width, f.Height)
	if arr, ok := root.arrayAtMost("walls", MaxWalls); ok {
		for i, raw := range arr {
			o := asObject(index("walls", i), raw)
			w := Wall{}
			w.From, w.To = loadSegment(o, f.Width, f.Height)
			w.Bevel = loadEnum(o, "bevel", bevelNames[:], BevelNone)
			w.Extra = o.extra("from", "to", "bevel")
			edges.mark(w.From, w.To, o.path)
			f.Walls = append(f.Walls, w)
		}
	}

	ids := idSpace{}
	doorEdges := newEdgeSet(f.Width, f.Height)
	if arr, ok := root.arrayAtMost("doors", MaxDoors); ok {
		for i, raw := range arr {
			o := asObject(index("doors", i), raw)
			d := Door{ID: ids.claim(o, "id")}
			d.From, d.To = loadSegment(o, f.Width, f.Height)
			if other := edges.first(d.From, d.To); other != "" {
				fail(o.path, "lies along a wall (%s): a door is a gap in a wall, not on it", other)
			}
			if other := doorEdges.first(d.From, d.To); other != "" {
				fail(o.path, "overlaps %s", other)
			}
			doorEdges.mark(d.From, d.To, o.path)
			d.State = loadEnum(o, "state", doorStateNames[:], DoorClosed)
			d.HeldBy = o.strOr("heldBy", "")
			if d.HeldBy != "" && !d.State.Held() {
				fail(o.field("heldBy"), "a %s door is held by no one (only held-open and held-closed doors are held)", d.State)
			}
			d.Extra = o.extra("id", "from", "to", "state", "heldBy")
			f.Doors = append(f.Doors, d)
		}
	}

	blocked := func(p, q Point) string { // a wall or a closed door along the unit edge p–q
		if w := edges.first(p, q); w != "" {
			return w
		}
		for i, d := range f.Doors {
			if d.State.Blocks() && OnGridLine(d.From, d.To, p, q) {
				return index("doors", i)
			}
		}
		return ""
	}
	occupied := make([]int, f.Width*f.Height) // figure index + 1
	if arr, ok := root.arrayAtMost("figures", MaxFigures); ok {
		for i, raw := range arr {
			o := asObject(index("figures", i), raw)
			g := loadFigure(o, ids)
			n := g.Size.Squares()
			if g.X < 0 || g.Y < 0 || g.X+n > f.Width || g.Y+n > f.Height {
				fail(o.path, "a %s figure at (%d,%d) covers squares off the %d × %d map", g.Size, g.X, g.Y, f.Width, f.Height)
			}
			for y := g.Y; y < g.Y+n; y++ {
				for x := g.X; x < g.X+n; x++ {
					switch f.At(x, y) {
					case SquareSolid, SquarePit:
						fail(o.path, "stands on square (%d,%d), which is %s: no figure can stand there (seed 004 L782, L828)", x, y, f.At(x, y))
					}
					if k := occupied[y*f.Width+x]; k != 0 {
						fail(o.path, "shares square (%d,%d) with figures[%d]: one character per square (seed 004 L134)", x, y, k-1)
					}
					occupied[y*f.Width+x] = i + 1
					if x > g.X {
						if w := blocked(Point{x, y}, Point{x, y + 1}); w != "" {
							fail(o.path, "straddles %s: a figure cannot stand across a wall or a closed door", w)
						}
					}
					if y > g.Y {
						if w := blocked(Point{x, y}, Point{x + 1, y}); w != "" {
							fail(o.path, "straddles %s: a figure cannot stand across a wall or a closed door", w)
						}
					}
				}
			}
			f.Figures = append(f.Figures, g)
		}
	}
	for i, d := range f.Doors {
		if d.HeldBy != "" && !hasFigure(f.Figures, d.HeldBy) {
			fail(key(index("doors", i), "heldBy"), "no figure %q", d.HeldBy)
		}
	}

	f.DoorSquares = loadEnum(root, "doorSquares", doorReachNames[:], DoorEdge)
	f.Deployment = loadDeployment(root, f.Width, f.Height)
	f.Queries = loadSWMQueries(root)
	f.Dice = loadDice(root)
	f.Extra = root.extra(swmTopFields...)
	return f
}

func hasFigure(gs []Figure, id string) bool {
	for _, g := range gs {
		if g.ID == id {
			return true
		}
	}
	return false
}

// loadDeployment reads the optional "deployment": the two squads' zones, each {x, y, w, h} on the
// map.
func loadDeployment(root object, w, h int) []Zone {
	arr, ok := root.array("deployment")
	if !ok {
		return nil
	}
	if len(arr) != 2 {
		fail("deployment", "%d zones: a table marks both squads' zones or none", len(arr))
	}
	out := make([]Zone, 2)
	for i, raw := range arr {
		o := asObject(index("deployment", i), raw)
		z := Zone{}
		for _, c := range []struct {
			k string
			v *int
		}{{"x", &z.X}, {"y", &z.Y}, {"w", &z.W}, {"h", &z.H}} {
			o.require(c.k)
			*c.v, _ = o.integer(c.k)
		}
		if z.W < 1 || z.H < 1 || z.X < 0 || z.Y < 0 || z.X+z.W > w || z.Y+z.H > h {
			fail(o.path, "squares x %d…%d, y %d…%d are not all on the %d × %d map", z.X, z.X+z.W-1, z.Y, z.Y+z.H-1, w, h)
		}
		if extra := o.extra("x", "y", "w", "h"); extra != nil {
			keys := slices.Sorted(maps.Keys(extra))
			fail(o.field(keys[0]), "unknown field")
		}
		out[i] = z
	}
	return out
}

// gridSide reads a required whole number of squares, 1 … MaxGridSide.
func gridSide(o object, k string) int {
	o.require(k)
	v, _ := o.integer(k)
	if v < 1 || v > MaxGridSide {
		fail(o.field(k), "must be 1 to %d squares, got %d", MaxGridSide, v)
	}
	return v
}

// loadTerrainRows reads the optional "terrain": Height strings of Width characters (all open when
// absent).
func loadTerrainRows(root object, w, h int) []Square {
	out := make([]Square, w*h)
	arr, ok := root.array("terrain")
	if !ok {
		return out
	}
	if len(arr) != h {
		fail("terrain", "%d rows, grid.height is %d", len(arr), h)
	}
	for y, raw := range arr {
		row, isStr := raw.(string)
		path := index("terrain", y)
		if !isStr {
			fail(path, "must be a string, got %s", jsonType(raw))
		}
		if len(row) != w {
			fail(path, "%d characters, grid.width is %d", len(row), w)
		}
		for x := 0; x < w; x++ {
			s, ok := squareOf(row[x])
			if !ok {
				fail(path, "character %d is %q; a square is one of . (open) l (low objects) d (difficult) p (pit) # (solid)", x, string(row[x:x+1]))
			}
			out[y*w+x] = s
		}
	}
	return out
}

// loadPoint reads a required lattice point [x, y] on the w × h map.
func loadPoint(o object, k string, w, h int) Point {
	field := o.field(k)
	arr, ok := o.require(k).([]any)
	if !ok || len(arr) != 2 {
		fail(field, "must be a point [x, y]")
	}
	x, y := toInt(index(field, 0), arr[0]), toInt(index(field, 1), arr[1])
	if x < 0 || x > w || y < 0 || y > h {
		fail(field, "(%d,%d) is off the map: corners run from (0,0) to (%d,%d)", x, y, w, h)
	}
	return Point{x, y}
}

// loadSegment reads "from" and "to": two different lattice points on one grid line.
func loadSegment(o object, w, h int) (Point, Point) {
	a, b := loadPoint(o, "from", w, h), loadPoint(o, "to", w, h)
	if a == b {
		fail(o.field("to"), "equals from: a wall or door is at least one square edge long")
	}
	if a.X != b.X && a.Y != b.Y {
		fail(o.field("to"), "%v to %v is not along a grid line (walls and doors run along square edges)", a, b)
	}
	return a, b
}

// loadEnum reads an optional closed-set name with a default.
func loadEnum[T ~uint8](o object, k string, names []string, def T) T {
	v, ok := o.str(k)
	if !ok {
		return def
	}
	for i, n := range names {
		if n == v {
			return T(i)
		}
	}
	fail(o.field(k), "unknown %s %q (one of %s)", k, v, strings.Join(names, ", "))
	return def
}

var figureFields = []string{"id", "name", "side", "x", "y", "size", "speed", "reach", "abilities"}

func loadFigure(o object, ids idSpace) Figure {
	g := Figure{ID: ids.claim(o, "id")}
	g.Name = o.strOr("name", "")
	g.Side = o.id("side")
	o.require("x")
	o.require("y")
	g.X, _ = o.integer("x")
	g.Y, _ = o.integer("y")
	g.Size = loadEnum(o, "size", sizeNames[:], SizeMedium)
	g.Speed = 6
	if v, ok := o.integer("speed"); ok {
		if v < 0 || v > MaxSpeed {
			fail(o.field("speed"), "must be 0 to %d squares, got %d", MaxSpeed, v)
		}
		g.Speed = v
	}
	g.Reach = 1
	if v, ok := o.integer("reach"); ok {
		if v < 1 || v > MaxReach {
			fail(o.field("reach"), "must be 1 to %d (Melee Reach #), got %d", MaxReach, v)
		}
		g.Reach = v
	}
	if arr, ok := o.array("abilities"); ok {
		for i, raw := range arr {
			field := index(o.field("abilities"), i)
			name, isStr := raw.(string)
			if !isStr {
				fail(field, "must be a string, got %s", jsonType(raw))
			}
			a, known := abilityOf(name)
			if !known {
				fail(field, "unknown ability %q (one of %s)", name, strings.Join(abilityNames[:], ", "))
			}
			if g.Abilities.Has(a) {
				fail(field, "%q listed twice", name)
			}
			g.Abilities = g.Abilities.With(a)
		}
	}
	g.Extra = o.extra(figureFields...)
	return g
}

func abilityOf(name string) (Ability, bool) {
	for i, n := range abilityNames {
		if n == name {
			return Ability(i), true
		}
	}
	return 0, false
}

// loadSWMQueries reads the optional "queries" list of a grid table: only their shape (id, kind,
// the presence and JSON type of the kind's fields), as loadQueries does for Legion tables.
func loadSWMQueries(root object) []SWMQuery {
	arr, _ := root.arrayAtMost("queries", MaxSWMQueries)
	var out []SWMQuery
	seen := map[string]string{}
	for i, raw := range arr {
		o := asObject(index("queries", i), raw)
		q := SWMQuery{Has: map[string]bool{}}
		q.ID, q.Kind = queryHead(o, seen)
		fields, ok := swmQueryKinds[q.Kind]
		if !ok {
			fail(o.field("kind"), "unknown kind %q (a grid table asks los, cover, distance, within, reach or targets)", q.Kind)
		}
		known := readFields(o, fields, q.slot, q.Has)
		q.Extra = o.extra(append(known, "id", "kind")...)
		out = append(out, q)
	}
	return out
}

// edgeSet records which unit edges of the grid lie along a wall (or a door), and the path of the
// first one that covers each, for fault messages.
type edgeSet struct {
	w, h  int
	horiz map[Point]string // unit edge from p to p+(1,0)
	vert  map[Point]string // unit edge from p to p+(0,1)
}

func newEdgeSet(w, h int) *edgeSet {
	return &edgeSet{w: w, h: h, horiz: map[Point]string{}, vert: map[Point]string{}}
}

// units calls fn for every unit edge of the grid-line segment a–b: its lower end and whether it
// is horizontal.
func units(a, b Point, fn func(p Point, horizontal bool)) {
	if a.Y == b.Y {
		for x := min(a.X, b.X); x < max(a.X, b.X); x++ {
			fn(Point{x, a.Y}, true)
		}
		return
	}
	for y := min(a.Y, b.Y); y < max(a.Y, b.Y); y++ {
		fn(Point{a.X, y}, false)
	}
}

func (s *edgeSet) mark(a, b Point, path string) {
	units(a, b, func(p Point, horizontal bool) {
		m := s.vert
		if horizontal {
			m = s.horiz
		}
		if _, ok := m[p]; !ok {
			m[p] = path
		}
	})
}

// first returns the path of a segment covering some unit edge of a–b, "" when none does.
func (s *edgeSet) first(a, b Point) string {
	found := ""
	units(a, b, func(p Point, horizontal bool) {
		m := s.vert
		if horizontal {
			m = s.horiz
		}
		if path, ok := m[p]; ok && found == "" {
			found = path
		}
	})
	return found
}

// OnGridLine reports whether the unit edge p–q lies on the grid-line segment a–b (horizontal or
// vertical; a–b of length 0 counts as vertical).
func OnGridLine(a, b, p, q Point) bool {
	in := func(v, lo, hi int) bool { return min(lo, hi) <= v && v <= max(lo, hi) }
	if a.Y == b.Y {
		return p.Y == a.Y && q.Y == a.Y && in(p.X, a.X, b.X) && in(q.X, a.X, b.X)
	}
	return p.X == a.X && q.X == a.X && in(p.Y, a.Y, b.Y) && in(q.Y, a.Y, b.Y)
}
