package ops

import (
	"slices"

	"holotable/rules"
	"holotable/table"
)

// Entry is one op of a log: its id (unique in the log), its author (a side or a name), the group
// it belongs to ("" for none: ops of one author submitted together share a group and are undone
// as one) and the op. The log fills in the rest when it takes the entry.
type Entry struct {
	ID     string
	Author string
	Group  string
	Op     Op

	Seq   int    // the entry's place in the log, from 1
	JSON  []byte // its canonical JSON form (codec.go)
	Patch Patch  // what it did to the file
}

// SnapshotEvery is how many entries lie between two files the log keeps, so that the table as it
// was after any entry is at most that many patches away (FileAt).
const SnapshotEvery = 32

// Log is a table as its first file and the ops after it. Its current file is always exactly the
// first file with every entry's patch applied in order; Submit validates an op against it before
// the op becomes an entry. A Log is not safe for concurrent use (its files and worlds are: a
// State may be handed to other goroutines).
type Log struct {
	first     *State
	firstJSON []byte // the first file's compact JSON, once a record has been written
	entries   []*Entry
	byID      map[string]*Entry
	cur       *State
	snaps     []doc // snaps[k]: the file and grid after entry (k+1)·SnapshotEvery
	stacks    map[string]*stacks
}

// stacks are one author's undo and redo: the units the author can undo (each one entry, or the
// entries of a group; the last on top) and the undo entries the author can redo.
type stacks struct {
	undo [][]*Entry
	redo []*Entry
}

// NewLog starts a log on first, which must be a valid file (as table.Load returns it).
func NewLog(first *table.File) *Log {
	s := NewState(first)
	return &Log{first: s, cur: s, byID: map[string]*Entry{}, stacks: map[string]*stacks{}}
}

// First is the file the log starts from.
func (l *Log) First() *table.File { return l.first.File() }

// File is the current file: the first with every entry applied. Treat it as read-only.
func (l *Log) File() *table.File { return l.cur.File() }

// State is the current file with its rules world.
func (l *Log) State() *State { return l.cur }

// World is the rules world of the current file.
func (l *Log) World() *rules.World { return l.cur.World() }

// Len is the number of entries.
func (l *Log) Len() int { return len(l.entries) }

// Entry is entry seq (1 ≤ seq ≤ Len); treat it as read-only.
func (l *Log) Entry(seq int) *Entry { return l.entries[seq-1] }

// ByID is the entry with the given id, or nil.
func (l *Log) ByID(id string) *Entry { return l.byID[id] }

// Submit validates e's op against the current file and, if it applies, appends it: the new
// current file is the op's result. A refused op changes nothing; the error is a *Refusal (also
// for an empty or repeated id, or an empty author: a server can tell a retried op by its id).
func (l *Log) Submit(e Entry) (*Entry, error) {
	ne, next, err := l.plan(e, l.cur)
	if err != nil {
		return nil, err
	}
	l.append(ne, next)
	return ne, nil
}

// Check reports whether Submit would take e now: nil, or the refusal Submit would give. The log
// is not changed. A server checks a client's op with it before storing it: the op is planned as
// its author's, against the log's history (undo and redo) and the current file.
func (l *Log) Check(e Entry) error {
	_, _, err := l.plan(e, l.cur)
	return err
}

// SubmitGroup submits ops by one author as one group, all or nothing: the entries share the
// group id and are undone as one. On a refusal nothing is appended; the refusal's field names
// the op as "[i].field".
func (l *Log) SubmitGroup(author, group string, es []Entry) ([]*Entry, error) {
	done, states, err := l.planGroup(author, group, es)
	if err != nil {
		return nil, err
	}
	for i, ne := range done {
		l.append(ne, states[i])
	}
	return done, nil
}

// CheckGroup reports whether SubmitGroup would take the group now: nil, or its refusal. The log
// is not changed; the entries it would append are returned (their canonical JSON in JSON).
func (l *Log) CheckGroup(author, group string, es []Entry) ([]*Entry, error) {
	done, _, err := l.planGroup(author, group, es)
	return done, err
}

// planGroup plans the group's entries one after the other, each against the state the ones
// before it made.
func (l *Log) planGroup(author, group string, es []Entry) ([]*Entry, []*State, error) {
	if group == "" {
		return nil, nil, refuse("group", codeFormat, CiteOps, "must not be empty")
	}
	cur := l.cur
	var done []*Entry
	var states []*State
	for i, e := range es {
		e.Author, e.Group = author, group
		if slices.ContainsFunc(done, func(d *Entry) bool { return d.ID == e.ID }) {
			return nil, nil, refuse(index("", i)+".id", codeIDTaken, CiteOps, e.ID, thing("op"))
		}
		ne, next, err := l.plan(e, cur)
		if err != nil {
			if r, ok := err.(*Refusal); ok {
				r.Field = join(index("", i), r.Field)
			}
			return nil, nil, err
		}
		done, states, cur = append(done, ne), append(states, next), next
	}
	return done, states, nil
}

// plan validates e against s and returns the entry as the log keeps it and the state after it.
func (l *Log) plan(e Entry, s *State) (*Entry, *State, error) {
	switch {
	case e.ID == "":
		return nil, nil, refuse("id", codeFormat, CiteOps, "must not be empty")
	case l.byID[e.ID] != nil:
		return nil, nil, refuse("id", codeIDTaken, CiteOps, e.ID, thing("op"))
	case e.Author == "":
		return nil, nil, refuse("author", codeFormat, CiteOps, "must not be empty")
	case e.Op == nil:
		return nil, nil, refuse("op", codeFormat, CiteOps, "missing")
	}
	data, err := Encode(e, s.File())
	if err != nil {
		return nil, nil, err
	}
	in := s.in(l, e.Author)
	d, p, err := applyOp(e.Op, in)
	if err != nil {
		return nil, nil, err
	}
	if err := needOwner(in, e.Op, p); err != nil {
		return nil, nil, err
	}
	if err := needGridOwner(in, e.Op, p); err != nil {
		return nil, nil, err
	}
	ne := &Entry{ID: e.ID, Author: e.Author, Group: e.Group, Op: e.Op, JSON: data, Patch: p}
	return ne, stateOf(d), nil
}

