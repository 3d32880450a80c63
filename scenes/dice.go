package scenes

import (
	"fmt"
	"image/color"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"holotable/maps"
	"holotable/protocol"
	"holotable/render"
	"holotable/rules"
	"holotable/table"
)

// The dice tool: build a pool from every die in maps/dice (a new data file is offered without code),
// roll it with the seeded roller of package rules, show the faces, apply the convert-surges step
// (the unit card's conversion and surge tokens), show the exact odds of the pool (cached per pool),
// and roll the rulebook's dispute roll (one red defence die). Rolls are not edits of the table: they
// are not undoable and not saved; the last roll stays in the tool's state.
//
// Page command (JSON argument → the tool's state, diceState):
//
//	dice {action: "add"|"remove", die}       one die more or less in the pool
//	dice {action: "pool", pool: {id: n, …}}  the whole pool at once (0 removes a die)
//	dice {action: "surge", surge: ""|"hit"|"critical"|"block"}  the unit card's surge conversion
//	dice {action: "tokens", tokens: n}       surge tokens to spend (0–9)
//	dice {action: "seed", seed: n}           restart the roller with a seed (the same seed, the same rolls)
//	dice {action: "roll"}                    roll the pool
//	dice {action: "dispute"}                 the dispute roll
//	dice {action: "clear"}                   empty the pool and forget the last roll
//	dice {action: "state"} (or no argument)  the state only

// maxPoolDice bounds a pool (the odds are exact convolutions; a Legion attack rarely passes 20).
const maxPoolDice = 24

// diceState is the dice tool's part of the page hook's state.
type diceState struct {
	Dice    []diceOffer          `json:"dice"`  // every die the tool offers, sorted by id
	Pool    map[string]int       `json:"pool"`  // die id → count
	Kind    string               `json:"kind"`  // "attack", "defence", "mixed" or "" for an empty pool
	Surge   string               `json:"surge"` // the card's conversion in effect for this pool ("" none)
	Tokens  int                  `json:"tokens"`
	Seed    uint64               `json:"seed"`
	Rolls   int                  `json:"rolls"` // rolls since the seed was set
	Roll    *diceRollState       `json:"roll"`
	Odds    *diceOdds            `json:"odds"`
	Dispute *rules.DisputeResult `json:"dispute"`
	Buttons []diceButton         `json:"buttons"`           // the palette as laid out, in device pixels
	System  string               `json:"system"`            // the pool limits held to ("" none; dice_custom.go)
	Limit   []ReasonState        `json:"limit,omitempty"`   // the limits' reasons
	Symbols []diceSymbolOdds     `json:"symbols,omitempty"` // a pool that is not Legion's: the odds of each symbol
	Result  *diceResult          `json:"result,omitempty"`  // the result panel, for the page to show in its dock (dice_dock.go)
}

// diceButton is one palette button on screen: its text and rectangle in device pixels (the page
// and the browser tests find the buttons by it).
type diceButton struct {
	Text string     `json:"text"`
	Rect [4]float64 `json:"rect"` // x, y, w, h
}

// diceOffer is one die of maps/dice.
type diceOffer struct {
	ID     string          `json:"id"`
	Name   string          `json:"name"`
	System string          `json:"system"`
	Kind   string          `json:"kind"`
	Sides  int             `json:"sides"`
	Colour string          `json:"colour,omitempty"`
	Faces  []table.DieFace `json:"faces"`
	Cite   string          `json:"cite,omitempty"`
	Custom bool            `json:"custom,omitempty"` // the table's own die (saved with it)
}

// diceRollState is the last roll: the faces and, for a Legion attack or defence pool, the result
// after the convert-surges step.
type diceRollState struct {
	rules.Roll
	Kind      string           `json:"kind"`          // the pool's kind when it was rolled
	By        string           `json:"by,omitempty"`  // an online table's roll: the seat it was rolled for
	Seq       uint64           `json:"seq,omitempty"` // and its entry in the room's log
	Converted *rules.Converted `json:"converted,omitempty"`
}

