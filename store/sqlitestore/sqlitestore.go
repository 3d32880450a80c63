//go:build !js

// Package sqlitestore is the embedded default room store: one SQLite file (modernc.org/sqlite, pure
// Go) in WAL mode with synchronous=FULL, so an acknowledged append has been fsynced to the WAL.
//
// One writer goroutine takes every write (CreateRoom, Append) and commits them in groups: while a
// commit's fsync runs, the next requests queue up, and the next transaction takes all of them, from
// any number of rooms. One fsync so serves many appends (docs/decisions.md, D23). Reads run on
// their own connections beside the writer (WAL readers do not block it), and so do checkpoints;
// the log has no index on op ids, the writer keeps their hashes (D59).
package sqlitestore

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"log"
	"net/url"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"holotable/store"
)

// MaxBatch is the most writes one transaction takes.
const MaxBatch = 2048

// writerCacheKiB is the writer's page cache: a group of appends to many rooms touches a page of
// each room's log, and a cache that holds them all is not re-read from the file (SQLite's default
// of 2 MiB spilled and re-read pages in every group of 1,000 rooms).
const writerCacheKiB = 64 << 10

// checkpointEvery is the least time between two checkpoints (copying the WAL's committed pages
// into the database file).
const checkpointEvery = 200 * time.Millisecond

// Store is a store.Store on one SQLite file.
type Store struct {
	rdb, wdb *sql.DB
	reqs     chan *request
	feed     *store.Feed
	quit     chan struct{}
	stopped  chan struct{} // the writer has stopped
	ckpt     chan struct{} // the writer committed: time for a checkpoint
	ckptDone chan struct{} // the checkpointer has stopped
	once     sync.Once

	// The writer's own: the rooms it has written to lately (roomLog), the seed of their op ids'
	// hashes, and its prepared statements.
	rooms map[string]*roomLog
	seed  maphash.Seed
	swept time.Time
	st    stmts
}

// roomLog is what the writer knows of a room it wrote to lately: where its log ends, and a hash
// of every op id in it. The log has no index on op ids — an index is one more page of the file
// written for every append (a group of appends to many rooms writes a page of each room's log and
// one of each room's index: measured, the index was a fifth of an append's CPU) — so the writer
// finds a retried op by its hash, and reads the entry the hash names to compare the id itself. A
// room is read into the writer's memory the first time it is written to (its op ids, in one scan
// of its log) and let go when it has not been written to for roomIdle.
type roomLog struct {
	last uint64
	ids  map[uint64]uint64 // the hash of an op id → the sequence number of its entry
	used time.Time
}

// roomIdle is how long a room the writer has not written to stays in its memory.
const roomIdle = 10 * time.Minute

// stmts are the writer's statements, prepared once (parsing SQL was a quarter of an append's cost).
type stmts struct {
	create, exists, ids, entry, find, insert *sql.Stmt
}

func (st *stmts) prepare(db *sql.DB) error {
	for _, p := range []struct {
		to **sql.Stmt
		q  string
	}{
		{&st.create, "INSERT INTO rooms (id, first, keys, created) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING"},
		{&st.exists, "SELECT count(*) FROM rooms WHERE id = ?"},
		{&st.ids, "SELECT seq, op_id FROM ops WHERE room = ? ORDER BY seq"},
		{&st.entry, "SELECT op_id, data, at FROM ops WHERE room = ? AND seq = ?"},
		// Two op ids with one hash (never seen: 64 bits): the room's log is scanned for the id.
		{&st.find, "SELECT seq, data, at FROM ops WHERE room = ? AND op_id = ?"},
		{&st.insert, "INSERT INTO ops (room, seq, op_id, data, at) VALUES (?, ?, ?, ?, ?)"},
	} {
		var err error
		if *p.to, err = db.Prepare(p.q); err != nil {
			return err
		}
	}
	return nil
}

// txStmts are the writer's statements in one transaction, each bound to it when first used
// (binding all six for every group cost their allocations in every commit, most of which has one
// or two appends at 1,000 ops a second).
type txStmts struct {
	tx                                    *sql.Tx
	st                                    *stmts
	create, exists, ids, entry, find, ins *sql.Stmt
}

