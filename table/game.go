package table

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The optional "game" object: the state of a game in play (issue 15), an addition to
// scenario-v1 documented in docs/format-game.md. Table checks its shape, its types and what it
// can see of the file (ids that exist, minis of the right unit, sides that agree with the setup);
// what the values mean — whose turn it is, which orders are legal — is for package rules
// (rules.CheckGame and the game steps).

// GamePhase is the phase of a round (RRG 2.0 Die Spielrunde L93–157): command, activation, end,
// or over once the game has ended; setup before round 1 (armies imported, units deploying). In a
// file it is its String.
type GamePhase uint8

// Phases in order.
const (
	PhaseNone GamePhase = iota
	PhaseSetup
	PhaseCommand
	PhaseActivation
	PhaseEnd
	PhaseOver
)

var phaseWords = [...]string{"", "setup", "command", "activation", "end", "over"}

// String is "setup", "command", "activation", "end" or "over" ("" for PhaseNone).
func (p GamePhase) String() string {
	if int(p) < len(phaseWords) {
		return phaseWords[p]
	}
	return fmt.Sprintf("GamePhase(%d)", uint8(p))
}

// OrderState is where a unit's order token is (RRG 2.0 Befehlsmarker L3445–3494): OrderNone
// (not on the battlefield — on its unit card or in the order pool), OrderFaceUp (an order was
// issued: beside the unit, rank up) or OrderFaceDown (the unit has activated this round).
type OrderState uint8

// Order states.
const (
	OrderNone OrderState = iota
	OrderFaceUp
	OrderFaceDown
)

var orderWords = [...]string{"", "faceUp", "faceDown"}

// String is "", "faceUp" or "faceDown".
func (s OrderState) String() string {
	if int(s) < len(orderWords) {
		return orderWords[s]
	}
	return fmt.Sprintf("OrderState(%d)", uint8(s))
}

// TokenKind is a token that lies beside a unit and moves with it (RRG 2.0; rules-legion.md §10.1
// and the glossary's marker entries). In a file it is its String.
type TokenKind uint8

// Tokens, each with its glossary entry.
const (
	TokenNone          TokenKind = iota
	TokenAim                     // Zielen L12054–12102
	TokenDodge                   // Ausweichen L3077–3123
	TokenStandby                 // Bereitschaft L3646–3740
	TokenSurge                   // Energiemarker L5593–5607
	TokenSuppression             // Niederhalten L8401–8520
	TokenPanic                   // Panik L8578–8581
	TokenIon                     // Ionenmarker L7228–7246
	TokenImmobilize              // Immobilisiert-Marker L7007–7029
	TokenObservation             // Beobachtungsmarker L3610–3645
	TokenShield                  // Schildmarker L9729–9782
	TokenPoison                  // Giftmarker L6712–6727
	TokenDamaged                 // Beschädigt L3752–3778
	TokenDisabled                // Deaktiviert L4415–4440
	TokenWeaponDamaged           // Waffe beschädigt L11643–11671
	TokenCommander               // Commander (promoted) L4332–4400, Endphase L5490–5497
	TokenWheelMode               // Radmodus L8837–8878
)

var tokenWords = [...]string{"", "aim", "dodge", "standby", "surge", "suppression", "panic", "ion", "immobilize",
	"observation", "shield", "poison", "damaged", "disabled", "weaponDamaged", "commander", "wheelMode"}

// TokenKinds lists every token kind in order.
var TokenKinds = func() []TokenKind {
	out := make([]TokenKind, 0, len(tokenWords)-1)
	for i := 1; i < len(tokenWords); i++ {
		out = append(out, TokenKind(i))
	}
	return out
}()

// String is the token's word in a file ("aim", "suppression", …).
func (k TokenKind) String() string {
	if int(k) < len(tokenWords) {
		return tokenWords[k]
	}
	return fmt.Sprintf("TokenKind(%d)", uint8(k))
}

