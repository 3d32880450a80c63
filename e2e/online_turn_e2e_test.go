//go:build !js

package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"testing"
	"time"

	"holotable/table"
)

// withRangedTurn is the room's first table for TestOnlineOffersDice with what the online turn
// (onlineRangedTurn) needs added to ops' game-melee.json: a ranged weapon on blue's AT-RT b
// (Blaster, range 1–3, four red dice), red's squad d of three one-wound troopers west of b, and a
// tall solid block "bunker" (x 44–46, y 21.8–27, 6" high) between b and d's third mini d-3, which
// stands behind it. Seen from b-1 (at (50, 20) in the file, dragged a few inches by the test
// before the turn: its eye anywhere in x 50–58, y 13–22), every segment to d-3's volume crosses
// the bunker's footprint below its top, while d-1 (the leader) and d-2 stand south of its end in
// plain sight; d-3 is in cohesion with d-1 (2.74" apart). Whether that holds on the table of the
// turn is the judge's to say, and the test asks it.
func withRangedTurn(t *testing.T, first []byte) []byte {
	t.Helper()
	var f map[string]any
	if err := json.Unmarshal(first, &f); err != nil {
		t.Fatal(err)
	}
	var add struct {
		Terrain, Units, Records []any
		Weapon                  any
	}
	if err := json.Unmarshal([]byte(`{
		"terrain": [{"id": "bunker", "polygon": [[44, 21.8], [46, 21.8], [46, 27], [44, 27]], "height": 6, "base": 0,
			"kind": "solid", "cover": "heavy", "move": {"trooper": "impassable", "ground": "impassable", "repulsor": "impassable"}}],
		"units": [{"id": "d", "side": "red", "type": "trooper", "speed": 2, "card": {"wounds": 1, "defence": "white"}, "minis": [
			{"id": "d-1", "leader": true, "x": 42.6, "y": 21.0, "base": "small", "height": 1.65},
			{"id": "d-2", "x": 43.9, "y": 20.4, "base": "small", "height": 1.65},
			{"id": "d-3", "x": 42.6, "y": 24.8, "base": "small", "height": 1.65}]}],
		"records": [{"unit": "d", "colour": "red", "name": "Stormtroopers", "rank": "corps"}],
		"weapon": {"name": "Blaster", "min": 1, "max": 3, "dice": {"red": 4}}}`), &add); err != nil {
		t.Fatal(err)
	}
	f["terrain"] = append(f["terrain"].([]any), add.Terrain...)
	units := f["units_on_table"].([]any)
	for _, u := range units {
		if u := u.(map[string]any); u["id"] == "b" {
			card := u["card"].(map[string]any)
			card["weapons"] = append(card["weapons"].([]any), add.Weapon)
		}
	}
	f["units_on_table"] = append(units, add.Units...)
	g := f["game"].(map[string]any)
	g["units"] = append(g["units"].([]any), add.Records...)
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := table.Load(b); err != nil {
		t.Fatalf("the room's first table: %v", err)
	}
	return b
}

