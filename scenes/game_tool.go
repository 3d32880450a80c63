package scenes

import (
	"errors"
	"slices"
	"strings"
	"time"

	"holotable/army"
	"holotable/ops"
	"holotable/protocol"
	"holotable/rules"
	"holotable/table"
)

// The game tool (issue 15): a game played on the table, hot seat (one screen, both sides), every
// step an op of package ops (ops/game_*.go) that the rules check. Its command "game" takes
// {action, …}:
//
//	state
//	import {colour, side, list}        an army list (the Tabletop Simulator format) into the reserve
//	cards {cards}                      a unit-card file (holotable-cards/1): card values for the game's units
//	deploy {unit, x, y}                a reserve unit onto the table, its leader at (x, y), the others round it
//	start                              round 1
//	card {colour, name, pips, orders}  a command card of the hand (pips and orders of the four generic cards known)
//	priority {face}                    the tie's roll (a red defence die rolled here when no face is given)
//	orders {colour, commander, units}  orders (the side's commander and every unit it may order, by default)
//	draw {colour}                      draws an order token from the pool (kept until a unit of its rank activates)
//	activate {unit}                    starts a unit's activation (its face-up order, or the token drawn)
//	rally {unit}                       the active unit's rally: white dice rolled here
//	endActivation {unit}               ends it
//	tokens {unit, token, delta}        tokens beside a unit
//	attack {attacker, defender, melee, weapons, standby}  the attack assistant's answer (weapons: mini → weapon;
//	                                   by default each eligible mini's first weapon that may join; standby:
//	                                   the attacker spends its standby token, game_standby.go)
//	roll {attack, defence}             rolls the pool (or takes the faces given) and resolves it
//	apply                              puts the resolved attack on the table (one op)
//	clearAttack
//	adjust {hits, crits, blocks, woundOrder, newLeader, reset}  the rolled attack adjusted (game_adjust.go)
//	face {dice, from, to}              one die of the rolled attack (dice "attack" or "defence") set from one face to another (game_faces.go)
//	wounds {unit, wounds, mini, newLeader}  wounds by hand outside an attack (op game.wounds)
//	heal {unit, ability, by, card, treatX, capacity, mini, count, token, restore}  count wounds off mini, one token off, or restore (op game.heal)
//	contact {a, b, on}                 two minis treated as in base contact, or not (op game.contact)
//	panicMove                          the move tool with the panicked active unit's move preset
//	score                              the round's scoring, as the table answers it
//	cardValues {unit, wounds, courage, defenceDie, surgeAttack, surgeDefence}  the unit's card values (op game.cards)
//	weapon {unit, name, melee, min, max, red, black, white, keywords | remove}  a weapon of the unit's card added or removed (op game.cards)
//	exportCards                        the game's unit cards as a unit-card file (its text)
//	vp {colour, delta}                 victory points given or taken by the players (the Golden Rule overruling the scoring; op game.score)
//	endRound
//
// A refusal is the rules' reasons on one line (the message line), and changes nothing.
type gameTool struct {
	roller  *rules.Roller
	drawn   *gameDraw
	attack  *gameAttack
	armed   string // the reserve unit a click on the table deploys
	refused string
	// server asks the room's server for a roll of the game on an online table (nil off line and
	// in hot-seat play: the tool rolls); wait is the roll asked for (game_dice.go, D104).
	server func(purpose protocol.RollFor, pool map[string]int) error
	wait   *gameWait
}

// gameDraw is an order token drawn from a pool, waiting for a unit of its rank to activate.
type gameDraw struct {
	Colour table.Colour    `json:"colour"`
	Draw   rules.OrderDraw `json:"-"`
	Rank   table.Rank      `json:"rank"`
	Roll   string          `json:"-"` // the server's draw entry, on an online table (D104)
}

// gameAttack is the attack the assistant shows: the answer for its weapons, and once rolled the
// op that puts it on the table with its outcome.
type gameAttack struct {
	query   rules.AttackQuery
	answer  rules.AttackAnswer
	op      *ops.GameAttack
	outcome *rules.AttackOutcome
}

func init() {
	RegisterTool("game", func() Tool { return &gameTool{roller: rules.SeededRoller(uint64(time.Now().UnixNano()))} })
	RegisterCommand("game", cmdGame)
}

func (t *gameTool) Name() string { return "game" }

