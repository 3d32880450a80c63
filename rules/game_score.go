package rules

import (
	"fmt"
	"slices"
	"sort"

	"github.com/golang/geo/r2"

	"holotable/geometry"
	"holotable/maps"
	"holotable/table"
)

// Scoring at the end of a round: the chosen objective card's ways of scoring (maps/cards scoring
// kinds) or the Spezialeinsätze mission's (maps/missions scoring), counted from the table, each
// victory point with its reason. The answer is what the players apply with AwardVictoryPoints or
// overrule (the Golden Rule of Terrain: they decide what the app decides, RRG 2.0 L583–608).

// ScoreLine is what one thing (a token, a terrain piece, a unit leader) scores for a side.
type ScoreLine struct {
	Colour  table.Colour
	VP      int
	What    string // the token, piece or unit
	Reasons []Reason
}

// ScoreAnswer is a round's scoring: victory points per side (blue, red) and the lines.
type ScoreAnswer struct {
	Round   int
	VP      [2]int
	Lines   []ScoreLine
	Reasons []Reason
}

func (a *ScoreAnswer) add(c table.Colour, vp int, what string, rs ...Reason) {
	a.VP[int(c)-1] += vp
	a.Lines = append(a.Lines, ScoreLine{Colour: c, VP: vp, What: what, Reasons: rs})
}

// ScoreRound counts the victory points of the end phase of the game's current round: in Legion
// those of the objective card the draft chose, for the ways of scoring due this round (the rounds
// it names, and at the end of the game in the last round); in Spezialeinsätze those of the chosen
// mission. A card or mission without scoring this round answers 0 with the reason.
func (w *World) ScoreRound() (ScoreAnswer, error) {
	g, err := w.game()
	if err != nil {
		return ScoreAnswer{}, err
	}
	if w.File.Ruleset == "specops" {
		return w.scoreMission(g)
	}
	sc, err := w.SetupCards()
	if err != nil {
		return ScoreAnswer{}, err
	}
	if sc.Objective == nil || !sc.Final {
		return ScoreAnswer{}, fmt.Errorf("no objective card chosen yet (setup.draft)")
	}
	card := *sc.Objective
	a := ScoreAnswer{Round: g.Round}
	last := g.Round >= g.Rounds
	var control *maps.CardScoring
	for i := range card.Scoring {
		if card.Scoring[i].Kind == "tokenControl" {
			control = &card.Scoring[i]
		}
	}
	due := false
	for _, s := range card.Scoring {
		if !(s.EndOfGame && last) && !slices.Contains(s.Rounds, g.Round) {
			continue
		}
		due = true
		switch s.Kind {
		case "leadersInEnemyZone":
			if sc.Zones == nil {
				return ScoreAnswer{}, fmt.Errorf("no deployment zones yet (setup.blueEdge)")
			}
			w.scoreLeadersInZones(&a, g, s, sc.Zones)
		case "controlledTokens":
			if control == nil {
				return ScoreAnswer{}, fmt.Errorf("%s has no tokenControl entry", card.ID)
			}
			w.scoreControlledTokens(&a, g, s, *control)
		case "keyTerrain":
			w.scoreKeyTerrain(&a, g, s)
		case "claimedTokens":
			w.scoreClaimed(&a, g, s)
		}
	}
	if !due {
		a.Reasons = append(a.Reasons, say("score.none", card.Cite, nil, cardWord(card.Name), g.Round))
	}
	return a, nil
}

// scoreLeadersInZones: a VP per own unit leader wholly inside a deployment zone of the other
// colour ("innerhalb", the whole base, CiteWithin).
func (w *World) scoreLeadersInZones(a *ScoreAnswer, g *table.Game, s maps.CardScoring, zones []Zone) {
	for _, c := range table.Colours {
		for _, u := range w.unitsOf(c) {
			for _, z := range zones {
				if z.Colour == c.Other() && geometry.Inside(u.Leader.Foot, z.Shape) {
					a.add(c, s.VP, u.ID, say("score.zone", s.Cite+"; "+CiteWithin, []string{u.Leader.ID}, u.ID, u.Leader.ID, z.Name(), s.VP, colourWord(c)))
					break
				}
			}
		}
	}
}

