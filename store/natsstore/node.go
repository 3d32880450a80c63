//go:build !js

package natsstore

import (
	"fmt"
	"net"
	"net/url"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// NodeConfig configures an embedded NATS server with JetStream: one node of the cluster that
// several tableservers share (or a single node for one server).
type NodeConfig struct {
	Name string // the node's name, unique in the cluster
	Dir  string // JetStream's data directory
	// Listen is the address for NATS clients (host:port, port 0 picks one); empty serves only the
	// in-process connection of Connect.
	Listen string
	// Cluster is the cluster's name; ClusterListen the address of this node's routes (host:port);
	// Routes the route URLs of the nodes (nats-route://host:port; its own is ignored, so every
	// node may be given the same list). JetStream in a cluster needs at least one route. A node
	// with no ClusterListen runs alone.
	Cluster       string
	ClusterListen string
	Routes        []string
	// Logf, if not nil, receives the server's notices, warnings and errors.
	Logf func(format string, args ...any)
}

// Node is a running embedded NATS server.
type Node struct {
	cfg NodeConfig
	srv *server.Server
}

// StartNode starts a node and waits until it takes connections. JetStream syncs every write to
// disk before it is acknowledged (sync_interval: always; docs/decisions.md D23).
func StartNode(cfg NodeConfig) (*Node, error) {
	opts := &server.Options{
		ServerName:         cfg.Name,
		JetStream:          true,
		StoreDir:           cfg.Dir,
		SyncAlways:         true,
		SyncInterval:       2 * time.Minute, // unused with SyncAlways; set so the server does not default it
		NoSigs:             true,
		NoLog:              cfg.Logf == nil,
		MaxPayload:         2 << 20,
		JetStreamMaxMemory: 256 << 20,
	}
	switch {
	case cfg.Listen == "" && cfg.ClusterListen == "":
		opts.DontListen = true
	case cfg.Listen == "":
		// A clustered server starts its routes only once it listens for clients: on loopback then.
		opts.Host, opts.Port = "127.0.0.1", server.RANDOM_PORT
	default:
		host, port, err := splitHostPort(cfg.Listen)
		if err != nil {
			return nil, fmt.Errorf("nats node %s: listen %q: %v", cfg.Name, cfg.Listen, err)
		}
		opts.Host, opts.Port = host, port
	}
	if cfg.ClusterListen != "" {
		host, port, err := splitHostPort(cfg.ClusterListen)
		if err != nil {
			return nil, fmt.Errorf("nats node %s: cluster listen %q: %v", cfg.Name, cfg.ClusterListen, err)
		}
		opts.Cluster = server.ClusterOpts{Name: cfg.Cluster, Host: host, Port: port}
		for _, r := range cfg.Routes {
			u, err := url.Parse(r)
			if err != nil || u.Host == "" {
				return nil, fmt.Errorf("nats node %s: route %q: want nats-route://host:port", cfg.Name, r)
			}
			opts.Routes = append(opts.Routes, u)
		}
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("nats node %s: %v", cfg.Name, err)
	}
	if cfg.Logf != nil {
		srv.SetLogger(logger{cfg.Name, cfg.Logf}, false, false)
	}
	srv.Start()
	if !srv.ReadyForConnections(20 * time.Second) {
		srv.Shutdown()
		return nil, fmt.Errorf("nats node %s: not ready after 20 s", cfg.Name)
	}
	n := &Node{cfg: cfg, srv: srv}
	// A restart must find the same addresses: keep the ports that were picked.
	if a := srv.ClusterAddr(); a != nil {
		n.cfg.ClusterListen = net.JoinHostPort(opts.Cluster.Host, strconv.Itoa(a.Port))
	}
	if a := srv.Addr(); a != nil && cfg.Listen != "" {
		if ta, ok := a.(*net.TCPAddr); ok {
			n.cfg.Listen = net.JoinHostPort(opts.Host, strconv.Itoa(ta.Port))
		}
	}
	return n, nil
}

func splitHostPort(hp string) (string, int, error) {
	host, p, err := net.SplitHostPort(hp)
	if err != nil {
		return "", 0, err
	}
	port, err := strconv.Atoi(p)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("port %q", p)
	}
	if port == 0 {
		port = -1 // the server's "pick one"
	}
	return host, port, nil
}

// Config is the node's configuration with the ports it actually took.
func (n *Node) Config() NodeConfig { return n.cfg }

// RouteURL is the URL other nodes list in their Routes ("" for a node alone).
func (n *Node) RouteURL() string {
	if n.cfg.ClusterListen == "" {
		return ""
	}
	return "nats-route://" + n.cfg.ClusterListen
}

// ClientURL is the URL NATS clients connect to ("" without Listen).
func (n *Node) ClientURL() string {
	if n.cfg.Listen == "" {
		return ""
	}
	return "nats://" + n.cfg.Listen
}

// Connect opens a client connection to this node in-process (no socket). It reconnects for ever
// (to this node: an in-process connection cannot fail over).
func (n *Node) Connect() (*nats.Conn, error) {
	return nats.Connect("", nats.InProcessServer(n.srv), nats.Name("tableserver "+n.cfg.Name),
		nats.MaxReconnects(-1), nats.ReconnectWait(100*time.Millisecond))
}

// Shutdown stops the node and waits until it has.
func (n *Node) Shutdown() {
	n.srv.Shutdown()
	n.srv.WaitForShutdown()
}

type logger struct {
	name string
	logf func(string, ...any)
}

func (l logger) Noticef(format string, v ...any) {
	l.logf("nats %s: "+format, append([]any{l.name}, v...)...)
}
func (l logger) Warnf(format string, v ...any) {
	l.logf("nats %s: warning: "+format, append([]any{l.name}, v...)...)
}
func (l logger) Errorf(format string, v ...any) {
	l.logf("nats %s: error: "+format, append([]any{l.name}, v...)...)
}
func (l logger) Fatalf(format string, v ...any) {
	l.logf("nats %s: fatal: "+format, append([]any{l.name}, v...)...)
}
func (l logger) Debugf(string, ...any) {}
func (l logger) Tracef(string, ...any) {}
