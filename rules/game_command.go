package rules

import (
	"strings"

	"holotable/maps"
	"holotable/table"
)

// The command phase (RRG 2.0 Kommandophase L7810–7881): each side plays a command card, priority
// goes to the fewest pips (a tie to the round-counter holder's red defence die), then from the
// side with priority each names a commander or operative who issues the card's orders to units of
// its own at range 1–3; the other order tokens make each side's order pool and the activation
// phase begins.

// GenericCommandCards are the four command cards every commander has (RRG 2.0 Kommandokarten
// L7653–7655: Ambush, Push, Assault, Standing Orders — "Hinterhalt", "Vorstoß", "Offensive",
// "Bereitschaft"), with their pips and orders. The names are in the seeds; the pips and orders are
// printed on the cards, not in the text (the hand rule L7646–7648 asks for 2 cards of each of 1,
// 2 and 3 pips plus Standing Orders), and are the community's values [EXT]: offered to prefill a
// played card, never required.
var GenericCommandCards = []struct {
	Card table.CommandCard
	DE   string
}{
	{table.CommandCard{Name: "Ambush", Pips: 1, Orders: 1}, "Hinterhalt"},
	{table.CommandCard{Name: "Push", Pips: 2, Orders: 2}, "Vorstoß"},
	{table.CommandCard{Name: "Assault", Pips: 3, Orders: 3}, "Offensive"},
	{table.CommandCard{Name: "Standing Orders", Pips: 4, Orders: 1}, "Bereitschaft"},
}

// standingOrders is the card that is never discarded (CiteStandingOrders).
const standingOrders = "Standing Orders"

// isCommander reports whether unit u is a commander or operative by its game record (promoted
// commanders included).
func isCommander(r *table.GameUnit) bool {
	return r != nil && (r.Rank == table.RankCommander || r.Rank == table.RankOperative || r.Tokens[table.TokenCommander] > 0)
}

// canPlayCard reports whether colour can play a command card this round: it has a commander or
// operative on the battlefield (not needed in Spezialeinsätze) and a card in hand when its hand is
// kept (a side with neither hand nor discard list keeps no hand).
func (w *World) canPlayCard(g *table.Game, c table.Colour) bool {
	s := g.Side(c)
	if len(s.Hand) == 0 && len(s.Discard) > 0 {
		return false
	}
	if w.File.Ruleset == "specops" {
		return true
	}
	for _, u := range w.sideUnits(c) {
		if isCommander(g.Unit(u.ID)) {
			return true
		}
	}
	return false
}

