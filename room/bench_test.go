//go:build !js

package room_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"holotable/protocol"
	"holotable/protocol/client"
	"holotable/room"
	"holotable/room/roomtest"
	"holotable/store"
	"holotable/store/natsstore"
	"holotable/store/sqlitestore"
	"holotable/store/storetest"
)

// The server's figures (docs/performance.md): loopback, one process serving and generating the
// load on the machine's two cores, the counters engine (until the operations package is wired in),
// the per-address limits raised because every client comes from 127.0.0.1.

func benchLimits() room.Limits {
	l := room.DefaultLimits()
	l.JoinsPerSecond, l.JoinBurst = 1e6, 1e6
	l.CreatesPerMinute, l.CreateBurst = 1e9, 1e6
	return l
}

type benchServer struct {
	hubs []*room.Hub
	ws   []string
	st   []store.Store
}

func sqliteServer(b *testing.B, lim room.Limits) *benchServer {
	st, err := sqlitestore.Open(filepath.Join(b.TempDir(), "rooms.db"))
	if err != nil {
		b.Fatal(err)
	}
	return serveHubs(b, lim, []store.Store{st}, nil)
}

func serveHubs(b *testing.B, lim room.Limits, stores []store.Store, buses []room.Bus) *benchServer {
	s := &benchServer{st: stores}
	for i, st := range stores {
		cfg := room.Config{Store: st, Engine: roomtest.Engine{}, Limits: lim, Logf: b.Logf, Node: fmt.Sprintf("n%d", i)}
		if buses != nil {
			cfg.Bus = buses[i]
		}
		hub := room.NewHub(cfg)
		hs := httptest.NewServer(hub.Handler())
		b.Cleanup(func() { hs.CloseClientConnections(); hub.Close(); hs.Close(); st.Close() })
		s.hubs = append(s.hubs, hub)
		s.ws = append(s.ws, "ws"+strings.TrimPrefix(hs.URL, "http")+"/ws")
	}
	return s
}

// seat is one benchmark client: its connection and the round trips of its own ops.
type seat struct {
	c       *client.Conn
	mu      sync.Mutex
	sent    map[string]time.Time
	rtts    []time.Duration
	settled chan struct{}
}

func (s *seat) read(record *atomic.Bool) {
	for m := range s.c.In {
		if m.T != protocol.TEntry {
			continue
		}
		s.mu.Lock()
		if t0, ok := s.sent[m.ID]; ok && m.By == s.c.Welcome.Seat {
			delete(s.sent, m.ID)
			if record.Load() {
				s.rtts = append(s.rtts, time.Since(t0))
			}
			select {
			case s.settled <- struct{}{}:
			default:
			}
		}
		s.mu.Unlock()
	}
}

func (s *seat) send(id string) error {
	s.mu.Lock()
	s.sent[id] = time.Now()
	s.mu.Unlock()
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return s.c.Send(c, &protocol.Client{T: protocol.TOp, ID: id, Op: addOne})
}

// addOne is every benchmark op: add 1 to counter n.
var addOne = roomtest.Add("n", 1)

// joinAll makes rooms rooms and joins each with the given seats, 64 joins at a time.
func joinAll(b *testing.B, s *benchServer, rooms int, seats []protocol.Seat) [][]*seat {
	out := make([][]*seat, rooms)
	sem := make(chan struct{}, 64)
	var wg sync.WaitGroup
	var failed atomic.Value
	for r := 0; r < rooms; r++ {
		hub := s.hubs[r%len(s.hubs)]
		c, err := hub.Create(context.Background(), roomtest.First(map[string]float64{"n": 0}))
		if err != nil {
			b.Fatal(err)
		}
		out[r] = make([]*seat, len(seats))
		for k, st := range seats {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				conn, err := client.Join(ctx, s.ws[(r+k)%len(s.ws)], c.Room, c.Keys[st], 0, "")
				if err != nil {
					failed.Store(err)
					return
				}
				b.Cleanup(func() { conn.Close() })
				out[r][k] = &seat{c: conn, sent: map[string]time.Time{}, settled: make(chan struct{}, 1)}
			}()
		}
	}
	wg.Wait()
	if err := failed.Load(); err != nil {
		b.Fatal(err)
	}
	return out
}

