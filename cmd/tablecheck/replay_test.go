package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"holotable/ops"
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

// TestReplayTooLarge: a game record with more operations than ops.MaxRecordOps is refused as too
// large (status 3, one line naming "ops"), as is one of more than ops.MaxRecordBytes bytes.
func TestReplayTooLarge(t *testing.T) {
	rec, err := os.ReadFile("../../ops/testdata/game.json")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(rec), "\n")
	op := `{"id":"x%d","author":"blue","op":"layout.mirror"},`
	var many []string
	for i := range ops.MaxRecordOps + 1 {
		many = append(many, fmt.Sprintf(op, i))
	}
	long := strings.Join(append(lines[:3:3], append(many, lines[3:]...)...), "\n")
	huge := string(rec[:len(rec)-3]) + strings.Repeat(" ", ops.MaxRecordBytes) + "]}\n"
	for name, c := range map[string]struct{ data, want string }{
		"ops":   {long, "ops: 20201 operations, more than the limit of 20000 (too large)"},
		"bytes": {huge, "file: "},
	} {
		path := t.TempDir() + "/" + name + ".json"
		if err := os.WriteFile(path, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		status := run([]string{"-replay", path}, &stdout, &stderr)
		if msg := stderr.String(); status != 3 || stdout.Len() != 0 || !strings.HasPrefix(msg, c.want) || !strings.Contains(msg, "(too large)") {
			t.Errorf("%s: status %d, stderr %q", name, status, msg)
		}
	}
}
