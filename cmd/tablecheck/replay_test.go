package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestReplay: -replay prints the final table of a game record (the ops package's recorded game:
// 200 ops by two authors) byte for byte as its final file; a bad op is one line naming the op's
// index, its field and the fault, with status 2 and nothing on stdout.
func TestReplay(t *testing.T) {
	want, err := os.ReadFile("../../ops/testdata/game.final.json")
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"-replay", "../../ops/testdata/game.json"}, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	if stdout.String() != string(want) {
		t.Error("the replayed table is not the game's final table")
	}
	rec, _ := os.ReadFile("../../ops/testdata/game.json")
	// The first op moves a mini: send it off the table.
	lines := strings.Split(string(rec), "\n")
	bad := strings.Join(append(lines[:3:3], append([]string{`{"id":"x","author":"blue","op":"minis.move","minis":[{"mini":"red-storm-1-1","x":-5,"y":2}]},`}, lines[3:]...)...), "\n")
	path := t.TempDir() + "/bad.json"
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	status := run([]string{"-replay", path}, &stdout, &stderr)
	msg := stderr.String()
	if status != 2 || stdout.Len() != 0 || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "ops[0].minis[0]: base leaves the table") {
		t.Errorf("status %d, stdout %d bytes, stderr %q", status, stdout.Len(), msg)
	}
}