// ParseTokenKind reads a token's word.
func ParseTokenKind(s string) (TokenKind, error) {
	for i, w := range tokenWords {
		if i > 0 && w == s {
			return TokenKind(i), nil
		}
	}
	return TokenNone, fmt.Errorf("unknown token %q", s)
}

// Tokens counts a unit's tokens by kind; a kind it has none of is absent.
type Tokens map[TokenKind]int

// Clone is a copy of t (nil for nil).
func (t Tokens) Clone() Tokens {
	if t == nil {
		return nil
	}
	c := make(Tokens, len(t))
	for k, n := range t {
		c[k] = n
	}
	return c
}

// Game is a game's state saved with the table. Lists and maps are nil when empty.
type Game struct {
	Round  int // 1 … Rounds
	Rounds int // how many rounds the game lasts
	Phase  GamePhase
	// Priority is the colour with priority this round (NoColour until decided); Turn whose turn
	// it is in the activation phase; Active the unit being activated ("" when none).
	Priority, Turn Colour
	Active         string
	// Primary is the primary objective of the round in Spezialeinsätze "Shifting Priorities"
	// ("left", "middle", "right", or "" for none).
	Primary string
	Blue    GameSide
	Red     GameSide
	Units   []GameUnit
	// Reserve holds units not on the table yet (an imported army before deployment): units whose
	// minis have a base and height but no place.
	Reserve []Unit
	// Claimed maps an objective token's id to the unit that has claimed it.
	Claimed map[string]string
	// Contacts are pairs of minis of different units the players treat as in base contact
	// although their bases do not touch (RRG 2.0 Toleranzbereich L1865–1894), each pair in byte
	// order, sorted.
	Contacts [][2]string
	// Moves is the round's move record (game_moves.go).
	Moves []GameMove
	// Extra holds the game's fields this version does not know, kept for Save (nil when none).
	Extra map[string]any
}

// Side returns the side of a colour (nil for NoColour).
func (g *Game) Side(c Colour) *GameSide {
	switch c {
	case Blue:
		return &g.Blue
	case Red:
		return &g.Red
	}
	return nil
}

// Unit returns the game record of a unit, or nil.
func (g *Game) Unit(id string) *GameUnit {
	for i := range g.Units {
		if g.Units[i].Unit == id {
			return &g.Units[i]
		}
	}
	return nil
}

// GameSide is one player's side of the game.
type GameSide struct {
	Side    string // the side name units carry (Unit.Side); "" until known (setup phase only)
	Faction string // the army's faction word, "" when not known
	Points  int    // the army's points
	// Hand and Discard are the command cards by name; Card is the card played this round (nil
	// when none) and Commander the commander or operative named to issue its orders.
	Hand, Discard []string
	Card          *CommandCard
	Commander     string
	// Issued: the side has issued this round's orders (command phase step 3).
	Issued bool
	// Pool is the order pool: one rank per order token in it.
	Pool          []Rank
	VictoryPoints int
	// Deck is the army's battle deck (card ids of maps/cards), from which blue's draft is dealt.
	Deck BattleDeck
}

// BattleDeck is a battle deck by row, card ids of maps/cards.
type BattleDeck struct {
	Objectives, Deployments, Conditions []string
}

// CommandCard is a command card as played: its name, pips (0–4: priority goes to the fewest,
// RRG 2.0 Priorität L8803–8821), how many orders it issues, and whom: a unit type or
// named units (game unit names; none: any). UnitType NoUnitType is any type.
type CommandCard struct {
	Name     string
	Pips     int
	Orders   int
	UnitType UnitType
	Units    []string
}

