package ops

import (
	"testing"

	"holotable/table"
)

// A game op's patch is checked once for what the game names: by the rules' step (rules.done's
// table.ReloadGame), not again by Patch.check's CheckGameRefs; its inverse (an undo) is checked
// by Patch.check; an op that removes a unit while a game is on is checked by Patch.check.
func TestGameRefsCheckedOnce(t *testing.T) {
	_, l := wholeGameRecord(t)
	calls := 0
	defer func(f func(*table.File) error) { checkGameRefs = f }(checkGameRefs)
	checkGameRefs = func(f *table.File) error { calls++; return table.CheckGameRefs(f) }

	s := l.State()
	f, p, err := Apply(&GameTokens{Unit: "rebel-troopers-2", Token: "aim", Delta: 1}, s)
	if err != nil {
		t.Fatal(err)
	}
	if calls != 0 {
		t.Errorf("a game op ran CheckGameRefs %d times after its step checked the game, want 0", calls)
	}
	if _, err := p.Inverse().apply(f, true); err != nil {
		t.Fatal(err)
	}
	if calls != 1 {
		t.Errorf("its inverse ran CheckGameRefs %d times, want 1", calls)
	}
	calls = 0
	if _, _, err := Apply(&UnitDelete{Unit: "rebel-troopers-2"}, s); err == nil || calls != 1 {
		t.Errorf("deleting a unit the game names: %v after %d CheckGameRefs calls, want a refusal after 1", err, calls)
	}
}