// diceOdds are the exact odds of the pool: for an attack pool of hits + criticals after the surge
// step, for a defence pool of blocks, for other dice of the sum of the faces' values.
type diceOdds struct {
	Of      string       `json:"of"`      // "results" (hits + crits), "blocks" or "total"
	AtLeast []diceChance `json:"atLeast"` // P(≥ k) for k = 1 … the most possible
	Mean    string       `json:"mean"`    // exact expected value, as a fraction
	MeanF   float64      `json:"meanValue"`
}

// diceChance is P(result ≥ K): exactly (a fraction) and in per cent.
type diceChance struct {
	K       int     `json:"k"`
	P       string  `json:"p"`
	Percent float64 `json:"percent"`
	Text    string  `json:"text"` // as the panel shows it (percentText: never 100.0% for a chance below 1)
}

func init() {
	RegisterTool("dice", func() Tool { return newDiceTool(uint64(time.Now().UnixNano())) })
	RegisterStrings(map[string][2]string{
		"ui.tool.dice":      {"Dice", "Würfel"},
		"ui.tool.dice.tip":  {"Roll Legion dice: pool, surge conversion, exact odds, dispute roll", "Legion-Würfel werfen: Pool, Wogen umwandeln, genaue Chancen, Streitfragen-Wurf"},
		"dice.hint.touch":   {"tap a die: add one · Clear: empty the pool · Roll", "Würfel antippen: einen hinzufügen · Leeren: Vorrat leeren · Werfen"},
		"dice.hint":         {"click a die: add · Shift+click: remove · Roll, or R", "Würfel anklicken: hinzufügen · Umschalt+Klick: entfernen · Werfen, oder R"},
		"dice.roll":         {"Roll", "Werfen"},
		"dice.dispute":      {"Dispute roll", "Streitfrage würfeln"},
		"dice.clear":        {"Clear", "Leeren"},
		"dice.surge":        {"surge → %s", "Woge → %s"},
		"dice.surgeNone":    {"nothing", "nichts"},
		"dice.tokens":       {"surge tokens: %d", "Energiemarker: %d"},
		"dice.empty":        {"the pool is empty: click a die above", "der Pool ist leer: oben einen Würfel anklicken"},
		"dice.empty.touch":  {"the pool is empty: tap a die above", "der Pool ist leer: oben einen Würfel antippen"},
		"dice.pool":         {"pool: %s", "Pool: %s"},
		"dice.tooMany":      {"at most %d dice in a pool", "höchstens %d Würfel in einem Pool"},
		"dice.noDie":        {"no die %q in maps/dice", "kein Würfel %q in maps/dice"},
		"dice.badSurge":     {"no surge conversion %q (\"\", hit, critical, block)", "keine Wogen-Umwandlung %q (\"\", hit, critical, block)"},
		"dice.badAction":    {"no dice action %q", "keine Würfel-Aktion %q"},
		"dice.attack":       {"after surges: %d hits, %d crits, %d blanks", "nach Wogen: %d Treffer, %d krit. Treffer, %d Leer"},
		"dice.defence":      {"after surges: %d blocks, %d blanks", "nach Wogen: %d Blocks, %d Leer"},
		"dice.total":        {"total %d", "Summe %d"},
		"dice.odds":         {"odds of %s: %s · mean %.2f", "Chancen auf %s: %s · Mittel %.2f"},
		"dice.of.results":   {"hits+crits", "Treffer+krit."},
		"dice.of.blocks":    {"blocks", "Blocks"},
		"dice.of.total":     {"the total", "die Summe"},
		"dice.holder":       {"dispute: %s — the round counter holder's reading stands", "Streitfrage: %s — es gilt die Auslegung des Spielers mit dem Rundenzähler"},
		"dice.other":        {"dispute: %s — the other player's reading stands", "Streitfrage: %s — es gilt die Auslegung des anderen Spielers"},
		"dice.sym.hit":      {"hit", "Treffer"},
		"dice.sym.critical": {"crit", "krit."},
		"dice.sym.surge":    {"surge", "Woge"},
		"dice.sym.block":    {"block", "Block"},
		"dice.sym.blank":    {"blank", "leer"},
		"dice.server":       {"rolled by the server for %s (entry %d of the room's log)", "vom Server für %s geworfen (Eintrag %d im Verlauf des Raums)"},
	})
	RegisterCommand("dice", cmdDice)
}

