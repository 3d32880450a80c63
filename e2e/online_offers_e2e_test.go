//go:build !js

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"holotable/ops"
	"holotable/protocol/client"
	"holotable/rules"
	"holotable/table"
)

// onlineExtras are the parts of scenes.OnlineState this file reads: the room's server rolls and
// its open offers.
type onlineExtras struct {
	Rolls []struct {
		Seq    uint64          `json:"seq"`
		By     string          `json:"by"`
		Result json.RawMessage `json:"result"`
		For    string          `json:"for"`
	} `json:"rolls"`
	Offers []struct {
		ID     string `json:"id"`
		From   string `json:"from"`
		Answer bool   `json:"answer"`
		Mine   bool   `json:"mine"`
	} `json:"offers"`
}

func (p *page) onlineExtras() onlineExtras {
	p.t.Helper()
	var v onlineExtras
	if err := json.Unmarshal([]byte(evalJS[string](p, `window.holotable.online()`)), &v); err != nil {
		p.t.Fatalf("online(): %v", err)
	}
	return v
}

// miniAt is where mini id stands in the exported table file data.
func miniAt(t *testing.T, data string, id string) [2]float64 {
	t.Helper()
	f, err := table.Load([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	ref, ok := f.Lookup(id)
	if !ok || ref.Mini == nil {
		t.Fatalf("no mini %s in the table", id)
	}
	return [2]float64{ref.Mini.X, ref.Mini.Y}
}

// TestOnlineOffersDice: blue and red pages on one room whose game gives unit b to blue and a to
// red (ops/testdata/game-melee.json). Blue's b attacks a in melee through the game tool: the server
// rolls the dice (D104), red's page holds the same roll and blue's attack resolves with its faces.
// Red drags blue's mini b-1: the move is offered to blue, not made; blue's page lists it with Accept, blue clicks it, and both pages end with b-1 moved. Blue
// rolls three red attack dice in the dice tool: the server rolls them and both pages show the same
// roll; blue's dispute roll is the server's too, the same face in both dice tools, and red's
// message line says it with the rulebook's lines (screenshots 94-online-dispute-*.png). Red goes offline, drags its own mini a-1 (queued), reloads the page while still offline,
// and comes back: the kept op is sent, and both pages end with a-1 where red put it. Screenshots
// 93-online-offer-*.png. Then blue's turn goes on with a ranged attack whose wounds land only on
// the minis the judge does not call hidden (onlineRangedTurn, on the table of withRangedTurn).
func TestOnlineOffersDice(t *testing.T) {
	srv := startTableServer(t, webDir(t))
	melee, err := os.ReadFile("../ops/testdata/game-melee.json")
	if err != nil {
		t.Fatal(err)
	}
	first := withRangedTurn(t, melee)
	bin := judge(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	l, err := client.Create(ctx, srv.url(), first)
	if err != nil {
		t.Fatal(err)
	}
	blue, red := newPage(t), newFreshPage(t) // red goes offline: a browser of its own
	blue.joinLink(l.Links["blue"])
	red.joinLink(l.Links["red"])
	for _, p := range []*page{blue, red} {
		p.poll(`JSON.parse(window.holotable.online()).peers.length === 2`, 20*time.Second)
	}
	start := converge(t, blue, red)

	// Blue's b attacks red's a in melee: the server rolls the attack's dice (and the defence's when
	// a hit is left, D104); red's page holds the same roll, and blue's attack resolves with its faces.
	blue.mustCommand("game", map[string]any{"action": "attack", "attacker": "b", "defender": "a", "melee": true})
	blue.mustCommand("game", map[string]any{"action": "roll"})
	var game struct {
		Attack *struct {
			Rolled *struct {
				Attack ops.AttackFaces `json:"attack"`
			} `json:"rolled"`
		} `json:"attack"`
	}
	for deadline := time.Now().Add(20 * time.Second); game.Attack == nil || game.Attack.Rolled == nil; blue.waitFrames(2) {
		if time.Now().After(deadline) {
			t.Fatalf("blue's attack not resolved: %q", blue.appState().Message)
		}
		if err := json.Unmarshal(blue.mustCommand("game", map[string]any{"action": "state"}), &game); err != nil {
			t.Fatal(err)
		}
	}
	red.poll(`(JSON.parse(window.holotable.online()).rolls || []).length >= 1`, 20*time.Second)
	var attackRoll rules.Roll
	if rr := red.onlineExtras().Rolls[0]; rr.By != "blue" || rr.For != "attack" || json.Unmarshal(rr.Result, &attackRoll) != nil ||
		ops.AttackFacesOf(attackRoll.Tally) != game.Attack.Rolled.Attack {
		t.Fatalf("red's page has roll %+v, blue's attack resolved with %+v", rr, game.Attack.Rolled.Attack)
	}
	blue.mustCommand("game", map[string]any{"action": "clearAttack"})
	blue.poll(fmt.Sprintf(`(JSON.parse(window.holotable.online()).rolls || []).length === %d`, len(red.onlineExtras().Rolls)), 10*time.Second)
	rollsBefore := len(blue.onlineExtras().Rolls)

	// Red drags blue's b-1: offered to blue.
	x, y := miniCSS(red.appState(), "b-1")
	red.do("click b-1", chromedp.MouseClickXY(x, y))
	red.poll(`JSON.parse(window.holotable.state()).selected === "b-1"`, 20*time.Second)
	red.drag(x, y, x+50, y+30)
	red.placeAnyway()
	red.poll(`document.querySelector("#ht-message").textContent.includes("Offered to blue")`, 10*time.Second)
	blue.poll(`!!document.querySelector("#ht-online-offers [data-accept]")`, 20*time.Second)
	if got := converge(t, blue, red); got != start {
		t.Fatal("red's offer changed the table before blue accepted it")
	}
	if o := red.onlineExtras().Offers; len(o) != 1 || !o[0].Mine || o[0].From != "red" {
		t.Fatalf("red's offers %+v", o)
	}
	for _, sz := range [][2]int64{{1440, 900}, {1024, 700}, {390, 844}} {
		blue.do("viewport", chromedp.EmulateViewport(sz[0], sz[1]))
		blue.waitFrames(3)
		blue.screenshot(fmt.Sprintf("93-online-offer-%dx%d", sz[0], sz[1]))
	}
	blue.do("viewport", chromedp.EmulateViewport(1024, 768))
	blue.click("#ht-online-offers [data-accept]")
	accepted := converge(t, blue, red)
	if miniAt(t, accepted, "b-1") == miniAt(t, start, "b-1") || len(blue.onlineExtras().Offers) != 0 {
		t.Fatalf("after blue's accept: b-1 at %v (was %v), offers %+v", miniAt(t, accepted, "b-1"), miniAt(t, start, "b-1"), blue.onlineExtras().Offers)
	}

	// Blue rolls: the server's dice, the same on both pages.
	blue.mustCommand("dice", map[string]any{"action": "pool", "pool": map[string]int{"red-attack": 3}})
	blue.mustCommand("dice", map[string]any{"action": "roll"})
	for _, p := range []*page{blue, red} {
		p.poll(fmt.Sprintf(`(JSON.parse(window.holotable.online()).rolls || []).length === %d`, rollsBefore+1), 20*time.Second)
	}
	br, rr := blue.onlineExtras().Rolls[rollsBefore], red.onlineExtras().Rolls[rollsBefore]
	if br.By != "blue" || br.Seq != rr.Seq || string(br.Result) != string(rr.Result) {
		t.Fatalf("the roll on blue's page %+v %s, on red's %+v %s", br, br.Result, rr, rr.Result)
	}
	red.poll(`document.querySelector("#ht-message").textContent.includes("blue rolled")`, 10*time.Second)
	t.Logf("the server rolled %s (entry %d)", br.Result, br.Seq)

	// Blue's dispute roll (D105), once per screen size of red's page: the server's die; red's
	// message line says it with the rulebook's lines, and both dice tools show the same face.
	for _, sz := range [][2]int64{{1440, 900}, {1024, 700}, {390, 844}} {
		red.do("viewport", chromedp.EmulateViewport(sz[0], sz[1]))
		red.waitFrames(3)
		before := red.online().Seq
		blue.mustCommand("dice", map[string]any{"action": "dispute"})
		red.poll(fmt.Sprintf(`JSON.parse(window.holotable.online()).seq > %d &&
			document.querySelector("#ht-message").textContent.includes("blue rolled the dispute roll") &&
			document.querySelector("#ht-message").textContent.includes("L583–592")`, before), 10*time.Second)
		red.screenshot(fmt.Sprintf("94-online-dispute-%dx%d", sz[0], sz[1]))
	}
	red.do("viewport", chromedp.EmulateViewport(1024, 768))
	var disputes [2]struct {
		Dispute *struct {
			Face struct{ Symbol string } `json:"face"`
		} `json:"dispute"`
	}
	for i, p := range []*page{blue, red} {
		if err := json.Unmarshal(p.mustCommand("dice", map[string]any{"action": "state"}), &disputes[i]); err != nil || disputes[i].Dispute == nil {
			t.Fatalf("%d: the dice tool's dispute: %v %+v", i, err, disputes[i])
		}
	}
	if disputes[0].Dispute.Face != disputes[1].Dispute.Face {
		t.Fatalf("the dispute on blue's page %+v, on red's %+v", disputes[0].Dispute, disputes[1].Dispute)
	}

	// Red offline: a drag of its own a-1 is queued, the page reloads offline, then comes back.
	red.setOffline(true)
	red.poll(`JSON.parse(window.holotable.online()).status === "offline"`, 10*time.Second)
	x, y = miniCSS(red.appState(), "a-1")
	red.do("click a-1", chromedp.MouseClickXY(x, y))
	red.waitFrames(3)
	red.drag(x, y, x+6, y+8)
	red.placeAnyway()
	if v := red.online(); v.Pending != 1 {
		t.Fatalf("red offline after its drag: %+v", v)
	}
	want := miniAt(t, red.export(), "a-1")
	red.reload()
	red.poll(`JSON.parse(window.holotable.online() || "null")?.status === "offline"`, 20*time.Second)
	red.setOffline(false)
	final := converge(t, blue, red)
	if got := miniAt(t, final, "a-1"); got != want {
		t.Errorf("after red's reload and resync a-1 is at %v, red put it at %v", got, want)
	}
	onlineRangedTurn(t, blue, red, bin)
	for _, p := range []*page{blue, red} {
		p.noPanics()
	}
}
