package rules

import (
	"slices"
	"strings"

	"holotable/geometry"
	"holotable/table"
)

// The end phase (RRG 2.0 Endphase L5471–5512) and the end of the game (Spielsieg L10348–10369).
// Scoring is a step of its own (ScoreRound answers it, AwardVictoryPoints applies what the players
// accept), made before EndRound.

// PromotionNeeded lists, per colour, the trooper units it must choose one from to promote when it
// has no commander left on the battlefield (CitePromote); a colour with a commander is absent, one
// with no trooper unit has an empty list.
func (w *World) PromotionNeeded() map[table.Colour][]string {
	g := w.File.Game
	out := map[table.Colour][]string{}
	if g == nil {
		return out
	}
	for _, c := range table.Colours {
		units := w.sideUnits(c)
		has := false
		var troopers []string
		for _, u := range units {
			r := g.Unit(u.ID)
			has = has || r.Rank == table.RankCommander || r.Tokens[table.TokenCommander] > 0
			if u.Type == table.Trooper || u.Type == table.Creature || u.Type == table.Emplacement {
				troopers = append(troopers, u.ID)
			}
		}
		if !has && len(units) > 0 {
			out[c] = troopers
		}
	}
	return out
}

// EndRound is the end phase (CiteEndPhase): each side's command card discarded (Standing Orders
// back to the hand, CiteStandingOrders); all aim, dodge and standby tokens and 1 suppression token
// removed from each unit (CiteTokensRemoved; not the suppression in Spezialeinsätze,
// CiteSpecOpsSuppr, nor, under Hostile Environment, from a trooper unit whose leader touches no
// terrain); every order token back on its unit card; a side with no commander left promotes the
// trooper unit named in promote (CitePromote); then the next round's command phase, or the end of
// the game after the last round or when a side has no unit left (CiteGameEnd).
func (w *World) EndRound(promote map[table.Colour]string) (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	if err := needPhase(g, table.PhaseEnd); err != nil {
		return Step{}, err
	}
	need := w.PromotionNeeded()
	for _, c := range table.Colours {
		cands, ok := need[c]
		if !ok || len(cands) == 0 {
			continue
		}
		if choice := promote[c]; !slices.Contains(cands, choice) {
			if choice == "" {
				return Step{}, refuse("end.promoteNeed", CitePromote, cands, colourWord(c), strings.Join(cands, ", "))
			}
			return Step{}, refuse("end.promoteBad", CitePromote, []string{choice}, choice, colourWord(c))
		}
	}
	keep := w.hostileKeeps(g)
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	ng := f.Game
	var reasons []Reason
	for _, c := range table.Colours {
		s := ng.Side(c)
		if s.Card != nil {
			if strings.EqualFold(s.Card.Name, standingOrders) {
				s.Hand = append(s.Hand, s.Card.Name)
				reasons = append(reasons, say("end.standing", CiteStandingOrders, nil, colourWord(c)))
			} else {
				s.Discard = append(s.Discard, s.Card.Name)
				reasons = append(reasons, say("end.discard", CiteEndPhase, nil, colourWord(c), s.Card.Name))
			}
		}
		s.Card, s.Commander, s.Issued, s.Pool = nil, "", false, nil
	}
	specops := w.File.Ruleset == "specops"
	for i := range ng.Units {
		r := &ng.Units[i]
		for _, k := range []table.TokenKind{table.TokenAim, table.TokenDodge, table.TokenStandby} {
			setTokens(r, k, 0)
		}
		if !specops && keep[r.Unit] == "" {
			setTokens(r, table.TokenSuppression, r.Tokens[table.TokenSuppression]-1)
		}
		r.Order = table.OrderNone
	}
	if specops {
		reasons = append(reasons, say("end.tokensSO", CiteSpecOpsSuppr, nil))
	} else {
		reasons = append(reasons, say("end.tokens", CiteTokensRemoved, nil))
		for _, id := range sortedKeysOf(keep) {
			reasons = append(reasons, say("end.hostile", keep[id], []string{id}, id, "Hostile Environment"))
		}
	}
	reasons = append(reasons, say("end.orders", CiteEndPhase, nil))
	for _, c := range table.Colours {
		cands, ok := need[c]
		switch {
		case !ok:
		case len(cands) == 0:
			reasons = append(reasons, say("end.noPromote", CitePromote, nil, colourWord(c)))
		default:
			r := ng.Unit(promote[c])
			r.Rank = table.RankCommander
			setTokens(r, table.TokenCommander, 1)
			reasons = append(reasons, say("end.promoted", CitePromote, []string{r.Unit}, colourWord(c), r.Unit))
		}
	}
	for _, c := range table.Colours {
		if len(w.sideUnits(c)) == 0 && !hasReserve(ng, c) {
			ng.Phase, ng.Priority, ng.Turn = table.PhaseOver, table.NoColour, table.NoColour
			return done(f, nil, append(reasons, say("end.wipedOut", CiteGameEnd, nil, colourWord(c))))
		}
	}
	if ng.Round >= ng.Rounds {
		ng.Phase, ng.Priority, ng.Turn = table.PhaseOver, table.NoColour, table.NoColour
		return done(f, nil, append(reasons, say("end.gameOver", CiteGameEnd, nil, ng.Round)))
	}
	ng.Round++
	ng.Phase, ng.Priority, ng.Turn, ng.Active = table.PhaseCommand, table.NoColour, table.NoColour, ""
	ng.Moves = nil // the move record is the round's (move_record.go)
	return done(f, nil, append(reasons, say("end.round", CiteRoundCounter, nil, ng.Round, colourWord(RoundCounter(ng.Round)))))
}