func (st *stmts) in(tx *sql.Tx) *txStmts { return &txStmts{tx: tx, st: st} }

func (t *txStmts) bind(bound **sql.Stmt, s *sql.Stmt) *sql.Stmt {
	if *bound == nil {
		*bound = t.tx.Stmt(s)
	}
	return *bound
}

func (t *txStmts) createStmt() *sql.Stmt { return t.bind(&t.create, t.st.create) }
func (t *txStmts) existsStmt() *sql.Stmt { return t.bind(&t.exists, t.st.exists) }
func (t *txStmts) idsStmt() *sql.Stmt    { return t.bind(&t.ids, t.st.ids) }
func (t *txStmts) entryStmt() *sql.Stmt  { return t.bind(&t.entry, t.st.entry) }
func (t *txStmts) findStmt() *sql.Stmt   { return t.bind(&t.find, t.st.find) }
func (t *txStmts) insertStmt() *sql.Stmt { return t.bind(&t.ins, t.st.insert) }

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
DROP INDEX IF EXISTS ops_op_id;
`

// Open opens (creating it if needed) the store in the SQLite file at path.
func Open(path string) (*Store, error) {
	dsn := func(txlock string, pragmas ...string) string {
		q := url.Values{}
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "synchronous(FULL)")
		q.Add("_pragma", "busy_timeout(10000)")
		q.Add("_pragma", "foreign_keys(ON)")
		for _, p := range pragmas {
			q.Add("_pragma", p)
		}
		if txlock != "" {
			q.Set("_txlock", txlock)
		}
		return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	}
	// The writer never checkpoints (the checkpointer does, beside it) and keeps the pages of many
	// rooms' logs in its cache: a group of appends touches a page per room.
	wdb, err := sql.Open("sqlite", dsn("immediate", "wal_autocheckpoint(0)", fmt.Sprintf("cache_size(%d)", -writerCacheKiB)))
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
		ckpt: make(chan struct{}, 1), ckptDone: make(chan struct{}),
		rooms: map[string]*roomLog{}, seed: maphash.MakeSeed(), swept: time.Now(), st: st,
	}
	s.feed = store.NewFeed(s.Read)
	go s.writer()
	go s.checkpointer()
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
		<-s.ckptDone
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

// checkpointer copies the WAL's committed pages into the database file beside the writer, which
// never checkpoints itself: PASSIVE, so it waits for neither the writer nor a reader, and the
// writer's commits never wait for it (with SQLite's automatic checkpoints, every commit that
// crossed 1,000 WAL pages copied them all and synced the file before it returned). A commit is
// durable in the WAL whether or not it has been checkpointed; once a checkpoint has copied the
// whole WAL, the writer's next transaction starts it again from its beginning.
func (s *Store) checkpointer() {
	defer close(s.ckptDone)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-s.quit
		cancel()
	}()
	for {
		select {
		case <-s.quit:
			return
		case <-s.ckpt:
		}
		if _, err := s.rdb.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)"); err != nil && ctx.Err() == nil {
			log.Printf("sqlitestore: checkpoint: %v", err) // the next one tries again; the WAL keeps every commit
		}
		select {
		case <-s.quit:
			return
		case <-time.After(checkpointEvery):
		}
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
	now := time.Now()
	err := func() error {
		tx, err := s.wdb.Begin()
		if err != nil {
			return err
		}
		defer tx.Rollback() //nolint:errcheck // after Commit it is a no-op
		st := s.st.in(tx)
		at := now.UnixMilli()
		for i, r := range batch {
			if r.create != nil {
				results[i].err = createIn(st, r.create)
				if results[i].err == nil {
					s.rooms[r.create.ID] = &roomLog{ids: map[uint64]uint64{}, used: now}
				}
				continue
			}
			e, isNew, err := s.appendIn(st, r, at, now)
			if err != nil && !isRefusal(err) {
				return err
			}
			results[i], fresh[i] = result{entry: e, err: err}, isNew
		}
		return tx.Commit()
	}()
	if err != nil {
		// The rooms of the group are read from the file again when next written to: what the
		// writer noted of them in the failed transaction was not stored.
		for _, r := range batch {
			delete(s.rooms, r.room)
			if r.create != nil {
				delete(s.rooms, r.create.ID)
			}
		}
		err = fmt.Errorf("sqlitestore: commit: %w", err)
		for _, r := range batch {
			r.reply <- result{err: err}
		}
		return
	}
	if now.Sub(s.swept) > time.Minute {
		for id, rl := range s.rooms {
			if now.Sub(rl.used) > roomIdle {
				delete(s.rooms, id)
			}
		}
		s.swept = now
	}
	select {
	case s.ckpt <- struct{}{}:
	default:
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

func createIn(st *txStmts, r *store.Room) error {
	res, err := st.createStmt().Exec(r.ID, r.First, encodeKeys(r.KeyHashes), r.Created.UnixMilli())
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
func (s *Store) appendIn(st *txStmts, r *request, at int64, now time.Time) (e store.Entry, isNew bool, err error) {
	rl, err := s.roomLogIn(st, r.room, now)
	if err != nil {
		return e, false, err
	}
	h := maphash.String(s.seed, r.op.ID)
	if seq, ok := rl.ids[h]; ok {
		e, found, err := s.findIn(st, r.room, r.op.ID, seq)
		if err != nil || found {
			return e, false, err
		}
	}
	if rl.last != r.expect {
		return store.Entry{}, false, &store.ConflictError{Room: r.room, Expect: r.expect, Actual: rl.last}
	}
	seq := rl.last + 1
	if _, err := st.insertStmt().Exec(r.room, seq, r.op.ID, r.op.Data, at); err != nil {
		return e, false, err
	}
	rl.last = seq
	if _, ok := rl.ids[h]; !ok { // on a clash of hashes the first entry keeps it (findIn scans)
		rl.ids[h] = seq
	}
	return store.Entry{Room: r.room, Seq: seq, Op: r.op, At: time.UnixMilli(at)}, true, nil
}

// roomLogIn is the writer's roomLog of a room, read from the file in the transaction if the
// writer does not hold it. An unknown room is store.ErrNoRoom.
func (s *Store) roomLogIn(st *txStmts, room string, now time.Time) (*roomLog, error) {
	if rl, ok := s.rooms[room]; ok {
		rl.used = now
		return rl, nil
	}
	var exists int
	if err := st.existsStmt().QueryRow(room).Scan(&exists); err != nil {
		return nil, err
	}
	if exists == 0 {
		return nil, store.ErrNoRoom
	}
	rows, err := st.idsStmt().Query(room)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	rl := &roomLog{ids: map[uint64]uint64{}, used: now}
	var id []byte // RawBytes-like: only hashed, never kept
	for rows.Next() {
		var seq uint64
		if err := rows.Scan(&seq, &id); err != nil {
			return nil, err
		}
		h := maphash.Bytes(s.seed, id)
		if _, ok := rl.ids[h]; !ok {
			rl.ids[h] = seq
		}
		rl.last = seq
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	s.rooms[room] = rl
	return rl, nil
}

// findIn returns the room's entry holding op id, which a hash says is the entry seq — unless two
// ids share the hash, when the log is searched for the id itself. found is false when the room
// has no op with that id.
func (s *Store) findIn(st *txStmts, room, id string, seq uint64) (e store.Entry, found bool, err error) {
	e = store.Entry{Room: room, Seq: seq}
	var at int64
	err = st.entryStmt().QueryRow(room, seq).Scan(&e.ID, &e.Data, &at)
	if err != nil {
		return store.Entry{}, false, err
	}
	if e.ID != id {
		e.ID = id
		err = st.findStmt().QueryRow(room, id).Scan(&e.Seq, &e.Data, &at)
		if errors.Is(err, sql.ErrNoRows) {
			return store.Entry{}, false, nil
		}
		if err != nil {
			return store.Entry{}, false, err
		}
	}
	e.At = time.UnixMilli(at)
	return e, true, nil
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
