//go:build !js

package room_test

import (
	"fmt"
	"net"
	"sync"
	"testing"

	"github.com/nats-io/nats.go"

	"holotable/store/natsstore"
)

// natsCluster starts three embedded NATS nodes on loopback (route ports the OS picks) and returns
// an in-process connection to each; all stopped when the benchmark ends.
func natsCluster(b *testing.B) []*nats.Conn {
	var routes, listens []string
	for i := 0; i < 3; i++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		listens = append(listens, ln.Addr().String())
		routes = append(routes, "nats-route://"+ln.Addr().String())
		ln.Close()
	}
	conns := make([]*nats.Conn, 3)
	var wg sync.WaitGroup
	errs := make(chan error, 3)
	for i := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := natsstore.StartNode(natsstore.NodeConfig{Name: fmt.Sprintf("b%d", i), Dir: b.TempDir(),
				Cluster: "bench", ClusterListen: listens[i], Routes: routes})
			if err != nil {
				errs <- err
				return
			}
			nc, err := n.Connect()
			if err != nil {
				errs <- err
				return
			}
			b.Cleanup(func() { nc.Close(); n.Shutdown() })
			conns[i] = nc
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	return conns
}
