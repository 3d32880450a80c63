//go:build !js

package natsstore

import (
	"context"
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

// How the store reads (docs/decisions.md D58).
//
// Single messages — a room's meta, a room's last entry, the entry a retried append was stored as —
// are read from the stream's leader ($JS.API.STREAM.MSG.GET): the leader has every acknowledged
// message. (The stream allows direct gets, and nats.go sends its own GetMsg to them when it does,
// so the store makes the leader's request itself.)
//
// A room's entries are read in batches from any replica ($JS.API.DIRECT.GET with "batch"; the node
// a server is connected to answers when it holds the stream), and checked against an anchor read
// from the leader first: the room's last entry when the read began. A replica holds a prefix of the
// leader's log; one that is behind answers fewer entries than the anchor says exist, or a gap, and
// the read is then asked again and, if the replica is still behind, made message by message from the
// leader. So a read returns every entry acknowledged before it began (ADR-53's read-after-write
// caveat of direct gets is met by the anchor, not by the replica).

// directBatch is the most entries one direct get asks for.
const directBatch = 256

// apiWait bounds a request to JetStream made without a deadline (as nats.go's own API calls
// are): a request to a leader that went away is never answered.
const apiWait = 5 * time.Second

func withWait(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, apiWait)
}

// directTries is how often a batched read behind its anchor is asked again before the leader
// reads it message by message.
const directTries = 3

// msgGetRequest is JetStream's message get request (leader and direct).
type msgGetRequest struct {
	Seq     uint64 `json:"seq,omitempty"`
	LastFor string `json:"last_by_subj,omitempty"`
	NextFor string `json:"next_by_subj,omitempty"`
	Batch   int    `json:"batch,omitempty"`
}

// storedMsg is a message as the leader's get answers it.
type storedMsg struct {
	Subject  string `json:"subject"`
	Sequence uint64 `json:"seq"`
	Header   []byte `json:"hdrs,omitempty"`
	Data     []byte `json:"data,omitempty"`
}

type msgGetResponse struct {
	Error   *jetstream.APIError `json:"error,omitempty"`
	Message *storedMsg          `json:"message,omitempty"`
}

// leaderGet asks the stream's leader for one message: jetstream.ErrMsgNotFound when there is none.
func (s *Store) leaderGet(ctx context.Context, req msgGetRequest) (subject string, seq uint64, h nats.Header, data []byte, err error) {
	b, _ := json.Marshal(req) // plain fields always encode
	ctx, cancel := withWait(ctx)
	defer cancel()
	m, err := s.nc.RequestWithContext(ctx, "$JS.API.STREAM.MSG.GET."+s.name, b)
	if err != nil {
		return "", 0, nil, nil, err
	}
	var res msgGetResponse
	if err := json.Unmarshal(m.Data, &res); err != nil {
		return "", 0, nil, nil, fmt.Errorf("natsstore: message get: %v", err)
	}
	if res.Error != nil {
		if res.Error.ErrorCode == jetstream.JSErrCodeMessageNotFound {
			return "", 0, nil, nil, jetstream.ErrMsgNotFound
		}
		return "", 0, nil, nil, res.Error
	}
	if res.Message == nil {
		return "", 0, nil, nil, errors.New("natsstore: message get: an answer without a message")
	}
	if len(res.Message.Header) > 0 {
		if h, err = nats.DecodeHeadersMsg(res.Message.Header); err != nil {
			return "", 0, nil, nil, fmt.Errorf("natsstore: message %d: headers: %v", res.Message.Sequence, err)
		}
	}
	return res.Message.Subject, res.Message.Sequence, h, res.Message.Data, nil
}

// replies routes the answers of batched direct gets to the reads waiting for them, through one
// subscription for all (created with the store, so the cluster knows of it before any request).
type replies struct {
	prefix string
	sub    *nats.Subscription
	mu     sync.Mutex
	next   uint64
	wait   map[string]chan *nats.Msg
}

func newReplies(nc *nats.Conn) (*replies, error) {
	r := &replies{prefix: nc.NewRespInbox() + ".", wait: map[string]chan *nats.Msg{}}
	sub, err := nc.Subscribe(r.prefix+"*", func(m *nats.Msg) {
		r.mu.Lock()
		c := r.wait[strings.TrimPrefix(m.Subject, r.prefix)]
		r.mu.Unlock()
		if c != nil {
			select {
			case c <- m:
			default: // more than asked for: the read sees a short batch and asks again
			}
		}
	})
	if err != nil {
		return nil, err
	}
	r.sub = sub
	return r, nil
}

func (r *replies) open() (string, chan *nats.Msg) {
	c := make(chan *nats.Msg, directBatch+2)
	r.mu.Lock()
	r.next++
	token := strconv.FormatUint(r.next, 36)
	r.wait[token] = c
	r.mu.Unlock()
	return token, c
}

