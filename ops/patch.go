package ops

import (
	"errors"
	"reflect"
	"regexp"
	"slices"

	"holotable/table"
)

// Patch is what an op does to a file: its edits, in order. Each edit replaces, inserts or removes
// one entity — a terrain piece, a unit (with its minis, or only its own fields), a mini, a token,
// the setup, or the whole file — and holds the entity as it is before and as it will be after, so
// a patch applies only to a file whose entities are what it expects, and its Inverse puts them
// back exactly (at the same index in their list).
//
// The entity values in a patch are shared with the files it builds and with the log that keeps
// it: they are never changed after the patch is made.
type Patch struct{ edits []edit }

// Len is the number of edits.
func (p Patch) Len() int { return len(p.edits) }

// Inverse is the patch that undoes p: its edits inverted, in reverse order.
func (p Patch) Inverse() Patch {
	out := make([]edit, len(p.edits))
	for i, e := range p.edits {
		out[len(p.edits)-1-i] = e.inverse()
	}
	return Patch{out}
}

// Then is p followed by q.
func (p Patch) Then(q Patch) Patch {
	return Patch{append(slices.Clip(p.edits), q.edits...)}
}

// IDs lists, sorted, the ids of the pieces, units, minis and tokens the patch changes (a unit
// whose own fields change brings all its minis); what a view of the table has to look at again.
func (p Patch) IDs() []string {
	var out []string
	add := addOnce(&out)
	for _, e := range p.edits {
		e.ids(add)
	}
	slices.Sort(out)
	return out
}

// addOnce is a function that appends a non-empty id to *out unless it is there.
func addOnce(out *[]string) func(string) {
	return func(id string) {
		if id != "" && !slices.Contains(*out, id) {
			*out = append(*out, id)
		}
	}
}

// Whole reports whether the patch replaces the whole file (an import).
func (p Patch) Whole() bool {
	return slices.ContainsFunc(p.edits, func(e edit) bool { _, ok := e.(*fileEdit); return ok })
}

// Setup reports whether the patch changes the setup (or the whole file).
func (p Patch) Setup() bool {
	return slices.ContainsFunc(p.edits, func(e edit) bool {
		switch e.(type) {
		case *setupEdit, *fileEdit:
			return true
		}
		return false
	})
}

// edit is one change of a patch.
type edit interface {
	// apply makes the change in b when b holds what the edit expects (else a conflict refusal).
	apply(b *builder) error
	inverse() edit
	ids(add func(string))
	// written is the op field the entity came from (for faults) and what to check.
	written() (field string, check checkTarget)
}

// checkTarget is what an edit asks to be checked once the whole patch is applied.
type checkTarget struct {
	piece *table.Terrain
	unit  string // a unit id: the unit as a whole (its minis on the table, one leader, …)
	mini  string // the mini of unit that the edit wrote (faults inside it are the edit's)
	token *table.Token
	setup bool
	ids   []string // ids the edit introduces, each to be used once in the file
	kind  string   // what the edit introduces them as ("terrain piece", "unit", "mini", "token")
}

// apply applies p to f: the new file (f is not changed; unchanged parts are shared), or the first
// conflict. With check, every entity the patch writes is checked as table.Load would, and the ids
// it introduces must be free; a fault is a *Refusal naming the op field. Without check (a drag
// preview), the file is returned together with the first fault.
func (p Patch) apply(f *table.File, check bool) (*table.File, error) {
	d, err := p.applyDoc(doc{file: f}, check)
	return d.file, err
}

// applyDoc is apply to a file and the grid table beside it.
func (p Patch) applyDoc(d doc, check bool) (doc, error) {
	b := &builder{f: *d.file, grid: d.grid}
	for _, e := range p.edits {
		if err := e.apply(b); err != nil {
			return doc{}, err
		}
	}
	out := doc{b.file(), b.grid}
	err := p.check(out.file)
	if err == nil {
		err = p.checkGrid(out.grid)
	}
	if err != nil && check {
		return doc{}, err
	}
	return out, err
}

// doc is what a patch applies to: the table file and the grid table beside it (nil: none).
type doc struct {
	file *table.File
	grid *table.SWMFile
}

var miniPrefix = regexp.MustCompile(`^minis\[[0-9]+\]`)

