package ops

import (
	"reflect"
	"slices"

	"holotable/rules"
	"holotable/table"
)

// Offers (issue 15, D85): on an online table a side changes only its own units (owner.go); a
// change to the other side's unit is offered to its owner, who accepts or refuses it.
//
//	{"id":"red-k3-7","author":"red","op":"offer.make","to":"blue",
//	 "proposal":{"op":"minis.move","minis":[{"mini":"b-1","x":48,"y":20}]}}
//	{"id":"blue-x9-2","author":"blue","op":"offer.answer","of":"red-k3-7","accept":true}
//
// offer.make changes nothing on the table: it logs the proposal, which must apply now as the
// owner's op. offer.answer by the owner accepts it — the proposal is applied then, as the owner's
// op (its patch is the answer's, undone by the owner's undo) — or refuses it; the maker may
// withdraw it (accept false). An offer is answered once; an accepted proposal that no longer
// applies (the table changed since) is refused with its reason, and the offer stays open.

// Kinds of the offers.
const (
	KindOfferMake   Kind = "offer.make"
	KindOfferAnswer Kind = "offer.answer"
)

// OfferMake offers Proposal to To, the side whose units it changes — with Then, the ops of one
// change of several (a group, D107), planned one after the other and accepted or refused whole.
type OfferMake struct {
	To       table.Colour `op:"to"`
	Proposal Carried      `op:"proposal"`
	Then     []Carried    `op:"then,omitempty"`
}

// Proposals are the offer's ops in order: Proposal, then Then's.
func (o *OfferMake) Proposals() []Op {
	out := []Op{o.Proposal.Op}
	for _, c := range o.Then {
		out = append(out, c.Op)
	}
	return out
}

// OfferAnswer answers the offer Of: Accept applies its proposal as the owner's; false refuses it
// (by the owner) or withdraws it (by its maker).
type OfferAnswer struct {
	Of     string `op:"of"`
	Accept bool   `op:"accept,omitempty"`
}

// Carried is an op inside another op (an offer's proposal), written as the op's own JSON object
// without the envelope's id, author and group: {"op":"minis.move","minis":[…]}.
type Carried struct{ Op Op }

var carriedType = reflect.TypeOf(Carried{})

const (
	codeOfferSide     = "offer.side"     // an offer not between the two sides
	codeOfferProposal = "offer.proposal" // a proposal that is itself an offer, undo or redo
	codeOfferNone     = "offer.none"     // of: no offer of that id
	codeOfferDone     = "offer.done"     // of: answered already
	codeOfferWho      = "offer.who"      // an answer by neither the owner nor (withdrawing) the maker
	codeOfferUndone   = "offer.undone"   // of: withdrawn by its maker's undo
)

func init() {
	Register[OfferMake](KindOfferMake)
	Register[OfferAnswer](KindOfferAnswer)
	RegisterWords(map[string][2]string{
		"op.offer.make":             {"offer to %s: %s", "Angebot an %s: %s"},
		"op.offer.more":             {"%s and %d more", "%s und %d weitere"},
		"reason." + codeOfferUndone: {"the offer %s was withdrawn by its maker's undo", "das Angebot %s wurde mit Rückgängig zurückgezogen"},
		"op.offer.accept":           {"accepts the offer %s", "nimmt das Angebot %s an"},
		"op.offer.refuse":           {"refuses the offer %s", "lehnt das Angebot %s ab"},
		"reason." + codeOfferSide: {"an offer goes from one side to the other (blue and red), not from %s to %s",
			"ein Angebot geht von einer Seite an die andere (Blau und Rot), nicht von %s an %s"},
		"reason." + codeOfferProposal: {"%s cannot be offered: offer the change itself",
			"%s lässt sich nicht anbieten: biete die Änderung selbst an"},
		"reason." + codeOfferNone: {"no offer %q", "kein Angebot %q"},
		"reason." + codeOfferDone: {"the offer %s was answered already (%s)", "das Angebot %s wurde schon beantwortet (%s)"},
		"reason." + codeOfferWho: {"%s may not answer the offer %s: its owner %s accepts or refuses it, its maker %s may withdraw it",
			"%s darf das Angebot %s nicht beantworten: %s nimmt es an oder lehnt es ab, %s kann es zurückziehen"},
	})
}

