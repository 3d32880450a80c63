//go:build !js

package natsstore

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"holotable/store"
	"holotable/store/storetest"
)

// cluster is three embedded nodes on loopback ports the OS picks, in temporary directories,
// stopped by the test.
type cluster struct {
	cfgs   []NodeConfig
	nodes  []*Node // nil while a node is down
	mu     sync.Mutex
	conns  map[int]*nats.Conn
	stores map[int]*Store
}

func startCluster(t testing.TB, n int) *cluster {
	t.Helper()
	c := &cluster{conns: map[int]*nats.Conn{}, stores: map[int]*Store{}}
	// JetStream in a cluster starts only with its routes configured: take route ports the OS
	// picks (listen, note, close), and give every node all of them.
	var routes, listens []string
	for i := 0; i < n; i++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		listens = append(listens, ln.Addr().String())
		routes = append(routes, "nats-route://"+ln.Addr().String())
		ln.Close()
	}
	c.nodes = make([]*Node, n)
	for i := 0; i < n; i++ {
		c.cfgs = append(c.cfgs, NodeConfig{Name: fmt.Sprintf("n%d", i), Dir: t.TempDir(), Listen: "127.0.0.1:0",
			Cluster: "holotable-test", ClusterListen: listens[i], Routes: routes})
	}
	t.Cleanup(c.stop)
	c.startAll(t)
	return c
}

// startAll starts the nodes that are down, side by side, and keeps the client ports they took.
func (c *cluster) startAll(t testing.TB) {
	var wg sync.WaitGroup
	errs := make(chan error, len(c.cfgs))
	for i := range c.cfgs {
		if c.nodes[i] != nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := StartNode(c.cfgs[i])
			if err != nil {
				errs <- err
				return
			}
			c.nodes[i] = n
			c.cfgs[i] = n.Config()
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func (c *cluster) stop() {
	c.closeClients()
	for i, n := range c.nodes {
		if n != nil {
			n.Shutdown()
			c.nodes[i] = nil
		}
	}
}

func (c *cluster) closeClients() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, s := range c.stores {
		s.Close()
		delete(c.stores, i)
	}
	for i, nc := range c.conns {
		nc.Close()
		delete(c.conns, i)
	}
}

// Client i connects over TCP to node i mod n first and fails over to the others.
func (c *cluster) Client(t testing.TB, i int) store.Store {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.stores[i]; ok {
		return s
	}
	var urls []string
	for k := range c.cfgs {
		cfg := c.cfgs[(i+k)%len(c.cfgs)]
		urls = append(urls, "nats://"+cfg.Listen)
	}
	nc, err := nats.Connect(strings.Join(urls, ","), nats.DontRandomize(), nats.MaxReconnects(-1),
		nats.ReconnectWait(50*time.Millisecond), nats.RetryOnFailedConnect(true))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := New(ctx, nc, Config{Replicas: len(c.cfgs)})
	if err != nil {
		nc.Close()
		t.Fatal(err)
	}
	c.conns[i], c.stores[i] = nc, s
	return s
}

func (c *cluster) Restart(t testing.TB) {
	c.closeClients()
	for i, n := range c.nodes {
		if n != nil {
			n.Shutdown()
			c.nodes[i] = nil
		}
	}
	c.startAll(t)
}

// leader is the index of the node leading the stream.
func (c *cluster) leader(t *testing.T, s *Store) int {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	info, err := s.stream.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i, cfg := range c.cfgs {
		if info.Cluster != nil && cfg.Name == info.Cluster.Leader {
			return i
		}
	}
	t.Fatalf("no leader in %+v", info.Cluster)
	return -1
}

func TestSuite(t *testing.T) {
	c := startCluster(t, 3)
	storetest.Run(t, c)
}

// TestKillNode: two clients on two nodes keep appending to two rooms while the node leading the
// stream is shut down and, later, started again. Every client ends with the same log, every
// acknowledged append is in it, and the history is linearizable.
func TestKillNode(t *testing.T) {
	c := startCluster(t, 3)
	s0 := c.Client(t, 0).(*Store)
	rooms := []string{storetest.NewRoom(t, s0, "kill"), storetest.NewRoom(t, s0, "kill")}
	victim := c.leader(t, s0)
	others := []int{(victim + 1) % 3, (victim + 2) % 3}
	stores := []store.Store{c.Client(t, others[0]), c.Client(t, victim)} // one client loses its node
	t0 := time.Now()
	h := storetest.Workload(t, stores, rooms, 40, func() {
		t.Logf("shutting down n%d (the stream's leader) at %v", victim, time.Since(t0).Round(time.Millisecond))
		c.nodes[victim].Shutdown()
		c.nodes[victim] = nil
	})
	t.Logf("workload done after %v", time.Since(t0).Round(time.Millisecond))
	c.startAll(t)
	h.Check(t, []store.Store{stores[0], stores[1], c.Client(t, others[1])})
}

// BenchmarkAppend: 1,000 rooms appended to at once through three clients, one on each node of a
// three-node cluster (replicas 3, every write synced).
func BenchmarkAppend(b *testing.B) {
	c := startCluster(b, 3)
	stores := []store.Store{c.Client(b, 0), c.Client(b, 1), c.Client(b, 2)}
	storetest.BenchAppend(b, stores, 1000, 5*time.Second)
}