// diceTool is the dice roller; see the file comment.
type diceTool struct {
	fingers bool // the hints speak of taps (Context.Fingers at the last State or Update)
	offer   []maps.Die
	pool    map[string]int
	surge   rules.SurgeTo
	tokens  int
	seed    uint64
	roller  *rules.Roller
	// remote, on an online table, asks the server to roll a pool or the dispute roll (Online.Tick
	// sets it): the roll is the server's, logged, the same on every page of the room.
	remote func(purpose protocol.RollFor, pool map[string]int) error
	rolls  int
	last   *diceRollState
	disp   *rules.DisputeResult
	odds   map[string]*diceOdds // by poolKey
	// The table's custom dice and the pool limits (dice_custom.go).
	tableDice    []table.Die
	system       string
	limitReasons []rules.Reason
	symOdds      map[string][]diceSymbolOdds
	err          string
	rev          int // changes with every change of the tool's state (cache key)

	palette      []paletteButton
	paletteCache overlayCache
	panelCache   overlayCache
	text         render.TextCache
	cursorX      float64
	cursorY      float64
}

func newDiceTool(seed uint64) *diceTool {
	t := &diceTool{offer: maps.Dice(), pool: map[string]int{}, odds: map[string]*diceOdds{}, symOdds: map[string][]diceSymbolOdds{}}
	t.setSeed(seed)
	return t
}

func diceToolOf(s *TableScene) *diceTool { return toolOf[*diceTool](s, "dice") }

func (t *diceTool) Name() string { return "dice" }

func (t *diceTool) setSeed(seed uint64) {
	t.seed, t.roller, t.rolls = seed, rules.SeededRoller(seed), 0
	t.rev++
}

func (t *diceTool) die(id string) (maps.Die, bool) {
	for _, d := range t.offer {
		if d.ID == id {
			return d, true
		}
	}
	return maps.Die{}, false
}

// count is the number of dice in the pool.
func (t *diceTool) count() int {
	n := 0
	for _, c := range t.pool {
		n += c
	}
	return n
}

// setCount puts n dice of id in the pool.
func (t *diceTool) setCount(id string, n int) error {
	if _, ok := t.die(id); !ok {
		return fmt.Errorf("%s", T("dice.noDie", id))
	}
	if n < 0 {
		n = 0
	}
	if t.count()-t.pool[id]+n > maxPoolDice {
		return fmt.Errorf("%s", T("dice.tooMany", maxPoolDice))
	}
	if n == 0 {
		delete(t.pool, id)
	} else {
		t.pool[id] = n
	}
	t.rev++
	return nil
}

// rulesPool is the pool for package rules.
func (t *diceTool) rulesPool() rules.Pool {
	p, _ := rules.PoolFrom(t.offer, t.pool) // every id was checked when it was added
	return t.limited(p)
}

// kind is "attack" or "defence" for a pool of Legion dice of one kind, "mixed" for anything else,
// "" for an empty pool.
func (t *diceTool) kind() string { return t.kindOf(t.pool) }

// kindOf is kind for the given pool.
func (t *diceTool) kindOf(pool map[string]int) string {
	k := ""
	for id := range pool {
		d, _ := t.die(id)
		dk := d.Kind
		if d.System != "legion" {
			dk = "mixed"
		}
		switch {
		case k == "":
			k = dk
		case k != dk:
			k = "mixed"
		}
	}
	return k
}

// surgeFor is the card's conversion as it applies to the pool's kind.
func (t *diceTool) surgeFor(kind string) rules.SurgeTo {
	switch {
	case kind == "attack" && (t.surge == rules.SurgeHit || t.surge == rules.SurgeCritical):
		return t.surge
	case kind == "defence" && t.surge == rules.SurgeBlock:
		return t.surge
	}
	return rules.SurgeNone
}