// cpuTime is the CPU time this process has used (user and system): the server's and the load
// generator's together, so that a figure can be read apart from what else runs on the machine.
var cpuTime = storetest.CPUTime

func percentile(d []time.Duration, p float64) float64 {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return float64(s[min(len(s)-1, int(p*float64(len(s))))].Microseconds()) / 1000
}

// BenchmarkRoundTrip: 1,000 rooms, each with two players and a spectator (3,000 WebSockets); each
// player sends an op every 2 s (1,000 ops/s in all). The round trip is from sending an op to its
// entry arriving back at the sender, after the store acknowledged it. 10 s measured after 3 s.
func BenchmarkRoundTrip(b *testing.B) {
	s := sqliteServer(b, benchLimits())
	rooms := joinAll(b, s, 1000, []protocol.Seat{protocol.Blue, protocol.Red, protocol.Spectator})
	var record atomic.Bool
	var players []*seat
	for _, r := range rooms {
		for _, st := range r {
			go st.read(&record)
			if st.c.Welcome.Seat.Plays() {
				players = append(players, st)
			}
		}
	}
	const period, warm, measured = 2 * time.Second, 3 * time.Second, 10 * time.Second
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var sendErrs atomic.Int64
	b.ResetTimer()
	for i, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(rand.Int64N(int64(period))))
			tick := time.NewTicker(period)
			defer tick.Stop()
			for k := 0; ; k++ {
				if p.send("p"+strconv.Itoa(i)+"-"+strconv.Itoa(k)) != nil {
					sendErrs.Add(1)
				}
				select {
				case <-stop:
					return
				case <-tick.C:
				}
			}
		}()
	}
	time.Sleep(warm)
	record.Store(true)
	cpu0 := cpuTime()
	time.Sleep(measured)
	cpu := cpuTime() - cpu0
	record.Store(false)
	close(stop)
	wg.Wait()
	b.StopTimer()
	var all []time.Duration
	for _, p := range players {
		p.mu.Lock()
		all = append(all, p.rtts...)
		p.mu.Unlock()
	}
	if sendErrs.Load() > 0 || len(all) < int(measured/period)*len(players)*9/10 {
		b.Fatalf("%d round trips measured of about %d; %d sends failed", len(all), int(measured/period)*len(players), sendErrs.Load())
	}
	b.ReportMetric(percentile(all, 0.50), "p50-ms")
	b.ReportMetric(percentile(all, 0.99), "p99-ms")
	b.ReportMetric(float64(len(all))/measured.Seconds(), "ops/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(max(len(all), 1)), "cpu-µs/op")
	b.ReportMetric(storetest.LoadAverage(), "load1")
}

// accepted drives rooms players (one per room), each sending its next op as soon as its last one
// came back, for 10 s after 2 s, and reports the ops the servers accepted per second. The
// per-connection op limit is lifted: this measures the server, not the policy.
func accepted(b *testing.B, s *benchServer, rooms int) {
	players := joinAll(b, s, rooms, []protocol.Seat{protocol.Blue})
	var record atomic.Bool
	var count atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	b.ResetTimer()
	for i, r := range players {
		p := r[0]
		go p.read(&record)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; ; k++ {
				if p.send("a"+strconv.Itoa(i)+"-"+strconv.Itoa(k)) != nil {
					return
				}
				select {
				case <-p.settled:
					if record.Load() {
						count.Add(1)
					}
				case <-stop:
					return
				case <-time.After(10 * time.Second):
					b.Errorf("room %d: op %d not back in 10 s", i, k)
					return
				}
			}
		}()
	}
	const warm, measured = 2 * time.Second, 10 * time.Second
	time.Sleep(warm)
	record.Store(true)
	cpu0 := cpuTime()
	time.Sleep(measured)
	cpu := cpuTime() - cpu0
	record.Store(false)
	close(stop)
	wg.Wait()
	b.StopTimer()
	var all []time.Duration
	for _, r := range players {
		all = append(all, r[0].rtts...)
	}
	b.ReportMetric(float64(count.Load())/measured.Seconds(), "ops/s")
	b.ReportMetric(percentile(all, 0.50), "p50-ms")
	b.ReportMetric(percentile(all, 0.99), "p99-ms")
	b.ReportMetric(float64(cpu.Microseconds())/float64(max(count.Load(), 1)), "cpu-µs/op")
	b.ReportMetric(storetest.LoadAverage(), "load1")
}

