package swm

import (
	"slices"
	"testing"
)

func mustReach(t *testing.T, b *Board, id string, o ReachOptions) *Reach {
	t.Helper()
	r, err := b.ReachOf(id, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// endCost returns the cost of the end (x, y), −1 when it is not an end.
func endCost(r *Reach, x, y int) int {
	for _, e := range r.Ends {
		if e.X == x && e.Y == y {
			return e.Cost
		}
	}
	return -1
}

// On open ground a diagonal costs as much as two orthogonal steps, so the reach is the diamond
// |dx| + |dy| ≤ speed (L268, L276, L508), clipped by the map; without attacking, twice the speed.
func TestReachOpenGroundL508(t *testing.T) {
	b := board(t, open(15, 15), nil, []string{"a/x@7,7"})
	for _, c := range []struct {
		double bool
		budget int
	}{{false, 6}, {true, 12}} {
		r := mustReach(t, b, "a", ReachOptions{Double: c.double})
		if r.Budget != c.budget {
			t.Fatalf("budget %d, want %d", r.Budget, c.budget)
		}
		want := 0
		for y := 0; y < 15; y++ {
			for x := 0; x < 15; x++ {
				d := abs8(x-7) + abs8(y-7)
				if d <= c.budget {
					want++
					if got := endCost(r, x, y); got != d {
						t.Errorf("budget %d: (%d,%d) costs %d, want %d", c.budget, x, y, got, d)
					}
				}
			}
		}
		if len(r.Ends) != want {
			t.Errorf("budget %d: %d ends, want %d", c.budget, len(r.Ends), want)
		}
	}
}

func abs8(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// L736 "Schneller bewegen": Obi-Wan spends a Force point to move 8 squares and attack, or 14.
func TestReachForcePointL736(t *testing.T) {
	b := board(t, open(30, 3), nil, []string{"obi-wan/rebels@0,1"})
	for _, c := range []struct {
		o    ReachOptions
		want int
	}{{ReachOptions{Force: true}, 8}, {ReachOptions{Force: true, Double: true}, 14}, {ReachOptions{Bonus: 4}, 10}} {
		r := mustReach(t, b, "obi-wan", c.o)
		if r.Budget != c.want || endCost(r, c.want, 1) != c.want || endCost(r, c.want+1, 1) != -1 {
			t.Errorf("%+v: budget %d, (%d,1) costs %d", c.o, r.Budget, c.want, endCost(r, c.want, 1))
		}
	}
}

// L270, L524, L764, L774: entering low objects or difficult terrain costs double, a diagonal into
// them four times.
func TestReachSlowTerrainL524(t *testing.T) {
	b := board(t, []string{
		".l.",
		"ld.",
		"...",
	}, nil, []string{"a/x@0,0"})
	r := mustReach(t, b, "a", ReachOptions{})
	for _, c := range []struct{ x, y, want int }{
		{1, 0, 2}, // into low objects
		{0, 1, 2},
		{1, 1, 4}, // diagonally into difficult terrain, or two steps of 2
		{2, 0, 3}, // through the low objects, then open
		{2, 2, 5}, // around: (0,1) 2, (0,2) 1, (1,2) 1, (2,2) 1
	} {
		if got := endCost(r, c.x, c.y); got != c.want {
			t.Errorf("(%d,%d) costs %d, want %d", c.x, c.y, got, c.want)
		}
	}
}

// L520, L784, L1474: no diagonal step past a wall corner whose line reaches the intersection; a
// bevelled corner allows it (the digest's §1.4).
func TestReachCornerRuleL520(t *testing.T) {
	walls := []string{"1,1-1,4", "1,1-4,1"}
	sharp := mustReach(t, board(t, open(5, 5), walls, []string{"a/x@0,0"}), "a", ReachOptions{Double: true})
	// Around the walls' far end: 4 along row 0, 1 down past (4,1) — no diagonal there either, the
	// wall's end reaches it — and 3 back: 8.
	if c := endCost(sharp, 1, 1); c != 8 {
		t.Errorf("sharp corner: (1,1) costs %d, want 8 (around the walls: the diagonal is refused)", c)
	}
	bevelled := mustReach(t, board(t, open(5, 5), []string{"1,1-1,4!from", "1,1-4,1!from"}, []string{"a/x@0,0"}), "a", ReachOptions{})
	if c := endCost(bevelled, 1, 1); c != 2 {
		t.Errorf("bevelled corner: (1,1) costs %d, want 2 (the diagonal past the open corner)", c)
	}
}

// L278, L134: an ally's square may be passed, not ended on; L280: an enemy's may not be entered.
func TestReachAlliesAndEnemiesL278(t *testing.T) {
	corridor := []string{"#######", ".......", "#######"}
	r := mustReach(t, board(t, corridor, nil, []string{"a/x@0,1", "friend/x@2,1"}), "a", ReachOptions{})
	if endCost(r, 2, 1) != -1 || endCost(r, 3, 1) != 3 || endCost(r, 6, 1) != 6 {
		t.Errorf("past an ally: ends %v", r.Ends)
	}
	r = mustReach(t, board(t, corridor, nil, []string{"a/x@0,1", "foe/y@2,1"}), "a", ReachOptions{})
	if len(r.Ends) != 2 || endCost(r, 1, 1) != 1 {
		t.Errorf("before an enemy: ends %v, want (0,1) and (1,1)", r.Ends)
	}
	// Force Leap passes the enemy without attacks of opportunity (L1090).
	r = mustReach(t, board(t, corridor, nil, []string{"a/x@0,1", "foe/y@2,1"}), "a", ReachOptions{ForceLeap: true})
	path, ok := r.PathTo(4, 1)
	if !ok || len(path) != 4 || slices.ContainsFunc(path, func(s Step) bool { return len(s.Provokes) > 0 }) {
		t.Errorf("Force Leap: path %+v", path)
	}
}

// L538, L544, L1416: a Large figure squeezes through a gap one square wide but may not stop
// there; a Rigid one cannot (L1346); no one squeezes past an enemy (next to the squeezing space).
func TestReachSqueezeL544(t *testing.T) {
	rows := []string{
		"...#....",
		"........",
		"...#....",
		"...#....",
	}
	b := board(t, rows, nil, []string{"big/x@0,0:large"})
	r := mustReach(t, b, "big", ReachOptions{})
	if c := endCost(r, 4, 0); c != 4 {
		t.Errorf("through the gap: (4,0) costs %d, want 4", c)
	}
	for _, x := range []int{2, 3} {
		if endCost(r, x, 0) != -1 || endCost(r, x, 1) != -1 {
			t.Errorf("ended squeezed at anchor x = %d", x)
		}
	}
	path, _ := r.PathTo(4, 0)
	squeezed := 0
	for _, s := range path {
		if s.Squeezed {
			squeezed++
		}
	}
	if len(path) != 4 || squeezed != 2 {
		t.Errorf("path %+v, want 4 steps, 2 of them squeezing", path)
	}
	rigid := mustReach(t, board(t, rows, nil, []string{"big/x@0,0:large:rigid"}), "big", ReachOptions{Double: true})
	if endCost(rigid, 4, 0) != -1 {
		t.Errorf("a Rigid figure squeezed through")
	}
	blocked := mustReach(t, board(t, rows, nil, []string{"big/x@0,0:large", "foe/y@2,0"}), "big", ReachOptions{Double: true})
	if endCost(blocked, 4, 0) != -1 {
		t.Errorf("squeezed past an enemy")
	}
	// A gap two squares wide fits a Large figure; an enemy in half of it narrows it to one, and
	// the figure may not squeeze through what is left (L544).
	wide := []string{"...#....", "........", "........", "...#...."}
	if r := mustReach(t, board(t, wide, nil, []string{"big/x@0,1:large"}), "big", ReachOptions{}); endCost(r, 4, 1) != 4 {
		t.Errorf("two-square gap: (4,1) costs %d, want 4", endCost(r, 4, 1))
	}
	if r := mustReach(t, board(t, wide, nil, []string{"big/x@0,1:large", "foe/y@3,2"}), "big", ReachOptions{Double: true}); endCost(r, 4, 0) != -1 || endCost(r, 4, 1) != -1 {
		t.Errorf("squeezed through a gap narrowed by an enemy: %v", r.Ends)
	}
}

// L664–678: leaving a square next to an enemy provokes its attack of opportunity; not across a
// wall (L676); never for a flyer (L1066).
func TestReachAttacksOfOpportunityL664(t *testing.T) {
	b := board(t, open(7, 5), nil, []string{"a/x@2,2", "foe/y@3,2"})
	r := mustReach(t, b, "a", ReachOptions{})
	path, ok := r.PathTo(0, 2)
	if !ok || len(path) != 2 || !slices.Equal(path[0].Provokes, []string{"foe"}) || len(path[1].Provokes) != 0 {
		t.Errorf("away from the enemy: %+v", path)
	}
	walled := board(t, open(7, 5), []string{"3,0-3,5"}, []string{"a/x@2,2", "foe/y@3,2"})
	if path, _ := mustReach(t, walled, "a", ReachOptions{}).PathTo(0, 2); len(path) != 2 || len(path[0].Provokes) != 0 {
		t.Errorf("across a wall: %+v", path)
	}
	flyer := board(t, open(7, 5), nil, []string{"a/x@2,2::flight", "foe/y@3,2"})
	if path, _ := mustReach(t, flyer, "a", ReachOptions{}).PathTo(0, 2); len(path) != 2 || len(path[0].Provokes) != 0 {
		t.Errorf("a flyer: %+v", path)
	}
	// Of two cheapest paths, the one with fewer provoking steps: along the enemy's row the figure
	// provokes once; a path that stays next to the enemy longer is not chosen.
	if e := endCost(r, 2, 0); e != 2 {
		t.Errorf("(2,0) costs %d", e)
	}
}

// L828, L1066, L1302: a flyer crosses pits and enemies but ends on neither.
func TestReachFlightL1066(t *testing.T) {
	rows := []string{".....", "ppppp", ".....", "....."}
	walker := mustReach(t, board(t, rows, nil, []string{"a/x@2,0"}), "a", ReachOptions{})
	if endCost(walker, 2, 2) != -1 {
		t.Errorf("a walker crossed the pit")
	}
	flyer := mustReach(t, board(t, rows, nil, []string{"a/x@2,0::flight", "foe/y@2,2"}), "a", ReachOptions{})
	if endCost(flyer, 2, 1) != -1 || endCost(flyer, 2, 2) != -1 || endCost(flyer, 2, 3) != 3 {
		t.Errorf("flyer ends %v", flyer.Ends)
	}
}

// L1476: a Wall Climber moves as a flyer between squares bounded by walls: along a wall it crosses
// low objects at the normal cost.
func TestReachWallClimberL1476(t *testing.T) {
	rows := []string{"......", ".llll.", "......"}
	climber := mustReach(t, board(t, rows, []string{"0,1-6,1"}, []string{"a/x@0,1::wall-climber"}), "a", ReachOptions{})
	walker := mustReach(t, board(t, rows, []string{"0,1-6,1"}, []string{"a/x@0,1"}), "a", ReachOptions{Double: true})
	if c := endCost(climber, 5, 1); c != 5 {
		t.Errorf("climber along the wall: (5,1) costs %d, want 5", c)
	}
	if c := endCost(walker, 5, 1); c != 7 {
		t.Errorf("walker: (5,1) costs %d, want 7 (below the low objects: diagonal 2, three steps, diagonal 2)", c)
	}
}