func gameToolOf(s *TableScene) *gameTool { return toolOf[*gameTool](s, "game") }

// submit commits the game's ops as one change; a refusal is kept and shown on the message line.
func (t *gameTool) submit(s Context, list ...ops.Op) error {
	if err := s.Submit(list...); err != nil {
		return t.refuse(s, err)
	}
	t.refused = ""
	s.SetMessage("")
	return nil
}

// refuse shows a refusal (the reasons of an *ops.Refusal, or a sentence) on one line.
func (t *gameTool) refuse(s Context, err error) error {
	text := errText(err)
	var r *ops.Refusal
	if errors.As(err, &r) {
		text = reasonsText(r.Reasons)
	}
	t.refused = T("play.refused", text)
	s.SetMessage(t.refused)
	return errors.New(t.refused)
}

// game is the document's game state, or a refusal when the table has none.
func (t *gameTool) game(s Context) (*table.Game, error) {
	if g := s.State().File().Game; g != nil {
		return g, nil
	}
	return nil, t.refuse(s, errors.New(T("play.none")))
}

// importList imports an army list for a colour; the names the catalog did not know are shown.
func (t *gameTool) importList(s Context, colour table.Colour, side, list string) (any, error) {
	op := &ops.GameImport{Colour: colour, Side: side, List: list}
	a, err := op.Army()
	if err != nil {
		return nil, t.refuse(s, err)
	}
	if op.Side == "" {
		op.Side = defaultSide(s.State().File(), colour, a)
	}
	if err := t.submit(s, op); err != nil {
		return nil, err
	}
	msg := T("play.imported", len(a.Units), a.Points, pointSizeText(a.Points))
	if len(a.Unknown) > 0 {
		msg += " — " + T("play.unknown", strings.Join(a.Unknown, "; "))
	}
	s.SetMessage(msg)
	return map[string]any{"units": len(a.Units), "points": a.Points, "size": inLanguage(a.Size.Name), "unknown": a.Unknown}, nil
}

// defaultSide is the side's name a list is imported as when none is given: the setup's name of
// the colour, else the faction's.
func defaultSide(f *table.File, c table.Colour, a *army.Army) string {
	if st := f.Setup; st != nil {
		if c == table.Blue && st.Blue != "" {
			return st.Blue
		}
		if c == table.Red && st.Red != "" {
			return st.Red
		}
	}
	if n := a.Faction.String(); n != "" {
		return n
	}
	return c.String()
}

// deploy puts a reserve unit on the table: its leader at (x, y), the others in a ring round it
// one base diameter and a little apart.
func (t *gameTool) deploy(s Context, unit string, x, y float64) error {
	g, err := t.game(s)
	if err != nil {
		return err
	}
	k := slices.IndexFunc(g.Reserve, func(u table.Unit) bool { return u.ID == unit })
	if k < 0 {
		return t.refuse(s, errors.New(T("play.notReserve", unit)))
	}
	u := g.Reserve[k]
	d := u.Minis[0].Base + 0.05
	ring := [][2]float64{{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}, {2, 0}, {-2, 0}}
	places := make([]ops.MiniPlace, len(u.Minis))
	for i, m := range u.Minis {
		o := ring[i%len(ring)]
		places[i] = ops.MiniPlace{Mini: m.ID, X: ops.Snap(x+o[0]*d, 1e-4), Y: ops.Snap(y+o[1]*d, 1e-4)}
	}
	return t.submit(s, &ops.GameDeploy{Unit: unit, Minis: places})
}

// card plays a command card; the four generic cards' pips and orders are filled in when not given.
func (t *gameTool) card(s Context, c table.Colour, name string, pips, orders *int) error {
	cc := table.CommandCard{Name: name}
	for _, g := range rules.GenericCommandCards {
		if strings.EqualFold(g.Card.Name, name) {
			cc = g.Card
		}
	}
	if pips != nil {
		cc.Pips = *pips
	}
	if orders != nil {
		cc.Orders = *orders
	}
	return t.submit(s, &ops.GameCard{Colour: c, Name: cc.Name, Pips: cc.Pips, Orders: cc.Orders, UnitType: cc.UnitType, Units: cc.Units})
}

