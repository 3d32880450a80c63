package ops

import (
	"errors"
	"reflect"
	"slices"

	"holotable/rules"
	"holotable/table"
)

// The game's ops (issue 15): every step a player takes in a game — importing an army list into
// the reserve, deploying, the command phase, activations, tokens, the attack assistant's result,
// the end phase and its scoring — is an op of its own kind (game_*.go), planned by the rules'
// game step of the same name (rules/game_*.go, rules/attack*.go). The rules answer a Step (the
// table after it, the units on the table it changed) or a *rules.Refusal; the op turns the step
// into a Patch (stepPatch) and the refusal into a *Refusal naming the op's field, with the rules'
// reasons and citations unchanged.
//
// Who may act (CiteOwnUnits): an op whose author is a side's colour word ("blue" or "red") acts
// for that side, and is refused when the step is the other side's — its command card, its orders,
// its turn, its unit. Any other author (a hot-seat screen's "local", a name) acts for both sides:
// one screen, both players. Steps of the whole table (starting the game, ending the round, the
// tie's roll, scoring) are any side's. This is the check a server enforces by setting each
// connection's ops' author to the side it plays (docs/format-ops.md, D70).

// Codes of the game ops' own refusals (the rest are the rules').
const (
	codeNotActor  = "game.actor"  // an author acting for the other side
	codeGameRules = "game.rules"  // a rules error that is not a refusal
	codeGameField = "game.field"  // a value of the op the rules do not know
	codeGameList  = "game.list"   // an army list that cannot be imported
	codeGameSetup = "game.setupT" // a deployment out of the setup's turn
)

func init() {
	RegisterWords(map[string][2]string{
		"reason." + codeNotActor: {"%s may not act for %s here: only the side whose turn, unit or choice it is acts",
			"%s darf hier nicht für %s handeln: nur die Seite, deren Zug, Einheit oder Wahl es ist, handelt"},
		"reason." + codeGameRules: {"%s", "%s"},
		"reason." + codeGameField: {"%s", "%s"},
		"reason." + codeGameList:  {"the list cannot be imported: %s", "die Liste lässt sich nicht importieren: %s"},
		"reason." + codeGameSetup: {"it is %s's turn to deploy, not %s's", "%s stellt gerade auf, nicht %s"},
	})
}

// AuthorSide is the side an op's author acts for: Blue or Red for the authors "blue" and "red",
// NoColour (both sides: hot seat) for any other author.
func AuthorSide(author string) table.Colour {
	c, err := table.ParseColour(author)
	if err != nil {
		return table.NoColour
	}
	return c
}

// needActor refuses the op (at field) when its author acts for a side other than c.
func needActor(s *State, field string, c table.Colour) error {
	a := AuthorSide(s.author)
	if a == table.NoColour || c == table.NoColour || a == c {
		return nil
	}
	return refuse(field, codeNotActor, rules.CiteOwnUnits, colourWords(a), colourWords(c))
}

// needUnitActor refuses the op when its author acts for a side other than the owner of unit
// (by its game record).
func needUnitActor(s *State, field, unit string) error {
	return needActor(s, field, s.World().ColourOfUnit(unit))
}

// stepFault is a game step's error as a refusal at field: the rules' reasons for a refusal, else
// the error's sentence.
func stepFault(field string, err error) error {
	var r *rules.Refusal
	if errors.As(err, &r) {
		return refuseWith(field, r.Reasons)
	}
	return refuse(field, codeGameRules, rules.CiteGameFormat, err.Error())
}

// stepPatch is the patch that turns s's file into the step's: the game state replaced, and each
// unit the step changed put in, taken off or changed (its own fields, and its minis one by one).
func stepPatch(s *State, st rules.Step) Patch {
	f, g := s.File(), st.File
	p := Patch{[]edit{&gameEdit{field: "game", from: f.Game, to: g.Game}}}
	for _, id := range st.Changed {
		i, j := unitAt(f, id), unitAt(g, id)
		switch {
		case i < 0 && j >= 0:
			p.edits = append(p.edits, &unitEdit{field: "game", at: j, to: &g.UnitsOnTable[j]})
		case i >= 0 && j < 0:
			p.edits = append(p.edits, &unitEdit{field: "game", at: i, from: &f.UnitsOnTable[i]})
		case i >= 0:
			p.edits = append(p.edits, unitChanges(&f.UnitsOnTable[i], &g.UnitsOnTable[j], i)...)
		}
	}
	p.edits[0].(*gameEdit).step = len(p.edits)
	return p
}

// unitChanges are the edits from unit a to unit b (the same id, at index at): its own fields,
// then each mini changed, then the minis b lacks taken off, the last first. A unit whose minis b
// adds or reorders is taken off and put back whole.
func unitChanges(a, b *table.Unit, at int) []edit {
	var kept []string
	for _, m := range a.Minis {
		if miniAt(b, m.ID) >= 0 {
			kept = append(kept, m.ID)
		}
	}
	if !slices.Equal(kept, miniIDs(b)) {
		return []edit{&unitEdit{field: "game", at: at, from: a}, &unitEdit{field: "game", at: at, to: b}}
	}
	var out []edit
	if !reflect.DeepEqual(head(*a), head(*b)) {
		out = append(out, &unitEdit{field: "game", at: at, from: a, to: b})
	}
	for i := range a.Minis {
		if k := miniAt(b, a.Minis[i].ID); k >= 0 && a.Minis[i] != b.Minis[k] {
			out = append(out, &miniEdit{field: "game", unit: a.ID, at: i, from: &a.Minis[i], to: &b.Minis[k]})
		}
	}
	for i := len(a.Minis) - 1; i >= 0; i-- {
		if miniAt(b, a.Minis[i].ID) < 0 {
			out = append(out, &miniEdit{field: "game", unit: a.ID, at: i, from: &a.Minis[i]})
		}
	}
	return out
}

// gameEdit replaces the game state (nil: none). It applies only to a file whose game is exactly
// from: a game step follows the one before it, and an undo is refused once the game has moved on.
type gameEdit struct {
	field    string
	from, to *table.Game
	// step, on the first edit of a patch a rules step made (stepPatch), is how many edits that
	// step made: rules.done read the game back against the table the step made (table.ReloadGame
	// checks what the game names as CheckGameRefs does), so Patch.check does not check those
	// again (it was ~16 % of a native game op). An inverse (an undo) is checked in full.
	step int
}

func (e *gameEdit) apply(b *builder) error {
	if !reflect.DeepEqual(b.f.Game, e.from) {
		return conflict(e.field, "game", "game")
	}
	b.f.Game = e.to
	return nil
}

func (e *gameEdit) inverse() edit { return &gameEdit{field: e.field, from: e.to, to: e.from} }

func (e *gameEdit) ids(func(string)) {}

// written: the game itself is checked by the rules' step (rules.done reads it back against the
// table it made); what it names is checked by Patch.check's CheckGameRefs unless a step made it
// (step).
func (e *gameEdit) written() (string, checkTarget) { return e.field, checkTarget{} }

// gameStep plans a game op: its author must act for actor (NoColour: any side), then run makes
// the rules' step on s's world; a refusal names field.
func gameStep(s *State, field string, actor table.Colour, run func(w *rules.World) (rules.Step, error)) (Patch, error) {
	if err := needActor(s, field, actor); err != nil {
		return Patch{}, err
	}
	st, err := run(s.World())
	if err != nil {
		return Patch{}, stepFault(field, err)
	}
	return stepPatch(s, st), nil
}
