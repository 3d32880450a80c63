package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"holotable/maps"
	"holotable/ops"
	"holotable/table"
)

// TestReplayGrid: -replay of a log with grid ops (D116) prints the final grid table, which the
// judge then answers: the wall drawn by the log blocks the line of sight it did not block before.
// A refused grid op is one line naming its index and field.
func TestReplayGrid(t *testing.T) {
	first, err := table.Load(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	g, err := table.LoadSWM(maps.SWMExample())
	if err != nil {
		t.Fatal(err)
	}
	l := ops.NewLog(first)
	for i, op := range []ops.Op{
		&ops.SWMImport{Table: g},
		&ops.SWMFigureMove{FigureID: "vader", X: 3, Y: 4},
		&ops.SWMWallAdd{From: [2]int{2, 0}, To: [2]int{2, 16}},
		&ops.SWMPaint{X: 20, Y: 0, W: 4, H: 1, Square: table.SquareDifficult},
	} {
		if _, err := l.Submit(ops.Entry{ID: "g" + string(rune('a'+i)), Author: "local", Op: op}); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := l.Record()
	if err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/grid.json"
	if err := os.WriteFile(path, rec, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"-replay", path}, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	want, _ := table.SaveSWM(l.State().Grid())
	if stdout.String() != string(want) {
		t.Fatalf("-replay printed\n%s\nwant the log's grid table", stdout.String())
	}
	// Broken: the wall now runs over a door's line (door-west is (5,3)–(5,4)).
	bad := strings.Replace(string(rec), `"from":[2,0],"to":[2,16]`, `"from":[5,0],"to":[5,16]`, 1)
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	status := run([]string{"-replay", path}, &stdout, &stderr)
	if msg := stderr.String(); status != 2 || stdout.Len() != 0 || !strings.HasPrefix(msg, "ops[2].from: edge (5,1)–(5,2) has a wall already (walls[1])") {
		t.Errorf("status %d, stderr %q", status, msg)
	}
}
