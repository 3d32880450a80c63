package ops

import (
	"holotable/rules"
	"holotable/table"
)

// The end of a round (RRG 2.0 Endphase L5471–5512, rules/game_end.go, rules/game_score.go).
const (
	// KindGameScore gives a side victory points (rules.World.AwardVictoryPoints): what the round's
	// scoring answers (rules.World.ScoreRound, whose reasons the op carries on), or what the
	// players decide instead (the Golden Rule, CiteGoldenRule: a VP the table does not score).
	// Any side enters it.
	KindGameScore Kind = "game.score"
	// KindGameEndRound is the end phase (rules.World.EndRound): cards discarded, tokens removed,
	// order tokens back, a side without a commander promoting the unit named, then the next round
	// or the end of the game. Any side ends it.
	KindGameEndRound Kind = "game.endRound"
	// KindGamePrimary is blue's primary-objective roll in the Spezialeinsätze mission Shifting
	// Priorities (rules.World.SetPrimary): the die's face.
	KindGamePrimary Kind = "game.primary"
)

// GameScore gives Colour VP victory points (negative: takes them away).
type GameScore struct {
	Colour table.Colour `op:"colour"`
	VP     int          `op:"vp"`
}

// GameEndRound ends the round; Promote names, per side that must promote, its new commander.
type GameEndRound struct {
	Promote []Promotion `op:"promote,omitempty"`
}

// Promotion is one side's unit promoted to commander.
type Promotion struct {
	Colour table.Colour `op:"colour"`
	Unit   string       `op:"unit"`
}

// GamePrimary is the primary objective die's Face.
type GamePrimary struct {
	Face string `op:"face"`
}

const codeOverrule = "game.overrule"

func init() {
	Register[GameScore](KindGameScore)
	Register[GameEndRound](KindGameEndRound)
	Register[GamePrimary](KindGamePrimary)
	RegisterWords(map[string][2]string{
		"op.game.score":    {"%s: %+d victory points", "%s: %+d Siegpunkte"},
		"op.game.endRound": {"end of the round", "Ende der Runde"},
		"op.game.primary":  {"primary objective roll: %s", "Wurf für das Hauptziel: %s"},
		"reason." + codeOverrule: {"the players give %s %d victory points; the table scores %d",
			"die Spieler geben %s %d Siegpunkte; der Tisch wertet %d"},
	})
}

func (o *GameScore) Kind() Kind { return KindGameScore }
func (o *GameScore) Describe() Words {
	return Words{Key: "op.game.score", Args: []any{colourWords(o.Colour), o.VP}}
}

// Why is what the op's victory points rest on: the scoring's lines for the colour when the op
// gives what the table scores, else the players' decision beside what the table scores.
func (o *GameScore) Why(s *State) []rules.Reason {
	sc, err := s.World().ScoreRound()
	if err != nil {
		return nil
	}
	scored := sc.VP[int(o.Colour)-1]
	if scored != o.VP {
		return []rules.Reason{Reason(codeOverrule, rules.CiteGoldenRule, colourWords(o.Colour), o.VP, scored)}
	}
	var out []rules.Reason
	for _, l := range sc.Lines {
		if l.Colour == o.Colour {
			out = append(out, l.Reasons...)
		}
	}
	return out
}

func (o *GameScore) Plan(s *State) (Patch, error) {
	if err := needColour("colour", o.Colour); err != nil {
		return Patch{}, err
	}
	if o.VP == 0 {
		return Patch{}, refuse("vp", codeGameField, rules.CiteGameFormat, "must not be 0")
	}
	why := o.Why(s)
	return gameStep(s, "vp", table.NoColour, func(w *rules.World) (rules.Step, error) {
		return w.AwardVictoryPoints(o.Colour, o.VP, why)
	})
}

func (o *GameEndRound) Kind() Kind      { return KindGameEndRound }
func (o *GameEndRound) Describe() Words { return Words{Key: "op.game.endRound"} }

func (o *GameEndRound) Plan(s *State) (Patch, error) {
	var promote map[table.Colour]string
	for i, p := range o.Promote {
		if err := needColour(index("promote", i)+".colour", p.Colour); err != nil {
			return Patch{}, err
		}
		if promote == nil {
			promote = map[table.Colour]string{}
		}
		if _, twice := promote[p.Colour]; twice {
			return Patch{}, refuse(index("promote", i)+".colour", codeGameField, rules.CitePromote, "one promotion per side")
		}
		promote[p.Colour] = p.Unit
	}
	return gameStep(s, "promote", table.NoColour, func(w *rules.World) (rules.Step, error) {
		return w.EndRound(promote)
	})
}

func (o *GamePrimary) Kind() Kind      { return KindGamePrimary }
func (o *GamePrimary) Describe() Words { return Words{Key: "op.game.primary", Args: []any{o.Face}} }

func (o *GamePrimary) Plan(s *State) (Patch, error) {
	return gameStep(s, "face", table.Blue, func(w *rules.World) (rules.Step, error) {
		return w.SetPrimary(o.Face)
	})
}