// check checks every entity the patch wrote in the patched file f.
func (p Patch) check(f *table.File) error {
	checkedUnits := map[string]bool{}
	for _, e := range p.edits {
		field, c := e.written()
		switch {
		case c.piece != nil:
			if err := table.CheckTerrain(*c.piece, f); err != nil {
				return tableFault(field, err)
			}
		case c.token != nil:
			if err := table.CheckToken(*c.token, f); err != nil {
				return tableFault(field, err)
			}
		case c.setup:
			if err := table.CheckSetup(f.Setup); err != nil {
				return tableFault(field, err)
			}
		}
		if c.unit != "" && !checkedUnits[c.unit] {
			checkedUnits[c.unit] = true
			if ref, ok := f.Lookup(c.unit); ok && ref.Unit != nil {
				if err := table.CheckUnit(*ref.Unit, f); err != nil {
					var te *table.Error
					if c.mini != "" && errors.As(err, &te) {
						// A fault inside a mini: name it by the op's field for that mini.
						te2 := *te
						te2.Field = miniPrefix.ReplaceAllString(te.Field, "")
						if len(te2.Field) > 0 && te2.Field[0] == '.' {
							te2.Field = te2.Field[1:]
						}
						return tableFault(field, &te2)
					}
					return tableFault(field, err)
				}
			}
		}
		for i, id := range c.ids {
			self := c.kind
			if i > 0 { // a unit's minis
				self = "mini"
			}
			if others := usesOf(f, id, self); len(others) > 0 {
				return refuse(field, codeIDTaken, CiteFormat, id, thing(others[0]))
			}
		}
	}
	// The game's state names units, minis and tokens: what it names must stay (checked as Load
	// does, when the patch adds, removes or renames one, or changes the setup or the file).
	if f.Game != nil {
		stepped := 0 // leading edits a rules step made and checked
		if g, ok := first(p.edits).(*gameEdit); ok {
			stepped = g.step
		}
		for i, e := range p.edits {
			if i < stepped || !namesChange(e) {
				continue
			}
			if err := checkGameRefs(f); err != nil {
				field, _ := p.edits[0].written()
				var te *table.Error
				if errors.As(err, &te) {
					return refuse(field, codeGame, CiteFormat, te.Error())
				}
				return refuse(field, codeGame, CiteFormat, err.Error())
			}
			break
		}
	}
	return nil
}

// checkGameRefs is table.CheckGameRefs (a variable so that a test can count the calls).
var checkGameRefs = table.CheckGameRefs

// namesChange reports whether e adds, removes or renames a unit, mini or token, or replaces the
// setup or the whole file: what the game state may name.
func namesChange(e edit) bool {
	switch e := e.(type) {
	case *pieceEdit:
		return false
	case *unitEdit:
		return e.from == nil || e.to == nil || e.from.ID != e.to.ID
	case *miniEdit:
		return e.from == nil || e.to == nil || e.from.ID != e.to.ID
	case *tokenEdit:
		return e.from == nil || e.to == nil || e.from.ID != e.to.ID
	case *gridEdit:
		return false
	}
	return true
}

// usesOf lists what id names in f (table ids share one namespace) besides one thing of kind self.
func usesOf(f *table.File, id, self string) []string {
	var out []string
	hit := func(kind string) {
		if kind == self {
			self = ""
			return
		}
		out = append(out, kind)
	}
	for i := range f.Terrain {
		if f.Terrain[i].ID == id {
			hit("terrain piece")
		}
	}
	for i := range f.UnitsOnTable {
		u := &f.UnitsOnTable[i]
		if u.ID == id {
			hit("unit")
		}
		for j := range u.Minis {
			if u.Minis[j].ID == id {
				hit("mini")
			}
		}
	}
	for i := range f.Tokens {
		if f.Tokens[i].ID == id {
			hit("token")
		}
	}
	if slices.Contains(f.Game.IDs(), id) {
		hit("game")
	}
	if slices.Contains(f.CarriedIDs(), id) {
		hit("carried unit")
	}
	return out
}

// builder builds a patched file copy-on-write: a list is copied the first time an edit changes
// it, so the file patched and every entity value stay as they were.
type builder struct {
	f                               table.File
	grid                            *table.SWMFile // never changed in place: edits replace it
	ownTerrain, ownUnits, ownTokens bool
	ownMinis                        []string // units whose Minis slice is this builder's
}

func (b *builder) file() *table.File {
	f := b.f
	return &f
}

func (b *builder) terrain() []table.Terrain {
	if !b.ownTerrain {
		b.f.Terrain, b.ownTerrain = slices.Clone(b.f.Terrain), true
	}
	return b.f.Terrain
}

func (b *builder) units() []table.Unit {
	if !b.ownUnits {
		b.f.UnitsOnTable, b.ownUnits = slices.Clone(b.f.UnitsOnTable), true
	}
	return b.f.UnitsOnTable
}

func (b *builder) tokens() []table.Token {
	if !b.ownTokens {
		b.f.Tokens, b.ownTokens = slices.Clone(b.f.Tokens), true
	}
	return b.f.Tokens
}

// minis is the Minis slice of unit i, the builder's own.
func (b *builder) minis(i int) *table.Unit {
	u := &b.units()[i]
	if !slices.Contains(b.ownMinis, u.ID) {
		u.Minis = slices.Clone(u.Minis)
		b.ownMinis = append(b.ownMinis, u.ID)
	}
	return u
}

