package ops

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"holotable/table"
)

// Custom dice saved with the table (table.File.Dice, docs/format-dice.md): dice.set adds a die or
// replaces the table's die with its id, dice.delete removes one. A table die with a built-in die's
// id replaces the built-in in what the table offers (rules.DiceFor, D21). Both are undone like any
// op: the dice list is put back as it was.

const (
	KindDiceSet    Kind = "dice.set"
	KindDiceDelete Kind = "dice.delete"
)

// DiceSet saves Die under the id DieID: added at the end of the table's dice, or in the place of
// the die with that id.
type DiceSet struct {
	DieID string    `op:"dieId"`
	Die   table.Die `op:"die"`
}

// DiceDelete removes the table's die DieID.
type DiceDelete struct {
	DieID string `op:"dieId"`
}

func init() {
	Register[DiceSet](KindDiceSet)
	Register[DiceDelete](KindDiceDelete)
	RegisterWords(map[string][2]string{
		"op.dice.set":    {"save die %s", "Würfel %s speichern"},
		"op.dice.delete": {"delete die %s", "Würfel %s löschen"},
	})
}

func (o *DiceSet) Kind() Kind    { return KindDiceSet }
func (o *DiceDelete) Kind() Kind { return KindDiceDelete }
func (o *DiceSet) Describe() Words {
	return Words{Key: "op.dice.set", Args: []any{o.DieID}}
}
func (o *DiceDelete) Describe() Words {
	return Words{Key: "op.dice.delete", Args: []any{o.DieID}}
}

// dieAt is the index of the table's die id, or -1.
func dieAt(f *table.File, id string) int {
	return slices.IndexFunc(f.Dice, func(d table.Die) bool { return d.ID == id })
}

func (o *DiceSet) Plan(s *State) (Patch, error) {
	f := s.File()
	d := o.Die
	d.ID = o.DieID
	i := dieAt(f, d.ID)
	// The file with the die in place must save (Save loads what it writes: the die's full check —
	// its id, symbols for its system, counts adding up to its sides, the table's limit of dice).
	g := *f
	g.Dice = slices.Clone(f.Dice)
	if i >= 0 {
		g.Dice[i] = d
	} else {
		g.Dice = append(g.Dice, d)
	}
	if _, err := table.Save(&g); err != nil {
		return Patch{}, dieFault(err, slices.IndexFunc(g.Dice, func(x table.Die) bool { return x.ID == d.ID }))
	}
	e := &dieEdit{field: "die", at: len(f.Dice), to: &d}
	if i >= 0 {
		e.at, e.from = i, &f.Dice[i]
	}
	return Patch{[]edit{e}}, nil
}

// dieFault names the op's field for a fault the table check found in the die at index i of the
// table's dice: "dice[i].faces" is the op's "die.faces", "dice[i].id" its "dieId".
func dieFault(err error, i int) *Refusal {
	var te *table.Error
	if !errors.As(err, &te) {
		return tableFault("die", err)
	}
	rest, ok := strings.CutPrefix(te.Field, fmt.Sprintf("dice[%d]", i))
	switch {
	case !ok:
		return tableFault("die", err)
	case rest == ".id":
		return refuse("dieId", codeTable, CiteFormat, te.Fault)
	}
	return refuse(join("die", strings.TrimPrefix(rest, ".")), codeTable, CiteFormat, te.Fault)
}

func (o *DiceDelete) Plan(s *State) (Patch, error) {
	f := s.File()
	i := dieAt(f, o.DieID)
	if i < 0 {
		return Patch{}, formatFault("dieId", "no die %q in the table", o.DieID)
	}
	return Patch{[]edit{&dieEdit{field: "dieId", at: i, from: &f.Dice[i]}}}, nil
}

// dieEdit replaces (from and to), inserts (to only, at index at) or removes (from only) one of the
// table's dice.
type dieEdit struct {
	field    string
	at       int
	from, to *table.Die
}

func (e *dieEdit) apply(b *builder) error {
	f := &b.f // the dice list is replaced, never changed in place: the file patched keeps its own
	if e.from != nil {
		if e.at >= len(f.Dice) || !reflect.DeepEqual(f.Dice[e.at], *e.from) {
			return conflict(e.field, "die", e.from.ID)
		}
	}
	dice := slices.Clone(f.Dice)
	switch {
	case e.from != nil && e.to != nil:
		dice[e.at] = *e.to
	case e.to != nil:
		dice = insertAt(dice, e.at, *e.to)
	default:
		dice = slices.Delete(dice, e.at, e.at+1)
	}
	if len(dice) == 0 {
		dice = nil // a file without dice has a nil list (table.Load)
	}
	f.Dice = dice
	return nil
}

func (e *dieEdit) inverse() edit { return &dieEdit{field: e.field, at: e.at, from: e.to, to: e.from} }

func (e *dieEdit) ids(add func(string)) {}

func (e *dieEdit) written() (string, checkTarget) { return e.field, checkTarget{} }
