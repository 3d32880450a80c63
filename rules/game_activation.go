package rules

import (
	"strings"

	"holotable/maps"
	"holotable/table"
)

// The activation phase (RRG 2.0 Aktivierungsphase L2259–2302): from the side with priority the
// sides take turns, each activating one unit — one with a face-up order, or one of the rank of a
// token drawn at random from its pool — which rallies, acts, and ends with its order token face
// down; a side with more units left takes the rest in a row.

// toActivate lists colour's units on the battlefield (carried ones too, CiteTransportedGame) that
// have not activated this round.
func (w *World) toActivate(g *table.Game, c table.Colour) []string {
	var out []string
	for _, u := range w.sideUnits(c) {
		if !g.Unit(u.ID).FaceDown() {
			out = append(out, u.ID)
		}
	}
	return out
}

// passTurn gives the turn to prefer when it has a unit left to activate, else to the other side
// (which then goes on in a row, CiteActivation); when neither has, the end phase begins.
func (w *World) passTurn(g *table.Game, prefer table.Colour) []Reason {
	switch {
	case len(w.toActivate(g, prefer)) > 0:
		g.Turn = prefer
		return []Reason{say("activate.next", CiteActivation, nil, colourWord(prefer))}
	case len(w.toActivate(g, prefer.Other())) > 0:
		g.Turn = prefer.Other()
		return []Reason{say("activate.inARow", CiteActivation, nil, colourWord(prefer), colourWord(prefer.Other()))}
	}
	g.Turn, g.Phase = table.NoColour, table.PhaseEnd
	return []Reason{say("activate.allDone", CiteActivation, nil)}
}

// drawable lists colour's units of rank r that a drawn token could activate: on the table, with
// no order token on the battlefield (CiteChooseUnit).
func (w *World) drawable(g *table.Game, c table.Colour, r table.Rank) []string {
	var out []string
	for _, u := range w.sideUnits(c) {
		if rec := g.Unit(u.ID); rec.Rank == r && rec.Order == table.OrderNone {
			out = append(out, u.ID)
		}
	}
	return out
}

// OrderDraw is the outcome of drawing from an order pool: the rank drawn, and the tokens drawn
// before it that matched no unit able to activate (removed from the game, CiteDrawAgain).
type OrderDraw struct {
	Rank      table.Rank
	Discarded []table.Rank
	Reasons   []Reason
}

// DrawOrder draws order tokens at random from colour's pool with the roller until one matches a
// unit that can activate (CiteChooseUnit, CiteDrawAgain). It changes nothing: Activate applies it.
func (w *World) DrawOrder(c table.Colour, r *Roller) (OrderDraw, error) {
	g, err := w.game()
	if err != nil {
		return OrderDraw{}, err
	}
	pool := append([]table.Rank(nil), g.Side(c).Pool...)
	var d OrderDraw
	for len(pool) > 0 {
		k := r.rng.IntN(len(pool))
		rank := pool[k]
		pool = append(pool[:k], pool[k+1:]...)
		if len(w.drawable(g, c, rank)) > 0 {
			d.Rank = rank
			return d, nil
		}
		d.Discarded = append(d.Discarded, rank)
		d.Reasons = append(d.Reasons, say("activate.discard", CiteDrawAgain, nil, rankWord(rank)))
	}
	return OrderDraw{}, refuse("activate.emptyPool", CiteChooseUnit, nil, colourWord(c))
}