// GameUnit is the game record of one unit: what the table does not hold about it.
type GameUnit struct {
	Unit   string // the unit's id: on the table, in the reserve, or defeated entirely
	Colour Colour
	Name   string // the unit card's name and title ("Stormtroopers")
	// CardType is the card's type line when it says more than Unit.Type: "Droid Trooper",
	// "Clone Trooper", "Wookiee Trooper" (droid troopers are never suppressed), "" otherwise.
	CardType    string
	Rank        Rank
	Points      int // its points (with upgrades when known)
	OrderTokens int // order tokens it puts in the pool (default 1)
	Order       OrderState
	Tokens      Tokens
	// Wounds counts the wound tokens on each mini still on the table, by mini id.
	Wounds map[string]int
	// Defeated are the unit's defeated minis, as they last stood, off the table.
	Defeated []Mini
	// DefeatedIn is the round each defeated mini was defeated in, by mini id (a mini of Defeated;
	// absent: not recorded, a file from before it was). Only a mini defeated this round can be
	// restored (RRG 2.0 Wiederherstellen L11689–11716).
	DefeatedIn map[string]int
	// CardWounds counts the wound tokens on the unit's cards that have Treat X: Capacity Y or
	// Repair X: Capacity Y, by card name: one per use, none once Y lie there (L3528–3599,
	// L9203–9275). They are not wounds of the unit.
	CardWounds map[string]int
}

// FaceDown reports whether the unit has activated this round (its order token is face down,
// RRG 2.0 Befehlsmarker L3473–3478).
func (u *GameUnit) FaceDown() bool { return u.Order == OrderFaceDown }

var (
	gameFields     = []string{"round", "rounds", "phase", "priority", "turn", "active", "primary", "sides", "units", "reserve", "claimed", "contacts", "moves"}
	gameSideFields = []string{"side", "faction", "points", "hand", "discard", "card", "commander", "issued", "pool", "victoryPoints", "deck"}
	gameUnitFields = []string{"unit", "colour", "name", "cardType", "rank", "points", "orderTokens", "order", "tokens", "wounds", "defeated", "defeatedIn", "cardWounds"}
	commandFields  = []string{"name", "pips", "orders", "unitType", "units"}
)

