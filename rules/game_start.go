package rules

import (
	"strconv"

	"holotable/table"
)

// DeployReserve takes unit id out of the game's reserve and puts it on the table, its minis at
// places (one per mini, in the unit's order). Whether that is a legal deployment is the setup's
// question (World.Deploy on the step's table); this step checks only that the unit is in the
// reserve and that every base lies on the table (the file would refuse it otherwise).
func (w *World) DeployReserve(id string, places []MiniPlace) (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	k := -1
	for i := range g.Reserve {
		if g.Reserve[i].ID == id {
			k = i
		}
	}
	if k < 0 {
		return Step{}, refuse("deploy.notReserve", CiteGameFormat, []string{id}, id)
	}
	if n := len(g.Reserve[k].Minis); n != len(places) {
		return Step{}, refuse("deploy.places", CiteGameFormat, []string{id}, id, n, len(places))
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	u := f.Game.Reserve[k]
	for i := range u.Minis {
		p := places[i]
		u.Minis[i].X, u.Minis[i].Y, u.Minis[i].Z, u.Minis[i].Facing = p.X, p.Y, p.Z, p.Facing
	}
	f.Game.Reserve = append(f.Game.Reserve[:k], f.Game.Reserve[k+1:]...)
	f.UnitsOnTable = append(f.UnitsOnTable, u)
	// The placed unit checked as the format checks a unit of the file (its bases on the table): a
	// refusal here, not a bug of the step.
	if err := table.CheckUnit(u, f); err != nil {
		return Step{}, &Refusal{Reasons: []Reason{{Rule: "deploy.table", Cite: CiteGameFormat, Text: err.Error(), IDs: []string{id}}}}
	}
	return done(f, []string{id}, []Reason{say("deploy.placed", CiteDeployAll, []string{id}, id)})
}

// Rounds is how many rounds a game on this table lasts: six in Legion; in Spezialeinsätze the
// chosen mission's count (four), or four when none is chosen (CiteRounds).
func (w *World) Rounds() (int, Reason) {
	if w.File.Ruleset == "specops" {
		if m, err := w.mission(); err == nil && m.Rounds > 0 {
			return m.Rounds, Reason{Rule: "game.rounds", Cite: m.Cite + "; " + CiteRounds, Text: m.Name.EN + ": " + strconv.Itoa(m.Rounds) + " rounds"}
		}
		return 4, Reason{Rule: "game.rounds", Cite: CiteRounds, Text: "Spezialeinsätze: 4 rounds"}
	}
	return 6, Reason{Rule: "game.rounds", Cite: CiteRounds, Text: "6 rounds"}
}

// StartGame ends the game's setup: every unit is deployed (the reserve is empty, CiteDeployAll)
// and both sides are named; the game goes to round 1's command phase, lasting Rounds rounds, every
// order token on its unit card, the pools empty.
func (w *World) StartGame() (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	if err := needPhase(g, table.PhaseSetup); err != nil {
		return Step{}, err
	}
	if len(g.Reserve) > 0 {
		return Step{}, refuse("start.reserve", CiteDeployAll, []string{g.Reserve[0].ID}, g.Reserve[0].ID)
	}
	for _, c := range table.Colours {
		if g.Side(c).Side == "" {
			return Step{}, refuse("start.side", CiteGameFormat, nil, colourWord(c))
		}
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	n, why := w.Rounds()
	ng := f.Game
	ng.Round, ng.Rounds, ng.Phase = 1, n, table.PhaseCommand
	for _, c := range table.Colours {
		s := ng.Side(c)
		s.Card, s.Commander, s.Issued, s.Pool = nil, "", false, nil
	}
	for i := range ng.Units {
		ng.Units[i].Order = table.OrderNone
	}
	if err := CheckGame(f); err != nil {
		return Step{}, &Refusal{Reasons: []Reason{{Rule: "start.check", Cite: CiteGameFormat, Text: err.Error()}}}
	}
	return done(f, nil, []Reason{why, say("start.started", CiteRoundCounter, nil, n)})
}
