package rules

import (
	"slices"
	"strings"
	"testing"

	"holotable/table"
)

func TestHeatChars(t *testing.T) {
	for _, c := range []struct {
		seen  uint8
		cover table.Cover
		s, c  byte
	}{
		{0, table.CoverNone, '0', '.'},
		{1, table.CoverNone, '1', 'n'},
		{2, table.CoverLight, '2', 'l'},
		{3, table.CoverHeavy, '3', 'h'},
		{9, table.CoverLight, '9', 'l'},
		{12, table.CoverNone, '9', 'n'}, // nine or more
		{HeatNoStand, table.CoverNone, '#', '.'},
	} {
		s, cv := HeatChars(c.seen, c.cover)
		if s != c.s || cv != c.c {
			t.Errorf("HeatChars(%d, %d) = %q, %q; want %q, %q", c.seen, c.cover, s, cv, c.s, c.c)
		}
	}
}

// TestHeatRowsTopFirst: row 0 of the text is the far edge (largest y), each row from x = 0.
func TestHeatRowsTopFirst(t *testing.T) {
	h := &HeatMap{Cols: 3, Rows: 2,
		Seen:  []uint8{0, 1, HeatNoStand, 2, 3, 0}, // bottom row j=0 first, as HeatMap keeps them
		Cover: []table.Cover{0, table.CoverHeavy, 0, table.CoverNone, table.CoverLight, 0}}
	seen, cover := HeatRows(h)
	if want := []string{"230", "01#"}; !slices.Equal(seen, want) {
		t.Errorf("seen %q, want %q", seen, want)
	}
	if want := []string{"nl.", ".h."}; !slices.Equal(cover, want) {
		t.Errorf("cover %q, want %q", cover, want)
	}
}

// TestAskHeatMapErrors: bad query values are answered with an error sentence.
func TestAskHeatMapErrors(t *testing.T) {
	w := NewWorld(&table.File{Battlefield: table.Battlefield{Width: 12, Depth: 6}, Profile: table.DefaultProfile("in")})
	for _, c := range []struct {
		q    table.Query
		want string
	}{
		{table.Query{Viewers: "unit"}, `needs the viewing unit`},
		{table.Query{Unit: "ghost"}, `ghost`},
		{table.Query{Viewers: "all"}, `viewers must be`},
		{table.Query{Step: -1, Has: map[string]bool{"step": true}}, `step must be a positive length`},
		{table.Query{Step: 0, Has: map[string]bool{"step": true}}, `step must be a positive length`},
		{table.Query{Base: -2, Has: map[string]bool{"base": true}}, `base must be`},
		{table.Query{Height: 0, Has: map[string]bool{"height": true}}, `height must be`},
		{table.Query{Step: 0.001}, `more than 4096 cells`},
		{table.Query{Height: 1001, Has: map[string]bool{"height": true}}, `at most 1000`},
	} {
		c.q.ID, c.q.Kind = "h", "heatmap"
		a := w.Ask(c.q)
		if a.Err == nil || !strings.Contains(a.Err.Error(), c.want) || a.Fields != nil {
			t.Errorf("%+v: error %v, fields %v; want an error containing %q", c.q, a.Err, a.Fields, c.want)
		}
	}
	// An empty table: no viewers, every cell unseen.
	a := w.Ask(table.Query{ID: "h", Kind: "heatmap", Step: 3})
	b, _ := a.MarshalJSON()
	if want := `{"id": "h", "cols": 4, "rows": 2, "step": 3, "viewers": [], "seen": ["0000","0000"], "cover": ["....","...."]}`; string(b) != want {
		t.Errorf("empty table:\n got %s\nwant %s", b, want)
	}
}