// loadGame reads the optional top-level "game" (nil when absent); f holds everything else, read.
func loadGame(root object, f *File, ids idSpace) *Game {
	raw, ok := root.get("game")
	if !ok {
		return nil
	}
	o := asObject("game", raw)
	g := &Game{}
	g.Rounds = positiveInt(o, "rounds")
	g.Round = positiveInt(o, "round")
	if g.Round > g.Rounds {
		fail(o.field("round"), "round %d is past the game's %d rounds", g.Round, g.Rounds)
	}
	o.require("phase")
	ph, _ := o.str("phase")
	g.Phase = PhaseNone
	for i, w := range phaseWords {
		if i > 0 && w == ph {
			g.Phase = GamePhase(i)
		}
	}
	if g.Phase == PhaseNone {
		fail(o.field("phase"), "unknown phase %q (setup, command, activation, end or over)", ph)
	}
	if g.Phase == PhaseSetup && g.Round != 1 {
		fail(o.field("round"), "the game is being set up: round is 1, got %d", g.Round)
	}
	g.Priority = optColour(o, "priority")
	g.Turn = optColour(o, "turn")
	if v, ok := o.str("primary"); ok {
		if v != "left" && v != "middle" && v != "right" && v != "" {
			fail(o.field("primary"), "unknown objective %q (left, middle or right)", v)
		}
		g.Primary = v
	}

	so := asObject(o.field("sides"), o.require("sides"))
	for _, k := range sortedKeys(so.m) {
		if k != "blue" && k != "red" {
			fail(so.field(k), "unknown colour (blue or red)")
		}
	}
	g.Blue = loadGameSide(asObject(so.field("blue"), so.require("blue")), f, g.Phase)
	g.Red = loadGameSide(asObject(so.field("red"), so.require("red")), f, g.Phase)
	if g.Blue.Side != "" && g.Blue.Side == g.Red.Side {
		fail(so.field("red")+".side", "is the same side as blue (%q)", g.Blue.Side)
	}
	if s := f.Setup; s != nil {
		if s.Blue != "" && s.Blue != g.Blue.Side {
			fail(so.field("blue")+".side", "%q differs from setup.blue %q", g.Blue.Side, s.Blue)
		}
		if s.Red != "" && s.Red != g.Red.Side {
			fail(so.field("red")+".side", "%q differs from setup.red %q", g.Red.Side, s.Red)
		}
	}

	// The units on the table and those their transports carry (carried.go): a carried unit keeps
	// its record, wounds and tokens, and may be the active unit (it embarked in its activation).
	onTable := map[string]*Unit{}
	for i := range f.UnitsOnTable {
		onTable[f.UnitsOnTable[i].ID] = &f.UnitsOnTable[i]
		for k := range f.UnitsOnTable[i].Carried {
			onTable[f.UnitsOnTable[i].Carried[k].ID] = &f.UnitsOnTable[i].Carried[k]
		}
	}
	if arr, ok := o.array("reserve"); ok {
		checkCount(o.field("reserve"), "units", len(arr), MaxUnits)
		for i, raw := range arr {
			g.Reserve = append(g.Reserve, loadReserveUnit(asObject(index(o.field("reserve"), i), raw), f, ids))
		}
	}
	inReserve := map[string]bool{}
	for _, u := range g.Reserve {
		inReserve[u.ID] = true
	}
	seen := map[string]string{}
	if arr, ok := o.array("units"); ok {
		for i, raw := range arr {
			p := index(o.field("units"), i)
			gu := loadGameUnit(asObject(p, raw), f, onTable, ids)
			if first, dup := seen[gu.Unit]; dup {
				fail(p+".unit", "unit %q has two game records (first at %s)", gu.Unit, first)
			}
			seen[gu.Unit] = p
			if onTable[gu.Unit] == nil && !inReserve[gu.Unit] && len(gu.Defeated) == 0 {
				fail(p+".unit", "no unit %q on the table or in the reserve, and no defeated minis", gu.Unit)
			}
			g.Units = append(g.Units, gu)
		}
	}
	if v, ok := o.str("active"); ok && v != "" {
		if onTable[v] == nil {
			fail(o.field("active"), "no unit %q on the table", v)
		}
		g.Active = v
	}
	if raw, ok := o.get("claimed"); ok {
		co := asObject(o.field("claimed"), raw)
		for _, tok := range sortedKeys(co.m) {
			if !hasToken(f, tok) {
				fail(co.field(tok), "no token %q on the table", tok)
			}
			u := co.id(tok)
			if onTable[u] == nil {
				fail(co.field(tok), "no unit %q on the table", u)
			}
			if g.Claimed == nil {
				g.Claimed = map[string]string{}
			}
			g.Claimed[tok] = u
		}
	}
	if arr, ok := o.array("contacts"); ok {
		miniUnit := map[string]string{}
		for _, u := range f.UnitsOnTable {
			for _, m := range u.Minis {
				miniUnit[m.ID] = u.ID
			}
		}
		seenPair := map[[2]string]bool{}
		for i, raw := range arr {
			p := index(o.field("contacts"), i)
			pair, isArr := raw.([]any)
			if !isArr || len(pair) != 2 {
				fail(p, "must be a pair of mini ids")
			}
			var ids [2]string
			for k, v := range pair {
				s, isStr := v.(string)
				if !isStr || miniUnit[s] == "" {
					fail(index(p, k), "must be the id of a mini on the table, got %s", jsonValue(v))
				}
				ids[k] = s
			}
			if miniUnit[ids[0]] == miniUnit[ids[1]] {
				fail(p, "%q and %q are minis of one unit", ids[0], ids[1])
			}
			if ids[1] < ids[0] {
				ids[0], ids[1] = ids[1], ids[0]
			}
			if seenPair[ids] {
				fail(p, "the pair %q, %q is given twice", ids[0], ids[1])
			}
			seenPair[ids] = true
			g.Contacts = append(g.Contacts, ids)
		}
		sort.Slice(g.Contacts, func(i, j int) bool {
			a, b := g.Contacts[i], g.Contacts[j]
			return a[0] < b[0] || a[0] == b[0] && a[1] < b[1]
		})
	}
	g.Moves = loadGameMoves(o, func(id string) bool { _, rec := seen[id]; return onTable[id] != nil || inReserve[id] || rec })
	g.Extra = o.extra(gameFields...)
	return g
}

