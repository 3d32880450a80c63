//go:build !js

// Command tableserver serves holotable's web app and hosts its online tables (docs/protocol.md):
//
//	tableserver serve [--port 8080] [--data ./data] [--web ./web]
//
// On its own it keeps the rooms in one SQLite file under --data. Several tableservers share rooms
// through NATS JetStream: either each embeds a node of one NATS cluster (--cluster-listen and
// --routes; JetStream data under --data) or they all use a NATS cluster of their own (--nats URL).
// README "Running several servers" shows both.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"

	"holotable/room"
	"holotable/store"
	"holotable/store/natsstore"
	"holotable/store/sqlitestore"
	"holotable/tools/serve"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stderr, nil); err != nil {
		fmt.Fprintln(os.Stderr, "tableserver:", err)
		os.Exit(2)
	}
}

// options are serve's flags.
type options struct {
	host, data, web, publicURL, node string
	port                             int
	origins                          []string
	natsURL                          string
	clusterName, clusterListen       string
	routes                           []string
	natsListen                       string
	replicas                         int
	limits                           room.Limits
}

func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintln(w, "usage: tableserver serve [flags]")
	fmt.Fprintln(w, "\nServes the web app and hosts online tables. Flags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
}

func parse(args []string, stderr io.Writer) (options, error) {
	if len(args) == 0 || args[0] != "serve" {
		fs := flags(&options{})
		usage(stderr, fs)
		return options{}, errors.New(`the command is "serve"`)
	}
	o := options{limits: room.DefaultLimits()}
	fs := flags(&o)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args[1:]); err != nil {
		usage(stderr, fs)
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("serve: unexpected argument %q", fs.Arg(0))
	}
	if o.port < 0 || o.port > 65535 {
		return o, fmt.Errorf("--port: %d is not a port", o.port)
	}
	if o.natsURL != "" && (o.clusterListen != "" || len(o.routes) > 0) {
		return o, errors.New("--nats uses a NATS cluster of its own: no --cluster-listen or --routes with it")
	}
	if (o.clusterListen == "") != (len(o.routes) == 0) {
		return o, errors.New("an embedded cluster node needs both --cluster-listen and --routes")
	}
	if o.replicas < 1 || o.replicas > 5 {
		return o, fmt.Errorf("--replicas: %d, want 1–5", o.replicas)
	}
	if o.node == "" {
		host, _ := os.Hostname()
		o.node = strings.NewReplacer(".", "-", " ", "-").Replace(host) + "-" + strconv.Itoa(o.port)
	}
	return o, nil
}

func flags(o *options) *flag.FlagSet {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.IntVar(&o.port, "port", 8080, "HTTP port (0 picks one)")
	fs.StringVar(&o.host, "host", "127.0.0.1", "address to listen on (0.0.0.0 for every interface)")
	fs.StringVar(&o.data, "data", "./data", "directory of the rooms (SQLite file, or the embedded NATS node's JetStream)")
	fs.StringVar(&o.web, "web", "./web", "directory of the web app")
	fs.StringVar(&o.publicURL, "public-url", "", "address the room links point at (default: the address the request came to)")
	fs.Func("origin", "a host pattern of other pages allowed to use this server (repeatable), e.g. *.example.org", func(s string) error {
		o.origins = append(o.origins, s)
		return nil
	})
	fs.StringVar(&o.node, "node", "", "this server's name among several (default: host name and port)")
	fs.StringVar(&o.natsURL, "nats", "", "store rooms in this NATS cluster's JetStream (nats://host:4222,nats://…) instead of SQLite")
	fs.StringVar(&o.clusterListen, "cluster-listen", "", "embed a NATS node with its cluster routes on this address (host:6222)")
	fs.Func("routes", "the cluster's route URLs, comma separated (nats-route://host:6222,…; this node's own may be in the list)", func(s string) error {
		for _, r := range strings.Split(s, ",") {
			if r = strings.TrimSpace(r); r != "" {
				o.routes = append(o.routes, r)
			}
		}
		return nil
	})
	fs.StringVar(&o.clusterName, "cluster-name", "holotable", "the NATS cluster's name")
	fs.StringVar(&o.natsListen, "nats-listen", "", "also serve NATS clients on this address (host:4222), e.g. for the nats command")
	fs.IntVar(&o.replicas, "replicas", 3, "copies of every room on the NATS cluster (1 for a single NATS server)")
	return fs
}

