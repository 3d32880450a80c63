package rules

import (
	"fmt"

	"github.com/golang/geo/r2"

	"holotable/maps"
	"holotable/table"
)

// SetupSummary is what the setup scene shows: where the setup is, whose turn it is, the cards or
// mission in use with the zones and fixed token places, and what is still missing. It is built
// from the file alone (SetupState), so it is the same after an undo, a reload or an import.
type SetupSummary struct {
	Ruleset   string
	Phase     string // setup.phase; "" when the file has no setup
	Blue, Red string // side names
	BlueEdge  string
	// Turn is whose turn it is in the current phase: blue, red, or NoColour when either player
	// may act (the first competitive terrain piece: the player with the lower army cost begins)
	// or nobody has to (the phase is done).
	Turn table.Colour
	// Legion: the draft (nil without one), whether it is done, and the left-most remaining card of
	// each row (the cards used once DraftDone).
	Draft                            *Draft
	DraftDone                        bool
	Objective, Deployment, Condition *maps.Card
	Zones                            []Zone // the deployment card's zones, once blue's edge is chosen
	// Specops: the mission (nil when none is chosen).
	Mission *maps.Mission
	// Tokens: where the objective card (or the mission) fixes tokens, which of those are still
	// empty, and the tokens the players place: placed so far and in all.
	FixedTokens   []r2.Point
	FixedMissing  []r2.Point
	TokensPlaced  int
	TokensToPlace int
	TokenKind     string // the kind of the tokens the players place ("objective", "ambush", …)
	// Deployment: units deployed so far and still to deploy, by colour (blue and red; a unit of
	// neither side is not listed).
	Deployed, Waiting map[table.Colour][]string
	// Missing lists, in setup order, what is still to do before the setup is done.
	Missing []string
	// Fault is CheckSetup's one-line fault ("" when the setup is consistent); the other fields are
	// filled as far as the setup allows.
	Fault   string
	Reasons []Reason
}

// SetupState summarises the file's setup for the scene (see SetupSummary).
func SetupState(w *World) SetupSummary {
	f := w.File
	s := f.Setup
	sum := SetupSummary{Ruleset: f.Ruleset, Deployed: map[table.Colour][]string{}, Waiting: map[table.Colour][]string{}}
	if s == nil {
		sum.Missing = []string{"no setup has been started"}
		return sum
	}
	sum.Phase, sum.Blue, sum.Red, sum.BlueEdge = s.Phase, s.Blue, s.Red, s.BlueEdge
	if err := CheckSetup(f); err != nil {
		sum.Fault = err.Error()
		return sum
	}
	miss := func(format string, args ...any) { sum.Missing = append(sum.Missing, fmt.Sprintf(format, args...)) }
	sum.Reasons = append(sum.Reasons, Reason{Rule: "setup.phase", Cite: CiteSetupSteps, Text: "setup phase: " + s.Phase})

	// Terrain (steps 2–3).
	cov := w.TerrainCoverage()
	sum.Reasons = append(sum.Reasons, cov.Reasons...)
	if n := len(s.TerrainTurns); n > 0 {
		sum.Reasons = append(sum.Reasons, Reason{Rule: "setup.terrain", Cite: CiteTerrainTurns,
			Text: fmt.Sprintf("%d pieces placed competitively, the last by %s", n, s.TerrainTurns[n-1].Colour)})
	}
	if len(w.Terrain) == 0 {
		miss("no terrain is placed")
	}

	// Colours (step 4).
	if s.Blue == "" || s.Red == "" {
		miss("blue and red are not chosen")
	}

	// Cards or mission (steps 5–7).
	var zonesKnown bool
	if f.Ruleset == "specops" {
		if s.Mission == "" {
			miss("no mission is chosen")
		} else if m, err := maps.MissionByID(s.Mission); err == nil {
			sum.Mission = &m
			sum.Reasons = append(sum.Reasons, Reason{Rule: "setup.mission", Cite: m.Cite,
				Text: fmt.Sprintf("mission %s (%s); its map is not in the seeds: %s", m.Name.EN, m.Name.DE, m.Inferred)})
		}
	} else {
		if s.BlueEdge == "" {
			miss("blue's long edge is not chosen")
		}
		sc, err := w.SetupCards()
		if err != nil {
			sum.Fault = err.Error()
			return sum
		}
		if sc.Draft == nil {
			miss("the battle cards are not dealt")
		} else {
			sum.Draft, sum.DraftDone = sc.Draft, sc.Final
			sum.Objective, sum.Deployment, sum.Condition = sc.Objective, sc.Deployment, sc.Condition
			sum.Zones = sc.Zones
			zonesKnown = sc.Zones != nil
			sum.Reasons = append(sum.Reasons, sc.Reasons...)
			if !sc.Final {
				miss("the draft needs %d more turns", 2*DraftOpportunities-sc.Draft.Turn)
			}
		}
	}

	// Tokens (step 7).
	w.tokenState(&sum, zonesKnown)
	for _, p := range sum.FixedMissing {
		miss("a token belongs at (%.4g, %.4g)", p.X, p.Y)
	}
	if sum.TokensPlaced < sum.TokensToPlace {
		miss("%d of %d %s tokens are placed", sum.TokensPlaced, sum.TokensToPlace, sum.TokenKind)
	}

	// Deployment (step 8).
	total := map[table.Colour]int{}
	deployed := map[string]bool{}
	for _, id := range s.Deployed {
		deployed[id] = true
		if c := w.ColourOf(id); c != table.NoColour {
			sum.Deployed[c] = append(sum.Deployed[c], id)
		}
	}
	for _, u := range w.Units {
		c := w.ColourOf(u.ID)
		if c == table.NoColour {
			continue
		}
		total[c]++
		if !deployed[u.ID] {
			sum.Waiting[c] = append(sum.Waiting[c], u.ID)
		}
	}
	// An imported army's units in the game's reserve wait to be deployed too (issue 15).
	if g := f.Game; g != nil {
		for _, u := range g.Reserve {
			if r := g.Unit(u.ID); r != nil && (r.Colour == table.Blue || r.Colour == table.Red) {
				total[r.Colour]++
				sum.Waiting[r.Colour] = append(sum.Waiting[r.Colour], u.ID)
			}
		}
	}
	for _, c := range table.Colours {
		if n := len(sum.Waiting[c]); n > 0 {
			miss("%s has %d of %d units to deploy", c, n, total[c])
		}
	}
	if sum.Deployment != nil && sum.Deployment.MinPerZone > 0 && zonesKnown {
		for _, c := range table.Colours {
			if len(sum.Waiting[c]) > 0 {
				continue
			}
			ok, _, rs, err := w.EveryZoneUsed(*sum.Deployment, c, sum.Deployed[c], sum.Zones)
			if err == nil && !ok {
				miss("%s", rs[0].Text)
			}
		}
	}

	// Whose turn.
	switch s.Phase {
	case table.PhaseTerrain:
		if n := len(s.TerrainTurns); n > 0 {
			sum.Turn = s.TerrainTurns[n-1].Colour.Other()
		}
	case table.PhaseDraft:
		if sum.Draft != nil {
			sum.Turn = sum.Draft.Player()
		}
	case table.PhaseTokens:
		sum.Turn = w.tokenTurn(sum)
	case table.PhaseDeploy:
		nb, nr := len(sum.Deployed[table.Blue]), len(sum.Deployed[table.Red])
		wb, wr := len(sum.Waiting[table.Blue]) > 0, len(sum.Waiting[table.Red]) > 0
		switch {
		case wb && wr && nb <= nr, wb && !wr:
			sum.Turn = table.Blue
		case wr:
			sum.Turn = table.Red
		}
		sum.Reasons = append(sum.Reasons, Reason{Rule: "setup.deployTurn", Cite: CiteDeployTurns,
			Text: fmt.Sprintf("blue has deployed %d, red %d units", nb, nr)})
	}
	if s.Phase == table.PhaseDone && len(sum.Missing) > 0 {
		sum.Reasons = append(sum.Reasons, Reason{Rule: "setup.done", Cite: CiteSetupSteps, Text: "the setup is marked done, but something is still missing"})
	}
	return sum
}