// jsonValue describes a decoded value for a message: a string quoted, anything else its type.
func jsonValue(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return jsonType(v)
}

func hasToken(f *File, id string) bool {
	for _, t := range f.Tokens {
		if t.ID == id {
			return true
		}
	}
	return false
}

// positiveInt reads a required whole number ≥ 1.
func positiveInt(o object, k string) int {
	o.require(k)
	v, _ := o.integer(k)
	if v < 1 {
		fail(o.field(k), "must be at least 1, got %d", v)
	}
	return v
}

// optColour reads an optional colour: "blue", "red", or "" for none.
func optColour(o object, k string) Colour {
	v, ok := o.str(k)
	if !ok || v == "" {
		return NoColour
	}
	c, err := ParseColour(v)
	if err != nil {
		fail(o.field(k), "%v", err)
	}
	return c
}

func loadGameSide(o object, f *File, phase GamePhase) GameSide {
	s := GameSide{Side: o.strOr("side", ""), Faction: o.strOr("faction", "")}
	if s.Side == "" && phase != PhaseSetup {
		fail(o.field("side"), "missing (only a game being set up may leave a side unnamed)")
	}
	s.Points = atLeast(o, "points", 0)
	s.Hand = stringList(o, "hand", false)
	s.Discard = stringList(o, "discard", false)
	if raw, ok := o.get("card"); ok {
		co := asObject(o.field("card"), raw)
		c := &CommandCard{Name: co.id("name")}
		co.require("pips")
		c.Pips = atLeast(co, "pips", 0)
		if c.Pips > 4 {
			fail(co.field("pips"), "a command card has 0 to 4 pips, got %d", c.Pips)
		}
		c.Orders = atLeast(co, "orders", 0)
		if v, ok := co.str("unitType"); ok && v != "" {
			t, err := ParseUnitType(v)
			if err != nil {
				fail(co.field("unitType"), "unknown unit type %q (trooper, creature, emplacement, ground, repulsor)", v)
			}
			c.UnitType = t
		}
		c.Units = stringList(co, "units", true)
		for _, k := range sortedKeys(co.m) {
			if !slices.Contains(commandFields, k) {
				fail(co.field(k), "unknown field (known: name, pips, orders, unitType, units)")
			}
		}
		s.Card = c
	}
	if v, ok := o.str("commander"); ok && v != "" {
		found := false
		for _, u := range f.UnitsOnTable {
			found = found || u.ID == v
		}
		if !found {
			fail(o.field("commander"), "no unit %q on the table", v)
		}
		s.Commander = v
	}
	s.Issued, _ = o.boolean("issued")
	if arr, ok := o.array("pool"); ok {
		for i, raw := range arr {
			p := index(o.field("pool"), i)
			w, isStr := raw.(string)
			if !isStr {
				fail(p, "must be a rank, got %s", jsonType(raw))
			}
			r, err := ParseRank(w)
			if err != nil {
				fail(p, "%v", err)
			}
			s.Pool = append(s.Pool, r)
		}
	}
	s.VictoryPoints = atLeast(o, "victoryPoints", 0)
	if raw, ok := o.get("deck"); ok {
		do := asObject(o.field("deck"), raw)
		s.Deck = BattleDeck{Objectives: stringList(do, "objective", true), Deployments: stringList(do, "deployment", true),
			Conditions: stringList(do, "conditions", true)}
		for _, k := range sortedKeys(do.m) {
			if k != "objective" && k != "deployment" && k != "conditions" {
				fail(do.field(k), "unknown row (objective, deployment or conditions)")
			}
		}
	}
	for _, k := range sortedKeys(o.m) {
		if !slices.Contains(gameSideFields, k) {
			fail(o.field(k), "unknown field (known: %s)", strings.Join(gameSideFields, ", "))
		}
	}
	return s
}

