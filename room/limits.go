package room

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limits bound what one connection, one address and one room may do.
type Limits struct {
	// Ops and rolls a connection may send (a token bucket): past it each one is refused.
	OpsPerSecond float64
	OpsBurst     int
	// Pointer, select and explain messages: past it they are dropped.
	RelaysPerSecond float64
	RelayBurst      int
	// Messages of any kind: past it the connection is closed as a flood.
	MessagesPerSecond float64
	MessagesBurst     int
	// Joins (hellos) from one address, right or wrong: past it they are refused.
	JoinsPerSecond float64
	JoinBurst      int
	// Rooms one address may create.
	CreatesPerMinute float64
	CreateBurst      int
	// Operations waiting in one room while one is being stored; past it they are refused.
	RoomQueue int
	// Frames waiting for one slow connection; past it the connection is closed (it resumes).
	PeerQueue int
	// Connections the server holds at once.
	MaxConns int
	// A room nobody is in is unloaded from memory after IdleAfter (its log stays in the store).
	IdleAfter time.Duration
}

// DefaultLimits are the limits a tableserver starts with.
func DefaultLimits() Limits {
	return Limits{
		OpsPerSecond: 20, OpsBurst: 40,
		RelaysPerSecond: 30, RelayBurst: 60,
		MessagesPerSecond: 100, MessagesBurst: 200,
		JoinsPerSecond: 5, JoinBurst: 20,
		CreatesPerMinute: 10, CreateBurst: 10,
		RoomQueue: 64,
		PeerQueue: 4096,
		MaxConns:  20000,
		IdleAfter: 10 * time.Minute,
	}
}

// perAddress keeps a token bucket per client address, forgetting addresses idle for 10 minutes.
type perAddress struct {
	every rate.Limit
	burst int
	mu    sync.Mutex
	m     map[string]*addrLimiter
	swept time.Time
}

type addrLimiter struct {
	l    *rate.Limiter
	seen time.Time
}

func newPerAddress(every rate.Limit, burst int) *perAddress {
	return &perAddress{every: every, burst: burst, m: map[string]*addrLimiter{}, swept: time.Now()}
}

func (p *perAddress) allow(addr string) bool {
	now := time.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	if now.Sub(p.swept) > time.Minute {
		for a, l := range p.m {
			if now.Sub(l.seen) > 10*time.Minute {
				delete(p.m, a)
			}
		}
		p.swept = now
	}
	l, ok := p.m[addr]
	if !ok {
		l = &addrLimiter{l: rate.NewLimiter(p.every, p.burst)}
		p.m[addr] = l
	}
	l.seen = now
	return l.l.AllowN(now, 1)
}