func pieceAt(f *table.File, id string) int {
	return slices.IndexFunc(f.Terrain, func(t table.Terrain) bool { return t.ID == id })
}

func unitAt(f *table.File, id string) int {
	return slices.IndexFunc(f.UnitsOnTable, func(u table.Unit) bool { return u.ID == id })
}

func tokenAt(f *table.File, id string) int {
	return slices.IndexFunc(f.Tokens, func(t table.Token) bool { return t.ID == id })
}

func miniAt(u *table.Unit, id string) int {
	return slices.IndexFunc(u.Minis, func(m table.Mini) bool { return m.ID == id })
}

// insertAt inserts v into s at i, clamped to [0, len(s)].
func insertAt[T any](s []T, i int, v T) []T {
	return slices.Insert(s, max(0, min(i, len(s))), v)
}

func conflict(field, what, id string) *Refusal {
	return refuse(field, codeConflict, CiteOps, thing(what), id)
}

// --- the edits -----------------------------------------------------------------------------------

// pieceEdit replaces (from and to), inserts (to only, at index at) or removes (from only) a
// terrain piece.
type pieceEdit struct {
	field    string
	at       int
	from, to *table.Terrain
}

func (e *pieceEdit) id() string {
	if e.to != nil {
		return e.to.ID
	}
	return e.from.ID
}

func (e *pieceEdit) apply(b *builder) error {
	i := pieceAt(&b.f, e.id())
	switch {
	case e.from == nil:
		if i >= 0 {
			return refuse(e.field, codeIDTaken, CiteFormat, e.id(), thing("terrain piece"))
		}
		b.f.Terrain = insertAt(b.terrain(), e.at, *e.to)
	case i < 0 || !reflect.DeepEqual(b.f.Terrain[i], *e.from):
		return conflict(e.field, "terrain piece", e.id())
	case e.to == nil:
		b.f.Terrain = slices.Delete(b.terrain(), i, i+1)
	default:
		b.terrain()[i] = *e.to
	}
	return nil
}

func (e *pieceEdit) inverse() edit {
	return &pieceEdit{field: e.field, at: e.at, from: e.to, to: e.from}
}

func (e *pieceEdit) ids(add func(string)) { add(e.id()) }

func (e *pieceEdit) written() (string, checkTarget) {
	if e.to == nil {
		return e.field, checkTarget{}
	}
	c := checkTarget{piece: e.to, kind: "terrain piece"}
	if e.from == nil {
		c.ids = []string{e.to.ID}
	}
	return e.field, c
}

// unitEdit inserts (to only) or removes (from only) a unit with its minis, or (both) replaces the
// unit's own fields, leaving its minis as they are (Minis of from and to are not looked at).
type unitEdit struct {
	field    string
	at       int
	from, to *table.Unit
}

func (e *unitEdit) id() string {
	if e.to != nil {
		return e.to.ID
	}
	return e.from.ID
}

// head is u without its minis, for comparing a unit's own fields.
func head(u table.Unit) table.Unit {
	u.Minis = nil
	return u
}

func (e *unitEdit) apply(b *builder) error {
	i := unitAt(&b.f, e.id())
	switch {
	case e.from == nil:
		if i >= 0 {
			return refuse(e.field, codeIDTaken, CiteFormat, e.id(), thing("unit"))
		}
		b.f.UnitsOnTable = insertAt(b.units(), e.at, *e.to)
	case i < 0:
		return conflict(e.field, "unit", e.id())
	case e.to == nil:
		if !reflect.DeepEqual(b.f.UnitsOnTable[i], *e.from) {
			return conflict(e.field, "unit", e.id())
		}
		b.f.UnitsOnTable = slices.Delete(b.units(), i, i+1)
	default:
		if !reflect.DeepEqual(head(b.f.UnitsOnTable[i]), head(*e.from)) {
			return conflict(e.field, "unit", e.id())
		}
		u := &b.units()[i]
		nu := *e.to
		nu.Minis = u.Minis
		*u = nu
	}
	return nil
}

func (e *unitEdit) inverse() edit { return &unitEdit{field: e.field, at: e.at, from: e.to, to: e.from} }

func (e *unitEdit) ids(add func(string)) {
	add(e.id())
	for _, u := range []*table.Unit{e.from, e.to} {
		if u != nil {
			for _, m := range u.Minis {
				add(m.ID)
			}
		}
	}
}

func (e *unitEdit) written() (string, checkTarget) {
	if e.to == nil {
		return e.field, checkTarget{}
	}
	c := checkTarget{unit: e.to.ID, kind: "unit"}
	if e.from == nil {
		c.ids = append([]string{e.to.ID}, miniIDs(e.to)...)
	}
	return e.field, c
}

