package room

import (
	"slices"
	"testing"

	"holotable/protocol"
)

// TestPeerQueue: frames wait in order; a send of many frames (a join's history) counts as one
// message; the send past the limit closes the connection as too slow and is not queued; what the
// writer took no longer counts.
func TestPeerQueue(t *testing.T) {
	p := newPeer(protocol.Blue, "", 3)
	p.send([]byte("w"), []byte("e1"), []byte("e2")) // a join: one message
	p.send([]byte("e3"))
	var buf [][]byte
	buf = p.take(buf)
	if got := frameStrings(buf); !slices.Equal(got, []string{"w", "e1", "e2", "e3"}) {
		t.Fatalf("took %v", got)
	}
	select {
	case <-p.wake:
	default:
		t.Fatal("no wake after a send")
	}
	for _, f := range []string{"a", "b", "c"} {
		p.send([]byte(f))
	}
	select {
	case <-p.done:
		t.Fatal("closed at the limit")
	default:
	}
	p.send([]byte("d"))
	select {
	case <-p.done:
	default:
		t.Fatal("a fourth message waiting did not close the connection")
	}
	if p.reason != "too slow: 3 messages waiting; reconnect to resume" {
		t.Errorf("reason %q", p.reason)
	}
	if got := frameStrings(p.take(buf)); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("took %v after closing", got)
	}
	if len(buf) != 4 || buf[0] != nil {
		t.Errorf("the writer's spent buffer was not cleared before it was reused: %q", buf)
	}
}

func frameStrings(frames [][]byte) []string {
	var out []string
	for _, f := range frames {
		out = append(out, string(f))
	}
	return out
}