func hasReserve(g *table.Game, c table.Colour) bool {
	for _, u := range g.Reserve {
		if r := g.Unit(u.ID); r != nil && r.Colour == c {
			return true
		}
	}
	return false
}

// hostileKeeps lists the trooper units that keep their suppression this end phase under the
// condition card Hostile Environment (its effect keepSuppressionUnlessLeaderTouchesTerrain): their
// leader touches no terrain piece. Unit id → the card's citation.
func (w *World) hostileKeeps(g *table.Game) map[string]string {
	out := map[string]string{}
	if w.File.Setup == nil || w.File.Setup.Draft == nil {
		return out
	}
	sc, err := w.SetupCards()
	if err != nil || sc.Condition == nil {
		return out
	}
	for _, e := range sc.Condition.Effects {
		if e.Kind != "keepSuppressionUnlessLeaderTouchesTerrain" {
			continue
		}
		p := w.File.Profile
		for _, u := range w.Units {
			if u.Type != table.Trooper || g.Unit(u.ID) == nil || g.Unit(u.ID).Tokens[table.TokenSuppression] == 0 {
				continue
			}
			touches := false
			for _, t := range w.Terrain {
				touches = touches || geometry.Distance(u.Leader.Foot, t.Foot) <= p.ContactTolerance+p.Epsilon
			}
			if !touches {
				out[u.ID] = e.Cite
			}
		}
	}
	return out
}

func sortedKeysOf(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return sortedUnique(out)
}

// AwardVictoryPoints gives colour delta victory points (a negative delta takes them away, never
// below 0): the players apply what ScoreRound answers, or overrule it (CiteVictoryTokens).
func (w *World) AwardVictoryPoints(c table.Colour, delta int, why []Reason) (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	if err := needColour(c); err != nil {
		return Step{}, err
	}
	s := g.Side(c)
	if s.VictoryPoints+delta < 0 {
		return Step{}, refuse("vp.negative", CiteVictoryTokens, nil, colourWord(c), s.VictoryPoints, -delta)
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	ns := f.Game.Side(c)
	ns.VictoryPoints += delta
	return done(f, nil, append(append([]Reason(nil), why...), say("vp.award", CiteVictoryTokens, nil, colourWord(c), delta, ns.VictoryPoints)))
}

// WinnerAnswer is who has won (Winner NoColour while the game goes on), and each side's victory
// points and score (the points of the enemy units it has defeated).
type WinnerAnswer struct {
	Over    bool
	Winner  table.Colour
	VP      [2]int // blue, red
	Score   [2]int
	Reasons []Reason
}

// Winner answers the end of the game (CiteGameEnd): a side with no unit left loses at once;
// after the last round the most victory points win, then the higher score (the points of every
// enemy unit defeated), then blue.
func (w *World) Winner() (WinnerAnswer, error) {
	g, err := w.game()
	if err != nil {
		return WinnerAnswer{}, err
	}
	a := WinnerAnswer{VP: [2]int{g.Blue.VictoryPoints, g.Red.VictoryPoints}}
	onTable := map[string]bool{}
	for _, u := range w.Units {
		onTable[u.ID] = true
	}
	inReserve := map[string]bool{}
	for _, u := range g.Reserve {
		inReserve[u.ID] = true
	}
	alive := [2]bool{}
	for _, r := range g.Units {
		i := int(r.Colour) - 1
		if onTable[r.Unit] || inReserve[r.Unit] {
			alive[i] = true
			continue
		}
		a.Score[1-i] += r.Points // a defeated unit scores for the other side
	}
	for i, c := range table.Colours {
		if !alive[i] && g.Phase != table.PhaseSetup {
			a.Over, a.Winner = true, c.Other()
			a.Reasons = []Reason{say("win.wipedOut", CiteGameEnd, nil, colourWord(c), colourWord(c.Other()))}
			return a, nil
		}
	}
	if g.Phase != table.PhaseOver {
		a.Reasons = []Reason{say("win.notOver", CiteGameEnd, nil, g.Round, g.Rounds)}
		return a, nil
	}
	a.Over = true
	switch {
	case a.VP[0] != a.VP[1]:
		a.Winner = table.Blue
		if a.VP[1] > a.VP[0] {
			a.Winner = table.Red
		}
		i := int(a.Winner) - 1
		a.Reasons = []Reason{say("win.vp", CiteGameEnd, nil, colourWord(a.Winner), a.VP[i], a.VP[1-i])}
	case a.Score[0] != a.Score[1]:
		a.Winner = table.Blue
		if a.Score[1] > a.Score[0] {
			a.Winner = table.Red
		}
		i := int(a.Winner) - 1
		a.Reasons = []Reason{say("win.score", CiteGameEnd, nil, a.VP[0], colourWord(a.Winner), a.Score[i], a.Score[1-i])}
	default:
		a.Winner = table.Blue
		a.Reasons = []Reason{say("win.blue", CiteGameEnd, nil, a.VP[0], a.Score[0])}
	}
	return a, nil
}