// tokenController is who controls objective token t by a tokenControl entry: the side with more
// trooper unit leaders (trooper, creature and emplacement units) at range ctl.Range of it — some
// part of the leader's base within Range × rangeSegment (+ epsilon) of the token — and the counts.
func (w *World) tokenController(t *Token, ctl maps.CardScoring) (table.Colour, [2][]string) {
	p := w.File.Profile
	lim := ctl.Range*p.RangeSegment + p.Epsilon
	var near [2][]string
	for _, c := range table.Colours {
		for _, u := range w.unitsOf(c) {
			if u.Type != table.Trooper && u.Type != table.Creature && u.Type != table.Emplacement {
				continue
			}
			if geometry.Distance(u.Leader.Foot, t.Foot) <= lim {
				near[int(c)-1] = append(near[int(c)-1], u.Leader.ID)
			}
		}
	}
	switch {
	case len(near[0]) > len(near[1]):
		return table.Blue, near
	case len(near[1]) > len(near[0]):
		return table.Red, near
	}
	return table.NoColour, near
}

func (w *World) scoreControlledTokens(a *ScoreAnswer, g *table.Game, s, ctl maps.CardScoring) {
	for _, t := range w.Tokens {
		if t.Kind != "objective" {
			continue
		}
		who, near := w.tokenController(t, ctl)
		ids := append(append([]string{t.ID}, near[0]...), near[1]...)
		if who == table.NoColour {
			a.Reasons = append(a.Reasons, say("score.tokenNone", ctl.Cite, ids, t.ID, len(near[0]), len(near[1]), ctl.Range))
			continue
		}
		a.add(who, s.VP, t.ID, say("score.token", ctl.Cite+"; "+s.Cite, ids, t.ID, len(near[0]), len(near[1]), ctl.Range, colourWord(who), s.VP))
	}
}

// scoreKeyTerrain: per terrain piece with an objective token on it (the token's centre on the
// footprint), the side with more unit leaders in base contact with the piece (top-down gap at most
// contactTolerance, CiteContact) scores.
func (w *World) scoreKeyTerrain(a *ScoreAnswer, g *table.Game, s maps.CardScoring) {
	p := w.File.Profile
	for _, piece := range w.Terrain {
		marked := ""
		for _, t := range w.Tokens {
			if t.Kind == "objective" && geometry.Inside(geometry.Circle(r2.Point{X: t.X, Y: t.Y}, 0), piece.Foot) {
				marked = t.ID
			}
		}
		if marked == "" {
			continue
		}
		var n [2][]string
		for _, c := range table.Colours {
			for _, u := range w.unitsOf(c) {
				if geometry.Distance(u.Leader.Foot, piece.Foot) <= p.ContactTolerance+p.Epsilon {
					n[int(c)-1] = append(n[int(c)-1], u.Leader.ID)
				}
			}
		}
		ids := append(append([]string{piece.ID}, n[0]...), n[1]...)
		switch {
		case len(n[0]) != len(n[1]):
			who := table.Blue
			if len(n[1]) > len(n[0]) {
				who = table.Red
			}
			a.add(who, s.VP, piece.ID, say("score.terrain", s.Cite+"; "+CiteContact, ids, piece.ID, marked, len(n[0]), len(n[1]), colourWord(who), s.VP))
		default:
			a.Reasons = append(a.Reasons, say("score.terrainNone", s.Cite, ids, piece.ID, marked, len(n[0]), len(n[1])))
		}
	}
}

// scoreClaimed: a VP per objective token claimed by one of the side's units (game.claimed).
func (w *World) scoreClaimed(a *ScoreAnswer, g *table.Game, s maps.CardScoring) {
	toks := make([]string, 0, len(g.Claimed))
	for t := range g.Claimed {
		toks = append(toks, t)
	}
	sort.Strings(toks)
	for _, t := range toks {
		u := g.Claimed[t]
		c := w.ColourOfUnit(u)
		if c == table.NoColour {
			continue
		}
		a.add(c, s.VP, t, say("score.claimed", s.Cite, []string{t, u}, t, u, s.VP, colourWord(c)))
	}
}

