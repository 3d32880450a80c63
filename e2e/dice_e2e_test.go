//go:build !js

package e2e

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"holotable/rules"
)

// diceView is the dice tool's part of state() (scenes.diceState, decoded here on its own).
type diceView struct {
	Pool    map[string]int `json:"pool"`
	Kind    string         `json:"kind"`
	Surge   string         `json:"surge"`
	Seed    uint64         `json:"seed"`
	Rolls   int            `json:"rolls"`
	Buttons []struct {
		Text string     `json:"text"`
		Rect [4]float64 `json:"rect"`
	} `json:"buttons"`
	Roll *struct {
		Dice      []rules.RolledDie `json:"dice"`
		Kind      string            `json:"kind"`
		Converted *rules.Converted  `json:"converted"`
	} `json:"roll"`
	Dispute *rules.DisputeResult `json:"dispute"`
}

func (p *page) diceView() diceView {
	p.t.Helper()
	var st struct {
		Tool      string          `json:"tool"`
		ToolState json.RawMessage `json:"toolState"`
	}
	if err := json.Unmarshal([]byte(evalJS[string](p, `window.holotable.state()`)), &st); err != nil {
		p.t.Fatal(err)
	}
	if st.Tool != "dice" {
		p.t.Fatalf("tool %q, want dice", st.Tool)
	}
	var v diceView
	if err := json.Unmarshal(st.ToolState, &v); err != nil {
		p.t.Fatalf("dice toolState: %v\n%s", err, st.ToolState)
	}
	return v
}

// clickDiceButton clicks the centre of the dice palette button whose text starts with prefix
// (device pixels from the state, at device scale 1 equal to CSS pixels).
func (p *page) clickDiceButton(prefix string) {
	p.t.Helper()
	for _, b := range p.diceView().Buttons {
		if strings.HasPrefix(b.Text, prefix) {
			p.clickAt(b.Rect[0]+b.Rect[2]/2, b.Rect[1]+b.Rect[3]/2)
			return
		}
	}
	p.t.Fatalf("no dice button %q in %+v", prefix, p.diceView().Buttons)
}

