//go:build !js

package room_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"holotable/protocol"
	"holotable/protocol/client"
	"holotable/room"
	"holotable/room/roomtest"
)

// TestFlood: a connection sending ops past its rate gets refusals, and past the message rate is
// closed; meanwhile another room's players keep their round trips.
func TestFlood(t *testing.T) {
	s := newServer(t, room.DefaultLimits())
	lim := room.DefaultLimits()
	noisy := create(t, s, map[string]float64{"n": 0})
	calm := create(t, s, map[string]float64{"n": 0})
	flooder := join(t, s, noisy, "blue", 0)
	watcher := join(t, s, noisy, "red", 0)
	cb, cr := join(t, s, calm, "blue", 0), join(t, s, calm, "red", 0)

	// Ops past the burst: some are stored, the rest refused with the rate in the reason.
	n := lim.OpsBurst + 30
	t0 := time.Now()
	for i := 0; i < n; i++ {
		sendOp(t, flooder, fmt.Sprintf("f%d", i), roomtest.Add("n", 1))
	}
	refill := int(lim.OpsPerSecond*time.Since(t0).Seconds()) + 1 // tokens that came back while sending
	stored, refused := 0, 0
	for stored+refused < n {
		m := <-flooder.In
		switch m.T {
		case protocol.TEntry:
			stored++
		case protocol.TRefused:
			if !strings.Contains(m.Reason, "too many operations: at most 20 a second") {
				t.Fatalf("refusal %q", m.Reason)
			}
			refused++
		}
	}
	if refused == 0 || stored < lim.OpsBurst || stored > lim.OpsBurst+refill {
		t.Errorf("%d ops: %d stored, %d refused; want the burst of %d and at most %d more stored", n, stored, refused, lim.OpsBurst, refill)
	}
	// The calm room's round trips while the flooder sends pointers as fast as it can.
	done := make(chan error, 1)
	go func() {
		x := 1.0
		for i := 0; ; i++ {
			if err := flooder.Send(ctx(t), &protocol.Client{T: protocol.TPointer, X: &x, Y: &x}); err != nil {
				done <- err
				return
			}
		}
	}()
	var worst time.Duration
	for i := 0; i < 10; i++ {
		t0 := time.Now()
		sendOp(t, cb, fmt.Sprintf("c%d", i), roomtest.Add("n", 1))
		next(t, cr, protocol.TEntry)
		next(t, cb, protocol.TEntry)
		worst = max(worst, time.Since(t0))
	}
	if worst > time.Second {
		t.Errorf("the calm room's slowest round trip under the flood: %v", worst)
	}
	// The flooder was closed for flooding.
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the flooder was not cut off")
	}
	for range flooder.In {
	}
	if err := flooder.Err(); err == nil || !strings.Contains(err.Error(), "flooding: more than 100 messages a second") {
		t.Errorf("flooder ended with %v", err)
	}
	// Its room goes on for the others: the watcher saw the stored ops and can still play.
	got := 0
	for got < stored {
		if m := <-watcher.In; m.T == protocol.TEntry {
			got++
		}
	}
	sendOp(t, watcher, "w1", roomtest.Add("n", 1))
	if e := next(t, watcher, protocol.TEntry); e.Seq != uint64(stored+1) {
		t.Errorf("after the flood: %+v", e)
	}
	t.Logf("flood: %d of %d ops stored, %d refused; calm room's worst round trip %v", stored, n, refused, worst)
}

// TestWrongKeyFlood: guessing keys from one address is throttled.
func TestWrongKeyFlood(t *testing.T) {
	s := newServer(t, room.DefaultLimits())
	l := create(t, s, nil)
	throttled := false
	for i := 0; i < 40 && !throttled; i++ {
		_, err := client.Join(ctx(t), s.ws, l.Room, fmt.Sprintf("guess%d", i), 0, "")
		throttled = err != nil && strings.Contains(err.Error(), "too many joins from your address")
	}
	if !throttled {
		t.Error("40 wrong keys in a row were all answered")
	}
}

// TestIdleUnload: a room nobody is in leaves memory after IdleAfter; its log stays, and joining
// loads it again.
func TestIdleUnload(t *testing.T) {
	lim := room.DefaultLimits()
	lim.IdleAfter = 150 * time.Millisecond
	s := newServer(t, lim)
	l := create(t, s, map[string]float64{"hp": 3})
	blue := join(t, s, l, "blue", 0)
	sendOp(t, blue, "b1", roomtest.Add("hp", 1))
	next(t, blue, protocol.TEntry)
	if s.hub.Loaded() != 1 {
		t.Fatalf("%d rooms loaded", s.hub.Loaded())
	}
	blue.Close()
	deadline := time.Now().Add(5 * time.Second)
	for s.hub.Loaded() != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the empty room stayed loaded")
		}
		time.Sleep(20 * time.Millisecond)
	}
	red := join(t, s, l, "red", 0)
	if e := next(t, red, protocol.TEntry); e.ID != "b1" || *red.Welcome.Head != 1 {
		t.Errorf("after unloading: %+v", e)
	}
}

// TestServerRestart: the server stops (store closed) and starts again on its data; the clients
// resume from their last entries and nothing acknowledged is lost.
func TestServerRestart(t *testing.T) {
	s := newServer(t, room.DefaultLimits())
	l := create(t, s, map[string]float64{"hp": 0})
	blue, red := join(t, s, l, "blue", 0), join(t, s, l, "red", 0)
	for i := 0; i < 5; i++ {
		sendOp(t, blue, fmt.Sprintf("b%d", i), roomtest.Add("hp", 1))
		next(t, blue, protocol.TEntry)
		next(t, red, protocol.TEntry)
	}
	s.stop()
	for range blue.In {
	}
	if err := blue.Err(); err == nil {
		t.Error("no error after the server stopped")
	}
	s.start(t)
	blue2 := join(t, s, l, "blue", blue.Last())
	red2 := join(t, s, l, "red", 0)
	if *blue2.Welcome.Head != 5 {
		t.Fatalf("head after restart = %d", *blue2.Welcome.Head)
	}
	var all []*protocol.Server
	for i := 0; i < 5; i++ {
		all = append(all, next(t, red2, protocol.TEntry))
	}
	sendOp(t, blue2, "b5", roomtest.Add("hp", 1))
	all = append(all, next(t, red2, protocol.TEntry))
	if e := next(t, blue2, protocol.TEntry); e.Seq != 6 {
		t.Errorf("first entry after restart = %+v", e)
	}
	if tb := replay(t, roomtest.First(map[string]float64{"hp": 0}), all); tb.Counters["hp"] != 6 {
		t.Errorf("replayed after restart: %v", tb)
	}
}
