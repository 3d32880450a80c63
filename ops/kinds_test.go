package ops

import (
	"strconv"
	"strings"
	"testing"

	"github.com/golang/geo/r2"

	"holotable/maps"
	"holotable/rules"
	"holotable/table"
)

func load(t testing.TB, data []byte) *table.File {
	t.Helper()
	f, err := table.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func save(t testing.TB, f *table.File) string {
	t.Helper()
	b, err := table.Save(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func ptr[T any](v T) *T { return &v }

// testLog is a log on a built-in table with a counter for op ids.
type testLog struct {
	*Log
	t testing.TB
	n int
}

func newTestLog(t testing.TB, data []byte) *testLog {
	return &testLog{Log: NewLog(load(t, data)), t: t}
}

func (l *testLog) nextID() string {
	l.n++
	return "t-" + itoa(l.n)
}

func itoa(n int) string { return strconv.Itoa(n) }

func rPoint(x, y float64) r2.Point { return r2.Point{X: x, Y: y} }

func summary(s *State) rules.SetupSummary { return rules.SetupState(s.World()) }

// must submits op as author "me" and fails the test when it is refused.
func (l *testLog) must(op Op) *Entry {
	l.t.Helper()
	return l.mustAs("me", op)
}

func (l *testLog) mustAs(author string, op Op) *Entry {
	l.t.Helper()
	e, err := l.Submit(Entry{ID: l.nextID(), Author: author, Op: op})
	if err != nil {
		l.t.Fatalf("%s: %v", op.Kind(), err)
	}
	return e
}

// refused submits op, which must be refused with a one-line *Refusal naming field and saying
// want; the log must not change.
func (l *testLog) refused(op Op, field, want string) {
	l.t.Helper()
	before, n := l.File(), l.Len()
	_, err := l.Submit(Entry{ID: l.nextID(), Author: "me", Op: op})
	r, ok := err.(*Refusal)
	switch {
	case !ok:
		l.t.Fatalf("%s: %v, want a refusal at %q", op.Kind(), err, field)
	case r.Field != field || !strings.Contains(r.Error(), want) || strings.ContainsAny(r.Error(), "\n\r"):
		l.t.Fatalf("%s: refused %q (field %q), want field %q and %q", op.Kind(), r.Error(), r.Field, field, want)
	case l.File() != before || l.Len() != n:
		l.t.Fatalf("%s: a refused op changed the log", op.Kind())
	}
}

// kindsTested records, per kind, whether a test applied it and refused it (TestEveryKindTested).
var kindsTested = map[Kind][2]bool{}

func applied(k Kind)  { v := kindsTested[k]; v[0] = true; kindsTested[k] = v }
func refusedK(k Kind) { v := kindsTested[k]; v[1] = true; kindsTested[k] = v }

func (l *testLog) ok(op Op) *Entry {
	l.t.Helper()
	applied(op.Kind())
	return l.must(op)
}

func (l *testLog) no(op Op, field, want string) {
	l.t.Helper()
	refusedK(op.Kind())
	l.refused(op, field, want)
}

func TestTerrainKinds(t *testing.T) {
	l := newTestLog(t, maps.Default())
	f := l.File()
	b1 := f.Terrain[0] // bldg-1: a rectangle 12–22 × 14–20
	if b1.ID != "bldg-1" {
		t.Fatal(b1.ID)
	}
	// Add: a copy of bldg-1 under a new id, 30" to the right.
	p := Translated(b1, 30, 0)
	p.ID = "bldg-9"
	l.ok(&TerrainAdd{Piece: p})
	if got := l.File().Terrain[len(l.File().Terrain)-1]; got.ID != "bldg-9" || got.Polygon[0][0] != b1.Polygon[0][0]+30 {
		t.Errorf("added %+v", got)
	}
	l.no(&TerrainAdd{Piece: p}, "piece", `the id "bldg-9" is already used`)
	p.ID = "red-storm-1" // a unit's id: one namespace
	l.no(&TerrainAdd{Piece: p}, "piece", `already used by a unit`)
	p.ID, p.Polygon = "bad", [][2]float64{{0, 0}, {2, 2}, {2, 0}, {0, 2}}
	l.no(&TerrainAdd{Piece: p}, "piece.polygon", "cross")
	// Move by (1, -2).
	l.ok(&TerrainMove{Piece: "bldg-9", DX: 1, DY: -2})
	if got := l.File().Terrain[len(l.File().Terrain)-1].Polygon[0]; got != [2]float64{b1.Polygon[0][0] + 31, b1.Polygon[0][1] - 2} {
		t.Errorf("moved to %v", got)
	}
	l.no(&TerrainMove{Piece: "nope", DX: 1}, "piece", `no terrain piece "nope"`)
	// Rotate by 90° about the box centre: exact.
	before := l.File().Terrain[0]
	l.ok(&TerrainRotate{Piece: "bldg-1", Degrees: 90})
	c := Centre(&before)
	for i, q := range l.File().Terrain[0].Polygon {
		o := before.Polygon[i]
		if want := [2]float64{c.X - (o[1] - c.Y), c.Y + (o[0] - c.X)}; q != want {
			t.Errorf("vertex %d turned to %v, want %v", i, q, want)
		}
	}
	l.no(&TerrainRotate{Piece: "crater-1", Degrees: 10}, "piece", "is a circle")
	// Reshape: a polygon gets a polygon, a circle a circle.
	l.ok(&TerrainReshape{Piece: "crater-1", Circle: &table.Circle{X: 36, Y: 18, R: 2}})
	if c := l.File().Terrain[16].Circle; *c != (table.Circle{X: 36, Y: 18, R: 2}) {
		t.Errorf("circle %+v", c)
	}
	l.ok(&TerrainReshape{Piece: "ruin-1", Polygon: [][2]float64{{25, 14}, {34, 14}, {30, 20}}})
	l.no(&TerrainReshape{Piece: "crater-1", Polygon: [][2]float64{{1, 1}, {2, 1}, {2, 2}}}, "circle", "a circle")
	l.no(&TerrainReshape{Piece: "ruin-1", Circle: &table.Circle{X: 1, Y: 1, R: 1}}, "polygon", "a polygon")
	l.no(&TerrainReshape{Piece: "crater-1", Circle: &table.Circle{X: 36, Y: 18, R: 0}}, "piece.circle.r", "must be positive")
	// Set: re-class a piece.
	l.ok(&TerrainSet{Piece: "woods-1", PieceKind: ptr(table.Solid), Height: ptr(3.0), Standable: ptr(false),
		Cover: &table.CoverByClass{Trooper: table.CoverHeavy, Creature: table.CoverLight, Vehicle: table.CoverNone}})
	if w := l.File().Terrain[8]; w.Kind != table.Solid || w.Height != 3 || w.Standable || w.Cover.Creature != table.CoverLight {
		t.Errorf("woods-1 set to %+v", w)
	}
	l.no(&TerrainSet{Piece: "woods-1", PieceKind: ptr(table.TerrainKind(9))}, "kind", `table: no TerrainKind 9`) // a value out of the set has no JSON form
	l.no(&TerrainSet{Piece: "woods-1", Base: ptr(5.0)}, "piece.base", "is above the height")
	l.no(&TerrainSet{Piece: "woods-1", Move: &table.MoveByClass{Trooper: table.Passage(7), Ground: table.Open, Repulsor: table.Open}}, "move.trooper", `table: no Passage 7`)
	// Delete, and delete again.
	l.ok(&TerrainDelete{Piece: "bldg-9"})
	l.no(&TerrainDelete{Piece: "bldg-9"}, "piece", `no terrain piece "bldg-9"`)
	// Mirror twice: the layout comes back byte for byte.
	start := save(t, l.File())
	l.ok(&LayoutMirror{})
	if m := l.File().UnitsOnTable[0].Minis[0]; m.X != 72-7.5 || m.Y != 36-2.2 || m.Facing != 90+180 {
		t.Errorf("mirrored mini %+v", m)
	}
	l.ok(&LayoutMirror{})
	if save(t, l.File()) != start {
		t.Error("mirroring twice changed the layout")
	}
}

func TestUnitKinds(t *testing.T) {
	l := newTestLog(t, maps.Default())
	f := l.File()
	u := f.UnitsOnTable[0] // red-storm-1, 5 small minis along y 2.2–3.7
	// Add a copy 10" up under new ids.
	nu := table.Unit{ID: "red-storm-9", Side: "red", Type: table.Trooper, Speed: 2}
	for i, m := range u.Minis {
		m.ID, m.Y = "red-storm-9-"+itoa(i+1), m.Y+10
		nu.Minis = append(nu.Minis, m)
	}
	l.ok(&UnitAdd{Unit: nu})
	if got := l.File().UnitsOnTable[len(l.File().UnitsOnTable)-1]; got.ID != "red-storm-9" || got.Minis[0].BaseName != "small" {
		t.Errorf("added %+v", got)
	}
	l.no(&UnitAdd{Unit: nu}, "unit", `"red-storm-9" is already used`)
	nu.ID = "red-storm-8"
	l.no(&UnitAdd{Unit: nu}, "unit", `"red-storm-9-1" is already used by a mini`)
	for i := range nu.Minis {
		nu.Minis[i].ID = "x-" + itoa(i)
	}
	nu.Minis[2].Y = 40
	l.no(&UnitAdd{Unit: nu}, "unit.minis[2]", "base leaves the table")
	nu.Minis[2].Y, nu.Minis[3].Leader = 12, true
	l.no(&UnitAdd{Unit: nu}, "unit", "2 leaders")
	// Set.
	l.ok(&UnitSet{Unit: "red-storm-9", Side: ptr("blue"), Speed: ptr(3), Height: ptr(2.5)})
	if got := l.File().UnitsOnTable[len(l.File().UnitsOnTable)-1]; got.Side != "blue" || got.Speed != 3 || got.Minis[4].Height != 2.5 {
		t.Errorf("set %+v", got)
	}
	l.no(&UnitSet{Unit: "red-storm-9", Speed: ptr(4)}, "unit.speed", "must be 1, 2 or 3")
	l.no(&UnitSet{Unit: "red-storm-9", Height: ptr(-1.0)}, "height", "must not be negative")
	l.no(&UnitSet{Unit: "red-storm-9", CoverGiven: ptr(table.CoverNone)}, "coverGiven", `must be "light" or "heavy"`)
	l.no(&UnitSet{Unit: "nope"}, "unit", `no unit "nope"`)
	// Minis: one mini, then a whole unit.
	l.ok(&MinisMove{Minis: []MiniPlace{{Mini: "red-storm-9-2", X: 6, Y: 14, Facing: ptr(45.0), Z: ptr(1.0)}}})
	if m := l.File().UnitsOnTable[len(l.File().UnitsOnTable)-1].Minis[1]; m.X != 6 || m.Y != 14 || m.Facing != 45 || m.Z != 1 {
		t.Errorf("moved %+v", m)
	}
	l.ok(ShiftUnit(&l.File().UnitsOnTable[len(l.File().UnitsOnTable)-1], 1, 1))
	l.no(&MinisMove{Minis: []MiniPlace{{Mini: "red-storm-9-2", X: 0.1, Y: 14}}}, "minis[0]", "base leaves the table")
	l.no(&MinisMove{Minis: []MiniPlace{{Mini: "nope", X: 1, Y: 1}}}, "minis[0].mini", `no mini "nope"`)
	l.no(&MinisMove{Unit: "red-storm-1", Minis: []MiniPlace{{Mini: "red-storm-9-2", X: 6, Y: 14}}}, "minis[0].mini", "is not a mini of red-storm-1")
	l.no(&MinisMove{Minis: []MiniPlace{{Mini: "red-storm-9-2", X: 6, Y: 14}, {Mini: "red-storm-9-2", X: 7, Y: 14}}}, "minis[1].mini", "listed twice")
	l.no(&MinisMove{}, "minis", "no mini to move")
	// A mini joins and leaves.
	m := nu.Minis[0]
	m.ID, m.Leader, m.X, m.Y = "red-storm-9-6", false, 10, 16
	l.ok(&MiniAdd{Unit: "red-storm-9", Mini: m})
	l.no(&MiniAdd{Unit: "red-storm-9", Mini: m}, "mini", `"red-storm-9-6" is already used`)
	m.ID, m.Leader = "red-storm-9-7", true
	l.no(&MiniAdd{Unit: "red-storm-9", Mini: m}, "mini", "2 leaders")
	l.ok(&MiniDelete{Mini: "red-storm-9-6"})
	l.no(&MiniDelete{Mini: "red-storm-9-1"}, "mini", "no leader")
	l.no(&MiniDelete{Mini: "red-storm-9-6"}, "mini", `no mini "red-storm-9-6"`)
	// Delete the unit.
	l.ok(&UnitDelete{Unit: "red-storm-9"})
	l.no(&UnitDelete{Unit: "red-storm-9"}, "unit", `no unit "red-storm-9"`)
}

// TestUnitMoveKinds: a standard move as rules answer it, and a pivot.
func TestUnitMoveKinds(t *testing.T) {
	l := newTestLog(t, maps.Default())
	w := l.World()
	// red-storm-1 moves straight "north" (heading 90) at speed 1: the leader ends where rules say,
	// the followers where PlaceFollowers puts them.
	q := (&UnitMove{Speed: 1, Heading: 90, Fraction: 1}).Query("red-storm-1-1")
	a, err := w.Move(q)
	if err != nil || !a.Legal {
		t.Fatalf("rules: %+v %v", a, err)
	}
	pl, _ := w.PlaceFollowers("red-storm-1", rPoint(a.X, a.Y))
	l.ok(&UnitMove{Unit: "red-storm-1", Speed: 1, Heading: 90, Fraction: 1})
	u := l.File().UnitsOnTable[0]
	if u.Minis[0].X != a.X || u.Minis[0].Y != a.Y {
		t.Errorf("leader at (%v, %v), rules say (%v, %v)", u.Minis[0].X, u.Minis[0].Y, a.X, a.Y)
	}
	for _, p := range pl {
		for _, m := range u.Minis {
			if m.ID == p.ID && p.OK && (m.X != p.X || m.Y != p.Y) {
				t.Errorf("%s at (%v, %v), rules place it at (%v, %v)", m.ID, m.X, m.Y, p.X, p.Y)
			}
		}
	}
	// Into the table edge: not legal, with rules' reason.
	l.no(&UnitMove{Unit: "red-storm-2", Speed: 3, Heading: 270, Fraction: 1}, "", "edge")
	l.no(&UnitMove{Unit: "red-storm-2", Speed: 4, Heading: 90, Fraction: 1}, "", "speed")
	l.no(&UnitMove{Unit: "nope", Speed: 1, Fraction: 1}, "unit", `no unit "nope"`)
	// The AT-ST (notched) pivots; a trooper unit does not.
	l.ok(&UnitPivot{Unit: "red-atst-1", Facing: 45})
	if f := l.File().UnitsOnTable[4].Minis[0].Facing; f != 45 {
		t.Errorf("pivoted to %v", f)
	}
	l.no(&UnitPivot{Unit: "red-storm-2", Facing: 45}, "unit", "round base")
}

func TestTableImport(t *testing.T) {
	l := newTestLog(t, maps.Default())
	before := save(t, l.File())
	sk := load(t, maps.Skirmish())
	l.ok(&TableImport{Table: sk})
	if save(t, l.File()) != save(t, sk) {
		t.Error("import did not replace the table")
	}
	bad := *sk
	bad.Battlefield.Width = -1
	l.no(&TableImport{Table: &bad}, "table.battlefield.width", "must be positive")
	l.no(&TableImport{}, "table", "missing")
	if _, err := l.Undo("me", "u1"); err != nil {
		t.Fatal(err)
	}
	if save(t, l.File()) != before {
		t.Error("undoing the import did not bring the table back")
	}
	// ImportLoaded trusts table.Load's check for the file it was made with, and only that one: a
	// file put in its place later is checked.
	l.ok(ImportLoaded(sk))
	if save(t, l.File()) != save(t, sk) {
		t.Error("ImportLoaded did not replace the table")
	}
	swapped := ImportLoaded(sk)
	swapped.Table = &bad
	l.no(swapped, "table.battlefield.width", "must be positive")
}

// TestSetupKinds plays a whole setup on the default table with setup ops — colours, two terrain
// turns (one only as the fallback), the draft with a pass, a refused last card, the card's
// centre token and four placed ones, every unit deployed in turn — with each kind's refusals
// (the same steps as the setup tool's TestSetupWholeGame).
func TestSetupKinds(t *testing.T) {
	l := newTestLog(t, maps.Default())
	l.no(&SetupColours{Blue: "blue"}, "", "no setup yet")
	l.ok(&SetupStart{})
	l.no(&SetupStart{}, "", "begun already")
	l.no(&SetupNext{To: "draft"}, "", "choose blue, red and blue's edge first")
	l.no(&SetupColours{Blue: "green"}, "blue", `no side "green"`)
	l.no(&SetupColours{Blue: "red", Red: "red"}, "red", "different sides")
	l.no(&SetupColours{Blue: "blue", Red: "red", BlueEdge: "west"}, "blueEdge", `no edge "west"`)
	l.ok(&SetupColours{Blue: "blue", Red: "red", BlueEdge: "north"})

	bar, _ := maps.TerrainPresetNamed("barricade")
	piece := func(id string, x, y float64) table.Terrain {
		return table.Terrain{ID: id, Height: bar.Height, Kind: bar.Kind, Cover: bar.Cover, Move: bar.Move, Standable: true,
			Polygon: [][2]float64{{x - bar.W/2, y - bar.D/2}, {x + bar.W/2, y - bar.D/2}, {x + bar.W/2, y + bar.D/2}, {x - bar.W/2, y + bar.D/2}}}
	}
	l.no(&SetupTerrain{Colour: table.Blue, Piece: piece("barricade-7", 36, 30)}, "piece", "within range 1")
	l.no(&SetupTerrain{Colour: table.NoColour, Piece: piece("barricade-7", 36, 30)}, "colour", `table: no word for`) // a colour out of the set has no JSON form
	l.ok(&SetupTerrain{Colour: table.Blue, Piece: piece("barricade-7", 36, 30), Fallback: true})
	l.no(&SetupTerrain{Colour: table.Blue, Piece: piece("barricade-8", 60, 20), Fallback: true}, "colour", "Red's turn")
	l.no(&SetupTerrain{Colour: table.Red, Piece: piece("barricade-8", 17, 22.4), Fallback: true}, "piece", "touches")
	l.no(&SetupDeal{}, "", "this belongs to the draft phase")
	l.no(&SetupNext{To: "tokens"}, "to", "the phase after terrain is draft, not tokens")
	l.ok(&SetupNext{To: "draft"})

	l.no(&SetupDraft{Colour: table.Blue, Action: "pass"}, "", "deal the cards first")
	l.no(&SetupDeal{Objectives: []string{"recover-the-supplies"}}, "", "has 1 cards")
	l.no(&SetupDeal{Objectives: []string{"battle-lines", "x", "y"}}, "objectives[0]", `no objective card "battle-lines"`)
	l.ok(&SetupDeal{Objectives: []string{"recover-the-supplies", "breakthrough", "key-positions"},
		Deployments: []string{"battle-lines", "the-long-march", "disarray"},
		Conditions:  []string{"clear-conditions", "limited-visibility", "supply-drop"}})
	l.no(&SetupDraft{Colour: table.Red, Action: "pass"}, "colour", "Blue's turn, not Red's")
	l.ok(&SetupDraft{Colour: table.Blue, Action: "pass"})
	l.no(&SetupDeal{Objectives: []string{"recover-the-supplies", "breakthrough", "key-positions"},
		Deployments: []string{"battle-lines", "the-long-march", "disarray"},
		Conditions:  []string{"clear-conditions", "limited-visibility", "supply-drop"}}, "", "the draft has begun")
	l.no(&SetupDraft{Colour: table.Red, Action: "eliminate", Row: "condition", Card: "supply-drop"}, "card", `left-most card of that row is "clear-conditions"`)
	l.no(&SetupDraft{Colour: table.Red, Action: "eliminate", Row: "weather"}, "row", `no row "weather"`)
	l.no(&SetupDraft{Colour: table.Red, Action: "fold"}, "action", `no draft action "fold"`)
	l.ok(&SetupDraft{Colour: table.Red, Action: "eliminate", Row: "condition", Card: "clear-conditions"})
	l.ok(&SetupDraft{Colour: table.Blue, Action: "eliminate", Row: "condition", Card: "limited-visibility"})
	l.no(&SetupDraft{Colour: table.Red, Action: "eliminate", Row: "condition", Card: "supply-drop"}, "row", "last card supply-drop cannot be discarded")
	l.no(&SetupNext{To: "tokens"}, "", "the draft is not over: Red's turn")
	l.ok(&SetupDraft{Colour: table.Red, Action: "pass"})
	l.no(&SetupMission{Mission: "disabled-vehicle"}, "", "uses battle cards")
	l.ok(&SetupNext{To: "tokens"})
	if toks := l.File().Tokens; len(toks) != 1 || toks[0].X != 36 || toks[0].Y != 18 || toks[0].ID != "objective-1" {
		t.Fatalf("the centre token: %+v", toks)
	}

	tok := func(id string, x, y float64) table.Token {
		return table.Token{ID: id, Kind: "objective", X: x, Y: y, R: TokenRadius}
	}
	l.no(&SetupToken{Colour: table.Blue, Token: tok("objective-2", 36, 8)}, "token", "zone")
	l.no(&SetupToken{Colour: table.Red, Token: tok("objective-2", 24, 20)}, "colour", "Blue's turn")
	k := tok("objective-2", 24, 20)
	k.Kind = "condition"
	l.no(&SetupToken{Colour: table.Blue, Token: k}, "token.kind", `the next token is a "objective" token`)
	for i, p := range [][2]float64{{24, 20}, {48, 16}, {62, 19}, {3, 22}} {
		l.ok(&SetupToken{Colour: table.Colours[i%2], Token: tok("objective-"+itoa(i+2), p[0], p[1])})
	}
	l.no(&SetupToken{Colour: table.Blue, Token: tok("objective-9", 10, 10)}, "token", "no token is left to place")
	l.no(&SetupDeploy{Colour: table.Blue, Unit: "blue-rebel-1"}, "", "this belongs to the deploy phase")
	l.ok(&SetupNext{To: "deploy"})

	l.no(&SetupDeploy{Colour: table.Red, Unit: "red-storm-1"}, "unit", "it is Blue's turn")
	l.no(&SetupDeploy{Colour: table.Blue, Unit: "blue-rebel-1", DY: -6}, "unit", "not wholly inside a blue zone")
	l.no(&SetupDeploy{Colour: table.Blue, Unit: "nope"}, "unit", `no unit "nope" of blue or red`)
	l.no(&SetupDeploy{Colour: table.Red, Unit: "blue-rebel-1"}, "colour", "it is Blue's turn, and blue-rebel-1 is Blue's")
	for {
		sum := summary(l.State())
		if sum.Turn == table.NoColour {
			break
		}
		l.ok(&SetupDeploy{Colour: sum.Turn, Unit: sum.Waiting[sum.Turn][0]})
	}
	l.no(&SetupDeploy{Colour: table.Blue, Unit: "blue-rebel-1"}, "unit", "blue-rebel-1 is deployed already")
	l.ok(&SetupNext{To: "done"})
	l.no(&SetupNext{To: "done"}, "", "the setup is done")
	if st := l.File().Setup; st.Phase != "done" || len(st.Deployed) != 12 || len(st.TerrainTurns) != 1 {
		t.Errorf("setup at the end: %+v", st)
	}
}

// TestSetupMissionKind: on the Spezialeinsätze table the draft phase chooses a mission.
func TestSetupMissionKind(t *testing.T) {
	l := newTestLog(t, maps.Skirmish())
	l.ok(&SetupStart{})
	l.ok(&SetupColours{Blue: "blue", Red: "red"})
	l.ok(&SetupNext{To: "draft"})
	l.no(&SetupDeal{}, "", "uses no battle cards")
	l.no(&SetupNext{To: "tokens"}, "", "choose the mission first")
	l.no(&SetupMission{Mission: "nope"}, "mission", `no mission "nope"`)
	l.ok(&SetupMission{Mission: "disabled-vehicle"})
	l.ok(&SetupNext{To: "tokens"})
	if toks := l.File().Tokens; len(toks) != 3 || toks[2].Kind != "objective" || toks[2].X != 18 || toks[2].Y != 18 {
		t.Fatalf("the vehicle's marker: %+v", toks)
	}
}

// tableSave is table.Save for goroutines (no testing.T).
func tableSave(f *table.File) (string, error) {
	b, err := table.Save(f)
	return string(b), err
}

// TestRefusalsInGerman: an op's own refusal, and a refusal that carries the rules' reasons, read
// in German.
func TestRefusalsInGerman(t *testing.T) {
	l := newTestLog(t, maps.Default())
	_, err := l.Submit(Entry{ID: "x", Author: "me", Op: &TerrainMove{Piece: "nope"}})
	if got := err.(*Refusal).In("de"); got != `piece: Geländeteil "nope" gibt es nicht [`+CiteOps+`]` {
		t.Errorf("German: %q", got)
	}
	_, err = l.Submit(Entry{ID: "y", Author: "me", Op: &UnitMove{Unit: "red-storm-2", Speed: 3, Heading: 270, Fraction: 1}})
	if got := err.(*Refusal).In("de"); !strings.Contains(got, "die Basis würde das Schlachtfeld verlassen") {
		t.Errorf("German: %q", got)
	}
}