// run serves until ctx ends. ready, if not nil, is told the address the server listens on.
func run(ctx context.Context, args []string, stderr io.Writer, ready func(addr string)) error {
	o, err := parse(args, stderr)
	if err != nil {
		return err
	}
	logger := log.New(stderr, "", log.LstdFlags)
	if err := os.MkdirAll(o.data, 0o755); err != nil {
		return err
	}
	st, bus, closeStore, err := openStore(ctx, o, logger)
	if err != nil {
		return err
	}
	defer closeStore()
	hub := room.NewHub(room.Config{Store: st, Engine: engine{}, Bus: bus, Node: o.node, Limits: o.limits,
		Origins: o.origins, PublicURL: o.publicURL, Logf: logger.Printf})
	defer hub.Close()

	mux := http.NewServeMux()
	api := hub.Handler()
	mux.Handle("/api/", api)
	mux.Handle("/ws", api)
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok\n") }) //nolint:errcheck // the client went away
	mux.Handle("/", serve.Handler(o.web))
	ln, err := net.Listen("tcp", net.JoinHostPort(o.host, strconv.Itoa(o.port)))
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	logger.Printf("holotable: open http://%s/ (rooms: %s)", ln.Addr(), describe(o))
	if ready != nil {
		ready(ln.Addr().String())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Shutdown(sctx) //nolint:errcheck // stopping anyway
	return nil
}

func describe(o options) string {
	switch {
	case o.natsURL != "":
		return "NATS " + o.natsURL
	case o.clusterListen != "":
		return "embedded NATS node " + o.node + " of cluster " + o.clusterName + ", data in " + filepath.Join(o.data, "nats")
	}
	return "SQLite " + filepath.Join(o.data, "holotable.db")
}

// openStore opens the store the flags ask for: SQLite, an embedded NATS node, or a NATS cluster.
func openStore(ctx context.Context, o options, logger *log.Logger) (store.Store, room.Bus, func(), error) {
	if o.natsURL == "" && o.clusterListen == "" {
		st, err := sqlitestore.Open(filepath.Join(o.data, "holotable.db"))
		if err != nil {
			return nil, nil, nil, err
		}
		return st, nil, func() { st.Close() }, nil
	}
	var nc *nats.Conn
	var node *natsstore.Node
	var err error
	if o.natsURL != "" {
		nc, err = nats.Connect(o.natsURL, nats.Name("tableserver "+o.node), nats.MaxReconnects(-1), nats.RetryOnFailedConnect(true))
	} else {
		node, err = natsstore.StartNode(natsstore.NodeConfig{Name: o.node, Dir: filepath.Join(o.data, "nats"),
			Listen: o.natsListen, Cluster: o.clusterName, ClusterListen: o.clusterListen, Routes: o.routes,
			Logf: func(f string, a ...any) {
				if strings.Contains(f, "warning") || strings.Contains(f, "error") || strings.Contains(f, "fatal") {
					logger.Printf(f, a...)
				}
			}})
		if err == nil {
			nc, err = node.Connect()
		}
	}
	if err != nil {
		if node != nil {
			node.Shutdown()
		}
		return nil, nil, nil, err
	}
	closeAll := func() {
		nc.Close()
		if node != nil {
			node.Shutdown()
		}
	}
	logger.Printf("waiting for the NATS cluster's JetStream (%d replicas)…", o.replicas)
	c, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	st, err := natsstore.New(c, nc, natsstore.Config{Replicas: o.replicas})
	if err != nil {
		closeAll()
		return nil, nil, nil, err
	}
	return st, natsstore.Bus{NC: nc}, func() { st.Close(); closeAll() }, nil
}
