package rules

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"holotable/table"
)

// The rulebook's worked example (RRG 2.0 L877–898 with the rows dealt at L916–1030): blue
// discards the deployment row's Großoffensive, red the condition row's Eingeschränkte Sicht, blue
// the condition row's Lebensfeindliche Umweltbedingungen; red cannot discard Gutes Wetter, so
// discards Nachschub bergen. Used: Durchbruch, Klare Fronten, Gutes Wetter (L1422–1441).
func TestDraftWorkedExample(t *testing.T) {
	d, err := NewDraft(
		[]string{"recover-the-supplies", "breakthrough", "intercept-the-transmissions"},
		[]string{"major-offensive", "battle-lines", "disarray"},
		[]string{"limited-visibility", "hostile-environment", "clear-conditions"})
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		player table.Colour
		row    int
		card   string
	}{
		{table.Blue, RowDeployment, "major-offensive"},
		{table.Red, RowCondition, "limited-visibility"},
		{table.Blue, RowCondition, "hostile-environment"},
	}
	for _, s := range steps {
		if d.Player() != s.player {
			t.Fatalf("turn %d: player %q, want %q", d.Turn, d.Player(), s.player)
		}
		if err := d.Eliminate(s.row); err != nil {
			t.Fatal(err)
		}
		if got := d.Log[len(d.Log)-1].Card; got != s.card {
			t.Fatalf("eliminated %q, want %q", got, s.card)
		}
	}
	// Red may not discard the condition row's last card.
	if err := d.Eliminate(RowCondition); err == nil || !strings.Contains(err.Error(), "clear-conditions") {
		t.Fatalf("eliminating the last condition card: err %v, want a refusal naming clear-conditions", err)
	}
	if d.Turn != 3 || d.Player() != table.Red {
		t.Fatalf("a refused move changed the draft: turn %d player %q", d.Turn, d.Player())
	}
	if err := d.Eliminate(RowObjective); err != nil {
		t.Fatal(err)
	}
	if !d.Done() || d.Player() != table.NoColour {
		t.Fatalf("after 4 opportunities: Done %v Player %q", d.Done(), d.Player())
	}
	want := [3]string{"breakthrough", "battle-lines", "clear-conditions"}
	if got := d.Chosen(); got != want {
		t.Fatalf("Chosen %v, want %v", got, want)
	}
	rs := d.Reasons()
	if len(rs) != 5 || rs[4].Rule != "draft.chosen" || !strings.Contains(rs[3].Text, "red discards the left-most objective card, recover-the-supplies") {
		t.Fatalf("reasons %+v", rs)
	}
	for _, r := range rs {
		if r.Cite != CiteDraft {
			t.Fatalf("reason without the draft citation: %+v", r)
		}
	}
}

func newTestDraft(t *testing.T) *Draft {
	t.Helper()
	d, err := NewDraft([]string{"o1", "o2", "o3"}, []string{"d1", "d2", "d3"}, []string{"c1", "c2", "c3"})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The draft's rules one by one: each script of moves, and the result or the refusal it must give.
func TestDraftRules(t *testing.T) {
	const P = -1 // pass
	cases := []struct {
		name    string
		moves   []int
		chosen  [3]string
		players []table.Colour // who made each move
		refuse  int            // index of the move that must be refused, -1 for none
	}{
		{"all pass: left-most of each row", []int{P, P, P, P}, [3]string{"o1", "d1", "c1"}, []table.Colour{table.Blue, table.Red, table.Blue, table.Red}, -1},
		{"leftmost goes first", []int{RowObjective, P, P, P}, [3]string{"o2", "d1", "c1"}, []table.Colour{table.Blue, table.Red, table.Blue, table.Red}, -1},
		{"two from one row leave its last", []int{RowDeployment, RowDeployment, P, P}, [3]string{"o1", "d3", "c1"}, []table.Colour{table.Blue, table.Red, table.Blue, table.Red}, -1},
		{"last card cannot go", []int{RowCondition, RowCondition, RowCondition}, [3]string{}, nil, 2},
		{"one per row", []int{RowObjective, RowDeployment, RowCondition, RowObjective}, [3]string{"o3", "d2", "c2"}, []table.Colour{table.Blue, table.Red, table.Blue, table.Red}, -1},
		{"no fifth opportunity", []int{P, P, P, P, RowObjective}, [3]string{}, nil, 4},
		{"no pass after the end", []int{P, P, P, P, P}, [3]string{}, nil, 4},
		{"no row 3", []int{3}, [3]string{}, nil, 0},
		{"no row -2", []int{-2}, [3]string{}, nil, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := newTestDraft(t)
			for i, m := range c.moves {
				before := *d
				rowsBefore := fmt.Sprint(d.Rows)
				var err error
				if m == P {
					err = d.Pass()
				} else {
					err = d.Eliminate(m)
				}
				if i == c.refuse {
					if err == nil {
						t.Fatalf("move %d (%d) was accepted, want refused", i, m)
					}
					if d.Turn != before.Turn || len(d.Log) != len(before.Log) || fmt.Sprint(d.Rows) != rowsBefore {
						t.Fatalf("refused move %d changed the draft", i)
					}
					return
				}
				if err != nil {
					t.Fatalf("move %d (%d): %v", i, m, err)
				}
				if got, want := d.Log[i].Player, map[bool]table.Colour{true: table.Blue, false: table.Red}[i%2 == 0]; got != want {
					t.Fatalf("move %d made by %q, want %q", i, got, want)
				}
				if c.players != nil && d.Log[i].Player != c.players[i] {
					t.Fatalf("move %d made by %q, want %q", i, d.Log[i].Player, c.players[i])
				}
			}
			if c.refuse >= 0 {
				t.Fatalf("no move was refused")
			}
			if !d.Done() {
				t.Fatalf("not done after %d moves", len(c.moves))
			}
			if got := d.Chosen(); got != c.chosen {
				t.Fatalf("Chosen %v, want %v", got, c.chosen)
			}
		})
	}
}