func loadGameUnit(o object, f *File, onTable map[string]*Unit, ids idSpace) GameUnit {
	u := GameUnit{Unit: o.id("unit"), Name: o.strOr("name", ""), CardType: o.strOr("cardType", "")}
	c, err := ParseColour(o.id("colour"))
	if err != nil {
		fail(o.field("colour"), "%v", err)
	}
	u.Colour = c
	r, err := ParseRank(o.id("rank"))
	if err != nil {
		fail(o.field("rank"), "%v", err)
	}
	u.Rank = r
	u.Points = atLeast(o, "points", 0)
	u.OrderTokens = 1
	if _, ok := o.get("orderTokens"); ok {
		u.OrderTokens = atLeast(o, "orderTokens", 1)
	}
	if v, ok := o.str("order"); ok {
		switch v {
		case "":
		case "faceUp":
			u.Order = OrderFaceUp
		case "faceDown":
			u.Order = OrderFaceDown
		default:
			fail(o.field("order"), "unknown order %q (faceUp, faceDown, or \"\" for none)", v)
		}
	}
	if raw, ok := o.get("tokens"); ok {
		to := asObject(o.field("tokens"), raw)
		for _, k := range sortedKeys(to.m) {
			kind, err := ParseTokenKind(k)
			if err != nil {
				fail(to.field(k), "unknown token (known: %s)", strings.Join(tokenWords[1:], ", "))
			}
			n := atLeast(to, k, 0)
			if n == 0 {
				continue
			}
			if u.Tokens == nil {
				u.Tokens = Tokens{}
			}
			u.Tokens[kind] = n
		}
	}
	table := onTable[u.Unit]
	if raw, ok := o.get("wounds"); ok {
		wo := asObject(o.field("wounds"), raw)
		for _, k := range sortedKeys(wo.m) {
			if table == nil || !hasMini(table, k) {
				fail(wo.field(k), "no mini %q of unit %q on the table", k, u.Unit)
			}
			n := atLeast(wo, k, 0)
			if n == 0 {
				continue
			}
			if u.Wounds == nil {
				u.Wounds = map[string]int{}
			}
			u.Wounds[k] = n
		}
	}
	if arr, ok := o.array("defeated"); ok {
		for i, raw := range arr {
			u.Defeated = append(u.Defeated, loadOffTableMini(asObject(index(o.field("defeated"), i), raw), f, ids, true))
		}
	}
	if raw, ok := o.get("defeatedIn"); ok {
		do := asObject(o.field("defeatedIn"), raw)
		for _, k := range sortedKeys(do.m) {
			if !slices.ContainsFunc(u.Defeated, func(m Mini) bool { return m.ID == k }) {
				fail(do.field(k), "no defeated mini %q of unit %q", k, u.Unit)
			}
			if u.DefeatedIn == nil {
				u.DefeatedIn = map[string]int{}
			}
			u.DefeatedIn[k] = positiveInt(do, k)
		}
	}
	if raw, ok := o.get("cardWounds"); ok {
		co := asObject(o.field("cardWounds"), raw)
		for _, k := range sortedKeys(co.m) {
			if n := atLeast(co, k, 0); n > 0 {
				if u.CardWounds == nil {
					u.CardWounds = map[string]int{}
				}
				u.CardWounds[k] = n
			}
		}
	}
	for _, k := range sortedKeys(o.m) {
		if !slices.Contains(gameUnitFields, k) {
			fail(o.field(k), "unknown field (known: %s)", strings.Join(gameUnitFields, ", "))
		}
	}
	return u
}

