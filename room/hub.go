package room

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"holotable/protocol"
	"holotable/store"
)

// Config is what a Hub runs on.
type Config struct {
	Store  store.Store
	Engine Engine
	Bus    Bus    // nil for a single server
	Node   string // this server's name among several (default: a random one)
	Limits Limits // zero: DefaultLimits
	// Origins are host patterns (path.Match) of pages, besides the server's own host, that may open
	// a WebSocket or create a room.
	Origins []string
	// PublicURL is the address the links point at (default: the request's scheme and host).
	PublicURL string
	Logf      func(format string, args ...any) // default log.Printf
}

// Hub hosts the rooms of one server.
type Hub struct {
	cfg     Config
	mu      sync.Mutex
	rooms   map[string]*room
	loading map[string]*loadCall
	conns   atomic.Int64
	joins   *perAddress
	creates *perAddress
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
}

type loadCall struct {
	done chan struct{}
	r    *room
	err  error
}

// NewHub starts a hub.
func NewHub(cfg Config) *Hub {
	if cfg.Limits == (Limits{}) {
		cfg.Limits = DefaultLimits()
	}
	if cfg.Node == "" {
		cfg.Node = newSecret(6)
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Hub{
		cfg: cfg, rooms: map[string]*room{}, loading: map[string]*loadCall{},
		joins:   newPerAddress(rate.Limit(cfg.Limits.JoinsPerSecond), cfg.Limits.JoinBurst),
		creates: newPerAddress(rate.Limit(cfg.Limits.CreatesPerMinute/60), cfg.Limits.CreateBurst),
		ctx:     ctx, cancel: cancel,
	}
}

// Close unloads every room and closes every connection (the store stays open: it is the caller's).
func (h *Hub) Close() {
	h.cancel()
	h.wg.Wait()
}

// Loaded is how many rooms are in memory.
func (h *Hub) Loaded() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.rooms)
}

// Created is a new room: its id and the key of each seat (only their hashes are stored).
type Created struct {
	Room string
	Keys map[protocol.Seat]string
}

// ErrRefused is the cause of refusals a client may read (wrapped with the reason).
var ErrRefused = errors.New("refused")

// Create makes a room from a first table file, which the engine must open.
func (h *Hub) Create(ctx context.Context, first []byte) (Created, error) {
	if len(first) > store.MaxFirst {
		return Created{}, fmt.Errorf("%w: table file of %d bytes, at most %d", ErrRefused, len(first), store.MaxFirst)
	}
	if _, err := h.cfg.Engine.Open(first); err != nil {
		return Created{}, fmt.Errorf("%w: table file: %v", ErrRefused, err)
	}
	keys, hashes := newKeys()
	for {
		id := newSecret(12)
		err := h.cfg.Store.CreateRoom(ctx, store.Room{ID: id, First: first, KeyHashes: hashes})
		if errors.Is(err, store.ErrRoomExists) {
			continue // 96 random bits taken: never, but the store would say so
		}
		if err != nil {
			return Created{}, err
		}
		return Created{Room: id, Keys: keys}, nil
	}
}

// errNoEntry is the one refusal for an unknown room and a wrong key: a client learns nothing of
// a room without its link, not even that it exists.
var errNoEntry = fmt.Errorf("%w: no room with this link (unknown room or wrong key)", ErrRefused)

// enter finds (loading it if needed) the room id and checks key: the room and the seat, with the
// room's pending join counted (the caller must join or call r.unpend).
func (h *Hub) enter(ctx context.Context, id, key string) (*room, protocol.Seat, error) {
	for {
		h.mu.Lock()
		if r, ok := h.rooms[id]; ok {
			seat := seatOf(r.meta.KeyHashes, key)
			if seat == protocol.NoSeat {
				h.mu.Unlock()
				return nil, 0, errNoEntry
			}
			r.pending.Add(1)
			h.mu.Unlock()
			return r, seat, nil
		}
		call, ok := h.loading[id]
		if !ok {
			call = &loadCall{done: make(chan struct{})}
			h.loading[id] = call
			h.mu.Unlock()
			call.r, call.err = h.load(ctx, id)
			h.mu.Lock()
			delete(h.loading, id)
			if call.err == nil {
				h.rooms[id] = call.r
				h.wg.Add(1)
				go call.r.run()
			}
			close(call.done)
			h.mu.Unlock()
		} else {
			h.mu.Unlock()
			select {
			case <-call.done:
			case <-ctx.Done():
				return nil, 0, ctx.Err()
			}
		}
		if call.err != nil {
			if errors.Is(call.err, store.ErrNoRoom) {
				return nil, 0, errNoEntry
			}
			return nil, 0, call.err
		}
	}
}

// load reads a room from the store: its table replayed from the first file through the log.
func (h *Hub) load(ctx context.Context, id string) (*room, error) {
	meta, err := h.cfg.Store.Room(ctx, id)
	if err != nil {
		return nil, err
	}
	table, err := h.cfg.Engine.Open(meta.First)
	if err != nil {
		return nil, fmt.Errorf("room %s: its first table no longer opens: %v", id, err)
	}
	r := newRoom(h, meta, table)
	for {
		es, err := h.cfg.Store.Read(ctx, id, r.seq+1, 512)
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			r.apply(e, nil)
		}
		if len(es) < 512 {
			break
		}
	}
	if r.sub, err = h.cfg.Store.Subscribe(id, r.seq); err != nil {
		return nil, err
	}
	if h.cfg.Bus != nil {
		unsub, err := h.cfg.Bus.Subscribe(id, func(b []byte) {
			select {
			case r.bus <- b:
			default: // the room is busy: drop a pointer rather than stall the bus
			}
		})
		if err != nil {
			r.sub.Close()
			return nil, err
		}
		r.unsubBus = unsub
	}
	return r, nil
}

// unload removes r if nobody is joining it; true if it did.
func (h *Hub) unload(r *room) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if r.pending.Load() > 0 {
		return false
	}
	delete(h.rooms, r.meta.ID)
	return true
}

func (h *Hub) logf(format string, args ...any) { h.cfg.Logf(format, args...) }

// storeTimeout bounds one store call of a room.
const storeTimeout = 10 * time.Second
