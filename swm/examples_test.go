package swm

import (
	"strings"
	"testing"

	"holotable/table"
)

// The book's worked examples (seed 004), each as a named test citing its lines. The seed has none
// of the figures, so each map is the smallest one the text describes.

// cornerMap: a building (solid squares) fills the lower right from (3,3); Padmé stands west of it
// in its top row, the Battle Droid north of it, four squares along its north face.
func cornerMap(t *testing.T) *Board {
	return board(t, []string{
		"........",
		"........",
		"........",
		"...#####",
		"...#####",
		"...#####",
	}, nil, []string{"padme/rebels@2,3", "droid/separatists@6,2"})
}

// L798–808 "Um Ecken feuern": Padmé and the Battle Droid see each other around the corner; Padmé
// shoots from the corner of her square that touches the building's corner, and every line from it
// runs along the north face or clear of it: the droid has no cover. The droid's lines to Padmé all
// pass through the building: Padmé has cover.
func TestExampleFireAroundCornerL798(t *testing.T) {
	b := cornerMap(t)
	p, d := space(t, b, "padme"), space(t, b, "droid")
	for _, l := range []LOS{b.LOS(p, d), b.LOS(d, p)} {
		if !l.Visible || l.Method != "exact" {
			t.Fatalf("LOS %+v, want visible, found by the exact search (no sample line clears the corner)", l)
		}
		checkClear(t, b, l)
	}
	c := mustCover(t, b, "padme", "droid")
	// Both corners of Padmé's top edge see the droid's square along the north face or clear of
	// it; the first in order is (2,3).
	if !c.LOS || c.Adjacent || c.Cover || c.Corner == nil || *c.Corner != (table.Point{X: 2, Y: 3}) {
		t.Errorf("Padmé → droid: %+v, want no cover from the corner (2,3)", c)
	}
	c = mustCover(t, b, "droid", "padme")
	if !c.Cover || !strings.Contains(strings.Join(c.By, ";"), "wall") {
		t.Errorf("droid → Padmé: %+v, want cover by the building's walls", c)
	}
}

// L618–634 "Feuern durch Charaktere hindurch": Luke fires past a Rebel Trooper at a Stormtrooper,
// which has cover (+4) but may be attacked; a Sniper ignores the trooper (L1394–1396), but not low
// objects between the trooper and the target.
func TestExampleAllyInTheLineL634(t *testing.T) {
	b := board(t, open(7, 5), nil, []string{"luke/rebels@0,2", "trooper/rebels@2,2", "storm/empire@4,2"})
	l, s := space(t, b, "luke"), space(t, b, "storm")
	if !b.Sees(l, s) {
		t.Fatal("characters do not block line of sight (L632)")
	}
	c := mustCover(t, b, "luke", "storm")
	if !c.Cover || len(c.By) != 1 || c.By[0] != "figure trooper" {
		t.Errorf("cover %+v, want cover by the trooper only", c)
	}
	sniper := board(t, open(7, 5), nil, []string{"nikto/rebels@0,2::sniper", "trooper/empire@2,2", "commander/empire@4,2"})
	if c := mustCover(t, sniper, "nikto", "commander"); c.Cover {
		t.Errorf("Sniper: %+v, want no cover (L1396)", c)
	}
	rows := open(7, 5)
	rows[2] = "...l..."
	sniperLow := board(t, rows, nil, []string{"nikto/rebels@0,2::sniper", "trooper/empire@2,2", "commander/empire@4,2"})
	if c := mustCover(t, sniperLow, "nikto", "commander"); !c.Cover || c.By[0] != "the low objects on square (3,2)" {
		t.Errorf("Sniper past low objects: %+v, want cover by the low objects (L1396)", c)
	}
}

// L614–616 "Deckung durch niedrige Objekte 2": the Clone Trooper ignores the low objects next to
// it, so Super Battle Droid 1 behind them has no cover; Super Battle Droid 2 has cover from low
// objects farther away; firing back, the droid 2 finds the Clone Trooper in cover behind the low
// objects next to the trooper.
func TestExampleLowObjectNextToAttackerL616(t *testing.T) {
	rows := open(8, 7)
	rows[2] = "..l....."
	rows[5] = "....l..."
	b := board(t, rows, nil, []string{"clone/republic@1,2", "sbd1/separatists@5,2", "sbd2/separatists@5,5"})
	if c := mustCover(t, b, "clone", "sbd1"); c.Cover {
		t.Errorf("clone → SBD 1: %+v, want no cover: the low objects are next to the attacker (L614)", c)
	}
	if c := mustCover(t, b, "clone", "sbd2"); !c.Cover || c.By[0] != "the low objects on square (4,5)" {
		t.Errorf("clone → SBD 2: %+v, want cover by the low objects at (4,5)", c)
	}
	if c := mustCover(t, b, "sbd2", "clone"); !c.Cover || c.By[0] != "the low objects on square (2,2)" {
		t.Errorf("SBD 2 → clone: %+v, want cover by the low objects next to the clone (L616)", c)
	}
}