func miniIDs(u *table.Unit) []string {
	out := make([]string, len(u.Minis))
	for i, m := range u.Minis {
		out[i] = m.ID
	}
	return out
}

// miniEdit replaces, inserts (at index at of the unit's minis) or removes a mini of unit.
type miniEdit struct {
	field    string
	unit     string
	at       int
	from, to *table.Mini
}

func (e *miniEdit) id() string {
	if e.to != nil {
		return e.to.ID
	}
	return e.from.ID
}

func (e *miniEdit) apply(b *builder) error {
	ui := unitAt(&b.f, e.unit)
	if ui < 0 {
		return conflict(e.field, "unit", e.unit)
	}
	i := miniAt(&b.f.UnitsOnTable[ui], e.id())
	switch {
	case e.from == nil:
		if i >= 0 {
			return refuse(e.field, codeIDTaken, CiteFormat, e.id(), thing("mini"))
		}
		u := b.minis(ui)
		u.Minis = insertAt(u.Minis, e.at, *e.to)
	case i < 0 || b.f.UnitsOnTable[ui].Minis[i] != *e.from:
		return conflict(e.field, "mini", e.id())
	case e.to == nil:
		u := b.minis(ui)
		u.Minis = slices.Delete(u.Minis, i, i+1)
	default:
		b.minis(ui).Minis[i] = *e.to
	}
	return nil
}

func (e *miniEdit) inverse() edit {
	return &miniEdit{field: e.field, unit: e.unit, at: e.at, from: e.to, to: e.from}
}

func (e *miniEdit) ids(add func(string)) { add(e.id()) }

func (e *miniEdit) written() (string, checkTarget) {
	c := checkTarget{unit: e.unit, kind: "mini"}
	if e.to != nil {
		c.mini = e.to.ID
		if e.from == nil {
			c.ids = []string{e.to.ID}
		}
	}
	return e.field, c
}

// tokenEdit replaces, inserts or removes a token.
type tokenEdit struct {
	field    string
	at       int
	from, to *table.Token
}

func (e *tokenEdit) id() string {
	if e.to != nil {
		return e.to.ID
	}
	return e.from.ID
}

func (e *tokenEdit) apply(b *builder) error {
	i := tokenAt(&b.f, e.id())
	switch {
	case e.from == nil:
		if i >= 0 {
			return refuse(e.field, codeIDTaken, CiteFormat, e.id(), thing("token"))
		}
		b.f.Tokens = insertAt(b.tokens(), e.at, *e.to)
	case i < 0 || b.f.Tokens[i] != *e.from:
		return conflict(e.field, "token", e.id())
	case e.to == nil:
		b.f.Tokens = slices.Delete(b.tokens(), i, i+1)
	default:
		b.tokens()[i] = *e.to
	}
	return nil
}

func (e *tokenEdit) inverse() edit {
	return &tokenEdit{field: e.field, at: e.at, from: e.to, to: e.from}
}

func (e *tokenEdit) ids(add func(string)) { add(e.id()) }

func (e *tokenEdit) written() (string, checkTarget) {
	if e.to == nil {
		return e.field, checkTarget{}
	}
	c := checkTarget{token: e.to, kind: "token"}
	if e.from == nil {
		c.ids = []string{e.to.ID}
	}
	return e.field, c
}

// setupEdit replaces the setup (nil: none).
type setupEdit struct {
	field    string
	from, to *table.Setup
}

func (e *setupEdit) apply(b *builder) error {
	if !reflect.DeepEqual(b.f.Setup, e.from) {
		return conflict(e.field, "setup", "setup")
	}
	b.f.Setup = e.to
	return nil
}

func (e *setupEdit) inverse() edit { return &setupEdit{field: e.field, from: e.to, to: e.from} }

func (e *setupEdit) ids(func(string)) {}

func (e *setupEdit) written() (string, checkTarget) { return e.field, checkTarget{setup: true} }

// fileEdit replaces the whole file (an import): from and to are both whole, valid files.
type fileEdit struct {
	field    string
	from, to *table.File
}

func (e *fileEdit) apply(b *builder) error {
	if !reflect.DeepEqual(b.f, *e.from) {
		return conflict(e.field, "table", "table")
	}
	*b = builder{f: *e.to, grid: b.grid} // the grid table beside the file is the gridEdit's
	return nil
}

func (e *fileEdit) inverse() edit { return &fileEdit{field: e.field, from: e.to, to: e.from} }

func (e *fileEdit) ids(add func(string)) {}

func (e *fileEdit) written() (string, checkTarget) { return e.field, checkTarget{} }

// first is the first edit, nil for none.
func first(edits []edit) edit {
	if len(edits) == 0 {
		return nil
	}
	return edits[0]
}
