//go:build !js

package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestGameRecordReplays: in the browser, a standard move (the unit clicked with the move tool,
// the panel's Commit), a terrain drag and a setup step (Start and blue's colours from the setup
// palette) each become ops; the history panel lists them newest first with their author, and a
// click on one shows the table as it was then, read only, until Esc. The game record exported
// from the menu's command replays with tablecheck -replay to the app's exported table, byte for
// byte; after a reload the autosaved game comes back with its undo. Screenshots 80-history-*.png.
func TestGameRecordReplays(t *testing.T) {
	p := newPage(t)
	p.open(startServer(t, webDir(t))+"/", 1) // a fresh browser: the default table, no game saved yet
	p.waitUI()

	// A standard move of red-storm-1: click its leader with the move tool, key 1 for speed 1 (at
	// speed 2 it would run into barricade-1, difficult), commit in the panel.
	p.click(`button[data-tool="move"]`)
	x, y := p.tableCSS(7.5, 2.2)
	p.clickAt(x, y)
	p.key('1')
	var legal struct{ Legal bool }
	if _, ts := p.moveTool(); ts.Unit != "red-storm-1" || json.Unmarshal(ts.Answer, &legal) != nil || !legal.Legal {
		t.Fatalf("red-storm-1 picked: %+v", ts)
	}
	p.click("#ht-move-commit")
	if st := p.appState(); st.Steps != 1 || st.UndoLabel != "move red-storm-1" {
		t.Fatalf("after the commit: %d steps, undo %q, message %q", st.Steps, st.UndoLabel, st.Message)
	}

	// A terrain drag: ruin-1 by a point inside it, 3" right and 2" up.
	p.click(`button[data-tool="terrain"]`)
	x0, y0 := p.tableCSS(26.5, 10)
	x1, y1 := p.tableCSS(29.5, 12)
	p.drag(x0, y0, x1, y1)
	if st := p.appState(); st.Steps != 2 || st.UndoLabel != "move ruin-1" {
		t.Fatalf("after the terrain drag: %d steps, undo %q", st.Steps, st.UndoLabel)
	}

	// A setup step from the palette.
	p.click(`button[data-tool="setup"]`)
	p.startSetup()
	p.clickSetupButton("side blue plays blue")
	if st, v := p.setupView(); st.Steps != 4 || v.Blue != "blue" || v.Red != "red" {
		t.Fatalf("after the setup steps: %d steps, %+v", st.Steps, v)
	}

	// The history panel: newest first, each with its author.
	p.click("#ht-history")
	p.waitFrames(3)
	items := evalJS[[]string](p, `Array.from(document.querySelectorAll("#ht-history-panel li button")).map((b) => b.textContent)`)
	if len(items) != 6 || !strings.HasPrefix(items[1], "4 · choose colours") || !strings.Contains(items[1], "you") ||
		!strings.HasPrefix(items[4], "1 · move red-storm-1") {
		t.Fatalf("history entries %q", items)
	}
	p.screenshot("80-history-panel")
	// The table after step 1, read only: the setup and the terrain move are not in it.
	p.click(`#ht-history-panel button[data-seq="1"]`)
	if st := p.appState(); st.History == nil || st.History.Seq != 1 || st.History.Len != 4 {
		t.Fatalf("viewing step 1: %+v", st.History)
	}
	if _, err := p.command("undo", nil); err == "" {
		t.Error("undo while the history is viewed was not refused")
	}
	p.screenshot("80-history-step-1")
	p.focusCanvas()
	p.keyChord("Escape", "Escape", 27)
	if st := p.appState(); st.History != nil || st.Steps != 4 {
		t.Fatalf("after Esc: history %+v, %d steps", st.History, st.Steps)
	}

	// The game record, as the menu exports it, replayed by the judge: the app's table exactly.
	p.menuClick("#ht-export-game")
	var rec string
	if err := json.Unmarshal(p.mustCommand("exportGame", nil), &rec); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(judge(t), "-replay", path).Output()
	if err != nil {
		t.Fatalf("tablecheck -replay: %v", err)
	}
	if string(out) != p.export() {
		t.Error("tablecheck -replay of the exported game is not the app's exported table")
	}

	// A reload brings the game back from the autosave, with its undo.
	table := p.export()
	p.reload()
	if st := p.appState(); st.Steps != 4 || !st.CanUndo || st.UndoLabel != "choose colours" || p.export() != table {
		t.Errorf("after a reload: %d steps, undo %v %q, same table %v", st.Steps, st.CanUndo, st.UndoLabel, p.export() == table)
	}

	// A table autosaved before games were recorded (the table file under "holotable.table") still
	// opens after a reload, as a game with no steps yet.
	evalJS[bool](p, `(localStorage.removeItem("holotable.game"), localStorage.setItem("holotable.table", `+
		strconv.Quote(table)+`), true)`)
	p.reload()
	if st := p.appState(); st.Steps != 0 || p.export() != table {
		t.Errorf("a table saved the old way: %d steps, same table %v", st.Steps, p.export() == table)
	}
	p.noPanics()
}
