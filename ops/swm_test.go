package ops

import (
	"reflect"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/table"
)

func swmExample(t testing.TB) *table.SWMFile {
	t.Helper()
	g, err := table.LoadSWM(maps.SWMExample())
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// gridLog is a log on the default table with the example grid table opened beside it.
func gridLog(t *testing.T) *Log {
	t.Helper()
	l := NewLog(theDefault(t))
	if _, err := l.Submit(Entry{ID: "open", Author: "local", Op: &SWMImport{Table: swmExample(t)}}); err != nil {
		t.Fatal(err)
	}
	applied(KindSWMImport)
	return l
}

// noCite is the refusal's line without its citation.
func noCite(err error) string {
	s := err.Error()
	if i := strings.LastIndex(s, " ["); i >= 0 {
		return s[:i]
	}
	return s
}

func saveGrid(t *testing.T, g *table.SWMFile) string {
	t.Helper()
	if g == nil {
		return "<none>"
	}
	b, err := table.SaveSWM(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestGridOpsApplyAndUndo: each grid op does exactly its change (checked on the grid it makes,
// against a hand-made expectation), leaves the Legion file alone, and its undo puts the grid back
// byte for byte.
func TestGridOpsApplyAndUndo(t *testing.T) {
	for _, c := range []struct {
		op    Op
		check func(g *table.SWMFile) bool
	}{
		{&SWMPaint{X: 2, Y: 3, W: 4, H: 2, Square: table.SquareLow}, func(g *table.SWMFile) bool {
			n := 0
			for _, s := range g.Squares {
				if s == table.SquareLow {
					n++
				}
			}
			// The example has 8 low squares, none in x 2…5, y 3…4 (row 3's "ll" is at x 8–9).
			return n == 8+8 && g.At(2, 3) == table.SquareLow && g.At(5, 4) == table.SquareLow && g.At(6, 4) == table.SquareOpen
		}},
		{&SWMWallAdd{From: [2]int{3, 0}, To: [2]int{3, 4}, Bevel: table.BevelFrom}, func(g *table.SWMFile) bool {
			w := g.Walls[len(g.Walls)-1]
			return len(g.Walls) == 13 && w.From == (table.Point{X: 3, Y: 0}) && w.To == (table.Point{X: 3, Y: 4}) && w.Bevel == table.BevelFrom
		}},
		// The wall (5,1)–(14,1) loses (6,1)–(8,1): (5,1)–(6,1) and (8,1)–(14,1) stay.
		{&SWMWallRemove{From: [2]int{6, 1}, To: [2]int{8, 1}}, func(g *table.SWMFile) bool {
			return len(g.Walls) == 13 && g.Walls[0].From == (table.Point{X: 5, Y: 1}) && g.Walls[0].To == (table.Point{X: 6, Y: 1}) &&
				g.Walls[1].From == (table.Point{X: 8, Y: 1}) && g.Walls[1].To == (table.Point{X: 14, Y: 1})
		}},
		// Erasing the bevelled end of (5,6)–(8,6) "to": the rest keeps no bevel at the cut.
		{&SWMWallRemove{From: [2]int{8, 6}, To: [2]int{7, 6}}, func(g *table.SWMFile) bool {
			w := g.Walls[4]
			return w.From == (table.Point{X: 5, Y: 6}) && w.To == (table.Point{X: 7, Y: 6}) && w.Bevel == table.BevelNone
		}},
		{&SWMDoorAdd{DoorID: "door-north", From: [2]int{20, 0}, To: [2]int{20, 2}, State: table.DoorOpen}, func(g *table.SWMFile) bool {
			return len(g.Doors) == 3 && g.Doors[2].ID == "door-north" && g.Doors[2].State == table.DoorOpen
		}},
		{&SWMDoorRemove{DoorID: "door-west"}, func(g *table.SWMFile) bool {
			return len(g.Doors) == 1 && g.Doors[0].ID == "door-south"
		}},
		{&SWMDoorState{DoorID: "door-south", State: table.DoorHeldOpen, HeldBy: "vader"}, func(g *table.SWMFile) bool {
			return g.Doors[1].State == table.DoorHeldOpen && g.Doors[1].HeldBy == "vader"
		}},
		{&SWMFigureAdd{FigureID: "trooper-2", X: 3, Y: 5, Figure: GridFigure{Name: "Stormtrooper", Side: "empire", Size: table.SizeLarge,
			Speed: 6, Reach: 1, Abilities: []table.Ability{table.AbilityStealth, table.AbilityFlight}}}, func(g *table.SWMFile) bool {
			f := g.Figures[6]
			return len(g.Figures) == 7 && f.ID == "trooper-2" && f.X == 3 && f.Y == 5 && f.Size == table.SizeLarge &&
				f.Abilities.Has(table.AbilityFlight) && f.Abilities.Has(table.AbilityStealth) && !f.Abilities.Has(table.AbilitySniper)
		}},
		{&SWMFigureMove{FigureID: "vader", X: 20, Y: 7}, func(g *table.SWMFile) bool { return g.Figures[3].X == 20 && g.Figures[3].Y == 7 }},
		{&SWMFigureEdit{FigureID: "obi-wan", Figure: GridFigure{Side: "rebels", Speed: 6, Reach: 2}}, func(g *table.SWMFile) bool {
			f := g.Figures[0]
			return f.Name == "" && f.Reach == 2 && f.Abilities == 0 && f.X == 1 && f.Y == 4
		}},
		{&SWMFigureRemove{FigureID: "elite-trooper"}, func(g *table.SWMFile) bool {
			return len(g.Figures) == 5 && figureAt(g, "elite-trooper") < 0
		}},
		// The first zone marked keeps the rule's other zone (the 4 columns at x 20…23 of the 24 × 16 map).
		{&SWMZone{Zone: 0, X: 0, Y: 2, W: 3, H: 12}, func(g *table.SWMFile) bool {
			return len(g.Deployment) == 2 && g.Deployment[0] == (table.Zone{X: 0, Y: 2, W: 3, H: 12}) && g.Deployment[1] == (table.Zone{X: 20, Y: 0, W: 4, H: 16})
		}},
	} {
		t.Run(string(c.op.Kind()), func(t *testing.T) {
			l := gridLog(t)
			before, legion := saveGrid(t, l.State().Grid()), save(t, l.File())
			e, err := l.Submit(Entry{ID: "x", Author: "local", Op: c.op})
			if err != nil {
				t.Fatal(err)
			}
			applied(c.op.Kind())
			if !e.Patch.Grid() || !c.check(l.State().Grid()) {
				t.Errorf("%s did not make its change:\n%s", c.op.Kind(), saveGrid(t, l.State().Grid()))
			}
			if save(t, l.File()) != legion {
				t.Error("a grid op changed the Legion file")
			}
			if _, err := l.Undo("local", "u"); err != nil {
				t.Fatal(err)
			}
			if got := saveGrid(t, l.State().Grid()); got != before {
				t.Errorf("undo did not put the grid back:\n%s", got)
			}
			if _, err := l.Redo("local", "r"); err != nil {
				t.Fatal(err)
			}
			if !c.check(l.State().Grid()) {
				t.Error("redo did not make the change again")
			}
		})
	}
}

// TestGridOpRefusals: a refused grid op names its field and its fault in one line, and changes
// nothing.
func TestGridOpRefusals(t *testing.T) {
	for _, c := range []struct {
		op   Op
		want string
	}{
		{&SWMPaint{X: 22, Y: 0, W: 3, H: 1, Square: table.SquareLow}, "x: squares 22…24 are off the 24 × 16 map (x is 0…23)"},
		{&SWMPaint{X: 0, Y: 0, W: 0, H: 1}, "w: a rectangle of 0 × 1 squares: both sides must be at least 1"},
		{&SWMPaint{X: 0, Y: 0, W: 1, H: 1, Square: table.SquareOpen}, "square: this changes nothing"},
		{&SWMPaint{X: 0, Y: 0, W: 1, H: 1, Square: 9}, "square: no square 9"},
		// Obi-Wan stands on (1,4).
		{&SWMPaint{X: 0, Y: 4, W: 2, H: 1, Square: table.SquarePit}, "x: the grid table would not load: figures[0]: stands on square (1,4), which is pit: no figure can stand there (seed 004 L782, L828)"},
		{&SWMWallAdd{From: [2]int{4, 1}, To: [2]int{7, 1}}, "from: edge (5,1)–(6,1) has a wall already (walls[0])"},
		{&SWMWallAdd{From: [2]int{0, 0}, To: [2]int{2, 2}}, "to: (0,0)–(2,2) is not along a grid line (walls and doors are horizontal or vertical)"},
		{&SWMWallAdd{From: [2]int{0, 0}, To: [2]int{0, 17}}, "to: point (0,17) is off the 24 × 16 grid (corners 0…24, 0…16)"},
		{&SWMWallAdd{From: [2]int{3, 3}, To: [2]int{3, 3}}, "to: is the same point as from: a wall or door is at least one square long"},
		{&SWMWallAdd{From: [2]int{5, 3}, To: [2]int{5, 4}}, "from: the grid table would not load: doors[0]: lies along a wall (walls[12]): a door is a gap in a wall, not on it"},
		{&SWMWallAdd{From: [2]int{1, 4}, To: [2]int{2, 4}}, ""},
		{&SWMWallRemove{From: [2]int{0, 0}, To: [2]int{0, 1}}, "from: edge (0,0)–(0,1) has no wall"},
		{&SWMDoorAdd{DoorID: "vader", From: [2]int{0, 0}, To: [2]int{1, 0}}, `doorId: the id "vader" is already used by a figure`},
		{&SWMDoorAdd{DoorID: "d", From: [2]int{0, 0}, To: [2]int{1, 0}, State: table.DoorHeldOpen}, "state: a new door is not held by anyone: add it closed or open, then hold it"},
		{&SWMDoorRemove{DoorID: "nope"}, `doorId: no door "nope"`},
		{&SWMDoorState{DoorID: "door-west", State: table.DoorClosed}, "state: this changes nothing"},
		{&SWMDoorState{DoorID: "door-west", State: table.DoorOpen, HeldBy: "vader"}, "state: the grid table would not load: doors[0].heldBy: a open door is held by no one (only held-open and held-closed doors are held)"},
		{&SWMFigureAdd{FigureID: "x", X: 1, Y: 4, Figure: GridFigure{Side: "a", Speed: 6, Reach: 1}}, "x: the grid table would not load: figures[6]: shares square (1,4) with figures[0]: one character per square (seed 004 L134)"},
		{&SWMFigureAdd{FigureID: "x", X: 0, Y: 0, Figure: GridFigure{Side: "", Speed: 6, Reach: 1}}, "figure.side: must not be empty"},
		{&SWMFigureAdd{FigureID: "x", X: 0, Y: 0, Figure: GridFigure{Side: "a", Speed: 6, Reach: 0}}, "figure.reach: must be 1 to 6 (Melee Reach #), got 0"},
		{&SWMFigureAdd{FigureID: "x", X: 0, Y: 0, Figure: GridFigure{Side: "a", Speed: 6, Reach: 1, Abilities: []table.Ability{1, 1}}}, "figure.abilities[1]: wall-climber is given twice"},
		{&SWMFigureMove{FigureID: "vader", X: 24, Y: 7}, "x: the grid table would not load: figures[3]: a medium figure at (24,7) covers squares off the 24 × 16 map"},
		{&SWMFigureMove{FigureID: "ghost", X: 3, Y: 3}, `figureId: no figure "ghost"`},
		{&SWMFigureRemove{FigureID: "vader"}, ""},
		{&SWMFigureRemove{FigureID: "ghost"}, `figureId: no figure "ghost"`},
		{&SWMFigureEdit{FigureID: "vader", Figure: GridFigure{Name: "Darth Vader", Side: "empire", Speed: 6, Reach: 1,
			Abilities: []table.Ability{table.AbilityMeleeAttack}}}, "figure: this changes nothing"},
		{&SWMFigureEdit{FigureID: "vader", Figure: GridFigure{Side: "empire", Speed: 51, Reach: 1}}, "figure.speed: must be 0 to 50 squares, got 51"},
		{&SWMImport{}, "table: missing"},
		{&SWMZone{Zone: 2, X: 0, Y: 0, W: 1, H: 1}, "zone: must be 0 or 1 (the first or the second squad's), got 2"},
		{&SWMZone{Zone: 1, X: 20, Y: 0, W: 4, H: 16}, "x: this changes nothing"},
		{&SWMZone{Zone: 1, X: 20, Y: 0, W: 5, H: 16}, "x: the grid table would not load: deployment[1]: squares x 20…24, y 0…15 are not all on the 24 × 16 map"},
	} {
		l := gridLog(t)
		if c.want == "" { // set up the next case's precondition: applies
			if _, err := l.Submit(Entry{ID: "x", Author: "local", Op: c.op}); err != nil {
				t.Errorf("%s: %v", c.op.Kind(), err)
			}
			continue
		}
		refusedK(c.op.Kind())
		before := saveGrid(t, l.State().Grid())
		_, err := l.Submit(Entry{ID: "x", Author: "local", Op: c.op})
		if err == nil || noCite(err) != c.want {
			t.Errorf("%s: %v\n want %s", c.op.Kind(), err, c.want)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: more than one line", c.op.Kind())
		}
		if l.Len() != 1 || saveGrid(t, l.State().Grid()) != before {
			t.Errorf("%s: a refused op changed the table", c.op.Kind())
		}
	}
	// Without a grid table every grid op is refused.
	l := NewLog(theDefault(t))
	if _, err := l.Submit(Entry{ID: "x", Author: "local", Op: &SWMFigureRemove{FigureID: "vader"}}); err == nil || noCite(err) != "figureId: the table is not a grid table" {
		t.Errorf("no grid: %v", err)
	}
}

// TestGridBesideLegion: swm.import puts a grid beside the file, table.import takes it away, and
// undoing each brings back what was there; a record with grid ops replays to the same grid, also
// past a snapshot (FileAt, GridAt).
func TestGridBesideLegion(t *testing.T) {
	l := gridLog(t)
	if l.State().Grid() == nil || save(t, l.File()) != save(t, theDefault(t)) {
		t.Fatal("swm.import did not open the grid beside the file")
	}
	for i := range 40 { // past SnapshotEvery: paint and undo, alternately
		op := Op(&SWMPaint{X: i % 24, Y: 0, W: 1, H: 1, Square: table.Square(1 + (i/24)%2)})
		if _, err := l.Submit(Entry{ID: "p" + itoa(i), Author: "local", Op: op}); err != nil {
			t.Fatal(err)
		}
	}
	painted := saveGrid(t, l.State().Grid())
	if _, err := l.Submit(Entry{ID: "legion", Author: "local", Op: &TableImport{Table: theDefault(t)}}); err != nil {
		t.Fatal(err)
	}
	if l.State().Grid() != nil {
		t.Fatal("table.import left the grid table")
	}
	if saveGrid(t, l.GridAt(l.Len()-1)) != painted || saveGrid(t, l.GridAt(1)) != saveGrid(t, swmExample(t)) || l.GridAt(0) != nil {
		t.Error("GridAt does not give the grid of each place in the log")
	}
	if saveGrid(t, l.GridAt(33)) == saveGrid(t, l.GridAt(32)) {
		t.Error("GridAt past a snapshot")
	}
	_, back := readBack(t, l)
	if back.State().Grid() != nil || saveGrid(t, back.GridAt(back.Len()-1)) != painted {
		t.Error("the record does not replay the grid")
	}
	if _, err := l.Undo("local", "u"); err != nil {
		t.Fatal(err)
	}
	if saveGrid(t, l.State().Grid()) != painted {
		t.Error("undoing table.import did not bring the grid back")
	}
	if !reflect.DeepEqual(l.GridAt(l.Len()), l.State().Grid()) {
		t.Error("GridAt(Len) is not the current grid")
	}
}

// TestGridUndoAfterOtherPart: an undo of a wall is not refused because another author moved a
// figure since (the edit checks only the part it changed); an undo of a paint after another
// author painted is refused as a conflict.
func TestGridUndoAfterOtherPart(t *testing.T) {
	l := gridLog(t)
	steps := []Entry{
		{ID: "w", Author: "blue", Op: &SWMWallAdd{From: [2]int{0, 2}, To: [2]int{2, 2}}},
		{ID: "m", Author: "red", Op: &SWMFigureMove{FigureID: "vader", X: 20, Y: 7}},
		{ID: "p", Author: "blue", Op: &SWMPaint{X: 0, Y: 0, W: 1, H: 1, Square: table.SquareLow}},
		{ID: "q", Author: "red", Op: &SWMPaint{X: 0, Y: 0, W: 2, H: 1, Square: table.SquareDifficult}},
	}
	for _, e := range steps[:2] {
		if _, err := l.Submit(e); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.Undo("blue", "u1"); err != nil {
		t.Errorf("undo of a wall after a figure moved: %v", err)
	}
	for _, e := range steps[2:] {
		if _, err := l.Submit(e); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.Undo("blue", "u2"); err == nil || !strings.Contains(err.Error(), "terrain") {
		t.Errorf("undo of a paint painted over since: %v", err)
	}
}

// TestLogOnGrid: a log opened on a grid table file (OpenLog) holds the grid beside GridBase from
// its first state; its record writes the grid beside the first file and reads back to the same
// log; a record whose grid is bad is refused naming "grid".
func TestLogOnGrid(t *testing.T) {
	data := maps.SWMExample()
	l, err := OpenLog(data)
	if err != nil {
		t.Fatal(err)
	}
	if l.State().Grid() == nil || l.GridAt(0) == nil || len(l.File().UnitsOnTable) != 0 {
		t.Fatal("OpenLog of a grid table: no grid in the first state")
	}
	if _, err := l.Submit(Entry{ID: "w", Author: "local", Op: &SWMWallAdd{From: [2]int{0, 1}, To: [2]int{3, 1}}}); err != nil {
		t.Fatal(err)
	}
	applied(KindSWMWallAdd)
	rec, err := l.Record()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rec), "\n\"grid\":{\"format\":\"holotable/1\",\"ruleset\":\"swm\"") {
		t.Errorf("the record does not write the grid:\n%.300s", rec)
	}
	back, err := ReadRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	if saveGrid(t, back.State().Grid()) != saveGrid(t, l.State().Grid()) || saveGrid(t, back.GridAt(0)) != saveGrid(t, swmExample(t)) {
		t.Error("the record does not read back to the same grids")
	}
	bad := strings.Replace(string(rec), `"grid":{"width":24`, `"grid":{"width":0`, 1)
	if _, err := ReadRecord([]byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "grid.grid.width:") {
		t.Errorf("a bad grid in a record: %v", err)
	}
	if _, err := OpenLog([]byte(`{"format":"holotable/1","ruleset":"swm","grid":{"width":1,"height":1},"terrain":["x"]}`)); err == nil {
		t.Error("OpenLog took a bad grid table")
	}
}

// BenchmarkGridPaint: one swm.paint planned, applied and its grid checked (table.CheckSWM writes
// and reads the whole grid table: the cost of every grid op) on the example map.
func BenchmarkGridPaint(b *testing.B) {
	s := NewLogOf(GridBase(), swmExample(b)).State()
	op := &SWMPaint{X: 0, Y: 0, W: 3, H: 2, Square: table.SquareDifficult}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := ApplyState(op, s); err != nil {
			b.Fatal(err)
		}
	}
}
