package rules

import (
	"fmt"
	"slices"
	"strings"

	"holotable/table"
)

// The game: every step of a round as a pure function of the table (its game state, table.Game,
// and its minis) and the step's choices, answering either the table after the step or a Refusal
// with the rule and its rulebook line. A step never changes its World or File: it works on a copy
// (through Save and Load, so the result is a valid table file) and returns it in a Step. Each step
// is one operation of the log: its arguments are the operation's fields, its Refusal the
// operation's, and Step.Changed names what a patch has to carry (the game state, always, and
// these units). Random choices (a drawn order token, a rolled die) are arguments: the caller rolls
// them (Roller, seeded) and the step checks them.
//
// Files: game.go (Step, Refusal, look-ups), game_words.go (English and German sentences),
// game_start.go (deploying the reserve, starting the game), game_command.go (command phase),
// game_activation.go (activation phase, rally), game_courage.go (suppression, panic),
// game_tokens.go, game_end.go (end phase, winner), game_score.go (objective and mission scoring),
// game_permission.go (whose change it is), attack*.go (the attack assistant).

// Step is the result of a game step: the table after it, what it changed, and why.
type Step struct {
	File *table.File
	// Changed lists the units on the table (or leaving it) whose table entry the step changed,
	// sorted; the game state (File.Game) is always replaced.
	Changed []string
	Reasons []Reason
}

// Refusal is why a game step is not allowed: its reasons, the last with the rule it breaks. A
// refused step changes nothing.
type Refusal struct{ Reasons []Reason }

// Error is the reasons' sentences on one line, with the last one's citation in brackets.
func (r *Refusal) Error() string {
	parts := make([]string, len(r.Reasons))
	for i, x := range r.Reasons {
		parts[i] = x.Text
	}
	s := strings.Join(parts, "; ")
	if n := len(r.Reasons); n > 0 && r.Reasons[n-1].Cite != "" {
		s += " [" + r.Reasons[n-1].Cite + "]"
	}
	return s
}

// refuse is a Refusal with one reason of GameWords.
func refuse(code Code, cite string, ids []string, args ...any) *Refusal {
	return &Refusal{Reasons: []Reason{say(code, cite, ids, args...)}}
}

// game is the file's game state, or a refusal when the table has none.
func (w *World) game() (*table.Game, error) {
	if w.File.Game == nil {
		return nil, refuse("game.none", CiteGameFormat, nil)
	}
	return w.File.Game, nil
}

// gameIn is the game state when the game is in phase ph and c is blue or red, else a refusal.
func (w *World) gameIn(ph table.GamePhase, c table.Colour) (*table.Game, error) {
	g, err := w.game()
	if err != nil {
		return nil, err
	}
	if err := needPhase(g, ph); err != nil {
		return nil, err
	}
	if err := needColour(c); err != nil {
		return nil, err
	}
	return g, nil
}

// record is the game record of unit id, or a refusal.
func (w *World) record(id string) (*table.GameUnit, error) {
	g, err := w.game()
	if err != nil {
		return nil, err
	}
	if r := g.Unit(id); r != nil {
		return r, nil
	}
	return nil, refuse("game.noRecord", CiteGameFormat, []string{id}, id)
}

// ColourOfUnit is the colour of a unit by its game record (NoColour without a game or record).
func (w *World) ColourOfUnit(id string) table.Colour {
	if g := w.File.Game; g != nil {
		if r := g.Unit(id); r != nil {
			return r.Colour
		}
	}
	return table.NoColour
}

// unitsOf lists the units of colour on the table, in table order.
func (w *World) unitsOf(c table.Colour) []*Unit {
	var out []*Unit
	for _, u := range w.Units {
		if w.ColourOfUnit(u.ID) == c {
			out = append(out, u)
		}
	}
	return out
}

// needPhase refuses unless the game is in phase ph.
func needPhase(g *table.Game, ph table.GamePhase) error {
	if g.Phase != ph {
		return refuse("game.phase", CiteRound, nil, phaseWord(ph), phaseWord(g.Phase))
	}
	return nil
}

