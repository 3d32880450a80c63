package swm

import (
	"slices"
	"testing"
)

func mustTargets(t *testing.T, b *Board, id string, o TargetOptions) Targets {
	t.Helper()
	r, err := b.TargetsOf(id, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func candidate(t *testing.T, r Targets, id string) Candidate {
	t.Helper()
	for _, c := range r.Enemies {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("%s is not among the enemies %+v", id, r.Enemies)
	return Candidate{}
}

// L330–332 "Benachbarte Gegner": Clone Trooper 1 must attack General Grievous, who is adjacent,
// not the Super Battle Droid; the droid may attack either clone at 5 squares, though Grievous gives
// Clone Trooper 1 cover.
func TestTargetsAdjacentFirstL332(t *testing.T) {
	b := board(t, open(8, 6), nil, []string{
		"clone1/republic@0,2", "grievous/separatists@1,2", "clone2/republic@2,0", "sbd/separatists@5,2"})
	r := mustTargets(t, b, "clone1", TargetOptions{})
	if !slices.Equal(r.Legal, []string{"grievous"}) || !r.AdjacentOnly {
		t.Errorf("clone 1: %v (adjacent only %v), want grievous only", r.Legal, r.AdjacentOnly)
	}
	r = mustTargets(t, b, "sbd", TargetOptions{})
	if c := candidate(t, r, "clone1"); !c.Cover || c.Distance != 5 || !c.Nearest || !c.Legal {
		t.Errorf("SBD → clone 1: %+v, want in cover, 5 squares, tied for nearest, legal", c)
	}
	if c := candidate(t, r, "clone2"); c.Cover || c.Distance != 5 || !c.Legal {
		t.Errorf("SBD → clone 2: %+v, want no cover, 5 squares, legal", c)
	}
	if !slices.Equal(r.Legal, []string{"clone1", "clone2"}) || r.Nearest != 5 {
		t.Errorf("SBD: %v nearest %d", r.Legal, r.Nearest)
	}
}

// L606–608 "Deckung durch niedrige Objekte 1": Han may attack any of three enemies in cover — two
// behind low objects, one behind Luke — because they are equally far.
func TestTargetsTiedNearestInCoverL608(t *testing.T) {
	rows := open(7, 7)
	rows[2] = ".l...l."
	b := board(t, rows, nil, []string{"han/rebels@3,0", "luke/rebels@3,3",
		"tusken/empire@0,3", "guard/empire@6,3", "storm/empire@3,6"})
	r := mustTargets(t, b, "han", TargetOptions{})
	for _, id := range []string{"tusken", "guard", "storm"} {
		if c := candidate(t, r, id); !c.Cover || c.Distance != 6 || !c.Legal {
			t.Errorf("%s: %+v, want in cover at 6 squares and legal", id, c)
		}
	}
}

// L616 "Deckung durch niedrige Objekte 2": the Clone Trooper may attack Super Battle Droid 1 or
// Grievous (no cover); Super Battle Droid 2 has cover and is not the nearest: not a legal target.
// L566: an enemy in cover that is the nearest may be attacked (Luke and the Stormtrooper).
func TestTargetsCoverNotNearestL616(t *testing.T) {
	rows := open(9, 8)
	rows[2] = "..l......"
	rows[6] = "......l.."
	b := board(t, rows, nil, []string{"clone/republic@1,2", "sbd1/separatists@4,2", "grievous/separatists@4,4", "sbd2/separatists@7,6"})
	r := mustTargets(t, b, "clone", TargetOptions{})
	if !slices.Equal(r.Legal, []string{"sbd1", "grievous"}) {
		t.Errorf("legal %v, want sbd1 and grievous", r.Legal)
	}
	if c := candidate(t, r, "sbd2"); !c.Cover || c.Nearest || c.Legal {
		t.Errorf("SBD 2: %+v, want in cover, not nearest, not legal", c)
	}
	// Accurate Shot may take it (L884).
	acc := board(t, rows, nil, []string{"clone/republic@1,2::accurate-shot", "sbd1/separatists@4,2", "grievous/separatists@4,4", "sbd2/separatists@7,6"})
	if r := mustTargets(t, acc, "clone", TargetOptions{}); !slices.Contains(r.Legal, "sbd2") {
		t.Errorf("Accurate Shot: %v, want sbd2 legal", r.Legal)
	}
	// The nearest enemy is legal even in cover (L566).
	near := board(t, rows, nil, []string{"clone/republic@1,2", "sbd2/separatists@7,6"})
	if r := mustTargets(t, near, "clone", TargetOptions{}); !slices.Equal(r.Legal, []string{"sbd2"}) {
		t.Errorf("alone: %v, want sbd2 (in cover but the nearest)", r.Legal)
	}
}

// L1394–1396 Sniper: the Nikto Soldier fires past a Clone Trooper at the Clone Troop Commander,
// who has no cover; with low objects between them the commander has cover, is not the nearest,
// and cannot be attacked.
func TestTargetsSniperL1396(t *testing.T) {
	figs := []string{"nikto/fringe@0,2::sniper", "trooper/republic@2,2", "commander/republic@5,2"}
	r := mustTargets(t, board(t, open(8, 5), nil, figs), "nikto", TargetOptions{})
	if c := candidate(t, r, "commander"); c.Cover || !c.Legal {
		t.Errorf("commander: %+v, want no cover and legal", c)
	}
	rows := open(8, 5)
	rows[2] = "...l...."
	r = mustTargets(t, board(t, rows, nil, figs), "nikto", TargetOptions{})
	if c := candidate(t, r, "commander"); !c.Cover || c.Legal {
		t.Errorf("commander behind low objects: %+v, want cover and not legal", c)
	}
}

// L1422 Stealth: in cover and more than 6 squares away, a Stealth enemy does not count as the
// nearest — the next one does; within 6 squares the usual rule applies; Force Sense switches it
// off (L1102).
func TestTargetsStealthL1422(t *testing.T) {
	rows := open(14, 5)
	rows[2] = "........l....."
	figs := []string{"a/x@0,2", "scout/y@9,2::stealth", "trooper/y@0,4"}
	b := board(t, rows, nil, figs)
	r := mustTargets(t, b, "a", TargetOptions{})
	if c := candidate(t, r, "scout"); !c.Cover || c.Distance != 9 || c.Legal {
		t.Errorf("scout at 9 in cover: %+v, want not legal", c)
	}
	rows2 := open(14, 5)
	rows2[2] = "........l....."
	lone := board(t, rows2, nil, []string{"a/x@0,2", "scout/y@9,2::stealth"})
	if r := mustTargets(t, lone, "a", TargetOptions{}); len(r.Legal) != 0 || r.Nearest != -1 {
		t.Errorf("alone: %v nearest %d, want none: a Stealth enemy in cover beyond 6 is never the nearest", r.Legal, r.Nearest)
	}
	if r := mustTargets(t, lone, "a", TargetOptions{IgnoreStealth: true}); !slices.Equal(r.Legal, []string{"scout"}) {
		t.Errorf("Force Sense: %v, want the scout", r.Legal)
	}
	close := board(t, rows2, nil, []string{"a/x@4,2", "scout/y@9,2::stealth"})
	if r := mustTargets(t, close, "a", TargetOptions{}); !slices.Equal(r.Legal, []string{"scout"}) {
		t.Errorf("within 6: %v, want the scout", r.Legal)
	}
}

// L1240, L1244: Melee Attack attacks adjacent enemies only; Melee Reach 2 makes enemies within 2
// squares adjacent on its own turn.
func TestTargetsMeleeL1240(t *testing.T) {
	b := board(t, open(8, 5), nil, []string{"vader/empire@0,2::melee-attack", "obi-wan/rebels@2,2"})
	if r := mustTargets(t, b, "vader", TargetOptions{}); len(r.Legal) != 0 || !r.AdjacentOnly {
		t.Errorf("melee, nothing adjacent: %v", r.Legal)
	}
	doc := mapDoc(open(8, 5), nil, []string{"vader/empire@0,2::melee-attack", "obi-wan/rebels@2,2"}, "")
	doc = replaceOnce(doc, `"id": "vader"`, `"id": "vader", "reach": 2`)
	reach := boardOf(t, doc)
	if r := mustTargets(t, reach, "vader", TargetOptions{}); !slices.Equal(r.Legal, []string{"obi-wan"}) {
		t.Errorf("Melee Reach 2: %v, want obi-wan", r.Legal)
	}
}