func (o *OfferMake) Kind() Kind   { return KindOfferMake }
func (o *OfferAnswer) Kind() Kind { return KindOfferAnswer }

// Describe names the owner and what the proposal does.
func (o *OfferMake) Describe() Words {
	var what any = ""
	if o.Proposal.Op != nil {
		what = o.Proposal.Op.Describe()
	}
	if len(o.Then) > 0 {
		what = Words{Key: "op.offer.more", Args: []any{what, len(o.Then)}}
	}
	return Words{Key: "op.offer.make", Args: []any{colourWords(o.To), what}}
}

// Describe says accepted or refused, and which offer.
func (o *OfferAnswer) Describe() Words {
	if o.Accept {
		return Words{Key: "op.offer.accept", Args: []any{o.Of}}
	}
	return Words{Key: "op.offer.refuse", Args: []any{o.Of}}
}

// Plan: the author is a side, To the other, and the proposal applies now as To's op. The table
// does not change.
func (o *OfferMake) Plan(s *State) (Patch, error) {
	from := AuthorSide(s.author)
	if from == table.NoColour || o.To == table.NoColour || o.To == from {
		return Patch{}, refuse("to", codeOfferSide, rules.CiteOwnUnits, authorWords(s.author), authorWords(o.To.String()))
	}
	if _, err := o.proposal(s); err != nil {
		return Patch{}, err
	}
	return Patch{}, nil
}

// proposal plans the proposal — and the ops of Then, each against the table the ones before it
// made — as To's ops against s, and returns their patches one after the other (a refusal names
// "proposal.…" or "then[i].…").
func (o *OfferMake) proposal(s *State) (Patch, error) {
	var all Patch
	cur := s
	for i, p := range o.Proposals() {
		field := "proposal"
		if i > 0 {
			field = index("then", i-1)
		}
		if p == nil {
			return Patch{}, formatFault(field, "missing")
		}
		switch p.Kind() {
		case KindOfferMake, KindOfferAnswer, KindUndo, KindRedo:
			return Patch{}, refuse(field+".op", codeOfferProposal, rules.CiteOwnUnits, string(p.Kind()))
		}
		f, patch, err := Apply(p, cur.in(s.log, o.To.String()))
		if err != nil {
			if r, ok := err.(*Refusal); ok {
				r.Field = join(field, r.Field)
			}
			return Patch{}, err
		}
		all, cur = all.Then(patch), NewState(f)
	}
	return all, nil
}

// Plan: the offer is open; accepting it (its owner) applies the proposal as the owner's op,
// refusing it (its owner) or withdrawing it (its maker) changes nothing.
func (o *OfferAnswer) Plan(s *State) (Patch, error) {
	if s.log == nil {
		return Patch{}, refuse("", codeNoLog, CiteOps)
	}
	e := s.log.byID[o.Of]
	offer, ok := OfferOf(e)
	if !ok {
		return Patch{}, refuse("of", codeOfferNone, rules.CiteOwnUnits, o.Of)
	}
	a, undone := s.log.offerState(o.Of)
	if a != nil {
		return Patch{}, refuse("of", codeOfferDone, rules.CiteOwnUnits, o.Of, a.ID)
	}
	if undone {
		return Patch{}, refuse("of", codeOfferUndone, rules.CiteOwnUnits, o.Of)
	}
	maker, by := AuthorSide(e.Author), AuthorSide(s.author)
	owner := by == table.NoColour || by == offer.To
	if !owner && !(by == maker && !o.Accept) {
		return Patch{}, refuse("of", codeOfferWho, rules.CiteOwnUnits, authorWords(s.author), o.Of, colourWords(offer.To), colourWords(maker))
	}
	if !o.Accept {
		return Patch{}, nil
	}
	return offer.proposal(s)
}