// TestDiceTool opens the dice roller from the toolbar, builds a pool of 3 red and 2 white attack
// dice by clicking the palette, picks the surge → hit conversion, seeds the roller with 7 and
// rolls with the Roll button: the faces and the converted result are exactly what
// rules.SeededRoller(7) rolls and rules.ConvertAttack makes of them (RRG 2.0 convert surges); the
// dispute roll is the roller's next roll (one red defence die, L583–592); the page's remove-one
// button takes a die out of the pool (a touch screen has no Shift+click).
func TestDiceTool(t *testing.T) {
	p := newPage(t)
	p.open(startServer(t, webDir(t))+"/?map=default", 1)
	p.waitUI()
	p.click(`button[data-tool="dice"]`)
	p.waitFrames(3)

	for range 3 {
		p.clickDiceButton("red attack")
	}
	for range 2 {
		p.clickDiceButton("white attack")
	}
	v := p.diceView()
	if !reflect.DeepEqual(v.Pool, map[string]int{"red-attack": 3, "white-attack": 2}) || v.Kind != "attack" {
		t.Fatalf("pool %v (%s) after the clicks, want 3 red-attack and 2 white-attack", v.Pool, v.Kind)
	}
	p.clickDiceButton("surge → hit")
	p.mustCommand("dice", map[string]any{"action": "seed", "seed": 7})
	p.clickDiceButton("Roll")
	v = p.diceView()

	r := rules.SeededRoller(7)
	pool, err := rules.PoolOf(map[string]int{"red-attack": 3, "white-attack": 2})
	if err != nil {
		t.Fatal(err)
	}
	want := r.Roll(pool)
	conv, _ := rules.ConvertAttack(want.Tally, rules.SurgeHit, 0)
	if v.Surge != "hit" || v.Rolls != 1 || v.Roll == nil || !reflect.DeepEqual(v.Roll.Dice, want.Dice) {
		t.Fatalf("surge %q, %d rolls, roll %+v; want surge hit and the rules' roll %+v", v.Surge, v.Rolls, v.Roll, want.Dice)
	}
	if c := v.Roll.Converted; c == nil || c.Hits != conv.Hits || c.Crits != conv.Crits || c.Blanks != conv.Blanks {
		t.Errorf("converted %+v, want %+v", v.Roll.Converted, conv)
	}
	// The result stands in the page's dock below the table, not over its bottom edge (issue 17,
	// item 4): one chip per rolled die.
	p.poll(`document.querySelectorAll("#ht-dice-result .ht-die").length === 5`, 5*time.Second)
	if top, box := evalJS[float64](p, `document.querySelector("#ht-dice-result").getBoundingClientRect().top`), p.tableBoxCSS(); top < box[3] {
		t.Errorf("the dice result's top %.0f is above the table's bottom %.0f", top, box[3])
	}
	// Every line of the result is read without scrolling where the dock has the room (the pool,
	// the result, the odds; two lines of it were shown once, the result itself scrolled away).
	checkDiceLinesShown(t, p, "1024")
	p.screenshot("50-dice-roll")

	p.clickDiceButton("Dispute roll")
	v = p.diceView()
	wantD := r.Dispute()
	if v.Dispute == nil || v.Dispute.Face != wantD.Face || v.Dispute.HolderWins != wantD.HolderWins {
		t.Errorf("dispute %+v, want %+v", v.Dispute, wantD)
	}
	p.screenshot("50-dice-dispute")
	// On a phone the dock is the sheet below the table: the result's lines all shown there too.
	p.screenSize(390, 844, true)
	p.waitFrames(4)
	p.screenshot("50-dice-dispute-390")
	p.click("#ht-grip")
	p.poll(`document.getElementById("ht-grip").getAttribute("aria-expanded") === "true"`, 5*time.Second)
	p.waitFrames(4)
	checkDiceLinesShown(t, p, "390")
	p.screenshot("50-dice-dispute-390-unfolded")
	p.click("#ht-grip") // folded again: kept across reloads otherwise
	p.poll(`document.getElementById("ht-grip").getAttribute("aria-expanded") === "false"`, 5*time.Second)
	p.screenSize(1024, 768, false)
	p.waitFrames(4)
	// The page's button takes one die out of the pool (the palette's Shift+click, which a touch
	// screen lacks).
	p.click(`button[data-remove-die="red-attack"]`)
	p.poll(`JSON.parse(window.holotable.state()).toolState.pool["red-attack"] === 2`, 5*time.Second)
	if v = p.diceView(); !reflect.DeepEqual(v.Pool, map[string]int{"red-attack": 2, "white-attack": 2}) {
		t.Errorf("pool %v after the page's remove button, want 2 red-attack and 2 white-attack", v.Pool)
	}
	p.noPanics()
}

// checkDiceLinesShown fails the test unless every line of the dice result stands wholly inside its
// box, the page's panel, the dock and the window: read without scrolling.
func checkDiceLinesShown(t *testing.T, p *page, name string) {
	t.Helper()
	p.waitFrames(2)
	if cut := evalJS[string](p, `(() => { const box = (e) => e.getBoundingClientRect();
		const within = (a, b) => a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
		const lines = [...document.querySelectorAll("#ht-dice-result .ht-dice-line")];
		if (!lines.length) return "no result lines";
		const holders = [document.querySelector("#ht-dice-result .ht-dice-lines"), document.getElementById("ht-panel"), document.getElementById("ht-bottom")];
		for (const l of lines) for (const h of holders) if (!within(box(l), box(h)) || box(l).bottom > innerHeight)
			return "line " + JSON.stringify(l.textContent) + " not wholly shown in " + (h.id || h.className);
		return ""; })()`); cut != "" {
		t.Errorf("%s: the dice result: %s", name, cut)
	}
}
