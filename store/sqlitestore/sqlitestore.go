//go:build !js

// Package sqlitestore is the embedded default room store: one SQLite file (modernc.org/sqlite, pure
// Go) in WAL mode with synchronous=FULL, so an acknowledged append has been fsynced to the WAL.
//
// One writer goroutine takes every write (CreateRoom, Append) and commits them in groups: while a
// commit's fsync runs, the next requests queue up, and the next transaction takes all of them, from
// any number of rooms. One fsync so serves many appends (docs/decisions.md, D23). Reads run on
// their own connections beside the writer (WAL readers do not block it).
package sqlitestore

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"holotable/store"
)

// MaxBatch is the most writes one transaction takes.
const MaxBatch = 2048

// Store is a store.Store on one SQLite file.
type Store struct {
	rdb, wdb *sql.DB
	reqs     chan *request
	feed     *store.Feed
	quit     chan struct{}
	stopped  chan struct{}
	once     sync.Once

	// The writer's own: each known room's last sequence number (a room is known once it was
	// created or appended to here, or its last entry was looked up), and its prepared statements.
	last map[string]uint64
	st   stmts
}

// stmts are the writer's statements, prepared once (parsing SQL was a quarter of an append's cost).
type stmts struct {
	create, exists, maxSeq, find, insert *sql.Stmt
}

func (st *stmts) prepare(db *sql.DB) error {
	for _, p := range []struct {
		to **sql.Stmt
		q  string
	}{
		{&st.create, "INSERT INTO rooms (id, first, keys, created) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING"},
		{&st.exists, "SELECT count(*) FROM rooms WHERE id = ?"},
		{&st.maxSeq, "SELECT coalesce(max(seq), 0) FROM ops WHERE room = ?"},
		{&st.find, "SELECT seq, op_id, data, at FROM ops WHERE room = ? AND op_id = ?"},
		{&st.insert, "INSERT INTO ops (room, seq, op_id, data, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (room, op_id) DO NOTHING"},
	} {
		var err error
		if *p.to, err = db.Prepare(p.q); err != nil {
			return err
		}
	}
	return nil
}

func (st stmts) in(tx *sql.Tx) stmts {
	return stmts{tx.Stmt(st.create), tx.Stmt(st.exists), tx.Stmt(st.maxSeq), tx.Stmt(st.find), tx.Stmt(st.insert)}
}

var _ store.Store = (*Store)(nil)

type request struct {
	create *store.Room
	room   string
	expect uint64
	op     store.Op
	reply  chan result
}

type result struct {
	entry store.Entry
	err   error
}

const schema = `
CREATE TABLE IF NOT EXISTS rooms (
	id      TEXT PRIMARY KEY,
	first   BLOB NOT NULL,
	keys    TEXT NOT NULL,
	created INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ops (
	room  TEXT NOT NULL,
	seq   INTEGER NOT NULL,
	op_id TEXT NOT NULL,
	data  BLOB NOT NULL,
	at    INTEGER NOT NULL,
	PRIMARY KEY (room, seq)
) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS ops_op_id ON ops (room, op_id);
`

// Open opens (creating it if needed) the store in the SQLite file at path.
func Open(path string) (*Store, error) {
	dsn := func(txlock string) string {
		q := url.Values{}
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "synchronous(FULL)")
		q.Add("_pragma", "busy_timeout(10000)")
		q.Add("_pragma", "foreign_keys(ON)")
		if txlock != "" {
			q.Set("_txlock", txlock)
		}
		return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	}
	wdb, err := sql.Open("sqlite", dsn("immediate"))
	if err != nil {
		return nil, fmt.Errorf("sqlitestore: %s: %v", path, err)
	}
	wdb.SetMaxOpenConns(1)
	wdb.SetMaxIdleConns(1)
	wdb.SetConnMaxLifetime(0)
	if _, err := wdb.Exec(schema); err != nil {
		wdb.Close()
		return nil, fmt.Errorf("sqlitestore: %s: %v", path, err)
	}
	if err := checkDurability(wdb); err != nil {
		wdb.Close()
		return nil, fmt.Errorf("sqlitestore: %s: %v", path, err)
	}
	var st stmts
	if err := st.prepare(wdb); err != nil {
		wdb.Close()
		return nil, fmt.Errorf("sqlitestore: %s: %v", path, err)
	}
	rdb, err := sql.Open("sqlite", dsn(""))
	if err != nil {
		wdb.Close()
		return nil, fmt.Errorf("sqlitestore: %s: %v", path, err)
	}
	rdb.SetMaxOpenConns(4)
	rdb.SetMaxIdleConns(4)
	s := &Store{
		rdb: rdb, wdb: wdb,
		reqs: make(chan *request, MaxBatch), quit: make(chan struct{}), stopped: make(chan struct{}),
		last: map[string]uint64{}, st: st,
	}
	s.feed = store.NewFeed(s.Read)
	go s.writer()
	return s, nil
}