func (l *Log) append(e *Entry, next *State) {
	e.Seq = len(l.entries) + 1
	l.entries = append(l.entries, e)
	l.byID[e.ID] = e
	l.cur = next
	if e.Seq%SnapshotEvery == 0 {
		l.snaps = append(l.snaps, next.doc())
	}
	st := l.stacksOf(e.Author)
	switch e.Op.(type) {
	case *Undo:
		st.undo = st.undo[:len(st.undo)-1]
		st.redo = append(st.redo, e)
	case *Redo:
		st.redo = st.redo[:len(st.redo)-1]
		st.undo = append(st.undo, []*Entry{e})
	default:
		if n := len(st.undo); e.Group != "" && n > 0 {
			if top := st.undo[n-1]; top[0].Group == e.Group && top[len(top)-1].Seq == e.Seq-1 {
				st.undo[n-1] = append(top, e)
				st.redo = nil
				return
			}
		}
		st.undo = append(st.undo, []*Entry{e})
		st.redo = nil
	}
}

func (l *Log) stacksOf(author string) *stacks {
	st := l.stacks[author]
	if st == nil {
		st = &stacks{}
		l.stacks[author] = st
	}
	return st
}

// UndoTarget is what author's next undo takes back: the author's last op, or the ops of the
// author's last group (oldest first); nil when there is nothing.
func (l *Log) UndoTarget(author string) []*Entry {
	st := l.stacks[author]
	if st == nil || len(st.undo) == 0 {
		return nil
	}
	return st.undo[len(st.undo)-1]
}

// RedoTarget is the undo entry author's next redo repeats the ops of; nil when there is none.
func (l *Log) RedoTarget(author string) *Entry {
	st := l.stacks[author]
	if st == nil || len(st.redo) == 0 {
		return nil
	}
	return st.redo[len(st.redo)-1]
}

// Undo appends, as author, the inverse of author's last op (or group): an undo entry with the
// given id. It is refused when there is nothing to undo or when something it would put back has
// been changed since (by anyone).
func (l *Log) Undo(author, id string) (*Entry, error) {
	t := l.UndoTarget(author)
	if t == nil {
		return nil, refuse("of", codeNoUndo, CiteOps)
	}
	return l.Submit(Entry{ID: id, Author: author, Op: &Undo{Of: t[len(t)-1].ID}})
}

// Redo appends, as author, the inverse of author's last undo (a redo entry with the given id).
func (l *Log) Redo(author, id string) (*Entry, error) {
	t := l.RedoTarget(author)
	if t == nil {
		return nil, refuse("of", codeNoRedo, CiteOps)
	}
	return l.Submit(Entry{ID: id, Author: author, Op: &Redo{Of: t.ID}})
}

// FileAt is the file after the first seq entries (seq 0: the first file; seq Len: the current).
func (l *Log) FileAt(seq int) *table.File { return l.docAt(seq).file }

// GridAt is the grid table (nil: none) after the first seq entries, as FileAt.
func (l *Log) GridAt(seq int) *table.SWMFile { return l.docAt(seq).grid }

func (l *Log) docAt(seq int) doc {
	seq = max(0, min(seq, len(l.entries)))
	if seq == len(l.entries) {
		return l.cur.doc()
	}
	d, from := l.first.doc(), 0
	if k := seq / SnapshotEvery; k > 0 {
		d, from = l.snaps[k-1], k*SnapshotEvery
	}
	for _, e := range l.entries[from:seq] {
		g, err := e.Patch.applyDoc(d, false)
		if g.file == nil { // cannot happen: the patch applied to this very file before
			panic("ops: the log does not replay: " + err.Error())
		}
		d = g
	}
	return d
}

// ChangedSince lists the ids of the pieces, units, minis and tokens the entries after the first
// seq changed (Patch.IDs), and whether one of them replaced the whole file; what a view built for
// the table after seq entries must look at again.
func (l *Log) ChangedSince(seq int) (ids []string, whole bool) {
	var p Patch
	for _, e := range l.entries[max(0, min(seq, len(l.entries))):] {
		p = p.Then(e.Patch)
	}
	return p.IDs(), p.Whole()
}

// Origin is the op an entry repeats: for a redo, the op it redid (through its undo, and on through
// redos of redos); for any other entry, the entry itself. What an undo of e takes back is, in
// words, what Origin(e) did.
func (l *Log) Origin(e *Entry) *Entry {
	for {
		r, ok := e.Op.(*Redo)
		if !ok {
			return e
		}
		u := l.byID[r.Of]
		if u == nil {
			return e
		}
		t := l.byID[u.Op.(*Undo).Of]
		if t == nil {
			return e
		}
		e = t
	}
}

// Describe is what entry e did, in lang: its op's words; an undo or a redo names what it took
// back or repeated.
func (l *Log) Describe(e *Entry, lang string) string {
	switch op := e.Op.(type) {
	case *Undo:
		if t := l.byID[op.Of]; t != nil {
			return format("op.undo", lang, []any{l.Describe(l.Origin(t), lang)})
		}
	case *Redo:
		if o := l.Origin(e); o != e {
			return format("op.redo", lang, []any{l.Describe(o, lang)})
		}
	}
	return e.Op.Describe().In(lang)
}