// Done comes exactly after the fourth opportunity, and not before.
func TestDraftDoneAfterFour(t *testing.T) {
	d := newTestDraft(t)
	for i := 0; i < 4; i++ {
		if d.Done() {
			t.Fatalf("done after %d turns", i)
		}
		if err := d.CanEliminate(RowObjective); i < 2 && err != nil {
			t.Fatalf("turn %d: objective row refused: %v", i, err)
		}
		if err := d.Eliminate(RowObjective); i < 2 && err != nil {
			t.Fatal(err)
		} else if i >= 2 {
			// the objective row is down to o3: refused, so pass instead
			if err == nil {
				t.Fatalf("turn %d: eliminated the objective row's last card", i)
			}
			if err := d.Pass(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !d.Done() || d.Chosen() != [3]string{"o3", "d1", "c1"} {
		t.Fatalf("Done %v Chosen %v", d.Done(), d.Chosen())
	}
}

func TestNewDraftRefusesBadRows(t *testing.T) {
	for _, c := range []struct {
		name    string
		o, d, c []string
	}{
		{"two objectives", []string{"a", "b"}, []string{"c", "d", "e"}, []string{"f", "g", "h"}},
		{"duplicate", []string{"a", "b", "c"}, []string{"c", "d", "e"}, []string{"f", "g", "h"}},
		{"empty id", []string{"a", "b", ""}, []string{"c", "d", "e"}, []string{"f", "g", "h"}},
	} {
		if _, err := NewDraft(c.o, c.d, c.c); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
}

// Dealing from a deck: three distinct cards of each row, all from the deck, the same for the
// same seed; a row with fewer than three cards is refused.
func TestDealDraft(t *testing.T) {
	deck := table.BattleDeck{
		Objectives:  []string{"breakthrough", "key-positions", "recover-the-supplies", "intercept-the-transmissions"},
		Deployments: []string{"battle-lines", "disarray", "the-long-march", "major-offensive"},
		Conditions:  []string{"clear-conditions", "limited-visibility", "hostile-environment", "supply-drop"},
	}
	o1, d1, c1, err := DealDraft(deck, SeededRoller(3))
	if err != nil {
		t.Fatal(err)
	}
	o2, d2, c2, _ := DealDraft(deck, SeededRoller(3))
	if !reflect.DeepEqual([][]string{o1, d1, c1}, [][]string{o2, d2, c2}) {
		t.Fatal("the same seed dealt differently")
	}
	for i, row := range [][]string{o1, d1, c1} {
		src := [][]string{deck.Objectives, deck.Deployments, deck.Conditions}[i]
		if len(row) != 3 || row[0] == row[1] || row[1] == row[2] || row[0] == row[2] {
			t.Fatalf("row %d: %v", i, row)
		}
		for _, c := range row {
			if !slices.Contains(src, c) {
				t.Fatalf("row %d dealt %s, not in the deck", i, c)
			}
		}
	}
	short := deck
	short.Conditions = short.Conditions[:2]
	if _, _, _, err := DealDraft(short, SeededRoller(3)); err == nil || !strings.Contains(err.Error(), "2 condition cards") {
		t.Fatalf("a short row: %v", err)
	}
}