// checkDurability refuses a database that did not take WAL and synchronous=FULL (a file system
// without shared memory for WAL, say), rather than acknowledge appends it might lose.
func checkDurability(db *sql.DB) error {
	var mode string
	var sync int
	if err := db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil {
		return err
	}
	if err := db.QueryRow("PRAGMA synchronous").Scan(&sync); err != nil {
		return err
	}
	if !strings.EqualFold(mode, "wal") || sync != 2 {
		return fmt.Errorf("journal_mode %s, synchronous %d: want wal and 2 (FULL)", mode, sync)
	}
	return nil
}

// Close stops the writer (queued writes fail with store.ErrClosed), ends the subscriptions and
// closes the file.
func (s *Store) Close() error {
	var err error
	s.once.Do(func() {
		close(s.quit)
		<-s.stopped
		s.feed.Close()
		err = errors.Join(s.wdb.Close(), s.rdb.Close())
	})
	return err
}

func (s *Store) submit(ctx context.Context, r *request) (store.Entry, error) {
	r.reply = make(chan result, 1)
	select {
	case s.reqs <- r:
	case <-s.quit:
		return store.Entry{}, store.ErrClosed
	case <-ctx.Done():
		return store.Entry{}, ctx.Err()
	}
	select {
	case res := <-r.reply:
		return res.entry, res.err
	case <-ctx.Done():
		return store.Entry{}, ctx.Err() // the write may still happen
	}
}

// CreateRoom implements store.Store.
func (s *Store) CreateRoom(ctx context.Context, r store.Room) error {
	if err := store.CheckRoom(r); err != nil {
		return err
	}
	if r.Created.IsZero() {
		r.Created = time.Now()
	}
	r.Created = store.Millis(r.Created)
	_, err := s.submit(ctx, &request{create: &r})
	return err
}

// Append implements store.Store.
func (s *Store) Append(ctx context.Context, room string, expect uint64, op store.Op) (store.Entry, error) {
	if err := store.CheckAppend(room, op); err != nil {
		return store.Entry{}, err
	}
	return s.submit(ctx, &request{room: room, expect: expect, op: op})
}

// Room implements store.Store.
func (s *Store) Room(ctx context.Context, id string) (store.Room, error) {
	if !store.ValidID(id) {
		return store.Room{}, store.ErrNoRoom
	}
	var r store.Room
	var keys string
	var created int64
	err := s.rdb.QueryRowContext(ctx, "SELECT id, first, keys, created FROM rooms WHERE id = ?", id).
		Scan(&r.ID, &r.First, &keys, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Room{}, store.ErrNoRoom
	}
	if err != nil {
		return store.Room{}, s.closedOr(err)
	}
	if r.KeyHashes, err = decodeKeys(keys); err != nil {
		return store.Room{}, fmt.Errorf("sqlitestore: room %s: keys: %v", id, err)
	}
	r.Created = time.UnixMilli(created)
	return r, nil
}

// Read implements store.Store.
func (s *Store) Read(ctx context.Context, room string, from uint64, max int) ([]store.Entry, error) {
	if from < 1 || max < 1 {
		return nil, fmt.Errorf("sqlitestore: read from %d, max %d: want from ≥ 1 and max ≥ 1", from, max)
	}
	rows, err := s.rdb.QueryContext(ctx,
		"SELECT seq, op_id, data, at FROM ops WHERE room = ? AND seq >= ? ORDER BY seq LIMIT ?", room, from, max)
	if err != nil {
		return nil, s.closedOr(err)
	}
	defer rows.Close()
	var out []store.Entry
	for rows.Next() {
		e := store.Entry{Room: room}
		var at int64
		if err := rows.Scan(&e.Seq, &e.ID, &e.Data, &at); err != nil {
			return nil, err
		}
		e.At = time.UnixMilli(at)
		out = append(out, e)
	}
	return out, s.closedOr(rows.Err())
}

// Subscribe implements store.Store.
func (s *Store) Subscribe(room string, after uint64) (*store.Subscription, error) {
	return s.feed.Subscribe(room, after)
}

func (s *Store) closedOr(err error) error {
	if err == nil {
		return nil
	}
	select {
	case <-s.quit:
		return store.ErrClosed
	default:
		return err
	}
}

// writer commits the queued writes, a group per transaction, until Close.
func (s *Store) writer() {
	defer close(s.stopped)
	batch := make([]*request, 0, MaxBatch)
	for {
		select {
		case <-s.quit:
			s.failQueued()
			return
		case r := <-s.reqs:
			batch = append(batch[:0], r)
		}
	drain:
		for len(batch) < MaxBatch {
			select {
			case r := <-s.reqs:
				batch = append(batch, r)
			default:
				break drain
			}
		}
		s.commit(batch)
	}
}

