package maps

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"holotable/table"
)

// The tests below check the embedded maps on their own (without package table), so that a broken
// map is caught here with a message that names the piece or mini at fault.

type file struct {
	Format       string `json:"format"`
	Ruleset      string `json:"ruleset"`
	Units        string `json:"units"`
	Battlefield  struct{ Width, Depth float64 }
	Terrain      []terrain `json:"terrain"`
	UnitsOnTable []unit    `json:"units_on_table"`
	Tokens       []struct {
		ID, Kind string
		X, Y, R  float64
	} `json:"tokens"`
}

type terrain struct {
	ID      string                     `json:"id"`
	Polygon [][2]float64               `json:"polygon"`
	Circle  *struct{ X, Y, R float64 } `json:"circle"`
	Height  float64                    `json:"height"`
	Base    float64                    `json:"base"`
	Kind    string                     `json:"kind"`
	Stand   *bool                      `json:"standable"`
	Cover   json.RawMessage            `json:"cover"`
	Move    map[string]string          `json:"move"`
}

type unit struct {
	ID         string `json:"id"`
	Side       string `json:"side"`
	Type       string `json:"type"`
	Speed      int    `json:"speed"`
	CoverGiven string `json:"coverGiven"`
	Minis      []mini `json:"minis"`
}

type mini struct {
	ID     string  `json:"id"`
	Leader bool    `json:"leader"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Base   string  `json:"base"`
	Height float64 `json:"height"`
	Facing float64 `json:"facing"`
	Hover  float64 `json:"hover"`
}

var baseDiameter = map[string]float64{"small": 1.063, "medium": 1.969, "large": 2.756, "huge": 3.937}

func decode(t *testing.T, name string) *file {
	t.Helper()
	data, ok := Get(name)
	if !ok {
		t.Fatalf("Get(%q) missing", name)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f file
	if err := dec.Decode(&f); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &f
}

func TestNamesAndGet(t *testing.T) {
	names := Names()
	if fmt.Sprint(names) != "[competitive default skirmish]" {
		t.Fatalf("Names() = %v", names)
	}
	for _, n := range []string{"default", "default.json", "skirmish"} {
		if _, ok := Get(n); !ok {
			t.Errorf("Get(%q) not found", n)
		}
	}
	for _, n := range []string{"", "nope", "../maps", "/default"} {
		if _, ok := Get(n); ok {
			t.Errorf("Get(%q) found", n)
		}
	}
	if !bytes.Equal(Default(), mustGet("default")) || !bytes.Equal(Skirmish(), mustGet("skirmish")) {
		t.Error("Default/Skirmish differ from Get")
	}
	// Get hands out copies: changing one must not change the embedded map.
	b := Default()
	b[0] = 'X'
	if Default()[0] == 'X' {
		t.Error("Default() returned shared bytes")
	}
}

func TestMapsAreLegal(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) { checkLegal(t, decode(t, name)) })
	}
}

func checkLegal(t *testing.T, f *file) {
	if f.Format != "holotable/1" {
		t.Errorf("format %q", f.Format)
	}
	if f.Units != "in" {
		t.Errorf("units %q", f.Units)
	}
	W, D := f.Battlefield.Width, f.Battlefield.Depth
	ids := map[string]bool{}
	addID := func(id string) {
		if id == "" || ids[id] {
			t.Errorf("empty or duplicate id %q", id)
		}
		ids[id] = true
	}
	for _, tr := range f.Terrain {
		addID(tr.ID)
		switch tr.Kind {
		case "solid", "area", "depression":
		default:
			t.Errorf("%s: kind %q", tr.ID, tr.Kind)
		}
		if (tr.Circle == nil) == (tr.Polygon == nil) {
			t.Errorf("%s: needs exactly one of polygon and circle", tr.ID)
		}
		if tr.Polygon != nil {
			if err := simplePolygon(tr.Polygon); err != nil {
				t.Errorf("%s: %v", tr.ID, err)
			}
			for _, p := range tr.Polygon {
				if p[0] < 0 || p[0] > W || p[1] < 0 || p[1] > D {
					t.Errorf("%s: vertex %v off the table", tr.ID, p)
				}
			}
		}
		if tr.Height < 0 {
			t.Errorf("%s: negative height", tr.ID)
		}
		for class, m := range tr.Move {
			if m != "open" && m != "difficult" && m != "impassable" {
				t.Errorf("%s: move.%s = %q", tr.ID, class, m)
			}
			if m == "difficult" && f.Ruleset == "specops" {
				t.Errorf("%s: difficult terrain on a specops table", tr.ID)
			}
		}
		var s string
		var byClass map[string]string
		if json.Unmarshal(tr.Cover, &s) != nil && json.Unmarshal(tr.Cover, &byClass) != nil {
			t.Errorf("%s: cover %s is neither a string nor an object", tr.ID, tr.Cover)
		}
	}
	// Terrain pieces keep at least half an inch apart (no piece overlaps another).
	for i := range f.Terrain {
		for j := i + 1; j < len(f.Terrain); j++ {
			if terrainOverlap(f.Terrain[i], f.Terrain[j], 0.5) {
				t.Errorf("%s and %s overlap or are closer than 0.5 in", f.Terrain[i].ID, f.Terrain[j].ID)
			}
		}
	}
	type placed struct {
		id      string
		x, y, r float64
	}
	var all []placed
	for _, u := range f.UnitsOnTable {
		addID(u.ID)
		switch u.Type {
		case "trooper", "creature", "emplacement", "ground", "repulsor":
		default:
			t.Errorf("%s: type %q", u.ID, u.Type)
		}
		if u.Side == "" {
			t.Errorf("%s: no side", u.ID)
		}
		leaders := 0
		var leader mini
		for _, m := range u.Minis {
			addID(m.ID)
			d, ok := baseDiameter[m.Base]
			if !ok {
				t.Errorf("%s: base %q", m.ID, m.Base)
				continue
			}
			if m.Leader {
				leaders++
				leader = m
			}
			if m.Height <= 0 {
				t.Errorf("%s: height %v", m.ID, m.Height)
			}
			if (m.Hover != 0) != (u.Type == "repulsor") {
				t.Errorf("%s: hover %v on a %s", m.ID, m.Hover, u.Type)
			}
			r := d / 2
			if m.X-r < 0 || m.X+r > W || m.Y-r < 0 || m.Y+r > D {
				t.Errorf("%s: base leaves the table", m.ID)
			}
			all = append(all, placed{m.ID, m.X, m.Y, r})
			for _, tr := range f.Terrain {
				blocks := tr.Kind == "solid"
				for _, mv := range tr.Move {
					blocks = blocks || mv == "impassable"
				}
				if blocks && circleOverlaps(m.X, m.Y, r, tr) {
					t.Errorf("%s: base overlaps %s", m.ID, tr.ID)
				}
			}
		}
		if leaders != 1 {
			t.Errorf("%s: %d leaders", u.ID, leaders)
			continue
		}
		// Cohesion (rough): every mini within speed-1 tool length (2.95") of its leader, edge to edge.
		for _, m := range u.Minis {
			gap := math.Hypot(m.X-leader.X, m.Y-leader.Y) - baseDiameter[m.Base]/2 - baseDiameter[leader.Base]/2
			if gap > 2.95 {
				t.Errorf("%s: %.2f in from its leader", m.ID, gap)
			}
		}
	}
	for _, tk := range f.Tokens {
		addID(tk.ID)
		all = append(all, placed{tk.ID, tk.X, tk.Y, tk.R})
	}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			a, b := all[i], all[j]
			if gap := math.Hypot(a.x-b.x, a.y-b.y) - a.r - b.r; gap < 0.1 {
				t.Errorf("%s and %s: gap %.3f in", a.id, b.id, gap)
			}
		}
	}
}

// The maps must also pass package table's full validation (what the app and the judge load).
func TestMapsLoad(t *testing.T) {
	for _, name := range Names() {
		data, _ := Get(name)
		f, err := table.Load(data)
		if err != nil {
			t.Errorf("%s: table.Load: %v", name, err)
			continue
		}
		// A layout made in Setup is terrain only: the players import and deploy their armies.
		l, _ := LayoutNamed(name)
		if (len(f.UnitsOnTable) == 0) != (l.Placement == Competitive) || len(f.Terrain) == 0 {
			t.Errorf("%s: %d units, %d terrain pieces", name, len(f.UnitsOnTable), len(f.Terrain))
		}
	}
}

func TestDefaultLayout(t *testing.T) {
	f := decode(t, "default")
	if f.Ruleset != "legion" || f.Battlefield.Width != 72 || f.Battlefield.Depth != 36 {
		t.Fatalf("ruleset %q, %v×%v", f.Ruleset, f.Battlefield.Width, f.Battlefield.Depth)
	}
	area := 0.0
	kinds := map[string]int{}
	for _, tr := range f.Terrain {
		kinds[tr.Kind]++
		if tr.Circle != nil {
			area += math.Pi * tr.Circle.R * tr.Circle.R
		} else {
			area += math.Abs(signedArea(tr.Polygon))
		}
	}
	if share := area / (72 * 36); share < 0.2 || share > 0.33 {
		t.Errorf("terrain covers %.0f%% of the table, want about a quarter", 100*share)
	}
	if kinds["solid"] == 0 || kinds["area"] == 0 || kinds["depression"] == 0 {
		t.Errorf("terrain kinds %v", kinds)
	}
	for _, side := range []string{"red", "blue"} {
		count := map[string]int{}
		for _, u := range f.UnitsOnTable {
			if u.Side != side {
				continue
			}
			count[u.Type]++
			if u.Type == "trooper" && (len(u.Minis) < 4 || len(u.Minis) > 6) {
				t.Errorf("%s: %d minis", u.ID, len(u.Minis))
			}
			for _, m := range u.Minis {
				r := baseDiameter[m.Base] / 2
				if (side == "red" && m.Y+r > 6) || (side == "blue" && m.Y-r < 30) {
					t.Errorf("%s: outside its deployment zone", m.ID)
				}
			}
		}
		if count["trooper"] != 3 || count["creature"]+count["emplacement"] != 1 || count["ground"] != 1 || count["repulsor"] != 1 {
			t.Errorf("%s force: %v", side, count)
		}
	}
}

func TestSkirmishLayout(t *testing.T) {
	f := decode(t, "skirmish")
	if f.Ruleset != "specops" || f.Battlefield.Width != 36 || f.Battlefield.Depth != 36 {
		t.Fatalf("ruleset %q, %v×%v", f.Ruleset, f.Battlefield.Width, f.Battlefield.Depth)
	}
}

// --- small self-contained planar helpers (the real ones live in package geometry) ---

func signedArea(p [][2]float64) float64 {
	s := 0.0
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		s += a[0]*b[1] - b[0]*a[1]
	}
	return s / 2
}

func cross(o, a, b [2]float64) float64 {
	return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0])
}

func simplePolygon(p [][2]float64) error {
	n := len(p)
	if n < 3 {
		return fmt.Errorf("%d vertices", n)
	}
	if math.Abs(signedArea(p)) < 1e-9 {
		return fmt.Errorf("zero area")
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if j == i+1 || (i == 0 && j == n-1) {
				continue
			}
			a, b, c, d := p[i], p[(i+1)%n], p[j], p[(j+1)%n]
			if cross(a, b, c)*cross(a, b, d) <= 0 && cross(c, d, a)*cross(c, d, b) <= 0 {
				return fmt.Errorf("edges %d and %d meet", i, j)
			}
		}
	}
	return nil
}

func segDist(px, py float64, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	t := ((px-a[0])*dx + (py-a[1])*dy) / (dx*dx + dy*dy)
	t = math.Max(0, math.Min(1, t))
	return math.Hypot(px-a[0]-t*dx, py-a[1]-t*dy)
}

func inside(px, py float64, p [][2]float64) bool {
	in := false
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		if (p[i][1] > py) != (p[j][1] > py) && px < (p[j][0]-p[i][0])*(py-p[i][1])/(p[j][1]-p[i][1])+p[i][0] {
			in = !in
		}
	}
	return in
}

// terrainOverlap reports whether two footprints overlap or come closer than gap.
func terrainOverlap(a, b terrain, gap float64) bool {
	if a.Circle != nil && b.Circle != nil {
		return math.Hypot(a.Circle.X-b.Circle.X, a.Circle.Y-b.Circle.Y) < a.Circle.R+b.Circle.R+gap
	}
	if a.Circle != nil {
		a, b = b, a
	}
	if b.Circle != nil {
		return circleOverlaps(b.Circle.X, b.Circle.Y, b.Circle.R+gap-0.05, a)
	}
	// Two polygons: a vertex of one inside the other, or two edges closer than gap.
	if inside(a.Polygon[0][0], a.Polygon[0][1], b.Polygon) || inside(b.Polygon[0][0], b.Polygon[0][1], a.Polygon) {
		return true
	}
	for i := range a.Polygon {
		p, q := a.Polygon[i], a.Polygon[(i+1)%len(a.Polygon)]
		for j := range b.Polygon {
			r, s := b.Polygon[j], b.Polygon[(j+1)%len(b.Polygon)]
			if cross(p, q, r)*cross(p, q, s) < 0 && cross(r, s, p)*cross(r, s, q) < 0 {
				return true // a proper crossing
			}
			if segDist(p[0], p[1], r, s) < gap || segDist(q[0], q[1], r, s) < gap ||
				segDist(r[0], r[1], p, q) < gap || segDist(s[0], s[1], p, q) < gap {
				return true
			}
		}
	}
	return false
}

// circleOverlaps reports whether a base (with a 0.05" safety margin) overlaps a terrain footprint.
func circleOverlaps(x, y, r float64, tr terrain) bool {
	r += 0.05
	if tr.Circle != nil {
		return math.Hypot(x-tr.Circle.X, y-tr.Circle.Y) < r+tr.Circle.R
	}
	if inside(x, y, tr.Polygon) {
		return true
	}
	for i := range tr.Polygon {
		if segDist(x, y, tr.Polygon[i], tr.Polygon[(i+1)%len(tr.Polygon)]) < r {
			return true
		}
	}
	return false
}

// TestLayoutsNameEveryMap: every embedded map has exactly one Layouts entry with titles in both
// languages, and every entry names an embedded map.
func TestLayoutsNameEveryMap(t *testing.T) {
	seen := map[string]int{}
	for _, l := range Layouts {
		seen[l.Name]++
		if _, ok := Get(l.Name); !ok {
			t.Errorf("layout %q has no embedded map", l.Name)
		}
		if l.Title[0] == "" || l.Title[1] == "" {
			t.Errorf("layout %q: title %q", l.Name, l.Title)
		}
		if got, ok := LayoutNamed(l.Name); !ok || got != l {
			t.Errorf("LayoutNamed(%q) = %+v, %v", l.Name, got, ok)
		}
	}
	for _, n := range Names() {
		if seen[n] != 1 {
			t.Errorf("map %q has %d Layouts entries, want 1", n, seen[n])
		}
	}
	if Fixed.String() != "fixed" || Competitive.String() != "competitive" {
		t.Errorf("placement words %q %q", Fixed, Competitive)
	}
}
