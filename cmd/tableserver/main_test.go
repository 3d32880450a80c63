//go:build !js

package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"holotable/maps"
	"holotable/protocol"
	"holotable/protocol/client"
)

// start runs tableserver with args in the background until the test ends; its base URL.
func start(t *testing.T, args ...string) string {
	t.Helper()
	base, stop := startStop(t, args...)
	t.Cleanup(stop)
	return base
}

// startStop runs tableserver with args in the background; its base URL and the function that stops
// it (and reports how it ended), to be called once.
func startStop(t *testing.T, args ...string) (string, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- run(ctx, args, io.Discard, func(a string) { addr <- a }) }()
	stop := func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("tableserver %v: %v", args, err)
		}
	}
	select {
	case a := <-addr:
		return "http://" + a, stop
	case err := <-done:
		t.Fatalf("tableserver %v: %v", args, err)
	case <-time.After(90 * time.Second):
		cancel()
		t.Fatalf("tableserver %v did not start", args)
	}
	return "", stop
}

func get(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// TestServe: the app's files (as tools/serve serves them), a room made from the default table,
// joined, with a server roll.
func TestServe(t *testing.T) {
	web := t.TempDir()
	os.WriteFile(filepath.Join(web, "index.html"), []byte("<!doctype html><title>holotable</title>"), 0o644)
	os.WriteFile(filepath.Join(web, "main.wasm"), []byte("WASM"), 0o644)
	base := start(t, "serve", "--port", "0", "--data", t.TempDir(), "--web", web)
	if res, body := get(t, base+"/"); res.StatusCode != 200 || !strings.Contains(body, "holotable") {
		t.Errorf("GET / = %s %q", res.Status, body)
	}
	if res, _ := get(t, base+"/main.wasm"); res.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("main.wasm served as %q", res.Header.Get("Content-Type"))
	}
	if _, body := get(t, base+"/healthz"); body != "ok\n" {
		t.Errorf("healthz %q", body)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, err := client.Create(ctx, base, []byte(`{"format":"holotable/1","battlefield":{}}`)); err == nil || !strings.Contains(err.Error(), "table file:") {
		t.Errorf("a bad table file made a room: %v", err)
	}
	l, err := client.Create(ctx, base, maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(l.Links["blue"], base+"/#room=") {
		t.Errorf("link %s", l.Links["blue"])
	}
	c, err := client.Join(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws", l.Room, l.Keys["red"], 0, "")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Send(ctx, &protocol.Client{T: protocol.TRoll, ID: "r1", Dice: map[string]int{"black-attack": 4}}); err != nil {
		t.Fatal(err)
	}
	for m := range c.In {
		if m.T == protocol.TEntry {
			if m.Roll == nil || len(m.Roll.Result.Dice) != 4 || m.By != protocol.Red {
				t.Errorf("roll entry %+v", m)
			}
			break
		}
	}
}

func TestFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, `the command is "serve"`},
		{[]string{"run"}, `the command is "serve"`},
		{[]string{"serve", "--port", "70000"}, "--port: 70000 is not a port"},
		{[]string{"serve", "--nats", "nats://x:4222", "--cluster-listen", "a:1", "--routes", "nats-route://a:1"}, "no --cluster-listen or --routes"},
		{[]string{"serve", "--cluster-listen", "127.0.0.1:6222"}, "needs both --cluster-listen and --routes"},
		{[]string{"serve", "--replicas", "7"}, "--replicas: 7"},
		{[]string{"serve", "extra"}, `unexpected argument "extra"`},
		{[]string{"serve", "--colour", "red"}, "flag provided but not defined"},
	} {
		_, err := parse(c.args, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
	o, err := parse([]string{"serve"}, io.Discard)
	if err != nil || o.port != 8080 || o.data != "./data" || o.web != "./web" || o.replicas != 3 {
		t.Errorf("defaults: %+v, %v", o, err)
	}
}

// TestThreeServers is README's "Running several servers" on one machine: three tableservers,
// each embedding a node of one NATS cluster. A room made on one is played through the other two.
func TestThreeServers(t *testing.T) {
	var routes []string
	var listens []string
	for i := 0; i < 3; i++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		listens = append(listens, ln.Addr().String())
		routes = append(routes, "nats-route://"+ln.Addr().String())
		ln.Close()
	}
	bases := make([]string, 3)
	var wg sync.WaitGroup
	for i := range bases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bases[i] = start(t, "serve", "--port", "0", "--data", t.TempDir(), "--web", t.TempDir(), "--node", fmt.Sprintf("node%d", i),
				"--cluster-listen", listens[i], "--routes", strings.Join(routes, ","))
		}()
	}
	wg.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	l, err := client.Create(ctx, bases[0], maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	ws := func(i int) string { return "ws" + strings.TrimPrefix(bases[i], "http") + "/ws" }
	blue, err := client.Join(ctx, ws(1), l.Room, l.Keys["blue"], 0, "")
	if err != nil {
		t.Fatal(err)
	}
	defer blue.Close()
	red, err := client.Join(ctx, ws(2), l.Room, l.Keys["red"], 0, "")
	if err != nil {
		t.Fatal(err)
	}
	defer red.Close()
	blue.Send(ctx, &protocol.Client{T: protocol.TRoll, ID: "b1", Dice: map[string]int{"red-attack": 2}})   //nolint:errcheck
	red.Send(ctx, &protocol.Client{T: protocol.TRoll, ID: "r1", Dice: map[string]int{"white-defence": 1}}) //nolint:errcheck
	var got [2][]string
	for i, c := range []*client.Conn{blue, red} {
		for len(got[i]) < 2 {
			m, ok := <-c.In
			if !ok {
				t.Fatalf("client %d: %v", i, c.Err())
			}
			if m.T == protocol.TEntry {
				got[i] = append(got[i], fmt.Sprintf("%d:%s:%s", m.Seq, m.By, m.ID))
			}
		}
	}
	if got[0][0] != got[1][0] || got[0][1] != got[1][1] {
		t.Errorf("blue on node1 saw %v, red on node2 %v", got[0], got[1])
	}
}