// priority enters the tie's roll: face, or one red defence die rolled now.
func (t *gameTool) priority(s Context, face string) error {
	op := &ops.GamePriority{Face: face}
	if face == "" {
		if err := op.Roll(s.State(), t.roller); err != nil {
			return t.refuse(s, err)
		}
	}
	return t.submit(s, op)
}

// orders issues colour's orders: from commander (by default its first commander or operative on
// the table) to units (by default as many units as the card orders, of those it may order).
func (t *gameTool) orders(s Context, c table.Colour, commander string, units []string) error {
	g, err := t.game(s)
	if err != nil {
		return err
	}
	if commander == "" {
		commander = g.Side(c).Commander
	}
	if commander == "" {
		for _, u := range s.State().File().UnitsOnTable {
			if r := g.Unit(u.ID); r != nil && r.Colour == c && (r.Rank == table.RankCommander || r.Rank == table.RankOperative) {
				commander = u.ID
				break
			}
		}
	}
	if units == nil {
		ok, _, err := s.World().OrderEligible(c, commander)
		if err != nil {
			return t.refuse(s, err)
		}
		n := 0
		if card := g.Side(c).Card; card != nil {
			n = card.Orders
		}
		units = ok[:min(n, len(ok))]
	}
	return t.submit(s, &ops.GameOrders{Colour: c, Commander: commander, Units: units})
}

// drawOrder draws colour's next order token from its pool (on an online table, the server draws;
// D104), then runs after (when not nil).
func (t *gameTool) drawOrder(s Context, c table.Colour, after func(s Context) error) error {
	var local rules.OrderDraw
	return t.dice(s, protocol.RollDraw, nil, func() (OnlineRoll, error) {
		d, err := s.World().DrawOrder(c, t.roller)
		local = d
		return OnlineRoll{}, err
	}, func(s Context, r OnlineRoll) error {
		d := local
		if r.Draw != nil {
			var err error
			if d, err = orderDrawOf(r.Draw); err != nil {
				return t.refuse(s, err)
			}
		}
		t.drawn = &gameDraw{Colour: c, Draw: d, Rank: d.Rank, Roll: r.ID}
		s.SetMessage(T("play.drawn", colourName(c), T("play.rank."+d.Rank.String())))
		if after != nil {
			return after(s)
		}
		return nil
	})
}

// activate starts unit's activation: by its face-up order, else by the token drawn (drawn now
// when none is waiting).
func (t *gameTool) activate(s Context, unit string) error {
	g, err := t.game(s)
	if err != nil {
		return err
	}
	r := g.Unit(unit)
	if r == nil {
		return t.refuse(s, errors.New(T("play.noRecord", unit)))
	}
	op := &ops.GameActivate{Colour: r.Colour, Unit: unit}
	if r.Order == table.OrderNone {
		if t.drawn == nil || t.drawn.Colour != r.Colour {
			return t.drawOrder(s, r.Colour, func(s Context) error { return t.activate(s, unit) })
		}
		op.Rank, op.Discarded, op.DrawRoll = t.drawn.Draw.Rank, t.drawn.Draw.Discarded, t.drawn.Roll
	}
	if err := t.submit(s, op); err != nil {
		return err
	}
	t.drawn = nil
	return nil
}

// activeUnit is unit, or the unit being activated when unit is "".
func activeUnit(g *table.Game, unit string) string {
	if unit == "" {
		return g.Active
	}
	return unit
}

// rally rolls the active unit's rally: one white defence die per suppression token.
func (t *gameTool) rally(s Context, unit string) error {
	g, err := t.game(s)
	if err != nil {
		return err
	}
	op := &ops.GameRally{Unit: activeUnit(g, unit)}
	if err := op.Roll(s.State(), t.roller); err != nil {
		return t.refuse(s, err)
	}
	return t.submit(s, op)
}

// score enters the round's scoring as the table answers it: one op per side that scores.
func (t *gameTool) score(s Context) error {
	sc, err := s.World().ScoreRound()
	if err != nil {
		return t.refuse(s, err)
	}
	var list []ops.Op
	for i, c := range table.Colours {
		if sc.VP[i] != 0 {
			list = append(list, &ops.GameScore{Colour: c, VP: sc.VP[i]})
		}
	}
	if len(list) == 0 {
		s.SetMessage(T("play.noScore", reasonsText(sc.Reasons)))
		return nil
	}
	return t.submit(s, list...)
}