// poolKey identifies the pool, the conversion and the tokens (the odds cache's key).
func (t *diceTool) poolKey() string {
	ids := make([]string, 0, len(t.pool))
	for id := range t.pool {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var b strings.Builder
	for _, id := range ids {
		b.WriteString(id + "×" + strconv.Itoa(t.pool[id]) + ",")
	}
	k := t.kind()
	fmt.Fprintf(&b, "%s|%s|%d|%s", k, t.surgeFor(k), t.tokens, t.system)
	return b.String()
}

// currentOdds computes (once per pool) the exact odds with package rules.
func (t *diceTool) currentOdds() *diceOdds {
	if len(t.pool) == 0 {
		return nil
	}
	key := t.poolKey()
	if o, ok := t.odds[key]; ok {
		return o
	}
	p := t.rulesPool()
	k := t.kind()
	var dist []*big.Rat
	of := "total"
	switch k {
	case "attack":
		dist, _ = rules.AttackTotals(p, t.surgeFor(k), t.tokens)
		of = "results"
	case "defence":
		dist, _ = rules.DefenceTotals(p, t.surgeFor(k), t.tokens)
		of = "blocks"
	default:
		dist = rules.PoolDistribution(p).Totals(func(o rules.Outcome) int { return o.Total })
	}
	o := oddsOf(dist, of)
	if len(t.odds) > 64 { // a long session: start the cache afresh
		t.odds = map[string]*diceOdds{}
	}
	t.odds[key] = o
	return o
}

// oddsOf turns a distribution (element k: P(result = k)) into P(≥ k) for every possible k ≥ 1 and
// the exact mean.
func oddsOf(dist []*big.Rat, of string) *diceOdds {
	o := &diceOdds{Of: of}
	mean := new(big.Rat)
	for k, p := range dist {
		mean.Add(mean, new(big.Rat).Mul(p, big.NewRat(int64(k), 1)))
	}
	o.Mean = mean.RatString()
	o.MeanF, _ = mean.Float64()
	for k := 1; k < len(dist); k++ {
		p := rules.AtLeast(dist, k)
		if p.Sign() == 0 {
			break
		}
		f, _ := p.Float64()
		o.AtLeast = append(o.AtLeast, diceChance{K: k, P: p.RatString(), Percent: math.Round(f*1e4) / 100, Text: percentText(p)})
	}
	return o
}

// roll rolls the pool and converts the surges.
func (t *diceTool) roll() error {
	if len(t.pool) == 0 {
		return fmt.Errorf("%s", TFor(t.fingers, "dice.empty"))
	}
	if t.remote != nil {
		// An online table: the server rolls, and the roll comes back as an entry of the log
		// (showServer) on every page of the room.
		pool := make(map[string]int, len(t.pool))
		for id, n := range t.pool {
			pool[id] = n
		}
		return t.remote(protocol.RollDice, pool)
	}
	t.rolls++
	return t.show(&diceRollState{Roll: t.roller.Roll(t.rulesPool()), Kind: t.kind()})
}

// showServer shows a roll the server made for the room (an entry of its log): by is the seat that
// asked for it, dice its pool.
func (t *diceTool) showServer(seq uint64, by string, dice map[string]int, r rules.Roll) error {
	return t.show(&diceRollState{Roll: r, Kind: t.kindOf(dice), By: by, Seq: seq})
}

// show makes st the last roll, its surges converted.
func (t *diceTool) show(st *diceRollState) error {
	r := st.Roll
	switch k := st.Kind; k {
	case "attack":
		c, err := rules.ConvertAttack(r.Tally, t.surgeFor(k), t.tokens)
		if err != nil {
			return err
		}
		st.Converted = &c
	case "defence":
		c, err := rules.ConvertDefence(r.Tally, t.surgeFor(k), t.tokens)
		if err != nil {
			return err
		}
		st.Converted = &c
	}
	t.last = st
	t.rev++
	return nil
}

// dispute rolls the dispute roll — on an online table the server rolls it (D105), and every page
// shows it when its entry comes back (showDispute).
func (t *diceTool) dispute() error {
	if t.remote != nil {
		return t.remote(protocol.RollDispute, nil)
	}
	d := t.roller.Dispute()
	t.rolls++
	t.disp = &d
	t.rev++
	return nil
}

// showDispute shows the server's dispute roll that rolled face.
func (t *diceTool) showDispute(face rules.RolledDie) {
	d := rules.DisputeOf(face)
	t.disp = &d
	t.rev++
}

func (t *diceTool) state() diceState {
	st := diceState{Pool: map[string]int{}, Kind: t.kind(), Tokens: t.tokens, Seed: t.seed, Rolls: t.rolls,
		Roll: t.last, Odds: t.currentOdds(), Dispute: t.disp}
	st.Surge = string(t.surgeFor(st.Kind))
	for id, n := range t.pool {
		st.Pool[id] = n
	}
	for _, d := range t.offer {
		st.Dice = append(st.Dice, diceOffer{ID: d.ID, Name: dieName(d), System: d.System, Kind: d.Kind, Sides: d.Sides})
	}
	t.customState(&st)
	return st
}

// State is the tool's part of the state snapshot.
func (t *diceTool) State(s Context) any {
	t.fingers = s.Fingers()
	t.refreshOffer(s.File())
	st := t.state()
	t.layoutPalette(s)
	for _, b := range t.palette {
		st.Buttons = append(st.Buttons, diceButton{Text: b.Text, Rect: [4]float64{float64(b.X), float64(b.Y), float64(b.W), float64(b.H)}})
	}
	if docked(s) {
		st.Result = t.result()
	}
	return st
}

func cmdDice(s *TableScene, arg jsonRaw) (any, error) {
	t := diceToolOf(s)
	if out, err, done := t.customCommand(s, arg); done {
		return out, err
	}
	a := struct {
		Action string
		Die    string
		Pool   map[string]int
		Surge  *string
		Tokens *int
		Seed   *uint64
	}{Action: "state"}
	if err := argInto(arg, &a); err != nil {
		return nil, err
	}
	var err error
	switch a.Action {
	case "state":
	case "add":
		err = t.setCount(a.Die, t.pool[a.Die]+1)
	case "remove":
		err = t.setCount(a.Die, t.pool[a.Die]-1)
	case "pool":
		old := t.pool
		t.pool = map[string]int{}
		ids := make([]string, 0, len(a.Pool))
		for id := range a.Pool {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			if err = t.setCount(id, a.Pool[id]); err != nil {
				t.pool = old
				break
			}
		}
		t.rev++
	case "surge":
		v := ""
		if a.Surge != nil {
			v = *a.Surge
		}
		switch rules.SurgeTo(v) {
		case rules.SurgeNone, rules.SurgeHit, rules.SurgeCritical, rules.SurgeBlock:
			t.surge = rules.SurgeTo(v)
			t.rev++
		default:
			err = fmt.Errorf("%s", T("dice.badSurge", v))
		}
	case "tokens":
		if a.Tokens != nil {
			t.tokens = min(9, max(0, *a.Tokens))
			t.rev++
		}
	case "seed":
		if a.Seed != nil {
			t.setSeed(*a.Seed)
		}
	case "roll":
		err = t.roll()
	case "dispute":
		err = t.dispute()
	case "clear":
		t.pool, t.last, t.disp = map[string]int{}, nil, nil
		t.rev++
	default:
		err = fmt.Errorf("%s", T("dice.badAction", a.Action))
	}
	if err != nil {
		return nil, err
	}
	return t.state(), nil
}

// --- input ---------------------------------------------------------------------------------------

// dieColour is the colour a die is drawn in: the colour word in its name (red, black, white, …),
// grey for a die whose name has none.
func dieColour(d maps.Die) (fill, ink color.RGBA) {
	if fill, ink, ok := customColour(d); ok { // the die's own colour (dice_custom.go)
		return fill, ink
	}
	for _, w := range strings.Fields(strings.ToLower(d.Name)) {
		switch w {
		case "red":
			return color.RGBA{0xc8, 0x32, 0x2c, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff}
		case "black":
			return color.RGBA{0x1a, 0x1a, 0x1a, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff}
		case "white":
			return color.RGBA{0xf0, 0xf0, 0xf0, 0xff}, color.RGBA{0x10, 0x10, 0x10, 0xff}
		case "green":
			return color.RGBA{0x2e, 0x8b, 0x3e, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff}
		case "blue":
			return color.RGBA{0x2f, 0x6f, 0xc9, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff}
		case "yellow":
			return color.RGBA{0xe8, 0xc5, 0x3a, 0xff}, color.RGBA{0x10, 0x10, 0x10, 0xff}
		}
	}
	return color.RGBA{0x9a, 0x9a, 0x9a, 0xff}, color.RGBA{0x10, 0x10, 0x10, 0xff}
}

// symbolLabel is the text on a rolled face: the symbol's short name, or the face's number.
func symbolLabel(r rules.RolledDie) string {
	if r.Value != 0 || r.Symbol == "number" {
		return strconv.Itoa(r.Value)
	}
	return symbolWord(r.Symbol)
}

func (t *diceTool) layoutPalette(s Context) {
	t.refreshOffer(s.File())
	var specs []buttonSpec
	for _, d := range t.offer {
		id := d.ID
		fill, _ := dieColour(d)
		text := dieName(d)
		if n := t.pool[id]; n > 0 {
			text = fmt.Sprintf("%s ×%d", dieName(d), n)
		}
		specs = append(specs, buttonSpec{text: text, swatch: fill, active: t.pool[id] > 0,
			do: func(s Context) {
				_, _ = s.Command("dice", jsonRaw(fmt.Sprintf(`{"action":"add","die":%q}`, id)))
			}})
	}
	k := t.kind()
	convs := []rules.SurgeTo{rules.SurgeNone, rules.SurgeHit, rules.SurgeCritical}
	if k == "defence" {
		convs = []rules.SurgeTo{rules.SurgeNone, rules.SurgeBlock}
	}
	for i, c := range convs {
		c := c
		name := T("dice.surgeNone")
		if c != rules.SurgeNone {
			name = T("dice.sym." + string(c))
		}
		specs = append(specs, buttonSpec{text: T("dice.surge", name), active: t.surgeFor(k) == c || (c == rules.SurgeNone && t.surgeFor(k) == rules.SurgeNone), gap: i == 0,
			do: func(s Context) { t.surge = c; t.rev++ }})
	}
	specs = append(specs,
		buttonSpec{text: T("dice.tokens", t.tokens), do: func(s Context) { t.tokens = (t.tokens + 1) % 4; t.rev++ }},
		buttonSpec{text: T("dice.roll"), gap: true, do: func(s Context) { _, _ = s.Command("dice", jsonRaw(`{"action":"roll"}`)) }},
		buttonSpec{text: T("dice.dispute"), do: func(s Context) { _, _ = s.Command("dice", jsonRaw(`{"action":"dispute"}`)) }},
		buttonSpec{text: T("dice.clear"), do: func(s Context) { _, _ = s.Command("dice", jsonRaw(`{"action":"clear"}`)) }},
	)
	t.palette, _ = flowButtons(s, specs, s.PaletteTop())
}

// ReserveTop is the bottom of the palette and its hint line.
func (t *diceTool) ReserveTop(s Context) float64 {
	t.layoutPalette(s)
	return float64(paletteRect(s, t.palette, TFor(s.Fingers(), "dice.hint"), 0).Max.Y)
}

// Update: a click on a die button adds that die (Shift or Ctrl: removes one); R rolls.
func (t *diceTool) Update(s Context, in *Input) bool {
	t.fingers = s.Fingers()
	t.cursorX, t.cursorY = in.X, in.Y
	t.layoutPalette(s)
	if in.KeyPressed(ebiten.KeyR) && !in.Ctrl {
		if err := t.roll(); err != nil {
			s.SetMessage(err.Error())
		}
	}
	if !in.LeftPressed {
		return false
	}
	i := hotButton(t.palette, in.X, in.Y)
	if i < 0 {
		return false
	}
	if (in.Shift || in.Ctrl) && i < len(t.offer) { // the dice come first in the palette
		id := t.offer[i].ID
		if err := t.setCount(id, t.pool[id]-1); err != nil {
			s.SetMessage(err.Error())
		}
	} else {
		t.palette[i].do(s)
	}
	t.layoutPalette(s)
	return true
}

// --- drawing -------------------------------------------------------------------------------------

type dicePanelKey struct {
	rev        int
	screen     Screen
	lang       string
	pageBottom float64
}

// Draw draws the palette and the result panel (both cached until something changes).
func (t *diceTool) Draw(s Context, screen *ebiten.Image) {
	if len(t.palette) == 0 {
		t.layoutPalette(s)
	}
	drawPaletteCached(s, screen, &t.paletteCache, t.palette, TFor(s.Fingers(), "dice.hint"), 0,
		paletteKey{armed: strconv.Itoa(t.rev), n: len(t.palette)}, t.cursorX, t.cursorY)
	if docked(s) {
		return // the page shows the result panel in its dock (dice_dock.go)
	}
	key := dicePanelKey{rev: t.rev, screen: s.Screen(), lang: Language(), pageBottom: s.PageBottom()}
	t.panelCache.draw(screen, key, func(dst *ebiten.Image) { t.drawPanel(s, dst) })
}

// panelLines is the result panel's text, what a player reads first standing first (where the
// dock is low, the later lines scroll): the roll's result and its reasons, the dispute, the pool,
// the odds.
func (t *diceTool) panelLines() []string {
	if len(t.pool) == 0 && t.last == nil && t.disp == nil {
		return []string{TFor(t.fingers, "dice.empty")}
	}
	var lines []string
	if r := t.last; r != nil {
		if r.By != "" {
			lines = append(lines, T("dice.server", T("online.seat."+r.By), r.Seq))
		}
		switch c := r.Converted; {
		case c != nil && r.Kind == "attack":
			lines = append(lines, T("dice.attack", c.Hits, c.Crits, c.Blanks))
		case c != nil:
			lines = append(lines, T("dice.defence", c.Blocks, c.Blanks))
		default:
			lines = append(lines, t.rolledLine(r.Roll))
		}
		if c := r.Converted; c != nil {
			for _, rs := range c.Reasons {
				lines = append(lines, "  "+reasonText(rs))
			}
		}
	}
	if d := t.disp; d != nil {
		key := "dice.other"
		if d.HolderWins {
			key = "dice.holder"
		}
		lines = append(lines, T(key, symbolLabel(d.Face)))
	}
	if len(t.pool) > 0 {
		var parts []string
		for _, d := range t.offer {
			if n := t.pool[d.ID]; n > 0 {
				parts = append(parts, fmt.Sprintf("%d × %s", n, dieName(d)))
			}
		}
		lines = append(lines, T("dice.pool", strings.Join(parts, ", ")))
	}
	if o := t.currentOdds(); o != nil && len(o.AtLeast) > 0 {
		var ps []string
		for i, c := range o.AtLeast {
			if i >= 6 {
				break
			}
			ps = append(ps, fmt.Sprintf("≥%d %s", c.K, c.Text))
		}
		lines = append(lines, T("dice.odds", T("dice.of."+o.Of), strings.Join(ps, " · "), o.MeanF))
	}
	lines = append(lines, t.symbolLines()...)
	return lines
}

// drawPanel draws the rolled faces and the text lines at the bottom left, above the page's panel.
func (t *diceTool) drawPanel(s Context, dst *ebiten.Image) {
	k := s.Scale()
	size := 12 * k
	lines := t.panelLines()
	tl := make([]render.TextLine, len(lines))
	for i, l := range lines {
		tl[i] = render.TextLine{Text: l, Color: render.HUDText}
	}
	_, h := t.text.Size(tl, size, false)
	bottom := s.Screen().H - math.Max(8*k, (s.PageBottom()+8)*k)
	x := 8 * k
	y := bottom - h
	t.text.Draw(dst, tl, x, y, size, render.TopLeft, false)

	var faces []render.DieFace
	side := 34 * k
	gap := 6 * k
	fy := y - side - gap
	fx := x
	for _, f := range t.rolledFaces() {
		if f.Dispute {
			fx += gap * 2 // the dispute die stands apart
		}
		if fx+side > s.Screen().W-8*k {
			fx, fy = x, fy-side-gap
		}
		faces = append(faces, render.DieFace{X: float32(fx), Y: float32(fy), S: float32(side), Fill: f.fill, Ink: f.ink,
			Label: f.Label, Round: f.Round})
		fx += side + gap
	}
	render.Dice(dst, faces, 10*k, float32(k))
	t.text.EndFrame()
}
