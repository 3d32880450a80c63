package scenes

import (
	"encoding/json"
	"strings"
	"testing"

	"holotable/rules"
	"holotable/table"
)

// heatStateOf decodes the "heatmap" command's reply.
func heatStateOf(t *testing.T, out json.RawMessage) HeatState {
	t.Helper()
	var st HeatState
	if err := json.Unmarshal(out, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// sameAsFresh checks the overlay's map cell by cell against a fresh rules heat map of the
// document's table for the same query.
func sameAsFresh(t *testing.T, s *TableScene, what string) {
	t.Helper()
	h := s.HeatMap()
	if h == nil {
		t.Fatalf("%s: the overlay has no map", what)
	}
	fresh, err := s.Doc().World().HeatMap(s.heat.q)
	if err != nil {
		t.Fatal(err)
	}
	if len(fresh.Seen) != len(h.Seen) || strings.Join(fresh.Viewers, ",") != strings.Join(h.Viewers, ",") {
		t.Fatalf("%s: %d cells, viewers %v; fresh %d cells, viewers %v", what, len(h.Seen), h.Viewers, len(fresh.Seen), fresh.Viewers)
	}
	bad := 0
	for k := range fresh.Seen {
		if h.Seen[k] != fresh.Seen[k] || h.Cover[k] != fresh.Cover[k] {
			if bad < 3 {
				t.Errorf("%s: cell %d at %v: overlay %d/%d, fresh %d/%d", what, k, fresh.Centre(k), h.Seen[k], h.Cover[k], fresh.Seen[k], fresh.Cover[k])
			}
			bad++
		}
	}
	if bad > 0 {
		t.Fatalf("%s: %d of %d cells differ from a fresh heat map", what, bad, len(fresh.Seen))
	}
}

// TestHeatMapCommand: the command turns the overlay on (for the first unit's side, red on the
// default table, against the 6 blue leaders) and off; its counts are those of rules' heat map of
// the same table; the side can be named; a bad query is one error and leaves the overlay as it was.
func TestHeatMapCommand(t *testing.T) {
	s := measureScene(t)
	st := heatStateOf(t, edMust(t, s, "heatmap", map[string]any{"on": true}))
	if !st.On || st.Side != "red" || st.Viewers != rules.HeatLeaders || len(st.IDs) != 6 || st.Cols != 144 || st.Rows != 72 {
		t.Fatalf("on: %+v", st)
	}
	h, err := s.Doc().World().HeatMap(rules.HeatQuery{Side: "red"})
	if err != nil {
		t.Fatal(err)
	}
	var want HeatCount
	for k, sn := range h.Seen {
		switch {
		case sn == rules.HeatNoStand:
			want.NoStand++
		default:
			want.Seen[min(int(sn), 3)]++
			if sn > 0 && h.Cover[k] == table.CoverLight {
				want.Light++
			} else if sn > 0 && h.Cover[k] == table.CoverHeavy {
				want.Heavy++
			}
		}
	}
	if st.Counts != want {
		t.Errorf("counts %+v, rules %+v", st.Counts, want)
	}
	seen, cover := rules.HeatRows(h)
	if strings.Join(st.Seen, "") != strings.Join(seen, "") || strings.Join(st.Cover, "") != strings.Join(cover, "") {
		t.Error("the command's rows are not rules.HeatRows of the same map")
	}

	st = heatStateOf(t, edMust(t, s, "heatmap", map[string]any{"side": "blue"}))
	if !st.On || st.Side != "blue" || len(st.IDs) != 6 {
		t.Fatalf("side blue: %+v", st)
	}
	sameAsFresh(t, s, "side blue")

	if _, err := edCmd(t, s, "heatmap", map[string]any{"viewers": "unit"}); err == nil || !strings.Contains(err.Error(), `viewers "unit" needs a unit`) {
		t.Errorf("viewers unit without a unit: %v", err)
	}
	if _, err := edCmd(t, s, "heatmap", map[string]any{"viewers": "everyone"}); err == nil || !strings.Contains(err.Error(), "viewers must be") {
		t.Errorf("unknown viewers: %v", err)
	}
	if st = heatStateOf(t, edMust(t, s, "heatmap", nil)); !st.On || st.Side != "blue" || st.Viewers != rules.HeatLeaders {
		t.Errorf("a refused query changed the overlay: %+v", st)
	}

	st = heatStateOf(t, edMust(t, s, "heatmap", map[string]any{"on": false}))
	if st.On || s.HeatMap() != nil {
		t.Errorf("off: %+v", st)
	}
}

// TestHeatMapFollowsEdits: with the overlay on, moving a terrain piece, moving a viewing leader by
// dragging it with the measure tool, undoing both, each leaves the overlay equal to a fresh heat
// map of the document's table, reached by incremental updates.
func TestHeatMapFollowsEdits(t *testing.T) {
	s := measureScene(t)
	edMust(t, s, "heatmap", map[string]any{"on": true})
	tick(s, Input{})

	edMust(t, s, "tool", "terrain")
	edMust(t, s, "terrainSet", map[string]any{"id": "ruin-1", "height": 0.5})
	tick(s, Input{})
	sameAsFresh(t, s, "ruin-1 lowered")

	edMust(t, s, "tool", "measure")
	x0, y0 := measureAt(t, s, "blue-rebel-1-1")
	tick(s, Input{X: x0, Y: y0, Left: true, LeftPressed: true})
	for i := 1; i <= 10; i++ {
		tick(s, Input{X: x0 + 12*float64(i), Y: y0 + 9*float64(i), Left: true})
	}
	for range 10 { // let a throttled update run
		tick(s, Input{X: x0 + 120, Y: y0 + 90, Left: true})
	}
	tick(s, Input{X: x0 + 120, Y: y0 + 90, LeftReleased: true})
	tick(s, Input{X: x0 + 120, Y: y0 + 90})
	if _, m := measureFind(s, "blue-rebel-1-1"); m == nil || m.X == 0 {
		t.Fatal("blue-rebel-1-1 is gone")
	}
	sameAsFresh(t, s, "blue-rebel-1-1 dragged")

	edMust(t, s, "undo", nil)
	tick(s, Input{})
	sameAsFresh(t, s, "drag undone")
	edMust(t, s, "undo", nil)
	tick(s, Input{})
	sameAsFresh(t, s, "height undone")
	if st := s.heat.state(s, false); st.Stats.Full != 1 || st.Stats.Updates < 4 {
		t.Errorf("stats %+v: want one full computation and incremental updates after it", st.Stats)
	}
}

// TestHeatMapBareTable: on a table with no terrain (testDoc: one red unit) the overlay for blue
// shows every cell a probe can stand in seen by the one red leader (this panicked while a sight
// field over no blockers was broken); on a new empty table, with no unit to view from, it turns
// on with no viewers and every cell unseen.
func TestHeatMapBareTable(t *testing.T) {
	s := NewTableScene("test", testDoc())
	st := heatStateOf(t, edMust(t, s, "heatmap", map[string]any{"on": true, "side": "blue"}))
	if !st.On || len(st.IDs) != 1 || st.Counts.Seen[1] == 0 || st.Counts.Seen[1]+st.Counts.NoStand != st.Cols*st.Rows || st.Counts.Light+st.Counts.Heavy != 0 {
		t.Fatalf("no terrain: %+v", st)
	}
	sameAsFresh(t, s, "no terrain")
	if _, err := s.Command("newTable", json.RawMessage(`{"ruleset":"legion"}`)); err != nil {
		t.Fatal(err)
	}
	tick(s, Input{})
	st = heatStateOf(t, edMust(t, s, "heatmap", nil))
	if !st.On || st.Pending || len(st.IDs) != 0 || st.Counts.Seen[0]+st.Counts.NoStand != st.Cols*st.Rows {
		t.Fatalf("empty table: %+v", st)
	}
}
