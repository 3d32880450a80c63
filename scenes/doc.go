package scenes

import (
	"encoding/base32"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"

	"holotable/ops"
	"holotable/rules"
	"holotable/table"
)

// Doc is the table being played on: its log of operations (ops.Log — the first file and every op
// after it; the current file is always their replay) and the author this app submits its ops as.
// Every change is an op submitted here (Submit, Import, Undo, Redo), validated by package ops
// before it applies; a refused op changes nothing and its *ops.Refusal says why.
type Doc struct {
	log    *ops.Log
	author string
	nonce  string // this session's part of op ids, so that ids from two sessions never meet
	n      int
	// offers: a change refused as the other side's unit is offered to its owner instead (an
	// online table, where the author is a side; online_offers.go).
	offers bool
	gen    int // counts the logs this document has held (ImportRecord starts a new one)
	rev    int // counts the changes: views cache against it
	data   []byte
	// Saved, if set, is called with the game record (ops.Log.Record) after every change, for the
	// autosave.
	Saved func(record []byte)
}

// LocalAuthor is the author the app submits as: the one player at this screen.
const LocalAuthor = "local"

// NewDoc starts a document on f (which table.Load has validated), with an empty log.
func NewDoc(f *table.File) (*Doc, error) {
	if _, err := table.Save(f); err != nil {
		return nil, err
	}
	return newDoc(ops.NewLog(f)), nil
}

// NewDocFromFile starts a document on a table file's bytes, a Legion table or a grid table
// (ops.OpenLog: the grid beside an empty Legion table, D118), with an empty log.
func NewDocFromFile(data []byte) (*Doc, error) {
	l, err := ops.OpenLog(data)
	if err != nil {
		return nil, err
	}
	return newDoc(l), nil
}

// NewDocFromRecord starts a document on a game record (ops.ReadRecord: every op replayed and
// validated). A record that does not replay is refused with the one-line fault.
func NewDocFromRecord(data []byte) (*Doc, error) {
	l, err := ops.ReadRecord(data)
	if err != nil {
		return nil, err
	}
	return newDoc(l), nil
}

// newDoc's nonce only has to differ between sessions, not to be secret: math/rand/v2's generator,
// which the runtime seeds from the system's (the browser's) random source, not crypto/rand, which
// linked the FIPS 140 module (DRBG, AES, SHA-2/3, HMAC: about 100 kB of code and its init) into
// the app for these five bytes (docs/decisions.md D145).
func newDoc(l *ops.Log) *Doc {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], rand.Uint64())
	return &Doc{log: l, author: LocalAuthor, nonce: strings.ToLower(base32.StdEncoding.EncodeToString(b[:5]))}
}

// Log is the document's log; treat it as read-only (change the document through Doc).
func (d *Doc) Log() *ops.Log { return d.log }

// Author is who this document submits ops as.
func (d *Doc) Author() string { return d.author }

// File is the current file. Treat it as read-only: change it with ops.
func (d *Doc) File() *table.File { return d.log.File() }

// World is the rules world of the current file.
func (d *Doc) World() *rules.World { return d.log.World() }

// State is the current file with its world, what ops are planned against.
func (d *Doc) State() *ops.State { return d.log.State() }

// Rev counts the changes so far; views cache against it.
func (d *Doc) Rev() int { return d.rev }

// JSON is the current file as saved (what export writes).
func (d *Doc) JSON() []byte {
	if d.data == nil {
		b, err := table.Save(d.File())
		if err != nil { // cannot happen: every op's result is checked as Load checks a file
			panic("scenes: the current table does not save: " + err.Error())
		}
		d.data = b
	}
	return d.data
}

// TableJSON is the table shown as a file, what export writes: the grid table's file while one
// is open (D116), else JSON. The autosave keeps it when the game record does not fit.
func (d *Doc) TableJSON() []byte {
	if g := d.State().Grid(); g != nil {
		if b, err := table.SaveSWM(g); err == nil {
			return b
		}
	}
	return d.JSON()
}

// Record is the game record: the first file and the log.
func (d *Doc) Record() ([]byte, error) { return d.log.Record() }

// nextID is a new op id: the author, this session's nonce and a counter.
func (d *Doc) nextID() string {
	d.n++
	return d.author + "-" + d.nonce + "-" + strconv.Itoa(d.n)
}