// scoreMission counts a Spezialeinsätze mission's end-phase points: per marker (objective token)
// the side with more unit leaders wholly within the control radius controls it (SO's
// "innerhalb", CiteWithin; a tie: nobody), PerMarker each, and Primary more for the primary marker
// (game.primary: left, middle or right as blue sees the markers, ordered along blue's edge).
func (w *World) scoreMission(g *table.Game) (ScoreAnswer, error) {
	m, err := w.mission()
	if err != nil {
		return ScoreAnswer{}, err
	}
	a := ScoreAnswer{Round: g.Round}
	if m.Scoring == nil {
		a.Reasons = []Reason{say("score.missionNone", m.Cite, nil, cardWord(m.Name))}
		return a, nil
	}
	sc := m.Scoring
	var radius float64
	for _, d := range m.Distances {
		if d.Kind == sc.Control {
			radius = d.Inches * w.inch()
		}
	}
	var markers []*Token
	for _, t := range w.Tokens {
		if t.Kind == "objective" {
			markers = append(markers, t)
		}
	}
	primary := w.primaryMarker(g, markers)
	eps := w.File.Profile.Epsilon
	for _, t := range markers {
		var n [2][]string
		for _, c := range table.Colours {
			for _, u := range w.unitsOf(c) {
				// the whole base within radius of the marker: centre gap + base radius ≤ radius + token radius
				if u.Leader.Centre().Sub(r2.Point{X: t.X, Y: t.Y}).Norm()+u.Leader.Radius() <= radius+t.R+eps {
					n[int(c)-1] = append(n[int(c)-1], u.Leader.ID)
				}
			}
		}
		ids := append(append([]string{t.ID}, n[0]...), n[1]...)
		inches := radius / w.inch()
		var who table.Colour
		switch {
		case len(n[0]) > len(n[1]):
			who = table.Blue
		case len(n[1]) > len(n[0]):
			who = table.Red
		default:
			a.Reasons = append(a.Reasons, say("score.markerNone", sc.Cite, ids, t.ID, len(n[0]), len(n[1]), inches))
			continue
		}
		if t.ID == primary {
			a.add(who, sc.PerMarker+sc.Primary, t.ID, say("score.markerPrimary", sc.Cite+"; "+CiteWithin, ids, t.ID, len(n[0]), len(n[1]), inches,
				colourWord(who), sc.PerMarker, sc.Primary, g.Primary))
			continue
		}
		a.add(who, sc.PerMarker, t.ID, say("score.marker", sc.Cite+"; "+CiteWithin, ids, t.ID, len(n[0]), len(n[1]), inches, colourWord(who), sc.PerMarker))
	}
	return a, nil
}

// primaryMarker is the id of the round's primary marker: the left, middle or right one of three
// markers as blue sees them (ordered by x from blue's left: smallest x when blue's edge is south,
// largest when north), or "" when there is none.
func (w *World) primaryMarker(g *table.Game, markers []*Token) string {
	if g.Primary == "" || len(markers) != 3 {
		return ""
	}
	order := append([]*Token(nil), markers...)
	north := w.File.Setup != nil && w.File.Setup.BlueEdge == BlueNorth
	sort.Slice(order, func(i, j int) bool {
		if north {
			return order[i].X > order[j].X
		}
		return order[i].X < order[j].X
	})
	switch g.Primary {
	case "left":
		return order[0].ID
	case "middle":
		return order[1].ID
	case "right":
		return order[2].ID
	}
	return ""
}

// cardWord is a card's or mission's name as a word argument.
func cardWord(n maps.CardName) word { return word{n.EN, n.DE} }

var sideWords = map[string]word{"left": {"left", "linke"}, "middle": {"middle", "mittlere"}, "right": {"right", "rechte"}}

// SetPrimary is blue's primary-objective roll in Shifting Priorities (SO L386–394): from the
// mission's first round with a primary, at the start of the command phase, the face of its die
// chooses the left, middle or right marker, or none.
func (w *World) SetPrimary(face string) (Step, error) {
	g, err := w.game()
	if err != nil {
		return Step{}, err
	}
	m, err := w.mission()
	if err != nil {
		return Step{}, err
	}
	if m.Primary == nil {
		return Step{}, fmt.Errorf("mission %s has no primary objective", m.ID)
	}
	if err := needPhase(g, table.PhaseCommand); err != nil {
		return Step{}, err
	}
	key := face
	if face == maps.SymCritical {
		key = "crit"
	}
	which, ok := m.Primary.Faces[key]
	if !ok {
		return Step{}, fmt.Errorf("%q is not a face of the %s die", face, m.Primary.Die)
	}
	if g.Round < m.Primary.From {
		return Step{}, fmt.Errorf("no primary objective before round %d (%s)", m.Primary.From, m.Primary.Cite)
	}
	f, err := w.next()
	if err != nil {
		return Step{}, err
	}
	f.Game.Primary = which
	if which == "" {
		return done(f, nil, []Reason{say("score.noPrimary", m.Primary.Cite, nil, face)})
	}
	return done(f, nil, []Reason{say("score.primary", m.Primary.Cite, nil, face, sideWords[which])})
}
