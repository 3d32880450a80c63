//go:build !js

package room_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"holotable/protocol"
	"holotable/protocol/client"
	"holotable/room"
	"holotable/room/roomtest"
	"holotable/store/natsstore"
)

// TestTwoServers: two servers share rooms through NATS (a one-node JetStream here; the store
// suite runs the three-node cluster). Blue is on one, red on the other: both see every entry in
// the same order, pointers and presence cross, and ops sent at once from both sides are all
// stored once, in one order.
func TestTwoServers(t *testing.T) {
	node, err := natsstore.StartNode(natsstore.NodeConfig{Name: "solo", Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(node.Shutdown)
	var servers []*server
	for i := 0; i < 2; i++ {
		nc, err := node.Connect()
		if err != nil {
			t.Fatal(err)
		}
		c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		st, err := natsstore.New(c, nc, natsstore.Config{Replicas: 1})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		hub := room.NewHub(room.Config{Store: st, Engine: roomtest.Engine{}, Bus: natsstore.Bus{NC: nc},
			Node: fmt.Sprintf("server%d", i), Logf: t.Logf})
		hs := httptest.NewServer(hub.Handler())
		s := &server{hub: hub, st: st, http: hs, base: hs.URL, ws: "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"}
		t.Cleanup(func() { hs.CloseClientConnections(); hub.Close(); hs.Close(); st.Close(); nc.Close() })
		servers = append(servers, s)
	}
	a, b := servers[0], servers[1]
	l := create(t, a, map[string]float64{"hp": 0})
	blue := join(t, a, l, "blue", 0)
	red := join(t, b, l, "red", 0)
	spec := join(t, b, l, "spectator", 0)
	// Presence crosses: blue sees red and the spectator from the other server.
	deadline := time.After(10 * time.Second)
	for seen := false; !seen; {
		select {
		case m := <-blue.In:
			seen = m.T == protocol.TPresence && len(m.Peers) == 3
		case <-deadline:
			t.Fatal("blue never saw three peers")
		}
	}
	x, y := 3.0, 4.0
	if err := blue.Send(ctx(t), &protocol.Client{T: protocol.TPointer, X: &x, Y: &y}); err != nil {
		t.Fatal(err)
	}
	if m := next(t, red, protocol.TPointer); m.From != blue.Welcome.You || *m.X != 3 {
		t.Errorf("pointer across servers: %+v", m)
	}
	// Both sides edit at once.
	const n = 15
	for i := 0; i < n; i++ {
		sendOp(t, blue, fmt.Sprintf("b%d", i), roomtest.Add("hp", 1))
		sendOp(t, red, fmt.Sprintf("r%d", i), roomtest.Add("hp", 10))
	}
	var logs [3][]*protocol.Server
	for i, c := range []*client.Conn{blue, red, spec} {
		for len(logs[i]) < 2*n {
			logs[i] = append(logs[i], next(t, c, protocol.TEntry))
		}
	}
	for i := range logs {
		for k, e := range logs[i] {
			if e.Seq != uint64(k+1) || e.ID != logs[0][k].ID {
				t.Fatalf("client %d entry %d = %d %s, client 0 has %d %s", i, k, e.Seq, e.ID, logs[0][k].Seq, logs[0][k].ID)
			}
		}
		if tb := replay(t, roomtest.First(map[string]float64{"hp": 0}), logs[i]); tb.Counters["hp"] != 11*n {
			t.Errorf("client %d: %v", i, tb)
		}
	}
}