func hasMini(u *Unit, id string) bool {
	for _, m := range u.Minis {
		if m.ID == id {
			return true
		}
	}
	return false
}

// loadReserveUnit reads a unit that is not on the table: a unit of units_on_table whose minis
// have no place (x, y, z, facing are not read).
func loadReserveUnit(o object, f *File, ids idSpace) Unit {
	return loadUnitWith(o, ids, func(mo object) Mini { return loadOffTableMini(mo, f, ids, false) })
}

// loadOffTableMini reads a mini that is not on the table: in the reserve (placed false: it has no
// x, y, z or facing) or defeated (placed true: where it last stood, which may be off the table).
// Unknown fields are kept, as for minis on the table.
func loadOffTableMini(o object, f *File, ids idSpace, placed bool) Mini {
	m := Mini{ID: ids.claim(o, "id")}
	m.Leader, _ = o.boolean("leader")
	readBase(o, &m, f)
	m.Height = o.mustNumber("height")
	if m.Height < 0 {
		fail(o.field("height"), "must not be negative, got %s", num(m.Height))
	}
	f.checkLength(o.field("height"), m.Height)
	m.Hover = nonNegative(o, "hover")
	f.checkLength(o.field("hover"), m.Hover)
	m.From = o.strOr("from", "")
	if placed {
		m.X = o.mustNumber("x")
		m.Y = o.mustNumber("y")
		m.Z = o.numberOr("z", 0)
		m.Facing = o.numberOr("facing", 0)
		f.checkLength(o.field("x"), m.X)
		f.checkLength(o.field("y"), m.Y)
		f.checkLength(o.field("z"), m.Z)
	} else {
		for _, k := range []string{"x", "y", "z", "facing"} {
			if _, has := o.get(k); has {
				fail(o.field(k), "a mini in the reserve has no place yet")
			}
		}
	}
	m.Extra = o.extraText(miniFields...)
	return m
}

// gameDoc writes a Game in the format's order; empty fields are left out except the required
// round, rounds, phase and sides.
func gameDoc(g *Game, p Profile) (ordered, error) {
	o := ordered{{"round", g.Round}, {"rounds", g.Rounds}, {"phase", g.Phase.String()}}
	if g.Priority != NoColour {
		o.add("priority", g.Priority.String())
	}
	if g.Turn != NoColour {
		o.add("turn", g.Turn.String())
	}
	if g.Active != "" {
		o.add("active", g.Active)
	}
	if g.Primary != "" {
		o.add("primary", g.Primary)
	}
	o.add("sides", ordered{{"blue", gameSideDoc(&g.Blue)}, {"red", gameSideDoc(&g.Red)}})
	if len(g.Units) > 0 {
		us := make([]any, len(g.Units))
		for i := range g.Units {
			d, err := gameUnitDoc(&g.Units[i], p, index("game.units", i))
			if err != nil {
				return nil, err
			}
			us[i] = d
		}
		o.add("units", us)
	}
	if len(g.Reserve) > 0 {
		rs := make([]any, len(g.Reserve))
		for i, u := range g.Reserve {
			d, err := unitDoc(u, p, index("game.reserve", i))
			if err != nil {
				return nil, err
			}
			rs[i] = unplaced(d)
		}
		o.add("reserve", rs)
	}
	if len(g.Claimed) > 0 {
		var co ordered
		for _, k := range sortedKeys(g.Claimed) {
			co.add(k, g.Claimed[k])
		}
		o.add("claimed", co)
	}
	if len(g.Contacts) > 0 {
		cs := make([]any, len(g.Contacts))
		for i, c := range g.Contacts {
			cs[i] = []any{c[0], c[1]}
		}
		o.add("contacts", cs)
	}
	if ms := gameMovesDoc(g.Moves); ms != nil {
		o.add("moves", ms)
	}
	o.addExtra(g.Extra)
	return o, nil
}

