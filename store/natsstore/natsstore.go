//go:build !js

// Package natsstore is the room store on NATS JetStream, for several tableservers sharing rooms
// (docs/decisions.md D23): one stream for all rooms, a subject per room
// (holotable.room.<id>.op for the log, holotable.room.<id>.meta for the room itself), file
// storage replicated to three nodes, every write synced to disk before it is acknowledged.
//
// A room's sequence numbers are its own (1, 2, 3, … in a header), while JetStream numbers the
// whole stream; the store keeps each room's last pair. An append publishes with
// Nats-Expected-Last-Subject-Sequence (the stream sequence of the room's last entry), so two
// servers can never append at the same place, and with Nats-Msg-Id (room and op id), so a retried
// operation is stored once within the stream's de-duplication window. Single messages are read
// from the stream's leader; a room's entries in batches from a replica, checked against the
// room's last entry as the leader has it (reads.go: a follower may not yet have an acknowledged
// message, ADR-53).
package natsstore

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"holotable/store"
)

// Config configures the stream.
type Config struct {
	Stream     string        // the stream's name (default "HOLOTABLE_ROOMS")
	Replicas   int           // 1–5 (default 3)
	Duplicates time.Duration // the de-duplication window (default 10 minutes)
}

// Headers of every log message.
const (
	hdrSeq     = "Holotable-Seq"     // the room's sequence number of the entry
	hdrOp      = "Holotable-Op"      // the op id
	hdrAt      = "Holotable-At"      // when the store took it, Unix milliseconds
	hdrKeys    = "Holotable-Keys"    // meta: the seats' key hashes, JSON {"seat": "hex"}
	hdrCreated = "Holotable-Created" // meta: Unix milliseconds
)

// noSuchSeq is an expected stream sequence no message has: a publish with it fails the sequence
// check unless NATS knows the message id (the de-duplication comes first), which is how Append
// answers a retry that names a stale place.
const noSuchSeq = 1 << 62

// Store is a store.Store on a JetStream stream.
type Store struct {
	nc   *nats.Conn
	js   jetstream.JetStream
	name string
	feed *store.Feed
	live jetstream.ConsumeContext

	replies *replies // the answers of batched reads

	mu    sync.Mutex
	rooms map[string]*roomPos // what this store knows of the rooms it touched
	once  sync.Once
}

// pos is an entry's place: its room and stream sequence numbers (0, 0: before the first entry).
type pos struct{ seq, sseq uint64 }

// roomPos is what the store knows of a room: its last entry, and the places of entries seen
// lately (appended, followed, read) — where a read of the entries after one of them starts in the
// stream.
type roomPos struct {
	last   pos
	recent [8]pos
	n      int // the next slot of recent
}

var _ store.Store = (*Store)(nil)