func unlimited() room.Limits {
	l := benchLimits()
	l.OpsPerSecond, l.OpsBurst = 1e9, 1e6
	l.MessagesPerSecond, l.MessagesBurst = 1e9, 1e6
	return l
}

// BenchmarkAcceptSQLite: the most ops one server on SQLite accepts, 1,000 rooms at once.
func BenchmarkAcceptSQLite(b *testing.B) { accepted(b, sqliteServer(b, unlimited()), 1000) }

// BenchmarkAcceptNATS: the same on three servers sharing a three-node embedded NATS cluster
// (replicas 3, sync always), all in this one process on two cores.
func BenchmarkAcceptNATS(b *testing.B) {
	var stores []store.Store
	var buses []room.Bus
	for _, nc := range natsCluster(b) {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		st, err := natsstore.New(ctx, nc, natsstore.Config{Replicas: 3})
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		stores = append(stores, st)
		buses = append(buses, natsstore.Bus{NC: st.Conn()})
	}
	accepted(b, serveHubs(b, unlimited(), stores, buses), 1000)
}

// BenchmarkJoin: joining a room with a 1,000-op history, until the last entry has arrived; the
// room already in the server's memory (warm) or loaded from the store for the join (cold: SQLite;
// cold-nats: a three-node embedded NATS cluster, replicas 3).
func BenchmarkJoin(b *testing.B) {
	for _, way := range []struct {
		name       string
		cold, nats bool
	}{{"warm", false, false}, {"cold", true, false}, {"cold-nats", true, true}} {
		cold := way.cold
		b.Run(way.name, func(b *testing.B) {
			var st store.Store
			var err error
			if way.nats {
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				st, err = natsstore.New(ctx, natsCluster(b)[0], natsstore.Config{Replicas: 3})
				cancel()
			} else {
				st, err = sqlitestore.Open(filepath.Join(b.TempDir(), "rooms.db"))
			}
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			lim := benchLimits()
			hub := room.NewHub(room.Config{Store: st, Engine: roomtest.Engine{}, Limits: lim, Logf: b.Logf})
			c, err := hub.Create(context.Background(), roomtest.First(map[string]float64{"n": 0}))
			if err != nil {
				b.Fatal(err)
			}
			hub.Close()
			for i := 0; i < 1000; i++ {
				rec, _ := (&protocol.Record{ID: fmt.Sprintf("h%d", i), By: protocol.Blue, Op: roomtest.Add("n", 1)}).Encode()
				if _, err := st.Append(context.Background(), c.Room, uint64(i), store.Op{ID: protocol.StoreOpID(protocol.Blue, fmt.Sprintf("h%d", i)), Data: rec}); err != nil {
					b.Fatal(err)
				}
			}
			newServer := func() (*room.Hub, *httptest.Server) {
				h := room.NewHub(room.Config{Store: st, Engine: roomtest.Engine{}, Limits: lim, Logf: b.Logf})
				return h, httptest.NewServer(h.Handler())
			}
			hub, hs := newServer()
			defer func() { hs.CloseClientConnections(); hub.Close(); hs.Close() }()
			join := func() {
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				conn, err := client.Join(ctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/ws", c.Room, c.Keys[protocol.Red], 0, "")
				if err != nil {
					b.Fatal(err)
				}
				for n := 0; n < 1000; {
					m, ok := <-conn.In
					if !ok {
						b.Fatal(conn.Err())
					}
					if m.T == protocol.TEntry {
						n++
					}
				}
				conn.Close()
			}
			join() // warm: the room is loaded from now on
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if cold {
					b.StopTimer()
					hs.CloseClientConnections()
					hub.Close()
					hs.Close()
					hub, hs = newServer()
					b.StartTimer()
				}
				join()
			}
			b.StopTimer()
			b.ReportMetric(storetest.LoadAverage(), "load1")
		})
	}
}