// tokenState fills the token fields of sum from the objective card (legion) or the mission
// (specops).
func (w *World) tokenState(sum *SetupSummary, zonesKnown bool) {
	f := w.File
	count := func(kind string) int {
		n := 0
		for _, t := range w.Tokens {
			if t.Kind == kind {
				n++
			}
		}
		return n
	}
	if m := sum.Mission; m != nil {
		centre := r2.Point{X: f.Battlefield.Width / 2, Y: f.Battlefield.Depth / 2}
		for _, mk := range m.Markers {
			if mk.At == "centre" {
				sum.FixedTokens = append(sum.FixedTokens, centre)
				if !w.tokenAt(mk.Kind, centre) {
					sum.FixedMissing = append(sum.FixedMissing, centre)
				}
				continue
			}
			// The players place the markers of the first kind that is not fixed; a mission has at
			// most two kinds (Deactivate the Shields: consoles, then the transmitter).
			sum.TokensToPlace += mk.Count
			sum.TokensPlaced += min(count(mk.Kind), mk.Count)
			if sum.TokenKind == "" {
				sum.TokenKind = mk.Kind
			}
		}
		return
	}
	obj := sum.Objective
	if obj == nil || !zonesKnown {
		return
	}
	fixed, _, err := ObjectiveTokens(*obj, f, sum.BlueEdge)
	if err != nil {
		return
	}
	sum.FixedTokens = fixed
	for _, p := range fixed {
		if !w.tokenAt("objective", p) {
			sum.FixedMissing = append(sum.FixedMissing, p)
		}
	}
	if pl := obj.Placement; pl != nil {
		sum.TokenKind = "objective"
		sum.TokensToPlace = pl.Count
		if pl.FirstOn != "" {
			sum.TokensToPlace++
		}
		sum.TokensPlaced = max(0, min(count("objective")-(len(fixed)-len(sum.FixedMissing)), sum.TokensToPlace))
	}
}

// tokenTurn is whose turn it is to place a token: the card's first player, then alternately;
// Key Positions' first token (on the piece closest to the centre) is nobody's turn.
func (w *World) tokenTurn(sum SetupSummary) table.Colour {
	if sum.TokensPlaced >= sum.TokensToPlace {
		return table.NoColour
	}
	if sum.Mission != nil {
		return table.NoColour // the missions do not say who places the markers
	}
	pl := sum.Objective.Placement
	k := sum.TokensPlaced
	if pl.FirstOn != "" {
		if k == 0 {
			return table.NoColour
		}
		k--
	}
	first, _ := table.ParseColour(pl.First) // the card's "blue" or "red" (maps checks it)
	if pl.Alternate && k%2 == 1 {
		return first.Other()
	}
	return first
}