// OfferOf is e's offer when e is an offer.make entry.
func OfferOf(e *Entry) (*OfferMake, bool) {
	if e == nil {
		return nil, false
	}
	o, ok := e.Op.(*OfferMake)
	return o, ok
}

// offerState says what became of the offer id since it was made: the entry that answered it
// (nil while none has), and whether its maker's undo has taken it back — withdrawn, until the
// maker's redo makes it again (D107).
func (l *Log) offerState(id string) (answer *Entry, undone bool) {
	start := l.byID[id].Seq
	for _, e := range l.entries[start:] {
		switch op := e.Op.(type) {
		case *OfferAnswer:
			if op.Of == id {
				return e, undone
			}
		case *Undo:
			if l.offerTarget(op.Of) == id {
				undone = true
			}
		case *Redo:
			if u, ok := l.byID[op.Of].Op.(*Undo); ok && l.offerTarget(u.Of) == id {
				undone = false
			}
		}
	}
	return nil, undone
}

// offerTarget is the offer an undo of entry id takes back: id itself when it is an offer.make,
// the offer its undo took back when it is a redo (undoing a redo withdraws the offer again), ""
// for any other entry.
func (l *Log) offerTarget(id string) string {
	for range len(l.entries) + 1 {
		e := l.byID[id]
		if e == nil {
			return ""
		}
		switch op := e.Op.(type) {
		case *OfferMake:
			return id
		case *Redo:
			u, ok := l.byID[op.Of].Op.(*Undo)
			if !ok {
				return ""
			}
			id = u.Of
		default:
			return ""
		}
	}
	return ""
}

// Offers are the open offers of the log (made, not answered, not taken back by their maker's
// undo), oldest first.
func (l *Log) Offers() []*Entry {
	var out []*Entry
	open := map[string]bool{}
	for _, e := range l.entries {
		switch op := e.Op.(type) {
		case *OfferMake:
			open[e.ID] = true
			out = append(out, e)
		case *OfferAnswer:
			delete(open, op.Of)
		case *Undo:
			if id := l.offerTarget(op.Of); open[id] {
				open[id] = false // withdrawn, unless redone
			}
		case *Redo:
			if u, ok := l.byID[op.Of].Op.(*Undo); ok {
				id := l.offerTarget(u.Of)
				if isOpen, made := open[id]; made && !isOpen {
					open[id] = true
				}
			}
		}
	}
	return slices.DeleteFunc(out, func(e *Entry) bool { return !open[e.ID] })
}

// authorWords is an author as a refusal names it: the side's words, else the name.
func authorWords(author string) any {
	if c := AuthorSide(author); c != table.NoColour {
		return colourWords(c)
	}
	return author
}

// carried writes an op inside an op: its kind as "op", then its fields.
func (e *encoder) carried(c Carried, path string) error {
	v := reflect.ValueOf(c.Op)
	if c.Op == nil || v.Kind() != reflect.Pointer || v.IsNil() {
		return formatFault(path, "missing")
	}
	e.buf = append(e.buf, '{')
	e.key("op", true)
	if err := e.str(string(c.Op.Kind()), join(path, "op")); err != nil {
		return err
	}
	if err := e.fields(v.Elem(), path, false); err != nil {
		return err
	}
	e.buf = append(e.buf, '}')
	return nil
}

// carried reads an op inside an op: an object with its kind in "op" and the kind's fields.
func (d *decoder) carried(raw any, v reflect.Value, path string) error {
	m, ok := raw.(map[string]any)
	if !ok {
		return formatFault(path, "must be an object (an op), got %s", table.JSONType(raw))
	}
	k, ok := m["op"].(string)
	if !ok {
		return formatFault(join(path, "op"), "must be the op's kind, a string")
	}
	op, ok := New(Kind(k))
	if !ok {
		return formatFault(join(path, "op"), "unknown kind %q", k)
	}
	if err := d.object(m, reflect.ValueOf(op).Elem(), path, []string{"op"}); err != nil {
		return err
	}
	v.Set(reflect.ValueOf(Carried{Op: op}))
	return nil
}
