package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestReplayWholeGame: -replay of issue 15's short game (ops/testdata/game-whole.json: two army
// lists imported, cards entered, every unit deployed, two rounds with command cards, orders, moves,
// two attacks, tokens, a rally into panic, scoring and both end phases, each op by the side that
// takes it) prints its final table byte for byte. A bad op in it — red's first command card sent
// by blue, then the first attack with a defence die too few — exits 2 with one line naming the
// op's index, its field and the fault, and prints no table.
func TestReplayWholeGame(t *testing.T) {
	want, err := os.ReadFile("../../ops/testdata/game-whole.final.json")
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"-replay", "../../ops/testdata/game-whole.json"}, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	if stdout.String() != string(want) {
		t.Error("the replayed table is not the game's final table")
	}
	rec, err := os.ReadFile("../../ops/testdata/game-whole.json")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(rec), "\n")
	opIndex := func(prefix string) int { // the index in ops of the first line with prefix
		for i, l := range lines[3:] {
			if strings.Contains(l, prefix) {
				return i
			}
		}
		t.Fatalf("no op %s in the record", prefix)
		return -1
	}
	for _, c := range []struct{ find, from, to, want string }{
		{`"author":"red","op":"game.card"`, `"author":"red"`, `"author":"blue"`, "].colour: Blue may not act for Red here"},
		{`"op":"game.attack"`, `"blank":3}`, `"blank":2}`, "].attack: "},
	} {
		i := opIndex(c.find)
		bad := append([]string(nil), lines...)
		bad[3+i] = strings.Replace(bad[3+i], c.from, c.to, 1)
		path := t.TempDir() + "/bad.json"
		if err := os.WriteFile(path, []byte(strings.Join(bad, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		stdout.Reset()
		stderr.Reset()
		status := run([]string{"-replay", path}, &stdout, &stderr)
		msg := stderr.String()
		prefix := "ops[" + strconv.Itoa(i) + c.want
		if status != 2 || stdout.Len() != 0 || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, prefix) {
			t.Errorf("status %d, stdout %d bytes, stderr %q, want %q…", status, stdout.Len(), msg, prefix)
		}
	}
}