func (r *replies) done(token string) {
	r.mu.Lock()
	delete(r.wait, token)
	r.mu.Unlock()
}

// directBatchGet asks a replica for up to directBatch of the room's messages from stream sequence
// start on. The answer ends with an end-of-batch status (or "not found" when there is none).
func (s *Store) directBatchGet(ctx context.Context, subject string, start uint64) ([]*nats.Msg, error) {
	ctx, cancel := withWait(ctx)
	defer cancel()
	token, c := s.replies.open()
	defer s.replies.done(token)
	b, _ := json.Marshal(msgGetRequest{Seq: start, NextFor: subject, Batch: directBatch})
	if err := s.nc.PublishRequest("$JS.API.DIRECT.GET."+s.name, s.replies.prefix+token, b); err != nil {
		return nil, err
	}
	var out []*nats.Msg
	for {
		select {
		case m := <-c:
			switch status := m.Header.Get("Status"); status {
			case "":
				out = append(out, m)
			case "204", "404": // end of the batch, or nothing from start on
				return out, nil
			default:
				return nil, fmt.Errorf("natsstore: direct get: %s %s", status, m.Header.Get("Description"))
			}
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// readDirect reads the room's entries from seq from to seq to (anchor.seq ≥ to) in batches from a
// replica. ok is false when the replica answered fewer or other entries than the anchor says exist.
func (s *Store) readDirect(ctx context.Context, room string, from, to uint64) (out []store.Entry, ok bool, err error) {
	subj := opSubject(room)
	start := s.startFor(room, from)
	for {
		msgs, err := s.directBatchGet(ctx, subj, start)
		if err != nil {
			return nil, false, err
		}
		for _, m := range msgs {
			sseq, err := strconv.ParseUint(m.Header.Get(jetstream.SequenceHeader), 10, 64)
			if err != nil {
				return nil, false, fmt.Errorf("natsstore: room %s: a direct get without a sequence", room)
			}
			e, isEntry := entryOf(m.Header.Get(jetstream.SubjectHeader), m.Header, m.Data)
			if !isEntry || e.Room != room {
				return nil, false, fmt.Errorf("natsstore: room %s: message %d is not an entry", room, sseq)
			}
			start = sseq + 1
			if e.Seq < from {
				continue
			}
			if e.Seq != from+uint64(len(out)) {
				return nil, false, nil // a gap: not the log the anchor describes
			}
			out = append(out, e)
			if e.Seq == to {
				s.learn(room, pos{e.Seq, sseq}, true)
				return out, true, nil
			}
		}
		if len(msgs) < directBatch {
			return nil, false, nil // the replica's log ends before the anchor
		}
	}
}

// readLeader reads the room's entries from seq from to seq to message by message from the leader.
func (s *Store) readLeader(ctx context.Context, room string, from, to uint64) ([]store.Entry, error) {
	subj := opSubject(room)
	start := s.startFor(room, from)
	var out []store.Entry
	for from+uint64(len(out)) <= to {
		subject, sseq, h, data, err := s.leaderGet(ctx, msgGetRequest{Seq: start, NextFor: subj})
		if errors.Is(err, jetstream.ErrMsgNotFound) {
			break
		}
		if err != nil {
			return nil, s.wrap(room, err)
		}
		start = sseq + 1
		e, ok := entryOf(subject, h, data)
		if !ok {
			return nil, fmt.Errorf("natsstore: room %s: message %d is not an entry", room, sseq)
		}
		s.learn(room, pos{e.Seq, sseq}, true)
		if e.Seq >= from {
			out = append(out, e)
		}
	}
	return out, nil
}

// Read implements store.Store: the room's last entry from the leader (the anchor), then the
// entries up to it in batches from a replica, checked against the anchor (see above).
func (s *Store) Read(ctx context.Context, room string, from uint64, max int) ([]store.Entry, error) {
	if from < 1 || max < 1 {
		return nil, fmt.Errorf("natsstore: read from %d, max %d: want from ≥ 1 and max ≥ 1", from, max)
	}
	if !store.ValidID(room) {
		return nil, nil
	}
	anchor, err := s.lastOf(ctx, room)
	if errors.Is(err, store.ErrNoRoom) {
		return nil, nil
	}
	if err != nil {
		return nil, s.wrap(room, err)
	}
	if anchor.seq < from {
		return nil, nil
	}
	to := min(anchor.seq, from+uint64(max)-1)
	for try := 0; try < directTries; try++ {
		out, ok, err := s.readDirect(ctx, room, from, to)
		if ok {
			return out, nil
		}
		if err != nil && ctx.Err() != nil {
			return nil, s.wrap(room, err)
		}
		// Behind the anchor, or no replica answered: again, then from the leader.
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(try+1) * 5 * time.Millisecond):
		}
	}
	return s.readLeader(ctx, room, from, to)
}