// New creates or updates the stream on the connection's JetStream and returns the store. It
// waits (until ctx ends) for JetStream to be ready, as a cluster that has just started elects its
// leaders.
func New(ctx context.Context, nc *nats.Conn, cfg Config) (*Store, error) {
	if cfg.Stream == "" {
		cfg.Stream = "HOLOTABLE_ROOMS"
	}
	if cfg.Replicas == 0 {
		cfg.Replicas = 3
	}
	if cfg.Duplicates == 0 {
		cfg.Duplicates = 10 * time.Minute
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	sc := jetstream.StreamConfig{
		Name:              cfg.Stream,
		Subjects:          []string{"holotable.room.*.op", "holotable.room.*.meta"},
		Storage:           jetstream.FileStorage,
		Replicas:          cfg.Replicas,
		Retention:         jetstream.LimitsPolicy,
		Discard:           jetstream.DiscardOld,
		MaxMsgs:           -1,
		MaxBytes:          -1,
		MaxAge:            0,
		MaxMsgsPerSubject: -1,
		MaxMsgSize:        store.MaxOpBytes + 64<<10,
		Duplicates:        cfg.Duplicates,
		DenyDelete:        true,
		DenyPurge:         true,
		AllowDirect:       true, // batched reads (reads.go); single reads still go to the leader
	}
	for {
		c, cancel := context.WithTimeout(ctx, 5*time.Second)
		_, err = js.CreateOrUpdateStream(c, sc)
		cancel()
		if err == nil {
			break
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("natsstore: stream %s: %v", cfg.Stream, err)
		case <-time.After(250 * time.Millisecond):
		}
	}
	s := &Store{nc: nc, js: js, name: cfg.Stream, rooms: map[string]*roomPos{}}
	if s.replies, err = newReplies(nc); err != nil {
		return nil, fmt.Errorf("natsstore: %v", err)
	}
	s.feed = store.NewFeed(s.Read)
	if err := s.startLive(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// startLive follows every room's new entries (an ordered consumer: in order, no gaps, re-created
// by the client if its server goes away) and hands them to the feed, so a subscription on this
// server sees the appends made through the others.
func (s *Store) startLive(ctx context.Context) error {
	var err error
	for {
		var cons jetstream.Consumer
		c, cancel := context.WithTimeout(ctx, 5*time.Second)
		cons, err = s.js.OrderedConsumer(c, s.name, jetstream.OrderedConsumerConfig{
			FilterSubjects: []string{"holotable.room.*.op"},
			DeliverPolicy:  jetstream.DeliverNewPolicy,
		})
		cancel()
		if err == nil {
			s.live, err = cons.Consume(func(m jetstream.Msg) {
				meta, err := m.Metadata()
				if err != nil {
					return
				}
				e, ok := entryOf(m.Subject(), m.Headers(), m.Data())
				if !ok {
					return
				}
				s.learn(e.Room, pos{e.Seq, meta.Sequence.Stream}, false)
				s.feed.Publish(e)
			})
			if err == nil {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("natsstore: following the stream: %v", err)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// Close stops following the stream and ends the subscriptions; the connection stays the caller's.
func (s *Store) Close() error {
	s.once.Do(func() {
		if s.live != nil {
			s.live.Stop()
		}
		s.replies.sub.Unsubscribe() //nolint:errcheck // the connection may be gone
		s.feed.Close()
	})
	return nil
}

// Conn is the store's NATS connection (the room layer relays its unlogged messages over it).
func (s *Store) Conn() *nats.Conn { return s.nc }

func opSubject(room string) string   { return "holotable.room." + room + ".op" }
func metaSubject(room string) string { return "holotable.room." + room + ".meta" }

// learn records an entry of a room: as its last if it is newer than the one known, and among
// the room's recent places. A room not known yet is added only with add.
func (s *Store) learn(room string, p pos, add bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rp, ok := s.rooms[room]
	if !ok {
		if !add {
			return
		}
		rp = &roomPos{last: p}
		s.rooms[room] = rp
	}
	if p.seq > rp.last.seq {
		rp.last = p
	}
	if p.seq > 0 {
		rp.recent[rp.n] = p
		rp.n = (rp.n + 1) % len(rp.recent)
	}
}

// startFor is the stream sequence where a read of the room's entries from seq from on starts:
// just after the latest entry known before from (1 when none is).
func (s *Store) startFor(room string, from uint64) uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	rp, ok := s.rooms[room]
	if !ok {
		return 1
	}
	best := pos{}
	for _, p := range append(rp.recent[:], rp.last) {
		if p.seq < from && p.seq > best.seq && p.sseq > 0 {
			best = p
		}
	}
	return best.sseq + 1
}

// CreateRoom implements store.Store: the room's meta message, published only if the room has none.
func (s *Store) CreateRoom(ctx context.Context, r store.Room) error {
	if err := store.CheckRoom(r); err != nil {
		return err
	}
	if r.Created.IsZero() {
		r.Created = time.Now()
	}
	keys := map[string]string{}
	for seat, h := range r.KeyHashes {
		keys[seat] = hex.EncodeToString(h)
	}
	kb, _ := json.Marshal(keys) // a map of strings always encodes
	m := nats.NewMsg(metaSubject(r.ID))
	m.Header.Set(hdrKeys, string(kb))
	m.Header.Set(hdrCreated, strconv.FormatInt(r.Created.UnixMilli(), 10))
	m.Data = r.First
	_, err := s.js.PublishMsg(ctx, m, jetstream.WithExpectLastSequencePerSubject(0))
	if isWrongLast(err) {
		return store.ErrRoomExists
	}
	if err != nil {
		return fmt.Errorf("natsstore: create room %s: %w", r.ID, err)
	}
	s.learn(r.ID, pos{}, true)
	return nil
}

// Room implements store.Store.
func (s *Store) Room(ctx context.Context, id string) (store.Room, error) {
	if !store.ValidID(id) {
		return store.Room{}, store.ErrNoRoom
	}
	_, _, h, data, err := s.leaderGet(ctx, msgGetRequest{LastFor: metaSubject(id)})
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return store.Room{}, store.ErrNoRoom
	}
	if err != nil {
		return store.Room{}, fmt.Errorf("natsstore: room %s: %w", id, err)
	}
	r := store.Room{ID: id, First: data, KeyHashes: map[string][]byte{}}
	var keys map[string]string
	if err := json.Unmarshal([]byte(h.Get(hdrKeys)), &keys); err != nil {
		return store.Room{}, fmt.Errorf("natsstore: room %s: keys: %v", id, err)
	}
	for seat, h := range keys {
		b, err := hex.DecodeString(h)
		if err != nil {
			return store.Room{}, fmt.Errorf("natsstore: room %s: key of %s: %v", id, seat, err)
		}
		r.KeyHashes[seat] = b
	}
	ms, err := strconv.ParseInt(h.Get(hdrCreated), 10, 64)
	if err != nil {
		return store.Room{}, fmt.Errorf("natsstore: room %s: created: %v", id, err)
	}
	r.Created = time.UnixMilli(ms)
	return r, nil
}

// lastOf asks the stream's leader for the room's last entry. An unknown room is store.ErrNoRoom.
func (s *Store) lastOf(ctx context.Context, room string) (pos, error) {
	subject, sseq, h, data, err := s.leaderGet(ctx, msgGetRequest{LastFor: opSubject(room)})
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		if _, _, _, _, err := s.leaderGet(ctx, msgGetRequest{LastFor: metaSubject(room)}); errors.Is(err, jetstream.ErrMsgNotFound) {
			return pos{}, store.ErrNoRoom
		} else if err != nil {
			return pos{}, err
		}
		s.learn(room, pos{}, true)
		return pos{}, nil
	}
	if err != nil {
		return pos{}, err
	}
	e, ok := entryOf(subject, h, data)
	if !ok {
		return pos{}, fmt.Errorf("natsstore: room %s: message %d is not an entry", room, sseq)
	}
	t := pos{e.Seq, sseq}
	s.learn(room, t, true)
	return t, nil
}

// known is the room's last entry as far as the store knows.
func (s *Store) known(room string) (pos, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rp, ok := s.rooms[room]
	if !ok {
		return pos{}, false
	}
	return rp.last, true
}

// Append implements store.Store.
func (s *Store) Append(ctx context.Context, room string, expect uint64, op store.Op) (store.Entry, error) {
	if err := store.CheckAppend(room, op); err != nil {
		return store.Entry{}, err
	}
	t, ok := s.known(room)
	if !ok || t.seq != expect {
		var err error
		if t, err = s.lastOf(ctx, room); err != nil {
			return store.Entry{}, s.wrap(room, err)
		}
	}
	for try := 0; ; try++ {
		at := time.Now()
		m := nats.NewMsg(opSubject(room))
		m.Header.Set(hdrSeq, strconv.FormatUint(expect+1, 10))
		m.Header.Set(hdrOp, op.ID)
		m.Header.Set(hdrAt, strconv.FormatInt(at.UnixMilli(), 10))
		m.Data = op.Data
		place := t.sseq
		if t.seq != expect {
			place = noSuchSeq // fails unless it is a retry NATS remembers
		}
		ack, err := s.js.PublishMsg(ctx, m, jetstream.WithMsgID(room+":"+op.ID),
			jetstream.WithExpectLastSequencePerSubject(place), jetstream.WithRetryAttempts(0))
		switch {
		case err == nil && ack.Duplicate:
			subject, _, h, data, err := s.leaderGet(ctx, msgGetRequest{Seq: ack.Sequence})
			if err != nil {
				return store.Entry{}, s.wrap(room, err)
			}
			e, ok := entryOf(subject, h, data)
			if !ok || e.Room != room || e.ID != op.ID {
				return store.Entry{}, fmt.Errorf("natsstore: room %s: duplicate of %s is message %d, not that op", room, op.ID, ack.Sequence)
			}
			return e, nil
		case err == nil:
			e := store.Entry{Room: room, Seq: expect + 1, Op: op, At: store.Millis(at)}
			s.learn(room, pos{e.Seq, ack.Sequence}, true)
			s.feed.Publish(e)
			return e, nil
		case isWrongLast(err) || isDupInFlight(err):
			// Another server appended (or has an append in flight): where does the log end now?
			if t, err = s.lastOf(ctx, room); err != nil {
				return store.Entry{}, s.wrap(room, err)
			}
			if t.seq != expect && place != noSuchSeq {
				continue // one more publish: a retry NATS remembers wins over the conflict
			}
			if t.seq != expect || try >= 8 {
				return store.Entry{}, &store.ConflictError{Room: room, Expect: expect, Actual: t.seq}
			}
			// The log ends at expect after all (an append in flight failed, or the cache was
			// stale): publish again.
			select {
			case <-ctx.Done():
				return store.Entry{}, ctx.Err()
			case <-time.After(time.Duration(try+1) * 5 * time.Millisecond):
			}
		default:
			return store.Entry{}, s.wrap(room, err)
		}
	}
}

func (s *Store) wrap(room string, err error) error {
	if errors.Is(err, store.ErrNoRoom) {
		return err
	}
	if errors.Is(err, nats.ErrConnectionClosed) {
		return store.ErrClosed
	}
	return fmt.Errorf("natsstore: room %s: %w", room, err)
}

func isWrongLast(err error) bool {
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && (apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
		apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant)
}

// isDupInFlight: the message id is known but its message is not stored yet (10158, "duplicate
// message id is in process").
func isDupInFlight(err error) bool {
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && strings.Contains(apiErr.Description, "duplicate message id is in process")
}

// Subscribe implements store.Store.
func (s *Store) Subscribe(room string, after uint64) (*store.Subscription, error) {
	return s.feed.Subscribe(room, after)
}

// entryOf decodes a log message.
func entryOf(subject string, h nats.Header, data []byte) (store.Entry, bool) {
	room, ok := strings.CutPrefix(subject, "holotable.room.")
	if !ok {
		return store.Entry{}, false
	}
	room, ok = strings.CutSuffix(room, ".op")
	if !ok {
		return store.Entry{}, false
	}
	seq, err := strconv.ParseUint(h.Get(hdrSeq), 10, 64)
	if err != nil || seq == 0 {
		return store.Entry{}, false
	}
	at, err := strconv.ParseInt(h.Get(hdrAt), 10, 64)
	if err != nil {
		return store.Entry{}, false
	}
	return store.Entry{Room: room, Seq: seq, Op: store.Op{ID: h.Get(hdrOp), Data: data}, At: time.UnixMilli(at)}, true
}
