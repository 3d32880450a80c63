//go:build !js

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"holotable/army"
	"holotable/rules"
	"holotable/table"
)

// gameView is the game tool's part of state() (scenes.gameState, decoded here on its own).
type gameView struct {
	Round    int    `json:"round"`
	Phase    string `json:"phase"`
	Priority string `json:"priority"`
	Turn     string `json:"turn"`
	Active   string `json:"active"`
	Sides    []struct {
		Colour, Side, Card string
		Issued             bool
	} `json:"sides"`
	Units []struct {
		ID, Colour, Rank, Order, Badge string
		Minis, Defeated                int
		Tokens                         map[string]int
	} `json:"units"`
	Reserve []struct{ ID, Colour string } `json:"reserve"`
	Attack  *struct {
		Attacker, Defender string
		Allowed            bool
		Woundable, Hidden  []string
		Weapons            map[string]string
		Pool               *struct{ Red, Black, White int }
		Rolled             *struct {
			Wounds   int      `json:"wounds"`
			Defeated []string `json:"defeated"`
		}
	} `json:"attack"`
}

func (p *page) gameView() gameView {
	p.t.Helper()
	st := p.appState()
	if st.Tool != "game" {
		p.t.Fatalf("tool %q, want game", st.Tool)
	}
	var v gameView
	if err := json.Unmarshal(st.ToolState, &v); err != nil {
		p.t.Fatalf("game toolState: %v\n%s", err, st.ToolState)
	}
	return v
}