// Submit submits ops as one change: one op, or several as one group (undone as one). A refusal
// (an *ops.Refusal) changes nothing.
func (d *Doc) Submit(list ...ops.Op) error {
	switch len(list) {
	case 0:
		return nil
	case 1:
		if _, err := d.log.Submit(ops.Entry{ID: d.nextID(), Author: d.author, Op: list[0]}); err != nil {
			return d.offer(list, err)
		}
	default:
		es := make([]ops.Entry, len(list))
		for i, o := range list {
			es[i] = ops.Entry{ID: d.nextID(), Op: o}
		}
		if _, err := d.log.SubmitGroup(d.author, d.nextID(), es); err != nil {
			return d.offer(list, err) // a group touching the other side's unit: one offer (D107)
		}
	}
	d.changed()
	return nil
}

// Receive takes an op another author made (a player at another screen; the online table sends
// them): the entry as it is, with its id and author. A refusal changes nothing.
func (d *Doc) Receive(e ops.Entry) error {
	if _, err := d.log.Submit(e); err != nil {
		return err
	}
	d.changed()
	return nil
}

// Import replaces the table with the file data (an undoable op). A file that does not load
// leaves the table as it was and returns the loader's one-line fault.
func (d *Doc) Import(data []byte) error {
	f, err := table.Load(data)
	if err != nil {
		return err
	}
	return d.Submit(&ops.TableImport{Table: f})
}

// ImportRecord replaces the whole game — first file, log and undo history — with a game record's.
// A record that does not replay changes nothing.
func (d *Doc) ImportRecord(data []byte) error {
	l, err := ops.ReadRecord(data)
	if err != nil {
		return err
	}
	d.log = l
	d.gen++
	d.changed()
	return nil
}

// Undo takes back the author's last op (or group) and returns its words; false when there is
// nothing to undo. err is the refusal when something it would put back was changed since.
func (d *Doc) Undo() (string, bool, error) {
	label := d.UndoLabel()
	if label == "" {
		return "", false, nil
	}
	if _, err := d.log.Undo(d.author, d.nextID()); err != nil {
		return label, false, err
	}
	d.changed()
	return label, true, nil
}

// Redo takes back the author's last undo.
func (d *Doc) Redo() (string, bool, error) {
	label := d.RedoLabel()
	if label == "" {
		return "", false, nil
	}
	if _, err := d.log.Redo(d.author, d.nextID()); err != nil {
		return label, false, err
	}
	d.changed()
	return label, true, nil
}

// CanUndo and CanRedo say whether Undo and Redo would do anything.
func (d *Doc) CanUndo() bool { return d.log.UndoTarget(d.author) != nil }

// CanRedo says whether Redo would do anything.
func (d *Doc) CanRedo() bool { return d.log.RedoTarget(d.author) != nil }

// UndoLabel names, in the current language, what Undo would take back ("" if nothing).
func (d *Doc) UndoLabel() string {
	if t := d.log.UndoTarget(d.author); t != nil {
		return d.log.Describe(d.log.Origin(t[len(t)-1]), Language())
	}
	return ""
}

// RedoLabel names what Redo would repeat ("" if nothing).
func (d *Doc) RedoLabel() string {
	if u := d.log.RedoTarget(d.author); u != nil {
		if t := d.log.ByID(u.Op.(*ops.Undo).Of); t != nil {
			return d.log.Describe(d.log.Origin(t), Language())
		}
	}
	return ""
}

// Mark is a place in the document's history: ChangesSince tells what changed after it.
type Mark struct{ gen, seq int }

// Mark is where the document is now.
func (d *Doc) Mark() Mark { return Mark{d.gen, d.log.Len()} }

// ChangesSince lists the ids of the pieces, units, minis and tokens the ops after m changed, and
// whether the whole table may have changed (an import, or another game).
func (d *Doc) ChangesSince(m Mark) (ids []string, whole bool) {
	if m.gen != d.gen {
		return nil, true
	}
	return d.log.ChangedSince(m.seq)
}

func (d *Doc) changed() {
	// A game of ops.MaxRecordOps ops would not read back: the table as it is starts a new record
	// (the history before it is dropped, as when a game is imported).
	if d.log.Len() >= ops.MaxRecordOps {
		l := ops.NewLog(d.log.File())
		if g := d.log.State().Grid(); g != nil { // the grid table beside it comes along (D116)
			_, _ = l.Submit(ops.Entry{ID: d.nextID(), Author: d.author, Op: &ops.SWMImport{Table: g}})
		}
		d.log = l
		d.gen++
	}
	d.rev++
	d.data = nil
	if d.Saved != nil {
		if rec, err := d.Record(); err == nil {
			d.Saved(rec)
		}
	}
}

// errText is an error in the current language: a refusal's reasons worded by the catalogue.
func errText(err error) string {
	var r *ops.Refusal
	if errors.As(err, &r) {
		return r.In(Language())
	}
	return err.Error()
}