// unplaced drops x, y, z and facing from the minis of a unit written by unitDoc.
func unplaced(d ordered) ordered {
	for i, m := range d {
		if m.key != "minis" {
			continue
		}
		minis := m.value.([]any)
		out := make([]any, len(minis))
		for k, mi := range minis {
			var keep ordered
			for _, f := range mi.(ordered) {
				if f.key != "x" && f.key != "y" && f.key != "z" && f.key != "facing" {
					keep = append(keep, f)
				}
			}
			out[k] = keep
		}
		d[i].value = out
	}
	return d
}

func gameSideDoc(s *GameSide) ordered {
	var o ordered
	if s.Side != "" {
		o.add("side", s.Side)
	}
	if s.Faction != "" {
		o.add("faction", s.Faction)
	}
	if s.Points > 0 {
		o.add("points", s.Points)
	}
	if len(s.Hand) > 0 {
		o.add("hand", strs(s.Hand))
	}
	if len(s.Discard) > 0 {
		o.add("discard", strs(s.Discard))
	}
	if c := s.Card; c != nil {
		co := ordered{{"name", c.Name}, {"pips", c.Pips}, {"orders", c.Orders}}
		if c.UnitType != NoUnitType {
			co.add("unitType", c.UnitType.String())
		}
		if len(c.Units) > 0 {
			co.add("units", strs(c.Units))
		}
		o.add("card", co)
	}
	if s.Commander != "" {
		o.add("commander", s.Commander)
	}
	if s.Issued {
		o.add("issued", true)
	}
	if len(s.Pool) > 0 {
		pool := make([]any, len(s.Pool))
		for i, r := range s.Pool {
			pool[i] = r.String()
		}
		o.add("pool", pool)
	}
	o.add("victoryPoints", s.VictoryPoints)
	if d := s.Deck; len(d.Objectives)+len(d.Deployments)+len(d.Conditions) > 0 {
		o.add("deck", ordered{{"objective", strs(d.Objectives)}, {"deployment", strs(d.Deployments)}, {"conditions", strs(d.Conditions)}})
	}
	return o
}

func gameUnitDoc(u *GameUnit, p Profile, path string) (ordered, error) {
	o := ordered{{"unit", u.Unit}, {"colour", u.Colour.String()}}
	if u.Name != "" {
		o.add("name", u.Name)
	}
	if u.CardType != "" {
		o.add("cardType", u.CardType)
	}
	o.add("rank", u.Rank.String())
	o.add("points", u.Points)
	if u.OrderTokens != 1 {
		o.add("orderTokens", u.OrderTokens)
	}
	if u.Order != OrderNone {
		o.add("order", u.Order.String())
	}
	if len(u.Tokens) > 0 {
		var to ordered
		for _, k := range TokenKinds {
			if n := u.Tokens[k]; n > 0 {
				to.add(k.String(), n)
			}
		}
		o.add("tokens", to)
	}
	if len(u.Wounds) > 0 {
		var wo ordered
		for _, k := range sortedKeys(u.Wounds) {
			if n := u.Wounds[k]; n > 0 {
				wo.add(k, n)
			}
		}
		o.add("wounds", wo)
	}
	if len(u.Defeated) > 0 {
		ds := make([]any, len(u.Defeated))
		for i, m := range u.Defeated {
			d, err := miniDoc(m, p, index(key(path, "defeated"), i))
			if err != nil {
				return nil, err
			}
			ds[i] = d
		}
		o.add("defeated", ds)
	}
	for _, m := range []struct {
		key string
		n   map[string]int
	}{{"defeatedIn", u.DefeatedIn}, {"cardWounds", u.CardWounds}} {
		var mo ordered
		for _, k := range sortedKeys(m.n) {
			if n := m.n[k]; n > 0 {
				mo.add(k, n)
			}
		}
		if len(mo) > 0 {
			o.add(m.key, mo)
		}
	}
	return o, nil
}