// setSelect chooses a value in a select of the game panel as a person would (a change event).
func (p *page) setSelect(sel, value string) {
	p.t.Helper()
	// The panel is drawn from the state the page polls: wait for the select and its option.
	p.poll(fmt.Sprintf(`(() => { const e = document.querySelector(%q);
		return !!e && Array.from(e.options).some((o) => o.value === %q); })()`, sel, value), 10*time.Second)
	got := evalJS[string](p, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return "no element";
		e.value = %q; e.dispatchEvent(new Event("change"));
		return e.value === %q ? "" : "options: " + Array.from(e.options).map((o) => o.value).join(", "); })()`, sel, value, value))
	if got != "" {
		p.t.Fatalf("select %s = %s: %s", sel, value, got)
	}
}

// TestGameHotSeat plays issue 15's game in the browser, one screen for both sides: the whole
// game's first table opened; the Game tool from the toolbar; the Rebel list dropped on the page,
// the Imperial list pasted into the panel, the unit cards pasted; the first unit deployed by a
// click on the table, the rest by command; the game started and both command cards played from the
// panel's buttons, the orders issued; an activation with a standard move (the move tool's panel
// commits it) and an attack chosen in the panel whose pool and woundable minis equal the rules'
// answer for the same weapons on the exported table, rolled and applied by the panel's buttons
// (the defeated minis leave the table, the badge shows the suppression); the rest of the round,
// then the end phase from the panel. The game record exported from the page replays with
// tablecheck -replay to the page's table byte for byte. Screenshots at 1440×900, 1024×700 and
// 390×844.
func TestGameHotSeat(t *testing.T) {
	rec, err := os.ReadFile("../ops/testdata/game-whole.json")
	if err != nil {
		t.Fatal(err)
	}
	var whole struct{ First json.RawMessage }
	if err := json.Unmarshal(rec, &whole); err != nil {
		t.Fatal(err)
	}
	rebels, _ := army.Example("rebel-800")
	empire, _ := army.Example("imperial-800")
	cards, err := os.ReadFile("../ops/testdata/game-cards.json")
	if err != nil {
		t.Fatal(err)
	}
	bin := judge(t)

	p := newPage(t)
	p.open(startServer(t, webDir(t))+"/?map=default", 1)
	p.waitUI()
	p.mustCommand("import", string(whole.First))
	p.click(`button[data-tool="game"]`)
	p.waitFrames(3)

	// The Rebel list dropped on the page (a file in a drop event's DataTransfer).
	evalJS[bool](p, fmt.Sprintf(`(() => { const dt = new DataTransfer();
		dt.items.add(new File([%q], "rebels.json", {type: "application/json"}));
		window.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true})); return true; })()`, rebels))
	p.poll(`JSON.parse(window.holotable.state()).toolState.reserve && JSON.parse(window.holotable.state()).toolState.reserve.length === 10`, 20e9)
	// A malformed list pasted is refused on one line, the table unchanged.
	rev := p.appState().Rev
	paste := func(text string) {
		evalJS[bool](p, fmt.Sprintf(`(() => { const b = document.querySelector("#ht-game-list"); b.value = %q;
			b.dispatchEvent(new Event("input")); return true; })()`, text))
	}
	// The app answers the import in its next Update, and the panel is rebuilt from the polled
	// state (a rebuild between the paste and the click empties the box): paste and import until
	// the refusal is there, at most three times.
	for try := 0; try < 3; try++ {
		paste(`{"armyFaction": "empire", "units": [{"name": "Nobody At All"}]}`)
		p.click("#ht-game-import")
		if evalJS[bool](p, `new Promise((ok) => { const t0 = Date.now(); const f = () => {
			if (JSON.parse(window.holotable.state()).message.includes("refused")) ok(true);
			else if (Date.now() - t0 > 3000) ok(false); else setTimeout(f, 30); }; f(); })`) {
			break
		}
	}
	if st := p.appState(); st.Rev != rev || !strings.Contains(st.Message, "refused") || strings.Contains(st.Message, "\n") {
		t.Fatalf("a list of unknown units: rev %d → %d, message %q", rev, st.Rev, st.Message)
	}
	// The Imperial list pasted for red, then the unit cards.
	paste(string(empire))
	p.setSelect("#ht-game-colour", "red")
	p.click("#ht-game-import")
	paste(string(cards))
	p.click("#ht-game-cards")
	v := p.gameView()
	if len(v.Reserve) != 19 || v.Sides[0].Side != "Rebels" || v.Sides[1].Side != "Empire" {
		t.Fatalf("after the imports: reserve %d, sides %+v", len(v.Reserve), v.Sides)
	}
	p.screenshot("80-game-imported-1024")

	// Deployment: blue's first unit by the panel's button and a click on the table in its zone.
	// (Its zone's east end, clear of the panel: Luke Skywalker, one mini.)
	first := "luke-skywalker-1"
	p.setSelect("#ht-game-reserve", first)
	p.click("#ht-game-deploy")
	x, y := p.tableCSS(68, 3)
	p.clickAt(x, y)
	if v = p.gameView(); len(v.Reserve) != 18 {
		t.Fatalf("the click did not deploy %s: reserve %d, message %q", first, len(v.Reserve), p.appState().Message)
	}
	n := map[string]int{}
	for len(v.Reserve) > 0 {
		var sum struct{ Turn string }
		json.Unmarshal(p.mustCommand("setup", map[string]any{"action": "state"}), &sum)
		for _, u := range v.Reserve {
			if u.Colour == sum.Turn {
				y := 3.0
				if sum.Turn == "red" {
					y = 33
				}
				p.mustCommand("game", map[string]any{"action": "deploy", "unit": u.ID, "x": 4 + 7*float64(n[sum.Turn]), "y": y})
				n[sum.Turn]++
				break
			}
		}
		v = p.gameView()
	}
	p.mustCommand("setup", map[string]any{"action": "next"})
	p.mustCommand("tool", "game")
	p.waitFrames(2)
	p.click("#ht-game-start")

	// The command phase by mouse: Ambush for blue, Push for red; the orders.
	p.setSelect("#ht-game-hand-blue", "Ambush")
	p.click("#ht-game-play-blue")
	p.setSelect("#ht-game-hand-red", "Push")
	p.click("#ht-game-play-red")
	if v = p.gameView(); v.Priority != "blue" {
		t.Fatalf("priority %q after Ambush against Push", v.Priority)
	}
	p.click("#ht-game-orders") // blue's: Leia's one order to the first unit she may order
	p.mustCommand("game", map[string]any{"action": "orders", "colour": "red", "commander": "darth-vader-1",
		"units": []string{"stormtroopers-1", "imperial-officer-1"}})
	if v = p.gameView(); v.Phase != "activation" || v.Turn != "blue" {
		t.Fatalf("after the orders: %s, %s's turn", v.Phase, v.Turn)
	}
	// Blue: its ordered unit activates and ends; red: the first Stormtroopers, drawn or ordered.
	for _, u := range v.Units {
		if u.Colour == "blue" && u.Order == "faceUp" {
			p.click("#ht-game-activate-" + u.ID)
			p.click("#ht-game-end-activation")
			break
		}
	}
	v = p.gameView()
	if v.Turn != "red" {
		t.Fatalf("turn %q after blue's activation", v.Turn)
	}
	red := "stormtroopers-1"
	p.click("#ht-game-activate-" + red)
	// Its standard move south, 2, committed with the move tool's panel button.
	p.mustCommand("moveSelect", red)
	p.mustCommand("moveSpeed", 2)
	p.mustCommand("moveSet", map[string]any{"heading": 270, "fraction": 1})
	p.waitFrames(2)
	p.click("#ht-move-commit")
	p.click(`button[data-tool="game"]`)
	p.poll(`!!document.querySelector("#ht-game-attacker")`, 10e9)
	// The attack: on the first Rebel Trooper squad, chosen in the panel.
	p.setSelect("#ht-game-attacker", red)
	p.setSelect("#ht-game-defender", "rebel-troopers-1")
	p.click("#ht-game-attack")
	v = p.gameView()
	if v.Attack == nil || !v.Attack.Allowed || v.Attack.Pool == nil {
		t.Fatalf("the attack: %+v, message %q", v.Attack, p.appState().Message)
	}
	f, err := table.Load([]byte(p.export()))
	if err != nil {
		t.Fatal(err)
	}
	a, err := rules.NewWorld(f).Attack(rules.AttackQuery{Attacker: red, Defender: "rebel-troopers-1", Weapons: v.Attack.Weapons})
	if err != nil {
		t.Fatal(err)
	}
	if pl := v.Attack.Pool; a.Pool == nil || pl.Red != a.Pool.Dice.Red || pl.Black != a.Pool.Dice.Black || pl.White != a.Pool.Dice.White ||
		!reflect.DeepEqual(v.Attack.Woundable, a.Woundable) {
		t.Fatalf("the panel's pool %+v woundable %v, the rules' %+v %v", v.Attack.Pool, v.Attack.Woundable, a.Pool, a.Woundable)
	}
	p.screenshot("81-game-attack-1024")
	p.click("#ht-game-roll")
	v = p.gameView()
	if v.Attack == nil || v.Attack.Rolled == nil {
		t.Fatalf("not rolled: %q", p.appState().Message)
	}
	wounds, defeated := v.Attack.Rolled.Wounds, v.Attack.Rolled.Defeated
	for _, id := range defeated {
		if !strings.HasPrefix(id, "rebel-troopers-1-") || !slices.Contains(a.Woundable, id) {
			t.Fatalf("%s defeated, not a woundable mini of the defender (%v)", id, a.Woundable)
		}
	}
	p.click("#ht-game-apply")
	v = p.gameView()
	for _, u := range v.Units {
		if u.ID == "rebel-troopers-1" && (u.Defeated != len(defeated) || u.Minis != 6-len(defeated)) {
			t.Fatalf("after %d wounds: %+v", wounds, u)
		}
	}
	p.click("#ht-game-end-activation")

	// The rest of the round by command (each activation drawn from the pool), then the end phase
	// from the panel.
	evalJS[bool](p, `(async () => {
		for (let i = 0; i < 80; i++) {
			const s = JSON.parse(window.holotable.state()).toolState;
			if (s.phase !== "activation") break;
			if (s.active) { await window.holotable.command("game", {action: "endActivation"}); continue; }
			const mine = s.units.filter((u) => u.colour === s.turn && u.minis > 0 && u.order !== "faceDown");
			let u = mine.find((u) => u.order === "faceUp");
			if (!u) {
				if (!s.drawn || s.drawn.colour !== s.turn) { await window.holotable.command("game", {action: "draw", colour: s.turn}); continue; }
				u = mine.find((x) => x.rank === s.drawn.rank);
			}
			await window.holotable.command("game", {action: "activate", unit: u.id});
		}
		return true; })()`)
	if v = p.gameView(); v.Phase != "end" {
		t.Fatalf("the round did not reach its end phase: %s, %q", v.Phase, p.appState().Message)
	}
	p.screenshot("82-game-end-phase-1024")
	p.click("#ht-game-score")
	p.click("#ht-game-end-round")
	if v = p.gameView(); v.Round != 2 || v.Phase != "command" {
		t.Fatalf("after the end phase: round %d, %s", v.Round, v.Phase)
	}

	// The game record replays with the judge to the page's table.
	var record string
	if err := json.Unmarshal(p.mustCommand("exportGame", nil), &record); err != nil {
		t.Fatal(err)
	}
	checkReplay(t, p, bin, record)

	// The panel and the table at the three sizes, in German at the phone's.
	for _, sz := range []struct {
		w, h int64
		name string
	}{{1440, 900, "83-game-1440x900"}, {1024, 700, "84-game-1024x700"}, {390, 844, "85-game-390x844-de"}} {
		if sz.w == 390 {
			p.menuClick(`button[data-lang="de"]`)
			p.click("#ht-menu") // closed again
		}
		p.do("viewport", chromedp.EmulateViewport(sz.w, sz.h, chromedp.EmulateScale(1)))
		p.mustCommand("fit", nil)
		p.waitFrames(4)
		p.screenshot(sz.name)
	}
	// On the phone the game panel does not fit the folded sheet: its handle unfolds it (D153),
	// and the panel's buttons (the phase's own: the order tokens, the end of the phase) are in
	// sight, not cut off below the page.
	p.click("#ht-grip")
	p.poll(`document.getElementById("ht-grip").getAttribute("aria-expanded") === "true"`, 5*time.Second)
	p.waitFrames(4)
	if cut := evalJS[float64](p, `(() => { const bs = Array.from(document.querySelectorAll("#ht-panel button")).filter((b) => b.offsetParent !== null);
		const b = document.getElementById("ht-bottom").getBoundingClientRect();
		return bs.length ? bs.filter((x) => { const r = x.getBoundingClientRect(); return r.bottom > b.bottom + 1 || r.top < b.top - 1; }).length / bs.length : 1; })()`); cut > 0.5 {
		t.Errorf("the unfolded sheet: %.0f %% of the game panel's buttons out of sight", 100*cut)
	}
	checkNoRawKeys(t, p, "the game panel, 390x844 de") // the card's rank read "play.rank.Korps"
	p.screenshot("85b-game-390x844-de-unfolded")
	p.click("#ht-grip") // folded again: kept across reloads otherwise
	p.poll(`document.getElementById("ht-grip").getAttribute("aria-expanded") === "false"`, 5*time.Second)
	p.noPanics()
}

// checkReplay writes a game record exported from the page and replays it with the judge
// (tablecheck -replay): the replayed table must be the page's, byte for byte.
func checkReplay(t *testing.T, p *page, bin, record string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(path, []byte(record), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "-replay", path)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("tablecheck -replay: %v: %s", err, stderr.String())
	}
	if stdout.String() != p.export() {
		t.Fatal("the replayed record is not the page's table")
	}
}