// onlineRangedTurn plays the rest of blue's turn on the two pages of TestOnlineOffersDice (blue's
// AT-RT b active, its contact with a dropped by the accepted move, D114): in blue's game panel b
// attacks red's squad d with its Blaster; the server rolls (D104); the panel's hidden and
// woundable minis are the judge's `cover` answer's `hidden` list for the table exported from the
// page (b has one mini, its leader, so "hidden from the leader" is "hidden from every attacking
// mini"); the hits are raised by the players' adjustment (D90, the defence rolled
// again by the server) and the blocks taken to 0 so that more wounds are dealt than d has visible
// minis; Apply and End activation from the panel. On red's page too, every visible mini of d is
// defeated, every hidden one stands unwounded, the spare wounds are lost, and it is red's turn.
// A wound on a hidden mini fails it.
func onlineRangedTurn(t *testing.T, blue, red *page, bin string) {
	t.Helper()
	start := time.Now()
	blue.click(`button[data-tool="game"]`)
	blue.setSelect("#ht-game-attacker", "b")
	blue.setSelect("#ht-game-defender", "d")
	blue.click("#ht-game-attack")
	v := blue.gameView()
	if v.Attack == nil || !v.Attack.Allowed || v.Attack.Weapons["b-1"] != "Blaster" {
		t.Fatalf("b's attack on d: %+v, message %q", v.Attack, blue.appState().Message)
	}
	before := blue.export()
	var c struct {
		Hidden []string `json:"hidden"`
	}
	if err := json.Unmarshal(askJudge(t, bin, withQuery(t, before, []map[string]any{
		{"id": "c", "kind": "cover", "attacker": "b", "defender": "d"}}))["c"], &c); err != nil {
		t.Fatal(err)
	}
	minis := []string{"d-1", "d-2", "d-3"}
	var visible []string
	for _, m := range minis {
		if !slices.Contains(c.Hidden, m) {
			visible = append(visible, m)
		}
	}
	t.Logf("b-1 at %v; the judge: %v hidden from b", miniAt(t, before, "b-1"), c.Hidden)
	if len(c.Hidden) == 0 || len(visible) == 0 {
		t.Fatalf("the position does not test what it should: the judge says %v of %v hidden from b", c.Hidden, minis)
	}
	woundable := append([]string(nil), v.Attack.Woundable...)
	sort.Strings(woundable)
	if !slices.Equal(woundable, visible) || !slices.Equal(v.Attack.Hidden, c.Hidden) {
		t.Fatalf("the panel: woundable %v, hidden %v; the judge: hidden %v", v.Attack.Woundable, v.Attack.Hidden, c.Hidden)
	}

	// Rolled by the server; then more hits than d has visible minis, and no block.
	blue.click("#ht-game-roll")
	blue.poll(`!!(JSON.parse(window.holotable.state()).toolState.attack || {}).rolled`, 20*time.Second)
	hits := len(minis) + 3
	blue.mustCommand("game", map[string]any{"action": "adjust", "hits": hits})
	blue.poll(fmt.Sprintf(`JSON.parse(window.holotable.state()).toolState.attack.rolled.hits === %d`, hits), 20*time.Second)
	blue.mustCommand("game", map[string]any{"action": "adjust", "blocks": 0})
	blue.poll(`JSON.parse(window.holotable.state()).toolState.attack.rolled.blocks === 0`, 10*time.Second)
	r := blue.adjustView().Attack.Rolled
	if r.Wounds <= len(visible) {
		t.Fatalf("%d wounds for %d visible minis", r.Wounds, len(visible))
	}
	blue.click("#ht-game-apply")
	blue.waitFor(`!JSON.parse(window.holotable.state()).toolState.attack &&
		JSON.parse(window.holotable.state()).toolState.units.some((u) => u.id === "d" && u.defeated > 0)`, 20*time.Second)

	// Both pages: the visible minis defeated, the hidden ones on the table without a wound.
	after, err := table.Load([]byte(converge(t, blue, red)))
	if err != nil {
		t.Fatal(err)
	}
	rec := after.Game.Unit("d")
	var defeated []string
	for _, m := range rec.Defeated {
		defeated = append(defeated, m.ID)
	}
	sort.Strings(defeated)
	for _, h := range c.Hidden {
		if ref, ok := after.Lookup(h); !ok || ref.Mini == nil || rec.Wounds[h] != 0 {
			t.Fatalf("hidden mini %s wounded or taken off (wounds %v, defeated %v)", h, rec.Wounds, defeated)
		}
	}
	if !slices.Equal(defeated, visible) {
		t.Fatalf("after %d wounds: defeated %v, visible %v", r.Wounds, defeated, visible)
	}

	// The activation ended from the panel: red's turn on both pages.
	blue.click("#ht-game-end-activation")
	blue.waitFor(`JSON.parse(window.holotable.state()).toolState.turn === "red"`, 20*time.Second)
	if f, err := table.Load([]byte(converge(t, blue, red))); err != nil || f.Game.Turn != table.Red {
		t.Fatalf("after blue's activation: %v, %s's turn", err, f.Game.Turn)
	}
	t.Logf("%d wounds on d: %v defeated, %v hidden and untouched (the turn took %v)", r.Wounds, defeated, c.Hidden, time.Since(start).Round(time.Millisecond))
}

// waitFor waits until a JavaScript expression is true, and fails the test with the page's
// message line when it is not within limit.
func (p *page) waitFor(expr string, limit time.Duration) {
	p.t.Helper()
	ok := evalJS[bool](p, fmt.Sprintf(`new Promise((ok) => { const t0 = Date.now(); const f = () => {
		if (%s) ok(true); else if (Date.now() - t0 > %d) ok(false); else setTimeout(f, 30); }; f(); })`, expr, limit.Milliseconds()))
	if !ok {
		p.t.Fatalf("waiting %v for %s; the message line: %q", limit, expr, p.appState().Message)
	}
}