// PlayCommandCard is colour's command card of this round (CiteCommandCard): a card of its hand
// (when the hand is kept), not played before this game, and only one a round; a side without a
// commander or operative on the battlefield plays none (CiteNoCommander). The card's pips, orders
// and whom it orders are as the player reads them from it (GenericCommandCards has the four every
// hand holds). Once both sides have played, or one has and the other cannot, priority is decided
// by the pips (CitePriority); a tie waits for RollPriority.
func (w *World) PlayCommandCard(c table.Colour, card table.CommandCard) (Step, error) {
	g, err := w.gameIn(table.PhaseCommand, c)
	if err != nil {
		return Step{}, err
	}
	s := g.Side(c)
	switch {
	case s.Card != nil:
		return Step{}, refuse("command.played", CiteCommandCard, nil, colourWord(c))
	case !w.canPlayCard(g, c):
		if len(s.Hand) == 0 && len(s.Discard) > 0 {
			return Step{}, refuse("command.notInHand", CiteCommandCard, nil, card.Name, colourWord(c))
		}
		return Step{}, refuse("command.noCommander", CiteNoCommander, nil, colourWord(c))
	case containsFold(s.Discard, card.Name):
		return Step{}, refuse("command.used", CiteCardUsed, nil, card.Name)
	case (len(s.Hand) > 0 || len(s.Discard) > 0) && !containsFold(s.Hand, card.Name):
		return Step{}, refuse("command.notInHand", CiteCommandCard, nil, card.Name, colourWord(c))
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	ng := f.Game
	ns := ng.Side(c)
	played := card
	ns.Card = &played
	ns.Hand = removeFold(ns.Hand, card.Name)
	reasons := []Reason{say("command.play", CiteCommandCard, nil, colourWord(c), card.Name, card.Pips, card.Orders)}
	reasons = append(reasons, w.decidePriority(ng)...)
	return done(f, nil, reasons)
}

// decidePriority sets g's priority when the cards decide it and says why.
func (w *World) decidePriority(g *table.Game) []Reason {
	b, r := g.Blue.Card, g.Red.Card
	canB, canR := b != nil || w.canPlayCard(g, table.Blue), r != nil || w.canPlayCard(g, table.Red)
	switch {
	case b != nil && r != nil && b.Pips != r.Pips:
		win, lose := table.Blue, table.Red
		if r.Pips < b.Pips {
			win, lose = table.Red, table.Blue
		}
		g.Priority = win
		return []Reason{say("priority.pips", CitePriority, nil, colourWord(win), g.Side(win).Card.Pips, g.Side(lose).Card.Pips)}
	case b != nil && r != nil:
		return []Reason{say("priority.tie", CitePriority, nil, b.Pips, colourWord(RoundCounter(g.Round)))}
	case b != nil && !canR, r != nil && !canB:
		who := table.Blue
		if r != nil {
			who = table.Red
		}
		g.Priority = who
		return []Reason{say("priority.alone", CiteNoCommander, nil, colourWord(who), colourWord(who))}
	}
	return nil
}

// RollPriority decides a tie (both cards with as many pips, or no side able to play a card): the
// player holding the round counter has rolled one red defence die showing face — block gives that
// player priority, any other face the opponent (CitePriority, Kommandokarten L7732–7736).
func (w *World) RollPriority(face string) (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	if err := needPhase(g, table.PhaseCommand); err != nil {
		return Step{}, err
	}
	b, r := g.Blue.Card, g.Red.Card
	tie := (b != nil && r != nil && b.Pips == r.Pips) ||
		(b == nil && r == nil && !w.canPlayCard(g, table.Blue) && !w.canPlayCard(g, table.Red))
	if g.Priority != table.NoColour || !tie {
		return Step{}, refuse("priority.notTie", CitePriority, nil)
	}
	if face != maps.SymBlock && face != maps.SymSurge && face != maps.SymBlank {
		return Step{}, refuse("priority.face", CitePriority, nil, face)
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	holder := RoundCounter(g.Round)
	who := holder
	if face != maps.SymBlock {
		who = holder.Other()
	}
	f.Game.Priority = who
	return done(f, nil, []Reason{say("priority.roll", CitePriority, nil, face, colourWord(who))})
}

// OrderEligible lists colour's units on the table that may receive one of its card's orders from
// commander: own units with no order this round, of the card's type and among its named units, at
// range 1–3 of the commander (anywhere in Spezialeinsätze), in table order; with the reason why each
// other unit may not.
func (w *World) OrderEligible(c table.Colour, commander string) ([]string, []Reason, error) {
	g, err := w.game()
	if err != nil {
		return nil, nil, err
	}
	card := g.Side(c).Card
	if card == nil {
		return nil, nil, refuse("orders.noCard", CiteOrders, nil, colourWord(c))
	}
	var ok []string
	var why []Reason
	for _, u := range w.sideUnits(c) {
		if r := w.orderRefusal(g, card, commander, u); r != nil {
			why = append(why, r.Reasons...)
			continue
		}
		ok = append(ok, u.ID)
	}
	return ok, why, nil
}

// orderRefusal is why unit u of the card's side may not receive an order from commander, or nil.
func (w *World) orderRefusal(g *table.Game, card *table.CommandCard, commander string, u *Unit) *Refusal {
	r := g.Unit(u.ID)
	switch {
	case r.Order != table.OrderNone:
		return refuse("orders.twice", CiteOrders, []string{u.ID}, u.ID)
	case card.UnitType != table.NoUnitType && u.Type != card.UnitType:
		return refuse("orders.type", CiteOrders, []string{u.ID}, u.ID, u.Type, card.Name, card.UnitType)
	case len(card.Units) > 0 && !namedBy(card.Units, r.Name):
		return refuse("orders.named", CiteOrders, []string{u.ID}, u.ID, card.Name, strings.Join(card.Units, ", "))
	}
	if w.File.Ruleset != "specops" {
		// A transported commander orders, and a transported unit is ordered, from its vehicle's
		// place (CiteTransportedGame).
		rg, err := w.carriedWorld(commander, u.ID).Range(commander, u.ID, false)
		if err != nil {
			return refuse("game.notOnTable", CiteOrders, []string{commander}, commander)
		}
		if rg.Band > 3 {
			return refuse("orders.range", CiteOrders, []string{u.ID, commander}, u.ID, rg.Band, commander)
		}
	}
	return nil
}

// namedBy reports whether a game record's name is one of a card's unit names: the same name, or
// the card's name followed by a title ("Luke Skywalker" names "Luke Skywalker Hero Of The
// Rebellion"), folding case and spaces.
func namedBy(names []string, name string) bool {
	n := maps.FoldName(name)
	for _, c := range names {
		cn := maps.FoldName(c)
		if n == cn || strings.HasPrefix(n, cn+" ") {
			return true
		}
	}
	return false
}

// IssueOrders is colour's third command-phase step (CiteOrders): its named commander or operative
// (none in Spezialeinsätze, CiteSpecOpsOrders) issues the played card's orders to units, each
// eligible (OrderEligible), at most the card's orders and as many as the eligible units allow
// (CiteAsMany). The side with priority issues first. A side that played no card (it could not)
// issues none. Once both have, every order token not on the battlefield goes into its side's pool
// (CitePool) and the activation phase begins with the side that has priority.
func (w *World) IssueOrders(c table.Colour, commander string, units []string) (Step, error) {
	g, err := w.gameIn(table.PhaseCommand, c)
	if err != nil {
		return Step{}, err
	}
	s := g.Side(c)
	switch {
	case g.Priority == table.NoColour:
		return Step{}, refuse("priority.undecided", CitePriority, nil)
	case s.Issued:
		return Step{}, refuse("orders.done", CiteOrders, nil, colourWord(c))
	case c != g.Priority && !g.Side(g.Priority).Issued:
		return Step{}, refuse("orders.first", CiteOrders, nil, colourWord(g.Priority))
	}
	card := s.Card
	if card == nil && (len(units) > 0 || w.canPlayCard(g, c)) {
		return Step{}, refuse("orders.noCard", CiteOrders, nil, colourWord(c))
	}
	var reasons []Reason
	if card != nil {
		if w.File.Ruleset == "specops" {
			if commander != "" {
				return Step{}, refuse("orders.specops", CiteSpecOpsOrders, []string{commander})
			}
		} else if card.Orders > 0 || commander != "" {
			if commander == "" {
				return Step{}, refuse("orders.noCommander", CiteOrders, nil)
			}
			if _, err := w.Unit(commander); err != nil || g.Unit(commander) == nil || g.Unit(commander).Colour != c || !isCommander(g.Unit(commander)) {
				return Step{}, refuse("orders.commander", CiteOrders, []string{commander}, commander, colourWord(c))
			}
		}
		if len(units) > card.Orders {
			return Step{}, refuse("orders.tooMany", CiteOrders, nil, card.Name, card.Orders, len(units))
		}
		seen := map[string]bool{}
		for _, id := range units {
			u, err := w.Unit(id)
			if err != nil {
				return Step{}, refuse("game.notOnTable", CiteOrders, []string{id}, id)
			}
			r := g.Unit(id)
			if r == nil || r.Colour != c {
				return Step{}, refuse("game.notYours", CiteOrders, []string{id}, id, colourWord(w.ColourOfUnit(id)), colourWord(c))
			}
			if seen[id] {
				return Step{}, refuse("orders.twice", CiteOrders, []string{id}, id)
			}
			seen[id] = true
			if rf := w.orderRefusal(g, card, commander, u); rf != nil {
				return Step{}, rf
			}
		}
		if len(units) < card.Orders {
			eligible, _, _ := w.OrderEligible(c, commander)
			for _, id := range eligible {
				if !seen[id] {
					return Step{}, refuse("orders.asMany", CiteAsMany, []string{id}, id, card.Name)
				}
			}
		}
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	ng := f.Game
	ns := ng.Side(c)
	ns.Issued, ns.Commander = true, commander
	for _, id := range units {
		ng.Unit(id).Order = table.OrderFaceUp
	}
	who := commander
	if who == "" {
		who = colourWord(c).String()
	}
	if len(units) > 0 {
		reasons = append(reasons, say("orders.issued", CiteOrders, units, who, strings.Join(units, ", ")))
	} else {
		reasons = append(reasons, say("orders.none", CiteOrders, nil, colourWord(c)))
	}
	if ng.Side(c.Other()).Issued {
		reasons = append(reasons, w.buildPools(ng)...)
	}
	return done(f, nil, reasons)
}

// buildPools puts every order token not on the battlefield into its side's pool (a unit's rank,
// once per order token it has) and starts the activation phase with the side that has priority.
func (w *World) buildPools(g *table.Game) []Reason {
	var reasons []Reason
	for _, c := range table.Colours {
		s := g.Side(c)
		s.Pool = nil
		var words []string
		for _, u := range w.sideUnits(c) {
			r := g.Unit(u.ID)
			if r.Order != table.OrderNone {
				continue
			}
			for range r.OrderTokens {
				s.Pool = append(s.Pool, r.Rank)
				words = append(words, r.Rank.String())
			}
		}
		if len(words) == 0 {
			words = []string{"empty"}
		}
		reasons = append(reasons, say("orders.pool", CitePool, nil, colourWord(c), strings.Join(words, ", ")))
	}
	g.Phase = table.PhaseActivation
	g.Turn = table.NoColour
	return append(reasons, w.passTurn(g, g.Priority)...)
}

// containsFold reports whether list holds name (FoldName).
func containsFold(list []string, name string) bool {
	n := maps.FoldName(name)
	for _, s := range list {
		if maps.FoldName(s) == n {
			return true
		}
	}
	return false
}

// removeFold removes the first entry of list that is name (FoldName).
func removeFold(list []string, name string) []string {
	n := maps.FoldName(name)
	for i, s := range list {
		if maps.FoldName(s) == n {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}