// L568, L600–606 "Deckung durch niedrige Objekte 1": a character standing in low objects has cover
// — unless the attacker is adjacent (L554).
func TestExampleTargetInLowObjectsL568(t *testing.T) {
	rows := open(7, 5)
	rows[2] = ".....l."
	b := board(t, rows, nil, []string{"han/rebels@1,2", "tusken/fringe@5,2", "guard/empire@4,3"})
	if c := mustCover(t, b, "han", "tusken"); !c.Cover || len(c.By) != 1 || c.By[0] != "the low objects on square (5,2)" {
		t.Errorf("Han → Tusken in low objects: %+v, want cover", c)
	}
	if c := mustCover(t, b, "guard", "tusken"); !c.Adjacent || c.Cover {
		t.Errorf("adjacent attacker → Tusken: %+v, want adjacent and no cover (L554)", c)
	}
}

// L336, L344, L578 "Eine Linie, die eine Ecke schneidet": two solid squares meeting at a corner
// leave only lines through that corner point between the other two squares, and a line touching a
// wall's corner is blocked. The two characters are next to each other but not adjacent (L676).
func TestExampleCornerGrazeL578(t *testing.T) {
	b := board(t, []string{
		"......",
		"......",
		"..#...",
		"...#..",
		"......",
		"......",
	}, nil, []string{"a/x@2,3", "b/y@3,2", "c/x@0,5", "d/y@5,0"})
	for _, pair := range [][2]string{{"a", "b"}, {"c", "d"}} {
		l := b.LOS(space(t, b, pair[0]), space(t, b, pair[1]))
		if l.Visible || l.Method != "exact" {
			t.Errorf("%s → %s: %+v, want no line of sight, proved by the exact search", pair[0], pair[1], l)
		}
	}
	if adj, _ := b.Adjacent("a", "b", false); adj.Adjacent {
		t.Errorf("a and b: %+v, want not adjacent (no line of sight, L676)", adj)
	}
}

// The digest's §1.16 A: a one-square gap in a long wall lets line of sight through, at every angle
// the gap allows, and only there.
func TestExampleGapInWall(t *testing.T) {
	b := board(t, open(12, 12), []string{"6,0-6,5", "6,6-6,12"},
		[]string{"a/x@2,5", "b/y@9,5", "c/x@0,0", "d/y@11,11", "e/y@11,0", "f/y@7,11"})
	for _, c := range []struct {
		from, to string
		want     bool
	}{
		{"a", "b", true},  // straight through
		{"c", "d", true},  // corner to corner through the gap
		{"c", "e", false}, // both far below the gap
		{"c", "f", false}, // the gap does not open that steeply
	} {
		l := b.LOS(space(t, b, c.from), space(t, b, c.to))
		if l.Visible != c.want {
			t.Errorf("%s → %s: %+v, want %v", c.from, c.to, l, c.want)
		}
		if l.Visible {
			checkClear(t, b, l)
		}
	}
}

// L520, L784 and the digest's §1.4: a bevelled corner stops short of the grid intersection. Two
// walls meeting at (3,3) with both ends bevelled leave the intersection itself open: the only
// clear lines from a square outside the corner to one in the walled-off quadrant pass exactly
// through it (no sample line does), and the exact search finds them; without the bevel there is
// no line of sight.
func TestExampleBevelledCorner(t *testing.T) {
	figs := []string{"a/x@2,3", "b/y@5,1"}
	bev := board(t, open(6, 6), []string{"3,0-3,3!to", "3,3-6,3!from"}, figs)
	l := bev.LOS(space(t, bev, "a"), space(t, bev, "b"))
	if !l.Visible || l.Method != "exact" {
		t.Fatalf("bevelled: %+v, want line of sight through the open corner", l)
	}
	checkClear(t, bev, l)
	sharp := board(t, open(6, 6), []string{"3,0-3,3", "3,3-6,3"}, figs)
	if l := sharp.LOS(space(t, sharp, "a"), space(t, sharp, "b")); l.Visible {
		t.Errorf("walls reaching the intersection: %+v, want no line of sight", l)
	}
}

// checkClear checks a witness line independently: both ends inside their spaces' interiors (the
// answer's spaces are the figures'), and no wall run meets the segment (tested at 1e5 points and
// at every grid-line crossing, with closed walls).
func checkClear(t *testing.T, b *Board, l LOS) {
	t.Helper()
	p, q := l.Line[0], l.Line[1]
	if p == q {
		t.Fatalf("degenerate witness %v", l.Line)
	}
	for _, r := range b.runs {
		if segmentTouchesRun(p, q, r) {
			t.Fatalf("witness %v touches %v", l.Line, r)
		}
	}
}
