//go:build !js

package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"holotable/maps"
	"holotable/ops"
	"holotable/protocol"
	"holotable/protocol/client"
	"holotable/table"
)

// TestOps: the server checks ops with the operations package: a move is stored with the seat as
// its author, a move of a piece that does not exist is refused with the package's reason, red
// cannot undo blue's op, blue can, a spectator's op is refused; replaying the entries gives every client the server's table.
func TestOps(t *testing.T) {
	base := start(t, "serve", "--port", "0", "--data", t.TempDir(), "--web", t.TempDir())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	l, err := client.Create(ctx, base, maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	ws := "ws" + strings.TrimPrefix(base, "http") + "/ws"
	blue, err := client.Join(ctx, ws, l.Room, l.Keys["blue"], 0, "")
	if err != nil {
		t.Fatal(err)
	}
	defer blue.Close()
	red, err := client.Join(ctx, ws, l.Room, l.Keys["red"], 0, "")
	if err != nil {
		t.Fatal(err)
	}
	defer red.Close()
	next := func(c *client.Conn, typ protocol.Type) *protocol.Server { t.Helper(); return nextOf(t, c, typ) }
	send := func(c *client.Conn, id, op string) { t.Helper(); sendOp(ctx, t, c, id, op) }
	spec, err := client.Join(ctx, ws, l.Room, l.Keys["spectator"], 0, "")
	if err != nil {
		t.Fatal(err)
	}
	defer spec.Close()
	send(spec, "s1", `{"op":"terrain.move","piece":"ruin-2","dx":1,"dy":0}`)
	if m := next(spec, protocol.TRefused); !strings.Contains(m.Reason, "spectators watch") {
		t.Errorf("a spectator's op: %+v", m)
	}
	send(blue, "b1", `{"op":"terrain.move","piece":"ruin-2","dx":1.5,"dy":-0.25,"author":"red"}`)
	e := next(red, protocol.TEntry)
	next(blue, protocol.TEntry)
	if e.Seq != 1 || e.By != protocol.Blue || !strings.Contains(string(e.Op), `"id":"b1","author":"blue","op":"terrain.move"`) {
		t.Fatalf("entry %+v: %s", e, e.Op)
	}
	send(red, "r1", `{"op":"terrain.move","piece":"ruin-99","dx":1,"dy":0}`)
	if m := next(red, protocol.TRefused); m.ID != "r1" || !strings.Contains(m.Reason, "ruin-99") {
		t.Errorf("move of a missing piece: %+v", m)
	}
	send(red, "r2", `{"op":"undo","of":"b1"}`)
	if m := next(red, protocol.TRefused); m.ID != "r2" || !strings.Contains(m.Reason, "b1 is blue's op") {
		t.Errorf("red undoing blue's op: %+v", m)
	}
	send(blue, "b2", `{"op":"undo","of":"b1"}`)
	e2 := next(red, protocol.TEntry)
	next(blue, protocol.TEntry)
	if e2.Seq != 2 || !strings.Contains(string(e2.Op), `"op":"undo"`) {
		t.Fatalf("undo entry %+v: %s", e2, e2.Op)
	}
	// The entries replayed on the first file give the table as it was (moved, then moved back).
	f, err := table.Load(red.Welcome.First)
	if err != nil {
		t.Fatal(err)
	}
	lg := ops.NewLog(f)
	for _, m := range []*protocol.Server{e, e2} {
		en, err := ops.Decode(m.Op, lg.File())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := lg.Submit(en); err != nil {
			t.Fatalf("replaying entry %d: %v", m.Seq, err)
		}
	}
	got, _ := table.Save(lg.File())
	want, _ := table.Save(f)
	if string(got) != string(want) {
		t.Error("move and undo replayed do not give the first table back")
	}
}

// TestCheckedApply: Apply of what the last Check returned applies the entry Check decoded; Apply
// of other bytes (another server's op) decodes those, also right after a Check; an Apply that the
// log refuses changes nothing.
func TestCheckedApply(t *testing.T) {
	tb, err := engine{}.Open(maps.Default())
	if err != nil {
		t.Fatal(err)
	}
	ot := tb.(*opsTable)
	logged, err := tb.Check(protocol.Blue, "b1", json.RawMessage(`{"op":"terrain.move","piece":"ruin-2","dx":1,"dy":0}`))
	if err != nil {
		t.Fatal(err)
	}
	if ot.checked == nil || ot.entry.ID != "b1" || ot.entry.Author != "blue" {
		t.Fatalf("Check kept %q %+v", ot.checked, ot.entry)
	}
	if err := tb.Apply(protocol.Blue, logged); err != nil || ot.log.Len() != 1 || ot.log.Entry(1).ID != "b1" {
		t.Fatalf("Apply of the checked op: %v, %d entries", err, ot.log.Len())
	}
	if _, err := tb.Check(protocol.Red, "r1", json.RawMessage(`{"op":"terrain.move","piece":"ruin-2","dx":2,"dy":0}`)); err != nil {
		t.Fatal(err)
	}
	other := []byte(`{"id":"x1","author":"blue","op":"terrain.move","piece":"ruin-2","dx":-1,"dy":0}`)
	if err := tb.Apply(protocol.Blue, other); err != nil || ot.log.Len() != 2 || ot.log.Entry(2).ID != "x1" {
		t.Fatalf("Apply of another op after a Check: %v, %d entries", err, ot.log.Len())
	}
	if err := tb.Apply(protocol.Blue, other); err == nil || ot.log.Len() != 2 {
		t.Fatalf("Apply of a repeated id: %v, %d entries", err, ot.log.Len())
	}
	// The table is the first again: moved by 1, then by −1.
	if got, want := mustSave(t, ot.log.File()), mustSave(t, ot.log.First()); string(got) != string(want) {
		t.Error("the two moves do not give the first table back")
	}
}

func mustSave(t *testing.T, f *table.File) []byte {
	t.Helper()
	b, err := table.Save(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