// needColour refuses a colour that is neither blue nor red.
func needColour(c table.Colour) error {
	if c != table.Blue && c != table.Red {
		return refuse("game.colour", CiteGameFormat, nil, c.String())
	}
	return nil
}

// RoundCounter is the colour holding the round counter in round n: blue takes it in setup step 9
// and it passes to the opponent in every end phase (CiteRoundCounter), so blue holds it in odd
// rounds.
func RoundCounter(round int) table.Colour {
	if round%2 == 1 {
		return table.Blue
	}
	return table.Red
}

// next is the working copy of the world's file that a step changes (a deep copy: table.Clone).
func (w *World) next() (*table.File, error) {
	return table.Clone(w.File), nil
}

// done checks the changed copy f — its game read back as Load reads it (table.ReloadGame, which
// also puts it in a loaded file's form) and each changed unit on the table as Load would read it
// (table.CheckUnit) — and returns the step. A step changes only the game and the units it names
// (what ops' stepPatch takes from it; the rest of f is the loaded file's clone), so this is what
// a whole-file Save and Load checked, at a fraction of the cost (D92: a replayed game op's time was
// two-thirds that Reload). A copy the format refuses is a bug of the step, reported as an error
// (not a refusal).
func done(f *table.File, changed []string, reasons []Reason) (Step, error) {
	g, err := table.ReloadGame(f)
	if err != nil {
		return Step{}, fmt.Errorf("rules: a game step made an invalid table: %v", err)
	}
	f.Game = g
	for _, id := range changed {
		if i := f.UnitIndex(id); i >= 0 {
			if err := table.CheckUnit(f.UnitsOnTable[i], f); err != nil {
				return Step{}, fmt.Errorf("rules: a game step made an invalid unit: %v", err)
			}
		}
	}
	return Step{File: f, Changed: sortedUnique(changed), Reasons: reasons}, nil
}

// sortedUnique is ids sorted, each once (nil for none).
func sortedUnique(ids []string) []string {
	if len(ids) == 0 {
		return nil
	}
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// CheckGame checks what the file's game state means beyond its shape: every unit on the table
// has a game record once the game has started, and its colour's side name is the unit's side; a
// side's commander is its own commander or operative; priority, turn and the active unit fit the
// phase. Table.Load has checked the shape. The error is one line naming the field.
func CheckGame(f *table.File) error {
	g := f.Game
	if g == nil {
		return nil
	}
	for i, u := range f.UnitsOnTable {
		r := g.Unit(u.ID)
		if r == nil {
			if g.Phase != table.PhaseSetup {
				return fmt.Errorf("units_on_table[%d]: unit %q has no game record (game.units)", i, u.ID)
			}
			continue
		}
		if s := g.Side(r.Colour); s.Side != "" && u.Side != s.Side {
			return fmt.Errorf("units_on_table[%d].side: %q, but its record is %s's, whose side is %q", i, u.Side, r.Colour, s.Side)
		}
	}
	for _, c := range table.Colours {
		s := g.Side(c)
		if s.Commander == "" {
			continue
		}
		r := g.Unit(s.Commander)
		if r == nil || r.Colour != c || (r.Rank != table.RankCommander && r.Rank != table.RankOperative && r.Tokens[table.TokenCommander] == 0) {
			return fmt.Errorf("game.sides.%s.commander: %q is not a commander or operative of %s", c, s.Commander, c)
		}
	}
	switch g.Phase {
	case table.PhaseSetup:
		if g.Priority != table.NoColour || g.Turn != table.NoColour || g.Active != "" {
			return fmt.Errorf("game.phase: a game being set up has no priority, turn or active unit")
		}
	case table.PhaseActivation:
		if g.Turn == table.NoColour {
			return fmt.Errorf("game.turn: the activation phase needs the colour whose turn it is")
		}
	}
	if g.Active != "" {
		if r := g.Unit(g.Active); r == nil || r.Colour != g.Turn {
			return fmt.Errorf("game.active: %q is not a unit of %s, whose turn it is", g.Active, g.Turn)
		}
	}
	return nil
}