func (s *Store) failQueued() {
	for {
		select {
		case r := <-s.reqs:
			r.reply <- result{err: store.ErrClosed}
		default:
			return
		}
	}
}

// commit runs one group of writes in one transaction. A write refused on its own (a conflict, a
// taken room id) is answered with its error and the others go on; if the transaction fails, every
// write of the group fails.
func (s *Store) commit(batch []*request) {
	results := make([]result, len(batch))
	fresh := make([]bool, len(batch)) // the entry is new (published after the commit)
	last := map[string]uint64{}       // this group's view of the rooms' last entries
	err := func() error {
		tx, err := s.wdb.Begin()
		if err != nil {
			return err
		}
		defer tx.Rollback() //nolint:errcheck // after Commit it is a no-op
		st := s.st.in(tx)
		at := time.Now().UnixMilli()
		for i, r := range batch {
			if r.create != nil {
				results[i].err = createIn(st, r.create)
				if results[i].err == nil {
					last[r.create.ID] = 0
				}
				continue
			}
			e, isNew, err := s.appendIn(st, last, r, at)
			if err != nil && !isRefusal(err) {
				return err
			}
			results[i], fresh[i] = result{entry: e, err: err}, isNew
		}
		return tx.Commit()
	}()
	if err != nil {
		err = fmt.Errorf("sqlitestore: commit: %w", err)
		for _, r := range batch {
			r.reply <- result{err: err}
		}
		return
	}
	for room, seq := range last {
		s.last[room] = seq
	}
	for i, r := range batch {
		r.reply <- results[i]
	}
	for i := range batch {
		if fresh[i] {
			s.feed.Publish(results[i].entry)
		}
	}
}

func isRefusal(err error) bool {
	var c *store.ConflictError
	return errors.As(err, &c) || errors.Is(err, store.ErrNoRoom) || errors.Is(err, store.ErrRoomExists)
}

func createIn(st stmts, r *store.Room) error {
	res, err := st.create.Exec(r.ID, r.First, encodeKeys(r.KeyHashes), r.Created.UnixMilli())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return store.ErrRoomExists
	}
	return nil
}

// appendIn stores one append in a transaction. isNew is false for a duplicate (the earlier entry
// is returned) and for a refusal. An op id already in the room wins over a wrong expect, as in
// NATS (its de-duplication comes before the expected-sequence check).
func (s *Store) appendIn(st stmts, last map[string]uint64, r *request, at int64) (e store.Entry, isNew bool, err error) {
	prev, ok := last[r.room]
	if !ok {
		if prev, ok = s.last[r.room]; !ok {
			var exists int
			if err := st.exists.QueryRow(r.room).Scan(&exists); err != nil {
				return e, false, err
			}
			if exists == 0 {
				return e, false, store.ErrNoRoom
			}
			if err := st.maxSeq.QueryRow(r.room).Scan(&prev); err != nil {
				return e, false, err
			}
		}
		last[r.room] = prev
	}
	if prev == r.expect {
		res, err := st.insert.Exec(r.room, prev+1, r.op.ID, r.op.Data, at)
		if err != nil {
			return e, false, err
		}
		if n, err := res.RowsAffected(); err != nil {
			return e, false, err
		} else if n == 1 {
			last[r.room] = prev + 1
			return store.Entry{Room: r.room, Seq: prev + 1, Op: r.op, At: time.UnixMilli(at)}, true, nil
		}
	}
	// Not stored: the op id is taken (a retry), or the log does not end at expect.
	e = store.Entry{Room: r.room}
	var atOld int64
	err = st.find.QueryRow(r.room, r.op.ID).Scan(&e.Seq, &e.ID, &e.Data, &atOld)
	if err == nil {
		e.At = time.UnixMilli(atOld)
		return e, false, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return store.Entry{}, false, err
	}
	return store.Entry{}, false, &store.ConflictError{Room: r.room, Expect: r.expect, Actual: prev}
}

func encodeKeys(k map[string][]byte) string {
	m := make(map[string]string, len(k))
	for seat, h := range k {
		m[seat] = hex.EncodeToString(h)
	}
	b, _ := json.Marshal(m) // a map of strings always encodes
	return string(b)
}

func decodeKeys(s string) (map[string][]byte, error) {
	var m map[string]string
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(m))
	for seat, h := range m {
		b, err := hex.DecodeString(h)
		if err != nil {
			return nil, fmt.Errorf("seat %s: %v", seat, err)
		}
		out[seat] = b
	}
	return out, nil
}