// Activate starts colour's turn with unit (CiteChooseUnit): a unit of colour on the table that has
// not activated this round, while no unit is being activated. A unit with a face-up order is
// activated by it (draw is then empty); any other needs draw: the tokens discarded on the way (each
// in the pool and matching no unit able to activate) and the drawn token, of the unit's rank, all
// taken out of the pool.
func (w *World) Activate(c table.Colour, unit string, draw OrderDraw) (Step, error) {
	g, err := w.gameIn(table.PhaseActivation, c)
	if err != nil {
		return Step{}, err
	}
	switch {
	case g.Turn != c:
		return Step{}, refuse("activate.turn", CiteActivation, nil, colourWord(g.Turn))
	case g.Active != "":
		return Step{}, refuse("activate.busy", CiteActivation, []string{g.Active}, g.Active)
	}
	if !w.inPlay(unit) { // a carried unit activates too (CiteTransportedGame)
		return Step{}, refuse("game.notOnTable", CiteChooseUnit, []string{unit}, unit)
	}
	r := g.Unit(unit)
	switch {
	case r == nil || r.Colour != c:
		return Step{}, refuse("game.notYours", CiteChooseUnit, []string{unit}, unit, colourWord(w.ColourOfUnit(unit)), colourWord(c))
	case r.FaceDown():
		return Step{}, refuse("activate.done", CiteFaceDown, []string{unit}, unit)
	case r.Order == table.OrderFaceUp && (draw.Rank != table.RankNone || len(draw.Discarded) > 0):
		return Step{}, refuse("activate.faceUp", CiteChooseUnit, []string{unit}, unit)
	case r.Order == table.OrderNone && draw.Rank == table.RankNone:
		return Step{}, refuse("activate.draw", CiteChooseUnit, []string{unit}, unit)
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	ng := f.Game
	ns := ng.Side(c)
	var reasons []Reason
	if r.Order == table.OrderNone {
		for _, d := range draw.Discarded {
			if ids := w.drawable(g, c, d); len(ids) > 0 {
				return Step{}, refuse("activate.keep", CiteDrawAgain, ids, colourWord(c), rankWord(d), strings.Join(ids, ", "))
			}
			var ok bool
			if ns.Pool, ok = takeRank(ns.Pool, d); !ok {
				return Step{}, refuse("activate.notInPool", CiteDrawAgain, nil, colourWord(c), rankWord(d))
			}
			reasons = append(reasons, say("activate.discard", CiteDrawAgain, nil, rankWord(d)))
		}
		var ok bool
		if ns.Pool, ok = takeRank(ns.Pool, draw.Rank); !ok {
			return Step{}, refuse("activate.notInPool", CiteChooseUnit, nil, colourWord(c), rankWord(draw.Rank))
		}
		if r.Rank != draw.Rank {
			return Step{}, refuse("activate.rank", CiteChooseUnit, []string{unit}, unit, rankWord(r.Rank), rankWord(draw.Rank))
		}
	}
	ng.Active = unit
	reasons = append(reasons, say("activate.start", CiteChooseUnit, []string{unit}, colourWord(c), unit))
	return done(f, nil, reasons)
}

// takeRank removes one token of rank r from a pool, and reports whether there was one.
func takeRank(pool []table.Rank, r table.Rank) ([]table.Rank, bool) {
	for i, x := range pool {
		if x == r {
			return append(pool[:i:i], pool[i+1:]...), true
		}
	}
	return pool, false
}

// Rally is the active unit's rally step (CiteRally): faces are the white defence dice rolled, one
// per suppression token; each block or defence surge removes one. Then the courage check: a
// panicked unit gets a panic token, one no longer panicked loses it (CourageCheck's reasons say
// what the unit may do).
func (w *World) Rally(unit string, faces []string) (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	if g.Active != unit {
		return Step{}, refuse("activate.notActive", CiteRally, []string{unit}, unit)
	}
	r := g.Unit(unit)
	n := r.Tokens[table.TokenSuppression]
	if len(faces) != n {
		return Step{}, refuse("rally.dice", CiteRally, []string{unit}, unit, n, n, len(faces))
	}
	removed := 0
	for _, face := range faces {
		switch face {
		case maps.SymBlock, maps.SymSurge:
			removed++
		case maps.SymBlank:
		default:
			return Step{}, refuse("rally.face", CiteRally, []string{unit}, face)
		}
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	nr := f.Game.Unit(unit)
	setTokens(nr, table.TokenSuppression, n-removed)
	reasons := []Reason{say("rally.removed", CiteRally, []string{unit}, unit, removed, n, n-removed)}
	cw := NewWorld(f)
	cc, err := cw.CourageCheck(unit)
	if err != nil {
		return Step{}, err
	}
	reasons = append(reasons, cc.Reasons...)
	switch {
	case cc.Panicked:
		setTokens(nr, table.TokenPanic, 1)
	case nr.Tokens[table.TokenPanic] > 0:
		setTokens(nr, table.TokenPanic, 0)
		reasons = append(reasons, say("courage.panicOver", CitePanicOver, []string{unit}))
	}
	return done(f, nil, reasons)
}

// setTokens sets a record's count of a token kind (0 removes the kind).
func setTokens(r *table.GameUnit, k table.TokenKind, n int) {
	if n <= 0 {
		delete(r.Tokens, k)
		return
	}
	if r.Tokens == nil {
		r.Tokens = table.Tokens{}
	}
	r.Tokens[k] = n
}

// EndActivation ends the active unit's activation: its order token face down beside its leader
// (CiteFaceDown), and the turn passes (CiteActivation); after the last unit, the end phase.
func (w *World) EndActivation(unit string) (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	if err := needPhase(g, table.PhaseActivation); err != nil {
		return Step{}, err
	}
	if g.Active != unit {
		return Step{}, refuse("activate.notActive", CiteFaceDown, []string{unit}, unit)
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	ng := f.Game
	ng.Unit(unit).Order = table.OrderFaceDown
	ng.Active = ""
	reasons := []Reason{say("activate.end", CiteFaceDown, []string{unit}, unit)}
	reasons = append(reasons, NewWorld(f).passTurn(ng, g.Turn.Other())...)
	return done(f, nil, reasons)
}
